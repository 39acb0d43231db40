//! `ludeme conform DIR`: how much of a folder of Ludii descriptions ludeme
//! reads and plays.
//!
//! Every `.lud` under DIR (recursively, default options) runs in a child
//! process of this same binary (`ludeme conform-one FILE`), killed after a
//! wall-clock timeout, so that a hang, a panic or an abort in one file never
//! stops the run. The child checks the file (parse, expand, compile), plays
//! seeded random games to their end (with a move cap) and a short bench, and
//! prints one JSON line. The parent runs `--jobs` children at a time, shows
//! a progress bar on a terminal, and prints a table, a summary line
//! `N/M load, K play` and the first blockers ranked by file count
//! (`--json`: the same as data). Files are only read, never copied.

use crate::diag::{Diagnostic, Sources, Span};
use crate::syntax::Node;
use clap::Args;
use serde::{Deserialize, Serialize};
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct ConformArgs {
    /// The folder to scan for `.lud` files (recursively).
    pub dir: PathBuf,
    /// Files checked at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Print the results as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Seconds one file may take in all before it is stopped.
    #[arg(long, default_value_t = 30.0, value_name = "SECS")]
    pub timeout: f64,
    /// Seeded random games played to their end per file.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub games: u32,
    /// Decisions after which a random game is cut (it then does not count
    /// as played).
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub max_moves: u32,
    /// Seconds of random playouts measured per file.
    #[arg(long, default_value_t = 1.0, value_name = "SECS")]
    pub bench_secs: f64,
}

/// The child's arguments (a hidden command).
#[derive(Args, Debug)]
pub struct ConformOneArgs {
    pub file: PathBuf,
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    #[arg(long, default_value_t = 20_000)]
    pub max_moves: u32,
    #[arg(long, default_value_t = 1.0)]
    pub bench_secs: f64,
}

/// What stopped a file first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorClass {
    /// The text is not Ludii's language (or not yet ours).
    Syntax,
    /// A define or option could not be expanded.
    Expansion,
    /// A define that neither the file nor the standard library has.
    MissingDefine,
    /// A Ludii ludeme or argument that ludeme does not implement yet.
    Unsupported,
    /// An error inside the `(board ...)` description.
    Board,
    /// Any other compile error.
    Other,
    /// The random game broke (no legal move in a running game, a cut game).
    Play,
    /// The child panicked or was killed by a signal.
    Crash,
    /// The file took longer than `--timeout`.
    Timeout,
}

impl ErrorClass {
    fn text(self) -> &'static str {
        match self {
            ErrorClass::Syntax => "syntax",
            ErrorClass::Expansion => "expansion",
            ErrorClass::MissingDefine => "missing define",
            ErrorClass::Unsupported => "unsupported ludeme",
            ErrorClass::Board => "board",
            ErrorClass::Other => "other",
            ErrorClass::Play => "play",
            ErrorClass::Crash => "crash",
            ErrorClass::Timeout => "timeout",
        }
    }
}

/// One file's result.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileResult {
    pub file: String,
    pub loads: bool,
    pub plays: bool,
    pub error_class: Option<ErrorClass>,
    /// The ludeme, define or token the first error names.
    pub error_names: Option<String>,
    /// The first error's message (one line, with its location).
    pub error: Option<String>,
    pub playouts_per_sec: Option<f64>,
    pub seconds: f64,
}

/// The first name a message quotes: `` `(is Loop ...)` `` or `"NoPiece"`.
fn named(message: &str) -> Option<String> {
    let tick = message.find('`');
    let quote = message.find('"');
    let (open, close) = match (tick, quote) {
        (Some(t), Some(q)) if q < t => (q, '"'),
        (Some(t), _) => (t, '`'),
        (None, Some(q)) => (q, '"'),
        (None, None) => return None,
    };
    let rest = &message[open + 1..];
    rest.find(close).map(|e| rest[..e].to_string())
}

