//! Race-game ludemes (`src/interp/race.rs`, `src/compile/race.rs`) and
//! tracks given with a `(board ...)` (`src/board/read.rs`). The
//! descriptions are our own; the perft numbers were computed by Ludii
//! 1.0.8 (`run.sh perft tests/fixtures/race_relay.lud 5`).

use ludeme::Choices;
use ludeme::board::Board;
use ludeme::diag::Sources;
use ludeme::dispatch::{Loaded, load_str};
use ludeme::plan::{PassSet, Rules};
use ludeme::syntax::{Node, parse};
use ludeme::with_rules;

fn tree(text: &str) -> Node {
    let mut sources = Sources::new();
    let f = sources.add("t.lud", text);
    parse(&sources, f).unwrap().remove(0)
}

fn board(text: &str) -> Board {
    Board::from_node(&tree(text)).unwrap_or_else(|e| panic!("{e:?}"))
}

fn load(text: &str) -> Result<Loaded, String> {
    load_str("test.lud", text, &Choices::default(), PassSet::all()).map_err(|e| e.to_string())
}

/// Ludii lets a board's second argument be a track or an array of them.
#[test]
fn tracks_given_with_the_board() {
    let b = board(
        r#"(board (square 3) { (track "T1" "0,E,N,W" P1) (track "T2" {8 7 6 3} P2 directed:true) })"#,
    );
    assert_eq!(b.tracks.len(), 2);
    assert_eq!(b.tracks[0].name, "T1");
    assert_eq!(b.tracks[0].owner, 1);
    assert_eq!(b.tracks[0].sites, vec![0, 1, 2, 5, 8, 7, 6]);
    assert_eq!(b.tracks[1].owner, 2);
    assert!(b.tracks[1].directed);
    assert_eq!(b.tracks[1].sites, vec![8, 7, 6, 3]);
    let one = board(r#"(board (square 2) (track "T" "0,E,N" loop:True) use:Vertex)"#);
    assert_eq!(one.tracks.len(), 1);
    assert!(one.tracks[0].looped);
    // a site off the board is refused where it is written
    let Err(e) = Board::from_node(&tree(r#"(board (square 2) { (track "T" {0 1 9}) })"#)) else {
        panic!("site 9 is not on a 2x2 board");
    };
    assert!(e.to_string().contains("not a site"), "{e}");
}

/// `(trackSite Move ...)` along each player's track, `(set Pending ...)`,
/// `(is Pending)`, `(value Pending)`, `(set Var ...)`, `(var)`: perft as
/// Ludii 1.0.8 counts it to depth 5.
#[test]
fn relay_sowing_perft() {
    let l = load(include_str!("fixtures/race_relay.lud")).unwrap();
    let got: Vec<u64> = with_rules!(&l, |r| {
        let st = r.initial_state();
        let mut ws = r.workspace();
        (1..=5).map(|d| r.perft(&st, d, &mut ws)).collect()
    });
    assert_eq!(got, vec![4, 4, 12, 16, 33]);
}

/// Forms of these ludemes not supported yet are refused by name.
#[test]
fn unsupported_forms_are_named() {
    let base = include_str!("fixtures/race_relay.lud");
    for (from, to, says) in [
        ("(!= (var) ", "(!= (var \"K\") ", "`(var \"Key\")`"),
        (
            "(count at:(trackSite Move from:(to) steps:1))",
            "(count at:(trackSite EndSite from:(to) steps:1))",
            "`(trackSite EndSite ...)` is not supported",
        ),
    ] {
        assert!(base.contains(from), "{from}");
        let text = base.replacen(from, to, 1);
        let e = load(&text).err().unwrap_or_else(|| panic!("{to} loads"));
        assert!(e.contains(says), "{to}: {e}");
    }
}
