//! Boards and board regions against Ludii 1.0.8. Every figure below was read
//! from Ludii's own topology (a probe printing each site's centroid, label,
//! row, column, phase and relations, and the Top/Left/Centre/Row/Column/
//! Phase regions) for the same board; the descriptions are our own.

use ludeme::{Choices, Game};

fn game_on(board: &str, extra: &str, play: &str) -> Game {
    let text = format!(
        r#"(game "T" (players 2) (equipment {{ (board {board}) (piece "Disc" Each) {extra} }})
            (rules (play {play}) (end (if (is Line 9) (result Mover Win)))))"#
    );
    match ludeme::compile_str("t.lud", &text, &Choices::default()) {
        Ok(g) => g,
        Err(e) => panic!("{board}: {e}"),
    }
}

fn board_of(board: &str) -> Game {
    game_on(board, "", "(move Add (to (sites Empty)))")
}

/// One site as Ludii reports it: index, centroid, label, Orthogonal
/// neighbours in Ludii's order.
type Site = (u32, f64, f64, &'static str, &'static [u32]);

struct Case {
    board: &'static str,
    count: usize,
    sites: [Site; 4],
    top: &'static [u32],
    left: &'static [u32],
    centre: &'static [u32],
    row1: &'static [u32],
    col1: &'static [u32],
    /// None where our phases are not Ludii's (and `(sites Phase N)` is
    /// refused).
    phase1: Option<&'static [u32]>,
}

