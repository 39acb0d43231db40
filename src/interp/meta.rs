//! Meta rules (`compile/meta.rs`): the swap rule and `(noRepeat)`.
//!
//! - `(swap)`: as in Ludii, at the decision numbered `players - 1` (the
//!   second decision of a two-player game) the mover may, besides the
//!   moves of the rules, swap sides with the first player. The swap moves
//!   no piece, has no site (`(last To)` is then none), is not a pass, and
//!   the same player moves next: they now play the first player's side,
//!   which the rules do not read (they read the colours), so the game goes
//!   on with the same player to move. The sides are part of the position
//!   for `(noRepeat)`.
//! - `(noRepeat)` (Ludii's `InGame`, also `Situational`): the key of the
//!   position (pieces, each player's phase, the sides) is recorded at the
//!   start and whenever a decision hands the turn to another player; a
//!   move other than a pass or the swap is illegal when the position
//!   right after its actions and consequences has a recorded key.

use super::{Interp, State, Workspace};
use crate::board::NONE;
use crate::engine::{Move, MoveKind, NO_GEN};
use std::hash::{Hash, Hasher};

impl Interp {
    /// The key of a position for `(noRepeat)`: a hash of its pieces, the
    /// players' phases and the sides (a fixed hash, so runs agree).
    pub(crate) fn position_key(&self, st: &State) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        st.pieces.hash(&mut h);
        st.phase[1..=self.rules.players as usize].hash(&mut h);
        st.swapped.hash(&mut h);
        h.finish()
    }

    /// The swap rule's move, when it is available in `st`.
    pub(crate) fn swap_move(&self, st: &State) -> Option<Move> {
        let r = &self.rules;
        (r.meta.swap && st.decisions + 1 == r.players as u32).then_some(Move {
            kind: MoveKind::Swap,
            from: NONE,
            to: NONE,
            node: NO_GEN,
            site: NONE,
            what: 0,
            dir: 255,
            stack: false,
        })
    }

    /// Drops the moves `(noRepeat)` forbids in `st` (see the module).
    pub(crate) fn drop_repeats(&self, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        let mut scratch = ws.scratch.take().unwrap_or_else(|| Box::new(st.clone()));
        out.retain(|m| {
            if matches!(m.kind, MoveKind::Pass | MoveKind::Swap) {
                return true;
            }
            scratch.as_mut().clone_from(st);
            self.apply_actions(&mut scratch, m, None, ws);
            !st.seen.contains(&self.position_key(&scratch))
        });
        ws.scratch = Some(scratch);
    }

    /// After a decision by `mover`: records the position when the turn
    /// passed to another player.
    pub(crate) fn note_position(&self, st: &mut State, mover: u8) {
        if self.rules.meta.no_repeat_game && st.mover != mover {
            let k = self.position_key(st);
            st.seen.push(k);
        }
    }
}
