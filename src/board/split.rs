//! Ludii's `(splitCrossings GRAPH)` operator and its `(shape [Star] N)`
//! generator (the pentagram of Kaooa, the hexagram of Game of Solomon).
//!
//! Facts from Ludii 1.0.8 (its `Shape`, `SplitCrossings`, `Graph` and
//! `MathRoutines`), the code is ours:
//! - `(shape N)`: N vertices on a circle of radius N/2π, the first at 90°
//!   (45° for N = 4), counter-clockwise; edges join each vertex to the
//!   next, or with `Star` to the vertex (N-1)/2 further on. Faces are made
//!   only for `use:Cell`; then the graph is reordered.
//! - `splitCrossings`: repeatedly, the first pair of edges (in edge order)
//!   crossing strictly inside both (parameters in (0.01, 0.99)) gets a new
//!   vertex at the crossing; both edges are removed (the later first) and
//!   the four halves appended (skipping an edge already there). Then each
//!   edge with a vertex lying on it (within 0.001, not at its ends) is
//!   split at that vertex. Faces are made again (stopping at crossings).

use super::SiteType;
use super::graphops::Graph;
use super::read::{self, size};
use crate::diag::Diagnostic;
use crate::syntax::Node;

/// `(shape [Star] N)`.
pub fn shape(node: &Node, site_type: SiteType) -> Result<Graph, Diagnostic> {
    let args = read::split(node.form_args().unwrap_or(&[]));
    let expected = "`(shape [Star] SIDES)`";
    if let Some((name, _, n)) = args.named.first() {
        return Err(Diagnostic::at(
            n.span,
            format!("`{name}:` is not supported for `(shape ...)`"),
        )
        .expected(expected));
    }
    let (star, n) = match args.positional.as_slice() {
        [n] => (false, *n),
        [s, n] if s.as_word() == Some("Star") => (true, *n),
        [s, _] => {
            return Err(
                Diagnostic::at(s.span, format!("bad shape {}", s.describe())).expected("`Star`"),
            );
        }
        _ => {
            return Err(Diagnostic::at(node.span, "wrong number of arguments").expected(expected));
        }
    };
    let sides = size(n, "the number of sides")? as usize;
    if !(3..=1000).contains(&sides) {
        return Err(
            Diagnostic::at(n.span, format!("{sides} sides is not supported"))
                .expected("3 to 1000 sides"),
        );
    }
    let mut g = Graph::default();
    let r = sides as f64 / std::f64::consts::TAU;
    let offset = if sides == 4 {
        std::f64::consts::FRAC_PI_4
    } else {
        std::f64::consts::FRAC_PI_2
    };
    for k in 0..sides {
        let theta = offset + k as f64 / sides as f64 * 2.0 * std::f64::consts::PI;
        g.verts.push([r * theta.cos(), r * theta.sin()]);
    }
    let step = if star { (sides - 1) / 2 } else { 1 };
    for k in 0..sides {
        g.edges.push([k, (k + step) % sides]);
    }
    if site_type == SiteType::Cell {
        g.make_faces(true);
    }
    g.reorder();
    Ok(g)
}

/// Ludii's `crossingPoint` of two segments, strictly inside both.
fn crossing(a0: [f64; 2], a1: [f64; 2], b0: [f64; 2], b1: [f64; 2]) -> Option<[f64; 2]> {
    let (xlk, ylk) = (a1[0] - a0[0], a1[1] - a0[1]);
    let (xnm, ynm) = (b1[0] - b0[0], b1[1] - b0[1]);
    let (xmk, ymk) = (b0[0] - a0[0], b0[1] - a0[1]);
    let det = xnm * ylk - ynm * xlk;
    if det.abs() < 1e-7 {
        return None;
    }
    let inv = 1.0 / det;
    let s = (xnm * ymk - ynm * xmk) * inv;
    let t = (xlk * ymk - ylk * xmk) * inv;
    (s > 0.01 && s < 0.99 && t > 0.01 && t < 0.99)
        .then(|| [a0[0] + s * (a1[0] - a0[0]), a0[1] + s * (a1[1] - a0[1])])
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Ludii's `distanceToLineSegment`.
fn dist_to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return dist(p, a);
    }
    let t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
    if t < 0.0 {
        dist(p, a)
    } else if t > 1.0 {
        dist(p, b)
    } else {
        dist(p, [a[0] + t * dx, a[1] + t * dy])
    }
}

/// Ludii's `touchingPoint`: `p` lies on the segment, not at its ends.
fn touching(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> bool {
    !(dist(p, a) < 0.001 || dist(p, b) < 0.001 || dist_to_segment(p, a, b) > 0.001)
}

/// Ludii's `removeEdge` (the faces go too; they are made again at the end).
fn remove_edge(g: &mut Graph, e: usize) {
    if e < g.edges.len() {
        g.edges.remove(e);
    }
}

fn find_or_add_edge(g: &mut Graph, a: usize, b: usize) {
    let found = g
        .edges
        .iter()
        .any(|e| (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a));
    if !found && a < g.verts.len() && b < g.verts.len() {
        g.edges.push([a, b]);
    }
}

/// `(splitCrossings GRAPH)` applied to `g`.
pub fn split_crossings(g: &mut Graph, max_verts: usize) {
    'outer: loop {
        for ea in 0..g.edges.len() {
            let [aa, ab] = g.edges[ea];
            for eb in ea + 1..g.edges.len() {
                let [ba, bb] = g.edges[eb];
                let (pa, pb, qa, qb) = (g.verts[aa], g.verts[ab], g.verts[ba], g.verts[bb]);
                if let Some(x) = crossing(pa, pb, qa, qb) {
                    if g.verts.len() >= max_verts {
                        break 'outer;
                    }
                    g.verts.push(x);
                    let v = g.verts.len() - 1;
                    remove_edge(g, eb);
                    remove_edge(g, ea);
                    find_or_add_edge(g, aa, v);
                    find_or_add_edge(g, v, ab);
                    find_or_add_edge(g, ba, v);
                    find_or_add_edge(g, v, bb);
                    continue 'outer;
                }
            }
        }
        break;
    }
    // touching points: as Ludii, the loop over vertices goes on after a
    // split with the same (removed) edge's ends and index
    let mut rounds = 0usize;
    'touch: loop {
        rounds += 1;
        if rounds > 100_000 {
            break;
        }
        for ea in 0..g.edges.len() {
            let [aa, ab] = g.edges[ea];
            let (pa, pb) = (g.verts[aa], g.verts[ab]);
            let mut split = false;
            for v in 0..g.verts.len() {
                if v == aa || v == ab || !touching(g.verts[v], pa, pb) {
                    continue;
                }
                remove_edge(g, ea);
                find_or_add_edge(g, aa, v);
                find_or_add_edge(g, v, ab);
                split = true;
            }
            if split {
                continue 'touch;
            }
        }
        break;
    }
    g.make_faces(true);
}
