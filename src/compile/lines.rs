//! `(is Line ...)` with Ludii's piece arguments (issue 24): `what:`,
//! `whats:`, a player (`(is Line 3 P2)`) and `if:`, played by the
//! reference interpreter (`src/interp/lines.rs`).

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// The rest of an `(is Line LEN [DIRS] ...)` whose length, directions,
    /// `exact:` and `through:` are read: `None` when it has none of the
    /// piece arguments (the plain line), else the general line.
    pub(crate) fn line_pieces(
        &self,
        n: &Node,
        a: &mut Args,
        plain: (&IntE, &DirSpec, bool, &Option<Box<IntE>>),
    ) -> Result<Option<BoolE>> {
        let who = a.take_if(|x| {
            x.as_word()
                .is_some_and(|w| matches!(w, "Mover" | "Next" | "Prev") || is_player_word(w))
        });
        let what = a.named("what");
        let whats = a.named("whats");
        let cond = a.named("if");
        if who.is_none() && what.is_none() && whats.is_none() && cond.is_none() {
            return Ok(None);
        }
        if self.stacking {
            return Err(Diagnostic::at(
                n.span,
                "Ludii's `(is Line ...)` with `what:`, `whats:`, a player or `if:` in a stacking game is not supported yet",
            )
            .expected("a game without stacks"));
        }
        let pieces = match (who, what, whats) {
            (None, None, None) => LinePieces::AtPivot,
            (Some(w), None, None) => LinePieces::Owner(IntE::Role(self.role(w)?)),
            (None, Some(x), None) => LinePieces::Whats(vec![self.int(x)?]),
            (None, None, Some(v)) => match &v.kind {
                Kind::Array(items) => LinePieces::Whats(
                    items
                        .iter()
                        .map(|x| self.int(x))
                        .collect::<Result<Vec<_>>>()?,
                ),
                _ => {
                    return Err(Diagnostic::at(v.span, "expected `{...}` of components")
                        .expected("`whats:{N ...}`"));
                }
            },
            _ => {
                return Err(Diagnostic::at(
                    n.span,
                    "`(is Line ...)` takes one of a player, `what:` and `whats:`",
                )
                .expected("one of them"));
            }
        };
        let cond = cond.map(|c| self.boolean(c)).transpose()?;
        let (len, dirs, exact, through) = plain;
        self.needs_reference("is Line what:|whats:|who|if:");
        Ok(Some(BoolE::Cmp(
            CmpOp::Ne,
            Box::new(IntE::Connect(Box::new(ConnectInt::Line(Box::new(
                GeneralLine {
                    len: len.clone(),
                    dirs: dirs.clone(),
                    exact,
                    through: through.as_deref().cloned(),
                    pieces,
                    cond,
                },
            ))))),
            Box::new(IntE::Const(0)),
        )))
    }
}

fn is_player_word(w: &str) -> bool {
    w.strip_prefix('P')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}
