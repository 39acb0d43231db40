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

/// Whether `n` holds a form (or word) that `hit` accepts, not looking
/// inside a `(start ...)`.
fn any_node(n: &Node, hit: &dyn Fn(&Node) -> bool) -> bool {
    if hit(n) {
        return true;
    }
    match &n.kind {
        Kind::Form { args, .. } => {
            n.head_word() != Some("start") && args.iter().any(|a| any_node(a, hit))
        }
        Kind::Array(items) => items.iter().any(|a| any_node(a, hit)),
        Kind::Named { value, .. } => any_node(value, hit),
        _ => false,
    }
}

impl Compiler {
    /// `Next`, or `Mover` while end rules are compiled for a decision that
    /// moves again (`end_rules_after_again`).
    pub(crate) fn next_role(&self) -> Role {
        if self.next_is_mover.get() {
            Role::Mover
        } else {
            Role::Next
        }
    }

    /// Ludii's `Next` is the player the turn passes to, and `(moveAgain)`
    /// (or `(set NextPlayer ...)`) changes it at once: the end rules and
    /// `nextPhase` conditions read after such a decision mean the mover
    /// (the reference interpreter: `Interp::next_of`). Whether the game
    /// moves again during play (not in its `(start ...)`) and its end
    /// rules read `Next`: then the engine gets them a second time with
    /// `Next` as the mover (`end_again`). A `(then ...)` that reads `Next`,
    /// or a `(set NextPlayer ...)` during play beside end rules that read
    /// it, is left to the reference interpreter. (`nextPhase` conditions
    /// still read the player after the mover in both: a known difference.)
    pub(crate) fn check_next_after_again(&self, game: &Node) -> bool {
        let again = |n: &Node| n.head_word() == Some("moveAgain");
        let set_next = |n: &Node| {
            n.head_word() == Some("set")
                && matches!(&n.kind, Kind::Form { args, .. }
                    if args.first().and_then(|a| a.as_word()) == Some("NextPlayer"))
        };
        let is_next = |n: &Node| n.as_word() == Some("Next") || n.head_word() == Some("next");
        let reads_in = |head: &'static str| {
            move |n: &Node| n.head_word() == Some(head) && any_node(n, &is_next)
        };
        let moves_again = any_node(game, &again);
        let sets_next = any_node(game, &set_next);
        if !moves_again && !sets_next {
            return false;
        }
        let end_reads = any_node(game, &reads_in("end"));
        if any_node(game, &reads_in("then")) || (sets_next && end_reads) {
            self.needs_reference("`Next` after `(moveAgain)`");
        }
        moves_again && end_reads
    }

    /// End rules compiled with `Next` as the mover (see
    /// [`Compiler::check_next_after_again`]).
    pub(crate) fn end_rules_after_again(&mut self, node: &Node) -> Result<Vec<EndRule>> {
        self.next_is_mover.set(true);
        let r = self.end_rules(node);
        self.next_is_mover.set(false);
        r
    }
}
