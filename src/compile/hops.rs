//! Hops and capture sequences (issue 24, draughts): `(move Hop ...)` and
//! `(hop ...)` with every argument of Ludii's `between` (a hurdle range
//! `N`, `(range A B)`, `(exact N)`, `(min N)`, `(max N)`; `before:`,
//! `after:`), `(remove ... at:EndOfTurn)`, `(sites ToClear)` and the move
//! filter `(max Moves M)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

/// The arguments of a hop's `(between ...)`.
struct Between {
    before: Option<IntE>,
    after: Option<IntE>,
    min: IntE,
    max: IntE,
    cond: Option<BoolE>,
    apply: Option<Effect>,
}

impl Compiler {
    /// `(move Hop [(from X)] [DIRS] [(between ...)] (to ...) [stack:B])`
    /// (and `(hop ...)`, the same moves made as an effect). Without
    /// `before:`/`after:` and with a constant hurdle length range it is
    /// the engine's `GenKind::Hop`, which lands after the longest run
    /// only; Ludii lands after every run of MIN to MAX hurdles (Ultimate
    /// Chess's pawn), which `GenKind::HopRange` does but the engine does
    /// not yet: a known difference. Otherwise `GenKind::HopRange`.
    pub(crate) fn hop_form(
        &mut self,
        n: &Node,
        a: &mut Args,
        default_dirs: DirSpec,
    ) -> Result<GenKind> {
        let (from, from_if) = self.take_from(a)?;
        if from_if.is_some() {
            return Err(
                Diagnostic::at(n.span, "a hop's `(from ... if:C)` is not supported")
                    .expected("`(from SITE)`"),
            );
        }
        let dirs = self.take_dirs(a)?.unwrap_or(default_dirs);
        let b = match a.form("between") {
            Some(b) => self.hop_between(b)?,
            None => Between {
                before: None,
                after: None,
                min: IntE::Const(1),
                max: IntE::Const(1),
                cond: None,
                apply: None,
            },
        };
        let to = self.take_to(a, false, n)?;
        let stack = self.stack_arg(a)?;
        let simple = b.before.is_none()
            && b.after.is_none()
            && matches!((&b.min, &b.max), (IntE::Const(lo), IntE::Const(_)) if *lo >= 0);
        if simple {
            let (IntE::Const(min), IntE::Const(max)) = (b.min, b.max) else {
                unreachable!("checked above")
            };
            return Ok(GenKind::Hop {
                from,
                dirs,
                min,
                max,
                between_if: b.cond,
                between_apply: b.apply,
                to_if: to.cond,
                to_apply: to.apply,
                stack,
            });
        }
        self.needs_reference("move Hop with before:, after: or a hurdle range");
        Ok(GenKind::HopRange(Box::new(HopRange {
            from,
            dirs,
            before: b.before.unwrap_or(IntE::Const(0)),
            min: b.min,
            max: b.max,
            after: b.after.unwrap_or(IntE::Const(0)),
            between_if: b.cond,
            between_apply: b.apply,
            to_if: to.cond,
            to_apply: to.apply,
            stack,
        })))
    }

    fn hop_between(&mut self, b: &Node) -> Result<Between> {
        let mut c = Args::of(b);
        let before = c.named("before").map(|x| self.int(x)).transpose()?;
        let after = c.named("after").map(|x| self.int(x)).transpose()?;
        let (mut min, mut max) = (IntE::Const(1), IntE::Const(1));
        let is_range = |x: &Node| {
            x.as_int().is_some() || matches!(x.head_word(), Some("range" | "exact" | "min" | "max"))
        };
        if let Some(r) = c.take_if(is_range) {
            if let Some(i) = r.as_int() {
                min = IntE::Const(i as i32);
                max = IntE::Const(i as i32);
            } else {
                let mut d = Args::of(r);
                match r.head_word() {
                    Some("range") => {
                        let lo = d.required("a minimum")?;
                        let hi = d.required("a maximum")?;
                        min = self.int(lo)?;
                        max = self.int(hi)?;
                    }
                    // Ludii's `(exact N)` is N..N, `(min N)` N..10^9 and
                    // `(max N)` -1..N
                    Some("exact") => {
                        let x = d.required("a number")?;
                        min = self.int(x)?;
                        max = min.clone();
                    }
                    Some("min") => {
                        let x = d.required("a number")?;
                        min = self.int(x)?;
                        max = IntE::Const(1_000_000_000);
                    }
                    _ => {
                        let x = d.required("a number")?;
                        min = IntE::Const(-1);
                        max = self.int(x)?;
                    }
                }
                d.finish()?;
            }
        }
        let cond = c.named("if").map(|x| self.boolean(x)).transpose()?;
        let apply = match c.form("apply") {
            Some(ap) => {
                let mut d = Args::of(ap);
                let e = d.required("an effect")?;
                let e = self.effect(e)?;
                d.finish()?;
                Some(e)
            }
            None => None,
        };
        c.finish()?;
        Ok(Between {
            before,
            after,
            min,
            max,
            cond,
            apply,
        })
    }

