//! More of Ludii's graph generators, as graphs for the operators of
//! `graphops.rs` (and, for `tri`, as boards of their own): `(tri …)`,
//! `(circle …)` and `(graph …)` inside an operator.
//!
//! Facts (Ludii 1.0.8's generators, checked against its board dump; the
//! code is ours):
//! - `(tri [Triangle] N)`: the points (c − r/2, r·√3/2) for r ≤ c < N
//!   (N+1 with cells), stored as Java floats, joined when 1 apart; faces
//!   found, then sorted by position.
//! - `(tri Hexagon N)`: the points of a hexagon of side N (N+1 with cells)
//!   on the same lattice, row by row, joined along the rows and to the
//!   two points above; faces found, then sorted.
//! - `(circle {…})` inside an operator: the graph of `graph::circle`
//!   (centre, then rings), without faces on vertices; with cells its
//!   faces are made as `makeFaces` does.
//! - `(graph vertices: edges:)`: the points as Java floats, in the order
//!   written, and their faces.

use super::graphops::Graph;
use super::read::{self, size};
use super::{MAX_SITES, SiteType};
use crate::diag::Diagnostic;
use crate::syntax::Node;

/// The generators this module builds.
pub const GENERATORS: &[&str] = &["tri", "circle", "graph"];

fn f32r(x: f64) -> f64 {
    x as f32 as f64
}

fn tri_xy(row: i64, col: i64) -> [f64; 2] {
    [
        col as f64 - 0.5 * row as f64,
        3f64.sqrt() / 2.0 * row as f64,
    ]
}

fn too_large(node: &Node, n: u64) -> Result<(), Diagnostic> {
    if n > MAX_SITES {
        return Err(Diagnostic::at(
            node.span,
            format!("board too large: {n} points (at most {MAX_SITES})"),
        )
        .expected("a smaller board"));
    }
    Ok(())
}

/// `(tri [Triangle|Hexagon] N)`.
fn tri(node: &Node, args: &read::Args, site_type: SiteType) -> Result<Graph, Diagnostic> {
    const FORM: &str = "`(tri N)`, `(tri Triangle N)` or `(tri Hexagon N)`";
    if let Some((name, _, n)) = args.named.first() {
        return Err(Diagnostic::at(
            n.span,
            format!("`{name}:` is not supported for `(tri ...)`"),
        )
        .expected(FORM));
    }
    let p = &args.positional;
    let (shape, rest) = match p.first().and_then(|n| n.as_word()) {
        Some(w) => (Some((w, p[0])), &p[1..]),
        None => (None, &p[..]),
    };
    if rest.len() != 1 {
        return Err(Diagnostic::at(node.span, "wrong number of arguments").expected(FORM));
    }
    let dim = i64::from(size(rest[0], "the board size")?) + i64::from(site_type == SiteType::Cell);
    let mut g = Graph::default();
    match shape {
        None | Some(("Triangle", _)) => {
            too_large(node, (dim * dim) as u64)?;
            for r in 0..dim {
                for c in r..dim {
                    let p = tri_xy(r, c);
                    g.verts.push([f32r(p[0]), f32r(p[1])]);
                }
            }
            // Ludii joins the pairs 1 apart, in index order: along the
            // row, then to the two points of the next row
            let row_start = |r: i64| (r * dim - r * (r - 1) / 2) as usize;
            let id = |r: i64, c: i64| row_start(r) + (c - r) as usize;
            for r in 0..dim {
                for c in r..dim {
                    if c + 1 < dim {
                        g.edges.push([id(r, c), id(r, c + 1)]);
                    }
                    if c > r {
                        g.edges.push([id(r, c), id(r + 1, c)]);
                    }
                    if c + 1 < dim {
                        g.edges.push([id(r, c), id(r + 1, c + 1)]);
                    }
                }
            }
        }
        Some(("Hexagon", _)) => {
            let rows = 2 * dim - 1;
            let cols = rows;
            too_large(node, (rows * cols) as u64)?;
            for row in 0..rows {
                for col in 0..cols {
                    if col <= cols / 2 + row && row - col <= cols / 2 {
                        g.verts.push(tri_xy(row, col));
                    }
                }
            }
            let mut vid = 0usize;
            for n in 0..=rows / 2 {
                for _ in 0..cols / 2 + n {
                    g.edges.push([vid, vid + 1]);
                    vid += 1;
                }
                vid += 1;
            }
            for n in 0..rows / 2 {
                for _ in 0..cols - 2 - n {
                    g.edges.push([vid, vid + 1]);
                    vid += 1;
                }
                vid += 1;
            }
            vid = 0;
            for n in 0..rows / 2 {
                let off = (rows / 2 + 1 + n) as usize;
                for _ in 0..cols / 2 + 1 + n {
                    g.edges.push([vid, vid + off]);
                    g.edges.push([vid, vid + off + 1]);
                    vid += 1;
                }
            }
            vid += cols as usize;
            for n in 0..rows / 2 {
                let off = (rows - n) as usize;
                for _ in 0..cols - 1 - n {
                    g.edges.push([vid, vid - off]);
                    g.edges.push([vid, vid - off + 1]);
                    vid += 1;
                }
            }
        }
        Some((w, n)) => {
            return Err(
                Diagnostic::at(n.span, format!("`(tri {w} ...)` is not supported yet"))
                    .expected(FORM),
            );
        }
    }
    g.make_faces(false);
    g.reorder();
    Ok(g)
}

