//! `(sites Side DIR)`: Ludii's sides of a board, measured on the graph of
//! its vertices (facts of Ludii 1.0.8's `MeasureGraph`, checked against
//! its topology on the boards of tests/boards.rs; the code is ours).
//!
//! - The outline of each part of the vertex graph is cut at its corners
//!   (`Graph::corners`); each run from a corner to the next corner is one
//!   side. Its direction is that of the point (sum of the run's points,
//!   both corners included, divided by the number of steps) seen from the
//!   mean of all the graph's vertices, in 16 sectors of 22.5° centred on E,
//!   ENE, …: E, N, W, S exactly, the sectors between them NE, NW, SW, SE.
//!   Every vertex of the run (both corners too) is on that side.
//! - A cell is on a side when one of its corners is.
//! - A board played on cells is measured on its cells' corners: each cell
//!   a regular polygon (hexagons or squares), its corners found from the
//!   direction and distance of an Orthogonal neighbour.

use super::graph::Graph;
use super::{Board, Relation, Site, SiteType};

/// The eight sides, in this order.
pub const SIDE_NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The side index of a compass word, if it names one of the eight.
pub fn side_index(word: &str) -> Option<usize> {
    SIDE_NAMES.iter().position(|&w| w == word)
}

/// Ludii's sector of the direction from `a` to `b` (of `n` sectors, 0 = E,
/// anticlockwise).
fn sector(a: (f64, f64), b: (f64, f64), n: usize) -> usize {
    let tau = std::f64::consts::TAU;
    let arc = tau / n as f64;
    let mut angle = (b.1 - a.1).atan2(b.0 - a.0);
    while angle < 0.0 {
        angle += tau;
    }
    while angle > tau {
        angle -= tau;
    }
    (((angle + arc / 2.0) / arc) as usize + n) % n
}

/// The side (index into [`SIDE_NAMES`]) of a 16-sector direction.
fn side_of_sector(d: usize) -> usize {
    match d {
        0 => 2,
        4 => 0,
        8 => 6,
        12 => 4,
        1..=3 => 1,
        5..=7 => 7,
        9..=11 => 5,
        _ => 3,
    }
}

/// Per side, which vertices of `g` lie on it.
pub fn vertex_sides(g: &Graph) -> [Vec<bool>; 8] {
    let n = g.pts.len();
    let mut out: [Vec<bool>; 8] = std::array::from_fn(|_| vec![false; n]);
    if n == 0 {
        return out;
    }
    let mid = (
        g.pts.iter().map(|p| p.0).sum::<f64>() / n as f64,
        g.pts.iter().map(|p| p.1).sum::<f64>() / n as f64,
    );
    let perimeters = g.perimeters();
    let corner = g.corners(&perimeters);
    for per in &perimeters {
        let num = per.len();
        for from in 0..num {
            if !corner[per[from]] {
                continue;
            }
            let mut to = from + 1;
            while !corner[per[to % num]] {
                to += 1;
            }
            let run = to - from;
            let (mut x, mut y) = g.pts[per[from]];
            for r in 0..run {
                let p = g.pts[per[(from + 1 + r) % num]];
                x += p.0;
                y += p.1;
            }
            let avg = (x / run as f64, y / run as f64);
            let side = side_of_sector(sector(mid, avg, 16));
            for r in 0..=run {
                out[side][per[(from + r) % num]] = true;
            }
        }
    }
    out
}

/// The sites on each side of `b`, in increasing order; an error says why
/// the board cannot be measured.
pub fn sides(b: &Board) -> Result<[Vec<Site>; 8], String> {
    let mut g = Graph::default();
    const TOL: f64 = 1e-3;
    // per site, its vertices in `g`
    let mut site_verts: Vec<Vec<usize>> = Vec::with_capacity(b.len());
    match b.site_type {
        SiteType::Vertex => {
            for s in &b.sites {
                g.pts.push((s.x, s.y));
                site_verts.push(vec![g.pts.len() - 1]);
            }
            for &(p, q) in b.edges() {
                g.find_or_add_edge(p as usize, q as usize);
            }
        }
        SiteType::Cell => {
            let mut k = 0;
            let mut dist: Option<f64> = None;
            for s in 0..b.len() as Site {
                let nbs = b.neighbours(s, Relation::Orthogonal);
                k = k.max(nbs.len());
                let (x, y) = (b.sites[s as usize].x, b.sites[s as usize].y);
                for &t in nbs {
                    let d = (b.sites[t as usize].x - x).hypot(b.sites[t as usize].y - y);
                    match dist {
                        None => dist = Some(d),
                        Some(e) if (e - d).abs() > 1e-6 => {
                            return Err("its cells are not all of one size".into());
                        }
                        _ => {}
                    }
                }
            }
            let Some(d) = dist.filter(|_| k == 4 || k == 6) else {
                return Err("its cells are not hexagons or squares".into());
            };
            let half = std::f64::consts::PI / k as f64;
            let radius = d / 2.0 / half.cos();
            for s in 0..b.len() as Site {
                let info = &b.sites[s as usize];
                let Some(&t) = b.neighbours(s, Relation::Orthogonal).first() else {
                    return Err("a cell has no Orthogonal neighbour".into());
                };
                let to = &b.sites[t as usize];
                let phi = (to.y - info.y).atan2(to.x - info.x);
                let mut ids = Vec::with_capacity(k);
                for j in 0..k {
                    let a = phi + half + 2.0 * half * j as f64;
                    ids.push(g.find_or_add_vertex(
                        info.x + radius * a.cos(),
                        info.y + radius * a.sin(),
                        TOL,
                    ));
                }
                for j in 0..k {
                    g.find_or_add_edge(ids[j], ids[(j + 1) % k]);
                }
                site_verts.push(ids);
            }
        }
    }
    let on = vertex_sides(&g);
    Ok(std::array::from_fn(|side| {
        (0..b.len())
            .filter(|&s| site_verts[s].iter().any(|&v| on[side][v]))
            .map(|s| s as Site)
            .collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sectors_follow_ludii() {
        let o = (0.0, 0.0);
        assert_eq!(side_of_sector(sector(o, (1.0, 0.0), 16)), 2);
        assert_eq!(side_of_sector(sector(o, (0.0, 1.0), 16)), 0);
        assert_eq!(side_of_sector(sector(o, (1.0, 1.0), 16)), 1);
        assert_eq!(side_of_sector(sector(o, (-1.0, -1.0), 16)), 5);
        assert_eq!(side_of_sector(sector(o, (1.0, -0.5), 16)), 3);
        assert_eq!(side_of_sector(sector(o, (-1.0, 0.1), 16)), 6);
    }
}
