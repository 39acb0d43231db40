//! Boards given as a plain graph of points: `(graph vertices:{…} edges:{…})`
//! and `(circle {N …})`, both played on their vertices (`use:Vertex`).
//!
//! Unlike the tilings, Ludii keeps such a graph's vertices in the order they
//! were made (not sorted by position): `(graph …)` in the order written,
//! `(circle …)` the centre first, then each ring clockwise from N. The facts
//! used here, checked with Ludii 1.0.8 on small boards of our own and on its
//! files (see tests/ludii_graphkinds.rs):
//! - **Orthogonal = Adjacent**: the vertices joined by an edge.
//! - **Diagonal**: for each face of four or more sides around the vertex,
//!   the face's vertex whose line from this one passes nearest the face's
//!   centre (the mean of its corners), unless the two are already joined
//!   by an edge. Faces are the graph's clockwise
//!   cycles found by turning to the next edge anticlockwise at each vertex
//!   (at most 32 sides). A `(circle …)` board on vertices has no faces, so
//!   no Diagonal steps.
//! - **Rows and columns** (labels, `(sites Row N)`): points are sorted by
//!   their distance to a reference line and grouped while within 0.6 units
//!   (unit = half the bounding box's width plus height over √sites) of the
//!   group's mean; the line's angle is tried from 0° to 60° in 15° steps
//!   (columns: 90° to 120° beyond the rows' angle) and the grouping of least
//!   error is kept. Where two sites get one label, rows and columns are the
//!   distinct y and x values instead.
//! - **Outer**: the vertices met walking the outline of each part of the
//!   graph clockwise, from its leftmost vertex.
//!
//! - **Corners**: Ludii's turn score along each outline (`Graph::corners`).
//! - **Centre** (`(sites Centre)`, its first site `(centrePoint)`): the
//!   sites of least summed squared distance to the corners and, on boards
//!   of under 100 sites, to the outline's sites (the shared builder).

// index loops mirror the walks as described above
#![allow(clippy::needless_range_loop)]

use super::builder::{ADJ, DIAG, ORTH, Proto, ProtoSite};

/// A graph of points and straight edges, in Ludii's order.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub pts: Vec<(f64, f64)>,
    pub edges: Vec<(usize, usize)>,
}

impl Graph {
    /// The vertex within `tol` of `(x, y)`, added if there is none.
    pub fn find_or_add_vertex(&mut self, x: f64, y: f64, tol: f64) -> usize {
        if let Some(i) = self
            .pts
            .iter()
            .position(|&(px, py)| (px - x).hypot(py - y) < tol)
        {
            return i;
        }
        self.pts.push((x, y));
        self.pts.len() - 1
    }

    /// Adds the edge `a`–`b` unless it exists (either way round).
    pub fn find_or_add_edge(&mut self, a: usize, b: usize) {
        if a != b
            && !self
                .edges
                .iter()
                .any(|&(p, q)| (p, q) == (a, b) || (p, q) == (b, a))
        {
            self.edges.push((a, b));
        }
    }

    fn other(&self, e: usize, v: usize) -> usize {
        let (a, b) = self.edges[e];
        if a == v { b } else { a }
    }

