//! Plain graph boards against Ludii 1.0.8: `(graph vertices:… edges:…)` and
//! `(circle {…})`, played on their vertices. Every figure was read from
//! Ludii's own topology (a probe printing each vertex's centroid, label,
//! row, column, phase and Orthogonal / Diagonal / Adjacent neighbours, and
//! the Top / Bottom / Left / Right / Outer regions) for the same board; the
//! descriptions are our own.

use ludeme::board::{Relation, Site};
use ludeme::{Choices, Game};

fn game_on(board: &str, play_region: &str) -> Result<Game, String> {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board} use:Vertex) (piece "Disc" Each) }})
            (rules (play (move Add (to {play_region}))) (end (if (is Line 9) (result Mover Win)))))"#
    );
    ludeme::compile_str("t.lud", &text, &Choices::default()).map_err(|e| e.to_string())
}

fn board_of(board: &str) -> Game {
    game_on(board, "(sites Empty)").unwrap_or_else(|e| panic!("{board}: {e}"))
}

fn sorted(v: &[Site]) -> Vec<Site> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// (index, x, y, label, row, column, phase, Orthogonal, Diagonal), the
/// neighbour lists as sets.
type Vx = (
    Site,
    f64,
    f64,
    &'static str,
    u32,
    u32,
    u8,
    &'static [Site],
    &'static [Site],
);

fn check(board: &str, count: usize, sites: &[Vx]) -> Game {
    let g = board_of(board);
    let b = &g.board;
    assert_eq!(b.len(), count, "{board}");
    for &(i, x, y, label, row, col, phase, orth, diag) in sites {
        let s = &b.sites[i as usize];
        assert!(
            (s.x - x).abs() < 1e-3 && (s.y - y).abs() < 1e-3,
            "{board} {i}: ({}, {})",
            s.x,
            s.y
        );
        assert_eq!(s.label, label, "{board} {i}");
        assert_eq!((s.row, s.col, s.phase), (row, col, phase), "{board} {i}");
        assert_eq!(
            sorted(b.neighbours(i, Relation::Orthogonal)),
            orth,
            "{board} {i}"
        );
        assert_eq!(
            sorted(b.neighbours(i, Relation::Adjacent)),
            orth,
            "{board} {i}"
        );
        assert_eq!(
            sorted(b.neighbours(i, Relation::Diagonal)),
            diag,
            "{board} {i}"
        );
    }
    g
}

/// Two squares side by side under two triangles: the vertices keep the
/// written order; the squares give Diagonal steps, the triangles none.
const HOUSE: &str = "(graph vertices:{ {0 0} {2 0} {4 0} {1 1} {2 1} {3 1} {2 2}} \
     edges:{ {0 1} {0 3} {1 2} {1 4} {2 5} {3 4} {3 6} {4 5} {4 6} {5 6}})";

#[test]
fn explicit_graph_as_ludii() {
    let g = check(
        HOUSE,
        7,
        &[
            (0, 0.0, 0.0, "A1", 0, 0, 0, &[1, 3], &[4]),
            (1, 2.0, 0.0, "C1", 0, 2, 1, &[0, 2, 4], &[3, 5]),
            (3, 1.0, 1.0, "B2", 1, 1, 1, &[0, 4, 6], &[1]),
            (4, 2.0, 1.0, "C2", 1, 2, 0, &[1, 3, 5, 6], &[0, 2]),
            (6, 2.0, 2.0, "C3", 2, 2, 2, &[3, 4, 5], &[]),
        ],
    );
    let b = &g.board;
    assert_eq!(b.outer(), [0, 1, 2, 3, 5, 6]);
    assert_eq!(b.inner(), [4]);
    assert_eq!(b.top(), [6]);
    assert_eq!(b.bottom(), [0, 1, 2]);
    assert_eq!(b.row(1), [3, 4, 5]);
    assert_eq!(b.column(2), [1, 4, 6]);
    assert_eq!(b.site_by_label("D2"), Some(5));
}

