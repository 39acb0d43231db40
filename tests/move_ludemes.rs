//! Move ludemes of pieces (issue 24), played by the reference
//! interpreter: directions relative to the way a piece faces, `(move
//! Promote ...)` and other moves as consequences, `(can Move ...)` and
//! `(no Moves ...)`. Each description is our own; each perft number was
//! checked against Ludii 1.0.8 (`run.sh perft` on the same text).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn load(text: &str) -> Loaded {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    }
}

fn perft(l: &Loaded, depth: u32) -> Vec<u64> {
    with_rules!(l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=depth).map(|d| r.perft(&st, d, &mut ws)).collect()
    })
}

/// Pawns of players facing north and south step `{FR FL Forward}`
/// (capturing by `apply`), and are promoted by `(move Promote ...)` in a
/// consequence on reaching the far row; queens step `Backwards`. The
/// player left without a move loses (`(no Moves Next)`).
const FACING: &str = r#"
(game "Facing"
    (players {(player N) (player S)})
    (equipment {
        (board (square 4))
        (piece "Pawn" Each
            (move Step (directions {FR FL Forward})
                (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))
                (then (if (is In (last To) (sites Next)) (move Promote (last To) (piece "Queen") Mover)))))
        (piece "Queen" Each (move Step Backwards (to if:(is Empty (to)))))
        (regions P1 (sites Bottom))
        (regions P2 (sites Top))
    })
    (rules
        (start { (place "Pawn1" (sites Bottom)) (place "Pawn2" (sites Top)) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Next Loss)))))
"#;

#[test]
fn relative_directions_promotion_and_no_moves_match_ludii_perft() {
    let l = load(FACING);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 10 100 840 6988 56614 442528
    assert_eq!(perft(&l, 6), [10, 100, 840, 6988, 56614, 442528]);
}

/// A step that can be followed by a diagonal step of the same piece
/// (`(can Move (move Step (from (last To)) ...))`) gives another move.
const CHAIN: &str = r#"
(game "Chain"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each
            (move Step Orthogonal (to if:(is Empty (to)))
                (then (if (can Move (move Step (from (last To)) Diagonal (to if:(is Empty (to))))) (moveAgain)))))
    })
    (rules
        (start { (place "Disc1" {"A1" "B1" "C1"}) (place "Disc2" {"B4" "C4" "D4"}) })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn can_move_matches_ludii_perft() {
    let l = load(CHAIN);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 4 28 186 1319 9268
    assert_eq!(perft(&l, 5), [4, 28, 186, 1319, 9268]);
}

/// A relative direction outside a piece's own moves is read for the piece
/// on the move's origin (each pawn steps the way its player faces; the
/// draughts of `tests/moves.rs` check it against Ludii in depth). Ludii
/// 1.0.8 on this text: perft 1..4 = 1 1 1 1.
#[test]
fn relative_direction_outside_a_piece_is_read_for_the_piece() {
    let text = r#"
(game "Loose"
    (players {(player N) (player S)})
    (equipment { (board (square 3)) (piece "Pawn" Each) })
    (rules
        (start { (place "Pawn1" {"A1"}) (place "Pawn2" {"C3"}) })
        (play (forEach Site (sites Occupied by:Mover)
            (move Step (from (site)) (directions Forward) (to if:(is Empty (to))))))
        (end (if (no Moves Next) (result Next Loss)))))
"#;
    let l = match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    assert!(matches!(l, Loaded::Reference(_)));
    assert_eq!(perft(&l, 4), [1, 1, 1, 1]);
}
