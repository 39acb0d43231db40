//! Moves and effects of draughts, tafl and hunt games (issue 24): relative
//! directions outside a piece's own moves, ... The descriptions are our
//! own; each perft number was checked against Ludii 1.0.8 (`run.sh perft`
//! on the same text as a .lud file).

use ludeme::Choices;
use ludeme::dispatch::{Loaded, load_file, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;

#[allow(dead_code)]
fn load(text: &str) -> Loaded {
    match load_str("test.lud", text, &Choices::default(), PassSet::all()) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    }
}

fn load_rules(name: &str) -> Loaded {
    let path = format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    match load_file(std::path::Path::new(&path), &Choices::default(), PassSet::all()) {
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
