//! Players' values: `(value Player P)` and `(set Value P X)` (played in
//! `src/interp/playervalue.rs`). A piece's value (`(set Value at:...)`,
//! `(value Piece ...)`) is another family's.

use super::Compiler;
use super::args::Args;
use crate::diag::Result;
use crate::engine::ir::*;
use crate::syntax::Node;

impl Compiler {
    /// `(value Player P)`, else the other `(value ...)` forms.
    pub(crate) fn value_or_player(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        if a.word(&["Piece"]).is_some() {
            return self.value_piece(n, a);
        }
        if a.word(&["Player"]).is_none() {
            return self.value_form(n, a);
        }
        let p = a.required("a player")?;
        let role = self.role(p)?;
        self.needs_reference("value Player");
        Ok(IntE::PlayerValue(role))
    }

    /// `(set Value P X)` for a player P; `(set Value at:...)` (a piece's
    /// value) is not supported here.
    pub(crate) fn set_player_value(&self, n: &Node, a: &mut Args) -> Result<Effect> {
        if a.named("at").is_some() {
            return Err(super::unsupported(n, "`(set Value P X)` for a player P"));
        }
        let p = a.required("a player")?;
        let role = self.role(p)?;
        let v = a.required("a value")?;
        let v = self.int(v)?;
        self.needs_reference("set Value");
        Ok(Effect::SetPlayerValue(role, v))
    }
}
