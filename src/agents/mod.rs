//! Players: a uniform random agent and a flat Monte-Carlo search agent.

use crate::engine::{Game, Move, PlayerResult, State, Workspace};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Something that picks a move.
pub trait Agent {
    /// Index into `legal` of the chosen move (`legal` is never empty).
    fn choose(&mut self, game: &Game, st: &State, legal: &[Move], ws: &mut Workspace) -> usize;
    fn name(&self) -> String;
}

/// A uniform index below `n` (`n > 0`). Kept out of line so that whether the
/// generator is inlined into a caller does not depend on how a build
/// partitions its code: instruction counts of `ludeme bench` then compare
/// across builds (they swung by about 2 % when it was inlined or not).
#[inline(never)]
fn pick(rng: &mut SmallRng, n: usize) -> usize {
    rng.random_range(0..n)
}

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
}

impl Agent for RandomAgent {
    fn choose(&mut self, _: &Game, _: &State, legal: &[Move], _: &mut Workspace) -> usize {
        pick(&mut self.rng, legal.len())
    }
    fn name(&self) -> String {
        "random".into()
    }
}

/// Flat Monte-Carlo: for each legal move, `playouts` random games; the move
/// with the best mean result for the mover wins.
pub struct FlatMcAgent {
    rng: SmallRng,
    pub playouts: u32,
}

impl FlatMcAgent {
    pub fn new(seed: u64, playouts: u32) -> FlatMcAgent {
        FlatMcAgent {
            rng: SmallRng::seed_from_u64(seed),
            playouts,
        }
    }
}

impl Agent for FlatMcAgent {
    fn choose(&mut self, game: &Game, st: &State, legal: &[Move], ws: &mut Workspace) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        let me = st.mover();
        let mut best = (f64::MIN, 0);
        let mut buf = Vec::new();
        for (i, m) in legal.iter().enumerate() {
            let mut total = 0.0;
            for _ in 0..self.playouts {
                let mut s = st.clone();
                game.apply_with(&mut s, m, ws);
                while !s.is_over() {
                    game.legal_moves_into(&s, ws, &mut buf);
                    let k = pick(&mut self.rng, buf.len());
                    let mv = buf[k];
                    game.apply_with(&mut s, &mv, ws);
                }
                total += match s.outcome().map(|o| o.results[me as usize]) {
                    Some(PlayerResult::Win) => 1.0,
                    Some(PlayerResult::Draw) => 0.5,
                    _ => 0.0,
                };
            }
            if total > best.0 {
                best = (total, i);
            }
        }
        best.1
    }
    fn name(&self) -> String {
        format!("mc{}", self.playouts)
    }
}

/// An agent from its command-line name: `random`, `mc` or `mcN`.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Agent>> {
    match name {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "mc" => Some(Box::new(FlatMcAgent::new(seed, 20))),
        _ => name
            .strip_prefix("mc")
            .and_then(|n| n.parse().ok())
            .map(|n| Box::new(FlatMcAgent::new(seed, n)) as Box<dyn Agent>),
    }
}
