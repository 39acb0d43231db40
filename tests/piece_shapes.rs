//! The fast paths of `src/engine/fast.rs` against the generic evaluation
//! (the same game with them off): along random games, the same legal
//! moves in the same order and the same state after every decision.

mod common;
use common::*;
use ludeme::{Choices, Game};

/// Rule shapes with a fast path in the engine (src/engine/fast.rs), in a
/// setting of their own: per-piece `if`s on piece counts (both operand orders,
/// with and without an else branch), steps to empty sites over two relations
/// with and without consequences, a from-to move, two piece kinds per
/// player, `(is Prev Mover)`, and an end rule on the opponent's count.
const SHAPES: &str = r#"
(game "Shapes"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Disc" Each
            (if (< 4 (count Pieces Mover))
                (move Step Orthogonal (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                (if (>= (count Pieces Next) 3)
                    (move Step Diagonal (to if:(is Empty (to))))
                )
            )
        )
        (piece "Cross" Each
            (if (= (count Pieces Mover) (count Pieces Next))
                (move Step (to if:(is Empty (to))) (then (if (is Line 3 Orthogonal) (moveAgain))))
                (move (from) (to (sites Empty)))
            )
        )
    })
    (rules
        (start {
            (place "Disc1" (sites {0 1 2 3 4}))
            (place "Cross1" (sites {6 8}))
            (place "Disc2" (sites {20 21 22 23 24}))
            (place "Cross2" (sites {16 18}))
        })
        (play
            (if (is Prev Mover)
                (move Remove (sites Occupied by:Next container:"Board"))
                (forEach Piece)
            )
        )
        (end (if (> 3 (count Pieces Next)) (result Mover Win)))
    )
)
"#;

fn shapes() -> Game {
    ludeme::compile_str("shapes.lud", SHAPES, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_shapes_fixture_uses_every_fast_path() {
    let g = shapes();
    // per player 3 per-piece `if`s, all context-free and in a direct form
    // (two on one count, one comparing two counts: counters.rs), and 3
    // steps; the play rule's `if (is Prev Mover)`; the end rule; the
    // diagonal steps and from-to moves carry a piece and nothing else
    assert_eq!(
        g.fast_summary(),
        "fixed_if 7 step_to_empty 6 bare_carry 4 if_cond 7 end_cond 1"
    );
    assert_eq!(
        g.generic_twin().fast_summary(),
        "fixed_if 0 step_to_empty 0 bare_carry 0 if_cond 0 end_cond 0"
    );
}

#[test]
fn the_shapes_fixture_agrees_with_the_generic_path() {
    let g = shapes();
    agrees_with_generic(&g, 30, 3000, 7);
    // the games reach both branches of the count conditions and end by the
    // end rule, not only by the length limit
    let mut ended = 0;
    for seed in 0..10 {
        let st = after(&g, &seeded_line(&g, seed, 3000));
        ended += st.outcome().is_some_and(|o| o.winner().is_some()) as u32;
    }
    assert!(ended >= 5, "only {ended} games won");
}

#[test]
fn nine_mens_morris_agrees_with_the_generic_path() {
    agrees_with_generic(&common::load("nine_mens_morris.lud", &[]), 20, 3000, 11);
}

#[test]
fn every_rules_file_agrees_with_the_generic_path() {
    for (file, opts) in [
        ("atidada.lud", &[][..]),
        ("atidada.lud", &["Pieces/3"][..]),
        ("atidada.lud", &["Movement Mills/Yes", "Board/6 Rings"][..]),
        ("abande.lud", &[][..]),
        ("abrana.lud", &[][..]),
        ("abrobad.lud", &[][..]),
        ("icebreaker.lud", &[][..]),
    ] {
        let g = load(file, opts);
        agrees_with_generic(&g, 4, 600, 3);
    }
}

/// Pieces whose moves are `or`s of steps and hops of every shape the
/// piece programs take (`src/engine/piecegen.rs`): steps onto empty and
/// onto occupied sites, hops over occupied or empty runs landing on empty
/// or occupied sites, ranges starting at 0, 1 and 2, over several
/// relations and boards, with and without a consequence; one piece kind
/// has a hop over named directions, which keeps it on the general path.
fn hop_shapes(board: &str) -> String {
    format!(
        r#"(game "Hops" (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each
                    (or {{
                        (move Step Orthogonal (to if:(is Empty (to))))
                        (move Hop Diagonal (between (range 1 2) if:(is Occupied (between))) (to if:(is Empty (to))))
                        (move Hop Orthogonal (between (range 2 3) if:(is Empty (between))) (to if:(is Occupied (to))))
                    }})
                )
                (piece "Cross" Each
                    (or
                        (or
                            (move Step Diagonal (to if:(is Occupied (to))))
                            (move Hop (between (range 0 4) if:(is Occupied (between))) (to if:(is Empty (to))))
                        )
                        (move Hop Orthogonal (between (range 1 9) if:(is Empty (between))) (to if:(is Empty (to))))
                        (then (addScore Mover 1))
                    )
                )
                (piece "Square" Each
                    (or
                        (move Step (to if:(is Empty (to))))
                        (move Hop (directions {{N E}}) (between if:(is Occupied (between))) (to if:(is Empty (to))))
                    )
                )
            }})
            (rules
                (start {{
                    (place "Disc1" (sites {{0 1 2}})) (place "Cross1" (sites {{5 6}})) (place "Square1" (sites {{7}}))
                    (place "Disc2" (sites {{10 11 12}})) (place "Cross2" (sites {{15 16}})) (place "Square2" (sites {{17}}))
                }})
                (play (or (forEach Piece) (move Add (to (sites Empty) if:(= 0 (count Sites in:(sites Around (to) Own)))))))
                (end (if (>= (count Moves) 60) (result Mover Draw)))
            )
        )"#
    )
}

