//! `(nextPhase ...)` without a phase name: the next phase in order. Descriptions are our own; perft numbers are
//! Ludii 1.0.8's for the same games (`run.sh perft`).

use ludeme::Choices;
use ludeme::dispatch::load_str;
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn perft(text: &str, depth: u32, passes: PassSet) -> Vec<u64> {
    let l = match load_str("test.lud", text, &Choices::default(), passes) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    with_rules!(&l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=depth).map(|d| r.perft(&st, d, &mut ws)).collect()
    })
}

const GAME: &str = r#"
(game "PhaseSteps"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        phases:{
            (phase "Open" (play (move Add (to (sites Empty)))) NEXT)
            (phase "Corners" (play (move Add (to (intersection (sites Corners) (sites Empty))))))
        }
        (end (if (is Line 3) (result Mover Win)))))"#;

/// `(nextPhase C)`: the phase after this one once C holds (Ludii: 9 72
/// 224 504 744).
#[test]
fn next_phase_without_a_name_is_the_next_one() {
    let text = GAME.replace("NEXT", "(nextPhase (= (count Moves) 2))");
    for passes in [PassSet::all(), PassSet::none()] {
        assert_eq!(perft(&text, 5, passes), [9, 72, 224, 504, 744]);
    }
}
