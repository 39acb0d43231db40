//! `(morris R joinCorners:B)` (Ludii's morris basis, a board played on its
//! vertices): R nested squares, ring 0 the outermost, on the grid
//! 0..=2R (ring k spans k..=2R-k). Each ring has 8 points, its 4 corners
//! and its 4 side midpoints, joined in a closed loop; each side midpoint
//! joins the same midpoint of the next ring out; with `joinCorners:True`
//! each corner also joins the same corner of the next ring out. Every line
//! is Orthogonal and Adjacent, there is no Diagonal step. Sites are
//! numbered bottom row first, left to right (checked against Ludii 1.0.8:
//! `tests/ludii_morris.rs`); labels come from the (2R+1)×(2R+1) grid.

use super::builder::{self, ADJ, ORTH, Proto};
use super::{Board, Shape, SiteType, read};
use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};

/// `8R`.
pub fn count(rings: u64) -> u64 {
    rings.saturating_mul(8)
}

/// The 8 points of a ring on the unit square `[-1, 1]²`: its 4 corners
/// (bottom-left, top-left, top-right, bottom-right), then the midpoints of
/// its 4 sides (left, top, right, bottom); corner `n` and corner `n + 1`
/// are joined through midpoint `n + 4`.
const RING: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, 0),
    (0, 1),
    (1, 0),
    (0, -1),
];

pub fn proto(rings: u32, join_corners: bool) -> Proto {
    assert!(rings >= 1, "a morris board has at least one ring");
    let r = rings as i64;
    let mut p = Proto::default();
    let id = |k: usize, j: usize| k * 8 + j;
    for k in 0..rings as usize {
        // half-width of ring k around the centre (r, r)
        let h = r - k as i64;
        for (j, &(dx, dy)) in RING.iter().enumerate() {
            let (x, y) = (r + dx * h, r + dy * h);
            let i = p.site(x as f64, y as f64, x as u32, y as u32);
            p.sites[i].outer = k == 0;
            p.sites[i].corner = k == 0 && j < 4;
        }
    }
    for k in 0..rings as usize {
        for n in 0..4 {
            p.edge(id(k, n), id(k, n + 4), ORTH | ADJ);
            p.edge(id(k, n + 4), id(k, (n + 1) % 4), ORTH | ADJ);
            if k > 0 {
                p.edge(id(k, n + 4), id(k - 1, n + 4), ORTH | ADJ);
                if join_corners {
                    p.edge(id(k, n), id(k - 1, n), ORTH | ADJ);
                }
            }
        }
    }
    p
}

/// The `(morris R joinCorners:B)` form of `(board … use:Vertex)`: the
/// positional and named arguments of the shape, the board's `use:`.
pub(super) fn read(
    graph: &Node,
    positional: &[&Node],
    named: &[(&str, &Node, &Node)],
    site_type: SiteType,
    use_node: Option<&Node>,
) -> Result<Board, Diagnostic> {
    const FORM: &str = "`(morris RINGS)` or `(morris RINGS joinCorners:True)`";
    let rings = match positional {
        [r] => read::size(r, "the number of rings")?,
        [] => {
            return Err(
                Diagnostic::at(graph.span, "`(morris ...)` needs its number of rings")
                    .expected(FORM),
            );
        }
        [_, extra, ..] => {
            return Err(Diagnostic::at(
                extra.span,
                format!("unexpected {} in `(morris ...)`", extra.describe()),
            )
            .expected(FORM));
        }
    };
    let mut join = false;
    for &(name, value, node) in named {
        match (name, &value.kind) {
            ("joinCorners", Kind::Bool(b)) => join = *b,
            ("joinCorners", _) => {
                return Err(Diagnostic::at(
                    value.span,
                    format!("bad `joinCorners:` value {}", value.describe()),
                )
                .expected("`True` or `False`"));
            }
            _ => {
                return Err(Diagnostic::at(
                    node.span,
                    format!("`{name}:` is not supported for `(morris ...)`"),
                )
                .expected("`joinCorners:`"));
            }
        }
    }
    if site_type != SiteType::Vertex {
        return Err(Diagnostic::at(
            use_node.map_or(graph.span, |n| n.span),
            "a morris board played on cells is not supported",
        )
        .expected("`use:Vertex` after the shape: `(board (morris R) use:Vertex)`"));
    }
    read::check_count(graph, count(rings as u64))?;
    Ok(builder::build(
        Shape::Morris {
            rings,
            join_corners: join,
        },
        site_type,
        proto(rings, join),
    ))
}
