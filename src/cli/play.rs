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
    /// harness does; `--after` takes such keys as `@FROM-TO`.
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

/// [`load`], then the implementation that plays it: the engine with the
/// passes of `--passes`, or the reference interpreter (`--passes none`, or
/// a game using a ludeme the engine declines; see `src/dispatch.rs`).
pub fn load_rules(load_args: &LoadArgs, limits: &Limits) -> Result<Loaded, String> {
    let passes = if load_args.passes.is_empty() {
        PassSet::all()
    } else {
        PassSet::parse(&load_args.passes)?
    };
    Ok(Loaded::new(load(load_args, limits)?, passes))
}

/// Plays a space-separated line of moves; an illegal one is an error naming
/// it, its ply and the legal moves there.
pub fn play_line(game: &Game, line: &str) -> Result<(State, Vec<State>), String> {
    play_line_on(game, line)
}

/// [`play_line`] on any implementation of the rules.
pub fn play_line_on<R: Rules>(r: &R, line: &str) -> Result<(R::State, Vec<R::State>), String> {
    let game = r.game();
    let mut st = r.initial_state();
    let mut states = vec![st.clone()];
    let mut ws = r.workspace();
    for (ply, text) in line.split_whitespace().enumerate() {
        if let Some(key) = text.strip_prefix('@') {
            let legal = r.legal(&st);
            let found = parse_key(key)
                .and_then(|k| legal.iter().copied().find(|m| game.move_sites(m) == k));
            let m = found.ok_or_else(|| {
                format!(
                    "error: no legal move has the sites `{key}` at ply {ply} (P{} to move)\n  = {}\n",
                    r.mover(&st),
                    match r.outcome(&st) {
                        Some(o) => format!("note: the game is over ({})", o.text()),
                        None => format!("expected one of: {}", key_line(r, &st)),
                    }
                )
            })?;
            r.play(&mut st, &m, &mut ws);
            states.push(st.clone());
            continue;
        }
        let m = r.parse_move(&st, text).map_err(|d| {
            let mut s = format!(
                "error: illegal move `{text}` at ply {ply} (P{} to move)\n",
                r.mover(&st)
            );
            if let Some(o) = r.outcome(&st) {
                s.push_str(&format!("  = note: the game is over ({})\n", o.text()));
            } else if let Some(e) = d.expected {
                s.push_str(&format!("  = expected {e}\n"));
            }
            s
        })?;
        r.play(&mut st, &m, &mut ws);
        states.push(st.clone());
    }
    Ok((st, states))
}

/// `FROM-TO` with either side possibly `-1`.
fn parse_key(key: &str) -> Option<(i64, i64)> {
    let cut = key.char_indices().skip(1).find(|&(_, c)| c == '-')?.0;
    Some((key[..cut].parse().ok()?, key[cut + 1..].parse().ok()?))
}

fn legal_line<R: Rules>(r: &R, st: &R::State, sites: bool) -> String {
    match r.outcome(st) {
        Some(o) => format!("over: {}", o.text()),
        None if sites => key_line(r, st),
        None => r.game().move_texts(&r.legal(st)).join(" "),
    }
}

/// The legal moves' site keys, sorted as Ludii's trace harness sorts them.
fn key_line<R: Rules>(r: &R, st: &R::State) -> String {
    let mut keys: Vec<(i64, i64)> = r.legal(st).iter().map(|m| r.game().move_sites(m)).collect();
    keys.sort_unstable();
    let keys: Vec<String> = keys.iter().map(|(f, t)| format!("{f}-{t}")).collect();
    keys.join(" ")
}

pub fn run_moves(a: &MovesArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| moves_on(r, a))
}

fn moves_on<R: Rules>(r: &R, a: &MovesArgs) -> Result<(), String> {
    let (st, states) = play_line_on(r, &a.after)?;
    let mut out = String::new();
    if a.every_ply {
        for (k, s) in states.iter().enumerate() {
            let _ = writeln!(out, "{k}: {}", legal_line(r, s, a.sites));
        }
    } else {
        match r.outcome(&st) {
            Some(o) => {
                let _ = writeln!(out, "over: {}", o.text());
            }
            None if a.sites => {
                for k in key_line(r, &st).split_whitespace() {
                    let _ = writeln!(out, "{k}");
                }
            }
            None => {
                for t in r.game().move_texts(&r.legal(&st)) {
                    let _ = writeln!(out, "{t}");
                }
            }
        }
    }
    print!("{out}");
    Ok(())
}

pub fn run_perft(a: &PerftArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    with_rules!(&loaded, |r| perft_on(r, a))
}

fn perft_on<R: Rules>(r: &R, a: &PerftArgs) -> Result<(), String> {
    let (st, _) = play_line_on(r, &a.after)?;
    let mut ws = r.workspace();
    if a.divide {
        let legal = r.legal(&st);
        let texts = r.game().move_texts(&legal);
        let mut total = 0;
        for (m, t) in legal.iter().zip(&texts) {
            let mut c = st.clone();
            r.play(&mut c, m, &mut ws);
            let n = r.perft(&c, a.depth.saturating_sub(1), &mut ws);
            total += n;
            println!("{t} {n}");
        }
        println!("total {total}");
    } else {
        for d in 1..=a.depth {
            println!("{d} {}", r.perft(&st, d, &mut ws));
        }
    }
    Ok(())
}

