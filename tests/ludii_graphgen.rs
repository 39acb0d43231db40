//! Boards of issue 23 against Ludii 1.0.8: `(tri …)` (also inside graph
//! operators), `(circle …)` and `(graph …)` inside operators, and Ludii's
//! corners and centre on graph, circle and vertex operator boards. Every
//! figure was read from Ludii's own topology (a board dump of the same
//! description, outside the repo); the descriptions are our own.

use ludeme::board::{Relation, Site};
use ludeme::{Choices, Game};

fn board_of(board: &str) -> Game {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board} use:Vertex) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))"#
    );
    ludeme::compile_str("t.lud", &text, &Choices::default())
        .unwrap_or_else(|e| panic!("{board}: {e}"))
}

fn sorted(v: &[Site]) -> Vec<Site> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// (index, x, y, label, Orthogonal as a set).
type Vx = (Site, f64, f64, &'static str, &'static [Site]);

fn check(g: &Game, count: usize, sites: &[Vx]) {
    let b = &g.board;
    assert_eq!(b.len(), count);
    for &(i, x, y, label, orth) in sites {
        let s = &b.sites[i as usize];
        assert!(
            (s.x - x).abs() < 1e-3 && (s.y - y).abs() < 1e-3,
            "{i}: ({}, {})",
            s.x,
            s.y
        );
        assert_eq!(s.label, label, "{i}");
        assert_eq!(sorted(b.neighbours(i, Relation::Orthogonal)), orth, "{i}");
    }
}

fn regions(g: &Game, corners: &[Site], outer: &[Site], centre: &[Site]) {
    let b = &g.board;
    assert_eq!(sorted(b.corners()), corners, "corners");
    assert_eq!(sorted(b.outer()), outer, "outer");
    assert_eq!(sorted(b.centre_sites()), centre, "centre");
    assert_eq!(b.centre(), centre[0], "centrePoint");
}

#[test]
fn tri_triangle_on_vertices() {
    let g = board_of("(tri 3)");
    check(
        &g,
        6,
        &[
            (0, 0.0, 0.0, "A1", &[1, 3]),
            (1, 1.0, 0.0, "B1", &[0, 2, 3, 4]),
            (3, 0.5, 0.866, "B2", &[0, 1, 4, 5]),
            (5, 1.0, 1.7321, "C3", &[3, 4]),
        ],
    );
    regions(&g, &[0, 2, 5], &[0, 1, 2, 3, 4, 5], &[1, 3, 4]);
}

#[test]
fn tri_hexagon_on_vertices() {
    let g = board_of("(tri Hexagon 2)");
    check(
        &g,
        7,
        &[
            (0, 0.0, 0.0, "A1", &[1, 2, 3]),
            (2, -0.5, 0.866, "A2", &[0, 3, 5]),
            (3, 0.5, 0.866, "B2", &[0, 1, 2, 4, 5, 6]),
            (6, 1.0, 1.7321, "C3", &[3, 4, 5]),
        ],
    );
    regions(&g, &[0, 1, 2, 4, 5, 6], &[0, 1, 2, 4, 5, 6], &[3]);
}

#[test]
fn circle_inside_an_operator() {
    let g = board_of("(remove (circle {6}) edges:{{0 1}})");
    check(
        &g,
        7,
        &[
            (0, 0.0, 0.0, "B2", &[2, 3, 4, 5, 6]),
            (1, 0.0, 0.5, "C3", &[2, 6]),
            (2, 0.433, 0.25, "C2", &[0, 1, 3]),
            (4, 0.0, -0.5, "A1", &[0, 3, 5]),
        ],
    );
    regions(&g, &[], &[1, 2, 3, 4, 5, 6], &[0]);
}

#[test]
fn corners_and_centre_of_a_graph() {
    let g = board_of(
        "(graph vertices:{{0 0}{1 0}{2 0}{3 0}{3 1}{3 2}{2 2}{1 2}{0 2}{0 1}{1 1}{2 1}} \
         edges:{{0 1}{1 2}{2 3}{3 4}{4 5}{5 6}{6 7}{7 8}{8 9}{9 0}{1 10}{10 11}{11 2}{10 7}{11 6}{9 10}{11 4}})",
    );
    regions(
        &g,
        &[0, 3, 5, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[10, 11],
    );
}

#[test]
fn corners_and_centre_of_a_merge() {
    let g = board_of("(merge (circle {8}) (shift 2 0 (square 2)))");
    assert_eq!(g.board.len(), 13);
    let all: Vec<Site> = (1..13).collect();
    regions(&g, &all, &all, &[3]);
}
