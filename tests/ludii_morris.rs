//! `(morris R joinCorners:B)` boards against Ludii 1.0.8. Every figure was
//! read from Ludii's own topology for the same board (a probe printing
//! each vertex's centroid, label, Orthogonal neighbours in Ludii's order,
//! and the Top/Corners/Outer/Centre/Row/Column/Phase regions); the
//! descriptions are our own.

use ludeme::board::{Dir, Relation};
use ludeme::{Choices, Game};

fn board_of(board: &str) -> Game {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board} use:Vertex) (piece "Disc" Each) }})
            (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#
    );
    match ludeme::compile_str("t.lud", &text, &Choices::default()) {
        Ok(g) => g,
        Err(e) => panic!("{board}: {e}"),
    }
}

/// Index, centroid, label, Orthogonal neighbours in Ludii's order.
type Site = (u32, f64, f64, &'static str, &'static [u32]);

struct Case {
    board: &'static str,
    count: usize,
    sites: &'static [Site],
    top: &'static [u32],
    corners: &'static [u32],
    outer: &'static [u32],
    centre: &'static [u32],
    row3: &'static [u32],
    col3: &'static [u32],
    phase1: &'static [u32],
}

const CASES: &[Case] = &[
    Case {
        board: "(morris 2)",
        count: 16,
        sites: &[
            (0, 0.0, 0.0, "A1", &[6, 1]),
            (5, 3.0, 1.0, "D2", &[8, 4]),
            (10, 1.0, 3.0, "B4", &[11, 7]),
            (13, 0.0, 4.0, "A5", &[14, 6]),
        ],
        top: &[13, 14, 15],
        corners: &[0, 2, 13, 15],
        outer: &[0, 1, 2, 6, 9, 13, 14, 15],
        centre: &[4, 7, 8, 11],
        row3: &[10, 11, 12],
        col3: &[5, 8, 12],
        phase1: &[1, 3, 5, 6, 9, 10, 12, 14],
    },
    Case {
        board: "(morris 3)",
        count: 24,
        sites: &[
            (0, 0.0, 0.0, "A1", &[9, 1]),
            (4, 3.0, 1.0, "D2", &[7, 5, 1, 3]),
            (7, 3.0, 2.0, "D3", &[8, 4, 6]),
            (19, 3.0, 5.0, "D6", &[22, 20, 16, 18]),
            (23, 6.0, 6.0, "G7", &[14, 22]),
        ],
        top: &[21, 22, 23],
        corners: &[0, 2, 21, 23],
        outer: &[0, 1, 2, 9, 14, 21, 22, 23],
        centre: &[7, 11, 12, 16],
        row3: &[9, 10, 11, 12, 13, 14],
        col3: &[1, 4, 7, 16, 19, 22],
        phase1: &[1, 3, 5, 7, 9, 11, 12, 14, 16, 18, 20, 22],
    },
    Case {
        board: "(morris 3 joinCorners:True)",
        count: 24,
        sites: &[
            (0, 0.0, 0.0, "A1", &[9, 3, 1]),
            (5, 5.0, 1.0, "F2", &[13, 2, 4, 8]),
            (10, 1.0, 3.0, "B4", &[18, 11, 3, 9]),
            (13, 5.0, 3.0, "F4", &[20, 14, 5, 12]),
        ],
        top: &[21, 22, 23],
        corners: &[0, 2, 21, 23],
        outer: &[0, 1, 2, 9, 14, 21, 22, 23],
        centre: &[7, 11, 12, 16],
        row3: &[9, 10, 11, 12, 13, 14],
        col3: &[1, 4, 7, 16, 19, 22],
        phase1: &[1, 3, 5, 7, 9, 11, 12, 14, 16, 18, 20, 22],
    },
    Case {
        board: "(morris 4)",
        count: 32,
        sites: &[
            (0, 0.0, 0.0, "A1", &[12, 1]),
            (5, 7.0, 1.0, "H2", &[18, 4]),
            (10, 4.0, 3.0, "E4", &[11, 7, 9]),
            (13, 1.0, 4.0, "B5", &[26, 14, 3, 12]),
            (19, 8.0, 4.0, "I5", &[31, 2, 18]),
            (31, 8.0, 8.0, "I9", &[19, 30]),
        ],
        top: &[29, 30, 31],
        corners: &[0, 2, 29, 31],
        outer: &[0, 1, 2, 12, 19, 29, 30, 31],
        centre: &[10, 15, 16, 21],
        row3: &[9, 10, 11],
        col3: &[9, 15, 20],
        phase1: &[1, 3, 5, 7, 9, 11, 12, 14, 17, 19, 20, 22, 24, 26, 28, 30],
    },
];