    /// Each vertex's edges, anticlockwise from W (by the angle to the other
    /// end, ties kept in edge order).
    fn vertex_edges(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.pts.len()];
        for (e, &(a, b)) in self.edges.iter().enumerate() {
            out[a].push(e);
            out[b].push(e);
        }
        for (v, list) in out.iter_mut().enumerate() {
            let (x, y) = self.pts[v];
            let angle = |e: usize| {
                let (ox, oy) = self.pts[self.other(e, v)];
                (oy - y).atan2(ox - x)
            };
            list.sort_by(|&p, &q| angle(p).total_cmp(&angle(q)));
        }
        out
    }

    /// The faces: clockwise cycles of 3 to 32 vertices, each found once.
    pub fn faces(&self) -> Vec<Vec<usize>> {
        const MAX_SIDES: usize = 32;
        let ve = self.vertex_edges();
        let mut faces: Vec<Vec<usize>> = Vec::new();
        let mut sets: Vec<Vec<usize>> = Vec::new();
        for start in 0..self.pts.len() {
            for &first in &ve[start] {
                let mut ids = vec![start];
                let (mut vert, mut edge) = (start, first);
                let mut closed = false;
                while ids.len() <= MAX_SIDES {
                    let list = &ve[vert];
                    let n = list.iter().position(|&e| e == edge).unwrap_or(0);
                    edge = list[(n + 1) % list.len()];
                    vert = self.other(edge, vert);
                    if vert == start {
                        closed = true;
                        break;
                    }
                    if ids.contains(&vert) {
                        break;
                    }
                    ids.push(vert);
                }
                if !closed || ids.len() < 3 || self.area(&ids) >= 0.0 {
                    continue;
                }
                let mut set = ids.clone();
                set.sort_unstable();
                if sets.contains(&set) {
                    continue;
                }
                sets.push(set);
                faces.push(ids);
            }
        }
        faces
    }

    /// Signed area (positive anticlockwise).
    fn area(&self, ids: &[usize]) -> f64 {
        let mut a = 0.0;
        for i in 0..ids.len() {
            let (x0, y0) = self.pts[ids[i]];
            let (x1, y1) = self.pts[ids[(i + 1) % ids.len()]];
            a += x0 * y1 - x1 * y0;
        }
        a / 2.0
    }

    /// Which vertices lie on an outline of the graph.
    pub fn outer(&self) -> Vec<bool> {
        let mut out = vec![false; self.pts.len()];
        for per in self.perimeters() {
            per.iter().for_each(|&v| out[v] = true);
        }
        out
    }

    /// The outlines of the graph's parts, each the walk clockwise from its
    /// leftmost vertex (a vertex met twice is listed twice), without the
    /// outlines lying inside another one.
    pub fn perimeters(&self) -> Vec<Vec<usize>> {
        let n = self.pts.len();
        let ve = self.vertex_edges();
        let mut covered = vec![false; n];
        let mut perimeters: Vec<Vec<usize>> = Vec::new();
        loop {
            let mut start = None;
            let mut min_x = 1e6;
            for v in 0..n {
                if !covered[v] && self.pts[v].0 < min_x {
                    start = Some(v);
                    min_x = self.pts[v].0;
                }
            }
            let Some(from) = start else { break };
            let per = self.follow_outline(from, &ve);
            for &v in &per {
                covered[v] = true;
            }
            let poly: Vec<(f64, f64)> = per.iter().map(|&v| self.pts[v]).collect();
            for v in 0..n {
                if !covered[v] && point_in_polygon(self.pts[v], &poly) {
                    covered[v] = true;
                }
            }
            perimeters.push(per);
        }
        // an outline inside another one is a hole's, not the outside's
        for a in (0..perimeters.len()).rev() {
            let pt = self.pts[perimeters[a][0]];
            let inside = (0..perimeters.len()).any(|b| {
                b != a && {
                    let poly: Vec<(f64, f64)> =
                        perimeters[b].iter().map(|&v| self.pts[v]).collect();
                    point_in_polygon(pt, &poly)
                }
            });
            if inside {
                perimeters.remove(a);
            }
        }
        perimeters
    }

    /// Ludii's corners of the outlines: on an outline of fewer than 6
    /// steps, every vertex; otherwise each vertex scores the turn of the
    /// outline there (distances to the lines through the vertices 1, 2 and
    /// 3 steps either side, weighted 1/k, negative where the outline turns
    /// anticlockwise), smoothed once (4:1:1); a local maximum of at least
    /// 0.32 is a convex corner, and so is a neighbour of a corner scoring
    /// 95 % of it (spreading forwards); a local minimum of at most −0.25
    /// is a concave corner.
    pub fn corners(&self, perimeters: &[Vec<usize>]) -> Vec<bool> {
        let (convex, concave) = self.corner_kinds(perimeters);
        convex.iter().zip(&concave).map(|(a, b)| *a || *b).collect()
    }

    /// [`Graph::corners`], as the convex corners and the concave ones.
    pub fn corner_kinds(&self, perimeters: &[Vec<usize>]) -> (Vec<bool>, Vec<bool>) {
        let mut out = vec![false; self.pts.len()];
        let mut concave_out = vec![false; self.pts.len()];
        for per in perimeters {
            let num = per.len();
            if num < 6 {
                per.iter().for_each(|&v| out[v] = true);
                continue;
            }
            let pt = |i: usize| self.pts[per[i % num]];
            let mut scores = vec![0.0; num];
            for (n, score) in scores.iter_mut().enumerate() {
                let p = pt(n);
                for k in 1..4 {
                    let a = pt(n + num - k);
                    let b = pt(n + k);
                    let mut d = distance_to_line(p, a, b);
                    let cw = (p.0 - a.0) * (b.1 - a.1) - (b.0 - a.0) * (p.1 - a.1);
                    if cw < 1e-7 {
                        d = -d;
                    }
                    *score += d / k as f64;
                }
            }
            let s: Vec<f64> = (0..num)
                .map(|n| {
                    (4.0 * scores[n] + scores[(n + 1) % num] + scores[(n + num - 1) % num]) / 6.0
                })
                .collect();
            let prev = |n: usize| (n + num - 1) % num;
            let next = |n: usize| (n + 1) % num;
            let mut keep: Vec<bool> = (0..num)
                .map(|n| !(s[n] < 0.32 || s[n] < s[prev(n)] - 0.001 || s[n] < s[next(n)] - 0.001))
                .collect();
            for n in 0..num {
                if keep[n] {
                    if s[prev(n)] >= 0.95 * s[n] {
                        keep[prev(n)] = true;
                    }
                    if s[next(n)] >= 0.95 * s[n] {
                        keep[next(n)] = true;
                    }
                }
            }
            for n in 0..num {
                let concave =
                    !(s[n] > -0.25 || s[n] > s[prev(n)] + 0.001 || s[n] > s[next(n)] + 0.001);
                if keep[n] {
                    out[per[n]] = true;
                }
                if concave {
                    concave_out[per[n]] = true;
                }
            }
        }
        (out, concave_out)
    }

    fn follow_outline(&self, from: usize, ve: &[Vec<usize>]) -> Vec<usize> {
        if ve[from].is_empty() {
            return vec![from];
        }
        let (fx, fy) = self.pts[from];
        let mut best = ve[from][0];
        let mut best_angle = f64::MAX;
        for &e in &ve[from] {
            let (tx, ty) = self.pts[self.other(e, from)];
            let angle = (tx - fx).atan2(-(ty - fy));
            if angle < best_angle {
                best = e;
                best_angle = angle;
            }
        }
        let mut out = Vec::new();
        let (mut vert, mut edge) = (from, best);
        // each step follows the next dart of a permutation: it comes back
        for _ in 0..=2 * self.edges.len() + 1 {
            out.push(vert);
            let prev = vert;
            vert = self.other(edge, vert);
            let list = &ve[vert];
            let i = list.iter().position(|&e| e == edge).unwrap_or(0);
            for k in 1..list.len() {
                edge = list[(i + k) % list.len()];
                if self.other(edge, vert) != prev {
                    break;
                }
            }
            if vert == from {
                break;
            }
        }
        out
    }
}

