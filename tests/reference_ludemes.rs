//! Ludemes only the reference interpreter plays, and the dispatch that
//! sends their games there (`src/dispatch.rs`). Each description is our
//! own; each perft number was checked against Ludii 1.0.8 (`run.sh perft`
//! on the same game written as a .lud).

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

/// `(last To)` in a placement condition, `(is Full)`, `(is Odd ...)` and
/// `(is Even ...)` in end rules: a 4×4 board where each disc goes next to
/// the previous one (anywhere for the first); a line of three wins on an
/// odd move count and loses on an even one.
const LAST_STEP: &str = r#"
(game "LastStep"
    (players 2)
    (equipment { (board (square 4)) (piece "Disc" Each) })
    (rules
        (play
            (move Add
                (to (sites Empty)
                    if:(or (= (last To) -1) (is In (to) (sites Around (last To)))))))
        (end {
            (if (is Full) (result Mover Win))
            (if (and (is Odd (count Moves)) (is Line 3)) (result Mover Win))
            (if (and (is Even (count Moves)) (is Line 3)) (result Mover Loss))
        })))
"#;

#[test]
fn last_to_parity_and_full_match_ludii_perft() {
    let l = load(LAST_STEP);
    assert!(
        matches!(l, Loaded::Reference(_)),
        "dispatched to the interpreter"
    );
    assert_eq!(
        l.reference_reason().as_deref(),
        Some("`last`, `is Full`, `is Odd`, `is Even`")
    );
    // Ludii 1.0.8: 16 84 408 1764 6736
    assert_eq!(perft(&l, 5), [16, 84, 408, 1764, 6736]);
}

/// `(last From)`: a step game where a piece may not move onto the site
/// the opponent's last move came from.
const LAST_FROM: &str = r#"
(game "LastFrom"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Rook" Each
            (move Step Orthogonal (to if:(and (is Empty (to)) (!= (to) (last From))))))
    })
    (rules
        (start { (place "Rook1" {"A1" "C1"}) (place "Rook2" {"A3" "C3"}) })
        (play (forEach Piece))
        (end (if (= (count Moves) 6) (result Mover Draw)))))
"#;

#[test]
fn last_from_reads_the_origin() {
    let l = load(LAST_FROM);
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 4 14 44 118 452 1668
    assert_eq!(perft(&l, 4), LAST_FROM_PERFT);
}

const LAST_FROM_PERFT: [u64; 4] = [4, 14, 44, 118];

/// A game without such ludemes stays on the engine; `--passes none`
/// gives the interpreter; both count the same.
#[test]
fn plain_games_stay_on_the_engine() {
    let text = r#"
    (game "Tic-Tac-Toe"
        (players 2)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules
            (play (move Add (to (sites Empty))))
            (end { (if (is Line 3) (result Mover Win)) })))"#;
    let l = load(text);
    assert!(matches!(l, Loaded::Engine(_)));
    assert_eq!(l.reference_reason(), None);
    let r = load_str("t.lud", text, &Choices::default(), PassSet::none()).unwrap();
    assert!(matches!(r, Loaded::Reference(_)));
    assert_eq!(perft(&l, 4), perft(&r, 4));
    assert_eq!(perft(&l, 4), [9, 72, 504, 3024]);
}

/// `(last ... afterConsequence:` takes a boolean; `True` is played (see
/// tests/rules.rs), anything else is a located error.
#[test]
fn after_consequence_takes_a_boolean() {
    let text = LAST_STEP.replace("(last To)", "(last To afterConsequence:3)");
    let e = load_str("t.lud", &text, &Choices::default(), PassSet::all()).unwrap_err();
    assert!(e.to_string().contains("takes a boolean"), "{e}");
}

/// Three players: a line of two wins, ranks the winner first and play
/// goes on between the other two until one of them wins too (Ludii's
/// ranking); the counts past ply 4 show the game going on.
#[test]
fn a_win_among_three_players_ranks_and_play_goes_on() {
    let l = load(
        r#"
    (game "Ranked"
        (players 3)
        (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules
            (play (move Add (to (sites Empty))))
            (end (if (is Line 2) (result Mover Win)))))"#,
    );
    assert!(matches!(l, Loaded::Reference(_)));
    // Ludii 1.0.8: 9 72 504 3024 15120 42880 74880
    assert_eq!(perft(&l, 7), [9, 72, 504, 3024, 15120, 42880, 74880]);
}

/// A pass has no site: after it `(last To)` is none, so `(is Line 3)`
/// (pivot: the last move's target) does not hold. Three players on a 3×5
/// board (Ludii's Tic-Tac-Mo rules, written here): P3 completes a line
/// with the board's last empty site and is ranked first; the other two
/// then pass until three passes in a row end the game, a draw between
/// them. Before, the pass kept the previous target as pivot, so P1's pass
/// re-read P3's line and ended the game at once. The line and its end are
/// Ludii 1.0.8's seeded trace (seed 4, 18 plies); perft 15 210 2730 is
/// Ludii's too.
#[test]
fn a_pass_has_no_site() {
    let l = load(
        r#"
    (game "Three In A Row, Three Players"
        (players 3)
        (equipment { (board (rectangle 3 5)) (piece "Disc" Each) })
        (rules
            (play (move Add (to (sites Empty))))
            (end (if (is Line 3) (result Mover Win)))))"#,
    );
    assert_eq!(perft(&l, 3), [15, 210, 2730]);
    let line =
        "@13-13 @4-4 @3-3 @8-8 @10-10 @7-7 @11-11 @2-2 @0-0 @5-5 @14-14 @6-6 @9-9 @1-1 @12-12";
    with_rules!(&l, |r| {
        let mut st = r.initial_state();
        let mut ws = r.workspace();
        for key in line.split(' ') {
            let sites = ludeme::engine::parse_site_key(&key[1..]).unwrap();
            let legal = r.legal(&st);
            let m = legal
                .iter()
                .find(|m| r.game().move_sites(m) == sites)
                .unwrap();
            r.play(&mut st, m, &mut ws);
        }
        // P3 has won; P1, P2, P1 pass; then the game is over
        for ply in 15..18 {
            assert!(r.outcome(&st).is_none(), "over before ply {ply}");
            let legal = r.legal(&st);
            assert_eq!(legal.len(), 1, "ply {ply}");
            r.play(&mut st, &legal[0], &mut ws);
        }
        let o = r.outcome(&st).expect("over after three passes");
        assert_eq!(o.winner(), Some(3), "{o:?}");
    });
}
