//! Hops and capture sequences (issue 24, draughts), as Ludii 1.0.8
//! defines them: a hop with `before:`, `after:` and a hurdle length range
//! (`GenKind::HopRange`), pieces removed at the end of the turn (`(remove
//! ... at:EndOfTurn)`, `(sites ToClear)`), and the move filter `(max Moves
//! M)`.

use super::{Ctx, Interp, State, Workspace};
use crate::board::{Dir, NONE, Site};
use crate::engine::Move;
use crate::engine::ir::*;

/// One landing of a hop along one direction: the site, and the hurdles
/// its `between` effect applies to.
type Landing = (Site, Vec<Site>);

impl Interp {
    /// The moves of a `HopRange` node `id` in context `ctx`.
    pub(crate) fn hop_range_moves(
        &self,
        id: u32,
        h: &HopRange,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let origins = self.origins(&h.from, st, ctx, ws);
        let min = self.int(&h.min, st, ctx, ws);
        let max = self.int(&h.max, st, ctx, ws);
        let pieces: Vec<(Site, u8)> = self.board_pieces(&origins, st).collect();
        ws.give_set(origins);
        for (f, comp) in pieces {
            // a hurdle run of length 0: onto the next site of each direction
            if min == 0 {
                let mut seen: Vec<Site> = Vec::new();
                for &d in self.dirs_at(f, &h.dirs) {
                    let Some(&t) = self.rules.board.radial(f, d).first() else {
                        continue;
                    };
                    let c = Ctx {
                        from: f,
                        to: t,
                        ..ctx
                    };
                    if !self.land_ok(h, st, c, ws) || seen.contains(&t) {
                        continue;
                    }
                    seen.push(t);
                    out.push(Move::hop(f, t, comp, d as u8, 0, h.stack, id, ctx.site));
                }
            }
            if max > 0 {
                for &d in self.dirs_at(f, &h.dirs) {
                    for (t, _) in self.hop_landings(h, st, ctx, f, d, ws) {
                        out.push(Move::hop(f, t, comp, d as u8, 1, h.stack, id, ctx.site));
                    }
                }
            }
        }
    }

    /// Whether a hop may land at `(to)` of `c` (no condition: an empty
    /// site).
    fn land_ok(&self, h: &HopRange, st: &State, c: Ctx, ws: &mut Workspace) -> bool {
        match &h.to_if {
            Some(x) => self.bool(x, st, c, ws),
            None => st.pieces.what[c.to as usize] == 0,
        }
    }

    /// The landings of a hop from `f` along `d`, in Ludii's order: past at
    /// most `before` sites where it may land, over the first run of sites
    /// where the `between` condition holds (MIN to MAX of them), onto a
    /// site where it may land and up to `after` sites beyond.
    fn hop_landings(
        &self,
        h: &HopRange,
        st: &State,
        ctx: Ctx,
        f: Site,
        d: Dir,
        ws: &mut Workspace,
    ) -> Vec<Landing> {
        let mut found = Vec::new();
        let before = self.int(&h.before, st, ctx, ws) as i64;
        let min = self.int(&h.min, st, ctx, ws) as i64;
        let max = self.int(&h.max, st, ctx, ws) as i64;
        let after = self.int(&h.after, st, ctx, ws) as i64;
        let radial = self.rules.board.radial(f, d);
        // Ludii's radial: the origin, then the sites along the direction
        let len = radial.len() as i64 + 1;
        let site = |i: i64| if i == 0 { f } else { radial[i as usize - 1] };
        let mut c = Ctx { from: f, ..ctx };
        let hurdle = |s: Site, c: &mut Ctx, ws: &mut Workspace| {
            c.between = s;
            match &h.between_if {
                Some(x) => self.bool(x, st, *c, ws),
                None => st.pieces.what[s as usize] != 0,
            }
        };
        let mut to_idx = 1i64;
        while to_idx < len {
            let b = site(to_idx);
            if hurdle(b, &mut c, ws) {
                let mut locs = vec![b];
                let mut length = 1i64;
                let mut idx = to_idx + 1;
                let mut wrong = false;
                while idx < len && length < max {
                    let s = site(idx);
                    if !hurdle(s, &mut c, ws) {
                        wrong = true;
                        break;
                    }
                    locs.push(s);
                    length += 1;
                    idx += 1;
                }
                if length < min || (wrong && length == max) {
                    break;
                }
                let mut skip = length - min;
                while skip >= 0 {
                    let mut a = idx - skip;
                    while a >= 0 && a < len {
                        let t = site(a);
                        c.to = t;
                        if !self.land_ok(h, st, c, ws) {
                            break;
                        }
                        let n = (length - skip).clamp(0, locs.len() as i64) as usize;
                        found.push((t, locs[..n].to_vec()));
                        if a - idx + 1 > after - skip {
                            break;
                        }
                        a += 1;
                    }
                    skip -= 1;
                }
                break;
            }
            c.to = b;
            if to_idx > before || !self.land_ok(h, st, c, ws) {
                break;
            }
            to_idx += 1;
        }
        found
    }

