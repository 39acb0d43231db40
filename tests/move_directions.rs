//! Moves of issue 24 (helper `moves`): directions `(if C D1 D2)` and
//! `(difference D OppositeDirection)` in a step or hop, `(count Steps A
//! B)` without a `(step ...)`, `(sites From MOVES)` and `(set Pending
//! REGION)`. The descriptions are our own; each perft number was checked
//! against Ludii 1.0.8 (`run.sh perft` on the same text as a .lud), and
//! the first game also by 10 seeded random games (`scripts/ludii-diff.py`).

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

/// Stones step forward (`(if (is Mover P1) N S)`), diagonally towards the
/// centre (`count Steps` to site 12 decreasing) and capture by orthogonal
/// hops, continued without turning back (`(difference Orthogonal
/// OppositeDirection)` from the last move).
const TURNSTONES: &str = r#"
(define "Capture"
    (between if:(is Enemy (who at:(between))) (apply (remove (between)))))
(define "HopOn"
    (move Hop (from (last To)) (difference Orthogonal OppositeDirection) "Capture" (to if:(is Empty (to))) #1))
(define "Again"
    (then (if (can Move ("HopOn")) (moveAgain))))
(game "Turnstones"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Stone" Each)
    })
    (rules
        (start {
            (place "Stone1" (sites {0 1 2 3 7 11}))
            (place "Stone2" (sites {13 17 21 22 23 24}))
        })
        (play
            (if (is Prev Mover)
                (or ("HopOn" "Again") (move Pass))
                (forEach Piece
                    (or {
                        (move Step (if (is Mover P1) (directions {N}) (directions {S}))
                            (to if:(is Empty (to))))
                        (move Hop Orthogonal "Capture" (to if:(is Empty (to))) "Again")
                        (move Step Diagonal
                            (to if:(and (is Empty (to)) (< (count Steps (to) 12) (count Steps (from) 12)))))
                    }))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

/// A stone able to capture may not step: `(set Pending (sites From
/// HOPS))` before the decision, read by `(sites Pending)`.
const PENDINGS: &str = r#"
(game "Pendings"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Stone" Each)
    })
    (rules
        (start {
            (place "Stone1" (sites {0 1 2 5}))
            (place "Stone2" (sites {10 13 14 15}))
        })
        (play
            (do
                (set Pending
                    (sites From
                        (forEach Piece
                            (move Hop Orthogonal
                                (between if:(is Enemy (who at:(between))))
                                (to if:(is Empty (to)))))))
                next:(forEach Piece
                    (or
                        (move Hop Orthogonal
                            (between if:(is Enemy (who at:(between))) (apply (remove (between))))
                            (to if:(is Empty (to))))
                        (move Step
                            (to if:(and (is Empty (to)) (not (is In (from) (sites Pending))))))))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn direction_functions_and_distance_match_ludii_perft() {
    // Ludii 1.0.8: 8 63 428 2696
    assert_eq!(perft(&load(TURNSTONES), 4), vec![8, 63, 428, 2696]);
}

#[test]
fn sites_from_into_pending_matches_ludii_perft() {
    // Ludii 1.0.8: 10 90 958 9704
    assert_eq!(perft(&load(PENDINGS), 4), vec![10, 90, 958, 9704]);
}

#[test]
fn difference_of_unknown_directions_is_refused_by_name() {
    let text = TURNSTONES.replace(
        "(difference Orthogonal OppositeDirection)",
        "(difference Orthogonal (directions {Foo}))",
    );
    let Err(e) = load_str("test.lud", &text, &Choices::default(), PassSet::all()) else {
        panic!("an unknown direction is an error");
    };
    assert!(e.to_string().contains("Foo"), "{e}");
}
