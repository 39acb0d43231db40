//! Capture, shot and leap ludemes (issue 24), played by the reference
//! interpreter only (`src/interp/captures.rs`): `(custodial ...)`,
//! `(intervene ...)`, `(move Shoot ...)`, `(move Leap ...)`.

use super::Compiler;
use super::args::Args;
use crate::board::Relation;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

/// The parts of a `(between ...)` or `(to ...)` of a capture.
struct Part {
    range: Option<(IntE, IntE)>,
    cond: Option<BoolE>,
    apply: Option<Effect>,
}

impl Compiler {
    /// `(from X)` of a capture, shot or leap: its site (None without one).
    fn capture_origin(&self, a: &mut Args) -> Result<Option<IntE>> {
        let Some(f) = a.form("from") else {
            return Ok(None);
        };
        let mut b = Args::of(f);
        let x = b.required("a site")?;
        let e = self.int(x)?;
        b.finish()?;
        Ok(Some(e))
    }

    /// `(between [RANGE] [if:C] [(apply E)])` or `(to [if:C] [(apply E)])`.
    fn capture_part(&mut self, n: Option<&Node>) -> Result<Part> {
        let mut p = Part {
            range: None,
            cond: None,
            apply: None,
        };
        let Some(n) = n else {
            return Ok(p);
        };
        let mut a = Args::of(n);
        if let Some(r) =
            a.take_if(|x| matches!(x.head_word(), Some("max" | "min" | "exact" | "range")))
        {
            let head = r.head_word().unwrap_or("");
            let mut b = Args::of(r);
            let x = b.required("an integer")?;
            let x = self.int(x)?;
            p.range = Some(match head {
                // Ludii's `(max N)` is the range -1..N, `(min N)` N..10^9
                "max" => (IntE::Const(-1), x),
                "min" => (x, IntE::Const(1_000_000_000)),
                "exact" => (x.clone(), x),
                _ => {
                    let y = b.required("a maximum")?;
                    (x, self.int(y)?)
                }
            });
            b.finish()?;
        }
        p.cond = a.named("if").map(|c| self.boolean(c)).transpose()?;
        if let Some(ap) = a.form("apply") {
            let mut b = Args::of(ap);
            let e = b.required("an effect")?;
            p.apply = Some(self.effect(e)?);
            b.finish()?;
        }
        a.finish()?;
        Ok(p)
    }

    /// `(custodial ...)`, `(intervene ...)` and `(surround ...)`, as Ludii
    /// 1.0.8 reads them: from `(from)` (default the context's), in
    /// Adjacent directions; custodial captures up to 1000 sites
    /// (`(between (max N))`: N), intervene 1..1 (the range given). Ludii's
    /// default tests read the site number as a player: the target is
    /// `(is Enemy (between))` (`(is Enemy (to))` for intervene), the
    /// closing site `(is Friend (to))`; the default effect removes.
    pub(crate) fn capture(&mut self, n: &Node, a: &mut Args, kind: CaptureKind) -> Result<GenKind> {
        let from = self.capture_origin(a)?.unwrap_or(IntE::From);
        let dirs = self
            .take_dirs(a)?
            .unwrap_or(DirSpec::Relation(Relation::Adjacent));
        let between = self.capture_part(a.form("between"))?;
        let to = self.capture_part(a.form("to"))?;
        let except = match a.named("except") {
            Some(x) if kind == CaptureKind::Surround => self.int(x)?,
            Some(x) => {
                return Err(
                    Diagnostic::at(x.span, "`except:` belongs to `(surround ...)`")
                        .expected("`(surround ... except:N)`"),
                );
            }
            None => IntE::Const(0),
        };
        let with = match a.named("with") {
            Some(x) if kind == CaptureKind::Surround => Some(self.piece_sel(x)?),
            Some(x) => {
                return Err(
                    Diagnostic::at(x.span, "`with:` belongs to `(surround ...)`")
                        .expected("`(surround ... with:(piece \"Name\"))`"),
                );
            }
            None => None,
        };
        let (min, max, target, close, apply) = match kind {
            CaptureKind::Custodial | CaptureKind::Surround => {
                if to.apply.is_some() || to.range.is_some() {
                    return Err(Diagnostic::at(
                        n.span,
                        "a custodial capture's effect goes in its `(between ...)`",
                    )
                    .expected("`(custodial (from F) DIRS (between if:C (apply E)) (to if:D))`"));
                }
                let (min, max) = between
                    .range
                    .unwrap_or((IntE::Const(-1), IntE::Const(1000)));
                (
                    min,
                    max,
                    between
                        .cond
                        .unwrap_or_else(|| BoolE::IsEnemy(Box::new(IntE::Between))),
                    to.cond
                        .unwrap_or_else(|| BoolE::IsFriend(Box::new(IntE::To))),
                    between
                        .apply
                        .unwrap_or(Effect::Remove(RegionE::Site(Box::new(IntE::Between)))),
                )
            }
            CaptureKind::Intervene => {
                if between.cond.is_some() || between.apply.is_some() || to.range.is_some() {
                    return Err(Diagnostic::at(
                        n.span,
                        "an intervention's test and effect go in its `(to ...)`",
                    )
                    .expected("`(intervene (from F) DIRS (between RANGE) (to if:C (apply E)))`"));
                }
                let (min, max) = between.range.unwrap_or((IntE::Const(1), IntE::Const(1)));
                (
                    min,
                    max,
                    to.cond
                        .unwrap_or_else(|| BoolE::IsEnemy(Box::new(IntE::To))),
                    BoolE::Const(true),
                    to.apply
                        .unwrap_or(Effect::Remove(RegionE::Site(Box::new(IntE::To)))),
                )
            }
        };
        self.needs_reference(match kind {
            CaptureKind::Custodial => "custodial",
            CaptureKind::Intervene => "intervene",
            CaptureKind::Surround => "surround",
        });
        Ok(GenKind::Capture(Box::new(Capture {
            kind,
            from,
            dirs,
            min,
            max,
            target,
            close,
            apply,
            except,
            with,
        })))
    }

