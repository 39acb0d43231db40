//! `ludeme match FILE --agents A,B [--games N] [--threads T] [--swap]
//! [--json] [--records DIR]`: many games between agents, in parallel, and
//! the numbers a designer reads: wins per agent and seat, draws, length,
//! the first player's win rate with its 95 % interval, time per move.
//!
//! Game `i` has its own seed, [`game_seed`]`(seed, i)`, and seat `p`'s
//! agent is seeded as `ludeme play --seed GAME_SEED` seeds it, so a match's
//! games (and so its numbers, times aside) are the same whatever the thread
//! count, and any one game is `play`ed again by its seed.

use super::LoadArgs;
use super::play::{Limits, load_rules, options_text};
use super::record::{GameRecord, expanded_hash};
use crate::agents::{AgentSpec, parse_agents};
use crate::engine::{Game, Move, PlayerResult};
use crate::plan::Rules;
use crate::with_rules;
use clap::Args;
use serde::Serialize;
use std::fmt::Write;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// The agents, comma-separated, one per seat (see `play --agents`).
    #[arg(long)]
    pub agents: String,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Rotate the agents over the seats from game to game.
    #[arg(long)]
    pub swap: bool,
    /// The match's seed (each game's seed is derived from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print the numbers as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Write each game's record to DIR/game-NNNN.json.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

/// Game `i`'s seed: SplitMix64 of the match seed and the index.
pub fn game_seed(seed: u64, i: u32) -> u64 {
    let mut z = seed.wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One game of a match.
#[derive(Serialize, Debug, Clone)]
pub struct GameSummary {
    pub index: u32,
    pub seed: u64,
    /// Agent index (into the match's list) per seat.
    pub seats: Vec<usize>,
    /// `P1`, `draw`, …
    pub result: String,
    pub length: u32,
    #[serde(skip)]
    results: Vec<PlayerResult>,
    #[serde(skip)]
    think: Vec<(f64, u32)>,
    #[serde(skip)]
    moves: Vec<String>,
}

fn play_one<R: Rules + 'static>(
    rules: &R,
    specs: &[AgentSpec],
    seats: Vec<usize>,
    index: u32,
    seed: u64,
    texts: bool,
) -> GameSummary {
    let mut agents: Vec<_> = seats
        .iter()
        .enumerate()
        .map(|(p, &a)| {
            specs[a]
                .build(seed.wrapping_add(p as u64 * 7919))
                .expect("match agents are not human")
        })
        .collect();
    let game = rules.game();
    let mut think = vec![(0.0, 0u32); specs.len()];
    let mut st = rules.initial_state();
    let mut ws = rules.workspace();
    let mut legal = Vec::new();
    let mut moves = Vec::new();
    let mut length = 0;
    while rules.outcome(&st).is_none() {
        rules.legal_into(&st, &mut ws, &mut legal);
        if let Err(e) = crate::plan::check_move_limit(&legal) {
            // no game of this match or bench could go on: stop them all
            eprintln!("{e}");
            std::process::exit(1);
        }
        let seat = rules.mover(&st) as usize - 1;
        let t = Instant::now();
        let i = agents[seat].choose(rules, &st, &legal, &mut ws);
        let a = &mut think[seats[seat]];
        a.0 += t.elapsed().as_secs_f64();
        a.1 += 1;
        if texts {
            moves.push(game.move_text(&legal[i], &legal));
        }
        let m: Move = legal[i];
        rules.play(&mut st, &m, &mut ws);
        agents.iter_mut().for_each(|a| a.observe(rules, &m));
        length += 1;
    }
    let o = rules.outcome(&st).expect("the loop ends with the game");
    GameSummary {
        index,
        seed,
        seats,
        result: o.text(),
        length,
        results: (1..=game.players as usize).map(|p| o.results[p]).collect(),
        think,
        moves,
    }
}

#[derive(Serialize, Debug)]
pub struct AgentLine {
    pub agent: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// (wins + draws / 2) / games.
    pub score: f64,
    /// Per seat: games played there, and won.
    pub games_by_seat: Vec<u32>,
    pub wins_by_seat: Vec<u32>,
    /// Mean seconds per decision (not deterministic).
    pub seconds_per_move: f64,
}

#[derive(Serialize, Debug)]
pub struct MatchSummary {
    pub game: String,
    pub options: String,
    pub games: u32,
    pub seed: u64,
    pub swap: bool,
    pub agents: Vec<AgentLine>,
    /// Games won by the player in each seat.
    pub wins_by_seat: Vec<u32>,
    /// Games with no single winner.
    pub draws: u32,
    pub length_mean: f64,
    pub length_min: u32,
    pub length_max: u32,
    pub first_player_win_rate: f64,
    /// Wilson score interval, 95 %.
    pub first_player_ci95: [f64; 2],
    pub game_list: Vec<GameSummary>,
}

