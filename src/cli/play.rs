//! The playing commands: moves, perft, play, bench, trace.

use super::LoadArgs;
use crate::engine::{Game, Move, State};
use crate::plan::{PassSet, Reference, Rules};
use clap::Args;
use std::fmt::Write;
use std::time::Instant;

/// Length-limit overrides every playing command takes.
#[derive(Args, Debug, Clone, Default)]
pub struct Limits {
    /// Turns after which the game is a draw (default 2500 for two players).
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u32>,
    /// Decisions after which the game is a draw (default 10000).
    #[arg(long, value_name = "N")]
    pub max_decisions: Option<u32>,
    /// Which implementation plays: `none` (the reference interpreter
    /// alone), `all` (the default engine), `-NAME,...` (all but those
    /// passes) or `NAME,...` (only those); passes: fast, fastgen, dedup.
    #[arg(
        long,
        value_name = "none|all|-NAME",
        default_value = "all",
        allow_hyphen_values = true
    )]
    pub passes: String,
}

/// Runs `$body` with `$r` bound to the implementation `--passes` names:
/// the reference interpreter, the default engine, or the engine with
/// some passes off.
macro_rules! with_rules {
    ($game:expr, $limits:expr, |$r:ident| $body:expr) => {{
        let passes = PassSet::parse(&$limits.passes)?;
        if passes.is_none() {
            let $r = &Reference::new(&$game);
            $body
        } else if passes == PassSet::all() {
            let $r = &$game;
            $body
        } else {
            let $r = &$game.with_passes(passes);
            $body
        }
    }};
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// Moves to play first, space-separated.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub after: String,
    /// For each ply k, print `k: ` and the legal moves before move k+1.
    #[arg(long)]
    pub every_ply: bool,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// Depth.
    pub depth: u32,
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub after: String,
    /// Print the count under each root move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// The agents, comma-separated, one per player: random, mc, mcN.
    #[arg(long, default_value = "random,random")]
    pub agents: String,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Show the board after each move.
    #[arg(long)]
    pub show: bool,
    /// Stop after this many moves.
    #[arg(long)]
    pub max_moves: Option<u32>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    #[arg(long, default_value_t = 2000)]
    pub playouts: u32,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// The line of play, space-separated.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
}

pub fn load(load: &LoadArgs, limits: &Limits) -> Result<Game, String> {
    let mut g = crate::load_file(&load.file, &load.choices()).map_err(|e| e.to_string())?;
    if let Some(t) = limits.max_turns {
        g.max_turns = t;
    }
    if let Some(d) = limits.max_decisions {
        g.max_decisions = d;
    }
    Ok(g)
}

/// Plays a space-separated line of moves; an illegal one is an error naming
/// it, its ply and the legal moves there.
pub fn play_line(game: &Game, line: &str) -> Result<(State, Vec<State>), String> {
    play_line_with(game, line)
}

/// [`play_line`] with any implementation of the rules.
pub fn play_line_with<R: Rules>(game: &R, line: &str) -> Result<(R::State, Vec<R::State>), String> {
    let mut st = game.initial_state();
    let mut states = vec![st.clone()];
    let mut ws = game.workspace();
    for (ply, text) in line.split_whitespace().enumerate() {
        let m = game.parse_move(&st, text).map_err(|d| {
            let mut s = format!(
                "error: illegal move `{text}` at ply {ply} (P{} to move)\n",
                game.mover(&st)
            );
            if let Some(o) = game.outcome(&st) {
                s.push_str(&format!("  = note: the game is over ({})\n", o.text()));
            } else if let Some(e) = d.expected {
                s.push_str(&format!("  = expected {e}\n"));
            }
            s
        })?;
        game.play(&mut st, &m, &mut ws);
        states.push(st.clone());
    }
    Ok((st, states))
}

fn legal_line<R: Rules>(game: &R, st: &R::State) -> String {
    match game.outcome(st) {
        Some(o) => format!("over: {}", o.text()),
        None => game.game().move_texts(&game.legal(st)).join(" "),
    }
}

pub fn run_moves(a: &MovesArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    with_rules!(game, a.limits, |r| moves_with(r, a))
}

fn moves_with<R: Rules>(game: &R, a: &MovesArgs) -> Result<(), String> {
    let (st, states) = play_line_with(game, &a.after)?;
    let mut out = String::new();
    if a.every_ply {
        for (k, s) in states.iter().enumerate() {
            let _ = writeln!(out, "{k}: {}", legal_line(game, s));
        }
    } else {
        match game.outcome(&st) {
            Some(o) => {
                let _ = writeln!(out, "over: {}", o.text());
            }
            None => {
                for t in game.game().move_texts(&game.legal(&st)) {
                    let _ = writeln!(out, "{t}");
                }
            }
        }
    }
    print!("{out}");
    Ok(())
}

pub fn run_perft(a: &PerftArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    with_rules!(game, a.limits, |r| perft_with(r, a))
}

