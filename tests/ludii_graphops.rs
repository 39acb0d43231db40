//! Boards built with Ludii's graph operators (`merge`, `shift`, `rotate`,
//! `scale`, `skew`, `union`, `intersect`, `add`, `remove`, `makeFaces`,
//! `renumber`) against Ludii 1.0.8. Every figure below was read from
//! Ludii's own topology (a probe printing each site's centroid, label and
//! Orthogonal, Diagonal and Adjacent lists) for the same board; the
//! descriptions are our own. An operator keeps the graph's order: the
//! sites are NOT re-sorted by position (see `merge`, `add`, `renumber`).

use ludeme::board::Relation;
use ludeme::{Choices, Game};

fn board_of(board: &str) -> Game {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"#
    );
    match ludeme::compile_str("t.lud", &text, &Choices::default()) {
        Ok(g) => g,
        Err(e) => panic!("{board}: {e}"),
    }
}

/// One site as Ludii reports it: index, centroid, label, Orthogonal,
/// Diagonal and Adjacent neighbours.
type Site = (
    u32,
    f64,
    f64,
    &'static str,
    &'static [u32],
    &'static [u32],
    &'static [u32],
);

struct Case {
    op: &'static str,
    board: &'static str,
    count: usize,
    sites: &'static [Site],
}

