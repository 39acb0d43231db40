//! Dice (played by the reference interpreter, `src/interp/dice.rs`):
//! `(dice ...)` equipment, `(roll)`, `(count Pips ...)` and `(do E
//! next:M)`.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};

/// Most dice of one game (Ludii's games use at most a handful).
const MAX_DICE: i64 = 64;
/// Most faces of one die.
const MAX_FACES: i64 = 1024;

fn int_of(n: &Node, what: &str, lo: i64, hi: i64) -> Result<i64> {
    match n.as_int() {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(Diagnostic::at(
            n.span,
            format!("{what} must be an integer from {lo} to {hi}"),
        )
        .expected(format!("{lo}..{hi}"))),
    }
}

fn ints_of(n: &Node, what: &str) -> Result<Vec<i32>> {
    let Kind::Array(v) = &n.kind else {
        return Err(
            Diagnostic::at(n.span, format!("{what} must be `{{...}}` of integers"))
                .expected("`{1 2 3}`"),
        );
    };
    if v.is_empty() || v.len() as i64 > MAX_FACES {
        return Err(
            Diagnostic::at(n.span, format!("{what}: 1 to {MAX_FACES} faces")).expected("`{1 2 3}`"),
        );
    }
    v.iter()
        .map(|x| int_of(x, what, i32::MIN as i64 / 4, i32::MAX as i64 / 4).map(|v| v as i32))
        .collect()
}

impl Compiler {
    /// `(dice [d:N] [faces:{...}|facesByDie:{{...} ...}|from:N] [ROLE]
    /// num:N)`: N dice, each with the faces given, or d faces (6 by
    /// default) numbered from `from:` (1 by default). `biased:` is not
    /// supported yet.
    pub(crate) fn equipment_dice(&mut self, n: &Node) -> Result<()> {
        let mut a = Args::of(n);
        if let Some(b) = a.named("biased") {
            return Err(
                Diagnostic::at(b.span, "Ludii's `biased:` dice are not supported yet")
                    .expected("`(dice d:N num:N)`"),
            );
        }
        let num = a.named("num").ok_or_else(|| {
            Diagnostic::at(n.span, "`(dice ...)` needs `num:`").expected("`(dice d:6 num:2)`")
        })?;
        let num = int_of(num, "`num:`", 1, MAX_DICE)? as usize;
        let d = a
            .named("d")
            .map(|x| int_of(x, "`d:`", 1, MAX_FACES))
            .transpose()?;
        let faces = a
            .named("faces")
            .map(|x| ints_of(x, "`faces:`"))
            .transpose()?;
        let by_die = match a.named("facesByDie") {
            Some(x) => {
                let Kind::Array(v) = &x.kind else {
                    return Err(
                        Diagnostic::at(x.span, "`facesByDie:` must be `{{...} ...}`")
                            .expected("one `{...}` of faces per die"),
                    );
                };
                if v.len() != num {
                    return Err(Diagnostic::at(
                        x.span,
                        format!("`facesByDie:` lists {} dice, `num:` is {num}", v.len()),
                    )
                    .expected("one `{...}` of faces per die"));
                }
                Some(
                    v.iter()
                        .map(|f| ints_of(f, "`facesByDie:`"))
                        .collect::<Result<Vec<_>>>()?,
                )
            }
            None => None,
        };
        let from = a
            .named("from")
            .map(|x| int_of(x, "`from:`", -(1 << 20), 1 << 20))
            .transpose()?;
        if from.is_some() && (faces.is_some() || by_die.is_some()) {
            return Err(
                Diagnostic::at(n.span, "`(dice ...)` takes `from:` or faces, not both")
                    .expected("`from:N` or `faces:{...}`"),
            );
        }
        let owner = match a.take_if(|x| x.as_word().is_some()) {
            None => 0,
            Some(w) if matches!(w.as_word(), Some("Shared" | "Neutral")) => 0,
            Some(w) => match self.role(w)? {
                Role::Player(p) if p >= 1 && p <= self.players => p,
                _ => {
                    return Err(Diagnostic::at(w.span, "the dice's owner is not a player")
                        .expected("`Shared` (default) or `P1`..`Pn`"));
                }
            },
        };
        a.finish()?;
        let faces: Vec<Vec<i32>> = match (by_die, faces) {
            (Some(v), _) => v,
            (None, Some(f)) => vec![f; num],
            (None, None) => {
                let start = from.unwrap_or(1) as i32;
                let d = d.unwrap_or(6) as i32;
                vec![(start..start + d).collect(); num]
            }
        };
        // Ludii makes the dice of one owner one container: these join
        // the first `(dice ...)` of the same owner
        // (Ludii places each container's dice by their names, Die1...,
        // so a second owner's container would hold the first's dice:
        // refused)
        if self.dice.iter().any(|d| d.owner != owner) {
            return Err(
                Diagnostic::at(n.span, "dice of several owners are not supported yet")
                    .expected("every `(dice ...)` with the same owner"),
            );
        }
        match self.dice.iter_mut().find(|d| d.owner == owner) {
            Some(d) => d.faces.extend(faces),
            None => self.dice.push(DiceSet { owner, faces }),
        }
        if self.dice.iter().map(|d| d.faces.len() as i64).sum::<i64>() > MAX_DICE {
            return Err(Diagnostic::at(n.span, format!("more than {MAX_DICE} dice"))
                .expected(format!("at most {MAX_DICE} dice in all")));
        }
        self.needs_reference("dice");
        Ok(())
    }

