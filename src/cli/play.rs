//! The playing commands: moves, perft, play, bench, trace.

use super::LoadArgs;
use crate::dispatch::Loaded;
use crate::engine::{Game, Move, State};
use crate::plan::{PassSet, Rules};
use crate::with_rules;
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
    /// Name moves by their sites, `FROM-TO` (-1: none), as Ludii's trace
    /// harness does; `--after` takes such keys as `@FROM-TO` (`@FROM-TO#N`: the N-th, from 0, of the moves with those sites; `@FROM-TO=C`: the first of them whose component is C).
    #[arg(long)]
    pub sites: bool,
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
    /// The agents, comma-separated, one per player (the last repeats):
    /// random, human, mc, mc:playouts=N, mcts, mcts:iters=N, mcts:time=SECS.
    #[arg(long, default_value = "random,random")]
    pub agents: String,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Show the board after each move (always with a human player).
    #[arg(long)]
    pub show: bool,
    /// Stop after this many moves.
    #[arg(long)]
    pub max_moves: Option<u32>,
    /// Write the game's record (JSON) to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
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
    /// Threads for the playouts (each its own seed: seed + thread index).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Also time one MCTS search of this many iterations from the start.
    #[arg(long, value_name = "N")]
    pub mcts_iters: Option<u32>,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub load: LoadArgs,
    #[command(flatten)]
    pub limits: Limits,
    /// The line of play, space-separated (FILE may instead be a game
    /// record, .json: its game and moves).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub moves: String,
}

pub fn load(load: &LoadArgs, limits: &Limits) -> Result<Game, String> {
    let mut g = crate::compile_file(&load.file, &load.choices()).map_err(|e| e.to_string())?;
    if let Some(t) = limits.max_turns {
        g.max_turns = t;
    }
    if let Some(d) = limits.max_decisions {
        g.max_decisions = d;
    }
    Ok(g)
}

/// [`load`], then the implementation that plays it: the engine with the
/// passes of `--passes`, or the reference interpreter (`--passes none`, or
/// a game using a ludeme the engine declines; see `src/dispatch.rs`).
pub fn load_rules(load_args: &LoadArgs, limits: &Limits) -> Result<Loaded, String> {
    let passes = if load_args.passes.is_empty() {
        PassSet::all()
    } else {
        PassSet::parse(&load_args.passes)?
    };
    let mut loaded = Loaded::new(load(load_args, limits)?, passes);
    if let Some(seed) = load_args.dice_seed {
        loaded.set_chance_seed(seed);
    }
    Ok(loaded)
}

/// Plays a space-separated line of moves; an illegal one is an error naming
/// it, its ply and the legal moves there.
pub fn play_line(game: &Game, line: &str) -> Result<(State, Vec<State>), String> {
    let mut states = Vec::new();
    let st = replay(game, line, &mut |_, s| states.push(s.clone()))?;
    Ok((st, states))
}

/// Plays the line from the start, calling `each` with every state (the
/// start, then after each move) as it is reached: no state is kept, so a
/// long line takes the memory of one state.
pub fn replay<R: Rules>(
    game: &R,
    line: &str,
    each: &mut dyn FnMut(usize, &R::State),
) -> Result<R::State, String> {
    let mut st = game.initial_state();
    each(0, &st);
    let mut ws = game.workspace();
    for (ply, text) in line.split_whitespace().enumerate() {
        let by_key = text.strip_prefix('@').map(|key| {
            // `@FROM-TO#N`: the N-th (from 0) of the moves with those sites;
            // `@FROM-TO=C`: the first of them whose component is C (a
            // promotion: Ludii's trace tells its picks apart by their text)
            let (key_n, what) = match key.split_once('=') {
                Some((k, w)) => (k, Some(w.parse::<u8>().ok())),
                None => (key, None),
            };
            let (sites, nth) = match key_n.split_once('#') {
                Some((s, n)) => (s, n.parse::<usize>().ok()),
                None => (key_n, Some(0)),
            };
            let found = crate::engine::parse_site_key(sites).and_then(|k| {
                game.legal(&st)
                    .into_iter()
                    .filter(|m| game.game().move_sites(m) == k)
                    .filter(|m| what.is_none_or(|w| w == Some(m.what)))
                    .nth(nth?)
            });
            found.ok_or_else(|| {
                format!(
                    "error: no legal move has the sites `{key}` at ply {ply} (P{} to move)\n  = {}\n",
                    game.mover(&st),
                    match game.outcome(&st) {
                        Some(o) => format!("note: the game is over ({})", o.text()),
                        None => format!("expected one of: {}", key_line(game, &st)),
                    }
                )
            })
        });
        if let Some(m) = by_key {
            game.play(&mut st, &m?, &mut ws);
            each(ply + 1, &st);
            continue;
        }
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
        each(ply + 1, &st);
    }
    Ok(st)
}