fn located(d: &Diagnostic, sources: &Sources) -> String {
    let msg = d.message.replace('\n', " ");
    match d.span {
        Some(s) if (s.file as usize) < sources.len() => {
            let (l, c) = sources.line_col(s.file, s.start);
            format!("{}:{l}:{c}: {msg}", sources.get(s.file).name)
        }
        _ => msg,
    }
}

/// The class of a compile error: "not supported" wording, a place inside
/// the board's description, or other.
fn compile_class(d: &Diagnostic, board: Option<Span>) -> ErrorClass {
    let m = &d.message;
    if m.contains("not supported") || m.contains("does not support") {
        return ErrorClass::Unsupported;
    }
    if m.contains("board") {
        return ErrorClass::Board;
    }
    if let (Some(s), Some(b)) = (d.span, board)
        && s.file == b.file
        && s.start >= b.start
        && s.end <= b.end
    {
        return ErrorClass::Board;
    }
    ErrorClass::Other
}

/// The span of the `(board ...)` in the game's equipment, if any.
fn board_span(game: &Node) -> Option<Span> {
    let eq = game
        .form_args()?
        .iter()
        .find(|n| n.head_word() == Some("equipment"))?;
    fn find(n: &Node) -> Option<Span> {
        if n.head_word() == Some("board") {
            return Some(n.span);
        }
        match &n.kind {
            crate::syntax::Kind::Form { args, .. } => args.iter().find_map(find),
            crate::syntax::Kind::Array(items) => items.iter().find_map(find),
            _ => None,
        }
    }
    find(eq)
}

/// The child's work on one file (`ludeme conform-one FILE`).
pub fn run_one(a: &ConformOneArgs) -> Result<(), String> {
    let start = Instant::now();
    let mut r = FileResult {
        file: a.file.display().to_string(),
        loads: false,
        plays: false,
        error_class: None,
        error_names: None,
        error: None,
        playouts_per_sec: None,
        seconds: 0.0,
    };
    let fail = |r: &mut FileResult, class: ErrorClass, msg: String| {
        r.error_class = Some(class);
        r.error_names = named(msg.split_once(": ").map_or(msg.as_str(), |x| x.1));
        r.error = Some(msg);
    };
    match check_and_play(a, &mut r) {
        Ok(()) => {}
        Err((class, msg)) => fail(&mut r, class, msg),
    }
    r.seconds = start.elapsed().as_secs_f64();
    println!(
        "{}",
        serde_json::to_string(&r).map_err(|e| format!("error: {e}"))?
    );
    Ok(())
}

fn check_and_play(a: &ConformOneArgs, r: &mut FileResult) -> Result<(), (ErrorClass, String)> {
    let bytes = std::fs::read(&a.file)
        .map_err(|e| (ErrorClass::Other, format!("cannot read the file: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        (
            ErrorClass::Syntax,
            "the file is not valid UTF-8".to_string(),
        )
    })?;
    let name = a.file.display().to_string();
    // syntax alone first, to tell its errors from expansion's
    {
        let mut s = Sources::new();
        let f = s.add(name.clone(), text.clone());
        if let Err(d) = crate::syntax::parse(&s, f) {
            return Err((ErrorClass::Syntax, located(&d, &s)));
        }
    }
    let (sources, ex) = crate::expand::load_text(&name, &text, &crate::expand::Choices::default())
        .map_err(|e| {
            let class = if e.diagnostic.message.starts_with("unknown define") {
                ErrorClass::MissingDefine
            } else if e.diagnostic.message.contains("not supported") {
                ErrorClass::Unsupported
            } else {
                ErrorClass::Expansion
            };
            (class, located(&e.diagnostic, &e.sources))
        })?;
    let board = board_span(&ex.game);
    let game = crate::compile::compile(&ex.game, ex.options.clone())
        .map_err(|d| (compile_class(&d, board), located(&d, &sources)))?;
    r.loads = true;
    // the engine, or the reference interpreter for a game using a ludeme
    // only the reference plays (as every playing command does)
    let loaded = crate::dispatch::Loaded::new(game, crate::plan::PassSet::all());
    crate::with_rules!(&loaded, |g| play_and_bench(g, a, r))
}