/// Ludii does not sort a graph's vertices: index = the written position.
#[test]
fn graph_vertices_keep_their_order() {
    let g = check(
        "(graph vertices:{ {2 0} {5 0} {0 2} {0 5} {7 2} {7 5}} \
         edges:{ {0 1} {0 2} {2 3} {1 4} {4 5} {3 5}})",
        6,
        &[
            (0, 2.0, 0.0, "B1", 0, 1, 0, &[1, 2], &[5]),
            (2, 0.0, 2.0, "A2", 1, 0, 1, &[0, 3], &[4]),
            (4, 7.0, 2.0, "D2", 1, 3, 0, &[1, 5], &[2]),
        ],
    );
    assert_eq!(g.board.left(), [2, 3]);
}

#[test]
fn circle_of_eight_as_ludii() {
    let h = 0.5f64.sqrt() / 2.0;
    let g = check(
        "(circle {8})",
        9,
        &[
            (0, 0.0, 0.0, "B2", 1, 1, 0, &[1, 2, 3, 4, 5, 6, 7, 8], &[]),
            (1, 0.0, 0.5, "B3", 2, 1, 1, &[0, 2, 8], &[]),
            (2, h, h, "C3", 2, 2, 2, &[0, 1, 3], &[]),
            (3, 0.5, 0.0, "C2", 1, 2, 1, &[0, 2, 4], &[]),
            (7, -0.5, 0.0, "A2", 1, 0, 1, &[0, 6, 8], &[]),
        ],
    );
    let b = &g.board;
    assert_eq!(b.outer(), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        (b.top(), b.bottom(), b.left(), b.right()),
        (&[1][..], &[5][..], &[7][..], &[3][..])
    );
}

#[test]
fn circle_of_three_rings_as_ludii() {
    let g = board_of("(circle {6 6 6})");
    let b = &g.board;
    assert_eq!(b.len(), 19);
    // the centre, then each ring clockwise from N
    let s13 = &b.sites[13];
    assert!((s13.x, s13.y) == (0.0, 2.5) || (s13.x.abs() < 1e-9 && (s13.y - 2.5).abs() < 1e-9));
    assert_eq!(
        sorted(b.neighbours(0, Relation::Orthogonal)),
        [1, 2, 3, 4, 5, 6]
    );
    assert_eq!(
        sorted(b.neighbours(7, Relation::Orthogonal)),
        [1, 8, 12, 13]
    );
    assert_eq!(b.outer(), [13, 14, 15, 16, 17, 18]);
    assert_eq!(b.top(), [13]);
    assert_eq!(b.bottom(), [16]);
    assert_eq!(b.left(), [17, 18]);
    assert_eq!(b.right(), [14, 15]);
}

/// Corners of an operator board played on its cells: Ludii's cells along
/// the outline at its convex corners (`graphops.rs`); Ludii 1.0.8 gives
/// corners 0 8 13 17 and centre 6 7 for this board.
#[test]
fn corners_of_an_operator_board_on_cells() {
    let text = r#"(game "T" (players 2)
        (equipment { (board (merge (square 3) (shift 3 0 (square 3)))) (piece "Disc" Each) })
        (rules (play (move Add (to (sites Corners)))) (end (if (is Full) (result Mover Draw)))))"#;
    let g = ludeme::compile_str("t.lud", text, &Choices::default()).unwrap();
    assert_eq!(g.board.corners(), [0, 8, 13, 17]);
    assert_eq!(g.board.centre_sites(), [6, 7]);
}

#[test]
fn bad_graphs_are_located_errors() {
    for (board, says) in [
        (
            "(graph vertices:{ {0 0} {1 0}} edges:{ {0 2}})",
            "vertex index from 0 to 1",
        ),
        ("(graph edges:{ {0 1}})", "no vertices"),
        ("(graph vertices:{ {0 0 1}})", "off the plane"),
        ("(circle {})", "no rings"),
        ("(circle {0})", "at least 1"),
    ] {
        let e = game_on(board, "(sites Empty)")
            .err()
            .unwrap_or_else(|| panic!("{board}"));
        assert!(e.contains(says), "{board}: {e}");
    }
}
