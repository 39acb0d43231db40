//! The position hash after a candidate move, for `(no Repeat
//! PositionalInTurn)`, without applying the move to a copy of the state
//! when the move's only piece change is its own add or carry.

use super::ir::*;
use super::{Game, Move, MoveKind, NO_GEN, State};

impl Game {
    /// Per generator node: whether a move it makes changes the pieces only
    /// by its own add or carry (see [`Game::node_only_places`]).
    pub(crate) fn compute_plain_nodes(&self) -> Vec<bool> {
        (0..self.gens.len() as u32)
            .map(|id| self.node_only_places(id))
            .collect()
    }

    /// Whether the moves of leaf `id` change no piece but by their own
    /// action: an add, a step/hop/slide/from-to without `to`/`between`
    /// effects, or a pass, whose consequences (`then`, up to the root)
    /// never add, remove or promote a piece.
    fn node_only_places(&self, id: u32) -> bool {
        let node = &self.gens[id as usize];
        let leaf = match &node.kind {
            GenKind::Add { to_apply, .. }
            | GenKind::Step { to_apply, .. }
            | GenKind::FromTo { to_apply, .. } => to_apply.is_none(),
            GenKind::Hop {
                to_apply,
                between_apply,
                ..
            } => to_apply.is_none() && between_apply.is_none(),
            GenKind::Slide { .. } | GenKind::Pass => true,
            _ => false,
        };
        if !leaf {
            return false;
        }
        let mut id = Some(id);
        while let Some(i) = id {
            let n = &self.gens[i as usize];
            if n.then.as_ref().is_some_and(|e| !effect_keeps_pieces(e)) {
                return false;
            }
            id = n.parent;
        }
        true
    }

    /// The position hash after `m` (legal in `st`), when it can be told from
    /// `st` alone: a move of a plain node (see above) in a game without
    /// stacks, between board sites. It mirrors `put`/`take`: a carry takes
    /// the piece at `from` and puts it on `to`, replacing what stood there;
    /// an add puts its piece on `to`, replacing what stood there.
    #[inline]
    pub(crate) fn hash_after_plain(&self, st: &State, m: &Move) -> Option<u64> {
        if self.stacking || m.node == NO_GEN || !self.plain_nodes[m.node as usize] {
            return None;
        }
        let n = self.board.len();
        match m.kind {
            MoveKind::Pass => Some(st.hash),
            MoveKind::Step if (m.from as usize) < n && (m.to as usize) < n => {
                let (f, t) = (m.from as usize, m.to as usize);
                let c = st.what[f];
                if c == 0 || f == t {
                    return Some(st.hash);
                }
                let old = st.what[t];
                let mut h = st.hash ^ self.zkey(f, c, 0) ^ self.zkey(t, c, 0);
                if old != 0 {
                    h ^= self.zkey(t, old, 0);
                }
                Some(h)
            }
            MoveKind::Add if (m.to as usize) < n => {
                let t = m.to as usize;
                let old = st.what[t];
                let mut h = st.hash ^ self.zkey(t, m.what, 0);
                if old != 0 {
                    h ^= self.zkey(t, old, 0);
                }
                Some(h)
            }
            _ => None,
        }
    }
}

/// Whether an effect never adds, removes or changes a piece (whatever the
/// state): turn control, scores and proposals only.
fn effect_keeps_pieces(e: &Effect) -> bool {
    match e {
        Effect::MoveAgain
        | Effect::AddScore(..)
        | Effect::SetScore(..)
        | Effect::SetNextPlayer(_)
        | Effect::Propose(_) => true,
        Effect::If(_, a, b) => {
            effect_keeps_pieces(a) && b.as_deref().is_none_or(effect_keeps_pieces)
        }
        Effect::And(v) => v.iter().all(effect_keeps_pieces),
        Effect::ForEachSite(_, e) => effect_keeps_pieces(e),
        Effect::Remove(_) | Effect::Add { .. } | Effect::Promote(..) => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, State};
    use rand::{Rng, SeedableRng};

    /// Compares the fast hash with the hash of the move applied to a copy,
    /// for every legal move along random playouts; returns how many moves
    /// took the fast path.
    fn check(g: &Game, playouts: usize) -> usize {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut ws = g.new_workspace();
        let mut moves = Vec::new();
        let mut fast = 0;
        for _ in 0..playouts {
            let mut st = g.initial_state();
            for _ in 0..300 {
                g.legal_moves_into(&st, &mut ws, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    if let Some(h) = g.hash_after_plain(&st, m) {
                        let mut copy: State = st.clone();
                        g.apply_actions(&mut copy, m, None, &mut ws);
                        assert_eq!(h, copy.hash, "move {m:?}");
                        fast += 1;
                    }
                }
                let m = moves[rng.random_range(0..moves.len())];
                g.apply_with(&mut st, &m, &mut ws);
            }
        }
        fast
    }

    fn load(text: &str) -> Game {
        crate::load_str("t", text, &Default::default()).unwrap()
    }

    #[test]
    fn plain_hash_matches_applied_hash_in_rules_files() {
        for f in ["abrana", "abande", "abrobad", "icebreaker"] {
            let path = format!("{}/rules/{f}.lud", env!("CARGO_MANIFEST_DIR"));
            let g = crate::load_file(path.as_ref(), &Default::default()).unwrap();
            check(&g, 5);
        }
    }

    /// Adds onto occupied cells (replacing), steps that capture by
    /// replacement, consequences that only touch scores and turns, and
    /// steps whose consequence removes a piece (not plain).
    #[test]
    fn plain_hash_matches_applied_hash_with_replacements() {
        let g = load(
            r#"(game "T" (players 2) (equipment { (board (square 4)) (piece "Disc" Each
                  (or (move Step Adjacent (to if:(not (is Friend (who at:(to))))) (then (addScore Mover 1)))
                      (move Hop Orthogonal (between if:(is Occupied (between))) (to if:(is Empty (to)))
                         (then (remove (between))))))
                })
                (rules (meta (no Repeat PositionalInTurn))
                  (start { (place "Disc1" (sites {0 5})) (place "Disc2" (sites {15 10})) })
                  (play (or (forEach Piece)
                            (move Add (to (sites Board) if:(is Occupied (to))) (then (moveAgain)))))
                  (end (if (>= (count Moves) 40) (result Mover Draw)))))"#,
        );
        assert!(g.plain_nodes.iter().any(|&p| p));
        assert!(g.plain_nodes.iter().any(|&p| !p));
        assert!(check(&g, 20) > 100);
    }
}
