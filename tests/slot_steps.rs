//! Steps whose condition is a fused list of cell tests
//! (`(move Step REL (to if:SLOT_TESTS))`) on boards of at most 64 sites
//! (`src/engine/stepgen.rs`: the tests on the top piece at `(to)` decided
//! once per position, as components and as board sites read from the
//! per-owner occupied sets), against the generic evaluation and against
//! the same game written so that the compiler fuses nothing: along random
//! games, the same legal moves in the same order and the same states.

mod common;
use common::{agrees_with_generic, same_lines};
use ludeme::{Choices, Game};

/// Discs enter from the hand next to the pieces on the board, and `(do …
/// ifAfterwards:OneGroup)` keeps every piece in one group. With `kinds`,
/// each player also has crosses on the board from the start (so that an
/// owner has components that a test on `(what at:(to))` keeps and
/// components it does not), and each piece has an `or` of steps with fused
/// tests: onto an enemy piece with a summed height, onto one named
/// component, onto a friend with a test on `(from)`, and onto empty or low
/// sites (a height test alone, which empty sites pass). Without, a disc's
/// only move is the first of these (the loop over all of a player's
/// pieces at once).
fn game(board: &str, kinds: bool) -> String {
    let enemy = "(move Step
        (to if:(and (is Enemy (who at:(to))) (<= (+ (size Stack at:(from)) (size Stack at:(to))) 3)))
        stack:True
    )";
    let (disc, cross, place) = if kinds {
        (
            format!(
                r#"(or {{
                    {enemy}
                    (move Step Orthogonal
                        (to if:(and (= (what at:(to)) (id "Cross2")) (< (size Stack at:(to)) 3)))
                        stack:True
                    )
                }})"#
            ),
            r#"(piece "Cross" Each
                (or {
                    (move Step Diagonal (to if:(and (is Mover (who at:(from))) (<= (size Stack at:(to)) 1))))
                    (move Step
                        (to if:(and (is Friend (who at:(to))) (= (what at:(from)) (id "Cross1")) (< (size Stack at:(to)) 3)))
                        stack:True
                    )
                })
            )"#,
            r#"(place "Cross1" (sites {0 2})) (place "Cross2" (sites {1 3}))"#,
        )
    } else {
        (enemy.to_string(), "", "")
    };
    format!(
        r#"(game "SlotSteps"
            (players 2)
            (equipment {{
                (board {board})
                (piece "Disc" Each {disc})
                {cross}
                (hand Each)
            }})
            (rules
                (start {{ (place "Disc" "Hand" count:14) {place} }})
                (play
                    (if (= (count Moves) 0)
                        (move (from (handSite Mover)) (to (sites Empty)))
                        (or {{
                            (move (from (handSite Mover))
                                (to (sites Around (sites Occupied by:All container:"Board") Empty)))
                            (do (forEach Piece) ifAfterwards:(= 1 (count Groups if:(is Occupied (to)))))
                        }})
                    )
                )
                (end (if (all Passed) (result Mover Draw)))
            )
        )"#
    )
}

fn load(text: &str) -> Game {
    ludeme::compile_str("slot_steps.lud", text, &Choices::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The game on `board`, as written and with the context sites disguised
/// (nothing fused).
fn pair(board: &str, kinds: bool) -> (Game, Game) {
    let text = game(board, kinds);
    let slow = text
        .replace("(to)", "(+ (to) 0)")
        .replace("(from)", "(+ (from) 0)");
    (load(&text), load(&slow))
}

#[test]
fn steps_with_fused_tests_agree_with_the_generic_evaluation() {
    for (i, board) in ["(hex 4)", "(square 7)", "(square 8)", "(square 9)"]
        .iter()
        .enumerate()
    {
        for kinds in [false, true] {
            let (fast, slow) = pair(board, kinds);
            assert!(fast.debug_gens().contains("SlotTests"));
            assert!(!slow.debug_gens().contains("SlotTests"));
            let seed = 2 * i as u64 + kinds as u64;
            agrees_with_generic(&fast, 12, 120, seed);
            let steps = same_lines(&fast, &slow, (12, 120, seed), |a, b| {
                assert_eq!(a.outcome(), b.outcome())
            });
            assert!(steps > 300, "{board}: only {steps} step moves");
        }
    }
}
