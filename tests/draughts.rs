//! Draughts and hop captures (issue 24): capture sequences with pieces
//! removed at the end of the turn, flying kings (`before:`/`after:`), the
//! move filter `(max Moves M)`, `(count Rows)`, promotion as a consequence
//! and as a decision. The descriptions are our own; each perft number was
//! checked against Ludii 1.0.8 (`run.sh perft` on the same text as a .lud).

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

/// A 6×6 draughts position with men and one king a side. Men jump one
/// enemy diagonally (not one already jumped this turn), the jumped men go
/// at the end of the turn, and the man jumps again while it can; kings fly
/// (`"HopDiagonalSequenceCapture"` with `before:`/`after:` of `(count
/// Rows)`). Capturing is compulsory and only the longest sequences count.
const MINI_DRAUGHTS: &str = r#"
(define "ManJump"
    (move Hop (from #1) Diagonal
        (between
            if:(and (not (is In (between) (sites ToClear))) (is Enemy (who at:(between))))
            (apply (remove (between) at:EndOfTurn)))
        (to if:(is Empty (to)))
        #2))
(define "AfterJump"
    (then
        (if (can Move ("ManJump" (last To)))
            (moveAgain)
            (if (is In (last To) (sites Next)) (promote (last To) (piece "King") Mover)))))
(game "MiniDraughts"
    (players 2)
    (equipment {
        (board (square 6))
        (piece "Man" P1 N) (piece "Man" P2 S) (piece "King" Each)
        (regions P1 (sites Bottom)) (regions P2 (sites Top))
    })
    (rules
        (start {
            (place "Man1" (sites {1 3 5 8 10 13 15}))
            (place "Man2" (sites {20 22 25 27 29 30 34}))
            (place "King1" (sites {6}))
            (place "King2" (sites {33}))
        })
        (play
            (if (is Prev Mover)
                (if (= (what at:(last To)) (id "Man" Mover))
                    (max Moves ("ManJump" (last To) "AfterJump"))
                    (max Moves ("HopDiagonalSequenceCaptureAgain" before:(count Rows) after:(count Rows) at:EndOfTurn)))
                (priority {
                    (max Moves
                        (or
                            (forEach Piece "Man" ("ManJump" (from) "AfterJump"))
                            (forEach Piece "King" ("HopDiagonalSequenceCapture" before:(count Rows) after:(count Rows) at:EndOfTurn))))
                    (or
                        (forEach Piece "Man"
                            (move Step (directions {FR FL}) (to if:(is Empty (to))))
                            (then (if (is In (last To) (sites Next)) (promote (last To) (piece "King") Mover))))
                        (forEach Piece "King" (move Slide Diagonal)))
                })))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn mini_draughts_matches_ludii_perft() {
    let l = load(MINI_DRAUGHTS);
    assert!(
        matches!(l, Loaded::Reference(_)),
        "dispatched to the interpreter"
    );
    let reason = l.reference_reason().unwrap_or_default();
    for what in [
        "sites ToClear",
        "remove at:EndOfTurn",
        "max Moves",
        "move Hop with before:",
    ] {
        assert!(reason.contains(what), "{what} in {reason}");
    }
    // Ludii 1.0.8: 2 8 9 64 101 249 615
    assert_eq!(perft(&l, 7), [2, 8, 9, 64, 101, 249, 615]);
}

/// Pawns step forward; one that reaches the far row plays again and
/// becomes a queen or a rook (`(move Promote ...)` as a decision, one move
/// per piece named).
const PROMOTE_CHOICE: &str = r#"
(game "PromoteChoice"
    (players 2)
    (equipment {
        (board (square 4))
        (piece "Pawn" P1 N) (piece "Pawn" P2 S) (piece "Queen" Each) (piece "Rook" Each)
        (regions P1 (sites Top)) (regions P2 (sites Bottom))
    })
    (rules
        (start { (place "Pawn1" (sites {4 9})) (place "Pawn2" (sites {7 10})) })
        (play
            (if (is Prev Mover)
                (move Promote (last To) (piece {"Queen" "Rook"}) Mover)
                (or {
                    (forEach Piece "Pawn"
                        (move Step Forward (to if:(is Empty (to))))
                        (then (if (is In (last To) (sites Mover)) (moveAgain))))
                    (forEach Piece "Queen" (move Slide))
                    (forEach Piece "Rook" (move Slide Orthogonal))
                })))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn promotion_as_a_decision_matches_ludii_perft() {
    let l = load(PROMOTE_CHOICE);
    assert!(
        matches!(l, Loaded::Reference(_)),
        "dispatched to the interpreter"
    );
    // Ludii 1.0.8: 2 4 8 28 78 381
    assert_eq!(perft(&l, 6), [2, 4, 8, 28, 78, 381]);
}

/// `(max Captures ...)` is refused by name, not misread.
#[test]
fn max_captures_is_refused_by_name() {
    let text = MINI_DRAUGHTS.replacen("(max Moves\n", "(max Captures\n", 1);
    let Err(e) = load_str("test.lud", &text, &Choices::default(), PassSet::all()) else {
        panic!("accepted")
    };
    assert!(
        e.to_string()
            .contains("`(max Captures ...)` is not supported yet"),
        "{e}"
    );
}
