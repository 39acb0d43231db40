//! Players' values, as Ludii 1.0.8 keeps them: a map from player to value
//! whose missing entries read as 0, and `(value Player P)` gives -1 (Off)
//! for a value equal to that 0 (State.troveValueUndefined), so a value set
//! to 0 reads -1 as well.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::ir::*;

impl Interp {
    /// `(value Player P)`.
    pub(crate) fn player_value(&self, p: Role, st: &State) -> i32 {
        let p = self.role(p, st) as usize;
        match st.player_values.get(p) {
            Some(&v) if v != 0 => v,
            _ => -1,
        }
    }

    /// `(set Value P X)`.
    pub(crate) fn set_player_value(
        &self,
        p: Role,
        v: &IntE,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        let p = self.role(p, st) as usize;
        let v = self.int(v, st, ctx, ws);
        if let Some(slot) = st.player_values.get_mut(p) {
            *slot = v;
        }
    }
}
