//! Players: a uniform random agent and a flat Monte-Carlo search agent.

use crate::engine::{Game, Move, PlayerResult};
use crate::plan::Rules;
use rand::rngs::SmallRng;
use rand::{Rng, RngCore, SeedableRng};

/// Something that picks a move, playing by an implementation of the rules
/// `R` (the default engine, or the reference interpreter).
pub trait Agent<R: Rules = Game> {
    /// Index into `legal` of the chosen move (`legal` is never empty).
    fn choose(&mut self, game: &R, st: &R::State, legal: &[Move], ws: &mut R::Ws) -> usize;
    fn name(&self) -> String;
}

/// A uniform index below `n` (`n > 0`). Kept out of line so that whether the
/// generator is inlined into a caller does not depend on how a build
/// partitions its code: instruction counts of `ludeme bench` then compare
/// across builds (they swung by about 2 % when it was inlined or not).
///
/// The draw is `rng.random_range(0..n)` written out: for a range that fits
/// in 32 bits, rand 0.9 takes one 32-bit word, widening-multiplies it by
/// `n` and keeps the high half, drawing a second word only when the low
/// half is within `2^32 - n` of overflowing (Canon's method), and adds the
/// carry of the second word's high half. Written here, it does not hang on
/// whether a build inlines rand's generic `random_range` into this function
/// (a call more per decision when it does not); `pick_is_random_range`
/// checks that the numbers are rand's. A range wider than 32 bits (or
/// empty) goes to [`pick_wide`], out of line, so that whether a build
/// inlines rand's own `random_range` there does not change this
/// function's frame either.
#[inline(never)]
fn pick(rng: &mut SmallRng, n: usize) -> usize {
    if n == 0 || n > u32::MAX as usize {
        return pick_wide(rng, n);
    }
    let range = n as u32;
    let wmul = |x: u32| {
        let w = x as u64 * range as u64;
        ((w >> 32) as u32, w as u32)
    };
    let (mut hi, lo) = wmul(rng.next_u32());
    if lo > range.wrapping_neg() {
        let (carry, _) = wmul(rng.next_u32());
        hi += lo.checked_add(carry).is_none() as u32;
    }
    hi as usize
}

/// [`pick`] for a range wider than 32 bits (or empty: rand panics).
#[cold]
#[inline(never)]
fn pick_wide(rng: &mut SmallRng, n: usize) -> usize {
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

    /// The index `choose` gives among `n` legal moves, without the game:
    /// the same draw, for any implementation of the rules.
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

impl<R: Rules> Agent<R> for FlatMcAgent {
    fn choose(&mut self, game: &R, st: &R::State, legal: &[Move], ws: &mut R::Ws) -> usize {
        if legal.len() == 1 {
            return 0;
        }
        let me = game.mover(st);
        let mut best = (f64::MIN, 0);
        let mut buf = Vec::new();
        for (i, m) in legal.iter().enumerate() {
            let mut total = 0.0;
            for _ in 0..self.playouts {
                let mut s = st.clone();
                game.play(&mut s, m, ws);
                while game.outcome(&s).is_none() {
                    game.legal_into(&s, ws, &mut buf);
                    let k = pick(&mut self.rng, buf.len());
                    let mv = buf[k];
                    game.play(&mut s, &mv, ws);
                }
                total += match game.outcome(&s).map(|o| o.results[me as usize]) {
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
pub fn by_name<R: Rules + 'static>(name: &str, seed: u64) -> Option<Box<dyn Agent<R>>> {
    match name {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "mc" => Some(Box::new(FlatMcAgent::new(seed, 20))),
        _ => name
            .strip_prefix("mc")
            .and_then(|n| n.parse().ok())
            .map(|n| Box::new(FlatMcAgent::new(seed, n)) as Box<dyn Agent<R>>),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pick` draws the numbers `random_range` draws, from the same
    /// generator state, and leaves the generator where it leaves it.
    #[test]
    fn pick_is_random_range() {
        let sizes = [
            1,
            2,
            3,
            7,
            10,
            24,
            100,
            1000,
            65_537,
            1 << 31,
            (1 << 31) + 1,
        ];
        let sizes = sizes
            .into_iter()
            .chain([u32::MAX as usize, u32::MAX as usize + 1, usize::MAX]);
        for n in sizes {
            for seed in 0..50 {
                let mut a = SmallRng::seed_from_u64(seed);
                let mut b = a.clone();
                for _ in 0..200 {
                    assert_eq!(pick(&mut a, n), b.random_range(0..n), "n {n}, seed {seed}");
                }
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }
}
