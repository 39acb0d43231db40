//! The mancala ludemes: seeds counted per site, `(move Select ...)`,
//! `(sow ...)`, `(fromTo ... count:N)` as an effect, `(count at:X)`,
//! `(count in:R)`, `(mapEntry ...)`, `(set Count N to:R)` at the start.
//!
//! A site holds one kind of piece and a count of it (Ludii's count of a
//! site in a game without stacks); moving seeds changes counts, and a site
//! whose count falls to 0 is empty.

use super::{Ctx, Interp, State, Workspace};
use crate::board::Site;
use crate::board::track::{TRACK_END, Track};
use crate::engine::ir::*;
use crate::engine::{Move, MoveKind};

impl Interp {
    /// Puts `n` pieces of `comp` on site `s` (onto those of the same kind;
    /// a site of another kind is left as it is, as Ludii's moves of
    /// several pieces do).
    pub(crate) fn add_count(&self, st: &mut State, s: Site, comp: u8, n: u32) {
        let su = s as usize;
        if n == 0 || comp == 0 || su >= st.pieces.what.len() {
            return;
        }
        let p = &mut st.pieces;
        if p.count[su] == 0 || p.what[su] == 0 {
            p.what[su] = comp;
            p.count[su] = n.min(u16::MAX as u32) as u16;
        } else if p.what[su] == comp {
            p.count[su] = (p.count[su] as u32 + n).min(u16::MAX as u32) as u16;
        } else {
            return;
        }
        st.comp_count[comp as usize] += n;
    }

    /// Takes up to `n` pieces off site `s`; their kind (0: none there).
    pub(crate) fn sub_count(&self, st: &mut State, s: Site, n: u32) -> u8 {
        let su = s as usize;
        if su >= st.pieces.what.len() {
            return 0;
        }
        let p = &mut st.pieces;
        let comp = p.what[su];
        if comp == 0 {
            return 0;
        }
        let k = n.min(p.count[su] as u32);
        p.count[su] -= k as u16;
        if p.count[su] == 0 {
            p.what[su] = 0;
        }
        st.comp_count[comp as usize] -= k;
        comp
    }

    /// The pieces at a site (0 off the board).
    pub(crate) fn count_at(&self, st: &State, s: i32) -> i32 {
        if s < 0 || s as usize >= st.pieces.what.len() || st.pieces.what[s as usize] == 0 {
            0
        } else {
            st.pieces.count[s as usize] as i32
        }
    }