fn legal_line<R: Rules>(game: &R, st: &R::State, sites: bool) -> String {
    match game.outcome(st) {
        Some(o) => format!("over: {}", o.text()),
        None if sites => key_line(game, st),
        None => game.game().move_texts(&game.legal(st)).join(" "),
    }
}

/// The legal moves' site keys, sorted as Ludii's trace harness sorts them.
fn key_line<R: Rules>(game: &R, st: &R::State) -> String {
    let mut keys: Vec<(i64, i64)> = game
        .legal(st)
        .iter()
        .map(|m| game.game().move_sites(m))
        .collect();
    keys.sort_unstable();
    let keys: Vec<String> = keys.iter().map(|(f, t)| format!("{f}-{t}")).collect();
    keys.join(" ")
}

pub fn run_moves(a: &MovesArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| moves_on(r, a))
}

fn moves_on<R: Rules>(game: &R, a: &MovesArgs) -> Result<(), String> {
    use std::io::Write as _;
    // the line is checked whole first (an illegal move prints nothing),
    // then each ply's moves are written out as they are reached
    let st = replay(game, &a.after, &mut |_, _| {})?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if a.every_ply {
        let mut failed = false;
        replay(game, &a.after, &mut |k, s| {
            if !failed {
                failed = writeln!(out, "{k}: {}", legal_line(game, s, a.sites)).is_err();
            }
        })?;
    } else {
        match game.outcome(&st) {
            Some(o) => {
                let _ = writeln!(out, "over: {}", o.text());
            }
            None if a.sites => {
                for k in key_line(game, &st).split_whitespace() {
                    let _ = writeln!(out, "{k}");
                }
            }
            None => {
                let legal = game.legal(&st);
                crate::plan::check_move_limit(&legal)?;
                for t in game.game().move_texts(&legal) {
                    if writeln!(out, "{t}").is_err() {
                        break;
                    }
                }
            }
        }
    }
    let _ = out.flush();
    Ok(())
}

pub fn run_perft(a: &PerftArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| perft_on(r, a))
}

fn perft_on<R: Rules>(game: &R, a: &PerftArgs) -> Result<(), String> {
    let st = replay(game, &a.after, &mut |_, _| {})?;
    let mut ws = game.workspace();
    if a.divide {
        let legal = game.legal(&st);
        crate::plan::check_move_limit(&legal)?;
        let texts = game.game().move_texts(&legal);
        let mut total = 0;
        for (m, t) in legal.iter().zip(&texts) {
            let mut c = st.clone();
            game.play(&mut c, m, &mut ws);
            let n = game.perft_checked(&c, a.depth.saturating_sub(1), &mut ws)?;
            total += n;
            println!("{t} {n}");
        }
        println!("total {total}");
    } else {
        for d in 1..=a.depth {
            println!("{d} {}", game.perft_checked(&st, d, &mut ws)?);
        }
    }
    Ok(())
}

