//! `(square N)` and `(rectangle R C)`: a grid of square cells, or with
//! `use:Vertex` a grid of points (N×N points for `(square N)`, as docs/boards.md
//! states).
//!
//! Cells: Orthogonal = the 4 side neighbours, Diagonal = the 4 corner
//! neighbours, Adjacent = all 8. Vertices: Orthogonal = Adjacent = the 4
//! grid-line neighbours; the 4 points across a cell are Diagonal only.

use super::SiteType;
use super::builder::{ADJ, DIAG, ORTH, Proto};

/// Number of sites `rows × cols` (cells or points alike).
pub fn count(rows: u64, cols: u64) -> u64 {
    rows.saturating_mul(cols)
}

pub fn proto(rows: u32, cols: u32, site_type: SiteType) -> Proto {
    assert!(
        rows >= 1 && cols >= 1,
        "a grid needs at least one row and column"
    );
    let mut p = Proto::default();
    let id = |r: u32, c: u32| (r * cols + c) as usize;
    for r in 0..rows {
        for c in 0..cols {
            let i = p.site(c as f64, r as f64, c, r);
            let s = &mut p.sites[i];
            s.outer = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            s.corner = (r == 0 || r == rows - 1) && (c == 0 || c == cols - 1);
        }
    }
    let diag = match site_type {
        SiteType::Cell => DIAG | ADJ,
        SiteType::Vertex => DIAG,
    };
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                p.edge(id(r, c), id(r, c + 1), ORTH | ADJ);
            }
            if r + 1 < rows {
                p.edge(id(r, c), id(r + 1, c), ORTH | ADJ);
                if c + 1 < cols {
                    p.edge(id(r, c), id(r + 1, c + 1), diag);
                }
                if c >= 1 {
                    p.edge(id(r, c), id(r + 1, c - 1), diag);
                }
            }
        }
    }
    p
}