/// The Wilson score interval for `k` successes in `n` trials (z = 1.96).
pub fn wilson(k: u32, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (k as f64, n as f64, 1.959_963_985);
    let p = k / n;
    let den = 1.0 + z * z / n;
    let mid = (p + z * z / (2.0 * n)) / den;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / den;
    [(mid - half).max(0.0), (mid + half).min(1.0)]
}

fn summarize(
    game: &Game,
    a: &MatchArgs,
    specs: &[AgentSpec],
    list: Vec<GameSummary>,
) -> MatchSummary {
    let players = game.players as usize;
    let mut agents: Vec<AgentLine> = specs
        .iter()
        .map(|s| AgentLine {
            agent: s.to_string(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            score: 0.0,
            games_by_seat: vec![0; players],
            wins_by_seat: vec![0; players],
            seconds_per_move: 0.0,
        })
        .collect();
    let mut think = vec![(0.0, 0u32); specs.len()];
    let mut wins_by_seat = vec![0; players];
    let mut draws = 0;
    for g in &list {
        let mut counted = vec![false; specs.len()];
        for (seat, &ai) in g.seats.iter().enumerate() {
            let line = &mut agents[ai];
            // an agent in several seats counts the game once, by its best seat
            line.games_by_seat[seat] += 1;
            let r = g.results[seat];
            if r == PlayerResult::Win {
                line.wins_by_seat[seat] += 1;
                wins_by_seat[seat] += 1;
            }
            if !counted[ai] {
                counted[ai] = true;
                line.games += 1;
                let best = g
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|&(_, &x)| x == ai)
                    .map(|(s, _)| g.results[s])
                    .min_by_key(|r| match r {
                        PlayerResult::Win => 0,
                        PlayerResult::Draw => 1,
                        PlayerResult::Loss => 2,
                    })
                    .unwrap_or(r);
                match best {
                    PlayerResult::Win => line.wins += 1,
                    PlayerResult::Draw => line.draws += 1,
                    PlayerResult::Loss => line.losses += 1,
                }
            }
        }
        if g.results
            .iter()
            .filter(|&&r| r == PlayerResult::Win)
            .count()
            != 1
        {
            draws += 1;
        }
        for (t, x) in think.iter_mut().zip(&g.think) {
            t.0 += x.0;
            t.1 += x.1;
        }
    }
    for (line, t) in agents.iter_mut().zip(&think) {
        line.score = if line.games == 0 {
            0.0
        } else {
            (line.wins as f64 + line.draws as f64 / 2.0) / line.games as f64
        };
        line.seconds_per_move = if t.1 == 0 { 0.0 } else { t.0 / t.1 as f64 };
    }
    let n = list.len() as u32;
    let lens = list.iter().map(|g| g.length);
    let first = wins_by_seat.first().copied().unwrap_or(0);
    MatchSummary {
        game: game.name.clone(),
        options: options_text(game),
        games: n,
        seed: a.seed,
        swap: a.swap,
        agents,
        wins_by_seat,
        draws,
        length_mean: if n == 0 {
            0.0
        } else {
            lens.clone().map(f64::from).sum::<f64>() / n as f64
        },
        length_min: lens.clone().min().unwrap_or(0),
        length_max: lens.max().unwrap_or(0),
        first_player_win_rate: if n == 0 { 0.0 } else { first as f64 / n as f64 },
        first_player_ci95: wilson(first, n),
        game_list: list,
    }
}

