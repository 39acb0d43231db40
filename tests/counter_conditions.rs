//! Conditions read straight off the state's counters (`FastCond` in
//! `src/engine/fast.rs`): `(count Moves)` and `(count Pieces WHO in:(sites
//! Board))` compared with a constant (either operand first), and "the hand
//! of WHO is empty", in `if`s of the play rule and in end rules (where they
//! also let a bare carry or add take the lean apply); and conditions made
//! of such counts (per player, per named piece, `(count Moves)`, `(count
//! Turns)`) under `and`, `or`, `not` (`src/engine/counters.rs`). Against
//! the generic evaluation: along random games, the same legal moves and
//! states.

mod common;
use common::{after, agrees_with_generic, same_lines, seeded_line};
use ludeme::{Choices, Game};

/// Discs enter from the hand, and fly once the hand is empty; from the
/// sixth decision on, a player with at least three discs on the board may
/// also step one, and once the opponent's hand is empty (or after the
/// thirtieth decision) may also fly one. With `stack`,
/// steps go onto enemy discs too, whole stacks at a time (no lean apply).
/// The end rules count decisions and the pieces on the board.
fn game(stack: bool) -> String {
    let step = if stack {
        "(move Step (to if:(not (is Friend (who at:(to))))) stack:True)"
    } else {
        "(move Step (to if:(is Empty (to))))"
    };
    format!(
        r#"(define "Fly" (move (from (sites Occupied by:Mover container:"Board")) (to (sites Empty))))
        (game "Counters"
            (players 2)
            (equipment {{
                (board (square 5))
                (piece "Disc" Each {step})
                (hand Each)
            }})
            (rules
                (start (place "Disc" "Hand" count:6))
                (play
                    (or {{
                        (if ("HandEmpty" Mover)
                            "Fly"
                            (move (from (handSite Mover)) (to (sites Empty)))
                        )
                        (if (<= 6 (count Moves))
                            (if (>= (count Pieces Mover in:(sites Board)) 3) (forEach Piece))
                        )
                        (if ("HandEmpty" Next)
                            "Fly"
                            (if (> (count Moves) 30) "Fly")
                        )
                    }})
                )
                (end {{
                    (if (= (count Moves) 90) (result Mover Draw))
                    (if (< 11 (count Pieces All in:(sites Board))) (result Mover Loss))
                    (if (>= (count Pieces Next in:(sites Board)) 6) (result Next Win))
                }})
            )
        )"#
    )
}

fn load(text: &str) -> Game {
    ludeme::compile_str("counters.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn counter_conditions_have_their_direct_form() {
    let g = load(&game(false));
    // the play rule's five `if`s and the three end rules
    assert!(
        g.fast_summary().contains("if_cond 5 end_cond 3"),
        "{}",
        g.fast_summary()
    );
}

#[test]
fn counter_conditions_agree_with_the_generic_evaluation() {
    for (i, stack) in [false, true].into_iter().enumerate() {
        let g = load(&game(stack));
        let won = agrees_with_generic(&g, 40, 200, i as u64);
        assert!(won >= 5, "only {won} games won");
    }
}

/// Discs and Crosses per player and neutral Stones; each move adds one and
/// may take one away. The play rule's `if`s and the end rules compare
/// counts of one piece kind (of fixed players, the mover, the next player),
/// per-owner counts, moves and turns, with every operator.
const COUNTS: &str = r#"(game "Counts" (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each)
        (piece "Cross" Each)
        (piece "Stone" Neutral)
    })
    (rules
        (play
            (if (or (< (count Pieces Mover "Disc") (count Pieces Next "Cross")) (= (count Moves) 3))
                (move Add (piece (id "Disc" Mover)) (to (sites Empty))
                    (then (if (>= (count Pieces Mover) 3) (remove (sites Occupied by:Neutral)))))
                (if (not (> (count Pieces P2 "Cross") (count Pieces P1 "Cross")))
                    (or
                        (move Add (piece (id "Cross" Mover)) (to (sites Empty)))
                        (move Add (piece "Stone0") (to (sites Empty)) (then (moveAgain)))
                    )
                    (move Add (piece "Stone0") (to (sites Empty)))
                )
            )
        )
        (end {
            (if (and (>= (count Pieces Neutral "Stone") 7) (not (or (= (count Turns) 7) (= (count Turns) 9)))) (result Mover Win))
            (if (or {
                    (> (count Pieces P1 "Disc") 4)
                    (<= 6 (count Pieces Next "Cross"))
                    (and (>= (count Pieces Prev) (count Pieces Mover)) (> (count Moves) 10))
                })
                {
                    (if (> (count Pieces P1) (count Pieces P2)) (result P1 Win))
                    (if (< (count Pieces P1) (count Pieces P2)) (result P2 Win))
                }
                (result Mover Draw)
            )
        })
    )
)"#;

