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
            return Err(
                Diagnostic::at(e.span, format!("{} is not an event name", e.describe()))
                    .expected(format!("`({what} \"Event\" PLAYER)`")),
            );
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

    /// `(is Within PIECE in:REGION)`.
    pub(crate) fn is_within(&self, n: &Node, a: &mut Args) -> Result<BoolE> {
        let p = a.required("a piece: `(id \"Name\" P)`")?;
        let p = self.int(p)?;
        let r = a.named("in").ok_or_else(|| {
            Diagnostic::at(n.span, "`(is Within ...)` needs `in:REGION`")
                .expected("`(is Within PIECE in:REGION)`")
        })?;
        let r = self.region(r)?;
        self.needs_reference("is Within");
        Ok(BoolE::Cmp(
            CmpOp::Ne,
            Box::new(IntE::Play(Box::new(PlayInt::Within(p, r)))),
            Box::new(IntE::Const(0)),
        ))
    }

    /// `(count Steps [Adjacent] A B)` without a `(step ...)`.
    pub(crate) fn count_distance(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        if let Some(w) = a.word(&["Orthogonal", "Diagonal", "All", "OffDiagonal"]) {
            return Err(Diagnostic::at(
                n.span,
                format!(
                    "Ludii's `(count Steps {w} ...)` without a `(step ...)` is not supported yet"
                ),
            )
            .expected("`(count Steps [Adjacent] FROM TO)`"));
        }
        a.word(&["Adjacent"]);
        let x = a.required("the origin site")?;
        let x = self.int(x)?;
        let y = a.required("the other site")?;
        let y = self.int(y)?;
        self.needs_reference("count Steps without a step");
        Ok(IntE::Play(Box::new(PlayInt::Distance(x, y))))
    }

    /// `(sites From MOVES)`: MOVES compiled after the rules, as `(can Move
    /// MOVES)`.
    pub(crate) fn sites_from(&self, a: &mut Args) -> Result<RegionE> {
        let m = a.required("moves")?;
        let mut d = self.deferred.borrow_mut();
        d.push((m.clone(), self.inlining.clone()));
        self.needs_reference("sites From");
        Ok(RegionE::SitesFrom((d.len() - 1) as u32))
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

impl Compiler {
    /// A slide's `(to [if:C] (apply if:D))` (an `(apply ...)` with a
    /// condition and no effect): `(C, D)`, the `(to ...)` taken; `None`
    /// (nothing taken) for any other `(to ...)`. Ludii's `Slide` stops
    /// only where D holds, passing the other free sites.
    pub(crate) fn slide_land_if(
        &mut self,
        a: &mut Args,
    ) -> Result<Option<(Option<BoolE>, Box<BoolE>)>> {
        let Some(to) = a.peek_form("to") else {
            return Ok(None);
        };
        let mut t = Args::of(to);
        let Some(ap) = t.form("apply") else {
            return Ok(None);
        };
        let mut b = Args::of(ap);
        let Some(d) = b.named("if") else {
            return Ok(None);
        };
        if b.peek().is_some() {
            return Err(super::unsupported(
                ap,
                "`(apply if:C)` without an effect in a slide's `(to ...)`",
            ));
        }
        b.finish()?;
        let c = t.named("if").map(|c| self.boolean(c)).transpose()?;
        t.finish()?;
        let d = self.boolean(d)?;
        a.form("to");
        self.needs_reference("slide's (to (apply if:C))");
        Ok(Some((c, Box::new(d))))
    }
}
