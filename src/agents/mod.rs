//! Players. One trait, [`Agent`], and one file per agent: [`random`]
//! (uniform), [`flat_mc`] (flat Monte-Carlo), [`mcts`] (UCT). A person at
//! the terminal is not an agent here: [`human`] reads and resolves typed
//! moves for `ludeme play`, which runs the turn loop (undo, quit).
//!
//! The agents are generic over [`Rules`]: the same code searches on the
//! engine ([`Game`](crate::engine::Game)), on the reference interpreter
//! ([`crate::plan::Reference`]) and on either through
//! [`crate::dispatch::Loaded`] (monomorphised per implementation, so the
//! engine pays nothing for it).
//!
//! Agents are named on the command line by a spec string, [`AgentSpec`]:
//! `random`, `mc`, `mc:playouts=1000`, `mcts`, `mcts:iters=2000`,
//! `mcts:time=0.5`, `mcts:iters=1000:c=0.7`, `human` (and the old `mcN`,
//! N playouts per legal move).

use crate::engine::{Move, Outcome, PlayerResult};
use crate::plan::Rules;
use rand::Rng;
use rand::RngCore;
use rand::rngs::SmallRng;

pub mod flat_mc;
pub mod human;
pub mod mcts;
pub mod random;

pub use flat_mc::FlatMcAgent;
pub use mcts::MctsAgent;
pub use random::RandomAgent;

/// Something that picks a move in a game played by the implementation `R`.
pub trait Agent<R: Rules> {
    /// Index into `legal` of the chosen move (`legal` is never empty; it is
    /// `game.legal(st)` in generation order).
    fn choose(&mut self, game: &R, st: &R::State, legal: &[Move], ws: &mut R::Ws) -> usize;
    /// The agent's spec string (`random`, `mcts:iters=1000`, …).
    fn name(&self) -> String;
    /// Told of every move played in the game (by anyone), after `choose`;
    /// a search agent keeps the subtree below it.
    fn observe(&mut self, _game: &R, _m: &Move) {}
    /// The game jumped (an undo): forget anything kept about positions.
    fn reset(&mut self) {}
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
pub(crate) fn pick(rng: &mut SmallRng, n: usize) -> usize {
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

/// Plays uniformly random moves from `st` until the game is over.
pub(crate) fn random_playout<R: Rules>(
    game: &R,
    st: &mut R::State,
    rng: &mut SmallRng,
    ws: &mut R::Ws,
    buf: &mut Vec<Move>,
) {
    while game.outcome(st).is_none() {
        game.legal_into(st, ws, buf);
        let m = buf[pick(rng, buf.len())];
        game.play(st, &m, ws);
    }
}

/// Each player's score of a finished game: 1 for a win, ½ for a draw, 0
/// for a loss (index 1..=players; 0 unused).
pub(crate) fn scores(o: &Outcome) -> [f64; crate::engine::MAX_PLAYERS + 1] {
    let mut s = [0.0; crate::engine::MAX_PLAYERS + 1];
    let n = o.players as usize + 1;
    for (x, r) in s.iter_mut().zip(&o.results).take(n).skip(1) {
        *x = match r {
            PlayerResult::Win => 1.0,
            PlayerResult::Draw => 0.5,
            PlayerResult::Loss => 0.0,
        };
    }
    s
}

/// An agent named on the command line, before it is made.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    Random,
    /// Flat Monte-Carlo. `per_move`: the old `mcN`, N playouts for every
    /// legal move; otherwise `playouts` in all per decision, dealt round
    /// robin over the legal moves.
    FlatMc {
        playouts: u32,
        per_move: bool,
    },
    Mcts(mcts::MctsConfig),
    Human,
}

/// What the spec strings look like, for error messages.
pub const SPEC_HELP: &str = "random, human, mc, mc:playouts=N, mcN, mcts, \
     mcts:iters=N, mcts:time=SECS, mcts:c=X (keys joined by `:`, e.g. mcts:iters=500:c=0.7)";

impl AgentSpec {
    /// Parses `name[:key=value]*`.
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let text = text.trim();
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or("");
        let mut keys = Vec::new();
        for kv in parts {
            let (k, v) = kv.split_once('=').ok_or_else(|| {
                format!("agent `{text}`: `{kv}` is not KEY=VALUE\n  = expected one of: {SPEC_HELP}")
            })?;
            keys.push((k.trim(), v.trim()));
        }
        let bad_key = |k: &str, allowed: &str| {
            format!("agent `{text}`: unknown key `{k}` (`{name}` takes {allowed})")
        };
        let num = |k: &str, v: &str| -> Result<f64, String> {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("agent `{text}`: `{k}={v}` needs a number ≥ 0"))
        };
        let int = |k: &str, v: &str| -> Result<u32, String> {
            v.parse::<u32>()
                .ok()
                .filter(|&x| x > 0)
                .ok_or_else(|| format!("agent `{text}`: `{k}={v}` needs a whole number ≥ 1"))
        };
        match name {
            "random" | "human" => {
                if let Some((k, _)) = keys.first() {
                    return Err(bad_key(k, "no keys"));
                }
                Ok(if name == "random" {
                    AgentSpec::Random
                } else {
                    AgentSpec::Human
                })
            }
            "mc" => {
                let mut playouts = None;
                for (k, v) in keys {
                    match k {
                        "playouts" => playouts = Some(int(k, v)?),
                        _ => return Err(bad_key(k, "`playouts`")),
                    }
                }
                Ok(match playouts {
                    Some(p) => AgentSpec::FlatMc {
                        playouts: p,
                        per_move: false,
                    },
                    None => AgentSpec::FlatMc {
                        playouts: 20,
                        per_move: true,
                    },
                })
            }
            "mcts" => {
                let mut cfg = mcts::MctsConfig::default();
                for (k, v) in keys {
                    match k {
                        "iters" => cfg.iters = Some(int(k, v)?),
                        "time" => {
                            let t = num(k, v)?;
                            if t <= 0.0 || t > 86_400.0 {
                                return Err(format!(
                                    "agent `{text}`: `time={v}` needs seconds in (0, 86400]"
                                ));
                            }
                            cfg.time = Some(t);
                        }
                        "c" => cfg.c = num(k, v)?,
                        _ => return Err(bad_key(k, "`iters`, `time`, `c`")),
                    }
                }
                if cfg.time.is_none() && cfg.iters.is_none() {
                    cfg.iters = Some(mcts::DEFAULT_ITERS);
                }
                Ok(AgentSpec::Mcts(cfg))
            }
            _ => {
                if let Some(n) = name.strip_prefix("mc").and_then(|n| n.parse::<u32>().ok())
                    && n > 0
                    && keys.is_empty()
                {
                    return Ok(AgentSpec::FlatMc {
                        playouts: n,
                        per_move: true,
                    });
                }
                Err(format!(
                    "unknown agent `{text}`\n  = expected one of: {SPEC_HELP}"
                ))
            }
        }
    }

    /// Makes the agent for a game played by `R` (None for a human: `play`
    /// reads the terminal).
    pub fn build<R: Rules + 'static>(&self, seed: u64) -> Option<Box<dyn Agent<R>>> {
        match self {
            AgentSpec::Random => Some(Box::new(RandomAgent::new(seed))),
            AgentSpec::FlatMc { playouts, per_move } => Some(Box::new(if *per_move {
                FlatMcAgent::new(seed, *playouts)
            } else {
                FlatMcAgent::with_budget(seed, *playouts)
            })),
            AgentSpec::Mcts(cfg) => Some(Box::new(MctsAgent::<R>::new(seed, cfg.clone()))),
            AgentSpec::Human => None,
        }
    }

    /// Whether the agent's moves depend on the clock (a time budget).
    pub fn timed(&self) -> bool {
        matches!(self, AgentSpec::Mcts(c) if c.time.is_some())
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Human => write!(f, "human"),
            AgentSpec::FlatMc {
                playouts,
                per_move: true,
            } => write!(f, "mc{playouts}"),
            AgentSpec::FlatMc { playouts, .. } => write!(f, "mc:playouts={playouts}"),
            AgentSpec::Mcts(c) => write!(f, "{}", c.spec()),
        }
    }
}

