//! The end rule `(forEach Player|NonMover if:COND RESULT)`: for each player
//! in turn (1, 2, …; with `NonMover`, every player but the mover), when
//! COND holds with `Player` standing for that player, RESULT with `Player`
//! standing for that player. Compiled as one end rule per player, the word
//! `Player` replaced by `P1`, `P2`, …; with two players the first rule that
//! applies ends the game, as Ludii's loop does (the game is over, so no
//! later player is active).

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::{BoolE, CmpOp, EndRule, IntE, Role};
use crate::syntax::{Kind, Node};
use std::sync::Arc;

/// `node` with every bare word `Player` replaced by `P{p}`.
fn for_player(node: &Node, p: u8) -> Node {
    let kind = match &node.kind {
        Kind::Word(w) if w.as_str() == "Player" => Kind::Word(format!("P{p}").as_str().into()),
        Kind::Form { head, args } => Kind::Form {
            head: Arc::new(for_player(head, p)),
            args: args.iter().map(|a| for_player(a, p)).collect(),
        },
        Kind::Array(v) => Kind::Array(v.iter().map(|a| for_player(a, p)).collect()),
        Kind::Named { name, value } => Kind::Named {
            name: name.clone(),
            value: Box::new(for_player(value, p)),
        },
        k => k.clone(),
    };
    Node {
        kind,
        span: node.span,
    }
}

impl Compiler {
    pub(super) fn end_for_each(
        &mut self,
        node: &Node,
        conds: Vec<BoolE>,
        out: &mut Vec<EndRule>,
    ) -> Result<()> {
        let mut a = Args::of(node);
        let non_mover = match a.word(&["Player", "NonMover"]) {
            Some(w) => w == "NonMover",
            None => {
                return Err(Diagnostic::at(
                    node.span,
                    "Ludii's end rule `(forEach ...)` is supported over `Player` or `NonMover` only",
                )
                .expected("`(forEach Player if:COND RESULT)` or `(forEach NonMover if:COND RESULT)`"));
            }
        };
        let cond = a.named("if").ok_or_else(|| {
            Diagnostic::at(node.span, "an end `(forEach ...)` without `if:`")
                .expected("`(forEach NonMover if:COND RESULT)`")
        })?;
        let result = a.required("a result")?;
        a.finish()?;
        if self.players != 2 {
            return Err(Diagnostic::at(
                node.span,
                "Ludii's end rule `(forEach ...)` with other than two players is not supported yet",
            )
            .expected("a game of two players"));
        }
        for p in 1..=self.players {
            let mut inner = conds.clone();
            if non_mover {
                inner.push(BoolE::Cmp(
                    CmpOp::Ne,
                    Box::new(IntE::Const(p as i32)),
                    Box::new(IntE::Role(Role::Mover)),
                ));
            }
            inner.push(self.boolean(&for_player(cond, p))?);
            self.flatten_end(&for_player(result, p), inner, out)?;
        }
        Ok(())
    }
}