    /// `(move Shoot (piece P) [(from F)] [DIR] [(between if:C)] [(to if:C)])`.
    pub(crate) fn move_shoot(&mut self, n: &Node, a: &mut Args) -> Result<GenKind> {
        let p = a.form("piece").ok_or_else(|| {
            Diagnostic::at(n.span, "`move Shoot` needs the piece shot")
                .expected("`(move Shoot (piece \"Name\"))`")
        })?;
        let piece = self.piece_sel(p)?;
        let from = self.capture_origin(a)?.unwrap_or(IntE::Last(LastSite::To));
        let dirs = self
            .take_dirs(a)?
            .unwrap_or(DirSpec::Relation(Relation::Adjacent));
        if let Some(b) = a.form("between") {
            return Err(Diagnostic::at(
                b.span,
                "`(between ...)` in `move Shoot` is not supported yet",
            )
            .expected("`(move Shoot (piece P) [(to if:C)])`"));
        }
        let to = self.capture_part(a.form("to"))?;
        if to.apply.is_some() || to.range.is_some() {
            return Err(
                Diagnostic::at(n.span, "`move Shoot` takes only `(to if:C)`")
                    .expected("`(move Shoot (piece P) [(to if:C)])`"),
            );
        }
        self.needs_reference("move Shoot");
        Ok(GenKind::Shoot(Box::new(Shoot {
            piece,
            from,
            dirs,
            to_if: to.cond,
        })))
    }

    /// `(move Leap [(from F)] {{F F R F} ...} [forward:B] [rotations:B]
    /// (to if:C [(apply E)]))`.
    pub(crate) fn move_leap(&mut self, n: &Node, a: &mut Args) -> Result<GenKind> {
        let from = match self.capture_origin(a)? {
            Some(e) => FromSpec::Region(RegionE::Site(Box::new(e))),
            None => FromSpec::Current,
        };
        let w = a.required("the walks `{{F F R F} ...}`")?;
        let walks = walks(w)?;
        let flag = |a: &mut Args, name: &str| -> Result<bool> {
            match a.named(name) {
                None => Ok(name == "rotations"),
                Some(Node {
                    kind: Kind::Bool(b),
                    ..
                }) => Ok(*b),
                Some(x) => Err(Diagnostic::at(x.span, "expected True or False")
                    .expected(format!("{name}:True"))),
            }
        };
        let forward = flag(a, "forward")?;
        let rotations = flag(a, "rotations")?;
        let to = self.capture_part(a.form("to"))?;
        if to.range.is_some() {
            return Err(
                Diagnostic::at(n.span, "`move Leap` takes `(to if:C (apply E))`")
                    .expected("`(move Leap WALKS (to if:C))`"),
            );
        }
        let forward = if forward {
            Some(self.facing().ok_or_else(|| {
                Diagnostic::at(
                    n.span,
                    "`forward:True` outside a piece's own moves is not supported yet",
                )
                .expected("`(move Leap ...)` in the moves of a `(piece ...)`")
            })?)
        } else {
            None
        };
        let board = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a leap before the board").expected("the board first")
        })?;
        let mut ortho: Vec<crate::board::Dir> = Vec::new();
        for s in 0..board.len() as u32 {
            for &d in board.dirs(s, Relation::Orthogonal) {
                if !ortho.contains(&d) {
                    ortho.push(d);
                }
            }
        }
        ortho.sort();
        self.needs_reference("move Leap");
        Ok(GenKind::Leap(Box::new(Leap {
            from,
            walks,
            forward,
            rotations,
            ortho,
            to_if: to.cond,
            to_apply: to.apply,
        })))
    }
}

/// `{{F F R F} {F F L F}}` (or one walk `{F F R F}`).
fn walks(n: &Node) -> Result<Vec<Vec<WalkStep>>> {
    let bad = |n: &Node| {
        Diagnostic::at(n.span, "expected a walk of F, R and L steps")
            .expected("`{{F F R F} {F F L F}}`")
    };
    let Kind::Array(items) = &n.kind else {
        return Err(bad(n));
    };
    let step = |x: &Node| match x.as_word() {
        Some("F") => Ok(WalkStep::F),
        Some("R") => Ok(WalkStep::R),
        Some("L") => Ok(WalkStep::L),
        _ => Err(bad(x)),
    };
    if items.iter().all(|x| x.as_word().is_some()) {
        return Ok(vec![items.iter().map(step).collect::<Result<_>>()?]);
    }
    items
        .iter()
        .map(|w| match &w.kind {
            Kind::Array(v) => v.iter().map(step).collect(),
            _ => Err(bad(w)),
        })
        .collect()
}