const CASES: &[Case] = &[
    Case {
        op: "merge",
        board: "(merge (square 3) (shift 2 0 (square 3))) use:Vertex",
        count: 15,
        sites: &[
            (0, 0.0, 0.0, "A1", &[3, 1], &[4], &[3, 1]),
            (1, 1.0, 0.0, "B1", &[4, 2, 0], &[5, 3], &[4, 2, 0]),
            (7, 1.0, 2.0, "B3", &[8, 4, 6], &[5, 3], &[8, 4, 6]),
            (14, 4.0, 2.0, "E3", &[12, 13], &[11], &[12, 13]),
        ],
    },
    Case {
        op: "merge_alq",
        board: "(merge (shift 0 2 (square 3 diagonals:Alternating)) (wedge 3)) use:Vertex",
        count: 15,
        sites: &[
            (0, 0.0, 2.0, "A3", &[3, 4, 1], &[], &[3, 4, 1]),
            (7, 1.0, 4.0, "B5", &[8, 4, 6], &[], &[8, 4, 6]),
            (9, 1.0, 1.0, "B2", &[2, 10, 12], &[13], &[2, 10, 12]),
            (14, 4.0, 0.0, "E1", &[13, 11], &[10], &[13, 11]),
        ],
    },
    Case {
        op: "merge_cells",
        board: "(merge (hex 2) (shift 3.4641 0 (hex 2)))",
        count: 13,
        sites: &[
            (0, 0.0, 0.0, "A1", &[4, 1, 3], &[7, 5], &[4, 1, 3]),
            (
                1,
                1.7321,
                0.0,
                "B1",
                &[5, 2, 0, 4],
                &[8, 6, 3],
                &[5, 2, 0, 4],
            ),
            (
                6,
                4.3301,
                1.5,
                "D2",
                &[12, 11, 10, 2, 5, 9],
                &[1, 8],
                &[12, 11, 10, 2, 5, 9],
            ),
            (12, 5.1962, 3.0, "E3", &[11, 6, 9], &[10, 5], &[11, 6, 9]),
        ],
    },
    Case {
        op: "shift",
        board: "(shift 1 2 (rectangle 2 3)) use:Vertex",
        count: 6,
        sites: &[
            (0, 1.0, 2.0, "A1", &[3, 1], &[4], &[3, 1]),
            (1, 2.0, 2.0, "B1", &[4, 2, 0], &[5, 3], &[4, 2, 0]),
            (3, 1.0, 3.0, "A2", &[4, 0], &[1], &[4, 0]),
            (5, 3.0, 3.0, "C2", &[2, 4], &[1], &[2, 4]),
        ],
    },
    Case {
        op: "shift_cell",
        board: "(shift 1 2 (rectangle 2 3))",
        count: 6,
        sites: &[
            (0, 1.5, 2.5, "A1", &[3, 1], &[4], &[3, 4, 1]),
            (1, 2.5, 2.5, "B1", &[4, 2, 0], &[5, 3], &[4, 5, 2, 0, 3]),
            (3, 1.5, 3.5, "A2", &[4, 0], &[1], &[4, 1, 0]),
            (5, 3.5, 3.5, "C2", &[2, 4], &[1], &[2, 1, 4]),
        ],
    },
    Case {
        op: "rotate_hex",
        board: "(rotate 90 (hex 3))",
        count: 19,
        sites: &[
            (0, 4.7321, 1.2679, "C1", &[1, 3, 4], &[8, 5], &[1, 3, 4]),
            (
                1,
                4.7321,
                3.0,
                "D2",
                &[2, 0, 4, 5],
                &[3, 9, 6],
                &[2, 0, 4, 5],
            ),
            (
                9,
                1.7321,
                3.0,
                "C3",
                &[10, 5, 4, 8, 13, 14],
                &[6, 1, 3, 12, 17, 15],
                &[10, 5, 4, 8, 13, 14],
            ),
            (
                18,
                -1.2679,
                4.7321,
                "C5",
                &[15, 14, 17],
                &[10, 13],
                &[15, 14, 17],
            ),
        ],
    },
    Case {
        op: "rotate_sq",
        board: "(rotate 45 (square 3)) use:Vertex",
        count: 9,
        sites: &[
            (0, 1.0, -0.4142, "A1", &[1, 3], &[4], &[1, 3]),
            (1, 1.7071, 0.2929, "B1", &[2, 0, 4], &[5, 3], &[2, 0, 4]),
            (
                4,
                1.0,
                1.0,
                "B2",
                &[5, 1, 3, 7],
                &[8, 2, 0, 6],
                &[5, 1, 3, 7],
            ),
            (8, 1.0, 2.4142, "C3", &[5, 7], &[4], &[5, 7]),
        ],
    },
    Case {
        op: "scale",
        board: "(scale 2 1 (square 3))",
        count: 9,
        sites: &[
            (0, 1.0, 0.5, "A1", &[3, 1], &[4], &[3, 4, 1]),
            (1, 3.0, 0.5, "B1", &[4, 2, 0], &[5, 3], &[4, 5, 2, 0, 3]),
            (
                4,
                3.0,
                1.5,
                "B2",
                &[7, 5, 1, 3],
                &[8, 2, 0, 6],
                &[7, 8, 5, 2, 1, 0, 3, 6],
            ),
            (8, 5.0, 2.5, "C3", &[5, 7], &[4], &[5, 4, 7]),
        ],
    },
    Case {
        op: "skew",
        board: "(skew 0.5 (square 3))",
        count: 9,
        sites: &[
            (0, 0.75, 0.5, "A1", &[3, 1], &[4], &[3, 4, 1]),
            (1, 1.75, 0.5, "B1", &[4, 2, 0], &[5, 3], &[4, 5, 2, 0, 3]),
            (
                4,
                2.25,
                1.5,
                "C2",
                &[7, 5, 1, 3],
                &[8, 2, 0, 6],
                &[7, 8, 5, 2, 1, 0, 3, 6],
            ),
            (8, 3.75, 2.5, "E3", &[5, 7], &[4], &[5, 4, 7]),
        ],
    },
    Case {
        op: "union",
        board: "(union (square 2) (shift 3 0 (square 2)))",
        count: 8,
        sites: &[
            (0, 0.5, 0.5, "A1", &[2, 1], &[3], &[2, 3, 1]),
            (1, 1.5, 0.5, "B1", &[3, 0], &[2], &[3, 0, 2]),
            (4, 3.5, 0.5, "C1", &[6, 5], &[7], &[6, 7, 5]),
            (7, 4.5, 1.5, "D2", &[5, 6], &[4], &[5, 4, 6]),
        ],
    },
    Case {
        op: "intersect",
        board: "(intersect (square 4) (shift 1 1 (square 4))) use:Vertex",
        count: 9,
        sites: &[
            (0, 1.0, 1.0, "A1", &[3, 1], &[4], &[3, 1]),
            (1, 2.0, 1.0, "B1", &[4, 2, 0], &[5, 3], &[4, 2, 0]),
            (
                4,
                2.0,
                2.0,
                "B2",
                &[7, 5, 1, 3],
                &[8, 2, 0, 6],
                &[7, 5, 1, 3],
            ),
            (8, 3.0, 3.0, "C3", &[5, 7], &[4], &[5, 7]),
        ],
    },
    Case {
        op: "add",
        board: "(add (square 3) vertices:{{1 3}} edges:{{{0 2} {1 3}} {{2 2} {1 3}}}) use:Vertex",
        count: 10,
        sites: &[
            (0, 0.0, 0.0, "A1", &[3, 1], &[4], &[3, 1]),
            (1, 1.0, 0.0, "B1", &[4, 2, 0], &[5, 3], &[4, 2, 0]),
            (5, 2.0, 1.0, "C2", &[8, 2, 4], &[1, 7], &[8, 2, 4]),
            (9, 1.0, 3.0, "B4", &[8, 6], &[], &[8, 6]),
        ],
    },
    Case {
        op: "add_idx",
        board: "(add (wedge 3) edges:{{1 4} {3 6}}) use:Vertex",
        count: 7,
        sites: &[
            (0, 2.0, 2.0, "C3", &[3, 2, 1], &[], &[3, 2, 1]),
            (2, 2.0, 1.0, "C2", &[0, 3, 5, 1], &[], &[0, 3, 5, 1]),
            (3, 3.0, 1.0, "D2", &[6, 2, 0], &[], &[6, 2, 0]),
            (6, 4.0, 0.0, "E1", &[5, 3], &[], &[5, 3]),
        ],
    },
    Case {
        op: "remove_cells",
        board: "(remove (square 4) cells:{5 6})",
        count: 14,
        sites: &[
            (0, 0.5, 0.5, "A1", &[4, 1], &[], &[4, 1]),
            (1, 1.5, 0.5, "B1", &[2, 0], &[4], &[2, 0, 4]),
            (
                7,
                1.5,
                2.5,
                "B3",
                &[11, 8, 6],
                &[12, 4, 10],
                &[11, 12, 8, 4, 6, 10],
            ),
            (13, 3.5, 3.5, "D4", &[9, 12], &[8], &[9, 8, 12]),
        ],
    },
    Case {
        op: "remove_vert",
        board: "(remove (square 3 diagonals:Solid) vertices:{4}) use:Vertex",
        count: 12,
        sites: &[
            (0, 0.0, 0.0, "A1", &[4, 3, 1], &[], &[4, 3, 1]),
            (
                5,
                1.0,
                1.0,
                "C3",
                &[10, 8, 6, 1, 3, 4, 7],
                &[],
                &[10, 8, 6, 1, 3, 4, 7],
            ),
            (6, 2.0, 1.0, "E3", &[11, 2, 5, 8], &[], &[11, 2, 5, 8]),
            (11, 2.0, 2.0, "E5", &[6, 8, 10], &[], &[6, 8, 10]),
        ],
    },
    Case {
        op: "remove_edges",
        board: "(remove (square 3) edges:{{0 1} {4 5}}) use:Vertex",
        count: 9,
        sites: &[
            (0, 0.0, 0.0, "A1", &[3], &[], &[3]),
            (3, 0.0, 1.0, "A2", &[6, 4, 0], &[7], &[6, 4, 0]),
            (4, 1.0, 1.0, "B2", &[7, 1, 3], &[6], &[7, 1, 3]),
            (8, 2.0, 2.0, "C3", &[5, 7], &[], &[5, 7]),
        ],
    },
    Case {
        op: "makefaces",
        board: "(makeFaces (wedge 3 4))",
        count: 6,
        sites: &[
            (0, 1.5556, 1.3333, "B2", &[1, 3], &[2, 4], &[1, 2, 4, 3]),
            (1, 2.0, 1.3333, "C2", &[2, 4, 0], &[5, 3], &[2, 5, 4, 3, 0]),
            (3, 1.0, 0.5, "A1", &[0, 4], &[1], &[0, 1, 4]),
            (5, 3.0, 0.5, "D1", &[4, 2], &[1], &[4, 1, 2]),
        ],
    },
    Case {
        op: "renumber",
        board: "(renumber (merge (wedge 3) (shift 0 2 (square 3)))) use:Vertex",
        count: 15,
        sites: &[
            (0, 0.0, 0.0, "A1", &[3, 1], &[4], &[3, 1]),
            (1, 2.0, 0.0, "C1", &[4, 2, 0], &[5, 3], &[4, 2, 0]),
            (7, 1.0, 2.0, "B3", &[10, 8, 6], &[11, 9], &[10, 8, 6]),
            (14, 2.0, 4.0, "C5", &[11, 13], &[10], &[11, 13]),
        ],
    },
];