pub fn run_play(a: &PlayArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    let names: Vec<&str> = a.agents.split(',').map(str::trim).collect();
    let game = loaded.game();
    let mut agents = Vec::new();
    for p in 0..game.players as usize {
        let name = names.get(p).or(names.last()).copied().unwrap_or("random");
        let agent = crate::agents::by_name::<Game>(name, a.seed.wrapping_add(p as u64 * 7919))
            .ok_or_else(|| format!("error: unknown agent `{name}`\n  = expected one of: random, mc, mcN (e.g. mc50)\n"))?;
        if name != "random"
            && let Loaded::Reference(_) = loaded
        {
            return Err(format!(
                "error: agent `{name}` needs the engine, and this game runs on the reference interpreter{}\n  = note: only `random` plays there\n",
                loaded
                    .reference_reason()
                    .map(|w| format!(" (it uses {w})"))
                    .unwrap_or_default()
            ));
        }
        agents.push(agent);
    }
    match &loaded {
        Loaded::Engine(g) => play_on(&**g, a, |st, legal, ws| {
            agents[st.mover() as usize - 1].choose(&**g, st, legal, ws)
        }),
        Loaded::Reference(r) => {
            let mut randoms: Vec<crate::agents::RandomAgent> = (0..game.players as u64)
                .map(|p| crate::agents::RandomAgent::new(a.seed.wrapping_add(p * 7919)))
                .collect();
            play_on(&**r, a, |st, legal, _| {
                randoms[st.mover as usize - 1].pick_index(legal.len())
            })
        }
    }
}

fn play_on<R: Rules>(
    r: &R,
    a: &PlayArgs,
    mut choose: impl FnMut(&R::State, &[Move], &mut R::Ws) -> usize,
) -> Result<(), String> {
    let game = r.game();
    let mut st = r.initial_state();
    let mut ws = r.workspace();
    let mut legal = Vec::new();
    let mut n = 0;
    println!("# {} ({})", game.name, options_text(game));
    if a.show {
        print!("{}", r.picture(&st));
    }
    while r.outcome(&st).is_none() && a.max_moves.is_none_or(|m| n < m) {
        r.legal_into(&st, &mut ws, &mut legal);
        let who = r.mover(&st);
        let i = choose(&st, &legal, &mut ws);
        let text = game.move_text(&legal[i], &legal);
        let m: Move = legal[i];
        r.play(&mut st, &m, &mut ws);
        n += 1;
        println!("{n}. P{who} {text}");
        if a.show {
            print!("{}", r.picture(&st));
        }
    }
    match r.outcome(&st) {
        Some(o) => {
            let v = r.view(&st);
            let scores: Vec<String> = (1..=game.players)
                .map(|p| format!("P{p} {}", v.scores[p as usize]))
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
    let loaded = load_rules(&a.load, &a.limits)?;
    match &loaded {
        Loaded::Engine(g) => {
            let mut agent = crate::agents::RandomAgent::new(a.seed);
            use crate::agents::Agent;
            bench_on(&**g, a, |st, legal, ws| agent.choose(&**g, st, legal, ws))
        }
        Loaded::Reference(r) => {
            let mut agent = crate::agents::RandomAgent::new(a.seed);
            bench_on(&**r, a, |_, legal, _| agent.pick_index(legal.len()))
        }
    }
}

fn bench_on<R: Rules>(
    r: &R,
    a: &BenchArgs,
    mut choose: impl FnMut(&R::State, &[Move], &mut R::Ws) -> usize,
) -> Result<(), String> {
    let game = r.game();
    let mut ws = r.workspace();
    let mut legal = Vec::new();
    let start = Instant::now();
    let mut decisions = 0u64;
    let init = r.initial_state();
    let mut st = init.clone();
    for _ in 0..a.playouts {
        st.clone_from(&init);
        while r.outcome(&st).is_none() {
            r.legal_into(&st, &mut ws, &mut legal);
            let i = choose(&st, &legal, &mut ws);
            let m = legal[i];
            r.play(&mut st, &m, &mut ws);
            decisions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
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
    trace_on(game, line)
}

/// [`trace`] on any implementation of the rules.
pub fn trace_on<R: Rules>(r: &R, line: &str) -> Result<String, String> {
    let game = r.game();
    let (_, states) = play_line_on(r, line)?;
    let moves: Vec<&str> = line.split_whitespace().collect();
    let mut out = String::new();
    let _ = writeln!(out, "# {} ({})", game.name, options_text(game));
    for (k, s) in states.iter().enumerate() {
        let _ = writeln!(out, "\n== ply {k}");
        out.push_str(&r.picture(s));
        if r.outcome(s).is_none() {
            let legal = game.move_texts(&r.legal(s));
            let _ = writeln!(out, "legal ({}): {}", legal.len(), legal.join(" "));
        }
        if let Some(m) = moves.get(k) {
            let _ = writeln!(out, "> P{} plays {m}", r.mover(s));
        }
    }
    Ok(out)
}

pub fn run_trace(a: &TraceArgs) -> Result<(), String> {
    let loaded = load_rules(&a.load, &a.limits)?;
    print!("{}", with_rules!(&loaded, |r| trace_on(r, &a.moves))?);
    Ok(())
}
