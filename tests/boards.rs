//! Boards, regions and edges of issue 23: `(sites Side DIR)` against Ludii
//! 1.0.8. Every figure was read from Ludii's own topology (its sides of a
//! board built from the same board ludeme, outside the repo); the
//! descriptions here are our own.

use ludeme::board::Site;
use ludeme::board::sides::{SIDE_NAMES, sides};
use ludeme::dispatch::load_str;
use ludeme::plan::{PassSet, Rules};
use ludeme::with_rules;
use ludeme::{Choices, Game};

fn board_of(board: &str) -> Game {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))"#
    );
    ludeme::compile_str("t.lud", &text, &Choices::default())
        .unwrap_or_else(|e| panic!("{board}: {e}"))
}

/// The non-empty sides of a board, as "DIR: s s s".
fn dump(board: &str) -> Vec<String> {
    let g = board_of(board);
    let all = sides(&g.board).expect("measurable");
    let mut out = Vec::new();
    for (k, v) in all.iter().enumerate() {
        if !v.is_empty() {
            let s: Vec<String> = v.iter().map(|s: &Site| s.to_string()).collect();
            out.push(format!("{}: {}", SIDE_NAMES[k], s.join(" ")));
        }
    }
    out.sort();
    out
}

fn check(board: &str, want: &[&str]) {
    assert_eq!(dump(board), want, "{board}");
}

#[test]
fn sides_of_hex_cell_boards() {
    check(
        "(hex Diamond 3)",
        &[
            "N: 8",
            "NE: 5 7 8",
            "NW: 3 6 8",
            "S: 0",
            "SE: 0 2 5",
            "SW: 0 1 3",
        ],
    );
    check(
        "(hex Diamond 11)",
        &[
            "N: 120",
            "NE: 65 75 84 92 99 105 110 114 117 119 120",
            "NW: 55 66 76 85 93 100 106 111 115 118 120",
            "S: 0",
            "SE: 0 2 5 9 14 20 27 35 44 54 65",
            "SW: 0 1 3 6 10 15 21 28 36 45 55",
        ],
    );
    check(
        "(hex 4)",
        &[
            "N: 33 34 35 36",
            "NE: 21 27 32 36",
            "NW: 15 22 28 33",
            "S: 0 1 2 3",
            "SE: 3 8 14 21",
            "SW: 0 4 9 15",
        ],
    );
    check(
        "(hex 2)",
        &[
            "N: 5 6", "NE: 4 6", "NW: 2 5", "S: 0 1", "SE: 1 4", "SW: 0 2",
        ],
    );
    // an operator board (Glinski-like hexagons, flat side down)
    check(
        "(rotate 90 (hex 5))",
        &[
            "E: 0 1 2 3 4",
            "N: 34",
            "NE: 4 10 17 25 34",
            "NW: 34 42 49 55 60",
            "SE: 0 5 11 18 26",
            "SW: 26 35 43 50 56",
            "W: 56 57 58 59 60",
        ],
    );
}

#[test]
fn sides_of_square_and_vertex_boards() {
    // Ludii's corner runs on square cells give NW and SE, not W and S
    check(
        "(square 5)",
        &[
            "E: 4 9 14 19 24",
            "N: 20 21 22 23 24",
            "NW: 0 5 10 15 20",
            "SE: 0 1 2 3 4",
        ],
    );
    check(
        "(square 9) use:Vertex",
        &[
            "E: 8 17 26 35 44 53 62 71 80",
            "N: 72 73 74 75 76 77 78 79 80",
            "S: 0 1 2 3 4 5 6 7 8",
            "W: 0 9 18 27 36 45 54 63 72",
        ],
    );
    check(
        "(tri Hexagon 7) use:Vertex",
        &[
            "N: 120 121 122 123 124 125 126",
            "NE: 69 81 92 102 111 119 126",
            "NW: 57 70 82 93 103 112 120",
            "S: 0 1 2 3 4 5 6",
            "SE: 6 14 23 33 44 56 69",
            "SW: 0 7 15 24 34 45 57",
        ],
    );
}

#[test]
fn sides_need_a_measurable_board() {
    let text = r#"(game "T" (players 2) (equipment { (board (hex Diamond 3)) (piece "Disc" Each)
        (regions P1 (sites Side NNE)) })
        (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))"#;
    let e = ludeme::compile_str("t.lud", text, &Choices::default())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("sites Side"), "{e}");
}

/// Ludii's `(rectangle N)` is `(rectangle N N)` (its columns are optional;
/// Ludii 1.0.8 gives 9 vertices and 16 edges for the 3-point Alquerque
/// board of Epelle and Tant Fant).
#[test]
fn rectangle_of_one_size_is_a_square() {
    let g = board_of("(rectangle 3 diagonals:Alternating) use:Vertex");
    assert_eq!(g.board.len(), 9);
    assert_eq!(g.board.edges().len(), 16);
    let g = board_of("(rectangle 4)");
    assert_eq!(g.board.len(), 16);
    let g = board_of("(merge (rectangle 2) (shift 5 0 (square 2)))");
    assert_eq!(g.board.len(), 8);
}

/// A start `(place ...)` on an occupied site of a game without stacks
/// leaves the piece there (as Ludii's add does): P1's piece on the centre
/// stays under P2's placement. Perft as Ludii 1.0.8 counts
/// tests/fixtures/boards_start_over.lud, on the engine and the interpreter.
#[test]
fn start_place_keeps_an_occupied_site() {
    let text = include_str!("fixtures/boards_start_over.lud");
    for passes in [PassSet::all(), PassSet::none()] {
        let l = load_str("t.lud", text, &Choices::default(), passes).unwrap();
        let got: Vec<u64> = with_rules!(&l, |r| {
            let st = r.initial_state();
            let mut ws = r.workspace();
            (1..=4).map(|d| r.perft(&st, d, &mut ws)).collect()
        });
        assert_eq!(got, vec![4, 28, 66, 540]);
    }
}

/// Ludii's corner cells of an operator board: the cells along the outline
/// at its convex corner vertices (Ludii 1.0.8's topology of the same
/// boards); a board with a concave corner still refuses `(sites Corners)`.
#[test]
fn corner_cells_of_operator_boards() {
    for (board, corners, centre) in [
        ("(rotate 90 (hex 4))", vec![0, 3, 15, 21, 33, 36], vec![18]),
        ("(rotate 90 (hex 5))", vec![0, 4, 26, 34, 56, 60], vec![30]),
        (
            "(rotate 45 (square 4))",
            vec![0, 3, 12, 15],
            vec![5, 6, 9, 10],
        ),
        ("(shift 1 1 (hex 3))", vec![0, 2, 7, 11, 16, 18], vec![9]),
        (
            "(merge (hex 2) (shift 4 0 (hex 2)))",
            vec![0, 1, 2, 4, 5, 6, 7, 8, 9, 11, 12, 13],
            vec![4, 9],
        ),
    ] {
        let g = board_of(board);
        assert!(g.board.corners_known(), "{board}");
        assert_eq!(g.board.corners(), corners.as_slice(), "{board}");
        assert_eq!(g.board.centre_sites(), centre.as_slice(), "{board}");
    }
    let text = r#"(game "T" (players 2) (equipment { (board (merge (square 3) (shift 3 0 (rectangle 2 3))))
        (piece "Disc" Each) (regions P1 (sites Corners)) })
        (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))"#;
    let e = ludeme::compile_str("t.lud", text, &Choices::default())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("sites Corners"), "{e}");
}