fn sorted(v: &[u32]) -> Vec<u32> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn operator_boards_agree_with_ludii() {
    for c in CASES {
        let g = board_of(c.board);
        let b = &g.board;
        assert_eq!(b.len(), c.count, "{}: {}", c.op, c.board);
        for &(i, x, y, label, orth, diag, adj) in c.sites {
            let s = &b.sites[i as usize];
            assert!(
                (s.x - x).abs() < 1e-3 && (s.y - y).abs() < 1e-3,
                "{} site {i}: ({}, {}) not ({x}, {y})",
                c.op,
                s.x,
                s.y
            );
            assert_eq!(s.label, label, "{} site {i}", c.op);
            for (rel, want) in [
                (Relation::Orthogonal, orth),
                (Relation::Diagonal, diag),
                (Relation::Adjacent, adj),
            ] {
                assert_eq!(
                    sorted(b.neighbours(i, rel)),
                    sorted(want),
                    "{} site {i} {rel:?}",
                    c.op
                );
            }
        }
    }
}

#[test]
fn every_operator_is_covered() {
    for op in [
        "merge",
        "shift",
        "rotate",
        "scale",
        "skew",
        "union",
        "intersect",
        "add",
        "remove",
        "makeFaces",
        "renumber",
    ] {
        assert!(
            CASES.iter().any(|c| c.board.contains(&format!("({op} "))),
            "no case for `{op}`"
        );
    }
}

