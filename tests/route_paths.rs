//! The walk from a play rule's top laid out per phase and mover at load
//! (`src/engine/route.rs`) against the generic evaluation (the same game
//! with the fast paths off): along random games, the same legal moves in the
//! same order and the same state after every decision. The conditions name
//! players by role (`Mover`, `Next`, a fixed player, the previous mover),
//! and the players' piece counts differ, so a role resolved for the wrong
//! mover changes the moves.

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

fn load(text: &str) -> Game {
    ludeme::compile_str("t.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Two kinds of piece, one per player, whose entries start with `if`s on
/// the counts of `Next`, `Mover` and `P1`; with `cross`, a second kind for
/// P1 (a list of several entries for P1, one for P2). Each player moves on
/// to the late phase on her own; the late phase's top `if` reads the
/// mover's count, and every phase's the previous mover (a line of three
/// lets the player remove an enemy piece). With `stone`, a kind without
/// moves for P2 (one entry, but not every piece of P2 is of its kind).
fn routes(board: &str, cross: bool, stone: bool) -> String {
    let (mut piece, mut place) = if cross {
        (
            r#"(piece "Cross" P1 (if (> (count Pieces Mover) 5) (move Step Diagonal (to if:(is Empty (to))))))"#.to_string(),
            r#"(place "Cross" (sites {8}))"#.to_string(),
        )
    } else {
        (String::new(), String::new())
    };
    if stone {
        piece += r#"(piece "Stone" P2)"#;
        place += r#"(place "Stone" (sites {16 22}))"#;
    }
    format!(
        r#"(game "Routes"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" P1
                    (if (>= (count Pieces Next) 6)
                        (move Step Orthogonal (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                        (if (< (count Pieces Mover) 5)
                            (move (from) (to (sites Empty)) (then (if (is Line 3 Orthogonal) (moveAgain))))
                            (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                        )
                    )
                )
                (piece "Ring" P2
                    (if (< (count Pieces P1) 7)
                        (move Step Diagonal (to if:(is Empty (to))) (then (if (is Line 3 Diagonal) (moveAgain))))
                        (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                    )
                )
                {piece}
            }})
            (rules
                (start {{
                    (place "Disc" (sites {{0 1 3 5 7 10 11}}))
                    (place "Ring" (sites {{13 14 17 19 20 23}}))
                    {place}
                }})
                phases:{{
                    (phase "Early"
                        (play
                            (if (is Prev Mover)
                                (move Remove (sites Occupied by:Enemy container:"Board"))
                                (forEach Piece)
                            )
                        )
                        (nextPhase Mover (<= (count Pieces Next) 5) "Late")
                    )
                    (phase "Late"
                        (play
                            (if (is Prev Mover)
                                (move Remove (sites Occupied by:Enemy container:"Board"))
                                (if (!= (count Pieces Mover) 4)
                                    (forEach Piece)
                                    (or (forEach Piece) (move Pass))
                                )
                            )
                        )
                    )
                }}
                (end (if (<= (count Pieces Next) 2) (result Mover Win)))
            )
        )"#
    )
}

#[test]
fn roles_resolved_per_mover_agree_with_the_generic_path() {
    let mut won = 0;
    for board in ["(square 5)", "(square 6)", "(square 9)"] {
        for (cross, stone) in [(false, false), (true, false), (false, true), (true, true)] {
            let g = load(&routes(board, cross, stone));
            assert!(g.routes() > 0, "{board}: no routes");
            won += agrees_with_generic(&g, 12, 400, 7);
        }
    }
    assert!(won >= 12, "only {won} games won");
}

#[test]
fn atidada_variants_agree_with_the_generic_path() {
    for opts in [
        &[][..],
        &["Pieces/3"],
        &["Pieces/20", "Board/6 Rings"],
        &["Movement Mills/Yes"],
    ] {
        let g = common::load("atidada.lud", opts);
        assert!(g.routes() > 0);
        agrees_with_generic(&g, 4, 600, 11);
    }
}