#[test]
fn morris_boards_agree_with_ludii() {
    for c in CASES {
        let g = board_of(c.board);
        let b = &g.board;
        assert_eq!(b.len(), c.count, "{}", c.board);
        for &(i, x, y, label, orth) in c.sites {
            let s = &b.sites[i as usize];
            assert!(
                (s.x - x).abs() < 1e-9 && (s.y - y).abs() < 1e-9,
                "{} site {i}: ({}, {}) not ({x}, {y})",
                c.board,
                s.x,
                s.y
            );
            assert_eq!(s.label, label, "{} site {i}", c.board);
            assert_eq!(
                b.neighbours(i, Relation::Orthogonal),
                orth,
                "{} {i}",
                c.board
            );
            // every line of a morris board is Orthogonal and Adjacent
            assert_eq!(b.neighbours(i, Relation::Adjacent), orth, "{} {i}", c.board);
            assert!(b.neighbours(i, Relation::Diagonal).is_empty());
        }
        assert_eq!(b.top(), c.top, "{} top", c.board);
        assert_eq!(b.corners(), c.corners, "{} corners", c.board);
        assert_eq!(b.outer(), c.outer, "{} outer", c.board);
        assert_eq!(b.centre_sites(), c.centre, "{} centre", c.board);
        assert_eq!(b.row(3), c.row3, "{} row 3", c.board);
        assert_eq!(b.column(3), c.col3, "{} column 3", c.board);
        assert_eq!(b.phase(1), c.phase1, "{} phase 1", c.board);
    }
}

#[test]
fn joined_corners_are_diagonal_steps() {
    // Ludii: the corner spokes of `joinCorners:` are Orthogonal lines that
    // step NE/NW/SE/SW; without them a corner has no such step.
    let joined = board_of("(morris 3 joinCorners:True)");
    assert_eq!(joined.board.step(0, Dir::NE), Some(3));
    assert_eq!(joined.board.step(3, Dir::NE), Some(6));
    assert_eq!(joined.board.radial(0, Dir::NE), [3, 6]);
    assert_eq!(joined.board.step(2, Dir::NW), Some(5));
    let plain = board_of("(morris 3)");
    assert_eq!(plain.board.step(0, Dir::NE), None);
    // the midpoint spokes: D1 up to D3, stopping at the centre hole
    assert_eq!(plain.board.radial(1, Dir::N), [4, 7]);
}

#[test]
fn morris_errors_are_located() {
    let cases: &[(&str, &str)] = &[
        ("(board (morris 3))", "played on cells is not supported"),
        ("(board (morris 0) use:Vertex)", "must be at least 1"),
        ("(board (morris) use:Vertex)", "needs its number of rings"),
        (
            "(board (morris 3 joinCorners:1) use:Vertex)",
            "bad `joinCorners:` value",
        ),
        (
            "(board (morris 3 stagger:True) use:Vertex)",
            "`stagger:` is not supported",
        ),
        ("(board (morris 20000) use:Vertex)", "board too large"),
    ];
    for (board, want) in cases {
        let text = format!(
            r#"(game "T" (players 2) (equipment {{ {board} (piece "Disc" Each) }})
                (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#
        );
        let err = match ludeme::compile_str("t.lud", &text, &Choices::default()) {
            Ok(_) => panic!("{board} loaded"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(want), "{board}: {err}");
        assert!(err.contains("t.lud:"), "{board}: not located: {err}");
    }
}
