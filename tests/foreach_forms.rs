//! Argument forms of `(forEach Piece ...)`, the end rule `(forEach
//! Player|NonMover ...)`, `(add ... (then ...))` as a consequence and
//! `(can Move ...)`. Each description is our own; each perft number was
//! checked against Ludii 1.0.8 (`run.sh perft` on the same text).

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

/// `(forEach Piece NAME MOVES Mover)` and `(forEach Piece MOVES)`: discs
/// step orthogonally, every piece (disc or cross) hops an occupied cell.
const EACH_MOVES: &str = r#"
(game "EachMoves"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each) (piece "Cross" Each) })
    (rules
        (start { (place "Disc1" {0 1}) (place "Cross1" 2) (place "Disc2" {14 15}) (place "Cross2" 13) })
        (play (or
            (forEach Piece "Disc" (move Step Orthogonal (to if:(is Empty (to)))) Mover)
            (forEach Piece (move Hop (between if:(is Occupied (between))) (to if:(is Empty (to)))))
        ))
        (end (if (is In 15 (sites Occupied by:P1)) (result P1 Win)))))
"#;

#[test]
fn for_each_piece_with_moves_matches_ludii() {
    let l = load(EACH_MOVES);
    // Ludii 1.0.8: 3 9 56 358 2023 11332
    assert_eq!(perft(&l, 6), [3, 9, 56, 358, 2023, 11332]);
}

/// `(forEach Piece MOVES)` is the same game as pieces carrying MOVES and
/// `(forEach Piece)`: our Abrobad rewritten that way offers the same moves
/// at every ply of random games, under every movement option.
#[test]
fn for_each_piece_moves_equals_the_pieces_own_moves() {
    use rand::{Rng, SeedableRng};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/abrobad.lud");
    let text = std::fs::read_to_string(path).expect("rules/abrobad.lud");
    let rewritten = text
        .replace(
            r#"(piece "Disc" Each <Movement:move>)"#,
            r#"(piece "Disc" Each)"#,
        )
        .replace("(forEach Piece)", "(forEach Piece <Movement:move> Mover)");
    assert_ne!(text, rewritten);
    let movements = [
        "Step or jump to first empty",
        "Step or hop to empty",
        "Adjacent step",
        "Any unobstructed slide",
        "Maximal slide",
    ];
    let mut moved = 0;
    for m in movements {
        let choices = Choices {
            options: vec![
                "Board Size/Limping Hex 3-4".to_string(),
                format!("Movement Type (in any direction)/{m}"),
            ],
            ruleset: None,
        };
        let a = ludeme::compile_str("a.lud", &text, &choices).unwrap_or_else(|e| panic!("{e}"));
        let b =
            ludeme::compile_str("b.lud", &rewritten, &choices).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for _ in 0..4 {
            let (mut sa, mut sb) = (a.initial_state(), b.initial_state());
            while !sa.is_over() {
                let (la, lb) = (a.legal_moves(&sa), b.legal_moves(&sb));
                let (mut ta, mut tb) = (a.move_texts(&la), b.move_texts(&lb));
                ta.sort();
                tb.sort();
                assert_eq!(ta, tb, "{m}");
                let i = rng.random_range(0..la.len());
                let t = &a.move_texts(&la)[i];
                moved += t.contains('-') as u32;
                let j = b
                    .move_texts(&lb)
                    .iter()
                    .position(|x| x == t)
                    .expect("same move");
                a.apply(&mut sa, &la[i]);
                b.apply(&mut sb, &lb[j]);
                assert_eq!(sa.is_over(), sb.is_over());
            }
        }
    }
    assert!(moved > 20, "stones were moved ({moved})");
}

/// `(add (piece (next)) (to R) (then X))` inside a consequence: X runs
/// after the pieces are added.
const ADD_THEN: &str = r#"
(game "AddThen"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))
            (then (if (is Line 2)
                (add (piece (next)) (to (sites Around (last To) if:(is Empty (to))))
                    (then (set Score Next (count Pieces Next))))))))
        (end (if (>= (score Mover) 4) (result Mover Loss)))))
"#;

#[test]
fn add_with_then_matches_ludii() {
    // Ludii 1.0.8: 9 72 504 2120
    assert_eq!(perft(&load(ADD_THEN), 4), [9, 72, 504, 2120]);
}

/// `(if (can Move M) M ELSE)`: place on the bottom row while it has room.
const CAN_MOVE: &str = r#"
(game "CanMove"
    (players 2)
    (equipment { (board (square 4)) (hand Each) (piece "Disc" Each) })
    (rules
        (start (place "Disc" "Hand" count:3))
        (play
            (if (can Move (move (from (handSite Mover)) (to (sites Empty) if:(is In (to) (sites Bottom)))))
                (move (from (handSite Mover)) (to (sites Empty) if:(is In (to) (sites Bottom))))
                (move (from (handSite Mover)) (to (sites Empty)))))
        (end (if (is Line 3) (result Mover Win)))))
"#;

#[test]
fn can_move_matches_ludii() {
    let l = load(CAN_MOVE);
    assert!(matches!(l, Loaded::Reference(_)));
    assert_eq!(l.reference_reason().as_deref(), Some("`can Move`"));
    // Ludii 1.0.8: 4 12 24 24 288 3168
    assert_eq!(perft(&l, 6), [4, 12, 24, 24, 288, 3168]);
}

/// The end rule `(forEach NonMover|Player if:C (result Player Loss))`:
/// stepping onto an enemy captures it; a player down to one piece loses.
const NON_MOVER: &str = r#"
(game "NonMover"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (start { (place "Disc1" {0 1 2}) (place "Disc2" {6 7 8}) })
        (play (or
            (forEach Piece (move Step (to if:(is Empty (to)))))
            (forEach Piece (move Step (to if:(is Enemy (who at:(to)))) (then (remove (last To)))) )))
        (end (forEach NonMover if:(= 1 (count Pieces Player)) (result Player Loss)))))
"#;

#[test]
fn end_for_each_player_matches_ludii() {
    // Ludii 1.0.8: 7 49 402 3092 21748 143622 (for both forms; without
    // the end rule the sixth count is 159996)
    assert_eq!(
        perft(&load(NON_MOVER), 6),
        [7, 49, 402, 3092, 21748, 143622]
    );
    let all = NON_MOVER.replace("forEach NonMover", "forEach Player");
    assert_eq!(perft(&load(&all), 6), [7, 49, 402, 3092, 21748, 143622]);
}

#[test]
fn unsupported_forms_are_named() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "(forEach Piece (move Step (to if:(is Empty (to)))))",
            "(forEach Piece (move Step (to if:(is Empty (to)))) Enemy)",
            "`(forEach Piece ... Enemy)` is not supported yet",
        ),
        (
            "(forEach NonMover",
            "(forEach Team",
            "over `Player` or `NonMover` only",
        ),
    ];
    for (from, to, want) in cases {
        let text = NON_MOVER.replace(from, to);
        assert_ne!(text, NON_MOVER);
        let err = match load_str("t.lud", &text, &Choices::default(), PassSet::all()) {
            Ok(_) => panic!("{to} loaded"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(want), "{to}: {err}");
        assert!(err.contains("t.lud:"), "not located: {err}");
    }
}
