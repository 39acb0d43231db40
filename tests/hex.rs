//! Hex (`rules/hex.lud`, our own description) and Ludii's `(is Connected
//! ...)` (`src/interp/connect.rs`, `src/compile/connect.rs`).
//!
//! The perft numbers were checked against Ludii 1.0.8 on its own
//! `board/space/connection/Hex.lud` with the same options (`run.sh perft
//! Hex.lud D --option "Board Size/3x3" --option "Swap Rules/Off"`: 9, 72,
//! 504, 3024, 15120, 54720, 146880, 207360, 120960; with the swap rule on:
//! 9, 81, 576, 3528, 18144, 69840, 201600, 354240; 11x11 with the swap
//! rule: 121, 14641).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::engine::PlayerResult;
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

const HEX: &str = include_str!("../rules/hex.lud");

fn load(options: &[&str]) -> Loaded {
    let choices = Choices {
        options: options.iter().map(|s| s.to_string()).collect(),
        ruleset: None,
    };
    load_str("hex.lud", HEX, &choices, PassSet::all()).unwrap_or_else(|e| panic!("{e}"))
}

fn perfts(l: &Loaded, depth: u32) -> Vec<u64> {
    with_rules!(l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=depth).map(|d| r.perft(&st, d, &mut ws)).collect()
    })
}

/// Plays `line` (cell labels) and returns P1's result, if the game ended.
fn p1_result_after(l: &Loaded, line: &[&str]) -> Option<PlayerResult> {
    with_rules!(l, |r| {
        let mut st = r.initial_state();
        let mut ws = r.workspace();
        for text in line {
            assert!(r.outcome(&st).is_none(), "the game ended before {text}");
            let m = r.parse_move(&st, text).unwrap_or_else(|e| panic!("{e}"));
            r.play(&mut st, &m, &mut ws);
        }
        r.outcome(&st).map(|o| o.results[1])
    })
}

#[test]
fn hex_plays_on_the_reference_interpreter() {
    assert!(matches!(load(&[]), Loaded::Reference(_)));
}

/// Ludii 1.0.8: 9, 72, 504, 3024, 15120, 54720, 146880, 207360, 120960
/// (the first wins at ply 5 take leaves off from depth 6).
#[test]
fn hex_3x3_perft_without_swap() {
    let l = load(&["Board Size/3x3", "Swap Rule/Off"]);
    assert_eq!(
        perfts(&l, 9),
        vec![9, 72, 504, 3024, 15120, 54720, 146880, 207360, 120960]
    );
}

/// Ludii 1.0.8, swap rule on (the second ply may also be the swap): 9, 81,
/// 576, 3528, 18144, 69840, 201600, 354240.
#[test]
fn hex_3x3_perft_with_swap() {
    let l = load(&["Board Size/3x3"]);
    assert_eq!(
        perfts(&l, 8),
        vec![9, 81, 576, 3528, 18144, 69840, 201600, 354240]
    );
}

/// Ludii 1.0.8 on the classic board with the swap rule.
#[test]
fn hex_11x11_perft() {
    let l = load(&[]);
    assert_eq!(perfts(&l, 2), vec![121, 14641]);
}

/// Red's chain from the south-west edge (column A) to the north-east edge
/// (column C) wins as its last stone is placed; Blue's stones along Red's
/// south-west edge touch both of Blue's edges' corners but make no chain
/// of Blue's.
#[test]
fn a_chain_between_the_owned_edges_wins() {
    let l = load(&["Board Size/3x3", "Swap Rule/Off"]);
    assert_eq!(p1_result_after(&l, &["A2", "A1", "B2", "A3"]), None);
    assert_eq!(
        p1_result_after(&l, &["A2", "A1", "B2", "A3", "C2"]),
        Some(PlayerResult::Win)
    );
}
