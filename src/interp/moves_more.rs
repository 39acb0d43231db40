//! Move ludemes of pieces (issue 24), as Ludii 1.0.8 defines them:
//! `(can Move M)`, `(no Moves WHO)` and moves used as a consequence.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::ir::*;
use crate::engine::{Move, MoveKind};

impl Interp {
    /// `(can Move M)`: M has at least one move in this context.
    pub(crate) fn can_move(&self, k: u32, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        let Some(&g) = self.rules.deferred_gens.get(k as usize) else {
            return false;
        };
        let mut out = Vec::new();
        if self.rules.uses_visited {
            // Ludii's `CanMove` of a game that reads `(is Visited …)`
            // looks ahead with the last decision's from and to visited
            // (inside a `(then …)`, the decision being applied)
            let mut s = st.clone();
            s.visited.extend(
                [st.last_from, st.last_to]
                    .into_iter()
                    .filter(|&x| x != crate::board::NONE),
            );
            self.generate(g, &s, ctx, ws, &mut out);
        } else {
            self.generate(g, st, ctx, ws, &mut out);
        }
        !out.is_empty()
    }

    /// Whether player `p`'s phase has a move for `p` in `st` (not counting
    /// the pass a player with nothing to do makes), as Ludii's
    /// `computeStalemated`: with `p` as the mover and the current mover as
    /// the previous one.
    fn has_moves(&self, p: u8, st: &State, ws: &mut Workspace) -> bool {
        let mut s = st.clone();
        if p != st.mover {
            s.prev_mover = st.mover;
            s.mover = p;
        }
        let phase = &self.rules.phases[s.phase[p as usize] as usize];
        let mut out = Vec::new();
        self.generate(phase.play, &s, Ctx::default(), ws, &mut out);
        !out.is_empty()
    }

    /// `(no Moves Next)`: the next player ([`Interp::next_of`]: the mover
    /// again after `(moveAgain)`) has no move in this position
    /// (false inside another `(no Moves Next)`). `(no Moves Mover)`: the
    /// mover had no move at their last decision (Ludii reads the
    /// stalemate flag it set then); `(no Moves Pn)` likewise for Pn.
    pub(crate) fn no_moves(&self, who: Role, st: &State, ws: &mut Workspace) -> bool {
        match who {
            Role::Mover => st.stalled[st.mover as usize],
            // Ludii reads the player's flag as their last decision left it
            Role::Player(p) => st.stalled.get(p as usize).copied().unwrap_or(false),
            _ => {
                if ws.in_no_moves {
                    return false;
                }
                let p = if st.outcome.is_none() {
                    self.next_of(st)
                } else {
                    st.mover
                };
                ws.in_no_moves = true;
                let any = self.has_moves(p, st, ws);
                ws.in_no_moves = false;
                !any
            }
        }
    }

    /// Before decision `m` is applied: records whether its player had any
    /// move (a pass is the only decision of a player without one).
    pub(crate) fn note_stalled(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        let p = st.mover;
        let stalled = m.kind == MoveKind::Pass && !self.has_moves(p, st, ws);
        st.stalled[p as usize] = stalled;
    }

    /// Moves as a consequence: all the moves of generator `g` in context
    /// `ctx`, made on the state as it is, then each applied in order with
    /// its own consequences (Ludii's `Move.apply` over a `then`'s moves).
    /// They are not decisions: `(last To)` still names the decision.
    pub(crate) fn consequence_moves(&self, g: u32, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        let mut out = Vec::new();
        self.generate(g, st, ctx, ws, &mut out);
        for m in &out {
            let (from, to, pass) = (st.last_from, st.last_to, st.last_pass);
            self.apply_actions(st, m, None, ws);
            st.last_from = from;
            st.last_to = to;
            st.last_pass = pass;
        }
    }
}
