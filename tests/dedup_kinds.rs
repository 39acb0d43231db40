//! Move lists are de-duplicated unless the generator tree cannot repeat a
//! move: alternatives of different move kinds are not de-duplicated, those
//! that share a kind still are.

use ludeme::{Choices, Game};

fn load(play: &str) -> Game {
    load_with("(place \"Disc\" \"Hand\" count:5)", play)
}

fn load_with(start: &str, play: &str) -> Game {
    let text = format!(
        r#"(game "Dup" (players 2)
            (equipment {{ (board (square 4)) (piece "Disc" Each (move Step (to if:(is Empty (to))))) (hand Each) }})
            (rules (start {start}) (play {play}) (end (if (all Passed) (result Mover Draw)))))"#
    );
    ludeme::load_str("dup.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Random games: no move appears twice in a legal list; returns the
/// longest list seen.
fn no_repeats(g: &Game) -> usize {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut longest = 0;
    for _ in 0..20 {
        let mut st = g.initial_state();
        for _ in 0..30 {
            let legal = g.legal_moves(&st);
            if legal.is_empty() {
                break;
            }
            let mut texts = g.move_texts(&legal);
            longest = longest.max(texts.len());
            texts.sort();
            let n = texts.len();
            texts.dedup();
            assert_eq!(n, texts.len(), "a repeated move");
            let m = legal[rng.random_range(0..legal.len())];
            g.apply(&mut st, &m);
        }
    }
    longest
}

#[test]
fn alternatives_of_one_kind_are_deduplicated() {
    // the same placements twice
    let g = load(
        "(or { (move (from (handSite Mover)) (to (sites Empty))) (move (from (handSite Mover)) (to (sites Empty))) })",
    );
    assert_eq!(g.legal_moves(&g.initial_state()).len(), 16);
    no_repeats(&g);
    // steps, and moves from board sites that are the same steps
    let g = load_with(
        "{ (place \"Disc1\" (sites {0 5 10})) (place \"Disc2\" (sites {3 6 15})) }",
        "(or { (forEach Piece) (move (from (sites Occupied by:Mover container:\"Board\")) (to (sites Around (from) Empty))) })",
    );
    assert!(no_repeats(&g) > 5);
}

#[test]
fn alternatives_of_different_kinds_keep_all_their_moves() {
    let g = load(
        "(or { (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece) (move Pass) })",
    );
    assert_eq!(g.legal_moves(&g.initial_state()).len(), 17);
    assert!(no_repeats(&g) > 16);
}