#[test]
fn piece_programs_agree_with_the_generic_path() {
    for board in [
        "(square 5)",
        "(hex 3)",
        "(rectangle 4 6)",
        "(hex Limping 3)",
    ] {
        let g = ludeme::compile_str("hops.lud", &hop_shapes(board), &Choices::default())
            .unwrap_or_else(|e| panic!("{e}"));
        // per player, the Disc's `or` and the Cross's two (not the Square's)
        assert_eq!(g.piece_programs(), 6, "{board}");
        assert_eq!(g.generic_twin().piece_programs(), 0);
        agrees_with_generic(&g, 30, 60, 13);
    }
    // Abrobad's movement options: steps and hops (programs), steps alone
    for movement in [
        "Step or jump to first empty",
        "Step or hop to empty",
        "Adjacent step",
    ] {
        let opt = format!("Movement Type (in any direction)/{movement}");
        let g = load("abrobad.lud", &[&opt, "Board Size/Limping Hex 3-4"]);
        agrees_with_generic(&g, 20, 600, 5);
    }
}

/// Piece programs whose cell tests read the top component (`what`) against
/// a constant: hops over runs of one marker kind (`=`), over anything but
/// one kind (`!=`, which passes empty sites too), landing where `what` is
/// below a bound, steps onto sites holding a kind above a bound, with
/// effects and consequences on the moves; a neutral and per-player markers
/// added and removed so every test meets every kind of cell.
const WHAT_SHAPES: &str = r#"(game "Whats" (players 2)
    (equipment {
        (board (square 6))
        (piece "Pawn" Each
            (or {
                (move Hop (between (range 1 3) if:(= (what at:(between)) (id "Marker0"))) (to if:(is Empty (to))))
                (move Hop Orthogonal (between if:(not (= (what at:(between)) (id "Marker0")))
                    (apply (if (is Empty (between)) (add (piece (id "Marker" Mover)) (to (between))))))
                    (to if:(< (what at:(to)) (id "Pawn2"))))
                (move Step Diagonal (to if:(> (what at:(to)) (id "Pawn2")) (apply (remove (to)))))
                (move Step Orthogonal (to if:(= (what at:(to)) (id "Marker" P1))))
            })
        )
        (piece "Marker" Each)
        (piece "Marker" Neutral)
    })
    (rules
        (start { (place "Pawn1" (sites {0 14})) (place "Pawn2" (sites {35 21})) (place "Marker0" (sites {7 8 27 28})) })
        (play (or (forEach Piece) (move Add (piece "Marker0") (to (sites Empty) if:(is In (to) (sites Outer))))))
        (end (if (>= (count Moves) 80) (result Mover Draw)))
    )
)"#;

#[test]
fn piece_programs_with_what_tests_agree_with_the_generic_path() {
    let g = ludeme::compile_str("whats.lud", WHAT_SHAPES, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"));
    // per player, the Pawn's `or`
    assert_eq!(g.piece_programs(), 2);
    assert_eq!(g.generic_twin().piece_programs(), 0);
    agrees_with_generic(&g, 40, 80, 17);
}

/// `count Groups` over a relation on boards of at most 64 sites is a flood
/// fill on one word (the generic twin keeps the general search): scores
/// set from group counts with and without a minimum size, over several
/// relations and conditions (empty, occupied, owner comparisons, `and`,
/// `or`: one-word predicate sets), agree along random games; the 9x9 board is
/// too large for one word and takes the general search both ways.
#[test]
fn group_counts_agree_with_the_generic_path() {
    for board in ["(square 5)", "(hex 3)", "(hex Limping 2)", "(square 9)"] {
        let text = format!(
            r#"(game "Groups" (players 2)
                (equipment {{ (board {board}) (piece "Disc" Each) }})
                (rules
                    (play (move Add (to (sites Empty))
                        (then (and {{
                            (set Score Mover (count Groups if:(= (who at:(to)) (mover)) min:2))
                            (set Score Next (+ (count Groups Orthogonal if:(is Occupied (to)))
                                (* 100 (count Groups Diagonal if:(or (is Empty (to)) (= (who at:(to)) (next))) min:3))))
                            (set Score P1 (+ (count Groups if:(and (is Occupied (to)) (!= (who at:(to)) (mover))))
                                (* 100 (count Groups if:(< (who at:(to)) 2)))))
                        }}))
                    ))
                    (end (if (>= (count Moves) 40) (result Mover Draw)))
                )
            )"#
        );
        let g = ludeme::compile_str("groups.lud", &text, &Choices::default())
            .unwrap_or_else(|e| panic!("{e}"));
        agrees_with_generic(&g, 20, 60, 21);
    }
}