    /// `(move Promote SITE (piece X|{X ...}) [WHO])` as a decision: with
    /// WHO, each named piece WHO owns (Ludii: the first component whose
    /// name contains the name and that WHO owns).
    pub(crate) fn move_promote(&mut self, n: &Node, a: &mut Args) -> Result<GenKind> {
        let s = a.required("a site")?;
        let site = self.int(s)?;
        let p = a.form("piece").ok_or_else(|| {
            Diagnostic::at(n.span, "`move Promote` needs the new piece")
                .expected("`(move Promote SITE (piece \"Name\") [Mover])`")
        })?;
        let who = a.take_if(|x| x.as_word().is_some());
        let pieces = match who {
            None => vec![self.piece_sel(p)?],
            Some(w) => {
                let who = self.role(w)?;
                let mut b = Args::of(p);
                let x = b.required("a piece name")?;
                let names: Vec<&Node> = match &x.kind {
                    Kind::Array(v) => v.iter().collect(),
                    _ => vec![x],
                };
                b.finish()?;
                let mut out = Vec::new();
                for nm in names {
                    let s = nm.as_str().ok_or_else(|| {
                        Diagnostic::at(nm.span, "expected a piece name")
                            .expected("`(piece \"Name\")`")
                    })?;
                    let base = self.comps_named(s);
                    if base.is_empty() {
                        return Err(
                            Diagnostic::at(nm.span, format!("no piece is named \"{s}\""))
                                .expected(format!("one of: {}", self.piece_names())),
                        );
                    }
                    out.push(PieceSel::OfPlayer { base, who });
                }
                out
            }
        };
        self.needs_reference("move Promote");
        Ok(GenKind::Promote { site, pieces })
    }

    /// `(remove R [at:EndOfTurn])`.
    pub(crate) fn remove_effect(&mut self, a: &mut Args) -> Result<Effect> {
        let r = a.required("a site or region")?;
        let region = self.region(r)?;
        match a.named("at") {
            None => Ok(Effect::Remove(region)),
            Some(w) => match w.as_word() {
                Some("EndOfTurn") => {
                    self.needs_reference("remove at:EndOfTurn");
                    Ok(Effect::RemoveLater(region))
                }
                _ => Err(super::unsupported(w, "`at:EndOfTurn`")),
            },
        }
    }

    /// `(max Moves M)`: the moves of M with the longest run of decisions
    /// of the same player after them. `(max Captures M)` is refused by
    /// name.
    pub(crate) fn max_moves(&mut self, n: &Node, a: &mut Args, id: u32) -> Result<GenKind> {
        match a.word(&["Moves", "Captures", "Distance"]) {
            Some("Moves") => {
                let m = a.required("moves")?;
                let g = self.moves_node(m, Some(id))?;
                self.needs_reference("max Moves");
                Ok(GenKind::MaxMoves(g))
            }
            Some(k) => Err(Diagnostic::at(
                n.span,
                format!("Ludii's `(max {k} ...)` is not supported yet"),
            )
            .expected("`(max Moves M)`")),
            None => Err(super::unsupported(n, "a move")),
        }
    }
}
