//! `(concentric Square rings:R joinCorners:B)` with `use:Vertex`: the
//! morris board. 8 points per ring (4 corners, 4 side midpoints); ring k
//! (0 innermost) has half-width k+1 on a unit grid. Each ring is a closed
//! loop of 8 edges; each side midpoint joins the same midpoint of the next
//! ring out; with `joinCorners:True` each corner also joins the same corner
//! of the next ring. Every edge is Orthogonal and Adjacent; there are no
//! Diagonal steps. Labels come from the (2R+1)×(2R+1) grid.

use super::builder::{ADJ, ORTH, Proto};

/// `8R`.
pub fn count(rings: u64) -> u64 {
    rings.saturating_mul(8)
}

/// The 8 points of a ring of half-width 1, counter-clockwise from the
/// bottom-left corner; even positions are corners.
const RING: [(i64, i64); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

pub fn proto(rings: u32, join_corners: bool) -> Proto {
    assert!(rings >= 1, "a concentric board has at least one ring");
    let r = rings as i64;
    let mut p = Proto::default();
    let id = |k: usize, j: usize| k * 8 + j;
    for k in 0..rings as usize {
        let h = k as i64 + 1;
        for (j, &(dx, dy)) in RING.iter().enumerate() {
            let (x, y) = (dx * h, dy * h);
            let i = p.site(x as f64, y as f64, (x + r) as u32, (y + r) as u32);
            let outer = k + 1 == rings as usize;
            p.sites[i].outer = outer;
            p.sites[i].corner = outer && j % 2 == 0;
        }
    }
    for k in 0..rings as usize {
        for j in 0..8 {
            p.edge(id(k, j), id(k, (j + 1) % 8), ORTH | ADJ);
            if k + 1 < rings as usize && (j % 2 == 1 || join_corners) {
                p.edge(id(k, j), id(k + 1, j), ORTH | ADJ);
            }
        }
    }
    p
}
