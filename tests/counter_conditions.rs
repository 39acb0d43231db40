//! Conditions read straight off the state's counters (`FastCond` in
//! `src/engine/fast.rs`): `(count Moves)` and `(count Pieces WHO in:(sites
//! Board))` compared with a constant (either operand first), and "the hand
//! of WHO is empty", in `if`s of the play rule and in end rules (where they
//! also let a bare carry or add take the lean apply), against the generic
//! evaluation: along random games, the same legal moves and states.

mod common;
use common::agrees_with_generic;
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
    ludeme::load_str("counters.lud", text, &Choices::default()).unwrap_or_else(|e| panic!("{e}"))
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
