//! The race games' ludemes (tracks and pending values), as Ludii 1.0.8
//! defines them: `(trackSite Move ...)`, `(set Pending ...)`, `(is
//! Pending)`, `(value Pending)`, `(set Var ...)`, `(var)`.

use super::{Ctx, Interp, State, Workspace};
use crate::board::track::{TRACK_END, Track};
use crate::engine::ir::*;

impl Interp {
    /// An integer ludeme of the race games.
    pub(crate) fn race_int(&self, r: &RaceInt, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match r {
            RaceInt::TrackSiteMove(m) => {
                let TrackMove {
                    from,
                    player,
                    name,
                    steps,
                    tracks,
                } = &**m;
                let p = self.int(player, st, ctx, ws);
                let Some(track) = track_of(tracks, name.as_deref(), p) else {
                    return -1;
                };
                let at = self.int(from, st, ctx, ws);
                let steps = self.int(steps, st, ctx, ws);
                track_site_move(track, at, steps)
            }
            // Ludii: the value when exactly one is pending, else 0
            RaceInt::PendingValue => match st.pending.as_slice() {
                [v] => *v,
                _ => 0,
            },
            RaceInt::PendingCount => st.pending.len() as i32,
            RaceInt::Var => st.var,
            RaceInt::Pips(who, dice) => self.count_pips(who, dice, st, ctx, ws),
        }
    }

    /// An effect of the race games.
    pub(crate) fn race_effect(&self, r: &RaceEffect, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        match r {
            // `(set Pending)` adds 1; a value of -1 adds 1 too (Ludii's
            // `State.setPending`); the values form a set
            RaceEffect::SetPending(v) => {
                let v = match v {
                    Some(x) => self.int(x, st, ctx, ws),
                    None => -1,
                };
                let v = if v == -1 { 1 } else { v };
                if !st.pending.contains(&v) {
                    st.pending.push(v);
                }
            }
            // `(set Var X)`: kept until the next `(set Var ...)`
            RaceEffect::SetVar(v) => {
                st.var = match v {
                    Some(x) => self.int(x, st, ctx, ws),
                    None => -1,
                };
            }
            RaceEffect::Roll(dice) => self.roll(dice, st),
        }
    }
}

/// The track `(trackSite Move ...)` reads (Ludii's `TrackSiteMove`): with
/// a name, the first whose name contains it and owned by the player, else
/// the first whose name contains it; without (or with no such track), the
/// player's first track, else the first track of nobody.
fn track_of<'a>(tracks: &'a [Track], name: Option<&str>, player: i32) -> Option<&'a Track> {
    let owned = |p: i32| tracks.iter().find(|t| t.owner as i32 == p);
    let by_name = name.and_then(|n| {
        tracks
            .iter()
            .find(|t| t.name.contains(n) && t.owner as i32 == player)
            .or_else(|| tracks.iter().find(|t| t.name.contains(n)))
    });
    by_name.or_else(|| owned(player)).or_else(|| owned(0))
}

/// The site `steps` elements after the first element at site `at` (an
/// absent site counts as one past the end): past the end of an open
/// track -1, of a looped one the count goes round once. Ludii's `End`
/// element is site -2. Beyond one round, or before the start, Ludii
/// fails (an array index out of bounds); this gives -1.
/// (Ludii's other path, for a game with a track that crosses itself, is
/// refused when compiled.)
pub(crate) fn track_site_move(track: &Track, at: i32, steps: i32) -> i32 {
    let site = |s: u32| if s == TRACK_END { -2 } else { s as i32 };
    let n = track.sites.len() as i64;
    let i0 = track
        .sites
        .iter()
        .position(|&s| site(s) == at)
        .map_or(n, |i| i as i64);
    let i = i0 + steps as i64;
    if i < 0 {
        return -1;
    }
    if i < n {
        return site(track.sites[i as usize]);
    }
    if !track.looped {
        return -1;
    }
    // Ludii reads the `next` of element i - n - 1 (the last's next is
    // the first)
    let i = i - n;
    if i <= n {
        site(track.sites[(i % n) as usize])
    } else {
        -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(looped: bool, raw: &[u32]) -> Track {
        Track::from_sites("Track".into(), 0, looped, false, raw)
    }

    #[test]
    fn steps_along_an_open_and_a_looped_track() {
        let open = t(false, &[4, 5, 6, 7]);
        assert_eq!(track_site_move(&open, 5, 1), 6);
        assert_eq!(track_site_move(&open, 5, 2), 7);
        assert_eq!(track_site_move(&open, 5, 3), -1);
        assert_eq!(track_site_move(&open, 9, 0), -1);
        let ring = t(true, &[4, 5, 6, 7]);
        assert_eq!(track_site_move(&ring, 7, 1), 4);
        assert_eq!(track_site_move(&ring, 6, 3), 5);
        // an absent site is one past the end: round once from the start
        assert_eq!(track_site_move(&ring, 9, 1), 5);
        assert_eq!(track_site_move(&ring, 9, 0), 4);
        assert_eq!(track_site_move(&ring, 4, 8), 4);
        assert_eq!(track_site_move(&ring, 4, 9), -1);
    }

    #[test]
    fn the_track_read_by_name_owner_or_default() {
        let mut a = t(true, &[0, 1]);
        a.name = "Track1".into();
        a.owner = 1;
        let mut b = t(true, &[1, 0]);
        b.name = "Track2".into();
        b.owner = 2;
        let ts = [a, b];
        assert_eq!(track_of(&ts, Some("Track"), 2).unwrap().name, "Track2");
        assert_eq!(track_of(&ts, Some("Track1"), 2).unwrap().name, "Track1");
        assert_eq!(track_of(&ts, None, 1).unwrap().name, "Track1");
        assert!(track_of(&ts, None, 3).is_none());
    }
}
