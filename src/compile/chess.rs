//! The chess family's ludemes' compilation (played by the reference
//! interpreter, `src/interp/chess.rs`): piece states (`(place ...
//! state:N)`, `(state at:X)`, `(set State at:X V)`), `(counter)`, `(set
//! Counter)`, `(is Threatened ...)`, and `(move Slide ...)` with a range
//! of distances or an `(apply ...)` in its `(to ...)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

impl Compiler {
    /// Whether a ludeme of piece states was compiled.
    pub(crate) fn uses_piece_state(&self) -> bool {
        self.piece_state_at.get().is_some()
    }

    /// Records a ludeme of piece states at `span`.
    fn piece_state(&self, span: crate::diag::Span) {
        if self.piece_state_at.get().is_none() {
            self.piece_state_at.set(Some(span));
        }
        self.needs_reference("piece state");
    }

    /// The piece states of a game with stacks are not supported (Ludii
    /// keeps one per level).
    pub(crate) fn check_piece_state(&self) -> Result<()> {
        if let Some(span) = self.piece_state_at.get()
            && self.stacking
        {
            return Err(Diagnostic::at(
                span,
                "Ludii's piece states (`state:`, `(state at:)`, `(set State ...)`) in a game with stacks are not supported yet",
            )
            .expected("piece states in a game without stacks"));
        }
        Ok(())
    }

    /// `state:N` of a `(place ...)` on the board: a start rule setting
    /// the state of the pieces placed.
    pub(crate) fn place_state(&self, a: &mut Args) -> Result<Option<i32>> {
        let Some(x) = a.named("state") else {
            return Ok(None);
        };
        let v = x
            .as_int()
            .filter(|v| (-1_000_000..=1_000_000).contains(v))
            .ok_or_else(|| Diagnostic::at(x.span, "bad `state:`").expected("a whole number"))?;
        self.piece_state(x.span);
        Ok(Some(v as i32))
    }

    /// `(state at:X)`; Ludii's other arguments (`level:`, a site type)
    /// are refused by name.
    pub(crate) fn state_form(&self, n: &Node, a: &mut Args) -> Result<IntE> {
        let x = match a.named("at") {
            Some(x) => x,
            None => a.required("`at:SITE`")?,
        };
        let x = self.int(x)?;
        if let Some(l) = a.named("level") {
            return Err(Diagnostic::at(
                l.span,
                "Ludii's `level:` in `(state ...)` is not supported yet",
            )
            .expected(format!("`(state at:SITE)` in {}", n.describe())));
        }
        self.piece_state(n.span);
        Ok(IntE::Chess(Box::new(ChessInt::StateAt(x))))
    }

    /// `(forEach Piece ... WHO)` for a player WHO.
    pub(crate) fn for_each_piece_of(&self, who: Role, list: Vec<(u8, u32)>) -> GenKind {
        self.needs_reference("forEach Piece WHO");
        GenKind::ForEachPieceOf { who, list }
    }

    /// `(sites Start (piece X))`.
    pub(crate) fn sites_start(&self, n: &Node, a: &mut Args) -> Result<RegionE> {
        let p = a.form("piece").ok_or_else(|| {
            Diagnostic::at(n.span, "`(sites Start ...)` needs `(piece X)`")
                .expected("`(sites Start (piece X))`, X a component number")
        })?;
        let mut b = Args::of(p);
        let x = b.required("a component number")?;
        let x = self.int(x)?;
        b.finish()?;
        self.needs_reference("sites Start");
        Ok(RegionE::StartOf(Box::new(x)))
    }

    /// `(sites Pending)`.
    pub(crate) fn sites_pending(&self) -> RegionE {
        self.needs_reference("sites Pending");
        RegionE::Pending
    }

    /// `(counter)`.
    pub(crate) fn counter_form(&self) -> IntE {
        self.needs_reference("counter");
        IntE::Chess(Box::new(ChessInt::Counter))
    }

    /// `(set State at:X V)` and `(set Counter [V])` (after the word).
    pub(crate) fn chess_set(&mut self, n: &Node, a: &mut Args, word: &str) -> Result<Effect> {
        let e = if word == "State" {
            let at = match a.named("at") {
                Some(x) => x,
                None => a.required("`at:SITE`")?,
            };
            let at = self.int(at)?;
            if let Some(l) = a.named("level") {
                return Err(Diagnostic::at(
                    l.span,
                    "Ludii's `level:` in `(set State ...)` is not supported yet",
                )
                .expected(format!("`(set State at:SITE VALUE)` in {}", n.describe())));
            }
            let v = a.required("a state")?;
            let value = self.int(v)?;
            self.piece_state(n.span);
            ChessEffect::SetState { at, value }
        } else {
            let v = match a.take_if(|x| x.head_word() != Some("then")) {
                Some(x) => self.int(x)?,
                None => IntE::Const(-1),
            };
            self.needs_reference("set Counter");
            ChessEffect::SetCounter(v)
        };
        let e = Effect::Chess(Box::new(e));
        Ok(match a.form("then") {
            Some(t) => Effect::And(vec![e, self.then(t)?]),
            None => e,
        })
    }