    pub(crate) fn mancala_int(
        &self,
        e: &MancalaInt,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        match e {
            // `(count at:X)`: how many pieces stand at X
            MancalaInt::CountAt(x) => {
                let s = self.int(x, st, ctx, ws);
                self.count_at(st, s)
            }
            // `(count in:R)`: the pieces on all sites of R
            MancalaInt::CountIn(r) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let n = set.iter().map(|s| self.count_at(st, s as i32)).sum();
                ws.give_set(set);
                n
            }
        }
    }

    /// `(move Select (from R if:C))`: one move per site of R where C holds
    /// (with `(from)` = the site).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn select_moves(
        &self,
        id: u32,
        from: &RegionE,
        from_if: Option<&BoolE>,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let mut set = ws.take_set();
        self.region(from, st, ctx, ws, &mut set);
        for s in set.iter() {
            let c = Ctx {
                from: s,
                to: s,
                ..ctx
            };
            if from_if.is_none_or(|b| self.bool(b, st, c, ws)) {
                out.push(Move {
                    kind: MoveKind::Select,
                    from: s,
                    to: s,
                    what: st.pieces.what.get(s as usize).copied().unwrap_or(0),
                    node: id,
                    site: ctx.site,
                    ..Move::pass()
                });
            }
        }
        ws.give_set(set);
    }

    pub(crate) fn mancala_effect(
        &self,
        e: &MancalaEffect,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        match e {
            // `(fromTo (from A) (to B) count:N)`: if A holds pieces, N of
            // them (at most all) leave A and N arrive on B (N read before
            // the move); without `count:`, one piece
            MancalaEffect::MoveCount { from, to, count } => {
                let a = self.int(from, st, ctx, ws);
                if self.count_at(st, a) == 0 {
                    return;
                }
                let b = self.int(
                    to,
                    st,
                    Ctx {
                        from: a as Site,
                        ..ctx
                    },
                    ws,
                );
                if b < 0 || b as usize >= st.pieces.what.len() {
                    return;
                }
                // Ludii's `FromTo` reads `count:` in the enclosing context
                // (its `(from)` and `(to)`, not A and B)
                let n = match count {
                    Some(n) => self.int(n, st, ctx, ws).max(0) as u32,
                    None => 1,
                };
                let comp = self.sub_count(st, a as Site, n);
                self.add_count(st, b as Site, comp, n);
            }
            MancalaEffect::Sow(s) => self.sow(s, st, ctx, ws),
        }
    }

    /// The track a sow uses: with no name, the first of the board's; with
    /// a name and no owner, the one of that name; with an owner, the first
    /// of that owner's whose name contains the name.
    fn sow_track<'a>(&self, s: &'a Sow, owner: Option<i32>) -> Option<&'a Track> {
        s.tracks.iter().find(|t| match (&s.named, owner) {
            (None, _) => true,
            (Some(n), None) => &t.name == n,
            (Some(n), Some(o)) => t.owner as i32 == o && t.name.contains(n.as_str()),
        })
    }

    /// `(sow ...)`, as Ludii plays it:
    /// 1. the seeds at START (COUNT of them) are sown one per site along
    ///    the track from START: a site where `skipIf:` holds (read on the
    ///    position before sowing, `(to)` = that site) is passed over;
    ///    without `includeSelf:`, START itself is passed over; with
    ///    `origin:`, the first seed stays at START;
    /// 2. then, on the position after sowing, with `(from)` = START and
    ///    `(to)` = the last site sown: while `if:` holds, `apply:` acts,
    ///    and with `backtracking:` (while it holds for the site before,
    ///    until START) the same at the site before on the track;
    /// 3. its `then`.
    fn sow(&self, s: &Sow, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        let start = self.int(&s.start, st, ctx, ws);
        if start < 0 {
            return;
        }
        let start = start as Site;
        let mut count = match &s.count {
            Some(c) => self.int(c, st, ctx, ws),
            None => self.count_at(st, start as i32),
        };
        let owner = s.owner.as_ref().map(|o| self.int(o, st, ctx, ws));
        let Some(track) = self.sow_track(s, owner) else {
            return;
        };
        let Some(mut i) = track.index_of(start) else {
            return;
        };
        let mut c = ctx;
        let mut drops: Vec<Site> = Vec::new();
        if self.bool(&s.origin, st, c, ws) {
            drops.push(start);
            count -= 1;
            c.to = start;
        }
        // (a sow that could only skip, forever, stops after this many)
        let mut guard = 64 * (track.sites.len() as i64 + 1) * (count.max(0) as i64 + 1);
        let mut index = 0;
        while index < count {
            guard -= 1;
            let Some(ni) = track.next_index(i) else { break };
            let to = track.sites[ni];
            c.to = to;
            if guard < 0 || to == TRACK_END {
                break;
            }
            if let Some(skip) = &s.skip
                && self.bool(skip, st, c, ws)
            {
                i = ni;
                continue;
            }
            let (mut ni, mut to) = (ni, to);
            if !s.include_self && to == start {
                let Some(nn) = track.next_index(ni) else {
                    break;
                };
                ni = nn;
                to = track.sites[ni];
            }
            drops.push(to);
            c.to = to;
            i = ni;
            index += 1;
        }
        for &to in &drops {
            let comp = self.sub_count(st, start, 1);
            self.add_count(st, to, comp, 1);
        }
        if let Some(apply) = &s.apply {
            // the conditions read the position after sowing; the effects
            // act in turn on the live position
            let after = st.clone();
            let mut c2 = Ctx { from: start, ..c };
            while self.bool(&s.cond, &after, c2, ws) {
                self.effect(apply, st, c2, ws);
                let Some(pi) = track.prev_index(i) else { break };
                i = pi;
                c2.to = track.sites[pi];
                let Some(bt) = &s.backtracking else { break };
                if !self.bool(bt, &after, c2, ws) || c2.to == start {
                    break;
                }
            }
        }
        if let Some(t) = &s.then {
            self.effect(t, st, ctx, ws);
        }
    }
}
