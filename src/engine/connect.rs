//! "The occupied sites form one group" for boards of at most 64 sites, on
//! one-word bit sets: `do M ifAfterwards:(= 1 (count Groups if:(is Occupied
//! (to))))` asks, for each move that only carries a piece (or stack) onto
//! an occupied site, whether the occupied sites are still one group once
//! its origin is left empty. With the position's occupied set `occ`
//! connected, `occ` minus the origin `f` is connected exactly when the
//! occupied neighbours of `f` all lie in one group of `occ - f` (every
//! site of `occ - f` reaches `f` in `occ`, so it reaches one of those
//! neighbours without passing through `f`); a flood fill from one of them
//! can stop as soon as it has met the others, and none is needed when
//! those neighbours are joined among themselves.
//!
//! When the `do`'s moves are a `forEach Piece` whose mover's piece has one
//! step with fused cell tests that carries a whole stack (or, without
//! stacks, a piece) onto occupied sites only, with no effect nor
//! consequence ([`Game::one_group_steps`]), every move from an origin gets
//! the same answer, so the step loop asks it once per origin with moves
//! and never makes the others.

use super::eval::Ctx;
use super::fast::{MAX_PIECE_GENS, PieceEntry};
use super::ir::{BoolE, GenKind};
use super::{Game, Move, State, Workspace};
use crate::board::{Relation, Site};

/// One position's occupied board sites and the answers found so far.
pub(crate) struct OneGroup<'a> {
    adj: &'a [u64],
    occ: u64,
    connected: bool,
    /// The last origin asked about and its answer (moves come grouped by
    /// origin).
    last: Option<(Site, bool)>,
}

impl Game {
    /// Fills the per-relation neighbour masks (boards of at most 64 sites).
    pub(crate) fn make_small_adj(&mut self) {
        let n = self.board.len();
        self.small_adj.clear();
        self.small_nbrs.clear();
        if n == 0 || n > 64 {
            return;
        }
        for rel in Relation::ALL {
            for s in 0..n as Site {
                let list = self.board.neighbours(s, rel);
                let m = list.iter().fold(0u64, |m, &t| m | 1u64 << t);
                self.small_adj.push(m);
                // the list in order, one byte (site + 1) each from the
                // low end; 0 (the slice is read) past eight neighbours
                let packed = match list.len() {
                    0..=8 => list
                        .iter()
                        .rev()
                        .fold(0u64, |p, &t| p << 8 | (t as u64 + 1)),
                    _ => 0,
                };
                self.small_nbrs.push(packed);
            }
        }
    }

    /// The occupied board sites of `st` for a one-group test over `rel`, or
    /// `None` when the board is too large for one-word sets.
    pub(crate) fn one_group<'a>(&'a self, st: &State, rel: Relation) -> Option<OneGroup<'a>> {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return None;
        }
        let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
        // the state's per-owner sets of occupied board sites
        let occ = st.occ.iter().fold(0u64, |m, &o| m | o);
        let connected = occ != 0 && flood(adj, occ, occ & occ.wrapping_neg(), occ) == occ;
        Some(OneGroup {
            adj,
            occ,
            connected,
            last: None,
        })
    }
}

impl Game {
    /// `(do (forEach Piece) ifAfterwards:(= 1 (count Groups REL if:(is
    /// Occupied (to)))))` (`moves` the `forEach Piece` node) on a board of
    /// at most 64 sites when the mover's one kind of piece has a step with
    /// fused slot tests ([`Game::step_pieces_slots`]) that carries a whole
    /// stack (or a piece, without stacks) as a bare carry onto occupied
    /// sites only, and the occupied sites are one group now: a move keeps
    /// one group exactly when its origin's leaving does (the target was
    /// occupied and stays so), so each origin with moves is asked once
    /// ([`OneGroup::connected_without`]) instead of each move played out.
    /// The moves the general `do` keeps, in its order; false (nothing
    /// done) when the shape does not fit.
    pub(crate) fn one_group_steps(
        &self,
        moves: u32,
        rel: Relation,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let GenKind::ForEachPiece(list) = &self.gens[moves as usize].kind else {
            return false;
        };
        if list.len() > MAX_PIECE_GENS {
            return false;
        }
        let PieceEntry::One(c, g) = self.own_entry(list, st.mover) else {
            return false;
        };
        let g = self.resolve_fixed_ifs(g, st, ctx, ws);
        let Some(srel) = self.plan.step_slots(g) else {
            return false;
        };
        let GenKind::Step {
            to_if: Some(BoolE::SlotTests(tests)),
            stack,
            ..
        } = &self.gens[g as usize].kind
        else {
            return false;
        };
        if (self.stacking && !*stack) || !self.is_bare_carry(g) {
            return false;
        }
        // never onto an empty site
        match self.to_comps_sites(g, tests, st, ws) {
            Some((comps, _)) if comps & 1 == 0 => {}
            _ => return false,
        }
        let Some(mut og) = self.one_group(st, rel) else {
            return false;
        };
        if !og.connected() {
            return false;
        }
        let bits = st.occ[st.mover as usize];
        let keep = |f: Site| og.connected_without(f) == Some(true);
        self.step_pieces_slots((srel, *stack, g), tests, bits, c, st, ctx, ws, keep, out)
    }
}

