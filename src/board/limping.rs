//! `(hex Limping N)`: a hexagon of hexagonal cells with sides alternately N
//! and N+1 long; 3N² cells in 2N rows. Row R (from 0) holds the columns
//! `max(0, R−N+1) ..= min(2N−1, R+N)`. Same geometry, directions and labels
//! as `(hex N)`.

use super::builder::Proto;
use super::hex;

/// `3N²`.
pub fn count(n: u64) -> u64 {
    n.saturating_mul(n).saturating_mul(3)
}

pub fn proto(n: u32) -> Proto {
    assert!(n >= 1, "a limping hex board has size at least 1");
    let n = n as i64;
    let exists = move |r: i64, c: i64| {
        (0..2 * n).contains(&r) && (r - n + 1).max(0) <= c && c <= (2 * n - 1).min(r + n)
    };
    let top = 2 * n - 1;
    let corners = [
        (0, 0),
        (0, n),
        (n - 1, 0),
        (n - 1, 2 * n - 1),
        (top, n),
        (top, 2 * n - 1),
    ];
    // Ludii's placement: the top row at y = 0, everything √3/2 to the left
    let (dx, dy) = (-(3f64.sqrt()) / 2.0, -1.5 * top as f64);
    let pos = move |r: i64, c: i64| {
        let (x, y) = hex::pointy(r, c);
        (x + dx, y + dy)
    };
    hex::proto_with(2 * n as u32, 2 * n as u32, &exists, &corners, &pos)
}
