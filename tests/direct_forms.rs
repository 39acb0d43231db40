//! The compact forms of the walk from a play rule's top (`Direct` in
//! `src/engine/fast.rs`): `if`s whose condition has a direct form (the
//! previous mover, piece counts, `(count Moves)`, an empty hand, conditions
//! over counters), decided in place at the top and at the head of a
//! `forEach Piece` entry; a `forEach Piece` whose entries are split per
//! mover at load (no entry, one, several); a step to empty sites run on the
//! neighbour masks. Against the generic evaluation (the same game with the
//! fast paths off): along random games, the same legal moves in the same
//! order and the same state after every decision.

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

fn load(text: &str) -> Game {
    ludeme::compile_str("direct.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Discs enter from the hand until it is empty (the top `if` on the hand),
/// then step; P1's Cross flies while P2 has more than three pieces (P1
/// owns two entries, P2 one).
/// Each entry's own `if`s read `(count Moves)` (an `if` without an else:
/// no moves for Discs from the eighteenth decision on) and piece counts
/// against both operand orders. After the twentieth decision a player
/// with six pieces removes instead (a condition over counters).
/// With `ward`, P2 owns no piece kind that moves: it only passes once its
/// hand is empty.
fn entries(board: &str, ward: bool) -> String {
    let (p2, cross) = if ward {
        (r#"(piece "Ward" P2)"#, r#"(place "Ward" (sites {0}))"#)
    } else {
        ("", "")
    };
    let disc = if ward { "P1" } else { "Each" };
    format!(
        r#"(game "Direct"
            (players 2)
            (equipment {{
                (board {board})
                (hand Each)
                (piece "Disc" {disc}
                    (if (< (count Moves) 18)
                        (if (<= 4 (count Pieces Mover))
                            (move Step (to if:(is Empty (to))))
                            (move Step Diagonal (to if:(is Empty (to))))
                        )
                    )
                )
                (piece "Cross" P1
                    (if (> (count Pieces Next) 3) (move (from) (to (sites Empty))))
                )
                {p2}
            }})
            (rules
                (start {{
                    (place "Disc" "Hand" count:5)
                    (place "Cross" (sites {{1}}))
                    {cross}
                }})
                (play
                    (if ("HandEmpty" Mover)
                        (if (and (> (count Moves) 20) (= (count Pieces Mover) 6))
                            (move Remove (sites Occupied by:Enemy container:"Board"))
                            (forEach Piece)
                        )
                        (move (from (handSite Mover)) (to (sites Empty)))
                    )
                )
                (end (if (<= (count Pieces Next) 2) (result Mover Win)))
            )
        )"#
    )
}

#[test]
fn piece_entries_split_per_mover_agree_with_the_generic_path() {
    for board in ["(square 5)", "(square 8)", "(square 9)"] {
        for ward in [false, true] {
            let g = load(&entries(board, ward));
            agrees_with_generic(&g, 10, 300, 3);
        }
    }
}

/// The top `if`s read the previous mover and piece counts (as a morris
/// game's do), over a `forEach Piece` of one kind per player whose entry
/// flies with three pieces and steps otherwise.
#[test]
fn a_removal_after_a_line_agrees_with_the_generic_path() {
    let g = load(
        r#"(game "Lines"
            (players 2)
            (equipment {
                (board (concentric Square rings:3) use:Vertex)
                (hand Each)
                (piece "Marker" Each
                    (if (= (count Pieces Mover) 3)
                        (move (from) (to (sites Empty)) (then (if (is Line 3 Orthogonal) (moveAgain))))
                        (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                    )
                )
            })
            (rules
                (start (place "Marker" "Hand" count:6))
                (play
                    (if (is Prev Mover)
                        (move Remove (sites Occupied by:Enemy container:"Board"))
                        (if ("HandEmpty" Mover)
                            (forEach Piece)
                            (move (from (handSite Mover)) (to (sites Empty))
                                (then (if (is Line 3 Orthogonal) (moveAgain))))
                        )
                    )
                )
                (end (if (<= (count Pieces Next) 2) (result Mover Win)))
            )
        )"#,
    );
    let won = agrees_with_generic(&g, 20, 1000, 5);
    assert!(won >= 5, "only {won} games won");
}
