//! Relative directions (`FR`, `FL`, `Forward`, ...) in a move written
//! outside a piece's own moves (issue 24): Ludii resolves them for the
//! piece standing on the move's origin (its facing, as in
//! `Directions.convertToAbsolute`). The move is compiled once per
//! component, its origin made the current `(from)`, under
//! [`GenKind::ByPieceAt`], which runs the copy of the component found on
//! each origin. Reference interpreter only.

use super::Compiler;
use super::args::Args;
use super::pieces::is_relative;
use crate::diag::Result;
use crate::engine::ir::*;
use crate::syntax::{Kind, Node};
use std::sync::Arc;

/// Whether a direction argument names relative directions.
fn relative_arg(x: &Node) -> bool {
    match &x.kind {
        Kind::Word(w) => is_relative(w),
        Kind::Form { args, .. } if x.head_word() == Some("directions") => match args.first() {
            Some(Node {
                kind: Kind::Word(w),
                ..
            }) => is_relative(w),
            Some(Node {
                kind: Kind::Array(v),
                ..
            }) => v.iter().any(|y| y.as_word().is_some_and(is_relative)),
            _ => false,
        },
        _ => false,
    }
}

impl Compiler {
    /// `(move Step|Hop|Slide ... RELATIVE ...)` outside a piece's own
    /// moves: [`GenKind::ByPieceAt`], or `None` when the move names no
    /// relative direction (or a piece's facing is known already). The
    /// `(then ...)` has been taken by the caller (it stays on this node).
    pub(crate) fn relative_by_piece(&mut self, n: &Node, id: u32) -> Option<Result<GenKind>> {
        if self.facing().is_some() {
            return None;
        }
        let args = n.form_args()?;
        if !matches!(
            args.first().and_then(|x| x.as_word()),
            Some("Step" | "Hop" | "Slide")
        ) || !args.iter().any(relative_arg)
        {
            return None;
        }
        Some((|| {
            // the origins, and the move with `(from)` as its origin
            let mut from = FromSpec::Current;
            let mut inner: Vec<Node> = Vec::new();
            for x in args {
                if x.head_word() == Some("then") {
                    continue;
                }
                if x.head_word() == Some("from") {
                    let mut a = Args::of(x);
                    let _ = a.named("if");
                    if let Some(r) = a.next() {
                        from = FromSpec::Region(self.region(r)?);
                        let Kind::Form { head, .. } = &x.kind else {
                            unreachable!("a `(from ...)` is a form")
                        };
                        let kept: Vec<Node> = x
                            .form_args()
                            .unwrap_or_default()
                            .iter()
                            .filter(|y| !std::ptr::eq(*y, r))
                            .cloned()
                            .collect();
                        inner.push(Node::new(
                            Kind::Form {
                                head: Arc::clone(head),
                                args: kept,
                            },
                            x.span,
                        ));
                        continue;
                    }
                }
                inner.push(x.clone());
            }
            let Kind::Form { head, .. } = &n.kind else {
                unreachable!("a move is a form")
            };
            let inner = Node::new(
                Kind::Form {
                    head: Arc::clone(head),
                    args: inner,
                },
                n.span,
            );
            let mut list = Vec::new();
            for comp in 1..self.comps.len() {
                self.inlining.push(comp as u8);
                let g = self.moves_node(&inner, Some(id));
                self.inlining.pop();
                list.push((comp as u8, g?));
            }
            self.needs_reference("relative directions outside a piece's moves");
            Ok(GenKind::ByPieceAt { from, list })
        })())
    }
}

impl Compiler {
    /// `(move ... SameDirection ...)`: [`GenKind::ByLastDirection`], one
    /// copy of the move per compass direction of the board (the word
    /// replaced by it), or `None` when the move does not name
    /// `SameDirection`. The `(then ...)` has been taken by the caller.
    pub(crate) fn same_direction(&mut self, n: &Node, id: u32) -> Option<Result<GenKind>> {
        let args = n.form_args()?;
        if !args.iter().any(|x| x.as_word() == Some("SameDirection")) {
            return None;
        }
        Some((|| {
            let board = self.board.as_ref().ok_or_else(|| {
                crate::diag::Diagnostic::at(n.span, "a direction before the board")
                    .expected("the board first")
            })?;
            let dirs: Vec<crate::board::Dir> = crate::board::Dir::ALL
                .into_iter()
                .filter(|&d| (0..board.len() as u32).any(|s| !board.radial(s, d).is_empty()))
                .collect();
            let Kind::Form { head, .. } = &n.kind else {
                unreachable!("a move is a form")
            };
            let mut list = Vec::new();
            for d in dirs {
                let inner: Vec<Node> = args
                    .iter()
                    .filter(|x| x.head_word() != Some("then"))
                    .map(|x| match x.as_word() {
                        Some("SameDirection") => Node::new(Kind::Word(d.name().into()), x.span),
                        _ => x.clone(),
                    })
                    .collect();
                let inner = Node::new(
                    Kind::Form {
                        head: Arc::clone(head),
                        args: inner,
                    },
                    n.span,
                );
                list.push((d as u8, self.moves_node(&inner, Some(id))?));
            }
            self.needs_reference("SameDirection");
            Ok(GenKind::ByLastDirection(list))
        })())
    }
}
