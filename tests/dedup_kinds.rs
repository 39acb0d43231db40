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
    ludeme::compile_str("dup.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
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

/// A game of discs that move by `piece_moves`, from a crowded start.
fn pieces(piece_moves: &str) -> Game {
    let text = format!(
        r#"(game "Apart" (players 2)
            (equipment {{ (board (square 5)) (piece "Disc" Each {piece_moves}) }})
            (rules
                (start {{ (place "Disc1" (sites {{6 7 8 12 16}})) (place "Disc2" (sites {{11 13 17 18}})) }})
                (play (forEach Piece))
                (end (if (all Passed) (result Mover Draw)))))"#
    );
    ludeme::compile_str("apart.lud", &text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Alternatives of one kind from the piece's own site are not
/// de-duplicated when their targets never meet on the board (steps, and
/// hops over at least one site), and still are when they can (steps and
/// slides, steps and hops that may land next to the origin), nor hops
/// whose tests on the site they pass over accept no piece in common
/// (each landing site has one direction). Either way
/// every list is the generic twin's, which always de-duplicates.
#[test]
fn piece_alternatives_with_targets_apart_are_not_deduplicated() {
    let step = "(move Step (to if:(is Empty (to))))";
    let hop = |lo: u32, dirs: &str| {
        format!(
            "(move Hop {dirs} (between (range {lo} 3) if:(is Occupied (between))) (to if:(is Empty (to))))"
        )
    };
    let over = |piece: &str, hi: u32| {
        format!(
            "(move Hop (between (range 1 {hi}) if:(= (what at:(between)) (id \"{piece}\"))) (to if:(is Empty (to))))"
        )
    };
    for (moves, apart) in [
        (format!("(or {step} {})", hop(1, "")), true),
        (format!("(or {step} {})", hop(2, "Orthogonal")), true),
        (format!("(or {{ {} {step} }})", hop(1, "Diagonal")), true),
        (format!("(or {step} {})", hop(0, "")), false),
        (format!("(or {step} (move Slide))"), false),
        (
            format!("(or (move Step Orthogonal) {})", hop(1, "Diagonal")),
            true,
        ),
        (
            "(or (move Step Orthogonal) (move Slide Diagonal))".to_string(),
            true,
        ),
        (
            "(or (move Step Diagonal) (move Slide Orthogonal))".to_string(),
            true,
        ),
        (
            format!("(or {step} (move (from) (to (sites Empty))))"),
            false,
        ),
        // hops whose tests on the first site passed over accept no piece
        // in common land on one site only by one direction, over one site
        (
            format!("(or {{ {} {} }})", over("Disc1", 1), over("Disc2", 1)),
            true,
        ),
        (
            format!(
                "(or {{ {} {} {step} }})",
                over("Disc1", 2),
                over("Disc2", 1)
            ),
            true,
        ),
        // ... but not when both may pass a piece of the same kind
        (
            format!("(or {{ {} {} }})", over("Disc1", 1), hop(1, "")),
            false,
        ),
    ] {
        let g = pieces(&moves);
        assert_eq!(g.deduplicated_phases(), vec![!apart], "{moves}");
        assert!(no_repeats(&g) > 5, "{moves}");
        let generic = g.generic_twin();
        assert_eq!(generic.deduplicated_phases(), vec![true]);
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for _ in 0..20 {
            let mut st = g.initial_state();
            for _ in 0..40 {
                let legal = g.legal_moves(&st);
                assert_eq!(legal, generic.legal_moves(&st), "{moves}");
                if st.is_over() {
                    break;
                }
                let m = legal[rng.random_range(0..legal.len())];
                g.apply(&mut st, &m);
            }
        }
    }
}
