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

    /// Seeds the dice's random generator (games with dice run on the
    /// reference interpreter; the engine has none to seed).
    pub fn set_chance_seed(&mut self, seed: u64) {
        if let Loaded::Reference(r) = self {
            r.set_chance_seed(seed);
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
    Ok(Loaded::new(crate::compile_file(path, choices)?, passes))
}

/// Loads a description from a string and picks its implementation.
///
/// The [`Loaded`] game plays through the [`crate::Rules`] trait on
/// whichever implementation it holds: a game using a ludeme the engine
/// declines (here `(is Full)`) runs on the reference interpreter.
///
/// ```rust
/// use ludeme::{Choices, PassSet, Rules};
///
/// let text = r#"
/// (game "Fill"
///     (players 2)
///     (equipment { (board (square 2)) (piece "Disc" Each) })
///     (rules
///         (play (move Add (to (sites Empty))))
///         (end (if (is Full) (result Mover Win)))))"#;
/// let game = ludeme::dispatch::load_str("fill.lud", text, &Choices::default(), PassSet::all())
///     .unwrap();
/// assert!(matches!(game, ludeme::dispatch::Loaded::Reference(_)));
/// let mut ws = game.workspace();
/// let mut state = game.initial_state();
/// while game.outcome(&state).is_none() {
///     let legal = game.legal(&state);
///     game.play(&mut state, &legal[0], &mut ws);
/// }
/// // four discs fill the board; P2 placed the last one
/// assert_eq!(game.outcome(&state).unwrap().winner(), Some(2));
/// let m = game.parse_move(&game.initial_state(), "A1").unwrap();
/// assert_eq!(game.game().move_text(&m, &[m]), "A1");
/// ```
pub fn load_str(
    name: &str,
    text: &str,
    choices: &crate::Choices,
    passes: PassSet,
) -> Result<Loaded, Box<crate::LoadError>> {
    Ok(Loaded::new(
        crate::compile_str(name, text, choices)?,
        passes,
    ))
}

/// A state of a [`Loaded`] game: the engine's or the reference
/// interpreter's, as the game is played.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadedState {
    Engine(Box<crate::engine::State>),
    Reference(Box<crate::interp::State>),
}

impl LoadedState {
    /// The player to move.
    pub fn mover(&self) -> u8 {
        match self {
            LoadedState::Engine(s) => s.mover(),
            LoadedState::Reference(s) => s.mover(),
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<crate::Outcome> {
        match self {
            LoadedState::Engine(s) => s.outcome(),
            LoadedState::Reference(s) => s.outcome(),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

/// A workspace of a [`Loaded`] game.
pub enum LoadedWs {
    Engine(Box<crate::engine::Workspace>),
    Reference(Box<crate::interp::Workspace>),
}

/// A state or workspace made by another implementation than the game's
/// (a caller's mix-up of two loaded games).
#[cold]
fn mixed() -> ! {
    panic!("a state or workspace of another loaded game (engine vs reference interpreter)")
}

/// [`Loaded`] plays through whichever implementation it holds, so a
/// library user never reaches the engine's arms for a ludeme it declines.
/// (Generic code wanting the implementation's own types uses
/// [`with_rules!`].)
impl crate::plan::Rules for Loaded {
    type State = LoadedState;
    type Ws = LoadedWs;
    fn game(&self) -> &Game {
        Loaded::game(self)
    }
    fn initial_state(&self) -> LoadedState {
        match self {
            Loaded::Engine(g) => LoadedState::Engine(Box::new(g.initial_state())),
            Loaded::Reference(r) => LoadedState::Reference(Box::new(r.interp.initial_state())),
        }
    }
    fn workspace(&self) -> LoadedWs {
        match self {
            Loaded::Engine(g) => LoadedWs::Engine(Box::new(g.new_workspace())),
            Loaded::Reference(r) => LoadedWs::Reference(Box::new(r.interp.new_workspace())),
        }
    }
    fn legal_into(&self, st: &LoadedState, ws: &mut LoadedWs, out: &mut Vec<crate::Move>) {
        match (self, st, ws) {
            (Loaded::Engine(g), LoadedState::Engine(s), LoadedWs::Engine(w)) => {
                g.legal_moves_into(s, w, out)
            }
            (Loaded::Reference(r), LoadedState::Reference(s), LoadedWs::Reference(w)) => {
                r.interp.legal_moves_into(s, w, out)
            }
            _ => mixed(),
        }
    }
    fn play(&self, st: &mut LoadedState, m: &crate::Move, ws: &mut LoadedWs) {
        match (self, st, ws) {
            (Loaded::Engine(g), LoadedState::Engine(s), LoadedWs::Engine(w)) => {
                g.apply_with(s, m, w)
            }
            (Loaded::Reference(r), LoadedState::Reference(s), LoadedWs::Reference(w)) => {
                r.interp.apply_with(s, m, w)
            }
            _ => mixed(),
        }
    }
    fn view(&self, st: &LoadedState) -> crate::plan::View {
        match (self, st) {
            (Loaded::Engine(g), LoadedState::Engine(s)) => g.as_ref().view(s),
            (Loaded::Reference(r), LoadedState::Reference(s)) => r.as_ref().view(s),
            _ => mixed(),
        }
    }
    fn outcome(&self, st: &LoadedState) -> Option<crate::Outcome> {
        st.outcome()
    }
    fn mover(&self, st: &LoadedState) -> u8 {
        st.mover()
    }
}
