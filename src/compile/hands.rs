//! `(hand Each|P1|P2 ... size:N)`: the players' hands.
//!
//! Every player gets `size` hand sites after the board, in player order (the
//! engine's and the interpreter's numbering). Ludii makes a hand only for
//! the players given, in the order given, and numbers its first hand site
//! after the larger of the board's cells and its sites; the order is kept
//! in [`Game::hand_order`](crate::engine::Game) so that the sites shown in
//! Ludii's convention (`Game::move_sites`) are Ludii's. A player without a
//! hand in Ludii has an empty hand here that no Ludii description can
//! reach.

use super::Compiler;
use super::args::Args;
use crate::diag::{Diagnostic, Result};
use crate::syntax::Node;

impl Compiler {
    pub(crate) fn hand(&mut self, item: &Node) -> Result<()> {
        let mut a = Args::of(item);
        let who = a.required("`Each` or a player `P1`, `P2` ...")?;
        let owners: Vec<u8> = match who.as_word() {
            Some("Each") => (1..=self.players).collect(),
            Some(w) => match w.strip_prefix('P').and_then(|n| n.parse::<u8>().ok()) {
                Some(p) if (1..=self.players).contains(&p) => vec![p],
                _ => {
                    return Err(Diagnostic::at(
                        who.span,
                        format!("{} hands are not supported", who.describe()),
                    )
                    .expected(format!(
                        "`(hand Each)` or a player `P1`..`P{}`",
                        self.players
                    )));
                }
            },
            None => {
                return Err(Diagnostic::at(
                    who.span,
                    format!("{} hands are not supported", who.describe()),
                )
                .expected("`(hand Each)` or a player `P1`, `P2` ..."));
            }
        };
        let size = match a.named("size") {
            Some(n) => n.as_int().filter(|i| (1..=64).contains(i)).ok_or_else(|| {
                Diagnostic::at(n.span, "bad hand size").expected("a whole number from 1 to 64")
            })? as u32,
            None => 1,
        };
        a.finish()?;
        if self.hand_sites != 0 && self.hand_sites != size {
            return Err(
                Diagnostic::at(item.span, "hands of different sizes are not supported")
                    .expected(format!("`size:{}` as the hands before", self.hand_sites)),
            );
        }
        for p in owners {
            if self.hand_owners.contains(&p) {
                return Err(Diagnostic::at(who.span, format!("a second hand for P{p}"))
                    .expected("one hand per player"));
            }
            self.hand_owners.push(p);
        }
        self.hand_sites = size;
        Ok(())
    }

    /// Per player (index 0 unused): the rank of its hand in Ludii's order;
    /// the players without a hand in Ludii come after, in player order.
    pub(crate) fn hand_order(&self) -> Vec<u8> {
        let mut order = vec![0u8; self.players as usize + 1];
        let rest = (1..=self.players).filter(|p| !self.hand_owners.contains(p));
        for (rank, p) in self.hand_owners.iter().copied().chain(rest).enumerate() {
            order[p as usize] = rank as u8;
        }
        order
    }
}

impl Compiler {
    /// The word before the piece of a `(place ...)` in the start rules:
    /// `Stack` (true: the pieces placed on a site make a stack), or none.
    /// `(place Random ...)`, `counts:` and stacks of several pieces are
    /// refused by name.
    pub(crate) fn place_kind(&mut self, a: &mut Args) -> Result<bool> {
        let Some(w) = a.peek().filter(|n| n.as_word().is_some()) else {
            return Ok(false);
        };
        a.next();
        match w.as_word() {
            Some("Stack") => {
                if let Some(c) = a.named("counts") {
                    return Err(Diagnostic::at(
                        c.span,
                        "Ludii's `counts:` in `(place Stack ...)` is not supported yet",
                    )
                    .expected("`count:N`, the same on every site"));
                }
                // Ludii moves each piece of a stack on its own (a step of
                // a stack of 21 is 21 moves), which `(forEach Piece)` does
                // not do yet: only stacks of one are placed
                if let Some(c) = a.named("count").filter(|c| c.as_int() != Some(1)) {
                    return Err(Diagnostic::at(
                        c.span,
                        "Ludii's `(place Stack ...)` of several pieces is not supported yet",
                    )
                    .expected("`count:1` (Ludii moves each piece of a stack on its own)"));
                }
                Ok(true)
            }
            Some("Random") => Err(Diagnostic::at(
                w.span,
                "Ludii's `(place Random ...)` is not supported yet",
            )
            .expected("a piece name: `(place \"Disc1\" SITES)`")),
            _ => Err(
                Diagnostic::at(w.span, format!("{} in `(place ...)`", w.describe()))
                    .expected("a piece name, or `Stack`"),
            ),
        }
    }
}