const CASES: &[Case] = &[
    Case {
        board: "(square 8)",
        count: 64,
        sites: [
            (0, 0.5, 0.5, "A1", &[8, 1]),
            (2, 2.5, 0.5, "C1", &[10, 3, 1]),
            (32, 0.5, 4.5, "A5", &[40, 33, 24]),
            (63, 7.5, 7.5, "H8", &[55, 62]),
        ],
        top: &[56, 57, 58, 59, 60, 61, 62, 63],
        left: &[0, 8, 16, 24, 32, 40, 48, 56],
        centre: &[27, 28, 35, 36],
        row1: &[8, 9, 10, 11, 12, 13, 14, 15],
        col1: &[1, 9, 17, 25, 33, 41, 49, 57],
        phase1: Some(&[
            1, 3, 5, 7, 8, 10, 12, 14, 17, 19, 21, 23, 24, 26, 28, 30, 33, 35, 37, 39, 40, 42, 44,
            46, 49, 51, 53, 55, 56, 58, 60, 62,
        ]),
    },
    Case {
        board: "(rectangle 5 7)",
        count: 35,
        sites: [
            (0, 0.5, 0.5, "A1", &[7, 1]),
            (2, 2.5, 0.5, "C1", &[9, 3, 1]),
            (17, 3.5, 2.5, "D3", &[24, 18, 10, 16]),
            (34, 6.5, 4.5, "G5", &[27, 33]),
        ],
        top: &[28, 29, 30, 31, 32, 33, 34],
        left: &[0, 7, 14, 21, 28],
        centre: &[17],
        row1: &[7, 8, 9, 10, 11, 12, 13],
        col1: &[1, 8, 15, 22, 29],
        phase1: Some(&[
            1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33,
        ]),
    },
    Case {
        board: "(hex 5)",
        count: 61,
        sites: [
            (0, 0.0, 0.0, "A1", &[6, 1, 5]),
            (2, 3.4641, 0.0, "C1", &[8, 3, 1, 7]),
            (30, 3.4641, 6.0, "E5", &[39, 31, 22, 21, 29, 38]),
            (60, 6.9282, 12.0, "I9", &[55, 54, 59]),
        ],
        top: &[56, 57, 58, 59, 60],
        left: &[26],
        centre: &[30],
        row1: &[5, 6, 7, 8, 9, 10],
        col1: &[1, 6, 12, 19, 27, 35],
        phase1: Some(&[
            1, 4, 5, 8, 13, 16, 19, 22, 25, 26, 29, 32, 36, 39, 42, 45, 48, 50, 53, 57, 60,
        ]),
    },
    Case {
        board: "(hex Diamond 11)",
        count: 121,
        sites: [
            (0, 0.0, 0.0, "A1", &[4, 2, 1]),
            (2, 1.5, 0.866, "B1", &[8, 5, 0, 4]),
            (60, 0.0, 8.6603, "F6", &[80, 71, 50, 40, 49, 70]),
            (120, 0.0, 17.3205, "K11", &[119, 116, 118]),
        ],
        top: &[120],
        left: &[55],
        centre: &[60],
        row1: &[1, 4, 8, 13, 19, 26, 34, 43, 53, 64, 75],
        col1: &[2, 4, 7, 11, 16, 22, 29, 37, 46, 56, 66],
        phase1: Some(&[
            1, 2, 10, 11, 12, 13, 14, 28, 29, 30, 31, 32, 33, 34, 35, 55, 56, 57, 58, 59, 60, 61,
            62, 63, 64, 65, 85, 86, 87, 88, 89, 90, 91, 92, 106, 107, 108, 109, 110, 118, 119,
        ]),
    },
    Case {
        board: "(hex Limping 3)",
        count: 27,
        sites: [
            (0, -0.866, -7.5, "A1", &[5, 1, 4]),
            (2, 2.5981, -7.5, "C1", &[7, 3, 1, 6]),
            (13, 4.3301, -4.5, "E3", &[19, 14, 8, 7, 12, 18]),
            (26, 3.4641, 0.0, "F6", &[23, 22, 25]),
        ],
        top: &[24, 25, 26],
        left: &[9],
        centre: &[11, 12, 17],
        row1: &[4, 5, 6, 7, 8],
        col1: &[1, 5, 10, 15],
        phase1: None,
    },
    Case {
        board: "(square 5 diagonals:Alternating) use:Vertex",
        count: 25,
        sites: [
            (0, 0.0, 0.0, "A1", &[5, 6, 1]),
            (2, 2.0, 0.0, "C1", &[7, 8, 3, 1, 6]),
            (12, 2.0, 2.0, "C3", &[17, 18, 13, 8, 7, 6, 11, 16]),
            (24, 4.0, 4.0, "E5", &[19, 18, 23]),
        ],
        top: &[20, 21, 22, 23, 24],
        left: &[0, 5, 10, 15, 20],
        centre: &[12],
        row1: &[5, 6, 7, 8, 9],
        col1: &[1, 6, 11, 16, 21],
        phase1: Some(&[1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]),
    },
    Case {
        board: "(square 5 diagonals:Concentric) use:Vertex",
        count: 25,
        sites: [
            (0, 0.0, 0.0, "A1", &[5, 1]),
            (2, 2.0, 0.0, "C1", &[7, 8, 3, 1, 6]),
            (12, 2.0, 2.0, "C3", &[17, 13, 7, 11]),
            (24, 4.0, 4.0, "E5", &[19, 23]),
        ],
        top: &[20, 21, 22, 23, 24],
        left: &[0, 5, 10, 15, 20],
        centre: &[12],
        row1: &[5, 6, 7, 8, 9],
        col1: &[1, 6, 11, 16, 21],
        phase1: Some(&[1, 3, 7, 10, 14, 17, 21, 23]),
    },
    Case {
        board: "(square 3 diagonals:Solid) use:Vertex",
        count: 13,
        sites: [
            (0, 0.0, 0.0, "A1", &[5, 3, 1]),
            (2, 2.0, 0.0, "E1", &[7, 1, 4]),
            (6, 1.0, 1.0, "C3", &[11, 9, 7, 4, 1, 3, 5, 8]),
            (12, 2.0, 2.0, "E5", &[7, 9, 11]),
        ],
        top: &[10, 11, 12],
        left: &[0, 5, 10],
        centre: &[6],
        row1: &[3, 4],
        col1: &[3, 8],
        phase1: Some(&[1, 5, 7, 11]),
    },
    Case {
        board: "(rectangle 2 7 diagonals:Solid) use:Vertex",
        count: 20,
        sites: [
            (0, 0.0, 0.0, "A1", &[13, 7, 1]),
            (2, 2.0, 0.0, "E1", &[15, 9, 3, 1, 8]),
            (10, 3.5, 0.5, "H2", &[17, 4, 3, 16]),
            (19, 6.0, 1.0, "M3", &[6, 12, 18]),
        ],
        top: &[13, 14, 15, 16, 17, 18, 19],
        left: &[0, 13],
        centre: &[3, 9, 10, 16],
        row1: &[7, 8, 9, 10, 11, 12],
        col1: &[7],
        phase1: Some(&[1, 3, 5, 13, 15, 17, 19]),
    },
    Case {
        board: "(square 3) use:Vertex",
        count: 9,
        sites: [
            (0, 0.0, 0.0, "A1", &[3, 1]),
            (2, 2.0, 0.0, "C1", &[5, 1]),
            (4, 1.0, 1.0, "B2", &[7, 5, 1, 3]),
            (8, 2.0, 2.0, "C3", &[5, 7]),
        ],
        top: &[6, 7, 8],
        left: &[0, 3, 6],
        centre: &[4],
        row1: &[3, 4, 5],
        col1: &[1, 4, 7],
        phase1: Some(&[1, 3, 5, 7]),
    },
];

