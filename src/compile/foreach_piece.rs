//! The arguments of `(forEach Piece ...)` beyond the piece names:
//! `(forEach Piece [NAMES] MOVES [Mover])`. With MOVES, every piece of the
//! mover (of the named kinds, if any) runs MOVES with `(from)` its site,
//! instead of the moves written in its `(piece ...)`; the role says whose
//! pieces, and only the mover's (Ludii's default) is supported.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::engine::ir::Role;
use crate::syntax::Kind;

/// The player of a `(forEach Piece ...)` other than the mover, and its
/// `(comp, generator)` list when the form gives MOVES.
type PieceMoves = (Option<Role>, Option<Vec<(u8, u32)>>);

impl Compiler {
    /// The `(comp, generator)` list of a `(forEach Piece ...)` given MOVES
    /// (one copy of MOVES per component a player owns), or `None` when the
    /// form has no MOVES and the pieces run their own moves. Takes the role
    /// word either way: a player other than `Mover` is returned (its pieces
    /// move, `compile/chess.rs`).
    pub(crate) fn for_each_piece_moves(
        &mut self,
        a: &mut Args,
        names: Option<&[String]>,
        id: u32,
    ) -> Result<PieceMoves> {
        let mut who = None;
        if let Some(role) = a.take_if(|x| x.as_word().is_some()) {
            let w = role.as_word().unwrap_or_default();
            match w {
                "Mover" => {}
                "Next" | "Prev" | "P1" | "P2" | "P3" | "P4" | "P5" | "P6" | "P7" | "P8" => {
                    who = Some(self.role(role)?);
                }
                _ => {
                    return Err(Diagnostic::at(
                        role.span,
                        format!("Ludii's `(forEach Piece ... {w})` is not supported yet"),
                    )
                    .expected("`Mover` (the default), `Next`, `Prev` or a player P1, P2 ..."));
                }
            }
        }
        let Some(moves) = a.take_if(|x| matches!(x.kind, Kind::Form { .. })) else {
            return Ok((who, None));
        };
        let mut list = Vec::new();
        for comp in 1..self.comps.len() {
            let c = &self.comps[comp];
            let named = names.is_none_or(|ns| ns.iter().any(|x| *x == c.base || *x == c.name));
            if c.owner == 0 || c.owner > self.players || !named {
                continue;
            }
            // the moves run for this piece: relative directions are its own
            self.inlining.push(comp as u8);
            let g = self.moves_node(moves, Some(id));
            self.inlining.pop();
            list.push((comp as u8, g?));
        }
        Ok((who, Some(list)))
    }
}