/// Random games to their end, then a short bench, on either implementation.
fn play_and_bench<R: crate::plan::Rules>(
    game: &R,
    a: &ConformOneArgs,
    r: &mut FileResult,
) -> Result<(), (ErrorClass, String)> {
    use crate::agents::RandomAgent;
    let mut ws = game.workspace();
    let mut legal = Vec::new();
    let init = game.initial_state();
    let mut st = init.clone();
    for g in 0..a.games.max(1) {
        let mut agent = RandomAgent::new(u64::from(g));
        st.clone_from(&init);
        let mut n = 0u32;
        while game.outcome(&st).is_none() {
            if n >= a.max_moves {
                return Err((
                    ErrorClass::Play,
                    format!("game {g} not over after {n} moves (the move cap)"),
                ));
            }
            game.legal_into(&st, &mut ws, &mut legal);
            crate::plan::check_move_limit(&legal).map_err(|e| (ErrorClass::Play, e))?;
            if legal.is_empty() {
                return Err((
                    ErrorClass::Play,
                    format!("game {g}: no legal move at ply {n} of a running game"),
                ));
            }
            let i = agent.pick_index(legal.len());
            let m = legal[i];
            game.play(&mut st, &m, &mut ws);
            n += 1;
        }
    }
    r.plays = true;

    // a short bench: random playouts for about `bench_secs`
    let mut agent = RandomAgent::new(0x5eed);
    let begin = Instant::now();
    let budget = Duration::from_secs_f64(a.bench_secs.clamp(0.0, 3600.0));
    let mut playouts = 0u64;
    while playouts == 0 || begin.elapsed() < budget {
        st.clone_from(&init);
        let mut n = 0u32;
        while game.outcome(&st).is_none() && n < a.max_moves {
            game.legal_into(&st, &mut ws, &mut legal);
            if legal.is_empty() {
                break;
            }
            let i = agent.pick_index(legal.len());
            let m = legal[i];
            game.play(&mut st, &m, &mut ws);
            n += 1;
        }
        playouts += 1;
    }
    r.playouts_per_sec = Some(playouts as f64 / begin.elapsed().as_secs_f64().max(1e-9));
    Ok(())
}

/// Every `.lud` under `dir`, sorted.
fn lud_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d)
            .map_err(|e| format!("error: cannot read the folder `{}`: {e}\n", d.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            let Ok(t) = e.file_type() else { continue };
            if t.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "lud") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Runs the child on one file with a wall-clock kill.
fn run_child(exe: &Path, file: &Path, a: &ConformArgs, shown: &str) -> FileResult {
    let start = Instant::now();
    let failed = |class: ErrorClass, msg: String, secs: f64| FileResult {
        file: shown.to_string(),
        loads: false,
        plays: false,
        error_class: Some(class),
        error_names: None,
        error: Some(msg),
        playouts_per_sec: None,
        seconds: secs,
    };
    let child = Command::new(exe)
        .arg("conform-one")
        .arg(file)
        .arg("--games")
        .arg(a.games.to_string())
        .arg("--max-moves")
        .arg(a.max_moves.to_string())
        .arg("--bench-secs")
        .arg(a.bench_secs.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return failed(ErrorClass::Crash, format!("cannot start: {e}"), 0.0),
    };
    // drain both pipes on threads, so a chatty child never blocks
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = (&mut err).take(1 << 16).read_to_end(&mut s);
        // discard the rest
        let _ = std::io::copy(&mut err, &mut std::io::sink());
        String::from_utf8_lossy(&s).into_owned()
    });
    let limit = Duration::from_secs_f64(a.timeout.clamp(0.1, 86_400.0));
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => break None,
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let Some(status) = status else {
        return failed(
            ErrorClass::Timeout,
            format!("stopped after {:.0} s (--timeout)", a.timeout),
            secs,
        );
    };
    let parsed = stdout
        .lines()
        .last()
        .and_then(|l| serde_json::from_str::<FileResult>(l).ok());
    match parsed {
        Some(mut r) if status.success() => {
            r.file = shown.to_string();
            r.seconds = secs;
            r
        }
        _ => {
            let first = stderr
                .lines()
                .find(|l| l.contains("panicked"))
                .or_else(|| stderr.lines().next())
                .unwrap_or("")
                .to_string();
            let mut r = failed(
                ErrorClass::Crash,
                format!("the check crashed ({status}): {first}"),
                secs,
            );
            r.error_names = named(&first);
            r
        }
    }
}