/// Merged vertices keep the first graph's order, then the new ones of the
/// next graph in its own order: the alquerque-with-wedge board is not
/// sorted by position.
#[test]
fn merge_keeps_graph_order() {
    let g = board_of("(merge (shift 0 2 (square 3 diagonals:Alternating)) (wedge 3)) use:Vertex");
    let ys: Vec<f64> = g.board.sites.iter().map(|s| s.y).collect();
    assert_eq!(ys[..9], [2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0, 4.0, 4.0]);
    assert_eq!(ys[9..], [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
    // renumbered, the same graph is sorted bottom row first
    let r = board_of(
        "(renumber (merge (shift 0 2 (square 3 diagonals:Alternating)) (wedge 3))) use:Vertex",
    );
    assert_eq!(r.board.sites[0].y, 0.0);
    assert_eq!(r.board.sites[14].y, 4.0);
}

#[test]
fn operator_errors_are_located() {
    let text = |board: &str| {
        format!(
            r#"(game "T" (players 2) (equipment {{ (board {board}) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"#
        )
    };
    for (board, needle) in [
        (
            "(keep (square 3)) use:Vertex",
            "`(keep …)` graph operator is not supported yet",
        ),
        ("(shift 1 (square 3))", "wrong number of arguments"),
        (
            "(merge (square 3) (circle 4))",
            "expected a list of ring sizes",
        ),
        ("(add (square 3) edges:{{0 99}}) use:Vertex", "no vertex 99"),
        ("(wedge 3)", "no cells"),
        ("(shift 0 0 (wedge 3))", "no cells"),
    ] {
        let err = match ludeme::compile_str("t.lud", &text(board), &Choices::default()) {
            Ok(_) => panic!("{board}: loaded"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(needle), "{board}: {err}");
        assert!(err.contains("t.lud:"), "{board}: not located: {err}");
    }
}