/// Ludii's even-odd test.
fn point_in_polygon(pt: (f64, f64), poly: &[(f64, f64)]) -> bool {
    let n = poly.len();
    if n == 0 {
        return false;
    }
    let mut odd = false;
    let mut j = n - 1;
    for i in 0..n {
        let (pi, pj) = (poly[i], poly[j]);
        if ((pi.1 < pt.1 && pj.1 >= pt.1) || (pj.1 < pt.1 && pi.1 >= pt.1))
            && (pi.0 <= pt.0 || pj.0 <= pt.0)
        {
            odd ^= pi.0 + (pt.1 - pi.1) / (pj.1 - pi.1) * (pj.0 - pi.0) < pt.0;
        }
        j = i;
    }
    odd
}

/// Distance from `p` to the line through `a` and `b`.
fn distance_to_line(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if dx.abs() + dy.abs() < 1e-7 {
        return (p.0 - a.0).hypot(p.1 - a.1);
    }
    let c = (p.1 - a.1) * dx - (p.0 - a.0) * dy;
    (c * c / (dx * dx + dy * dy)).sqrt()
}

#[derive(Clone, Copy, PartialEq)]
enum Dim {
    Row,
    Column,
}

/// Groups the points by distance to a reference line at angle `theta`;
/// writes each point's group into `out` and returns Ludii's error measure.
fn cluster(pts: &[(f64, f64)], dim: Dim, unit: f64, theta: f64, out: &mut [u32]) -> f64 {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let (w, h) = (x1 - x0, y1 - y0);
    let a = match dim {
        Dim::Row => (x0 + w / 2.0, y0 - h),
        Dim::Column => (x0 - w, y0 + h / 2.0),
    };
    let b = (a.0 + w * theta.cos(), a.1 + w * theta.sin());
    let mut rank: Vec<(usize, f64)> = pts
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, distance_to_line(p, a, b)))
        .collect();
    rank.sort_by(|p, q| p.1.total_cmp(&q.1));
    let margin = 0.6 * unit;
    // buckets: (total, items)
    let mut buckets: Vec<(f64, Vec<(usize, f64)>)> = Vec::new();
    for (i, score) in rank {
        let new = match buckets.last() {
            None => true,
            Some((total, items)) => (score - total / items.len() as f64).abs() > margin,
        };
        if new {
            buckets.push((0.0, Vec::new()));
        }
        let last = buckets.last_mut().expect("a bucket");
        last.0 += score;
        last.1.push((i, score));
    }
    let mut error = 0.0;
    for (bid, (total, items)) in buckets.iter().enumerate() {
        let mean = total / items.len() as f64;
        for &(i, _) in items {
            out[i] = bid as u32;
        }
        // Ludii 1.0.8 keeps only the last item's squared deviation here
        let last = items.last().map_or(0.0, |&(_, s)| (mean - s) * (mean - s));
        error += last / items.len() as f64;
    }
    error + 0.01 * buckets.len() as f64
}

