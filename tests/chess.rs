//! Chess (`rules/chess.lud`, our own description) and the ludemes of piece
//! states and threats it uses (`src/interp/chess.rs`,
//! `src/compile/chess.rs`).
//!
//! The perft numbers were checked against Ludii 1.0.8 on its own
//! `board/war/chess/Chess.lud` (`run.sh perft Chess.lud 4`: 20, 400, 8902,
//! 197281). Seeded random games of 150 plies (`scripts/ludii-diff.py
//! --traces 5 --plies 150`) list the same moves at every ply as Ludii does
//! on its file. For the "Kiwipete" position the numbers are the published
//! ones of chess (48, 2039, 97862): Ludii 1.0.8 counts 47, 2038, 96375 on
//! its Chess.lud from that position, because its `(map ...)` drops a pair
//! whose value is site 0 (A1), so that White can never castle queen-side
//! there; our rules follow the laws of chess.

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

const CHESS: &str = include_str!("../rules/chess.lud");

fn load(text: &str) -> Result<Loaded, String> {
    load_str("chess.lud", text, &Choices::default(), PassSet::all()).map_err(|e| e.to_string())
}

fn perfts(l: &Loaded, depth: u32) -> Vec<u64> {
    with_rules!(l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=depth).map(|d| r.perft(&st, d, &mut ws)).collect()
    })
}

/// The same rules from another start position (the start block replaced).
fn from_position(start: &str) -> String {
    let i = CHESS.find("(start {").expect("a start block");
    let j = i + CHESS[i..].find("\n        })").expect("its end") + 11;
    format!("{}(start {{ {start} }}){}", &CHESS[..i], &CHESS[j..])
}

#[test]
fn chess_plays_on_the_reference_interpreter() {
    let l = load(CHESS).unwrap();
    assert!(
        matches!(l, Loaded::Reference(_)),
        "the engine declines chess"
    );
}

/// Ludii 1.0.8's Chess.lud: 20, 400, 8902 (and 197281 at depth 4, below).
#[test]
fn chess_perft_3() {
    let l = load(CHESS).unwrap();
    assert_eq!(perfts(&l, 3), vec![20, 400, 8902]);
}

/// Depth 4 (about 3 s of CPU in release).
#[test]
#[ignore]
fn chess_perft_4() {
    let l = load(CHESS).unwrap();
    assert_eq!(perfts(&l, 4), vec![20, 400, 8902, 197281]);
}

/// "Kiwipete" (r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w
/// KQkq): castling both ways for both sides, en passant, pins and checks.
#[test]
fn kiwipete_perft() {
    let text = from_position(
        r#"(place "Pawn1" {"A2" "B2" "C2" "F2" "G2" "H2" "D5" "E4"})
           (place "Pawn2" {"A7" "C7" "D7" "F7" "E6" "G6" "B4" "H3"})
           (place "Rook1" {"A1" "H1"} state:1) (place "Rook2" {"A8" "H8"} state:1)
           (place "Knight1" {"C3" "E5"}) (place "Knight2" {"B6" "F6"})
           (place "Bishop1" {"D2" "E2"}) (place "Bishop2" {"A6" "G7"})
           (place "Queen1" coord:"F3") (place "Queen2" coord:"E7")
           (place "King1" coord:"E1" state:1) (place "King2" coord:"E8" state:1)"#,
    );
    let l = load(&text).unwrap();
    assert_eq!(perfts(&l, 3), vec![48, 2039, 97862]);
}

/// The ludemes' forms not supported yet are refused by name.
#[test]
fn unsupported_forms_are_named() {
    for (from, to, says) in [
        (
            "(state at:#1)",
            "(state at:#1 level:0)",
            "`level:` in `(state ...)`",
        ),
        (
            r#"("IsInCheck" "King" Mover))"#,
            r#"(is Threatened))"#,
            "`(is Threatened ...)` without a piece",
        ),
    ] {
        assert!(CHESS.contains(from), "{from}");
        let text = CHESS.replacen(from, to, 1);
        let e = load(&text).err().unwrap_or_default();
        assert!(e.contains(says), "{to}: {e}");
    }
}