/// The match's table (the last line, `time per move`, is the only one
/// that depends on the clock).
pub fn table(s: &MatchSummary) -> String {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "match: {} ({}), {} games, seed {}{}",
        s.game,
        s.options,
        s.games,
        s.seed,
        if s.swap { ", seats rotated" } else { "" }
    );
    let label = |i: usize| format!("{} {}", (b'A' + i as u8) as char, s.agents[i].agent);
    let width = (0..s.agents.len())
        .map(|i| label(i).len())
        .max()
        .unwrap_or(0)
        .max(5);
    let _ = writeln!(
        out,
        "\n{:width$}  games   wins  draws losses   score",
        "agent"
    );
    for (i, l) in s.agents.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:width$}  {:5}  {:5}  {:5}  {:5}  {:>6}",
            label(i),
            l.games,
            l.wins,
            l.draws,
            l.losses,
            pct(l.score)
        );
    }
    let seats = s.wins_by_seat.len();
    let mut head = format!("\n{:width$}", "wins by seat");
    for p in 1..=seats {
        let _ = write!(head, "  {:>9}", format!("as P{p}"));
    }
    let _ = writeln!(out, "{head}");
    for (i, l) in s.agents.iter().enumerate() {
        let mut row = format!("{:width$}", label(i));
        for p in 0..seats {
            let _ = write!(
                row,
                "  {:>9}",
                format!("{}/{}", l.wins_by_seat[p], l.games_by_seat[p])
            );
        }
        let _ = writeln!(out, "{row}");
    }
    let mut row = format!("{:width$}", "all");
    for p in 0..seats {
        let _ = write!(row, "  {:>9}", format!("{}/{}", s.wins_by_seat[p], s.games));
    }
    let _ = writeln!(out, "{row}");
    let _ = writeln!(out, "\ndraws: {} of {} games", s.draws, s.games);
    let _ = writeln!(
        out,
        "length (moves): mean {:.1}, min {}, max {}",
        s.length_mean, s.length_min, s.length_max
    );
    let _ = writeln!(
        out,
        "first player wins: {} ({} of {}; 95% CI {}-{}, Wilson)",
        pct(s.first_player_win_rate),
        s.wins_by_seat.first().copied().unwrap_or(0),
        s.games,
        pct(s.first_player_ci95[0]),
        pct(s.first_player_ci95[1])
    );
    let times: Vec<String> = s
        .agents
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "{} {:.3} ms",
                (b'A' + i as u8) as char,
                1000.0 * l.seconds_per_move
            )
        })
        .collect();
    let _ = writeln!(out, "time per move: {}", times.join(", "));
    out
}

pub fn run_match(a: &MatchArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| match_on(r, a))
}

/// `match` on either implementation (the engine, or the reference
/// interpreter for a game it declines): the same agents and numbers.
fn match_on<R: Rules + Sync + 'static>(rules: &R, a: &MatchArgs) -> Result<(), String> {
    use rayon::prelude::*;
    let game = rules.game();
    let names: Vec<&str> = a.agents.split(',').map(str::trim).collect();
    if names.len() != game.players as usize {
        return Err(format!(
            "error: `--agents {}` names {} agents; {} has {} seats (one agent per seat)",
            a.agents,
            names.len(),
            game.name,
            game.players
        ));
    }
    let specs = parse_agents(&a.agents, game.players)?;
    if specs.contains(&AgentSpec::Human) {
        return Err("error: `human` cannot play in a match (use `ludeme play`)".into());
    }
    if let Some(t) = a.threads
        && !(1..=super::play::MAX_THREADS).contains(&t)
    {
        return Err(format!(
            "error: --threads {t}: needs 1 to {}",
            super::play::MAX_THREADS
        ));
    }
    let hash = match &a.records {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("error: cannot make {}: {e}", dir.display()))?;
            Some(expanded_hash(&a.load)?)
        }
        None => None,
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = a.threads {
        pool = pool.num_threads(t);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("error: cannot start the threads: {e}"))?;
    let players = game.players as usize;
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(a.games as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} elapsed, ~{eta} left",
            )
            .expect("a valid template"),
        );
        Some(b)
    } else {
        None
    };
    let done = std::sync::atomic::AtomicU32::new(0);
    let list: Vec<GameSummary> = pool.install(|| {
        (0..a.games)
            .into_par_iter()
            .map(|i| {
                let seats: Vec<usize> = (0..players)
                    .map(|p| {
                        if a.swap {
                            (p + i as usize) % players
                        } else {
                            p
                        }
                    })
                    .collect();
                let g = play_one(
                    rules,
                    &specs,
                    seats,
                    i,
                    game_seed(a.seed, i),
                    hash.is_some(),
                );
                let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                match &bar {
                    Some(b) => b.inc(1),
                    None => eprintln!(
                        "[{k}/{}] game {}: {} in {} moves",
                        a.games,
                        i + 1,
                        g.result,
                        g.length
                    ),
                }
                g
            })
            .collect()
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let (Some(dir), Some(hash)) = (&a.records, &hash) {
        for g in &list {
            let agents = g.seats.iter().map(|&ai| specs[ai].to_string()).collect();
            let rec = GameRecord::new(
                &a.load,
                hash.clone(),
                game,
                agents,
                g.seed,
                g.moves.clone(),
                Some(g.result.clone()),
            );
            rec.write(&dir.join(format!("game-{:04}.json", g.index + 1)))?;
        }
    }
    let summary = summarize(game, a, &specs, list);
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&summary).expect("a summary serializes")
        );
    } else {
        print!("{}", table(&summary));
    }
    Ok(())
}
