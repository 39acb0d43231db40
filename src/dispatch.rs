//! The one dispatch point between the fast engine and the reference
//! interpreter.
//!
//! A compiled [`Game`] lists in [`Game::reference_only`] the ludemes it
//! uses that the engine does not play (the compiler records them, see
//! `compile/reference.rs`). [`Loaded::new`] then gives the reference
//! interpreter ([`Reference`]) for the whole game; otherwise the engine
//! with the chosen passes ([`PassSet::all`] by default; [`PassSet::none`]
//! is the reference interpreter for any game). The playing commands are
//! generic over [`Rules`] and reach both through [`with_rules!`].
//!
//! [`with_rules!`]: crate::with_rules

use crate::engine::Game;
use crate::plan::{PassSet, Reference};

/// A loaded game and the implementation that plays it.
#[derive(Clone, Debug)]
pub enum Loaded {
    Engine(Box<Game>),
    Reference(Box<Reference>),
}

impl Loaded {
    /// The engine with `passes`, unless the game uses a ludeme only the
    /// reference interpreter plays, or `passes` is empty.
    pub fn new(game: Game, passes: PassSet) -> Loaded {
        if !game.reference_only.is_empty() || passes.is_none() {
            Loaded::Reference(Box::new(Reference::new(&game)))
        } else if passes == PassSet::all() {
            Loaded::Engine(Box::new(game))
        } else {
            Loaded::Engine(Box::new(game.with_passes(passes)))
        }
    }

    /// The compiled game (names, board, notation).
    pub fn game(&self) -> &Game {
        match self {
            Loaded::Engine(g) => g,
            Loaded::Reference(r) => &r.game,
        }
    }

    /// Why the reference interpreter plays this game: the ludemes the
    /// engine declines (empty on the engine, or when chosen by passes).
    pub fn reference_reason(&self) -> Option<String> {
        let g = self.game();
        (!g.reference_only.is_empty()).then(|| {
            let names: Vec<String> = g.reference_only.iter().map(|n| format!("`{n}`")).collect();
            names.join(", ")
        })
    }
}

/// Runs `$body` with `$r` bound to the [`crate::plan::Rules`]
/// implementation of a [`Loaded`] game.
#[macro_export]
macro_rules! with_rules {
    ($loaded:expr, |$r:ident| $body:expr) => {
        match $loaded {
            $crate::dispatch::Loaded::Engine(g) => {
                let $r: &$crate::engine::Game = g;
                $body
            }
            $crate::dispatch::Loaded::Reference(r) => {
                let $r: &$crate::plan::Reference = r;
                $body
            }
        }
    };
}

/// Loads a rules file and picks its implementation (see [`Loaded::new`]).
pub fn load_file(
    path: &std::path::Path,
    choices: &crate::Choices,
    passes: PassSet,
) -> Result<Loaded, Box<crate::LoadError>> {
    Ok(Loaded::new(crate::load_file(path, choices)?, passes))
}

/// Loads a description from a string and picks its implementation.
pub fn load_str(
    name: &str,
    text: &str,
    choices: &crate::Choices,
    passes: PassSet,
) -> Result<Loaded, Box<crate::LoadError>> {
    Ok(Loaded::new(crate::load_str(name, text, choices)?, passes))
}
