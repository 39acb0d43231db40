//! The mancala ludemes' compilation (played by the reference interpreter,
//! `src/interp/mancala.rs`): `(map ...)` in the equipment, `(mapEntry
//! ...)`, `(count at:X)`, `(count in:R)`, `(sites Track ...)`, `(move
//! Select ...)`, `(sow ...)`, `(fromTo ... count:N)` as an effect and
//! `(set Count N to:R|at:X)` at the start and `(set Count at:X N)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// `(count at:X)` or `(count in:R)` (no kind word): pieces counted.
    pub(crate) fn count_at_in(&self, a: &mut Args) -> Result<Option<IntE>> {
        if let Some(x) = a.named("at") {
            let x = self.int(x)?;
            self.needs_reference("count at:");
            return Ok(Some(IntE::Mancala(Box::new(MancalaInt::CountAt(x)))));
        }
        if let Some(r) = a.named("in") {
            let r = self.region(r)?;
            self.needs_reference("count in:");
            return Ok(Some(IntE::Mancala(Box::new(MancalaInt::CountIn(r)))));
        }
        Ok(None)
    }

    /// `(sites Track ["Name"] [ROLE])`: the sites of the first track whose
    /// name contains the name (Ludii's choice: the owner is not read).
    pub(crate) fn sites_track(&self, n: &Node, a: &mut Args) -> Result<RegionE> {
        let name = a
            .take_if(|x| matches!(x.kind, Kind::Str(_)))
            .and_then(|x| x.as_str())
            .unwrap_or("");
        if let Some(w) = a.take_if(|x| x.as_word().is_some() || x.head_word().is_some()) {
            self.role(w)?;
        }
        let tracks = self
            .board
            .as_ref()
            .map(|b| b.tracks.as_slice())
            .unwrap_or(&[]);
        let sites: Vec<u32> = match tracks.iter().find(|t| t.name.contains(name)) {
            Some(t) => t
                .sites
                .iter()
                .copied()
                .filter(|&s| s != crate::board::track::TRACK_END)
                .collect(),
            None if tracks.is_empty() => {
                return Err(Diagnostic::at(n.span, "the board has no track")
                    .expected("a `(track ...)` with the board"));
            }
            None => Vec::new(),
        };
        Ok(RegionE::Fixed(self.site_set(&sites)))
    }

    /// `(move Select (from R [if:C]))`.
    pub(crate) fn move_select(&mut self, n: &Node, a: &mut Args) -> Result<GenKind> {
        let f = a.form("from").ok_or_else(|| {
            Diagnostic::at(n.span, "`(move Select ...)` needs `(from ...)`")
                .expected("`(move Select (from REGION if:C))`")
        })?;
        let mut b = Args::of(f);
        let from_if = b.named("if").map(|c| self.boolean(c)).transpose()?;
        let r = b.required("a region")?;
        let from = self.region(r)?;
        b.finish()?;
        if let Some(t) = a.form("to") {
            return Err(Diagnostic::at(
                t.span,
                "Ludii's `(move Select (from ...) (to ...))` is not supported yet",
            )
            .expected("`(move Select (from REGION if:C))`"));
        }
        self.needs_reference("move Select");
        Ok(GenKind::Select { from, from_if })
    }

    /// `(sow ...)`, see [`Sow`].
    pub(crate) fn sow(&mut self, a: &mut Args) -> Result<Effect> {
        if let Some(t) = a.take_if(|x| matches!(x.as_word(), Some("Cell" | "Vertex")))
            && t.as_word() == Some("Cell")
        {
            return Err(
                Diagnostic::at(t.span, "a sow on cells of a board played on vertices")
                    .expected("no site type"),
            );
        }
        let start = match a.take_if(|x| x.head_word().is_some() || x.as_int().is_some()) {
            Some(x) if x.head_word() != Some("then") => self.int(x)?,
            Some(_) => unreachable!("`then` was taken first"),
            None => {
                self.needs_reference("last");
                IntE::Last(LastSite::To)
            }
        };
        let named = a
            .take_if(|x| matches!(x.kind, Kind::Str(_)))
            .and_then(|x| x.as_str())
            .map(str::to_string);
        let count = a.named("count").map(|x| self.int(x)).transpose()?;
        let owner = a.named("owner").map(|x| self.int(x)).transpose()?;
        let cond = a.named("if").map(|x| self.boolean(x)).transpose()?;
        let apply = a.named("apply").map(|x| self.effect(x)).transpose()?;
        let include_self = match a.named("includeSelf") {
            Some(x) => match x.kind {
                Kind::Bool(b) => b,
                _ => {
                    return Err(
                        Diagnostic::at(x.span, "bad `includeSelf:`").expected("`True` or `False`")
                    );
                }
            },
            None => true,
        };
        let origin = a.named("origin").map(|x| self.boolean(x)).transpose()?;
        let skip = a.named("skipIf").map(|x| self.boolean(x)).transpose()?;
        let backtracking = a
            .named("backtracking")
            .map(|x| self.boolean(x))
            .transpose()?;
        let tracks: Vec<_> = self
            .board
            .as_ref()
            .map(|b| b.tracks.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|t| named.as_ref().is_none_or(|n| t.name.contains(n.as_str())))
            .collect();
        self.needs_reference("sow");
        Ok(Effect::Mancala(Box::new(MancalaEffect::Sow(Box::new(
            Sow {
                start,
                count,
                tracks,
                named,
                owner,
                cond: cond.unwrap_or(BoolE::Const(true)),
                apply,
                include_self,
                origin: origin.unwrap_or(BoolE::Const(false)),
                skip,
                backtracking,
                then: None,
            },
        )))))
    }

    /// `(fromTo (from A) (to B) [count:N])` as an effect.
    pub(crate) fn effect_from_to(&mut self, n: &Node, a: &mut Args) -> Result<Effect> {
        let one = |this: &mut Self, f: Option<&Node>, what: &str| -> Result<IntE> {
            let f = f.ok_or_else(|| {
                Diagnostic::at(n.span, format!("`fromTo` needs `({what} ...)`"))
                    .expected("`(fromTo (from SITE) (to SITE) count:N)`")
            })?;
            let mut b = Args::of(f);
            let x = b.required("a site")?;
            let x = this.int(x)?;
            b.finish()?;
            Ok(x)
        };
        let f = a.form("from");
        let from = one(self, f, "from")?;
        let t = a.form("to");
        let to = one(self, t, "to")?;
        let count = a.named("count").map(|x| self.int(x)).transpose()?;
        self.needs_reference("fromTo");
        Ok(Effect::Mancala(Box::new(MancalaEffect::MoveCount {
            from,
            to,
            count,
        })))
    }

    /// `(set Count at:X N)` as an effect.
    pub(crate) fn effect_set_count(&mut self, n: &Node, a: &mut Args) -> Result<Effect> {
        let at = a.named("at").ok_or_else(|| {
            Diagnostic::at(n.span, "`(set Count ...)` needs `at:`")
                .expected("`(set Count at:SITE N)`")
        })?;
        let at = self.int(at)?;
        let c = a.required("a count")?;
        let count = self.int(c)?;
        self.needs_reference("set Count");
        Ok(Effect::Mancala(Box::new(MancalaEffect::SetCount {
            at,
            count,
        })))
    }

    /// `(set Count N to:R|at:X)` in the start rules (of the game's only
    /// piece).
    pub(crate) fn start_set_count(&mut self, n: &Node, a: &mut Args) -> Result<()> {
        let c = a.required("a count")?;
        let count = c
            .as_int()
            .filter(|i| (0..=10000).contains(i))
            .ok_or_else(|| {
                Diagnostic::at(c.span, "bad count").expected("a whole number from 0 to 10000")
            })? as u16;
        let region = match (a.named("to"), a.named("at")) {
            (Some(r), None) => self.region(r)?,
            (None, Some(x)) => RegionE::Site(Box::new(self.int(x)?)),
            _ => {
                return Err(
                    Diagnostic::at(n.span, "`(set Count ...)` needs `to:` or `at:`")
                        .expected("`(set Count N to:REGION)` or `(set Count N at:SITE)`"),
                );
            }
        };
        let pieces: Vec<u8> = (1..self.comps.len() as u8).collect();
        let [comp] = pieces.as_slice() else {
            return Err(Diagnostic::at(
                n.span,
                "`(set Count ...)` with several kinds of piece is not supported yet",
            )
            .expected("a game with one piece, such as `(piece \"Seed\" Shared)`"));
        };
        self.needs_reference("set Count");
        self.start.push(StartRule::SetCount {
            comp: *comp,
            region,
            count,
        });
        Ok(())
    }
}