/// Splits `--agents A,B,…` into one spec per player: fewer names than
/// players repeat the last; more are an error.
pub fn parse_agents(list: &str, players: u8) -> Result<Vec<AgentSpec>, String> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.len() > players as usize {
        return Err(format!(
            "error: {} agents named for a game of {players} players (`{list}`)",
            names.len()
        ));
    }
    let mut specs = Vec::new();
    for p in 0..players as usize {
        let name = names.get(p).or(names.last()).copied().unwrap_or("random");
        specs.push(AgentSpec::parse(name).map_err(|e| format!("error: {e}\n"))?);
    }
    Ok(specs)
}

/// An agent from its command-line name (see [`AgentSpec::parse`]); None for
/// an unknown name or `human`.
pub fn by_name<R: Rules + 'static>(name: &str, seed: u64) -> Option<Box<dyn Agent<R>>> {
    AgentSpec::parse(name).ok()?.build(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

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

    #[test]
    fn specs_parse_and_print() {
        for (text, shown) in [
            ("random", "random"),
            ("human", "human"),
            ("mc", "mc20"),
            ("mc50", "mc50"),
            ("mc:playouts=1000", "mc:playouts=1000"),
            ("mcts", "mcts:iters=1000"),
            ("mcts:iters=2000", "mcts:iters=2000"),
            ("mcts:time=0.5", "mcts:time=0.5"),
            ("mcts:iters=10:c=0.7", "mcts:iters=10:c=0.7"),
            (" mcts:c=1.41421356 ", "mcts:iters=1000"),
        ] {
            let s = AgentSpec::parse(text).unwrap();
            assert_eq!(s.to_string(), shown, "{text}");
            assert_eq!(AgentSpec::parse(shown).unwrap().to_string(), shown);
        }
        for bad in [
            "",
            "nobody",
            "mcts:iters=0",
            "mcts:iters=x",
            "mcts:time=-1",
            "mcts:depth=3",
            "mcts:iters",
            "random:x=1",
            "mc0",
            "mc:playouts=0",
        ] {
            assert!(AgentSpec::parse(bad).is_err(), "{bad}");
        }
        assert!(parse_agents("random,random,random", 2).is_err());
        assert_eq!(parse_agents("mcts", 2).unwrap().len(), 2);
    }
}
