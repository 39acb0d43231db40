//! Move text (engine.md's notation): `C3`, `C3-E5`, `xD2`, `pass`,
//! `propose:NAME`, with `/PIECE` appended where two legal moves would
//! otherwise print the same.

use super::{Game, Move, MoveKind, State};
use crate::diag::Diagnostic;

impl Game {
    /// The base text of a move (without disambiguation).
    pub fn move_text_base(&self, m: &Move) -> String {
        // a hand site (a removal from a hand) has no board label: `hand:K`,
        // K counted from the first hand site
        let n = self.board.len() as u32;
        let l = |s: u32| {
            if s >= n {
                format!("hand:{}", s - n)
            } else {
                self.board.label(s).to_string()
            }
        };
        match m.kind {
            MoveKind::Add | MoveKind::Place => l(m.to),
            MoveKind::Step => format!("{}-{}", l(m.from), l(m.to)),
            MoveKind::Remove => format!("x{}", l(m.to)),
            MoveKind::Pass => "pass".to_string(),
            MoveKind::Propose => format!("propose:{}", self.proposals[m.what as usize]),
        }
    }

    /// The text of `m` among the legal moves `legal` (adds `/PIECE` when
    /// another legal move prints the same).
    pub fn move_text(&self, m: &Move, legal: &[Move]) -> String {
        let base = self.move_text_base(m);
        let clash = legal
            .iter()
            .any(|o| o != m && self.move_text_base(o) == base);
        if clash && m.what != 0 && m.kind != MoveKind::Propose {
            format!("{base}/{}", self.comps[m.what as usize].name)
        } else {
            base
        }
    }

    /// Texts of all legal moves, in order.
    pub fn move_texts(&self, legal: &[Move]) -> Vec<String> {
        let bases: Vec<String> = legal.iter().map(|m| self.move_text_base(m)).collect();
        legal
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let clash = bases
                    .iter()
                    .enumerate()
                    .any(|(j, b)| j != i && *b == bases[i]);
                if clash && m.what != 0 && m.kind != MoveKind::Propose {
                    format!("{}/{}", bases[i], self.comps[m.what as usize].name)
                } else {
                    bases[i].clone()
                }
            })
            .collect()
    }

    /// Finds the legal move with this text; an error lists the legal moves.
    pub fn parse_move(&self, st: &State, text: &str) -> Result<Move, Diagnostic> {
        let legal = self.legal_moves(st);
        let texts = self.move_texts(&legal);
        if let Some(i) = texts.iter().position(|t| t == text) {
            return Ok(legal[i]);
        }
        // a unique base text also matches without its `/PIECE`
        let by_base: Vec<usize> = (0..legal.len())
            .filter(|&i| self.move_text_base(&legal[i]) == text)
            .collect();
        if by_base.len() == 1 {
            return Ok(legal[by_base[0]]);
        }
        let msg = if st.is_over() {
            format!("`{text}` is not legal: the game is over")
        } else {
            format!("`{text}` is not a legal move for P{}", st.mover())
        };
        let mut d = Diagnostic::new(msg);
        if !st.is_over() {
            d = d.expected(format!("one of: {}", texts.join(" ")));
        }
        Err(d)
    }
}
