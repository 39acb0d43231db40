//! Ludemes of the draughts, tafl and hunt games' moves (issue 24),
//! played by the reference interpreter (`src/interp/play.rs`): `(trigger
//! "Event" P)` and `(is Triggered "Event" P)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// A player argument: a role word (`Mover`, `P2`, ...) or an integer
    /// (`(mover)`, `(player N)`, ...).
    fn player_arg(&self, p: &Node) -> Result<IntE> {
        match &p.kind {
            Kind::Word(_) => Ok(IntE::Role(self.role(p)?)),
            _ => self.int(p),
        }
    }

    /// The event's name: read, and not used (Ludii 1.0.8 keeps one flag per
    /// player whatever the event).
    fn event_name(&self, a: &mut Args, what: &str) -> Result<()> {
        let e = a.required("the event's name")?;
        if !matches!(e.kind, Kind::Str(_)) {
            return Err(Diagnostic::at(e.span, format!("{} is not an event name", e.describe()))
                .expected(format!("`({what} \"Event\" PLAYER)`")));
        }
        Ok(())
    }

    /// `(trigger "Event" PLAYER)`.
    pub(crate) fn trigger(&mut self, a: &mut Args) -> Result<Effect> {
        self.event_name(a, "trigger")?;
        let p = a.required("a player")?;
        let p = self.player_arg(p)?;
        self.needs_reference("trigger");
        let e = Effect::Play(Box::new(PlayEffect::Trigger(p)));
        // `(trigger ... (then X))`: X after the flag is set
        Ok(match a.form("then") {
            Some(t) => Effect::And(vec![e, self.then(t)?]),
            None => e,
        })
    }

    /// `(is Triggered "Event" PLAYER)`.
    pub(crate) fn is_triggered(&self, a: &mut Args) -> Result<BoolE> {
        self.event_name(a, "is Triggered")?;
        let p = a.required("a player")?;
        let p = self.player_arg(p)?;
        self.needs_reference("is Triggered");
        Ok(BoolE::Cmp(
            CmpOp::Ne,
            Box::new(IntE::Play(Box::new(PlayInt::Triggered(p)))),
            Box::new(IntE::Const(0)),
        ))
    }
}
