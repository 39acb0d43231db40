//! Ludii's `(mancalaBoard ROWS COLUMNS [store:Outer|None] [numStores:2]
//! [TRACK | {TRACK ...}])`: 2 to 4 rows of holes, played on vertices.
//!
//! The sites are Ludii's, in its order (not sorted by position): with
//! stores, the left store first, then each row from the bottom, left to
//! right, then the right store. Holes sit on a unit grid (row r at y = r);
//! the stores at (-0.85, 0.5) and (C - 0.15, 0.5) with two rows,
//! (-1, 1) and (C, 1) with three, (-0.9, 1.5) and (C - 0.1, 1.5) with
//! four. Two sites are joined when they are nearer than 1.1 (Ludii joins
//! the parts of the board closer than 1.1 times the mean edge, which is 1):
//! neighbours in a row or a column, and each store to the holes beside it.

use super::builder::{ADJ, ORTH, Proto};
use super::track;
use super::{Board, Shape, SiteType, builder};
use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};

/// The most columns a mancala board may have here.
const MAX_COLUMNS: i64 = 1000;

/// The sites of a mancala board: rows × columns holes, plus two stores.
pub fn proto(rows: u32, cols: u32, stores: bool) -> Proto {
    // Ludii keeps a mancala board's own order (stores, then rows)
    let mut p = Proto {
        keep_order: true,
        ..Proto::default()
    };
    let c = cols as f64;
    let (left, right) = match rows {
        2 => ((-0.85, 0.5), (c - 0.15, 0.5)),
        3 => ((-1.0, 1.0), (c, 1.0)),
        _ => ((-0.9, 1.5), (c - 0.1, 1.5)),
    };
    if stores {
        p.site(left.0, left.1, 0, 0);
    }
    let shift = stores as u32;
    for r in 0..rows {
        for k in 0..cols {
            p.site(k as f64, r as f64, k + shift, r);
        }
    }
    if stores {
        let i = p.site(right.0, right.1, cols + 1, 0);
        p.sites[i].outer = true;
        p.sites[0].outer = true;
    }
    let n = p.sites.len();
    for a in 0..n {
        for b in a + 1..n {
            let (sa, sb) = (&p.sites[a], &p.sites[b]);
            if (sa.x - sb.x).hypot(sa.y - sb.y) < 1.1 {
                p.edge(a, b, ORTH | ADJ);
            }
        }
    }
    p
}

fn bad_size(node: &Node, what: &str, lo: i64, hi: i64) -> Diagnostic {
    Diagnostic::at(
        node.span,
        format!(
            "{what} must be a whole number from {lo} to {hi}, found {}",
            node.describe()
        ),
    )
    .expected(format!("a number from {lo} to {hi}"))
}

/// Reads `(mancalaBoard ...)` (an item of the equipment) with its tracks.
pub fn from_node(form: &Node, players: u8) -> Result<Board, Diagnostic> {
    let args = form.form_args().unwrap_or(&[]);
    let mut sizes = Vec::new();
    let mut stores = true;
    let mut tracks: Vec<&Node> = Vec::new();
    for a in args {
        match &a.kind {
            Kind::Named { name, value } => match name.as_str() {
                "store" => {
                    stores = match value.as_word() {
                        Some("Outer") => true,
                        Some("None") => false,
                        Some("Inner") => {
                            return Err(Diagnostic::at(
                                value.span,
                                "Ludii's `(mancalaBoard ... store:Inner)` is not supported yet",
                            )
                            .expected("`store:Outer` or `store:None`"));
                        }
                        _ => {
                            return Err(Diagnostic::at(
                                value.span,
                                format!("bad `store:` value {}", value.describe()),
                            )
                            .expected("`Outer` or `None`"));
                        }
                    }
                }
                "numStores" => {
                    if value.as_int() != Some(2) {
                        return Err(Diagnostic::at(
                            value.span,
                            "Ludii's `(mancalaBoard ... numStores:N)` other than 2 is not supported yet",
                        )
                        .expected("`numStores:2` (the default)"));
                    }
                }
                "use" if value.as_word() == Some("Vertex") => {}
                _ => {
                    return Err(Diagnostic::at(
                        a.span,
                        format!("unknown argument `{name}:` of `(mancalaBoard ...)`"),
                    )
                    .expected("`store:` or `numStores:`"));
                }
            },
            Kind::Int(_) => sizes.push(a),
            Kind::Array(items) => tracks.extend(items.iter()),
            _ if a.head_word() == Some("track") => tracks.push(a),
            _ => {
                return Err(Diagnostic::at(
                    a.span,
                    format!("unexpected {} in `(mancalaBoard ...)`", a.describe()),
                )
                .expected("`(mancalaBoard ROWS COLUMNS [store:...] [(track ...)])`"));
            }
        }
    }
    let [r, c] = sizes.as_slice() else {
        return Err(Diagnostic::at(
            form.span,
            format!("`(mancalaBoard ...)` needs 2 sizes, found {}", sizes.len()),
        )
        .expected("`(mancalaBoard ROWS COLUMNS ...)`"));
    };
    let rows = r
        .as_int()
        .filter(|i| (2..=4).contains(i))
        .ok_or_else(|| bad_size(r, "the number of rows", 2, 4))? as u32;
    let cols = c
        .as_int()
        .filter(|i| (2..=MAX_COLUMNS).contains(i))
        .ok_or_else(|| bad_size(c, "the number of columns", 2, MAX_COLUMNS))? as u32;
    let mut board = builder::build(
        Shape::Mancala { rows, cols, stores },
        SiteType::Vertex,
        proto(rows, cols, stores),
    );
    for t in tracks {
        let t = track::read(&board, t, players)?;
        board.tracks.push(t);
    }
    Ok(board)
}
