//! The playing commands: moves, perft, play, bench, trace.

use super::LoadArgs;
use crate::engine::{Game, Move, State};
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

/// Plays a space-separated line of moves; an illegal one is an error naming
/// it, its ply and the legal moves there.
pub fn play_line(game: &Game, line: &str) -> Result<(State, Vec<State>), String> {
    let mut st = game.initial_state();
    let mut states = vec![st.clone()];
    let mut ws = game.new_workspace();
    for (ply, text) in line.split_whitespace().enumerate() {
        let by_key = text.strip_prefix('@').map(|key| {
            game.move_by_key(&st, key).ok_or_else(|| {
                format!(
                    "error: no legal move has the sites `{key}` at ply {ply} (P{} to move)\n  = {}\n",
                    st.mover(),
                    match st.outcome() {
                        Some(o) => format!("note: the game is over ({})", o.text()),
                        None => format!("expected one of: {}", key_line(game, &st)),
                    }
                )
            })
        });
        if let Some(m) = by_key {
            game.apply_with(&mut st, &m?, &mut ws);
            states.push(st.clone());
            continue;
        }
        let m = game.parse_move(&st, text).map_err(|d| {
            let mut s = format!(
                "error: illegal move `{text}` at ply {ply} (P{} to move)\n",
                st.mover()
            );
            if st.is_over() {
                s.push_str(&format!(
                    "  = note: the game is over ({})\n",
                    st.outcome().map(|o| o.text()).unwrap_or_default()
                ));
            } else if let Some(e) = d.expected {
                s.push_str(&format!("  = expected {e}\n"));
            }
            s
        })?;
        game.apply_with(&mut st, &m, &mut ws);
        states.push(st.clone());
    }
    Ok((st, states))
}

fn legal_line(game: &Game, st: &State, sites: bool) -> String {
    match st.outcome() {
        Some(o) => format!("over: {}", o.text()),
        None if sites => key_line(game, st),
        None => game.move_texts(&game.legal_moves(st)).join(" "),
    }
}

/// The legal moves' site keys, sorted as Ludii's trace harness sorts them.
fn key_line(game: &Game, st: &State) -> String {
    let mut keys: Vec<(i64, i64)> = game
        .legal_moves(st)
        .iter()
        .map(|m| game.move_sites(m))
        .collect();
    keys.sort_unstable();
    let keys: Vec<String> = keys.iter().map(|(f, t)| format!("{f}-{t}")).collect();
    keys.join(" ")
}

pub fn run_moves(a: &MovesArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    let (st, states) = play_line(&game, &a.after)?;
    let mut out = String::new();
    if a.every_ply {
        for (k, s) in states.iter().enumerate() {
            let _ = writeln!(out, "{k}: {}", legal_line(&game, s, a.sites));
        }
    } else {
        match st.outcome() {
            Some(o) => {
                let _ = writeln!(out, "over: {}", o.text());
            }
            None if a.sites => {
                for k in key_line(&game, &st).split_whitespace() {
                    let _ = writeln!(out, "{k}");
                }
            }
            None => {
                for t in game.move_texts(&game.legal_moves(&st)) {
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
    let (st, _) = play_line(&game, &a.after)?;
    let mut ws = game.new_workspace();
    if a.divide {
        let legal = game.legal_moves(&st);
        let texts = game.move_texts(&legal);
        let mut total = 0;
        for (m, t) in legal.iter().zip(&texts) {
            let mut c = st.clone();
            game.apply_with(&mut c, m, &mut ws);
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
    let names: Vec<&str> = a.agents.split(',').map(str::trim).collect();
    let mut agents = Vec::new();
    for p in 0..game.players as usize {
        let name = names.get(p).or(names.last()).copied().unwrap_or("random");
        let agent = crate::agents::by_name(name, a.seed.wrapping_add(p as u64 * 7919))
            .ok_or_else(|| format!("error: unknown agent `{name}`\n  = expected one of: random, mc, mcN (e.g. mc50)\n"))?;
        agents.push(agent);
    }
    let mut st = game.initial_state();
    let mut ws = game.new_workspace();
    let mut legal = Vec::new();
    let mut n = 0;
    println!("# {} ({})", game.name, options_text(&game));
    if a.show {
        print!("{}", game.picture(&st));
    }
    while !st.is_over() && a.max_moves.is_none_or(|m| n < m) {
        game.legal_moves_into(&st, &mut ws, &mut legal);
        let who = st.mover();
        let i = agents[who as usize - 1].choose(&game, &st, &legal, &mut ws);
        let text = game.move_text(&legal[i], &legal);
        let m: Move = legal[i];
        game.apply_with(&mut st, &m, &mut ws);
        n += 1;
        println!("{n}. P{who} {text}");
        if a.show {
            print!("{}", game.picture(&st));
        }
    }
    match st.outcome() {
        Some(o) => {
            let scores: Vec<String> = (1..=game.players)
                .map(|p| format!("P{p} {}", st.score(p)))
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
    let mut agent = crate::agents::RandomAgent::new(a.seed);
    use crate::agents::Agent;
    let mut ws = game.new_workspace();
    let mut legal = Vec::new();
    let start = Instant::now();
    let mut decisions = 0u64;
    let init = game.initial_state();
    let mut st = init.clone();
    for _ in 0..a.playouts {
        st.clone_from(&init);
        while !st.is_over() {
            game.legal_moves_into(&st, &mut ws, &mut legal);
            let i = agent.choose(&game, &st, &legal, &mut ws);
            let m = legal[i];
            game.apply_with(&mut st, &m, &mut ws);
            decisions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("game: {} ({})", game.name, options_text(&game));
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
    let (_, states) = play_line(game, line)?;
    let moves: Vec<&str> = line.split_whitespace().collect();
    let mut out = String::new();
    let _ = writeln!(out, "# {} ({})", game.name, options_text(game));
    for (k, s) in states.iter().enumerate() {
        let _ = writeln!(out, "\n== ply {k}");
        out.push_str(&game.picture(s));
        if !s.is_over() {
            let legal = game.move_texts(&game.legal_moves(s));
            let _ = writeln!(out, "legal ({}): {}", legal.len(), legal.join(" "));
        }
        if let Some(m) = moves.get(k) {
            let _ = writeln!(out, "> P{} plays {m}", s.mover());
        }
    }
    Ok(out)
}

pub fn run_trace(a: &TraceArgs) -> Result<(), String> {
    let game = load(&a.load, &a.limits)?;
    print!("{}", trace(&game, &a.moves)?);
    Ok(())
}
