//! Ludemes that only the reference interpreter plays (`src/interp`): their
//! compilation. Each one records its name with
//! [`Compiler::needs_reference`], so that the loaded game runs on the
//! reference interpreter (see `src/dispatch.rs`); the fast engine is not
//! extended for them.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// Marks the game as needing the reference interpreter because of the
    /// ludeme `what` (the first such ludeme is the reason shown).
    pub(crate) fn needs_reference(&self, what: &'static str) {
        let mut v = self.reference_only.borrow_mut();
        if !v.contains(&what) {
            v.push(what);
        }
    }

    /// `(last To [afterConsequence:B])`, `(last From [afterConsequence:B])`.
    pub(crate) fn last(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let mut which = match a.word(&["To", "From"]) {
            Some("To") => LastSite::To,
            Some("From") => LastSite::From,
            _ => {
                return Err(Diagnostic::at(n.span, "`(last ...)` needs `To` or `From`")
                    .expected("`(last To)` or `(last From)`"));
            }
        };
        if let Some(b) = a.named("afterConsequence") {
            match b.kind {
                // the default: the decision's own site
                Kind::Bool(false) => {}
                Kind::Bool(true) => {
                    which = match which {
                        LastSite::From => LastSite::FromAfter,
                        _ => LastSite::ToAfter,
                    }
                }
                _ => {
                    return Err(
                        Diagnostic::at(b.span, "`afterConsequence:` takes a boolean")
                            .expected("`afterConsequence:True` or `afterConsequence:False`"),
                    );
                }
            }
        }
        self.needs_reference("last");
        Ok(IntE::Last(which))
    }

    /// `(is Even X)`, `(is Odd X)`.
    pub(crate) fn is_parity(&self, odd: bool, a: &mut Args) -> Result<BoolE> {
        let x = a.required("an integer")?;
        let value = Box::new(self.int(x)?);
        self.needs_reference(if odd { "is Odd" } else { "is Even" });
        Ok(BoolE::Parity { odd, value })
    }

    /// `(is Full)`.
    pub(crate) fn is_full(&self) -> BoolE {
        self.needs_reference("is Full");
        BoolE::IsFull
    }

    /// A game of more than two players with a win or loss for one player:
    /// Ludii ranks that player and play goes on among the rest, which the
    /// engine does not do (its results end the game).
    pub(crate) fn check_ranked_results(&self) {
        if self.players <= 2 {
            return;
        }
        let ranked = |r: &EndRule| {
            matches!(
                r.result,
                ResultSpec::Result(role, ResultKind::Win | ResultKind::Loss) if role != Role::All
            )
        };
        if self.end.iter().any(ranked) || self.phases.iter().any(|p| p.end.iter().any(ranked)) {
            self.needs_reference("result P Win|Loss with more than two players");
        }
    }
}
