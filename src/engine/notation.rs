//! Move text (docs/engine.md's notation): `C3`, `C3-E5`, `xD2`, `pass`,
//! `propose:NAME`, with `/PIECE` appended where two legal moves would
//! otherwise print the same.

use super::{Game, Move, MoveKind, State};
use crate::diag::Diagnostic;

impl Game {
    /// The text of a site: its board label, or `HandP` for player P's hand
    /// (`HandP.I` for its site I where a hand has several). A removal
    /// target can be in a hand: `(sites Occupied by:Next)` holds the
    /// sites of the player's hand too, as in Ludii.
    pub fn site_text(&self, s: super::Site) -> String {
        let n = self.board.len();
        if (s as usize) < n {
            return self.board.label(s).to_string();
        }
        let k = (s as usize - n) as u32;
        let per = self.hand_sites.max(1);
        let (p, i) = (k / per + 1, k % per);
        if self.hand_sites > 1 {
            format!("Hand{p}.{i}")
        } else {
            format!("Hand{p}")
        }
    }

    /// The base text of a move (without disambiguation).
    pub fn move_text_base(&self, m: &Move) -> String {
        let l = |s| self.site_text(s);
        match m.kind {
            MoveKind::Add | MoveKind::Place | MoveKind::Select => l(m.to),
            MoveKind::Step => format!("{}-{}", l(m.from), l(m.to)),
            MoveKind::Remove => format!("x{}", l(m.to)),
            MoveKind::Pass => "pass".to_string(),
            MoveKind::Swap => "swap".to_string(),
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

    /// Texts of all legal moves, in order. Linear: the base texts are
    /// counted in a hash map, a text shared by two moves gets `/PIECE`.
    pub fn move_texts(&self, legal: &[Move]) -> Vec<String> {
        let bases: Vec<String> = legal.iter().map(|m| self.move_text_base(m)).collect();
        let mut count: std::collections::HashMap<&str, u32, crate::fnv::FnvBuild> =
            std::collections::HashMap::with_capacity_and_hasher(bases.len(), Default::default());
        for b in &bases {
            *count.entry(b.as_str()).or_default() += 1;
        }
        legal
            .iter()
            .zip(&bases)
            .map(|(m, b)| {
                let clash = count[b.as_str()] > 1;
                if clash && m.what != 0 && m.kind != MoveKind::Propose {
                    format!("{b}/{}", self.comps[m.what as usize].name)
                } else {
                    b.clone()
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
