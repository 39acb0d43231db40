//! Perft: the number of move sequences of a given length.

use super::{Game, State, Workspace};

impl Game {
    /// `perft(s, 0) = 1`; a finished game adds 0 for every depth >= 1.
    pub fn perft(&self, st: &State, depth: u32, ws: &mut Workspace) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves_into(st, ws, &mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        let mut child = st.clone();
        for m in &moves {
            child.clone_from(st);
            self.apply_with(&mut child, m, ws);
            total += self.perft(&child, depth - 1, ws);
        }
        total
    }

    /// A picture of the position: the board with every piece (a stack shown
    /// bottom first), then hands, scores and whose turn it is.
    pub fn picture(&self, st: &State) -> String {
        let code = |c: u8| -> String {
            let comp = &self.comps[c as usize];
            let letter = comp.base.chars().next().unwrap_or('?');
            match comp.owner {
                1 => letter.to_ascii_uppercase().to_string(),
                2 => letter.to_ascii_lowercase().to_string(),
                0 => format!("{}0", letter.to_ascii_lowercase()),
                p => format!("{letter}{p}"),
            }
        };
        let occ = |s: crate::board::Site| -> Option<String> {
            let stack = self.stack_at(st, s);
            if stack.is_empty() {
                None
            } else {
                Some(stack.iter().map(|&c| code(c)).collect())
            }
        };
        let mut out = crate::board::draw::draw(&self.board, &occ);
        if !out.ends_with('\n') {
            out.push('\n');
        }
        let legend: Vec<String> = self
            .comps
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| format!("{}={}", code(i as u8), c.name))
            .collect();
        out.push_str(&format!("pieces: {}\n", legend.join(" ")));
        if self.hand_sites > 0 {
            let hands: Vec<String> = (1..=self.players)
                .map(|p| {
                    let s = self.hand_site(p);
                    format!("P{p} {}", st.count(s))
                })
                .collect();
            out.push_str(&format!("hands: {}\n", hands.join(", ")));
        }
        let scores: Vec<String> = (1..=self.players)
            .map(|p| format!("P{p} {}", st.score(p)))
            .collect();
        out.push_str(&format!("scores: {}\n", scores.join(", ")));
        match st.outcome() {
            Some(o) => out.push_str(&format!("over: {}\n", o.text())),
            None => {
                let ph = &self.phases[st.phase(st.mover()) as usize];
                if self.phases.len() > 1 {
                    out.push_str(&format!("to move: P{} ({})\n", st.mover(), ph.name));
                } else {
                    out.push_str(&format!("to move: P{}\n", st.mover()));
                }
            }
        }
        out
    }
}