/// Ludii's rows and columns of a set of points (see the module notes).
pub fn rows_and_columns(pts: &[(f64, f64)]) -> (Vec<u32>, Vec<u32>) {
    let n = pts.len();
    let (mut rows, mut cols) = (vec![0u32; n], vec![0u32; n]);
    if n == 0 {
        return (rows, cols);
    }
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let unit = ((x1 - x0) + (y1 - y0)) / 2.0 / (n as f64).sqrt();
    let search = |dim: Dim, base: f64, angles: &[u32], out: &mut Vec<u32>| {
        let mut best_error = 1000.0;
        let mut best = base;
        for &deg in angles {
            let theta = base + f64::from(deg).to_radians();
            let e = cluster(pts, dim, unit, theta, out);
            if e < best_error {
                best_error = e;
                best = theta;
                if e < 0.01 {
                    break;
                }
            }
        }
        cluster(pts, dim, unit, best, out);
        best
    };
    let row_theta = search(Dim::Row, 0.0, &[0, 15, 30, 45, 60], &mut rows);
    search(Dim::Column, row_theta, &[90, 105, 120], &mut cols);

    // one label for two sites: rows and columns by exact position instead
    let mut seen = std::collections::HashSet::new();
    if !(0..n).all(|i| seen.insert((rows[i], cols[i]))) {
        let exact = |f: &dyn Fn(usize) -> f64| -> Vec<u32> {
            let mut vals: Vec<f64> = Vec::new();
            for i in 0..n {
                if !vals.iter().any(|v| (v - f(i)).abs() < 0.001) {
                    vals.push(f(i));
                }
            }
            vals.sort_by(f64::total_cmp);
            (0..n)
                .map(|i| {
                    vals.iter()
                        .position(|v| (v - f(i)).abs() < 0.001)
                        .unwrap_or(0) as u32
                })
                .collect()
        };
        return (exact(&|i| pts[i].1), exact(&|i| pts[i].0));
    }
    (rows, cols)
}

