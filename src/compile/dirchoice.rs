//! Direction functions inside a move (issue 24): `(if C D1 D2)` and
//! `(difference D1 D2)` where a step, hop or slide takes its directions.
//!
//! Ludii evaluates these when the move computes its directions (its
//! `directions.If` and `directions.Difference`); the conditions met in its
//! games read no `(from)`/`(to)` (`(is Mover P1)`, `(is In (last To) ...)`),
//! so the move is compiled once per choice:
//! - `(if C D1 D2)` becomes `(if C (move ... D1 ...) (move ... D2 ...))`;
//! - `(difference D1 D2)` with fixed directions is computed here (each
//!   relation read as the union of the board's directions for it), and
//!   with `OppositeDirection` removed becomes [`GenKind::ByLastOpposite`]:
//!   one copy per compass direction of the board (that direction removed),
//!   and one with nothing removed (no last move).
//!
//! Reference interpreter only.

use super::Compiler;
use crate::board::{Dir, Relation};
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};
use std::sync::Arc;

/// Whether `x` is a direction function this module rewrites.
fn is_choice(x: &Node) -> bool {
    matches!(x.head_word(), Some("if" | "difference"))
        && x.form_args().is_some_and(|a| {
            let k = if x.head_word() == Some("if") { 3 } else { 2 };
            a.len() == k && a[k - 2..].iter().all(looks_like_dirs)
        })
}

/// Whether `x` reads as directions (a relation or compass word, a
/// relative word, `(directions ...)`, or a nested choice).
fn looks_like_dirs(x: &Node) -> bool {
    match &x.kind {
        Kind::Word(w) => {
            Relation::from_name(w).is_some()
                || Dir::from_name(w).is_some()
                || super::pieces::is_relative(w)
                || matches!(&**w, "SameDirection" | "OppositeDirection")
        }
        Kind::Form { .. } => x.head_word() == Some("directions") || is_choice(x),
        _ => false,
    }
}

impl Compiler {
    /// `(move|hop ... (if C D1 D2)|(difference D1 D2) ...)`: the move
    /// compiled per choice, or `None` when no argument is such a choice.
    /// The `(then ...)` has been taken by the caller (it stays on this
    /// node).
    pub(crate) fn dir_choice(&mut self, n: &Node, id: u32) -> Option<Result<GenKind>> {
        let args = n.form_args()?;
        let i = args.iter().position(is_choice)?;
        Some((|| {
            let choice = &args[i];
            let cargs = choice.form_args().unwrap_or(&[]);
            let copy = |with: Node| -> Node {
                let Kind::Form { head, .. } = &n.kind else {
                    unreachable!("a move is a form")
                };
                let inner: Vec<Node> = args
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| x.head_word() != Some("then"))
                    .map(|(j, x)| if j == i { with.clone() } else { x.clone() })
                    .collect();
                Node::new(
                    Kind::Form {
                        head: Arc::clone(head),
                        args: inner,
                    },
                    n.span,
                )
            };
            self.needs_reference("directions if|difference");
            if choice.head_word() == Some("if") {
                let c = self.boolean(&cargs[0])?;
                let x = self.moves_node(&copy(cargs[1].clone()), Some(id))?;
                let y = self.moves_node(&copy(cargs[2].clone()), Some(id))?;
                return Ok(GenKind::If(c, x, Some(y)));
            }
            let base = self.fixed_dirs(&cargs[0])?;
            if cargs[1].as_word() == Some("OppositeDirection") {
                let mut list = Vec::new();
                for d in self.board_dirs(n)? {
                    let kept: Vec<Dir> = base.iter().copied().filter(|&x| x != d).collect();
                    let g = self.moves_node(&copy(dirs_node(&kept, choice)), Some(id))?;
                    list.push((d as u8, g));
                }
                let none = self.moves_node(&copy(dirs_node(&base, choice)), Some(id))?;
                return Ok(GenKind::ByLastOpposite { list, none });
            }
            let removed = self.fixed_dirs(&cargs[1])?;
            let kept: Vec<Dir> = base
                .iter()
                .copied()
                .filter(|d| !removed.contains(d))
                .collect();
            let g = self.moves_node(&copy(dirs_node(&kept, choice)), Some(id))?;
            Ok(GenKind::Or(vec![g]))
        })())
    }

    /// The compass directions of the board (those with a line somewhere).
    fn board_dirs(&self, n: &Node) -> Result<Vec<Dir>> {
        let board = self.board.as_ref().ok_or_else(|| {
            Diagnostic::at(n.span, "a direction before the board").expected("the board first")
        })?;
        Ok(Dir::ALL
            .into_iter()
            .filter(|&d| (0..board.len() as u32).any(|s| !board.radial(s, d).is_empty()))
            .collect())
    }

    /// Absolute directions of `x` fixed at compile time: a relation is the
    /// union of the board's directions for it (Ludii's
    /// `Topology.supportedDirections`).
    fn fixed_dirs(&self, x: &Node) -> Result<Vec<Dir>> {
        let bad = || {
            Diagnostic::at(
                x.span,
                format!(
                    "Ludii's `(difference ...)` of directions with {} is not supported yet",
                    x.describe()
                ),
            )
            .expected("absolute directions or a relation")
        };
        let spec = self.dirs(x).ok_or_else(bad)??;
        Ok(match spec {
            DirSpec::Dirs(v) => v,
            DirSpec::Relation(r) => {
                let board = self.board.as_ref().ok_or_else(bad)?;
                let mut out: Vec<Dir> = Vec::new();
                for s in 0..board.len() as u32 {
                    for &d in board.dirs(s, r) {
                        if !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
                out.sort();
                out
            }
        })
    }
}

/// `(directions {D ...})` at `at`'s place.
fn dirs_node(v: &[Dir], at: &Node) -> Node {
    let w = |s: &str| Node::new(Kind::Word(s.into()), at.span);
    let arr = Node::new(
        Kind::Array(v.iter().map(|d| w(d.name())).collect()),
        at.span,
    );
    Node::new(
        Kind::Form {
            head: Arc::new(w("directions")),
            args: vec![arr],
        },
        at.span,
    )
}
