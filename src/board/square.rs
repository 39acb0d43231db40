//! `(square N)` and `(rectangle R C)`: a grid of square cells, or with
//! `use:Vertex` a grid of points (N×N points for `(square N)`, as docs/boards.md
//! states).
//!
//! Cells: Orthogonal = the 4 side neighbours, Diagonal = the 4 corner
//! neighbours, Adjacent = all 8. Vertices: Orthogonal = Adjacent = the 4
//! grid-line neighbours; the 4 points across a cell are Diagonal only.

//!
//! `diagonals:` (on points only, as Ludii's boards that use it): with
//! `Alternating` each cell gets one diagonal line, from its bottom-left
//! corner when its row plus column is even, else from its top-left;
//! `Concentric` the same lines in rings about the middle; `Solid` a new
//! point in each cell's middle joined to its four corners (then columns and
//! rows count in half units, as Ludii's labels do). Every line is an
//! Orthogonal and Adjacent step, and such a board has no Diagonal
//! relation (Ludii's, checked with its `info` probe).

use super::SiteType;
use super::builder::{ADJ, DIAG, ORTH, Proto};

/// Ludii's `diagonals:` of a square or rectangle board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagonals {
    None,
    Alternating,
    Concentric,
    Solid,
}

impl Diagonals {
    pub fn from_name(s: &str) -> Option<Diagonals> {
        Some(match s {
            "Alternating" => Diagonals::Alternating,
            "Concentric" => Diagonals::Concentric,
            "Solid" => Diagonals::Solid,
            _ => return None,
        })
    }
}

/// Sites of a `rows × cols` grid of points with these diagonals.
pub fn count_with(rows: u64, cols: u64, diagonals: Diagonals) -> u64 {
    let extra = match diagonals {
        Diagonals::Solid => rows
            .saturating_sub(1)
            .saturating_mul(cols.saturating_sub(1)),
        _ => 0,
    };
    count(rows, cols).saturating_add(extra)
}

/// A grid of `rows × cols` points with Ludii's `diagonals:` lines.
pub fn proto_diagonals(rows: u32, cols: u32, diagonals: Diagonals) -> Proto {
    if diagonals == Diagonals::None {
        return proto(rows, cols, SiteType::Vertex);
    }
    let mut p = Proto::default();
    let half = if diagonals == Diagonals::Solid { 2 } else { 1 };
    let id = |r: u32, c: u32| (r * cols + c) as usize;
    for r in 0..rows {
        for c in 0..cols {
            let i = p.site(c as f64, r as f64, c * half, r * half);
            let s = &mut p.sites[i];
            s.outer = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            s.corner = (r == 0 || r == rows - 1) && (c == 0 || c == cols - 1);
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                p.edge(id(r, c), id(r, c + 1), ORTH | ADJ);
            }
            if r + 1 < rows {
                p.edge(id(r, c), id(r + 1, c), ORTH | ADJ);
            }
        }
    }
    let (mid_r, mid_c) = (rows / 2, cols / 2);
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let rising = match diagonals {
                Diagonals::Alternating => (r + c) % 2 == 0,
                Diagonals::Concentric => (r < mid_r) != (c < mid_c),
                _ => {
                    let x = p.site(c as f64 + 0.5, r as f64 + 0.5, 2 * c + 1, 2 * r + 1);
                    for (rr, cc) in [(r, c), (r + 1, c), (r + 1, c + 1), (r, c + 1)] {
                        p.edge(id(rr, cc), x, ORTH | ADJ);
                    }
                    continue;
                }
            };
            if rising {
                p.edge(id(r, c), id(r + 1, c + 1), ORTH | ADJ);
            } else {
                p.edge(id(r + 1, c), id(r, c + 1), ORTH | ADJ);
            }
        }
    }
    p
}

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
    // Ludii places a cell at its centre, a point on the grid
    let off = if site_type == SiteType::Cell {
        0.5
    } else {
        0.0
    };
    for r in 0..rows {
        for c in 0..cols {
            let i = p.site(c as f64 + off, r as f64 + off, c, r);
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
