//! Steps over all of a player's pieces of one kind at once whose height
//! tests read `(from)` and `(to)` only (`src/engine/stepgen.rs`
//! `step_pieces_heights`: per origin height, the candidates are one set
//! made from a table of the heights the tests accept), when an owner has
//! pieces of two kinds (so a site of the owner's is not always the moving
//! kind, and a test on `(what at:(to))` keeps some of an owner's pieces
//! and not others), and stacks grow taller than the table tells apart:
//! along random games, the same legal moves in the same order and the same
//! states as the generic evaluation.

mod common;
use common::agrees_with_generic;
use ludeme::{Choices, Game};

/// Discs enter from the hand next to the pieces on the board, and step
/// where `to_if` holds (a whole stack). Crosses of each player's stand on
/// the board from the start and never move. With `one_group`, a step must
/// keep every piece in one group.
fn game(board: &str, to_if: &str, one_group: bool) -> String {
    let pieces = if one_group {
        "(do (forEach Piece) ifAfterwards:(= 1 (count Groups if:(is Occupied (to)))))"
    } else {
        "(forEach Piece)"
    };
    format!(
        r#"(game "HeightSteps"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each (move Step (to if:{to_if}) stack:True))
                (piece "Cross" Each)
                (hand Each)
            }})
            (rules
                (start {{
                    (place "Disc" "Hand" count:16)
                    (place "Cross1" (sites {{0 1}}))
                    (place "Cross2" (sites {{2 3}}))
                }})
                (play
                    (or {{
                        (move (from (handSite Mover))
                            (to (sites Around (sites Occupied by:All container:"Board") Empty)))
                        {pieces}
                        (if (all Sites (sites Hand Mover) if:(is Empty (site))) (move Pass))
                    }})
                )
                (end (if (all Passed) (result Mover Draw)))
            )
        )"#
    )
}

fn load(text: &str) -> Game {
    ludeme::compile_str("height_steps.lud", text, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

const TO_IFS: [&str; 5] = [
    // an owner's crosses are not taken: its sites are more than the
    // pieces that pass
    "(and (is Occupied (to)) (!= (what at:(to)) (id \"Cross2\")) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 3))",
    "(and (= (what at:(to)) (id \"Disc1\")) (< (+ (size Stack at:(to)) (size Stack at:(from))) 5))",
    // stacks grow taller than the table
    "(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 12))",
    "(and (is Occupied (to)) (<= (+ (size Stack at:(to)) (size Stack at:(to))) 13))",
    "(and (is Enemy (who at:(to))) (= (+ (size Stack at:(from)) (size Stack at:(to))) 3))",
];

#[test]
fn steps_by_origin_height_agree_with_the_generic_evaluation() {
    for (i, to_if) in TO_IFS.iter().enumerate() {
        for (j, board) in ["(hex 4)", "(square 7)"].iter().enumerate() {
            for one_group in [false, true] {
                let text = game(board, to_if, one_group);
                let g = load(&text);
                assert!(g.debug_gens().contains("SlotTests"), "{text}");
                let seed = (i * 4 + j * 2) as u64 + one_group as u64;
                agrees_with_generic(&g, 16, 200, seed);
            }
        }
    }
}

/// Tests on the top piece at `(to)` that read the previous mover or
/// accept an empty site, and three players (so a step may take the pieces
/// of two owners, and the previous mover is not the next): the plan's
/// per-mover-and-previous-mover tables and the candidates' owners.
const MORE_TO_IFS: [&str; 3] = [
    // the empty sites are candidates too
    "(<= (+ (size Stack at:(from)) (size Stack at:(to))) 2)",
    "(and (= (who at:(to)) Prev) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 4))",
    "(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(to)) (size Stack at:(from))) 3))",
];

#[test]
fn steps_for_each_mover_and_previous_mover_agree_with_the_generic_evaluation() {
    for (i, to_if) in MORE_TO_IFS.iter().enumerate() {
        for players in [2, 3] {
            for one_group in [false, true] {
                let text = game("(hex 4)", to_if, one_group)
                    .replace("(players 2)", &format!("(players {players})"));
                let g = load(&text);
                assert!(g.debug_gens().contains("SlotTests"), "{text}");
                let seed = (i * 4 + players * 2) as u64 + one_group as u64;
                agrees_with_generic(&g, 16, 200, seed);
            }
        }
    }
}