/// The board on the vertices of `g`: sites in `g`'s order; Diagonal steps
/// across faces when `with_faces`.
pub fn vertex_proto(g: &Graph, with_faces: bool) -> Proto {
    let (rows, cols) = rows_and_columns(&g.pts);
    let perimeters = g.perimeters();
    let mut outer = vec![false; g.pts.len()];
    for per in &perimeters {
        per.iter().for_each(|&v| outer[v] = true);
    }
    let corner = g.corners(&perimeters);
    let ve = g.vertex_edges();
    let phase_order = (0..g.pts.len())
        .map(|v| ve[v].iter().map(|&e| g.other(e, v)).collect())
        .collect();
    let mut p = Proto {
        keep_order: true,
        phase_order: Some(phase_order),
        ..Proto::default()
    };
    for (i, &(x, y)) in g.pts.iter().enumerate() {
        p.sites.push(ProtoSite {
            x,
            y,
            col: cols[i],
            row: rows[i],
            corner: corner[i],
            outer: outer[i],
        });
    }
    for &(a, b) in &g.edges {
        p.edge(a, b, ORTH | ADJ);
    }
    if with_faces {
        for face in g.faces() {
            if face.len() < 4 {
                continue;
            }
            let k = face.len() as f64;
            let c = face.iter().fold((0.0, 0.0), |(sx, sy), &v| {
                (sx + g.pts[v].0 / k, sy + g.pts[v].1 / k)
            });
            for &v in &face {
                let mut best = None;
                let mut best_dist = 1e6;
                for &to in &face {
                    if to == v {
                        continue;
                    }
                    let d = distance_to_line(c, g.pts[v], g.pts[to]);
                    if d < best_dist {
                        best_dist = d;
                        best = Some(to);
                    }
                }
                // a step to a vertex already joined by an edge (or already
                // diagonal) stays what it was: Ludii merges it into the
                // first step without listing it as Diagonal
                let joined = |to: usize| {
                    g.edges.iter().any(|&e| e == (v, to) || e == (to, v))
                        || p.arcs.iter().any(|&(a, b, _)| (a, b) == (v, to))
                };
                if let Some(to) = best.filter(|&to| !joined(to)) {
                    p.arcs.push((v, to, DIAG));
                }
            }
        }
    }
    p
}

/// `(circle {N1 N2 …})`: a centre and rings of radius ½, 1½, …; ring `k`
/// has `N_k` spokes, joined to the centre or the ring inside, and each ring
/// is a closed loop. Vertices: the centre, then each ring clockwise from N.
pub fn circle(rings: &[u32]) -> Graph {
    use std::f64::consts::{FRAC_PI_2, TAU};
    const TOL: f64 = 0.01;
    let mut g = Graph::default();
    g.find_or_add_vertex(0.0, 0.0, TOL);
    let n = rings.len();
    let spoke = |ring: usize, step: u32| {
        let theta = FRAC_PI_2 - TAU * f64::from(step) / f64::from(rings[ring]);
        let ri = (ring as f64 - 0.5).max(0.0);
        let ro = ring as f64 + 0.5;
        (theta, ri, ro)
    };
    // samples on each circle: (x, y, theta)
    let mut samples: Vec<Vec<(f64, f64, f64)>> = vec![Vec::new(); n + 1];
    for ring in 0..n {
        if rings[ring] < 2 {
            continue;
        }
        for step in 0..rings[ring] {
            let (theta, ri, ro) = spoke(ring, step);
            let inner = (ri * theta.cos(), ri * theta.sin());
            let outer = (ro * theta.cos(), ro * theta.sin());
            samples[ring].push((inner.0, inner.1, theta));
            samples[ring + 1].push((outer.0, outer.1, theta));
            g.find_or_add_vertex(inner.0, inner.1, TOL);
            g.find_or_add_vertex(outer.0, outer.1, TOL);
        }
    }
    for s in &mut samples {
        s.sort_by(|a, b| a.2.total_cmp(&b.2));
        let mut k = s.len();
        while k > 1 {
            k -= 1;
            let a = s[k];
            let b = s[(k + s.len() - 1) % s.len()];
            if (a.0 - b.0).hypot(a.1 - b.1) < 0.1 {
                s.remove(k);
            }
        }
    }
    for s in &samples {
        let m = s.len();
        if m < 2 {
            continue;
        }
        for k in 0..m {
            let (a, b) = (s[k], s[(k + 1) % m]);
            let va = g.find_or_add_vertex(a.0, a.1, TOL);
            let vb = g.find_or_add_vertex(b.0, b.1, TOL);
            g.find_or_add_edge(va, vb);
        }
    }
    for ring in 0..n {
        if rings[ring] < 2 {
            continue;
        }
        for step in 0..rings[ring] {
            let (theta, ri, ro) = spoke(ring, step);
            let va = g.find_or_add_vertex(ri * theta.cos(), ri * theta.sin(), TOL);
            let vb = g.find_or_add_vertex(ro * theta.cos(), ro * theta.sin(), TOL);
            g.find_or_add_edge(va, vb);
        }
    }
    g
}

/// Sites of `(circle {…})`: at most 1 + 2·ΣN.
pub fn circle_count(rings: &[u64]) -> u64 {
    rings
        .iter()
        .fold(1u64, |acc, &r| acc.saturating_add(r.saturating_mul(2)))
}
