//! The `ludeme` command line. One module per command; each returns its
//! output on stdout and an already-rendered error text on failure.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

pub mod board;
pub mod conform;
pub mod expand;
pub mod matches;
pub mod play;
pub mod record;
pub mod replay;

/// Options every command that loads a rules file takes.
#[derive(Args, Debug, Clone, Default)]
pub struct LoadArgs {
    /// The rules file (.lud).
    pub file: PathBuf,
    /// Choose an option item, as "Header/Item" (repeatable).
    #[arg(long = "option", value_name = "HEADER/ITEM")]
    pub options: Vec<String>,
    /// Choose a named ruleset.
    #[arg(long, value_name = "NAME")]
    pub ruleset: Option<String>,
    /// The implementation: `all` (the engine with every pass, the
    /// default), `none` (the reference interpreter), `-NAME,...` or
    /// `NAME,...`. A game using a ludeme the engine declines always runs
    /// on the reference interpreter.
    #[arg(
        long,
        value_name = "PASSES",
        default_value = "all",
        allow_hyphen_values = true
    )]
    pub passes: String,
    /// Seed of the dice's random generator (default 0), as Ludii's
    /// harness seeds a game's: `trace --seed S` rolls what this rolls.
    #[arg(long, value_name = "S")]
    pub dice_seed: Option<u64>,
}

impl LoadArgs {
    pub fn choices(&self) -> crate::expand::Choices {
        crate::expand::Choices {
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }
}

#[derive(Parser, Debug)]
#[command(
    name = "ludeme",
    version,
    about = "Play board games written in Ludii's game-description language"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the description with defines and options expanded.
    Expand(expand::ExpandArgs),
    /// Parse, expand and compile a description; print a summary or the errors.
    Check(expand::CheckArgs),
    /// Draw the board (or print it as JSON).
    Board(board::BoardArgs),
    /// List the legal moves (after a line of play).
    Moves(play::MovesArgs),
    /// Count move sequences to a depth.
    Perft(play::PerftArgs),
    /// Play a whole game between agents.
    Play(play::PlayArgs),
    /// Random playouts from the start: playouts/s, moves/s, mean length.
    Bench(play::BenchArgs),
    /// A readable record of a line of play, or of a game record (for snapshot tests).
    Trace(play::TraceArgs),
    /// Many games between agents, in parallel: wins by agent and seat, draws, length.
    Match(matches::MatchArgs),
    /// Replay a game record, checking every move and the result.
    Replay(replay::ReplayArgs),
    /// Check, play and bench every .lud under a folder: what loads and plays.
    Conform(conform::ConformArgs),
    /// One file of `conform` (run by it in a child process).
    #[command(hide = true)]
    ConformOne(conform::ConformOneArgs),
}

/// Runs a command; the error is the text to print on stderr.
pub fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Expand(a) => expand::run_expand(&a),
        Command::Check(a) => expand::run_check(&a),
        Command::Board(a) => board::run(&a),
        Command::Moves(a) => play::run_moves(&a),
        Command::Perft(a) => play::run_perft(&a),
        Command::Play(a) => play::run_play(&a),
        Command::Bench(a) => play::run_bench(&a),
        Command::Trace(a) => play::run_trace(&a),
        Command::Match(a) => matches::run_match(&a),
        Command::Replay(a) => replay::run_replay(&a),
        Command::Conform(a) => conform::run(&a),
        Command::ConformOne(a) => conform::run_one(&a),
    }
}
