//! The uniform random agent.

use super::{Agent, pick};
use crate::engine::Move;
use crate::plan::Rules;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Picks uniformly at random.
pub struct RandomAgent {
    rng: SmallRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// The index `choose` would draw among `n` moves, without a game: the
    /// same draw on the reference interpreter as on the engine.
    pub fn pick_index(&mut self, n: usize) -> usize {
        pick(&mut self.rng, n)
    }
}

impl<R: Rules> Agent<R> for RandomAgent {
    fn choose(&mut self, _: &R, _: &R::State, legal: &[Move], _: &mut R::Ws) -> usize {
        pick(&mut self.rng, legal.len())
    }
    fn name(&self) -> String {
        "random".into()
    }
}