/// Builds the generator `head` (one of `GENERATORS`).
pub fn graph(node: &Node, head: &str, site_type: SiteType) -> Result<Graph, Diagnostic> {
    let args = read::split(node.form_args().unwrap_or(&[]));
    match head {
        "tri" => tri(node, &args, site_type),
        "circle" => {
            if let Some((name, _, n)) = args.named.first() {
                return Err(Diagnostic::at(
                    n.span,
                    format!("`{name}:` is not supported for `(circle ...)`"),
                )
                .expected("`(circle {N ...})`"));
            }
            let rings = read::circle_rings(node, &args)?;
            let c = super::graph::circle(&rings);
            let mut g = Graph {
                verts: c.pts.iter().map(|&(x, y)| [x, y]).collect(),
                edges: c.edges.iter().map(|&(a, b)| [a, b]).collect(),
                faces: Vec::new(),
            };
            if site_type == SiteType::Cell {
                g.make_faces(true);
            }
            Ok(g)
        }
        _ => {
            let c = read::read_graph(node, &args)?;
            let mut g = Graph {
                verts: c.pts.iter().map(|&(x, y)| [f32r(x), f32r(y)]).collect(),
                edges: c.edges.iter().map(|&(a, b)| [a, b]).collect(),
                faces: Vec::new(),
            };
            g.make_faces(false);
            Ok(g)
        }
    }
}

/// Whether a line under `rel` can bend into another relation on `board`:
/// a site steps in a direction `d` by another relation while `d` continues
/// a line of `rel` through it, or while the opposite of `d` is one of its
/// `rel` directions. Our lines follow the nearest step in a direction
/// whatever its relation; Ludii's radials keep to the relation there, so
/// `(is Line …)` on such a board is refused.
pub fn lines_bend(board: &super::Board, rel: super::Relation) -> bool {
    use super::Dir;
    if !matches!(
        board.shape,
        super::Shape::Operators | super::Shape::Graph { .. } | super::Shape::Circle { .. }
    ) {
        return false;
    }
    let n = board.len();
    // on_line[t * 16 + d]: a line of `rel` in direction d reaches t
    let mut on_line = vec![false; n * 16];
    for s in 0..n as u32 {
        for &d in board.dirs(s, rel) {
            for &t in board.radial(s, d) {
                on_line[t as usize * 16 + d as usize] = true;
            }
        }
    }
    (0..n as u32).any(|s| {
        let own = board.dirs(s, rel);
        Dir::ALL.iter().any(|&d| {
            let opposite = Dir::ALL[(d as usize + 8) % 16];
            board.step(s, d).is_some()
                && !own.contains(&d)
                && (own.contains(&opposite) || on_line[s as usize * 16 + d as usize])
        })
    })
}
