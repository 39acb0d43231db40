//! ludeme: loads board games written in Ludii's game-description language
//! and plays them exactly.
//!
//! The pipeline, one module per stage:
//! [`syntax`] (pest grammar to a spanned tree) → [`expand`] (defines,
//! options, rulesets) → [`compile`] (typed rule tree) → [`engine`] (states,
//! legal moves, effects, end) over a [`board`] graph.

pub mod agents;
pub mod board;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod expand;
pub mod syntax;

pub use engine::{Game, Move, Outcome, State, Workspace};
pub use expand::Choices;

/// An error loading a game, with the sources needed to show it.
pub use expand::LoadError;

/// Loads a game from a rules file: parse, expand (with the chosen options),
/// compile.
///
/// ```no_run
/// let game = ludeme::load_file("rules/abande.lud".as_ref(), &ludeme::Choices::default()).unwrap();
/// let mut state = game.initial_state();
/// let moves = game.legal_moves(&state);
/// game.apply(&mut state, &moves[0]);
/// ```
pub fn load_file(path: &std::path::Path, choices: &Choices) -> Result<Game, Box<LoadError>> {
    let (sources, exp) = expand::load_path(path, choices)?;
    finish_load(sources, exp)
}

/// Loads a game from a description in a string (`name` is shown in errors).
pub fn load_str(name: &str, text: &str, choices: &Choices) -> Result<Game, Box<LoadError>> {
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