    /// The effects of a `HopRange` move `m` (before its carry): the
    /// `between` effect on each of its hurdles (with `(between)` = the
    /// hurdle), then the `to` effect. The hurdles are found again on the
    /// state the move was made in.
    pub(crate) fn hop_range_effects(
        &self,
        h: &HopRange,
        st: &mut State,
        m: &Move,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        if let Some(e) = &h.between_apply
            && m.dir != 255
        {
            let d = Dir::ALL[m.dir as usize];
            let landings = self.hop_landings(h, st, ctx, m.from, d, ws);
            if let Some((_, hurdles)) = landings.into_iter().find(|(t, _)| *t == m.to) {
                for b in hurdles {
                    self.effect(e, st, Ctx { between: b, ..ctx }, ws);
                }
            }
        }
        if let Some(e) = &h.to_apply {
            self.effect(e, st, ctx, ws);
        }
    }

    /// `(remove R at:EndOfTurn)`: each occupied site of R is marked.
    pub(crate) fn remove_later(&self, r: &RegionE, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        let mut set = ws.take_set();
        self.region(r, st, ctx, ws, &mut set);
        for s in set.iter() {
            if (s as usize) < st.pieces.what.len()
                && st.pieces.what[s as usize] != 0
                && !st.to_clear.contains(&s)
            {
                st.to_clear.push(s);
            }
        }
        ws.give_set(set);
        st.to_clear.sort_unstable();
    }

    /// After a decision's actions and consequences: when it ends the turn
    /// (no `(moveAgain)`, no `(set NextPlayer ...)`), the pieces marked
    /// by `(remove ... at:EndOfTurn)` are removed (Ludii's `Move.apply`).
    pub(crate) fn clear_marked(&self, st: &mut State) {
        if st.to_clear.is_empty() || st.move_again || st.next_override != 0 {
            return;
        }
        let marked = std::mem::take(&mut st.to_clear);
        for &s in &marked {
            if s != NONE {
                self.remove_at(st, s);
            }
        }
        st.to_clear = marked;
        st.to_clear.clear();
    }

    /// `(max Moves M)`: the moves of M (appended to `out` from `start`)
    /// kept are those after which the same player makes the most further
    /// decisions in a row (Ludii's `MaxMoves`; a move that ends the game
    /// counts 0). Inside `(no Moves ...)` only whether there is a move
    /// matters, and the filter keeps at least one: nothing is dropped.
    pub(crate) fn max_moves_filter(
        &self,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
        start: usize,
    ) {
        if ws.in_no_moves || out.len() - start < 2 {
            return;
        }
        let counts: Vec<u32> = out[start..]
            .iter()
            .map(|m| self.replay_count(st, m, 0, ws))
            .collect();
        let best = counts.iter().copied().max().unwrap_or(0);
        let mut keep = start;
        for (i, &c) in counts.iter().enumerate() {
            if c == best {
                out[keep] = out[start + i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Ludii's `getReplayCount`: `m` played; if another player is to move,
    /// `count`; else the most over the legal moves then (none, as after
    /// the end of the game: 0).
    fn replay_count(&self, st: &State, m: &Move, count: u32, ws: &mut Workspace) -> u32 {
        let mut s = st.clone();
        self.apply_with(&mut s, m, ws);
        if s.outcome.is_none() && s.mover != st.mover {
            return count;
        }
        let mut moves = Vec::new();
        self.legal_moves_into(&s, ws, &mut moves);
        moves
            .iter()
            .map(|m2| self.replay_count(&s, m2, count + 1, ws))
            .max()
            .unwrap_or(0)
    }
}
