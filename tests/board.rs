//! The board graph against docs/boards.md: diagrams, counts, degrees,
//! directions, regions, radials, lines, the `(board ...)` reader and its
//! errors, drawing and JSON.

use ludeme::board::{
    Board, Dir, MAX_SITES, Relation, Shape, Site, SiteType, draw, find_board_form, to_json,
    to_json_text,
};
use ludeme::diag::{Sources, Span};
use ludeme::syntax::{Kind, Node};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// A tiny reader for hand-written forms, with real spans (file 0), so that
// located errors can be checked against the text. Not the project's parser.

fn parse(text: &str) -> Node {
    let b = text.as_bytes();
    let mut i = 0;
    let n = item(b, &mut i);
    skip(b, &mut i);
    assert_eq!(i, b.len(), "trailing text in {text:?}");
    n
}

fn skip(b: &[u8], i: &mut usize) {
    while *i < b.len() && b[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

fn item(b: &[u8], i: &mut usize) -> Node {
    skip(b, i);
    let start = *i;
    match b[*i] {
        b'(' | b'{' => {
            let close = if b[*i] == b'(' { b')' } else { b'}' };
            *i += 1;
            let mut items = Vec::new();
            loop {
                skip(b, i);
                if b[*i] == close {
                    *i += 1;
                    break;
                }
                items.push(item(b, i));
            }
            let span = Span::new(0, start, *i);
            if close == b')' {
                let head = std::sync::Arc::new(items.remove(0));
                Node::new(Kind::Form { head, args: items }, span)
            } else {
                Node::new(Kind::Array(items), span)
            }
        }
        b'"' => {
            *i += 1;
            let s = *i;
            while b[*i] != b'"' {
                *i += 1;
            }
            *i += 1;
            let text = String::from_utf8(b[s..*i - 1].to_vec()).unwrap();
            Node::new(Kind::Str(text.into()), Span::new(0, start, *i))
        }
        _ => {
            while *i < b.len() && !b" \n\t(){}:\"".contains(&b[*i]) {
                *i += 1;
            }
            let word = std::str::from_utf8(&b[start..*i]).unwrap().to_string();
            if *i < b.len() && b[*i] == b':' {
                *i += 1;
                let value = Box::new(item(b, i));
                let span = Span::new(0, start, *i);
                return Node::new(
                    Kind::Named {
                        name: word.into(),
                        value,
                    },
                    span,
                );
            }
            let kind = if word == "True" || word == "False" {
                Kind::Bool(word == "True")
            } else if let Ok(v) = word.parse::<i64>() {
                Kind::Int(v)
            } else if let Ok(v) = word.parse::<f64>() {
                Kind::Float(v)
            } else {
                Kind::Word(word.into())
            };
            Node::new(kind, Span::new(0, start, *i))
        }
    }
}

fn board(text: &str) -> Board {
    Board::from_node(&parse(text)).unwrap_or_else(|d| panic!("{text}: {d}"))
}

/// The error for `text`, rendered against it.
fn error(text: &str) -> String {
    let mut sources = Sources::new();
    sources.add("t.lud", text);
    match Board::from_node(&parse(text)) {
        Ok(_) => panic!("{text}: expected an error"),
        Err(d) => {
            assert!(d.span.is_some(), "unlocated error for {text}: {d}");
            d.render(&sources)
        }
    }
}

fn plain(b: &Board) -> String {
    draw(b, &|_| None)
}

fn at(b: &Board, label: &str) -> Site {
    b.site_by_label(label)
        .unwrap_or_else(|| panic!("no site {label}"))
}

fn labels(b: &Board, sites: &[Site]) -> Vec<String> {
    sites.iter().map(|&s| b.label(s).to_string()).collect()
}

/// Number of sites by neighbour count under a relation.
fn degrees(b: &Board, rel: Relation) -> BTreeMap<usize, usize> {
    let mut m = BTreeMap::new();
    for s in b.all_sites() {
        *m.entry(b.neighbours(s, rel).len()).or_insert(0) += 1;
    }
    m
}

fn dist(pairs: &[(usize, usize)]) -> BTreeMap<usize, usize> {
    pairs.iter().copied().collect()
}

// ---------------------------------------------------------------------------
// The pictures of docs/boards.md, exactly.

const HEX4: &str = "            33:D7   34:E7   35:F7   36:G7
        28:C6   29:D6   30:E6   31:F6   32:G6
    22:B5   23:C5   24:D5   25:E5   26:F5   27:G5
15:A4   16:B4   17:C4   18:D4   19:E4   20:F4   21:G4
    9:A3    10:B3   11:C3   12:D3   13:E3   14:F3
        4:A2    5:B2    6:C2    7:D2    8:E2
            0:A1    1:B1    2:C1    3:D1
";

const LIMPING2: &str = "        10:C4   11:D4
    7:B3    8:C3    9:D3
3:A2    4:B2    5:C2    6:D2
    0:A1    1:B1    2:C1
";

const MORRIS: &str = "21:A7-------------------22:D7-------------------23:G7
  |                       |                       |
  |     18:B6-----------19:D6-----------20:F6     |
  |       |               |               |       |
  |       |     15:C5---16:D5---17:E5     |       |
  |       |       |               |       |       |
9:A4----10:B4---11:C4           12:E4---13:F4---14:G4
  |       |       |               |       |       |
  |       |     6:C3----7:D3----8:E3      |       |
  |       |               |               |       |
  |     3:B2------------4:D2------------5:F2      |
  |                       |                       |
0:A1--------------------1:D1--------------------2:G1
";

#[test]
fn hex4_diagram() {
    assert_eq!(plain(&Board::hex(4)), HEX4);
    assert_eq!(plain(&board("(board (hex 4))")), HEX4);
}

#[test]
fn limping_hex2_diagram() {
    assert_eq!(plain(&Board::limping_hex(2)), LIMPING2);
    assert_eq!(plain(&board("(board (hex Limping 2))")), LIMPING2);
}

#[test]
fn morris_diagram() {
    assert_eq!(plain(&Board::concentric(3, false)), MORRIS);
    assert_eq!(
        plain(&board("(board (concentric Square rings:3) use:Vertex)")),
        MORRIS
    );
}

#[test]
fn snapshots() {
    insta::assert_snapshot!("hex5", plain(&Board::hex(5)));
    insta::assert_snapshot!("limping_hex3", plain(&Board::limping_hex(3)));
    insta::assert_snapshot!("morris_join_corners", plain(&Board::concentric(3, true)));
    insta::assert_snapshot!("concentric2", plain(&Board::concentric(2, false)));
    insta::assert_snapshot!("square6", plain(&Board::square(6)));
    insta::assert_snapshot!("square7", plain(&Board::square(7)));
    insta::assert_snapshot!("rectangle3x4", plain(&board("(board (rectangle 3 4))")));
    insta::assert_snapshot!(
        "square4_vertex",
        plain(&board("(board (square 4) use:Vertex)"))
    );
}

// ---------------------------------------------------------------------------
// Indices and labels stated in words.

#[test]
fn hex5_rows_and_labels() {
    let b = Board::hex(5);
    let mut rows: BTreeMap<i64, usize> = BTreeMap::new();
    for s in &b.sites {
        *rows.entry((s.y * 1000.0).round() as i64).or_insert(0) += 1;
    }
    assert_eq!(
        rows.values().copied().collect::<Vec<_>>(),
        [5, 6, 7, 8, 9, 8, 7, 6, 5]
    );
    let range = |a: Site, z: Site| labels(&b, &(a..=z).collect::<Vec<_>>()).join(" ");
    assert_eq!(range(0, 4), "A1 B1 C1 D1 E1");
    assert_eq!(range(26, 34), "A5 B5 C5 D5 E5 F5 G5 H5 I5");
    assert_eq!(range(56, 60), "E9 F9 G9 H9 I9");
    assert_eq!(b.centre(), 30);
    assert_eq!(b.label(30), "E5");
    assert_eq!(b.corners(), [0, 4, 26, 34, 56, 60]);
}

#[test]
fn limping_rows() {
    for (n, rows) in [
        (2, vec![3, 4, 3, 2]),
        (3, vec![4, 5, 6, 5, 4, 3]),
        (4, vec![5, 6, 7, 8, 7, 6, 5, 4]),
    ] {
        let b = Board::limping_hex(n);
        let mut by_row: BTreeMap<i64, usize> = BTreeMap::new();
        for s in &b.sites {
            *by_row.entry((s.y * 1000.0).round() as i64).or_insert(0) += 1;
        }
        assert_eq!(by_row.values().copied().collect::<Vec<_>>(), rows, "N={n}");
        // row R holds columns max(0, R-N+1) ..= min(2N-1, R+N): letters
        let n = n as i64;
        for r in 0..2 * n {
            let first = (r - n + 1).max(0);
            let last = (2 * n - 1).min(r + n);
            for c in first..=last {
                let label = format!("{}{}", (b'A' + c as u8) as char, r + 1);
                assert!(b.site_by_label(&label).is_some(), "{label}");
            }
        }
    }
}

#[test]
fn square_labels_and_indices() {
    let b = Board::square(7);
    assert_eq!(b.label(0), "A1");
    assert_eq!(b.label(6), "G1");
    assert_eq!(b.label(48), "G7");
    assert_eq!(b.label(24), "D4");
    let r = Board::rectangle(3, 4); // 3 rows, 4 columns
    assert_eq!(r.len(), 12);
    assert_eq!(r.label(3), "D1");
    assert_eq!(r.label(11), "D3");
    // two letters from the 27th column on
    let wide = Board::rectangle(1, 30);
    assert_eq!(wide.label(25), "Z1");
    assert_eq!(wide.label(26), "AA1");
    assert_eq!(wide.label(29), "AD1");
    for s in wide.all_sites() {
        assert_eq!(wide.site_by_label(wide.label(s)), Some(s));
    }
}

// ---------------------------------------------------------------------------
// Counts, degrees, directions.

#[test]
fn counts() {
    for n in 1..=10 {
        assert_eq!(Board::square(n).len() as u32, n * n);
        assert_eq!(Board::hex(n).len() as u32, 3 * n * (n - 1) + 1);
        assert_eq!(Board::limping_hex(n).len() as u32, 3 * n * n);
        assert_eq!(Board::concentric(n, false).len() as u32, 8 * n);
    }
    assert_eq!(Board::square(6).len(), 36);
    assert_eq!(Board::square(7).len(), 49);
    assert_eq!(Board::hex(4).len(), 37);
    assert_eq!(Board::hex(5).len(), 61);
    assert_eq!(Board::limping_hex(2).len(), 12);
    assert_eq!(Board::limping_hex(3).len(), 27);
    assert_eq!(Board::limping_hex(4).len(), 48);
    assert_eq!(Board::concentric(2, false).len(), 16);
    assert_eq!(Board::concentric(3, false).len(), 24);
    assert_eq!(Board::concentric(6, false).len(), 48);
    assert_eq!(board("(board (square 7) use:Vertex)").len(), 49);
    assert_eq!(board("(board (rectangle 3 5) use:Vertex)").len(), 15);
}

#[test]
fn square_degrees() {
    let b = Board::square(7);
    let (o, d, a) = (Relation::Orthogonal, Relation::Diagonal, Relation::Adjacent);
    assert_eq!(degrees(&b, o), dist(&[(2, 4), (3, 20), (4, 25)]));
    assert_eq!(degrees(&b, d), dist(&[(1, 4), (2, 20), (4, 25)]));
    assert_eq!(degrees(&b, a), dist(&[(3, 4), (5, 20), (8, 25)]));
    assert_eq!(degrees(&b, Relation::All), degrees(&b, a));
    // points: Adjacent = Orthogonal = 4, diagonals are Diagonal only
    let v = board("(board (square 7) use:Vertex)");
    assert_eq!(v.site_type, SiteType::Vertex);
    assert_eq!(degrees(&v, a), dist(&[(2, 4), (3, 20), (4, 25)]));
    assert_eq!(degrees(&v, o), degrees(&v, a));
    assert_eq!(degrees(&v, d), dist(&[(1, 4), (2, 20), (4, 25)]));
}

#[test]
fn hex_degrees() {
    let b = Board::hex(4);
    let a = degrees(&b, Relation::Adjacent);
    assert_eq!(a, dist(&[(3, 6), (4, 12), (6, 19)]));
    assert_eq!(degrees(&b, Relation::Orthogonal), a);
    // diagonals: corners 1 (inward), ... centre cells 6
    let d = degrees(&b, Relation::Diagonal);
    assert_eq!(d.values().sum::<usize>(), 37);
    assert_eq!(d[&6], 7); // the centre and its ring
    let all = degrees(&b, Relation::All);
    assert_eq!(all[&12], 7);
    let l = Board::limping_hex(2);
    assert_eq!(
        degrees(&l, Relation::Adjacent),
        dist(&[(3, 6), (4, 3), (6, 3)])
    );
}

#[test]
fn morris_degrees() {
    let b = Board::concentric(3, false);
    let a = degrees(&b, Relation::Adjacent);
    assert_eq!(a, dist(&[(2, 12), (3, 8), (4, 4)]));
    assert_eq!(degrees(&b, Relation::Orthogonal), a);
    assert_eq!(degrees(&b, Relation::Diagonal), dist(&[(0, 24)]));
    let j = Board::concentric(3, true);
    assert_eq!(degrees(&j, Relation::Adjacent), dist(&[(3, 16), (4, 8)]));
    assert_eq!(degrees(&j, Relation::Diagonal), dist(&[(0, 24)]));
}

#[test]
fn hex5_directions_from_e5() {
    let b = Board::hex(5);
    let e5 = at(&b, "E5");
    let to = |d: Dir| b.step(e5, d).map(|s| b.label(s).to_string());
    assert_eq!(to(Dir::NNW).as_deref(), Some("E6"));
    assert_eq!(to(Dir::NNE).as_deref(), Some("F6"));
    assert_eq!(to(Dir::E).as_deref(), Some("F5"));
    assert_eq!(to(Dir::SSW).as_deref(), Some("D4"));
    assert_eq!(to(Dir::NE), None);
    // clockwise from N
    assert_eq!(
        labels(&b, b.neighbours(e5, Relation::Adjacent)),
        ["F6", "F5", "E4", "D4", "D5", "E6"]
    );
    assert_eq!(
        b.dirs(e5, Relation::Adjacent),
        [Dir::NNE, Dir::E, Dir::SSE, Dir::SSW, Dir::W, Dir::NNW]
    );
    assert_eq!(
        b.neighbours(e5, Relation::Orthogonal),
        b.neighbours(e5, Relation::Adjacent)
    );
    assert_eq!(
        labels(&b, b.neighbours(e5, Relation::Diagonal)),
        ["F7", "G6", "F4", "D3", "C4", "D6"]
    );
    assert_eq!(
        b.dirs(e5, Relation::Diagonal),
        [Dir::N, Dir::ENE, Dir::ESE, Dir::S, Dir::WSW, Dir::WNW]
    );
    assert_eq!(
        labels(&b, b.neighbours(e5, Relation::All)),
        [
            "F7", "F6", "G6", "F5", "F4", "E4", "D3", "D4", "C4", "D5", "D6", "E6"
        ]
    );
}

#[test]
fn square_directions() {
    let b = Board::square(7);
    let d4 = at(&b, "D4");
    assert_eq!(
        labels(&b, b.neighbours(d4, Relation::Adjacent)),
        ["D5", "E5", "E4", "E3", "D3", "C3", "C4", "C5"]
    );
    assert_eq!(
        b.dirs(d4, Relation::Adjacent),
        [
            Dir::N,
            Dir::NE,
            Dir::E,
            Dir::SE,
            Dir::S,
            Dir::SW,
            Dir::W,
            Dir::NW
        ]
    );
    assert_eq!(
        labels(&b, b.neighbours(d4, Relation::Orthogonal)),
        ["D5", "E4", "D3", "C4"]
    );
    assert_eq!(
        labels(&b, b.neighbours(d4, Relation::Diagonal)),
        ["E5", "E3", "C3", "C5"]
    );
    assert_eq!(b.step(0, Dir::S), None);
    assert_eq!(b.step(0, Dir::NE), Some(at(&b, "B2")));
}

#[test]
fn steps_are_symmetric() {
    let boards = [
        Board::square(5),
        Board::rectangle(3, 6),
        Board::grid(4, 4, SiteType::Vertex),
        Board::hex(5),
        Board::limping_hex(4),
        Board::concentric(4, false),
        Board::concentric(4, true),
    ];
    for b in &boards {
        for s in b.all_sites() {
            for d in Dir::ALL {
                if let Some(t) = b.step(s, d) {
                    assert_eq!(b.step(t, d.opposite()), Some(s), "{:?} {s} {d:?}", b.shape);
                }
            }
            for rel in Relation::ALL {
                let dirs = b.dirs(s, rel);
                assert!(dirs.windows(2).all(|w| w[0] < w[1]), "clockwise, distinct");
                for (t, d) in b.neighbours(s, rel).iter().zip(dirs) {
                    assert_eq!(b.step(s, *d), Some(*t));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Regions.

#[test]
fn square_regions() {
    let b = Board::square(7);
    assert_eq!(b.centre(), 24);
    assert_eq!(b.label(24), "D4");
    assert_eq!(b.outer().len(), 24);
    assert_eq!(b.inner().len(), 25);
    assert_eq!(b.corners(), [0, 6, 42, 48]);
    let b6 = Board::square(6);
    assert_eq!(b6.outer().len(), 20);
    // the inner grid of Abrana: the 4×4 in the middle
    assert_eq!(
        labels(&b6, b6.inner()).join(" "),
        "B2 C2 D2 E2 B3 C3 D3 E3 B4 C4 D4 E4 B5 C5 D5 E5"
    );
    assert_eq!(Board::square(8).centre(), 27);
}

#[test]
fn hex_regions() {
    let b = Board::hex(4);
    assert_eq!(b.centre(), 18);
    assert_eq!(b.corners(), [0, 3, 15, 21, 33, 36]);
    assert_eq!(b.outer().len(), 18);
    assert_eq!(b.inner().len(), 19);
    let b5 = Board::hex(5);
    assert_eq!(b5.centre(), 30);
    assert_eq!(b5.outer().len(), 24);
    // Icebreaker: the corners around the centre of hex 5
    let c = b5.centre();
    let corner = |d: Dir| b5.label(*b5.radial(c, d).last().unwrap()).to_string();
    assert_eq!([Dir::NNW, Dir::E, Dir::SSW].map(corner), ["E9", "I5", "A1"]);
    assert_eq!([Dir::NNE, Dir::W, Dir::SSE].map(corner), ["I9", "A5", "E1"]);
    let l = Board::limping_hex(2);
    assert_eq!(l.corners(), [0, 2, 3, 6, 10, 11]);
    assert_eq!(l.outer().len(), 9);
}

#[test]
fn morris_regions() {
    let b = Board::concentric(3, false);
    assert_eq!(b.corners(), [0, 2, 21, 23]);
    assert_eq!(labels(&b, b.outer()).join(" "), "A1 D1 G1 A4 G4 A7 D7 G7");
    assert_eq!(b.inner().len(), 16);
}

// ---------------------------------------------------------------------------
// Radials and the morris lines.

#[test]
fn radials() {
    let m = Board::concentric(3, false);
    assert_eq!(labels(&m, m.radial(at(&m, "A1"), Dir::E)), ["D1", "G1"]);
    assert_eq!(labels(&m, m.radial(at(&m, "A4"), Dir::E)), ["B4", "C4"]);
    assert_eq!(labels(&m, m.radial(at(&m, "D1"), Dir::N)), ["D2", "D3"]);
    assert!(m.radial(at(&m, "A1"), Dir::NE).is_empty());
    let j = Board::concentric(3, true);
    assert_eq!(labels(&j, j.radial(at(&j, "A1"), Dir::NE)), ["B2", "C3"]);

    let s = Board::square(7);
    assert_eq!(
        labels(&s, s.radial(at(&s, "C3"), Dir::NE)),
        ["D4", "E5", "F6", "G7"]
    );
    assert_eq!(labels(&s, s.radial(at(&s, "C3"), Dir::W)), ["B3", "A3"]);
    assert!(s.radial(0, Dir::S).is_empty());

    let h = Board::hex(4);
    assert_eq!(
        labels(&h, h.radial(at(&h, "D4"), Dir::NNE)),
        ["E5", "F6", "G7"]
    );
    // N on a hex board runs along the diagonals
    assert_eq!(
        labels(&h, h.radial(at(&h, "C1"), Dir::N)),
        ["D3", "E5", "F7"]
    );
}

fn mills(b: &Board) -> Vec<Vec<Site>> {
    let mut v: Vec<Vec<Site>> = b
        .maximal_lines()
        .into_iter()
        .filter(|l| l.len() == 3)
        .map(|mut l| {
            l.sort_unstable();
            l
        })
        .collect();
    v.sort();
    v
}

#[test]
fn morris_edges_and_mills() {
    let b = Board::concentric(3, false);
    assert_eq!(b.edges().len(), 32);
    let mut want: Vec<Vec<Site>> = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [9, 10, 11],
        [12, 13, 14],
        [15, 16, 17],
        [18, 19, 20],
        [21, 22, 23],
        [0, 9, 21],
        [3, 10, 18],
        [6, 11, 15],
        [1, 4, 7],
        [16, 19, 22],
        [8, 12, 17],
        [5, 13, 20],
        [2, 14, 23],
    ]
    .iter()
    .map(|m| m.to_vec())
    .collect();
    want.sort();
    assert_eq!(mills(&b), want);
    // every maximal line is a mill
    assert_eq!(b.maximal_lines().len(), 16);

    let j = Board::concentric(3, true);
    assert_eq!(j.edges().len(), 40);
    let mut want_j = want.clone();
    want_j.extend([
        vec![0, 3, 6],
        vec![2, 5, 8],
        vec![15, 18, 21],
        vec![17, 20, 23],
    ]);
    want_j.sort();
    assert_eq!(mills(&j), want_j);
    assert_eq!(mills(&j).len(), 20);

    // 6 rings: ring edges, spokes and lines of 6 across
    let six = Board::concentric(6, false);
    assert_eq!(six.edges().len(), 48 + 4 * 5);
}

// ---------------------------------------------------------------------------
// The `(board ...)` form.

#[test]
fn reads_every_form() {
    let cases: &[(&str, Shape, SiteType, usize)] = &[
        (
            "(board (square 7))",
            Shape::Square { rows: 7, cols: 7 },
            SiteType::Cell,
            49,
        ),
        (
            "(board (rectangle 3 4))",
            Shape::Square { rows: 3, cols: 4 },
            SiteType::Cell,
            12,
        ),
        (
            "(board (hex 4))",
            Shape::Hex { size: 4 },
            SiteType::Cell,
            37,
        ),
        (
            "(board (hex Hexagon 5) use:Cell)",
            Shape::Hex { size: 5 },
            SiteType::Cell,
            61,
        ),
        (
            "(board (hex Limping 2))",
            Shape::LimpingHex { size: 2 },
            SiteType::Cell,
            12,
        ),
        (
            "(board (concentric Square rings:3) use:Vertex)",
            Shape::Concentric {
                rings: 3,
                join_corners: false,
            },
            SiteType::Vertex,
            24,
        ),
        (
            "(board (concentric Square rings:3 joinCorners:True) use:Vertex)",
            Shape::Concentric {
                rings: 3,
                join_corners: true,
            },
            SiteType::Vertex,
            24,
        ),
        (
            "(board (square 6) use:Cell largeStack:True)",
            Shape::Square { rows: 6, cols: 6 },
            SiteType::Cell,
            36,
        ),
        (
            "(board (square 5) use:Vertex)",
            Shape::Square { rows: 5, cols: 5 },
            SiteType::Vertex,
            25,
        ),
    ];
    for (text, shape, site_type, n) in cases {
        let b = board(text);
        assert_eq!(&b.shape, shape, "{text}");
        assert_eq!(b.site_type, *site_type, "{text}");
        assert_eq!(b.len(), *n, "{text}");
    }
    assert_eq!(
        board("(board (concentric Square rings:3 joinCorners:True) use:Vertex)").edges(),
        Board::concentric(3, true).edges()
    );
}

#[test]
fn bad_forms_are_located() {
    let cases: &[(&str, &str, &str)] = &[
        // (text, message part, caret line)
        (
            "(board (pentagon 4))",
            "unknown board shape `pentagon`",
            "       ^^^^^^^^^^^^",
        ),
        (
            "(board (square 0))",
            "the board size must be at least 1, found 0",
            "               ^",
        ),
        (
            "(board (square -3))",
            "the board size must be at least 1, found -3",
            "               ^^",
        ),
        (
            "(board (hex 2.5))",
            "the board size must be a whole number",
            "            ^^^",
        ),
        (
            "(board (hex Limping 0))",
            "the board size must be at least 1",
            "                    ^",
        ),
        (
            "(board (square Big))",
            "the board size must be a number, found `Big`",
            "               ^^^",
        ),
        (
            "(board (rectangle 3 0))",
            "the number of columns must be at least 1",
            "                    ^",
        ),
        // Ludii's `(rectangle N)` is a square (tests/boards.rs); three
        // sizes are too many
        (
            "(board (rectangle 3 4 5))",
            "wrong number of arguments",
            "                      ^",
        ),
        (
            "(board (square 317))",
            "board too large: 100489 sites (at most 100000)",
            "       ^^^^^^^^^^^^",
        ),
        (
            "(board (hex 9999999999))",
            "board too large: the board size is 9999999999",
            "            ^^^^^^^^^^",
        ),
        (
            "(board (concentric Square rings:0) use:Vertex)",
            "the number of rings must be at least 1",
            "                                ^",
        ),
        (
            "(board (concentric Square rings:3))",
            "a concentric board played on cells is not supported",
            "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
        (
            "(board (concentric Square rings:3) use:Cell)",
            "a concentric board played on cells is not supported",
            "                                   ^^^^^^^^",
        ),
        (
            "(board (concentric Triangle rings:3) use:Vertex)",
            "concentric board `Triangle` is not supported",
            "                   ^^^^^^^^",
        ),
        (
            "(board (hex 4) use:Edge)",
            "`use:Edge` is not supported",
            "                   ^^^^",
        ),
        (
            "(board (hex 4) use:Vertex)",
            "`use:Vertex` is not supported on `(hex ...)`",
            "               ^^^^^^^^^^",
        ),
        (
            "(board (square 8 diagonals:Alternating))",
            "`diagonals:` on a board played on cells is not supported",
            "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
        ("(board 8)", "found the integer 8", "       ^"),
        ("(board)", "has no shape", "^^^^^^^"),
        (
            "(boards (square 8))",
            "found `(boards ...)`",
            "^^^^^^^^^^^^^^^^^^^",
        ),
    ];
    for (text, message, caret) in cases {
        let e = error(text);
        assert!(e.contains(message), "{text}:\n{e}");
        assert!(e.contains("= expected "), "{text}:\n{e}");
        let caret_line = e.lines().nth(3).unwrap_or("");
        assert_eq!(&caret_line[4..], *caret, "{text}:\n{e}");
    }
    assert_eq!(MAX_SITES, 100_000);
    // the largest boards that fit are built
    assert_eq!(board("(board (square 316))").len(), 316 * 316);
}

#[test]
fn unknown_shape_says_what_was_expected() {
    let e = error("(board (pentagon 4))");
    assert!(
        e.contains("= expected `(square N)`, `(rectangle R C)` (with `diagonals:`), `(hex N)`, `(hex Limping N)`, `(hex Diamond N)`, `(concentric Square rings:R)`, `(morris R)`, `(graph vertices:{...} edges:{...})` or `(circle {N ...})`"),
        "{e}"
    );
}

#[test]
fn finds_the_board_in_a_game() {
    let game = parse(
        r#"(game "X" (players 2) (equipment { (board (hex 4)) (piece "Disc" Each) }) (rules (play (move Pass))))"#,
    );
    let form = find_board_form(&game).expect("board form");
    assert_eq!(form.head_word(), Some("board"));
    assert_eq!(Board::from_node(form).unwrap().len(), 37);

    let bare = parse(r#"(game "X" (equipment (board (square 3))))"#);
    assert_eq!(
        Board::from_node(find_board_form(&bare).unwrap())
            .unwrap()
            .len(),
        9
    );
    assert!(find_board_form(&parse(r#"(game "X" (players 2))"#)).is_none());
    assert!(find_board_form(&parse(r#"(game "X" (equipment { (piece "Disc" Each) }))"#)).is_none());
}

// ---------------------------------------------------------------------------
// Drawing with occupants, and JSON.

#[test]
fn draws_occupants() {
    let b = Board::limping_hex(2);
    let text = draw(&b, &|s| (s == 5).then(|| "X".to_string()));
    assert_eq!(
        text,
        "        10:C4   11:D4
    7:B3    8:C3    9:D3
3:A2    4:B2    X       6:D2
    0:A1    1:B1    2:C1
"
    );
    let m = Board::concentric(2, false);
    let pieces = draw(&m, &|s| {
        Some(if s % 2 == 0 { "o" } else { "." }.to_string())
    });
    insta::assert_snapshot!("concentric2_pieces", pieces);
}

#[test]
fn json() {
    let b = Board::limping_hex(2);
    let v = to_json(&b);
    let sites = v["sites"].as_array().unwrap();
    assert_eq!(sites.len(), 12);
    for (i, s) in sites.iter().enumerate() {
        assert_eq!(s["index"], i);
    }
    let s4 = &sites[4]; // B2
    assert_eq!(s4["label"], "B2");
    assert_eq!(s4["adjacent"], serde_json::json!([8, 5, 1, 0, 3, 7]));
    assert_eq!(s4["orthogonal"], s4["adjacent"]);
    assert_eq!(
        s4["directions"],
        serde_json::json!({"NNE": 8, "E": 5, "SSE": 1, "SSW": 0, "W": 3, "NNW": 7})
    );
    let text = to_json_text(&b);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v);
    insta::assert_snapshot!("limping_hex2_json", text);
    let m = to_json(&Board::concentric(3, false));
    assert_eq!(m["sites"][0]["x"], -3.0);
    assert_eq!(m["sites"][0]["diagonal"], serde_json::json!([]));
    assert_eq!(
        m["sites"][1]["directions"],
        serde_json::json!({"N": 4, "E": 2, "W": 0})
    );
}

#[test]
fn one_site_boards() {
    for b in [
        Board::square(1),
        Board::hex(1),
        Board::grid(1, 1, SiteType::Vertex),
    ] {
        assert_eq!(b.len(), 1);
        assert_eq!(b.centre(), 0);
        assert_eq!(b.corners(), [0]);
        assert!(b.neighbours(0, Relation::All).is_empty());
        assert_eq!(plain(&b), "0:A1\n");
    }
    let l = Board::limping_hex(1);
    assert_eq!(l.len(), 3);
    assert_eq!(degrees(&l, Relation::Adjacent), dist(&[(2, 3)]));
    let c = Board::concentric(1, true);
    assert_eq!(c.len(), 8);
    assert_eq!(c.edges().len(), 8);
}

#[test]
fn board_command_output() {
    use ludeme::cli::board::board_text;
    let text = r#"(game "X" (players 2) (equipment { (board (hex Limping 2)) }) (rules))"#;
    let mut sources = Sources::new();
    sources.add("x.lud", text);
    let game = parse(text);
    assert_eq!(board_text(&sources, &game, false).unwrap(), LIMPING2);
    let json = board_text(&sources, &game, true).unwrap();
    assert_eq!(json, to_json_text(&Board::limping_hex(2)));

    let bad = r#"(game "X" (equipment { (board (hex 0)) }))"#;
    let mut sources = Sources::new();
    sources.add("x.lud", bad);
    let e = board_text(&sources, &parse(bad), false).unwrap_err();
    assert!(
        e.starts_with("error: x.lud:1:36: the board size must be at least 1"),
        "{e}"
    );

    let none = r#"(game "X" (players 2))"#;
    let mut sources = Sources::new();
    sources.add("x.lud", none);
    let e = board_text(&sources, &parse(none), false).unwrap_err();
    assert!(
        e.contains("no `(board ...)` in the game's equipment"),
        "{e}"
    );
}
