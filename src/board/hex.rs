//! `(hex N)`: a hexagon of pointy-top hexagonal cells in horizontal rows.
//!
//! Axial coordinates (row r, column c), both from 0: cell (r, c) exists when
//! `0 <= c <= 2N-2` and `r-(N-1) <= c <= r+(N-1)`. Its centre is Ludii's
//! `x = √3·(c - r/2)`, `y = 1.5·r` (cells of side 1), so the six sides face
//! E, W, NNE, NNW, SSE, SSW and the six diagonal cells lie N, ENE, ESE, S,
//! WSW, WNW. Label: letter `A + c`, number `r + 1`.

use super::builder::{ADJ, DIAG, ORTH, Proto};

/// `3N(N-1) + 1`.
pub fn count(n: u64) -> u64 {
    n.saturating_mul(n.saturating_sub(1))
        .saturating_mul(3)
        .saturating_add(1)
}

/// The side neighbours, as (dr, dc): E, W, NNE, NNW, SSE, SSW.
pub const SIDES: [(i64, i64); 6] = [(0, 1), (0, -1), (1, 1), (1, 0), (-1, 0), (-1, -1)];

/// The diagonal cells, as (dr, dc): ENE, N, WNW, WSW, S, ESE.
pub const DIAGONALS: [(i64, i64); 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];

/// The centre of the pointy-top cell `(r, c)`, as Ludii places it.
pub fn pointy(r: i64, c: i64) -> (f64, f64) {
    (3f64.sqrt() * (c as f64 - r as f64 / 2.0), 1.5 * r as f64)
}

/// The centre of the flat-top cell `(r, c)` of `(hex Diamond N)`: column
/// steps go ENE, row steps WNW (Ludii's positions).
pub fn flat(r: i64, c: i64) -> (f64, f64) {
    let h = 3f64.sqrt() / 2.0;
    (1.5 * (c - r) as f64, h * (c + r) as f64)
}

/// Builds a pointy-top hex-grid board (see [`proto_with`]).
pub fn proto_from(
    rows: u32,
    cols: u32,
    exists: &dyn Fn(i64, i64) -> bool,
    corners: &[(i64, i64)],
) -> Proto {
    proto_with(rows, cols, exists, corners, &pointy)
}

/// Builds a hex-grid board from the cells `(r, c)` for which `exists`
/// holds, with `r` in `0..rows` and `c` in `0..cols`, placed by `pos`;
/// `corners` lists the corner cells. The same axial neighbours whatever
/// the placement ([`SIDES`], [`DIAGONALS`]). Shared by `(hex N)`,
/// `(hex Limping N)` and `(hex Diamond N)`.
pub fn proto_with(
    rows: u32,
    cols: u32,
    exists: &dyn Fn(i64, i64) -> bool,
    corners: &[(i64, i64)],
    pos: &dyn Fn(i64, i64) -> (f64, f64),
) -> Proto {
    let mut p = Proto::default();
    let mut id = std::collections::HashMap::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            if exists(r, c) {
                let (x, y) = pos(r, c);
                let i = p.site(x, y, c as u32, r as u32);
                id.insert((r, c), i);
            }
        }
    }
    let cells: Vec<(i64, i64)> = {
        let mut v: Vec<_> = id.keys().copied().collect();
        v.sort_unstable();
        v
    };
    for &(r, c) in &cells {
        let i = id[&(r, c)];
        let sides = SIDES
            .iter()
            .filter(|(dr, dc)| id.contains_key(&(r + dr, c + dc)))
            .count();
        p.sites[i].outer = sides < 6;
        p.sites[i].corner = corners.contains(&(r, c));
        // each undirected edge once: to the later cell only
        for (deltas, rels) in [(&SIDES, ORTH | ADJ), (&DIAGONALS, DIAG)] {
            for &(dr, dc) in deltas.iter() {
                let other = (r + dr, c + dc);
                if other > (r, c)
                    && let Some(&j) = id.get(&other)
                {
                    p.edge(i, j, rels);
                }
            }
        }
    }
    p
}

pub fn proto(n: u32) -> Proto {
    assert!(n >= 1, "a hex board has size at least 1");
    let m = n as i64 - 1;
    let exists = move |r: i64, c: i64| (0..=2 * m).contains(&c) && r - m <= c && c <= r + m;
    let corners = [
        (0, 0),
        (0, m),
        (m, 0),
        (m, 2 * m),
        (2 * m, m),
        (2 * m, 2 * m),
    ];
    proto_from(2 * n - 1, 2 * n - 1, &exists, &corners)
}

/// `N²`.
pub fn diamond_count(n: u64) -> u64 {
    n.saturating_mul(n)
}

/// `(hex Diamond N)`: cells (r, c) with both in `0..N`, flat-top, the
/// (0, 0) cell at the bottom point.
pub fn diamond(n: u32) -> Proto {
    assert!(n >= 1, "a hex board has size at least 1");
    let m = n as i64 - 1;
    let exists = move |r: i64, c: i64| (0..=m).contains(&r) && (0..=m).contains(&c);
    let corners = [(0, 0), (0, m), (m, 0), (m, m)];
    proto_with(n, n, &exists, &corners, &flat)
}

/// `N(N+1)/2`.
pub fn triangle_count(n: u64) -> u64 {
    n.saturating_mul(n.saturating_add(1)) / 2
}

/// `(hex Triangle N)`: the pointy-top cells (r, c) with `r <= c < N`
/// (Ludii's `TriangleOnHex`: the bottom row of N cells, each row above
/// one shorter, shifted half a cell right).
pub fn triangle(n: u32) -> Proto {
    assert!(n >= 1, "a hex board has size at least 1");
    let m = n as i64 - 1;
    let exists = move |r: i64, c: i64| 0 <= r && r <= c && c <= m;
    proto_from(n, n, &exists, &[(0, 0), (0, m), (m, m)])
}
