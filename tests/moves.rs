//! Moves and effects of draughts, tafl and hunt games (issue 24): relative
//! directions outside a piece's own moves, `(trigger ...)` and `(is
//! Triggered ...)`, `(is Within ...)`, `SameDirection`, a slide's `(to (apply if:C))`, a
//! step's `(to ...)` without `if:`. The descriptions are our
//! own; each perft number was checked against Ludii 1.0.8 (`run.sh perft`
//! on the same text as a .lud file).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_file, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn load(text: &str) -> Loaded {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    }
}

fn load_rules(name: &str) -> Loaded {
    let path = format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    match load_file(
        std::path::Path::new(&path),
        &Choices::default(),
        PassSet::all(),
    ) {
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

/// rules/english_draughts.lud: the men's jumps written with `{FR FL}` at
/// the top of the play rule (the jumping man goes on), outside any
/// `(forEach Piece)`: the directions are those of the piece on the origin.
/// Ludii 1.0.8 on the same file gives these counts (`run.sh perft
/// rules/english_draughts.lud 7`); the first jumps come at ply 5.
#[test]
fn english_draughts_matches_ludii_perft() {
    let l = load_rules("english_draughts.lud");
    assert_eq!(perft(&l, 7), [7, 49, 302, 1469, 7361, 36768, 179255]);
}

/// rules/hnefatafl.lud: slides with captures, the king taken by four sides
/// (`(surround ...)` applying `(trigger ...)`), the end by `(is Triggered
/// ...)` and `(is Within ...)`. Ludii 1.0.8 on the same file gives these
/// counts (`run.sh perft rules/hnefatafl.lud 3`).
#[test]
fn hnefatafl_matches_ludii_perft() {
    let l = load_rules("hnefatafl.lud");
    assert_eq!(perft(&l, 3), [116, 6788, 806344]);
}

/// `(trigger ...)` sets a flag that `(is Triggered ...)` reads: a king
/// boxed in on four sides by the move ends the game for the attackers.
/// Ludii 1.0.8 on this text: perft 1..2 = 11, 10 (of the 11 first moves,
/// B4-C4 closes the box and wins; after the others the king, who cannot
/// move, passes).
const KING_BOXED: &str = r#"
(game "Boxed"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Man" P1
            (move Step Orthogonal (to if:(is Empty (to)))
                (then
                    (surround (from (last To)) Orthogonal
                        (between if:(= (what at:(between)) (id "King2"))
                            (apply (trigger "Taken" P2)))
                        (to if:(is Friend (who at:(to))))))))
        (piece "King" P2)
    })
    (rules
        (start {
            (place "Man1" (sites {"C2" "B3" "D3" "B4"}))
            (place "King2" (sites {"C3"}))
        })
        (play (forEach Piece))
        (end (if (is Triggered "Taken" P2) (result P1 Win)))
    )
)
"#;

#[test]
fn trigger_ends_the_game() {
    let l = load(KING_BOXED);
    assert_eq!(perft(&l, 2), [11, 10]);
}

/// A slide's `(to (apply if:C))`: the rook passes the centre but never
/// stops on it; a step whose `(to ...)` has no `if:` lands on any
/// neighbour, occupied or not (Ludii's `Step`). Ludii 1.0.8 on this text:
/// perft 1..3 = 8, 64, 545.
const PASS_THRONE: &str = r#"
(game "PassThrone"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Rook" Each
            (move Slide Orthogonal (to (apply if:(not (is In (to) (sites Centre)))))))
        (piece "Bumper" Each
            (move Step Orthogonal (to (apply (remove (to))))))
    })
    (rules
        (start {
            (place "Rook1" (sites {"C1"}))
            (place "Bumper1" (sites {"A1"}))
            (place "Rook2" (sites {"A3"}))
            (place "Bumper2" (sites {"E5"}))
        })
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"#;

#[test]
fn slide_passes_where_it_may_not_stop() {
    let l = load(PASS_THRONE);
    assert_eq!(perft(&l, 3), [8, 64, 545]);
}

/// `SameDirection`: the jumping man goes on only along the line of its last
/// jump (or passes). Ludii 1.0.8 on this text: perft 1..3 = 4, 7, 7 (from
/// depth 4 on, Ludii ends games where both sides passed, which is not
/// what this test is about).
const STRAIGHT_JUMPS: &str = r#"
(define "Jump"
    (move Hop (from #1) #2
        (between if:(is Enemy (who at:(between))) (apply (remove (between))))
        (to if:(is Empty (to)))
        (then (moveAgain))))
(game "StraightJumps"
    (players 2)
    (equipment {
        (board (square 5))
        (piece "Man" Each)
    })
    (rules
        (start {
            (place "Man1" (sites {"A1" "E5"}))
            (place "Man2" (sites {"A2" "A4" "B1" "D1" "E4" "E2" "D5"}))
        })
        (play
            (if (is Prev Mover)
                (or ("Jump" (last To) SameDirection) (move Pass))
                (forEach Piece ("Jump" (from) Orthogonal))))
        (end (if (is In (last To) (sites {"C3"})) (result Mover Win)))
    )
)
"#;

#[test]
fn same_direction_follows_the_last_jump() {
    let l = load(STRAIGHT_JUMPS);
    assert_eq!(perft(&l, 3), [4, 7, 7]);
}
