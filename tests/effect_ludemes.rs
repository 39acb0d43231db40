//! Effect, condition and start ludemes of issue 24 (`src/compile/conditions.rs`,
//! `src/interp/conditions.rs`). Each description is our own; each perft
//! number was checked against Ludii 1.0.8 (`run.sh perft` on the same
//! description saved as a .lud file).

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

/// `(is Line 3 byLevel:True)` on a 1×4 board of stacks up to 3 high: a
/// line on one level, diagonally across levels, or down a stack wins.
const BY_LEVEL: &str = r#"
(game "LevelLine"
    (players 2)
    (equipment { (board (rectangle 1 4)) (piece "Disc" Each) })
    (rules
        (play
            (move Add
                (to (forEach (sites Board) if:(< (size Stack at:(site)) 3)))
                stack:true))
        (end (if (is Line 3 byLevel:true) (result Mover Win)))))
"#;

#[test]
fn is_line_by_level_matches_ludii_perft() {
    let l = load(BY_LEVEL);
    assert!(matches!(l, Loaded::Reference(_)));
    assert_eq!(l.reference_reason().as_deref(), Some("`is Line byLevel:`"));
    // Ludii 1.0.8: 4 16 64 252 960 3096 9924
    assert_eq!(perft(&l, 7), [4, 16, 64, 252, 960, 3096, 9924]);
}

/// `(map ...)` with a player key and a site-label value, and a map whose
/// value 0 Ludii treats as absent (then `mapEntry` gives the key itself:
/// P1 may not play on site 1, P2 not on site 5).
const MAPS: &str = r#"
(game "Maps"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Disc" Each)
        (map "Forbidden" {(pair P1 "A1") (pair P2 "C3")})
        (map "Zero" {(pair 1 0) (pair 2 5)})
    })
    (rules
        (play
            (move Add
                (to (sites Empty)
                    if:(and
                        (!= (to) (mapEntry "Forbidden" (mover)))
                        (!= (to) (mapEntry "Zero" (mover)))))))
        (end (if (is Line 3) (result Mover Win)))))
"#;

#[test]
fn map_entry_matches_ludii_perft() {
    let l = load(MAPS);
    assert_eq!(l.reference_reason().as_deref(), Some("`mapEntry`"));
    // Ludii 1.0.8: 8 50 308 1404 6120
    assert_eq!(perft(&l, 5), [8, 50, 308, 1404, 6120]);
}

/// `(count MovesThisTurn)` (two placements a turn) and `(count Groups
/// Orthogonal Mover)` (one orthogonal group of at least three wins).
const GROUPS: &str = r#"
(game "TwoMoves"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play
            (move Add (to (sites Empty))
                (then (if (= (count MovesThisTurn) 0) (moveAgain)))))
        (end {
            (if (and (>= (count Pieces Mover) 3) (= 1 (count Groups Orthogonal Mover))) (result Mover Win))
            (if (is Full) (result Mover Draw))
        })))
"#;

#[test]
fn moves_this_turn_and_groups_of_a_player_match_ludii_perft() {
    let l = load(GROUPS);
    assert_eq!(
        l.reference_reason().as_deref(),
        Some("`count MovesThisTurn`, `is Full`")
    );
    // Ludii 1.0.8: 9 72 504 3024 15120 44640 113760
    assert_eq!(perft(&l, 7), [9, 72, 504, 3024, 15120, 44640, 113760]);
}

/// `(place "Piece" coord:"B2")`: the start on labelled sites.
const COORD: &str = r#"
(game "Coord"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (start { (place "Disc1" coord:"B2") (place "Disc2" coord:"A3") })
        (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win)))))
"#;

#[test]
fn place_coord_matches_ludii_perft() {
    let l = load(COORD);
    // Ludii 1.0.8: 7 42 210 720 1944
    assert_eq!(perft(&l, 5), [7, 42, 210, 720, 1944]);
}

#[test]
fn a_missing_map_is_a_located_error() {
    let text = MAPS.replace("(mapEntry \"Zero\"", "(mapEntry \"Nope\"");
    let e = match load_str("test.lud", &text, &Choices::default(), PassSet::all()) {
        Ok(_) => panic!("loaded"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("no `(map \"Nope\" ...)`"), "{e}");
    assert!(e.contains("test.lud:"), "{e}");
}
