//! What a move's consequences see, as Ludii 1.0.8 orders it: the decision
//! is counted before its `(then ...)` runs, `(can Move ...)` in a game
//! that reads `(is Visited ...)` counts the decision's own sites as
//! visited, and the conditions of an `(and ...)`'s parts are read before
//! any part applies. Each description is our own; each perft number was
//! checked against Ludii 1.0.8 (`run.sh perft` on the same text).

use ludeme::Choices;
use ludeme::dispatch::load_str;
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

fn perft(text: &str, passes: PassSet, depth: u32) -> Vec<u64> {
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

/// Perft under every pass and under the reference interpreter alone.
fn perft_both(text: &str, depth: u32) -> Vec<u64> {
    let all = perft(text, PassSet::all(), depth);
    assert_eq!(
        perft(text, PassSet::none(), depth),
        all,
        "the reference disagrees"
    );
    all
}

/// `(count Moves)` in a `(then ...)` counts the decision being applied:
/// the first decision (count 1, odd) goes on, so P1 places twice and wins
/// with two pieces at ply 2. Counted after the consequences, P2 would
/// place plies 2 and 3 and the game would go on to depth 3 (504).
#[test]
fn count_moves_in_a_consequence_counts_the_decision() {
    const GAME: &str = r#"
(game "CountInThen"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty)) (then (if (is Odd (count Moves)) (moveAgain)))))
        (end (if (= (count Pieces Mover) 2) (result Mover Win)))))
"#;
    // Ludii 1.0.8: 9 72 0 0
    assert_eq!(perft_both(GAME, 4), [9, 72, 0, 0]);
}

/// The parts of an `(and ...)` are generated before any applies: the
/// `(if ...)` counts the opponent's pieces before the `(remove ...)`
/// beside it takes them, so taking a piece earns another placement.
/// Read after the removal, it never would (perft 4 would be 4608).
#[test]
fn an_and_reads_its_conditions_before_its_actions() {
    const GAME: &str = r#"
(game "AndBefore"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play
            (move Add (to (sites Empty))
                (then
                    (and
                        (remove (sites Occupied by:Next))
                        (if (< 0 (count Pieces Next)) (moveAgain))))))
        (end (if (= (count Pieces Mover) 3) (result Mover Win)))))
"#;
    // Ludii 1.0.8: 9 72 576 4032 32256
    assert_eq!(perft_both(GAME, 5), [9, 72, 576, 4032, 32256]);
}

/// `(can Move ...)` in a `(then ...)` of a game that reads `(is Visited
/// ...)` looks ahead with the hop's own two sites visited: after the hop
/// 0-8, the hop back to 0 does not count, the turn ends and P2 moves
/// (without that, P1 would move again and have only a pass).
#[test]
fn can_move_counts_the_decision_as_visited() {
    const GAME: &str = r#"
(define "Hop"
    (move Hop (from #1) Orthogonal
        (between if:(is Occupied (between)))
        (to if:(and (is Empty (to)) (not (is Visited (to)))))
        #2))
(define "HopOn" ("Hop" #1 (then (if (can Move ("Hop" (last To))) (moveAgain)))))
(game "VisitedHops"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each ("HopOn" (from))) })
    (rules
        (start { (place "Disc1" (sites {0 1 2 4})) (place "Disc2" (sites {5 6 9 10 11})) })
        (play
            (if (is Prev Mover)
                ("HopOn" (last To))
                (or (forEach Piece) (move Add (to (sites Empty))))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;
    // Ludii 1.0.8: 9 89 643 5072
    assert_eq!(perft_both(GAME, 4), [9, 89, 643, 5072]);
}

/// Ludii's `Next` is the player the turn passes to, and `(moveAgain)`
/// makes that the mover at once: `(no Moves Next)` in the end rules then
/// asks whether the mover can go on. P1 places with `(moveAgain)` while
/// P2 could only place on the first cell: P1's placing there does not end
/// the game (P2 would have no move, but P1 still has). Ludii 1.0.8: 3 6 6 0
/// (with `Next` the other player, depth 2 would be 4).
#[test]
fn next_after_move_again_is_the_mover() {
    const GAME: &str = r#"
(game "Again"
    (players 2)
    (equipment { (board (rectangle 1 3)) (piece "Disc" Each) })
    (rules
        (play
            (if (is Mover P1)
                (move Add (to (sites Empty)) (then (moveAgain)))
                (move Add (to (sites {0}) if:(is Empty (to))))))
        (end (if (no Moves Next) (result Mover Win)))))
"#;
    assert_eq!(perft_both(GAME, 4), [3, 6, 6, 0]);
}

/// The same in a result: P1 fills the row, moving again after each disc;
/// when it is full, `(result Next Win)` names P1 (Ludii 1.0.8's seeded
/// trace: winner 1 at ply 3).
#[test]
fn a_result_for_next_after_move_again_names_the_mover() {
    const GAME: &str = r#"
(game "Again Full"
    (players 2)
    (equipment { (board (rectangle 1 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty)) (then (if (is Mover P1) (moveAgain)))))
        (end (if (is Full) (result Next Win)))))
"#;
    for passes in [PassSet::all(), PassSet::none()] {
        let l = load_str("test.lud", GAME, &Choices::default(), passes)
            .unwrap_or_else(|e| panic!("{e}"));
        with_rules!(&l, |r| {
            let mut st = r.initial_state();
            let mut ws = r.workspace();
            for _ in 0..3 {
                let m = r.legal(&st)[0];
                r.play(&mut st, &m, &mut ws);
            }
            let o = r.outcome(&st).expect("over after three discs");
            assert_eq!(o.winner(), Some(1), "{o:?}");
        });
    }
}

/// `nextPhase` conditions read `Next` as the player after the mover in
/// both implementations, also after a `(moveAgain)` (Ludii reads the mover
/// there: a known difference, see `compile/reference.rs`). P1's first disc
/// moves again; the phase changes when Next has a disc. The engine and
/// the reference must count the same.
#[test]
fn next_in_next_phase_reads_alike_in_both() {
    const GAME: &str = r#"
(game "Again Phase"
    (players 2)
    (equipment { (board (rectangle 1 4)) (piece "Disc" Each) })
    (rules
        phases:{
            (phase "One"
                (play (move Add (to (sites Empty)) (then (if (= 1 (count Pieces Mover)) (moveAgain)))))
                (nextPhase (= 1 (count Pieces Next)) "Two"))
            (phase "Two"
                (play (move Add (to (sites {0 1}) if:(is Empty (to))))))
        }
        (end (if (= 0 (count Sites in:(sites Empty))) (result Mover Win)))))
"#;
    let all = perft(GAME, PassSet::all(), 4);
    assert_eq!(perft(GAME, PassSet::none(), 4), all);
}
