//! Moves named by their sites, as Ludii's trace harness names them:
//! `FROM-TO`, with `-1` for no site, an add or removal naming its one site as
//! both. The differential runner (`scripts/ludii-diff.py`) compares ludeme's
//! legal moves with Ludii's by these keys and follows Ludii's picks with
//! `@FROM-TO` moves.

use super::{Game, Move, MoveKind};
use crate::board::NONE;

impl Game {
    /// The `(from, to)` sites of a move in Ludii's convention.
    pub fn move_sites(&self, m: &Move) -> (i64, i64) {
        let s = |x| if x == NONE { -1 } else { self.ludii_site(x) };
        match m.kind {
            MoveKind::Add | MoveKind::Remove if m.from == NONE => (s(m.to), s(m.to)),
            _ => (s(m.from), s(m.to)),
        }
    }
}

impl Game {
    /// A site's index in Ludii: a board site keeps its own; Ludii's hand
    /// sites start after the larger of the board's cells and its sites, and
    /// only the players with a hand have one, in the order declared.
    pub fn ludii_site(&self, x: crate::board::Site) -> i64 {
        let n = self.board.len() as u32;
        if x < n || self.hand_sites == 0 {
            return i64::from(x);
        }
        let (player, i) = ((x - n) / self.hand_sites + 1, (x - n) % self.hand_sites);
        let rank = self
            .hand_order
            .get(player as usize)
            .copied()
            .map_or(player - 1, u32::from);
        let base = n.max(self.board.ludii_cells);
        i64::from(base + rank * self.hand_sites + i)
    }
}

/// `FROM-TO` with either side possibly `-1`.
pub fn parse_site_key(key: &str) -> Option<(i64, i64)> {
    let cut = key.char_indices().skip(1).find(|&(_, c)| c == '-')?.0;
    Some((key[..cut].parse().ok()?, key[cut + 1..].parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::parse_site_key as parse_key;

    #[test]
    fn keys_with_no_site_parse() {
        assert_eq!(parse_key("3-5"), Some((3, 5)));
        assert_eq!(parse_key("-1--1"), Some((-1, -1)));
        assert_eq!(parse_key("12--1"), Some((12, -1)));
        assert_eq!(parse_key("3+5"), None);
        assert_eq!(parse_key("-"), None);
    }
}
