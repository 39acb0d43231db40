//! `(can Move M)`: whether the moves M has any move. Compiled where a move
//! `(if COND A B)` takes it as its condition (M becomes a generator of its
//! own, under the `if`); played by the reference interpreter alone.

use super::Compiler;
use super::args::Args;
use crate::diag::Result;
use crate::engine::ir::BoolE;
use crate::syntax::Node;

impl Compiler {
    /// The condition `c` when it is `(can Move M)`, else `None` (then `c`
    /// is an ordinary condition). `parent` is the `if` generator.
    pub(crate) fn can_move(&mut self, c: &Node, parent: u32) -> Result<Option<BoolE>> {
        if c.head_word() != Some("can") {
            return Ok(None);
        }
        let mut a = Args::of(c);
        if a.word(&["Move"]).is_none() {
            return Ok(None);
        }
        let m = a.required("moves")?;
        let g = self.moves_node(m, Some(parent))?;
        a.finish()?;
        self.needs_reference("can Move");
        Ok(Some(BoolE::CanMove(g)))
    }
}
