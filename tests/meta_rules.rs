//! Meta rules the reference interpreter plays: the swap rule `(swap)`
//! and `(noRepeat)` (`src/compile/meta.rs`, `src/interp/meta.rs`). Each
//! description is our own; each perft number was checked against Ludii
//! 1.0.8 (`run.sh perft` on the same game written as a .lud), and
//! `scripts/ludii-diff.py` agreed on 10 seeded traces of each.

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

const SWAP_LINE: &str = r#"
(game "SwapLine"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (meta (swap))
        (play (move Add (to (sites Empty))))
        (end (if (is Line 3) (result Mover Win)))))"#;

/// The swap is offered once, at the second decision, besides the 8
/// placements; after it the same player places again on the 8 empty
/// sites (Ludii: 9 81 576 3528 18144; without the rule 9 72 504 3024).
#[test]
fn swap_rule_offers_one_swap_at_the_second_decision() {
    let l = load(SWAP_LINE);
    assert!(matches!(l, Loaded::Reference(_)), "swap is reference-only");
    assert_eq!(perft(&l, 5), [9, 81, 576, 3528, 18144]);
    with_rules!(&l, |r| {
        let mut st = r.initial_state();
        let mut ws = r.workspace();
        let first = r.legal(&st)[4];
        r.play(&mut st, &first, &mut ws);
        let legal = r.legal(&st);
        let swaps: Vec<_> = legal
            .iter()
            .filter(|m| m.kind == ludeme::engine::MoveKind::Swap)
            .collect();
        assert_eq!(swaps.len(), 1);
        assert_eq!(r.game().move_sites(swaps[0]), (-1, -1));
        let swap = *swaps[0];
        r.play(&mut st, &swap, &mut ws);
        // the same player moves again; the swap is not offered again
        assert_eq!(r.mover(&st), 2);
        let legal = r.legal(&st);
        assert_eq!(legal.len(), 8);
        assert!(
            legal
                .iter()
                .all(|m| m.kind != ludeme::engine::MoveKind::Swap)
        );
    });
}

/// `(swap False)` is the rule switched off.
#[test]
fn swap_false_is_no_swap() {
    let l = load(&SWAP_LINE.replace("(meta (swap))", "(meta (swap False))"));
    assert_eq!(perft(&l, 3), [9, 72, 504]);
}

const NO_REPEAT: &str = r#"
(game "NoRepeatSteps"
    (players 2)
    (equipment {
        (board (rectangle 2 3))
        (piece "Disc" Each (move Step Orthogonal (to if:(is Empty (to)))))
    })
    (rules
        (meta (noRepeat))
        (start { (place "Disc1" 0) (place "Disc2" 5) })
        (play (or (forEach Piece) (move Pass)))
        (end (if (= (count Moves) 12) (result Mover Win)))))"#;

/// A step back to a position that ended an earlier turn is illegal; a
/// pass never is (Ludii: 3 9 22 49 103 220 457 912 1812; without the
/// rule 3 9 24 65 174 461 1235 3310 8853).
#[test]
fn no_repeat_forbids_positions_seen_at_the_end_of_a_turn() {
    let l = load(NO_REPEAT);
    assert!(
        matches!(l, Loaded::Reference(_)),
        "noRepeat is reference-only"
    );
    assert_eq!(perft(&l, 9), [3, 9, 22, 49, 103, 220, 457, 912, 1812]);
    let plain = load(&NO_REPEAT.replace("(meta (noRepeat))", ""));
    assert_eq!(perft(&plain, 5), [3, 9, 24, 65, 174]);
}

/// `(noRepeat InTurn)` is refused by name, not ignored.
#[test]
fn no_repeat_in_turn_is_refused_by_name() {
    let text = NO_REPEAT.replace("(meta (noRepeat))", "(meta (noRepeat InTurn))");
    let Err(e) = load_str("test.lud", &text, &Choices::default(), PassSet::all()) else {
        panic!("accepted")
    };
    assert!(
        e.to_string()
            .contains("`(noRepeat InTurn)` is not supported"),
        "{e}"
    );
}