pub fn run_play(a: &PlayArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    let specs = crate::agents::parse_agents(&a.agents, loaded.game().players)?;
    let hash = match &a.record {
        Some(_) => Some(super::record::expanded_hash(&a.load)?),
        None => None,
    };
    with_rules!(&loaded, |r| play_on(r, &specs, hash, a))
}

/// `play` on either implementation: agents (search ones included) and the
/// human's turn loop, the same code for the engine and the reference
/// interpreter.
fn play_on<R: Rules + 'static>(
    rules: &R,
    specs: &[crate::agents::AgentSpec],
    hash: Option<String>,
    a: &PlayArgs,
) -> Result<(), String> {
    use crate::agents::human::{Typed, resolve};
    use crate::agents::{Agent, AgentSpec};
    use std::io::{BufRead, Write};
    let game = rules.game();
    let seat_seed = |p: usize| a.seed.wrapping_add(p as u64 * 7919);
    let mut agents: Vec<Option<Box<dyn Agent<R>>>> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| s.build(seat_seed(p)))
        .collect();
    let human = specs.contains(&AgentSpec::Human);
    let show = a.show || human;
    let mut input = std::io::stdin().lock();
    let echo_off = std::io::IsTerminal::is_terminal(&input);
    let mut out = std::io::stdout().lock();
    let mut st = rules.initial_state();
    let mut ws = rules.workspace();
    let mut legal = Vec::new();
    // the state before each move played, and the move's text
    let mut history: Vec<(R::State, String)> = Vec::new();
    let mut quit = false;
    let w = |e: std::io::Error| format!("error: cannot write the game: {e}");
    writeln!(out, "# {} ({})", game.name, options_text(game)).map_err(w)?;
    if show {
        write!(out, "{}", rules.picture(&st)).map_err(w)?;
    }
    while rules.outcome(&st).is_none() && a.max_moves.is_none_or(|m| (history.len() as u32) < m) {
        rules.legal_into(&st, &mut ws, &mut legal);
        crate::plan::check_move_limit(&legal)?;
        let who = rules.mover(&st);
        let i = match agents[who as usize - 1].as_mut() {
            Some(agent) => agent.choose(rules, &st, &legal, &mut ws),
            None => {
                write!(
                    out,
                    "P{who} to move ({} legal; `?` lists them, `undo`, `quit`): ",
                    legal.len()
                )
                .map_err(w)?;
                out.flush().map_err(w)?;
                let mut line = String::new();
                let read = input
                    .read_line(&mut line)
                    .map_err(|e| format!("error: cannot read a move: {e}"))?;
                if read == 0 {
                    writeln!(out, "\n(end of input)").map_err(w)?;
                    quit = true;
                    break;
                }
                let typed = line.trim();
                if !echo_off {
                    // piped input is not echoed: show it, for a readable transcript
                    writeln!(out, "{typed}").map_err(w)?;
                }
                let texts = game.move_texts(&legal);
                match typed.to_lowercase().as_str() {
                    "" => continue,
                    "?" | "help" => {
                        writeln!(out, "legal ({}): {}", legal.len(), texts.join(" ")).map_err(w)?;
                        continue;
                    }
                    "quit" | "exit" => {
                        quit = true;
                        break;
                    }
                    "undo" => {
                        let is_human =
                            |s: &R::State| specs[rules.mover(s) as usize - 1] == AgentSpec::Human;
                        match history.iter().rposition(|(s, _)| is_human(s)) {
                            None => writeln!(out, "nothing to undo").map_err(w)?,
                            Some(k) => {
                                st = history[k].0.clone();
                                history.truncate(k);
                                agents.iter_mut().flatten().for_each(|a| a.reset());
                                writeln!(
                                    out,
                                    "undone: back to ply {k}, P{} to move",
                                    rules.mover(&st)
                                )
                                .map_err(w)?;
                                write!(out, "{}", rules.picture(&st)).map_err(w)?;
                            }
                        }
                        continue;
                    }
                    _ => {}
                }
                match resolve(game, &legal, &texts, typed) {
                    Typed::Move(i) => i,
                    Typed::Ambiguous(v) => {
                        let list: Vec<&str> = v.iter().map(|&i| texts[i].as_str()).collect();
                        writeln!(out, "`{typed}` fits several moves: {}", list.join(" "))
                            .map_err(w)?;
                        continue;
                    }
                    Typed::Unknown(v) => {
                        let list: Vec<&str> = v.iter().map(|&i| texts[i].as_str()).collect();
                        writeln!(
                            out,
                            "`{typed}` is not a legal move for P{who} at move {}; nearest: {} (`?` lists all)",
                            history.len() + 1,
                            list.join(" ")
                        )
                        .map_err(w)?;
                        continue;
                    }
                }
            }
        };
        let text = game.move_text(&legal[i], &legal);
        let m: Move = legal[i];
        history.push((st.clone(), text.clone()));
        rules.play(&mut st, &m, &mut ws);
        agents
            .iter_mut()
            .flatten()
            .for_each(|a| a.observe(rules, &m));
        writeln!(out, "{}. P{who} {text}", history.len()).map_err(w)?;
        if show {
            write!(out, "{}", rules.picture(&st)).map_err(w)?;
        }
    }
    let n = history.len();
    let outcome = rules.outcome(&st);
    match outcome {
        Some(o) => {
            let v = rules.view(&st);
            let scores: Vec<String> = (1..=game.players)
                .map(|p| format!("P{p} {}", v.scores[p as usize]))
                .collect();
            writeln!(out, "result: {} (scores {})", o.text(), scores.join(", ")).map_err(w)?;
        }
        None if quit => writeln!(out, "quit after {n} moves").map_err(w)?,
        None => writeln!(out, "stopped after {n} moves").map_err(w)?,
    }
    if let (Some(path), Some(hash)) = (&a.record, hash) {
        let rec = super::record::GameRecord::new(
            &a.load,
            hash,
            game,
            specs.iter().map(|s| s.to_string()).collect(),
            a.seed,
            history.into_iter().map(|(_, t)| t).collect(),
            outcome.map(|o| o.text()),
        );
        rec.write(path)?;
    }
    Ok(())
}

