//! The race games' ludemes' compilation (played by the reference
//! interpreter, `src/interp/race.rs`): `(trackSite Move ...)`, `(value
//! Pending)`, `(is Pending)`, `(set Pending ...)`, `(var)`, `(set Var
//! ...)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// `(trackSite Move [from:X] [ROLE | (player N) | "Name"] steps:N)`.
    /// Ludii's other kind (`EndSite`) is not supported yet.
    pub(crate) fn track_site(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        if a.word(&["Move"]).is_none() {
            return Err(super::unsupported(
                n,
                "`(trackSite Move [from:X] [P|\"Name\"] steps:N)`",
            ));
        }
        let from = match a.named("from") {
            Some(x) => self.int(x)?,
            None => IntE::From,
        };
        let steps = a.named("steps").ok_or_else(|| {
            Diagnostic::at(n.span, "`(trackSite Move ...)` needs `steps:`")
                .expected("`(trackSite Move from:X steps:N)`")
        })?;
        let steps = self.int(steps)?;
        let name = a
            .take_if(|x| matches!(x.kind, Kind::Str(_)))
            .and_then(|x| x.as_str())
            .map(str::to_string);
        let player = match a.take_if(|x| x.as_word().is_some() || x.head_word() == Some("player")) {
            Some(p) if p.head_word() == Some("player") => self.int(p)?,
            Some(p) => IntE::Role(self.role(p)?),
            None => IntE::Role(Role::Mover),
        };
        let tracks = self
            .board
            .as_ref()
            .map(|b| b.tracks.clone())
            .unwrap_or_default();
        // Ludii walks a track that crosses itself by the pieces' own
        // positions on it (`OnTrackIndices`): not done here
        if let Some(t) = tracks.iter().find(|t| !t.looped && t.has_internal_loop()) {
            return Err(Diagnostic::at(
                n.span,
                format!(
                    "Ludii's `(trackSite Move ...)` on a track that crosses itself (\"{}\") is not supported yet",
                    t.name
                ),
            )
            .expected("tracks that visit each site once"));
        }
        self.needs_reference("trackSite Move");
        Ok(IntE::Race(Box::new(RaceInt::TrackSiteMove(Box::new(
            TrackMove {
                from,
                player,
                name,
                steps,
                tracks,
            },
        )))))
    }

    /// `(value Pending)`; Ludii's other `(value ...)` kinds are not
    /// supported yet.
    pub(crate) fn value_form(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        if a.word(&["Pending"]).is_none() {
            return Err(super::unsupported(n, "`(value Pending)`"));
        }
        self.needs_reference("value Pending");
        Ok(IntE::Race(Box::new(RaceInt::PendingValue)))
    }

    /// `(is Pending)`: some value is pending.
    pub(crate) fn is_pending(&self) -> BoolE {
        self.needs_reference("is Pending");
        BoolE::Cmp(
            CmpOp::Gt,
            Box::new(IntE::Race(Box::new(RaceInt::PendingCount))),
            Box::new(IntE::Const(0)),
        )
    }

    /// `(var)`; a keyed `(var "Key")` is not supported yet.
    pub(crate) fn var(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        if let Some(k) = a.next() {
            return Err(Diagnostic::at(
                k.span,
                format!(
                    "Ludii's `(var \"Key\")` is not supported yet (in {})",
                    n.describe()
                ),
            )
            .expected("`(var)`"));
        }
        self.needs_reference("var");
        Ok(IntE::Race(Box::new(RaceInt::Var)))
    }

    /// `(set Var [X])`.
    pub(crate) fn set_var(&self, a: &mut Args) -> Result<Effect> {
        let v = match a.take_if(|x| x.head_word() != Some("then")) {
            Some(x) => Some(self.int(x)?),
            None => None,
        };
        self.needs_reference("set Var");
        Ok(Effect::Race(Box::new(RaceEffect::SetVar(v))))
    }

    /// `(set Pending [X])`, or `(set Pending (sites ...))` (each site).
    pub(crate) fn set_pending(&self, n: &Node, a: &mut Args) -> Result<Effect> {
        let v = match a.take_if(|x| x.head_word() != Some("then")) {
            Some(x) if x.head_word() == Some("sites") => {
                let r = self.region(x)?;
                self.needs_reference("set Pending REGION");
                return Ok(Effect::Play(Box::new(PlayEffect::PendingSites(r))));
            }
            Some(x) if matches!(x.kind, Kind::Array(_)) => {
                return Err(Diagnostic::at(
                    x.span,
                    "Ludii's `(set Pending {...})` is not supported yet",
                )
                .expected(format!(
                    "`(set Pending)`, `(set Pending VALUE)` or `(set Pending (sites ...))` in {}",
                    n.describe()
                )));
            }
            Some(x) => Some(self.int(x)?),
            None => None,
        };
        self.needs_reference("set Pending");
        Ok(Effect::Race(Box::new(RaceEffect::SetPending(v))))
    }
}