fn perft_with<R: Rules>(game: &R, a: &PerftArgs) -> Result<(), String> {
    let (st, _) = play_line_with(game, &a.after)?;
    let mut ws = game.workspace();
    if a.divide {
        let legal = game.legal(&st);
        let texts = game.game().move_texts(&legal);
        let mut total = 0;
        for (m, t) in legal.iter().zip(&texts) {
            let mut c = st.clone();
            game.play(&mut c, m, &mut ws);
            let n = game.perft(&c, a.depth.saturating_sub(1), &mut ws);
            total += n;
            println!("{t} {n}");
        }
        println!("total {total}");
    } else {
        for d in 1..=a.depth {
            println!("{d} {}", game.perft(&st, d, &mut ws));
        }
    }
    Ok(())
}

pub fn run_play(a: &PlayArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    with_rules!(game, a.limits, |r| play_with(r, a))
}

fn play_with<R: Rules + 'static>(rules: &R, a: &PlayArgs) -> Result<(), String> {
    let game = rules.game();
    let names: Vec<&str> = a.agents.split(',').map(str::trim).collect();
    let mut agents = Vec::new();
    for p in 0..game.players as usize {
        let name = names.get(p).or(names.last()).copied().unwrap_or("random");
        let agent = crate::agents::by_name::<R>(name, a.seed.wrapping_add(p as u64 * 7919))
            .ok_or_else(|| format!("error: unknown agent `{name}`\n  = expected one of: random, mc, mcN (e.g. mc50)\n"))?;
        agents.push(agent);
    }
    let mut st = rules.initial_state();
    let mut ws = rules.workspace();
    let mut legal = Vec::new();
    let mut n = 0;
    println!("# {} ({})", game.name, options_text(game));
    if a.show {
        print!("{}", rules.picture(&st));
    }
    while rules.outcome(&st).is_none() && a.max_moves.is_none_or(|m| n < m) {
        rules.legal_into(&st, &mut ws, &mut legal);
        let who = rules.mover(&st);
        let i = agents[who as usize - 1].choose(rules, &st, &legal, &mut ws);
        let text = game.move_text(&legal[i], &legal);
        let m: Move = legal[i];
        rules.play(&mut st, &m, &mut ws);
        n += 1;
        println!("{n}. P{who} {text}");
        if a.show {
            print!("{}", rules.picture(&st));
        }
    }
    match rules.outcome(&st) {
        Some(o) => {
            let view = rules.view(&st);
            let scores: Vec<String> = (1..=game.players)
                .map(|p| format!("P{p} {}", view.scores[p as usize]))
                .collect();
            println!("result: {} (scores {})", o.text(), scores.join(", "));
        }
        None => println!("stopped after {n} moves"),
    }
    Ok(())
}

fn options_text(game: &Game) -> String {
    if game.options.is_empty() {
        "no options".into()
    } else {
        game.options
            .iter()
            .map(|(h, i)| format!("{h}/{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

pub fn run_bench(a: &BenchArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    with_rules!(game, a.limits, |r| bench_with(r, a))
}

fn bench_with<R: Rules>(rules: &R, a: &BenchArgs) -> Result<(), String> {
    let mut agent = crate::agents::RandomAgent::new(a.seed);
    use crate::agents::Agent;
    let mut ws = rules.workspace();
    let mut legal = Vec::new();
    let start = Instant::now();
    let mut decisions = 0u64;
    let init = rules.initial_state();
    let mut st = init.clone();
    for _ in 0..a.playouts {
        st.clone_from(&init);
        while rules.outcome(&st).is_none() {
            rules.legal_into(&st, &mut ws, &mut legal);
            let i = agent.choose(rules, &st, &legal, &mut ws);
            let m = legal[i];
            rules.play(&mut st, &m, &mut ws);
            decisions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let game = rules.game();
    println!("game: {} ({})", game.name, options_text(game));
    println!("playouts: {}", a.playouts);
    println!("playouts/s: {:.0}", a.playouts as f64 / secs);
    println!("moves/s: {:.0}", decisions as f64 / secs);
    println!(
        "mean length: {:.1}",
        decisions as f64 / a.playouts.max(1) as f64
    );
    Ok(())
}

/// A readable record of a line of play, for snapshot tests.
pub fn trace(game: &Game, line: &str) -> Result<String, String> {
    trace_with(game, line)
}

/// [`trace`] with any implementation of the rules.
pub fn trace_with<R: Rules>(rules: &R, line: &str) -> Result<String, String> {
    let game = rules.game();
    let (_, states) = play_line_with(rules, line)?;
    let moves: Vec<&str> = line.split_whitespace().collect();
    let mut out = String::new();
    let _ = writeln!(out, "# {} ({})", game.name, options_text(game));
    for (k, s) in states.iter().enumerate() {
        let _ = writeln!(out, "\n== ply {k}");
        out.push_str(&rules.picture(s));
        if rules.outcome(s).is_none() {
            let legal = game.move_texts(&rules.legal(s));
            let _ = writeln!(out, "legal ({}): {}", legal.len(), legal.join(" "));
        }
        if let Some(m) = moves.get(k) {
            let _ = writeln!(out, "> P{} plays {m}", rules.mover(s));
        }
    }
    Ok(out)
}

pub fn run_trace(a: &TraceArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    let text = with_rules!(game, a.limits, |r| trace_with(r, &a.moves))?;
    print!("{text}");
    Ok(())
}
