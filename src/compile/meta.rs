//! Meta rules the reference interpreter plays: `(swap)` and `(noRepeat
//! ...)` (`src/interp/meta.rs` gives their meaning).

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::syntax::{Kind, Node};

impl Compiler {
    /// One meta rule other than `(no Repeat PositionalInTurn)`; `None`
    /// when `it` is none of these.
    pub(crate) fn meta_more(&mut self, it: &Node) -> Option<Result<()>> {
        match it.head_word() {
            // `(swap [B])`: the swap rule, on unless B is false
            Some("swap") => Some(self.meta_swap(it)),
            // `(noRepeat [InTurn|InGame|Situational])`, InGame by default
            Some("noRepeat") => Some(self.meta_no_repeat(it)),
            _ => None,
        }
    }

    fn meta_swap(&mut self, it: &Node) -> Result<()> {
        let mut a = Args::of(it);
        let on = match a.next() {
            None => true,
            Some(n) => match n.kind {
                Kind::Bool(b) => b,
                _ => {
                    return Err(Diagnostic::at(n.span, "`(swap ...)` takes only a boolean")
                        .expected("`(swap)` or `(swap False)`"));
                }
            },
        };
        a.finish()?;
        if on {
            self.meta_rules.swap = true;
            self.needs_reference("swap");
        }
        Ok(())
    }

    fn meta_no_repeat(&mut self, it: &Node) -> Result<()> {
        let mut a = Args::of(it);
        let kind = a.word(&["InTurn", "InGame", "Situational"]);
        a.finish()?;
        match kind {
            // Ludii 1.0.8 tests `InGame` and `Situational` alike: the
            // position after the move against those ending earlier turns
            None | Some("InGame") | Some("Situational") => {
                self.meta_rules.no_repeat_game = true;
                self.needs_reference("noRepeat");
                Ok(())
            }
            _ => Err(
                Diagnostic::at(it.span, "Ludii's `(noRepeat InTurn)` is not supported yet")
                    .expected("`(noRepeat)`"),
            ),
        }
    }
}
