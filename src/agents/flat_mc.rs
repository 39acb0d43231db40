//! Flat Monte-Carlo: random playouts after each legal move, the best mean
//! for the mover wins.

use super::{Agent, random_playout, scores};
use crate::engine::Move;
use crate::plan::Rules;
use rand::SeedableRng;
use rand::rngs::SmallRng;

pub struct FlatMcAgent {
    rng: SmallRng,
    /// Playouts per legal move (`per_move`) or in all per decision.
    pub playouts: u32,
    per_move: bool,
    buf: Vec<Move>,
}

impl FlatMcAgent {
    /// `playouts` random games after every legal move (the old `mcN`).
    pub fn new(seed: u64, playouts: u32) -> FlatMcAgent {
        FlatMcAgent {
            rng: SmallRng::seed_from_u64(seed),
            playouts,
            per_move: true,
            buf: Vec::new(),
        }
    }

    /// `playouts` random games per decision in all, dealt round robin over
    /// the legal moves (every move gets at least one): the same number of
    /// playouts as MCTS with that many iterations.
    pub fn with_budget(seed: u64, playouts: u32) -> FlatMcAgent {
        FlatMcAgent {
            per_move: false,
            ..FlatMcAgent::new(seed, playouts)
        }
    }
}

impl<R: Rules> Agent<R> for FlatMcAgent {
    fn choose(&mut self, game: &R, st: &R::State, legal: &[Move], ws: &mut R::Ws) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        let me = game.mover(st) as usize;
        let n = legal.len() as u32;
        let total = if self.per_move {
            self.playouts.saturating_mul(n)
        } else {
            self.playouts.max(n)
        };
        let mut sum = vec![0.0f64; legal.len()];
        let mut runs = vec![0u32; legal.len()];
        let mut s = st.clone();
        for k in 0..total {
            let i = (k % n) as usize;
            s.clone_from(st);
            game.play(&mut s, &legal[i], ws);
            random_playout(game, &mut s, &mut self.rng, ws, &mut self.buf);
            if let Some(o) = game.outcome(&s) {
                sum[i] += scores(&o)[me];
            }
            runs[i] += 1;
        }
        let mut best = (f64::MIN, 0);
        for i in 0..legal.len() {
            let mean = sum[i] / runs[i] as f64;
            if mean > best.0 {
                best = (mean, i);
            }
        }
        best.1
    }
    fn name(&self) -> String {
        if self.per_move {
            format!("mc{}", self.playouts)
        } else {
            format!("mc:playouts={}", self.playouts)
        }
    }
}