impl OneGroup<'_> {
    pub(crate) fn occupied(&self, s: Site) -> bool {
        s < 64 && self.occ >> s & 1 != 0
    }

    /// Whether the occupied sites are one group now.
    pub(crate) fn connected(&self) -> bool {
        self.connected
    }

    /// Whether the occupied sites but `f` form one group; `None` when the
    /// position's occupied sites are not one group to begin with (then the
    /// caller plays the move out).
    pub(crate) fn connected_without(&mut self, f: Site) -> Option<bool> {
        if !self.connected || !self.occupied(f) {
            return None;
        }
        if let Some((s, ok)) = self.last
            && s == f
        {
            return Some(ok);
        }
        let rest = self.occ & !(1u64 << f);
        let near = self.adj[f as usize] & rest;
        // `f` was the only occupied site: nothing is left, no group; one
        // occupied neighbour, or neighbours joined among themselves: one
        // group; else a search from one of them through the rest
        let ok = rest != 0 && {
            let local = flood(self.adj, near, near & near.wrapping_neg(), near);
            local == near || flood(self.adj, rest, local, near) & near == near
        };
        self.last = Some((f, ok));
        Some(ok)
    }
}

/// The sites of `within` reachable from `seed` (a subset of it); stops
/// early once every site of `goal` is reached.
#[inline]
pub(crate) fn flood(adj: &[u64], within: u64, seed: u64, goal: u64) -> u64 {
    let mut reach = seed;
    let mut frontier = seed;
    while frontier != 0 && reach & goal != goal {
        let mut next = 0u64;
        let mut f = frontier;
        while f != 0 {
            next |= adj[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & within & !reach;
        reach |= frontier;
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The one-group answers against a plain search, for random occupied
    /// sets on several boards and relations (including disconnected ones).
    #[test]
    fn connected_without_matches_a_plain_search() {
        fn plain(b: &Board, rel: Relation, occ: u64) -> bool {
            let Some(start) = (0..64).find(|&s| occ >> s & 1 != 0) else {
                return false;
            };
            let mut seen = 1u64 << start;
            let mut todo = vec![start as Site];
            while let Some(s) = todo.pop() {
                for &t in b.neighbours(s, rel) {
                    if occ >> t & 1 != 0 && seen >> t & 1 == 0 {
                        seen |= 1 << t;
                        todo.push(t);
                    }
                }
            }
            seen == occ
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for board in [
            Board::hex(4),
            Board::square(7),
            Board::square(8),
            Board::hex(2),
        ] {
            let mut g = crate::load_str(
                "t",
                "(game \"T\" (players 2) (equipment {(board (square 3)) (piece \"D\" Each)}) (rules (play (move Pass)) (end (if (all Passed) (result Mover Draw)))))",
                &Default::default(),
            )
            .unwrap();
            let n = board.len();
            g.board = board;
            g.make_small_adj();
            let mut st = g.initial_state();
            st.what = vec![0; n];
            for rel in Relation::ALL {
                for round in 0..400 {
                    let adj = &g.small_adj[rel as usize * n..(rel as usize + 1) * n];
                    let mut occ = if round % 3 == 0 {
                        // random sets, denser and sparser
                        rnd() & rnd() | if round % 2 == 0 { rnd() } else { 0 }
                    } else {
                        // a group grown from one site
                        let mut occ = 1u64 << (rnd() % n as u64);
                        for _ in 0..rnd() % n as u64 {
                            let mut edge = 0;
                            for (s, &a) in adj.iter().enumerate().take(n) {
                                if occ >> s & 1 != 0 {
                                    edge |= a;
                                }
                            }
                            edge &= !occ;
                            if edge == 0 {
                                break;
                            }
                            for _ in 0..rnd() % edge.count_ones() as u64 {
                                edge &= edge - 1;
                            }
                            occ |= edge & edge.wrapping_neg();
                        }
                        occ
                    };
                    if n < 64 {
                        occ &= (1u64 << n) - 1;
                    }
                    for s in 0..n {
                        st.what[s] = (occ >> s & 1) as u8;
                    }
                    // component 1 is P1's
                    st.occ = [0; crate::engine::MAX_PLAYERS + 1];
                    st.occ[g.owner(1) as usize] = occ;
                    let mut og = g.one_group(&st, rel).unwrap();
                    assert_eq!(og.connected(), plain(&g.board, rel, occ));
                    for f in 0..n as Site {
                        let want = if og.connected() && occ >> f & 1 != 0 {
                            Some(plain(&g.board, rel, occ & !(1 << f)))
                        } else {
                            None
                        };
                        assert_eq!(og.connected_without(f), want, "{occ:x} without {f}");
                        assert_eq!(og.connected_without(f), want, "cached");
                    }
                }
            }
        }
    }
}