    /// `(is Threatened (id ...) [at:SITE])`. Ludii's threat to every
    /// piece (without a piece), to a region, and with moves given are
    /// refused by name.
    pub(crate) fn is_threatened(&self, n: &Node, a: &mut Args) -> Result<BoolE> {
        let Some(w) = a.take_if(|x| x.head_word().is_some() && x.head_word() != Some("sites"))
        else {
            return Err(Diagnostic::at(
                n.span,
                "Ludii's `(is Threatened ...)` without a piece is not supported yet",
            )
            .expected("`(is Threatened (id \"Name\" P) [at:SITE])`"));
        };
        let what = self.int(w)?;
        let at = a.named("at").map(|x| self.int(x)).transpose()?;
        if let Some(x) = a.next() {
            return Err(Diagnostic::at(
                x.span,
                format!(
                    "Ludii's `(is Threatened ...)` with {} is not supported yet",
                    x.describe()
                ),
            )
            .expected("`(is Threatened (id \"Name\" P) [at:SITE])`"));
        }
        self.needs_reference("is Threatened");
        Ok(BoolE::Threatened(Box::new(Threatened { what, at })))
    }

    /// `(move Slide ...)` with Ludii's range of distances in `(between
    /// ...)` (`(exact N)`, `(range A B)`, `(min N)`, `(max N)`, N) or an
    /// `(apply E)` in `(to ...)`: a [`SlideFull`]. Without a range the
    /// distances are 1..1000 (Ludii's default).
    pub(crate) fn slide_full(
        &mut self,
        n: &Node,
        from: FromSpec,
        dirs: DirSpec,
        between: Option<&Node>,
        a: &mut Args,
    ) -> Result<GenKind> {
        let (mut min, mut max) = (IntE::Const(-1), IntE::Const(1000));
        let mut between_if = None;
        if let Some(b) = between {
            let mut c = Args::of(b);
            let is_range = |x: &Node| {
                x.as_int().is_some()
                    || matches!(x.head_word(), Some("range" | "exact" | "min" | "max"))
            };
            if let Some(r) = c.take_if(is_range) {
                (min, max) = self.slide_range(r)?;
            }
            between_if = c.named("if").map(|x| self.boolean(x)).transpose()?;
            c.finish()?;
        }
        let to = self.take_to(a, false, n)?;
        let stack = self.stack_arg(a)?;
        self.needs_reference("move Slide with apply or a range");
        Ok(GenKind::SlideFull(Box::new(SlideFull {
            from,
            dirs,
            min,
            max,
            between_if,
            to_if: to.cond,
            to_apply: to.apply,
            stack,
        })))
    }

    /// A range of distances: N, `(exact N)` (N..N), `(range A B)`, `(min
    /// N)` (N..1000), `(max N)` (-1..N).
    fn slide_range(&self, r: &Node) -> Result<(IntE, IntE)> {
        if let Some(i) = r.as_int() {
            return Ok((IntE::Const(i as i32), IntE::Const(i as i32)));
        }
        let mut d = Args::of(r);
        let x = d.required("a number")?;
        let x = self.int(x)?;
        let out = match r.head_word() {
            Some("range") => {
                let y = d.required("a maximum")?;
                (x, self.int(y)?)
            }
            Some("exact") => (x.clone(), x),
            Some("min") => (x, IntE::Const(1000)),
            _ => (IntE::Const(-1), x),
        };
        d.finish()?;
        Ok(out)
    }
}

/// Whether a `(move Slide ...)` needs a [`SlideFull`]: its `(between
/// ...)` holds a range of distances, or its `(to ...)` an `(apply ...)`.
pub(crate) fn slide_needs_full(n: &Node) -> bool {
    let args = |x: &Node| match &x.kind {
        Kind::Form { args, .. } => args.clone(),
        _ => Vec::new(),
    };
    args(n).iter().any(|x| match x.head_word() {
        Some("between") => args(x).iter().any(|y| {
            y.as_int().is_some() || matches!(y.head_word(), Some("range" | "exact" | "min" | "max"))
        }),
        // `(apply if:C)` alone is the plain slide's landing condition
        // (`compile/play.rs`)
        Some("to") => args(x).iter().any(|y| {
            y.head_word() == Some("apply") && {
                let mut b = Args::of(y);
                b.named("if").is_none() || b.peek().is_some()
            }
        }),
        _ => false,
    })
}