pub fn options_text(game: &Game) -> String {
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

/// Most threads `bench` and `match` start.
pub const MAX_THREADS: usize = 256;

/// `playouts` random playouts from the start; the decisions made.
fn bench_playouts<R: Rules>(game: &R, playouts: u32, seed: u64) -> u64 {
    let mut agent = crate::agents::RandomAgent::new(seed);
    let mut ws = game.workspace();
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    let init = game.initial_state();
    let mut st = init.clone();
    for _ in 0..playouts {
        st.clone_from(&init);
        while game.outcome(&st).is_none() {
            game.legal_into(&st, &mut ws, &mut legal);
            if let Err(e) = crate::plan::check_move_limit(&legal) {
                // no game of this match or bench could go on: stop them all
                eprintln!("{e}");
                std::process::exit(1);
            }
            let i = agent.pick_index(legal.len());
            let m = legal[i];
            game.play(&mut st, &m, &mut ws);
            decisions += 1;
        }
    }
    decisions
}

pub fn run_bench(a: &BenchArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| {
        bench_on(r, a)?;
        match a.mcts_iters {
            Some(iters) => bench_mcts(r, a, iters),
            None => Ok(()),
        }
    })
}

fn bench_on<R: Rules + Sync>(rules: &R, a: &BenchArgs) -> Result<(), String> {
    let game = rules.game();
    if !(1..=MAX_THREADS).contains(&a.threads) {
        return Err(format!(
            "error: --threads {}: needs 1 to {MAX_THREADS}",
            a.threads
        ));
    }
    let start = Instant::now();
    let decisions = if a.threads == 1 {
        bench_playouts(rules, a.playouts, a.seed)
    } else {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(a.threads)
            .build()
            .map_err(|e| format!("error: cannot start {} threads: {e}", a.threads))?;
        let t = a.threads as u32;
        pool.install(|| {
            (0..t)
                .into_par_iter()
                .map(|k| {
                    let share = a.playouts / t + u32::from(k < a.playouts % t);
                    bench_playouts(rules, share, a.seed.wrapping_add(k as u64))
                })
                .sum()
        })
    };
    let secs = start.elapsed().as_secs_f64();
    println!("game: {} ({})", game.name, options_text(game));
    if a.threads > 1 {
        println!("threads: {}", a.threads);
    }
    println!("playouts: {}", a.playouts);
    println!("playouts/s: {:.0}", a.playouts as f64 / secs);
    println!("moves/s: {:.0}", decisions as f64 / secs);
    println!(
        "mean length: {:.1}",
        decisions as f64 / a.playouts.max(1) as f64
    );
    Ok(())
}