    /// `(roll)`: needs dice in the equipment.
    pub(crate) fn roll_effect(&self, n: &Node, a: &mut Args) -> Result<Effect> {
        if let Some(x) = a.next() {
            return Err(Diagnostic::at(x.span, "`(roll)` takes no argument")
                .expected(format!("`(roll)` in {}", n.describe())));
        }
        if self.dice.is_empty() {
            return Err(
                Diagnostic::at(n.span, "`(roll)` without `(dice ...)` in the equipment")
                    .expected("`(dice d:6 num:2)` in the equipment"),
            );
        }
        self.needs_reference("roll");
        Ok(Effect::Race(Box::new(RaceEffect::Roll(self.dice.clone()))))
    }

    /// `(count Pips [ROLE] [of:P])`: the dice of the player (the shared
    /// dice by default).
    pub(crate) fn count_pips(&self, a: &mut Args) -> Result<IntE> {
        let who = match a.named("of") {
            Some(x) => self.int(x)?,
            None => match a.take_if(|x| x.as_word().is_some()) {
                Some(w) if matches!(w.as_word(), Some("Shared" | "Neutral")) => IntE::Const(0),
                Some(w) => IntE::Role(self.role(w)?),
                None => IntE::Const(0),
            },
        };
        self.needs_reference("count Pips");
        Ok(IntE::Race(Box::new(RaceInt::Pips(who, self.dice.clone()))))
    }

    /// `(do E next:M)` with an effect E before (`(roll)`, `(if C
    /// (roll))`): Ludii's form with moves before `next:` is not supported
    /// yet, nor `next:` with `ifAfterwards:`.
    pub(crate) fn do_next(
        &mut self,
        n: &Node,
        a: &mut Args,
        next: &Node,
        id: u32,
    ) -> Result<GenKind> {
        if let Some(c) = a.named("ifAfterwards") {
            return Err(Diagnostic::at(
                c.span,
                "Ludii's `(do M next:M2 ifAfterwards:C)` is not supported yet",
            )
            .expected("`(do EFFECT next:MOVES)` or `(do MOVES ifAfterwards:C)`"));
        }
        let p = a.required("the effect before `next:`")?;
        let is_moves = matches!(
            p.head_word(),
            Some("move" | "forEach" | "or" | "priority" | "do" | "hop" | "custodial" | "intervene")
        );
        let prior = self.effect(p);
        if is_moves || prior.as_ref().is_ok_and(has_moves) {
            return Err(Diagnostic::at(
                p.span,
                format!(
                    "Ludii's `(do MOVES next:...)` with moves before `next:` is not supported yet (in {})",
                    n.describe()
                ),
            )
            .expected("an effect such as `(roll)` before `next:`"));
        }
        let prior = prior?;
        let next = self.moves_node(next, Some(id))?;
        self.needs_reference("do next:");
        Ok(GenKind::DoNext {
            prior,
            next,
            pass: !self.dice.is_empty(),
        })
    }
}

/// Whether an effect holds moves (a decision's moves used as an effect).
fn has_moves(e: &Effect) -> bool {
    match e {
        Effect::Moves(_) => true,
        Effect::If(_, a, b) => has_moves(a) || b.as_deref().is_some_and(has_moves),
        Effect::And(v) => v.iter().any(has_moves),
        Effect::ForEachSite(_, e) => has_moves(e),
        _ => false,
    }
}