#[test]
fn boards_agree_with_ludii() {
    use ludeme::board::Relation;
    for c in CASES {
        let g = board_of(c.board);
        let b = &g.board;
        assert_eq!(b.len(), c.count, "{}", c.board);
        for &(i, x, y, label, orth) in &c.sites {
            let s = &b.sites[i as usize];
            assert!(
                (s.x - x).abs() < 1e-3 && (s.y - y).abs() < 1e-3,
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
        }
        assert_eq!(b.top(), c.top, "{} top", c.board);
        assert_eq!(b.left(), c.left, "{} left", c.board);
        assert_eq!(b.centre_sites(), c.centre, "{} centre", c.board);
        assert_eq!(b.row(1), c.row1, "{} row 1", c.board);
        assert_eq!(b.column(1), c.col1, "{} column 1", c.board);
        assert_eq!(b.phases_known(), c.phase1.is_some(), "{}", c.board);
        if let Some(p) = c.phase1 {
            assert_eq!(b.phase(1), p, "{} phase 1", c.board);
        }
    }
}

#[test]
fn diagonal_lines_are_orthogonal_steps_on_points() {
    use ludeme::board::{Dir, Relation};
    // Ludii: a grid of points with `diagonals:` has no Diagonal relation;
    // its diagonal lines are Orthogonal steps. A plain grid of points keeps
    // the points across a cell as Diagonal.
    let alt = board_of("(square 5 diagonals:Alternating) use:Vertex");
    for s in alt.board.all_sites() {
        assert!(alt.board.neighbours(s, Relation::Diagonal).is_empty());
    }
    assert_eq!(alt.board.step(0, Dir::NE), Some(6));
    assert_eq!(alt.board.step(1, Dir::NE), None);
    let plain = board_of("(square 3) use:Vertex");
    assert_eq!(plain.board.neighbours(4, Relation::Diagonal), [8, 2, 0, 6]);
}

/// The board sites the first player may add to with `(move Add (to R))`.
fn targets(board: &str, regions: &str, region: &str, after: &str) -> Vec<u32> {
    let g = game_on(board, regions, &format!("(move Add (to {region}))"));
    let st = match ludeme::cli::play::play_line(&g, after) {
        Ok((st, _)) => st,
        Err(e) => panic!("{e}"),
    };
    let mut v: Vec<u32> = g
        .move_texts(&g.legal_moves(&st))
        .iter()
        .filter(|t| t.as_str() != "pass")
        .map(|t| g.board.site_by_label(t).unwrap_or_else(|| panic!("{t}")))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn regions_agree_with_ludii() {
    // Each figure is the list of Add targets Ludii gives for the same game.
    let alq = "(square 5 diagonals:Alternating) use:Vertex";
    let regions = r#"(regions P1 (expand (sites Bottom)))
        (regions "Home" P2 (union (sites Top) (sites {"A3" "E3"})))
        (regions "Mid" (sites Row 2))"#;
    let cases: &[(&str, &str, &[u32])] = &[
        (alq, "(sites Top)", &[20, 21, 22, 23, 24]),
        (alq, "(sites Right)", &[4, 9, 14, 19, 24]),
        (alq, "(sites Column 3)", &[3, 8, 13, 18, 23]),
        (alq, "(sites Phase 2)", &[6, 8, 16, 18]),
        (alq, "(sites Mover)", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        (alq, "(sites Next)", &[10, 14, 20, 21, 22, 23, 24]),
        (alq, r#"(sites P2 "Home")"#, &[10, 14, 20, 21, 22, 23, 24]),
        (alq, r#"(sites P1 "Home")"#, &[]),
        (alq, r#"(sites "Mid")"#, &[10, 11, 12, 13, 14]),
        (
            alq,
            "(expand (sites Left) steps:2)",
            &[0, 1, 2, 5, 6, 7, 10, 11, 12, 15, 16, 17, 20, 21, 22],
        ),
        (alq, "(expand (sites Top) E)", &[20, 21, 22, 23, 24]),
        (
            "(hex 4)",
            "(expand (sites Left) steps:2)",
            &[4, 9, 10, 15, 16, 17, 22, 23, 28],
        ),
        (
            "(hex 4)",
            "(expand (sites Top) SSE)",
            &[29, 30, 31, 32, 33, 34, 35, 36],
        ),
        (
            "(hex 4)",
            "(expand origin:18 steps:1 Diagonal)",
            &[6, 10, 13, 18, 23, 26, 30],
        ),
        (
            "(square 8)",
            "(expand (sites Centre) Diagonal)",
            &[
                18, 19, 20, 21, 26, 27, 28, 29, 34, 35, 36, 37, 42, 43, 44, 45,
            ],
        ),
        (
            "(square 8)",
            "(expand origin:0 steps:3 NE)",
            &[0, 9, 18, 27],
        ),
    ];
    for &(board, region, want) in cases {
        assert_eq!(
            targets(board, regions, region, ""),
            want,
            "{board} {region}"
        );
    }
    // `(sites Mover)` follows the mover: P2's regions on P2's turn
    assert_eq!(
        targets(alq, regions, "(sites Mover)", "A1"),
        [10, 14, 20, 21, 22, 23, 24]
    );
}

#[test]
fn region_errors_are_located() {
    let text = r#"(game "T" (players 2) (equipment { (board (hex Limping 2)) (piece "Disc" Each) })
        (rules (play (move Add (to (sites Phase 0)))) (end (if (is Line 3) (result Mover Win)))))"#;
    let e = match ludeme::compile_str("t.lud", text, &Choices::default()) {
        Ok(_) => panic!("no error"),
        Err(e) => e.to_string(),
    };
    assert!(
        e.contains("`(sites Phase N)` on `(hex Limping N)` is not supported yet"),
        "{e}"
    );
    let text = r#"(game "T" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
        (rules (play (move Add (to (sites "Home")))) (end (if (is Line 3) (result Mover Win)))))"#;
    let e = match ludeme::compile_str("t.lud", text, &Choices::default()) {
        Ok(_) => panic!("no error"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("no region \"Home\" in the equipment"), "{e}");
}