fn counts() -> Game {
    ludeme::compile_str("counts.lud", COUNTS, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn compound_counter_conditions_agree_with_the_generic_path() {
    let g = counts();
    // every `if` and end rule has a direct form
    assert_eq!(
        g.fast_summary(),
        "fixed_if 0 step_to_empty 0 bare_carry 0 if_cond 2 end_cond 4"
    );
    assert_eq!(
        g.generic_twin().fast_summary(),
        "fixed_if 0 step_to_empty 0 bare_carry 0 if_cond 0 end_cond 0"
    );
    let won = agrees_with_generic(&g, 200, 100, 41);
    assert!(won > 50, "only {won} games won");
}

/// The last three end rules share their first condition (`(if C {…} R)`
/// flattens into `(and C A)`, `(and C B)` and `C`): they are planned as a
/// whole, `C` decided once (`src/engine/counters.rs`, `EndStep`), which
/// `compound_counter_conditions_agree_with_the_generic_path` checks against
/// the generic path (it fails with the guard kept from an earlier
/// decision, or with the rest of a rule taken as true).
#[test]
fn end_rules_with_a_shared_guard_are_planned() {
    assert_eq!(counts().end_plans(), 1);
    assert_eq!(counts().generic_twin().end_plans(), 0);
    assert_eq!(load(&game(false)).end_plans(), 0);
}

/// The games end by every end rule: each result (P1, P2, a draw) occurs.
#[test]
fn the_counts_game_ends_in_every_way() {
    let g = counts();
    let mut results = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let st = after(&g, &seeded_line(&g, seed, 200));
        results.insert(st.outcome().map(|o| o.text()).unwrap_or_default());
    }
    assert_eq!(
        results.into_iter().collect::<Vec<_>>().join(" "),
        "P1 P2 draw"
    );
}

/// Scores are counters too: the play rule's `if`s compare the mover's and
/// the next player's scores with constants, and the end rules compare two
/// scores and wait for a proposal (planned as a whole, with the shared
/// guard `(is Proposed "Stop")`). Scores reach ±2 000 000 000, so two of
/// them differ by more than an `i32` holds: the comparison must not wrap.
/// A bare add takes the lean apply, whose end check is skipped while
/// "Stop" is not proposed (every end rule waits for it) and made in full
/// after (a proposal stays made, and the game goes on when no rule holds).
const SCORES: &str = r#"(game "Scores" (players 2)
    (equipment {
        (board (square 4))
        (piece "Disc" Each)
        (piece "Cross" Each)
        (piece "Ring" Each)
        (piece "Star" Each)
    })
    (rules
        (play
            (or {
                (move Add (piece (id "Disc" Mover)) (to (sites Empty)))
                (move Add (piece (id "Cross" Mover)) (to (sites Empty)) (then (addScore Mover 1)))
                (if (>= (score Mover) 2)
                    (move Add (piece (id "Ring" Mover)) (to (sites Empty))
                        (then (set Score Next -2000000000))
                    )
                )
                (if (< (score Next) 0)
                    (move Add (piece (id "Star" Mover)) (to (sites Empty))
                        (then (set Score Mover 2000000000))
                    )
                )
                (move Propose "Stop")
            })
        )
        (end {
            (if (and (is Proposed "Stop") (<= (score Mover) (score Next))) (result Mover Win))
            (if (and (is Proposed "Stop") (>= (count Moves) 14)) (result Next Win))
        })
    )
)"#;

/// Fails with the scores' difference wrapping (`counter_diff`), with a
/// score read for the wrong player, or with the lean end check skipped
/// after the proposal.
#[test]
fn score_comparisons_agree_with_the_generic_path() {
    let g = load(SCORES);
    assert_eq!(
        g.fast_summary(),
        "fixed_if 2 step_to_empty 0 bare_carry 0 if_cond 2 end_cond 2"
    );
    assert_eq!(g.end_plans(), 1);
    let won = agrees_with_generic(&g, 400, 60, 7);
    assert!(won > 300, "only {won} games won");
    // the far-apart scores come up when a game ends
    let mut far = 0;
    for seed in 0..400 {
        let st = after(&g, &seeded_line(&g, seed, 60));
        far += (st.score(1).abs_diff(st.score(2)) > i32::MAX as u32) as u32;
    }
    assert!(far > 10, "only {far} games with far-apart scores");
}

/// `(count Pieces All in:(sites Board))`, read off the counters less the
/// hands, against the same count taken site by site over the occupied
/// sites (every level of a stack): the same moves and states along random
/// games, with and without stacks, while the hands empty. The count is read
/// by an end rule and by a play rule's `if` (there, once seven pieces have
/// entered rather than from the sixth decision on).
#[test]
fn pieces_on_the_board_agree_with_a_count_over_the_sites() {
    for stack in [false, true] {
        let all = "(count Pieces All in:(sites Board))";
        let text = game(stack).replace("(<= 6 (count Moves))", &format!("(<= 7 {all})"));
        assert_eq!(text.matches(all).count(), 2);
        let slow = text.replace(
            all,
            r#"(count Pieces All in:(sites Occupied by:All container:"Board"))"#,
        );
        let (g, s) = (load(&text), load(&slow));
        same_lines(&g, &s, (40, 200, 5), |a, b| assert_eq!(a, b));
    }
}

/// Abrana's end rules, resolved for the mover (`MoverEnds`): the pawn
/// count of the next player, then any of three marker counts reaching the
/// limit, whose guards are decided first by one flat pass over the
/// component counters (`MoverEnds::quick`). Against the generic path,
/// along random games, which end in each way.
#[test]
fn abrana_end_rules_agree_with_the_generic_path() {
    let g = ludeme::compile_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/abrana.lud"),
        &Choices::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let won = agrees_with_generic(&g, 150, 400, 7);
    assert!(won >= 50, "only {won} games won");
}
