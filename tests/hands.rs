//! Hands (issue 24): Ludii makes a hand only for the players given in
//! `(hand ...)`, in the order given, and numbers its first hand site after
//! the larger of the board's cells and its sites. A board played on the
//! points of a triangulated grid has more cells than points, so its hand
//! sites start later than the board's last point. The sites of moves in
//! Ludii's convention (`Game::move_sites`, what `moves --sites` prints and
//! `scripts/ludii-diff.py` compares) are Ludii's. Each description is our
//! own; the perft numbers and the first legal moves' sites were checked
//! against Ludii 1.0.8 (`run.sh perft`, `run.sh trace`).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn load(text: &str, passes: PassSet) -> Loaded {
    match load_str("test.lud", text, &Choices::default(), passes) {
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

/// The sites of the first legal moves, sorted, in Ludii's convention.
fn first_keys(l: &Loaded) -> Vec<(i64, i64)> {
    with_rules!(l, |r| {
        let st = r.initial_state();
        let mut keys: Vec<(i64, i64)> = r
            .legal(&st)
            .iter()
            .map(|m| r.game().move_sites(m))
            .collect();
        keys.sort_unstable();
        keys
    })
}

fn both(text: &str) -> [Loaded; 2] {
    [load(text, PassSet::all()), load(text, PassSet::none())]
}

/// 25 points, 32 triangles: P1's one hand is site 32.
const AFTER_CELLS: &str = r#"
(game "HandAfterCells"
    (players 2)
    (equipment {
        (board (square 5 diagonals:Alternating) use:Vertex)
        (hand P1)
        (piece "Goat" P1 (move Step (to if:(is Empty (to)))))
        (piece "Tiger" P2 (move Step (to if:(is Empty (to)))))
    })
    (rules
        (start { (place "Goat1" (handSite P1) count:3) (place "Tiger2" 12) })
        (play (if (is Mover P1) (move (from (handSite P1)) (to (sites Empty))) (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn a_hand_comes_after_the_cells_of_a_board_on_points() {
    for l in both(AFTER_CELLS) {
        assert_eq!(perft(&l, 3), [24, 184, 4232]);
        let keys = first_keys(&l);
        assert_eq!(keys.len(), 24);
        assert!(keys.iter().all(|&(from, _)| from == 32), "{keys:?}");
    }
}

/// Only P2 has a hand, and in Ludii it is the first one: site 32.
const ONLY_P2: &str = r#"
(game "HandOfP2"
    (players 2)
    (equipment {
        (board (square 5 diagonals:Alternating) use:Vertex)
        (hand P2)
        (piece "Goat" P1 (move Step (to if:(is Empty (to)))))
        (piece "Tiger" P2 (move Step (to if:(is Empty (to)))))
    })
    (rules
        (start { (place "Goat1" 0) (place "Tiger2" (handSite P2) count:2) })
        (play (if (is Mover P2) (move (from (handSite P2)) (to (sites Empty))) (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn a_hand_of_p2_alone_is_the_first_hand() {
    for l in both(ONLY_P2) {
        assert_eq!(perft(&l, 3), [3, 72, 322]);
        with_rules!(&l, |r| {
            let mut st = r.initial_state();
            let mut ws = r.workspace();
            let m = r.legal(&st)[0];
            r.play(&mut st, &m, &mut ws);
            let keys: Vec<(i64, i64)> = r
                .legal(&st)
                .iter()
                .map(|m| r.game().move_sites(m))
                .collect();
            assert_eq!(keys.len(), 24);
            assert!(keys.iter().all(|&(from, _)| from == 32), "{keys:?}");
        });
    }
}

/// A merged board of 13 points and 14 faces: the hands are 14 and 15.
const MERGED: &str = r#"
(game "HandsOnMerge"
    (players 2)
    (equipment {
        (board (merge { (rectangle 3 4 diagonals:Alternating) (shift 2.5 0.5 (rotate -90 (wedge 2))) }) use:Vertex)
        (hand Each)
        (piece "Dog" Each (move Step (to if:(is Empty (to)))))
    })
    (rules
        (start { (place "Dog1" (handSite P1) count:2) (place "Dog2" (handSite P2) count:2) })
        (play (if (is Occupied (handSite Mover)) (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece)))
        (end (if (no Moves Next) (result Mover Win)))))
"#;

#[test]
fn hands_of_each_player_follow_the_faces_of_a_merged_board() {
    for l in both(MERGED) {
        assert_eq!(perft(&l, 3), [13, 156, 1716]);
        let keys = first_keys(&l);
        assert_eq!(keys.len(), 13);
        assert!(keys.iter().all(|&(from, _)| from == 14), "{keys:?}");
    }
}

fn load_error(text: &str) -> String {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(_) => panic!("loaded"),
        Err(e) => e.to_string(),
    }
}

/// Ludii moves each piece of a stack on its own; until `(forEach Piece)`
/// does so, a stack of several placed at the start is refused by name, as
/// are `(place Random ...)` and `counts:`.
#[test]
fn stacks_of_several_and_random_placements_are_refused_by_name() {
    let stack = ONLY_P2.replace("(place \"Goat1\" 0)", "(place Stack \"Goat1\" 0 count:3)");
    assert!(load_error(&stack).contains("`(place Stack ...)` of several pieces"));
    let random = ONLY_P2.replace("(place \"Goat1\" 0)", "(place Random {\"Goat1\"})");
    assert!(load_error(&random).contains("`(place Random ...)` is not supported"));
    let one = ONLY_P2.replace("(place \"Goat1\" 0)", "(place Stack \"Goat1\" 0)");
    assert_eq!(perft(&load(&one, PassSet::none()), 2), [3, 72]);
}
