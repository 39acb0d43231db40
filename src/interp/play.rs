//! Ludemes of the draughts, tafl and hunt games' moves (issue 24; compiled
//! in `src/compile/play.rs`): Ludii's triggered flags.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::ir::*;

impl Interp {
    /// The bit of player `p`'s flags, if `p` is a player.
    fn player_bit(&self, p: i32) -> Option<u32> {
        (p >= 1 && p <= self.rules.players as i32).then(|| 1u32 << (p - 1))
    }

    pub(crate) fn play_int(&self, x: &PlayInt, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match x {
            // Ludii's `IsTriggered`: the flag, for a player still playing
            PlayInt::Triggered(p) => {
                let p = self.int(p, st, ctx, ws);
                match self.player_bit(p) {
                    Some(b) => (st.triggered & b != 0 && st.ranks[p as usize] == 0) as i32,
                    None => 0,
                }
            }
        }
    }

    pub(crate) fn play_effect(&self, e: &PlayEffect, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        match e {
            PlayEffect::Trigger(p) => {
                let p = self.int(p, st, ctx, ws);
                if let Some(b) = self.player_bit(p) {
                    st.triggered |= b;
                }
            }
        }
    }
}
