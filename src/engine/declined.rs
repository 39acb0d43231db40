//! The engine's answer to rule-tree variants it does not play: it declines
//! them by name. A game using one is compiled with
//! [`super::Game::reference_only`] set and runs on the reference
//! interpreter (`src/dispatch.rs`), so the engine's analyses are never
//! built for it and these arms are never reached through the dispatch; a
//! direct call of the engine's move generation on such a game is a misuse
//! of the library, which stops here with the ludeme's name rather than
//! playing a rule wrongly.

/// Stops on a rule-tree variant the engine declines.
#[cold]
#[inline(never)]
pub(crate) fn declined(what: &str) -> ! {
    panic!(
        "the engine does not play Ludii's `({what} ...)`: this game runs on the reference \
         interpreter (load it through `ludeme::dispatch`)"
    )
}