/// `bench --mcts-iters N`: one search of N iterations from the start.
fn bench_mcts<R: Rules>(game: &R, a: &BenchArgs, iters: u32) -> Result<(), String> {
    use crate::agents::Agent;
    let cfg = crate::agents::mcts::MctsConfig {
        iters: Some(iters),
        ..Default::default()
    };
    let mut agent = crate::agents::MctsAgent::<R>::new(a.seed, cfg);
    let st = game.initial_state();
    let legal = game.legal(&st);
    let mut ws = game.workspace();
    let start = Instant::now();
    if legal.len() > 1 {
        agent.choose(game, &st, &legal, &mut ws);
    }
    let secs = start.elapsed().as_secs_f64();
    println!("mcts iterations: {}", agent.iterations);
    println!(
        "mcts iterations/s: {:.0}",
        agent.iterations as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// A readable record of a line of play, for snapshot tests.
pub fn trace<R: Rules>(game: &R, line: &str) -> Result<String, String> {
    let mut out = Vec::new();
    trace_to(game, line, &mut out)?;
    Ok(String::from_utf8(out).expect("the trace is text"))
}

/// [`trace`], written to `w` ply by ply (the line is checked first: an
/// illegal move writes nothing). Stops writing at the first write error.
pub fn trace_to<R: Rules>(game: &R, line: &str, w: &mut dyn std::io::Write) -> Result<(), String> {
    replay(game, line, &mut |_, _| {})?;
    let moves: Vec<&str> = line.split_whitespace().collect();
    let g = game.game();
    let mut ok = writeln!(w, "# {} ({})", g.name, options_text(g)).is_ok();
    replay(game, line, &mut |k, s| {
        if !ok {
            return;
        }
        let mut out = String::new();
        let _ = writeln!(out, "\n== ply {k}");
        out.push_str(&game.picture(s));
        if game.outcome(s).is_none() {
            let legal = g.move_texts(&game.legal(s));
            let _ = writeln!(out, "legal ({}): {}", legal.len(), legal.join(" "));
        }
        if let Some(m) = moves.get(k) {
            let _ = writeln!(out, "> P{} plays {m}", game.mover(s));
        }
        ok = w.write_all(out.as_bytes()).is_ok();
    })?;
    Ok(())
}

pub fn run_trace(a: &TraceArgs) -> Result<(), String> {
    use std::io::Write as _;
    if a.load.file.extension().is_some_and(|e| e == "json") {
        let rec = super::record::GameRecord::read(&a.load.file)?;
        if !a.moves.is_empty() {
            return Err(
                "error: `trace RECORD.json` takes its moves from the record, not --moves".into(),
            );
        }
        let (load_args, limits) = rec.load_args(None);
        let loaded = load_rules(&load_args, &limits)?;
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        with_rules!(&loaded, |r| trace_to(r, &rec.moves.join(" "), &mut out))?;
        let _ = out.flush();
        return Ok(());
    }
    let loaded = load_rules(&a.load, &a.limits)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    with_rules!(&loaded, |r| trace_to(r, &a.moves, &mut out))?;
    let _ = out.flush();
    Ok(())
}
