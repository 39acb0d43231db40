//! The classics of issue #24 as our own descriptions in `rules/`. Every
//! number here was given by Ludii 1.0.8 (`run.sh perft`) twice: on
//! Ludii's own file of the game (with its default options unless said)
//! and on our text, which Ludii reads as well. `rules_perfts` also checks
//! that the default passes and the reference interpreter agree.

mod common;
use common::rules_perfts;

#[test]
fn tic_tac_toe() {
    // board/space/line/Tic-Tac-Toe.lud
    assert_eq!(
        rules_perfts("tic_tac_toe.lud", 9),
        [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    );
}

#[test]
fn connect_four() {
    // board/space/line/Connect Four.lud with "Modelisation/2D"; issue #24
    // gives the same counts (to 5673234 at depth 8)
    assert_eq!(
        rules_perfts("connect_four.lud", 6),
        [7, 49, 343, 2401, 16807, 117649]
    );
}

#[test]
fn breakthrough() {
    // board/race/reach/Breakthrough.lud (8x8)
    assert_eq!(rules_perfts("breakthrough.lud", 3), [22, 484, 11132]);
}

#[test]
fn amazons() {
    // board/space/blocking/Amazons.lud: a queen's move and its shot are
    // two decisions
    assert_eq!(rules_perfts("amazons.lud", 3), [80, 2176, 168420]);
}

#[test]
fn yavalath() {
    // board/space/line/Yavalath.lud (2 players, side 5): the second
    // decision may be the swap
    assert_eq!(rules_perfts("yavalath.lud", 2), [61, 3721]);
}

#[test]
fn gomoku() {
    // board/space/line/Gomoku.lud (15x15, exactly five)
    assert_eq!(rules_perfts("gomoku.lud", 2), [225, 50400]);
}

#[test]
fn nim() {
    // math/nim/Nim.lud (5 piles, the last mover loses)
    assert_eq!(rules_perfts("nim.lud", 5), [5, 10, 35, 89, 274]);
}

#[test]
fn nine_mens_morris() {
    // board/space/line/Nine Men's Morris.lud
    assert_eq!(rules_perfts("nine_mens_morris.lud", 3), [24, 552, 12144]);
}
