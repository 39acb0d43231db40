//! ludeme: loads board games written in Ludii's game-description language
//! and plays them exactly.
//!
//! The pipeline, one module per stage:
//! [`syntax`] (pest grammar to a spanned tree) → [`expand`] (defines,
//! options, rulesets) → [`compile`] (typed rule tree) → [`engine`] (states,
//! legal moves, effects, end) over a [`board`] graph.
//!
//! # Example
//!
//! Load a game (from a file with options, or from a string), play moves by
//! their text, and read the outcome. [`load_file`] and [`load_str`] give a
//! [`Loaded`] game: the engine, or the reference interpreter for a game
//! using a ludeme the engine does not play; either plays through the
//! [`Rules`] trait. ([`compile_file`] and [`compile_str`] give the
//! engine's own [`Game`], for code that needs it.)
//!
//! ```rust
//! use ludeme::{Choices, Loaded, Rules};
//!
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     // From a file, with options chosen as on the command line ("Header/Item").
//!     let choices = Choices {
//!         options: vec!["Board/Square 7".to_string()],
//!         ruleset: None,
//!     };
//!     let abande: Loaded = ludeme::load_file("rules/abande.lud".as_ref(), &choices)?;
//!     assert_eq!(abande.legal(&abande.initial_state()).len(), 49);
//!
//!     // From a string (the name is what errors show).
//!     let text = r#"
//!     (game "Tic-Tac-Toe"
//!         (players 2)
//!         (equipment { (board (square 3)) (piece "Disc" Each) })
//!         (rules
//!             (play (move Add (to (sites Empty))))
//!             (end {
//!                 (if (is Line 3) (result Mover Win))
//!                 (if (= 0 (count Sites in:(sites Empty))) (result All Draw))
//!             })
//!         )
//!     )"#;
//!     let game = ludeme::load_str("tictactoe.lud", text, &Choices::default())?;
//!
//!     // The initial state and its legal moves.
//!     let mut state = game.initial_state();
//!     assert_eq!(game.mover(&state), 1);
//!     let legal = game.legal(&state);
//!     assert_eq!(legal.len(), 9);
//!
//!     // A move to its text and back (the notation of `ludeme moves`).
//!     let text = game.move_text(&legal[4], &legal);
//!     assert_eq!(text, "B2");
//!     let m = game.parse_move(&state, "B2")?;
//!     assert_eq!(m, legal[4]);
//!
//!     // Apply moves until the game is over, then read the outcome (a
//!     // workspace holds scratch buffers between moves).
//!     let mut ws = game.workspace();
//!     game.play(&mut state, &m, &mut ws);
//!     for t in ["A1", "C1", "B1", "A3"] {
//!         let m = game.parse_move(&state, t)?;
//!         game.play(&mut state, &m, &mut ws);
//!     }
//!     let outcome = game.outcome(&state).expect("the game is over");
//!     assert_eq!(outcome.winner(), Some(1));
//!     assert_eq!(outcome.text(), "P1");
//!
//!     // A move text that is not legal is an error listing the legal moves.
//!     let start = game.initial_state();
//!     let err = game.parse_move(&start, "D4").unwrap_err();
//!     assert_eq!(err.to_string(), "`D4` is not a legal move for P1 \
//!         (expected one of: A1 B1 C1 A2 B2 C2 A3 B3 C3)");
//!
//!     // A game using a ludeme the engine does not play (here `(is Full)`)
//!     // runs on the reference interpreter, through the same calls.
//!     let fill = r#"(game "Fill" (players 2)
//!         (equipment { (board (square 2)) (piece "Disc" Each) })
//!         (rules (play (move Add (to (sites Empty))))
//!             (end (if (is Full) (result Mover Win)))))"#;
//!     let fill = ludeme::load_str("fill.lud", fill, &Choices::default())?;
//!     assert!(matches!(fill, Loaded::Reference(_)));
//!     assert_eq!(fill.legal(&fill.initial_state()).len(), 4);
//!
//!     // A description with an error does not load; the error text shows where.
//!     let bad = r#"(game "Bad" (players 3) (equipment { (board (square 0)) }))"#;
//!     let err = ludeme::load_str("bad.lud", bad, &Choices::default()).unwrap_err();
//!     assert!(err.to_string().starts_with("error: bad.lud:1:"));
//!     Ok(())
//! }
//! ```

pub mod agents;
pub mod board;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod dispatch;
pub mod engine;
pub mod expand;
mod fnv;
pub mod interp;
pub mod plan;
pub mod syntax;

pub use dispatch::{Loaded, LoadedState, LoadedWs};
pub use engine::{Game, MAX_MOVES, Move, Outcome, State, Workspace, over_move_limit};
pub use expand::Choices;
pub use plan::{Pass, PassSet, Reference, Rules};

/// An error loading a game, with the sources needed to show it.
pub use expand::LoadError;

/// Loads a game from a rules file (parse, expand with the chosen options,
/// compile) with the implementation that plays it: the default engine, or
/// the reference interpreter for a game using a ludeme the engine does not
/// play (see [`dispatch`]; [`dispatch::load_file`] chooses the passes).
///
/// ```no_run
/// use ludeme::Rules;
/// let game = ludeme::load_file("rules/abande.lud".as_ref(), &ludeme::Choices::default()).unwrap();
/// let mut state = game.initial_state();
/// let mut ws = game.workspace();
/// let moves = game.legal(&state);
/// game.play(&mut state, &moves[0], &mut ws);
/// ```
pub fn load_file(path: &std::path::Path, choices: &Choices) -> Result<Loaded, Box<LoadError>> {
    dispatch::load_file(path, choices, PassSet::all())
}

/// [`load_file`] of a description in a string (`name` is shown in errors).
pub fn load_str(name: &str, text: &str, choices: &Choices) -> Result<Loaded, Box<LoadError>> {
    dispatch::load_str(name, text, choices, PassSet::all())
}

/// The compiled [`Game`] of a rules file: the engine's own type, for code
/// that needs the engine (benches, the engine's tests). Its playing methods
/// are the engine's: a game with a non-empty [`Game::reference_only`] must
/// be played through [`Loaded`] instead ([`load_file`]).
pub fn compile_file(path: &std::path::Path, choices: &Choices) -> Result<Game, Box<LoadError>> {
    let (sources, exp) = expand::load_path(path, choices)?;
    finish_load(sources, exp)
}

/// [`compile_file`] of a description in a string (`name` is shown in errors).
pub fn compile_str(name: &str, text: &str, choices: &Choices) -> Result<Game, Box<LoadError>> {
    let (sources, exp) = expand::load_text(name, text, choices)?;
    finish_load(sources, exp)
}

fn finish_load(sources: diag::Sources, exp: expand::Expanded) -> Result<Game, Box<LoadError>> {
    match compile::compile(&exp.game, exp.options.clone()) {
        Ok(g) => Ok(g),
        Err(diagnostic) => Err(Box::new(LoadError {
            sources,
            diagnostic,
        })),
    }
}