/// A ranked first blocker: its class, the name it gives and its files.
#[derive(Serialize)]
struct Blocker {
    class: ErrorClass,
    names: String,
    files: usize,
}

#[derive(Serialize)]
struct Report<'a> {
    files: &'a [FileResult],
    total: usize,
    load: usize,
    play: usize,
    blockers: Vec<Blocker>,
}

fn blockers(results: &[FileResult]) -> Vec<Blocker> {
    let mut counts: std::collections::BTreeMap<(ErrorClass, String), usize> = Default::default();
    for r in results {
        if let Some(c) = r.error_class {
            // a play blocker's message holds numbers; group by its class
            let name = match c {
                ErrorClass::Play | ErrorClass::Timeout => String::new(),
                _ => r.error_names.clone().unwrap_or_default(),
            };
            *counts.entry((c, name)).or_default() += 1;
        }
    }
    let mut v: Vec<Blocker> = counts
        .into_iter()
        .map(|((class, names), files)| Blocker {
            class,
            names,
            files,
        })
        .collect();
    v.sort_by(|a, b| {
        b.files
            .cmp(&a.files)
            .then(a.class.cmp(&b.class))
            .then(a.names.cmp(&b.names))
    });
    v
}

pub fn run(a: &ConformArgs) -> Result<(), String> {
    let files = lud_files(&a.dir)?;
    if files.is_empty() {
        return Err(format!(
            "error: no `.lud` file under `{}`\n  = expected a folder of Ludii descriptions\n",
            a.dir.display()
        ));
    }
    let exe = std::env::current_exe()
        .map_err(|e| format!("error: cannot find this program's path: {e}\n"))?;
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let shown: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(&a.dir).unwrap_or(f).display().to_string())
        .collect();
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(files.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} [{elapsed_precise}<{eta_precise}] {msg}",
        ) {
            b.set_style(style);
        }
        Some(b)
    } else {
        None
    };
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<FileResult>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|s| {
        for _ in 0..jobs.min(files.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= files.len() {
                        break;
                    }
                    let r = run_child(&exe, &files[i], a, &shown[i]);
                    if let Some(b) = &bar {
                        b.set_message(shown[i].clone());
                        b.inc(1);
                    }
                    results.lock().expect("no panic holding the lock")[i] = Some(r);
                }
            });
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let results: Vec<FileResult> = results
        .into_inner()
        .expect("no panic holding the lock")
        .into_iter()
        .flatten()
        .collect();
    let load = results.iter().filter(|r| r.loads).count();
    let play = results.iter().filter(|r| r.plays).count();
    let summary = format!("{load}/{} load, {play} play", results.len());
    let ranked = blockers(&results);
    if a.json {
        let report = Report {
            files: &results,
            total: results.len(),
            load,
            play,
            blockers: ranked,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| format!("error: {e}\n"))?
        );
        return Ok(());
    }
    println!("file | loads | plays | first error class | names | playouts/s");
    for r in &results {
        println!(
            "{} | {} | {} | {} | {} | {}",
            r.file,
            if r.loads { "yes" } else { "no" },
            if r.plays { "yes" } else { "no" },
            r.error_class.map_or("", ErrorClass::text),
            r.error_names.as_deref().unwrap_or(""),
            r.playouts_per_sec
                .map_or(String::new(), |p| format!("{p:.0}")),
        );
    }
    println!();
    println!("{summary}");
    println!();
    println!("first blockers (files, class, name):");
    for b in &ranked {
        println!("{:5}  {}  {}", b.files, b.class.text(), b.names);
    }
    Ok(())
}
