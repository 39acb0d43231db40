//! Ludii's graph operators as board construction: `merge`, `union`,
//! `intersect`, `shift`, `scale`, `rotate`, `skew`, `add`, `remove`,
//! `makeFaces`, `renumber`, over the generators `square`, `rectangle`
//! (with `diagonals:`), `hex` and `wedge`.
//!
//! A board built with an operator keeps Ludii's graph order: the sites are
//! the graph's vertices (`use:Vertex`) or faces (`use:Cell`) in the order
//! the operators leave them, NOT re-sorted by position (Ludii re-sorts only
//! inside a generator, or on `(renumber …)`). The facts below are Ludii
//! 1.0.8's (its `Graph`, the operators and `MeasureGraph`), checked against
//! its own board dump; the code is ours.
//!
//! - Vertices are one when their coordinates differ by less than 0.01 in
//!   total (|dx| + |dy|). `merge` keeps the first of coincident vertices
//!   and drops repeated edges; it and `intersect` rebuild the faces.
//! - Faces are found by walking around each vertex's edges (sorted by
//!   angle): a closed walk of at least 3 vertices that turns clockwise and
//!   is not yet known is a face (`makeFaces` and `splitCrossings` also stop
//!   a walk at an edge crossing an earlier edge).
//! - A generator's vertices, edges and faces are sorted by `100·y + x` of
//!   their point, midpoint or centroid (a stable sort).
//! - With `use:Vertex`, sites joined by an edge are Orthogonal (and
//!   Adjacent); in a face of 4 or more vertices, the vertex whose line from
//!   a site passes nearest the face's centroid is Diagonal.
//! - With `use:Cell`, faces sharing an edge are Orthogonal; through each
//!   corner, the face nearest the line from the corner is Diagonal (and
//!   Adjacent), other faces there are Adjacent only; across a corner of
//!   three edges, a face in line is Diagonal only.
//! - Rows and columns (hence labels) are Ludii's clustering of the sites'
//!   distances to a reference line (rows: angles 0°–60° in steps of 15°,
//!   columns 90°–120° from the row angle), the best-fitting angle first;
//!   where two sites would share a label, rows and columns are the ranks
//!   of the distinct y and x values instead.

use super::builder::{self, ADJ, DIAG, ORTH, Proto};
use super::{Board, MAX_SITES, Shape, SiteType};
use crate::diag::Diagnostic;
use crate::syntax::{Kind, Node};
use std::collections::HashMap;

/// Ludii's tolerance for two vertices to be one (L1 distance).
const TOL: f64 = 0.01;

/// The operators this module reads (the generators it reads inside them
/// are `square`, `rectangle`, `hex` and `wedge`).
pub const OPERATORS: &[&str] = &[
    "merge",
    "union",
    "intersect",
    "shift",
    "scale",
    "rotate",
    "skew",
    "add",
    "remove",
    "makeFaces",
    "renumber",
    "splitCrossings",
];

/// Ludii's graph operators this module does not build yet.
const NOT_YET: &[&str] = &[
    "keep",
    "hole",
    "clip",
    "trim",
    "dual",
    "subdivide",
    "layers",
    "complete",
    "recoordinate",
];

pub fn is_operator(head: &str) -> bool {
    OPERATORS.contains(&head) || NOT_YET.contains(&head)
}

/// A plane graph as Ludii's operators see it: vertices, edges (pairs of
/// vertex ids) and faces (vertex cycles, clockwise).
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub verts: Vec<[f64; 2]>,
    pub edges: Vec<[usize; 2]>,
    pub faces: Vec<Vec<usize>>,
}

fn coincident(a: [f64; 2], b: [f64; 2]) -> bool {
    (a[0] - b[0]).abs() + (a[1] - b[1]).abs() < TOL
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Distance from `pt` to the line through `a` and `b`.
fn dist_to_line(pt: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    if dx.abs() + dy.abs() < 1e-7 {
        return dist(pt, a);
    }
    let a2 = (pt[1] - a[1]) * dx - (pt[0] - a[0]) * dy;
    (a2 * a2 / (dx * dx + dy * dy)).sqrt()
}

#[allow(clippy::too_many_arguments)]
fn segments_intersect(
    a0x: f64,
    a0y: f64,
    a1x: f64,
    a1y: f64,
    b0x: f64,
    b0y: f64,
    b1x: f64,
    b1y: f64,
) -> bool {
    let (xlk, ylk) = (a1x - a0x, a1y - a0y);
    let (xnm, ynm) = (b1x - b0x, b1y - b0y);
    let (xmk, ymk) = (b0x - a0x, b0y - a0y);
    let det = xnm * ylk - ynm * xlk;
    if det.abs() < 1e-7 {
        return false;
    }
    let inv = 1.0 / det;
    let s = (xnm * ymk - ynm * xmk) * inv;
    let t = (xlk * ymk - ylk * xmk) * inv;
    (-1e-7..=1.000_000_1).contains(&s) && (-1e-7..=1.000_000_1).contains(&t)
}

/// A cycle read from its least vertex, in the direction of the lesser
/// next vertex: two cycles match (as [`cycle_matches`]) iff these agree.
fn canonical(ids: &[usize]) -> Vec<usize> {
    let n = ids.len();
    let start = (0..n).min_by_key(|&k| ids[k]).unwrap_or(0);
    let fwd: Vec<usize> = (0..n).map(|k| ids[(start + k) % n]).collect();
    let back: Vec<usize> = (0..n).map(|k| ids[(start + n - k) % n]).collect();
    fwd.min(back)
}

/// A face's vertex cycle matches `ids` read from any start, either way.
fn cycle_matches(face: &[usize], ids: &[usize]) -> bool {
    let n = face.len();
    if n != ids.len() || n == 0 {
        return false;
    }
    let Some(start) = face.iter().position(|&v| v == ids[0]) else {
        return false;
    };
    (0..n).all(|k| face[(start + k) % n] == ids[k])
        || (0..n).all(|k| face[(start + n - k) % n] == ids[k])
}

impl Graph {
    fn add_vertex(&mut self, x: f64, y: f64) -> usize {
        self.verts.push([x, y]);
        self.verts.len() - 1
    }

    fn find_vertex(&self, p: [f64; 2]) -> Option<usize> {
        self.verts.iter().position(|&v| coincident(v, p))
    }

    fn find_or_add_vertex(&mut self, p: [f64; 2]) -> usize {
        match self.find_vertex(p) {
            Some(v) => v,
            None => self.add_vertex(p[0], p[1]),
        }
    }

    fn find_edge(&self, a: usize, b: usize) -> Option<usize> {
        self.edges
            .iter()
            .position(|e| (e[0] == a && e[1] == b) || (e[0] == b && e[1] == a))
    }

    fn find_or_add_edge(&mut self, a: usize, b: usize) {
        if a < self.verts.len() && b < self.verts.len() && self.find_edge(a, b).is_none() {
            self.edges.push([a, b]);
        }
    }

    fn centroid(&self, face: &[usize]) -> [f64; 2] {
        let (mut x, mut y) = (0.0, 0.0);
        for &v in face {
            x += self.verts[v][0];
            y += self.verts[v][1];
        }
        let n = face.len().max(1) as f64;
        [x / n, y / n]
    }

    /// Each vertex's edges, sorted by the angle to the other end
    /// (`atan2(dy, dx)`, stable over edge order), as Ludii keeps them.
    fn vertex_edges(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.verts.len()];
        for (e, &[a, b]) in self.edges.iter().enumerate() {
            out[a].push(e);
            if b != a {
                out[b].push(e);
            }
        }
        for (v, list) in out.iter_mut().enumerate() {
            let p = self.verts[v];
            let angle = |e: usize| {
                let o = self.other(e, v);
                let q = self.verts[o];
                (q[1] - p[1]).atan2(q[0] - p[0])
            };
            list.sort_by(|&x, &y| angle(x).total_cmp(&angle(y)));
        }
        out
    }

    fn other(&self, e: usize, v: usize) -> usize {
        let [a, b] = self.edges[e];
        if a == v { b } else { a }
    }

    /// Ludii's `isEdgeCrossing`: edges before the edge `a`–`b` in the list
    /// that cross it (not at a shared end).
    fn edge_crossing(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.verts[a], self.verts[b]);
        for &[ea, eb] in &self.edges {
            if (ea == a && eb == b) || (ea == b && eb == a) {
                return false;
            }
            let (qa, qb) = (self.verts[ea], self.verts[eb]);
            if dist(pa, qa) < 0.001
                || dist(pa, qb) < 0.001
                || dist(pb, qa) < 0.001
                || dist(pb, qb) < 0.001
            {
                continue;
            }
            if segments_intersect(pa[0], pa[1], pb[0], pb[1], qa[0], qa[1], qb[0], qb[1]) {
                return true;
            }
        }
        false
    }

    /// Ludii's `makeFaces`.
    pub fn make_faces(&mut self, check_crossings: bool) {
        self.faces.clear();
        let ve = self.vertex_edges();
        let mut known = std::collections::HashSet::new();
        for vs in 0..self.verts.len() {
            for &es in &ve[vs] {
                let mut ids = vec![vs];
                let (mut vert, mut edge) = (vs, es);
                let mut closed = false;
                while ids.len() <= 32 {
                    let prev = vert;
                    let list = &ve[vert];
                    let pos = list.iter().position(|&e| e == edge).unwrap_or(0);
                    edge = list[(pos + 1) % list.len()];
                    vert = self.other(edge, vert);
                    if vert == vs {
                        closed = true;
                        break;
                    }
                    if ids.contains(&vert) {
                        break;
                    }
                    ids.push(vert);
                    if check_crossings && self.edge_crossing(prev, vert) {
                        break;
                    }
                }
                if !closed || ids.len() < 3 {
                    continue;
                }
                let mut area = 0.0;
                for k in 0..ids.len() {
                    let p = self.verts[ids[k]];
                    let q = self.verts[ids[(k + 1) % ids.len()]];
                    area += p[0] * q[1] - q[0] * p[1];
                }
                if area / 2.0 >= 0.0 {
                    continue;
                }
                if !known.insert(canonical(&ids)) {
                    continue;
                }
                self.faces.push(ids);
            }
        }
    }

    /// Ludii's `reorder` of one kind: a stable sort by `100·y + x`.
    fn reorder_vertices(&mut self) {
        let score = |p: [f64; 2]| p[1] * 100.0 + p[0];
        let mut order: Vec<usize> = (0..self.verts.len()).collect();
        order.sort_by(|&a, &b| score(self.verts[a]).total_cmp(&score(self.verts[b])));
        let mut new_id = vec![0; order.len()];
        for (i, &o) in order.iter().enumerate() {
            new_id[o] = i;
        }
        self.verts = order.iter().map(|&o| self.verts[o]).collect();
        for e in &mut self.edges {
            *e = [new_id[e[0]], new_id[e[1]]];
        }
        for f in &mut self.faces {
            f.iter_mut().for_each(|v| *v = new_id[*v]);
        }
    }

    fn reorder_edges(&mut self) {
        let mid = |e: &[usize; 2]| {
            let (p, q) = (self.verts[e[0]], self.verts[e[1]]);
            (p[1] + q[1]) * 0.5 * 100.0 + (p[0] + q[0]) * 0.5
        };
        let mut keyed: Vec<(f64, [usize; 2])> = self.edges.iter().map(|e| (mid(e), *e)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        self.edges = keyed.into_iter().map(|(_, e)| e).collect();
    }

    fn reorder_faces(&mut self) {
        let mut keyed: Vec<(f64, Vec<usize>)> = std::mem::take(&mut self.faces)
            .into_iter()
            .map(|f| {
                let c = self.centroid(&f);
                (c[1] * 100.0 + c[0], f)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        self.faces = keyed.into_iter().map(|(_, f)| f).collect();
    }

    pub fn reorder(&mut self) {
        self.reorder_vertices();
        self.reorder_edges();
        self.reorder_faces();
    }

    fn transform(&mut self, f: impl Fn([f64; 2]) -> [f64; 2]) {
        self.verts.iter_mut().for_each(|p| *p = f(*p));
    }

    fn bounds(&self) -> (f64, f64, f64, f64) {
        bounds(self.verts.iter().copied())
    }

    /// Ludii's `removeFace` (`trim`: also drop the face's edges no other
    /// face uses).
    fn remove_face(&mut self, fid: usize, trim: bool) {
        if fid >= self.faces.len() {
            return;
        }
        let face = self.faces.remove(fid);
        if trim {
            let mut drop: Vec<usize> = Vec::new();
            for k in 0..face.len() {
                let (a, b) = (face[k], face[(k + 1) % face.len()]);
                let shared = self.faces.iter().any(|f| face_has_edge(f, a, b));
                if !shared && let Some(e) = self.find_edge(a, b) {
                    drop.push(e);
                }
            }
            drop.sort_unstable();
            drop.dedup();
            for e in drop.into_iter().rev() {
                self.remove_edge(e);
            }
        }
    }

    /// Ludii's `removeEdge`: also every face around it.
    fn remove_edge(&mut self, eid: usize) {
        let [a, b] = self.edges[eid];
        self.faces.retain(|f| !face_has_edge(f, a, b));
        self.edges.remove(eid);
    }

    /// Ludii's `removeVertex`: its faces and edges go too.
    fn remove_vertex(&mut self, vid: usize) {
        if vid >= self.verts.len() {
            return;
        }
        self.faces.retain(|f| !f.contains(&vid));
        self.edges.retain(|e| e[0] != vid && e[1] != vid);
        self.verts.remove(vid);
        let shift = |v: &mut usize| {
            if *v > vid {
                *v -= 1;
            }
        };
        for e in &mut self.edges {
            e.iter_mut().for_each(shift);
        }
        for f in &mut self.faces {
            f.iter_mut().for_each(shift);
        }
    }

    fn average_edge_length(&self) -> f64 {
        if self.edges.is_empty() {
            return 0.0;
        }
        let total: f64 = self
            .edges
            .iter()
            .map(|e| dist(self.verts[e[0]], self.verts[e[1]]))
            .sum();
        total / self.edges.len() as f64
    }

    /// `connect:True` of `merge` and `union`: join vertices nearer than 1.1
    /// average edge lengths, then find faces again.
    fn connect(&mut self) {
        let threshold = 1.1 * self.average_edge_length();
        let n = self.verts.len();
        for a in 0..n {
            for b in 0..n {
                if a != b && dist(self.verts[a], self.verts[b]) < threshold {
                    self.find_or_add_edge(a, b);
                }
            }
        }
        self.make_faces(true);
    }

    /// Ludii's `new Graph(vertices, edges)`: repeated edges dropped, faces
    /// found.
    fn assemble(mut self) -> Graph {
        let mut seen = std::collections::HashSet::new();
        self.edges
            .retain(|&[a, b]| a != b && seen.insert((a.min(b), a.max(b))));
        self.faces.clear();
        self.make_faces(false);
        self
    }
}

fn face_has_edge(f: &[usize], a: usize, b: usize) -> bool {
    let n = f.len();
    (0..n).any(|k| {
        let (p, q) = (f[k], f[(k + 1) % n]);
        (p == a && q == b) || (p == b && q == a)
    })
}

fn bounds(points: impl Iterator<Item = [f64; 2]>) -> (f64, f64, f64, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (1e6, 1e6, -1e6, -1e6);
    for p in points {
        x0 = f64::min(x0, p[0]);
        x1 = f64::max(x1, p[0]);
        y0 = f64::min(y0, p[1]);
        y1 = f64::max(y1, p[1]);
    }
    if x0 == 1e6 || y0 == 1e6 {
        return (0.0, 0.0, 0.0, 0.0);
    }
    (x0, y0, x1, y1)
}

// ------------------------------------------------------------ generators

/// `(square N)` / `(rectangle R C)` as Ludii's graph: R×C points, or with
/// cells (R+1)×(C+1) points around R×C faces.
pub fn square_graph(
    rows: u32,
    cols: u32,
    diagonals: super::square::Diagonals,
    site_type: SiteType,
) -> Graph {
    use super::square::Diagonals;
    let extra = (site_type == SiteType::Cell) as u32;
    let (rows, cols) = ((rows + extra) as usize, (cols + extra) as usize);
    let mut g = Graph::default();
    for r in 0..rows {
        for c in 0..cols {
            g.add_vertex(c as f64, r as f64);
        }
    }
    let id = |r: usize, c: usize| r * cols + c;
    for r in 0..rows {
        for c in 0..cols {
            if r + 1 < rows {
                g.edges.push([id(r, c), id(r + 1, c)]);
            }
            if c + 1 < cols {
                g.edges.push([id(r, c), id(r, c + 1)]);
            }
        }
    }
    let (mid_r, mid_c) = (rows / 2, cols / 2);
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            let (a, b, cc, d) = (id(r, c), id(r + 1, c), id(r + 1, c + 1), id(r, c + 1));
            match diagonals {
                Diagonals::None => {}
                Diagonals::Alternating => {
                    if (r + c) % 2 == 0 {
                        g.find_or_add_edge(a, cc);
                    } else {
                        g.find_or_add_edge(b, d);
                    }
                }
                Diagonals::Concentric => {
                    if (r < mid_r && c < mid_c) || (r >= mid_r && c >= mid_c) {
                        g.find_or_add_edge(b, d);
                    } else {
                        g.find_or_add_edge(a, cc);
                    }
                }
                Diagonals::Solid => {
                    let x = g.add_vertex(c as f64 + 0.5, r as f64 + 0.5);
                    for v in [a, b, cc, d] {
                        g.edges.push([v, x]);
                    }
                }
            }
        }
    }
    g.make_faces(false);
    g.reorder();
    g
}

/// `(wedge R C)`: an apex above R−1 rows of C points fanning out (no
/// faces, no re-sorting: the apex is vertex 0, then row by row downwards,
/// left to right).
pub fn wedge_graph(rows: u32, cols: u32) -> Graph {
    let mut g = Graph::default();
    let (rows, cols) = (rows as usize, cols as usize);
    let mid = rows as f64 - 1.0;
    g.add_vertex(mid, mid);
    for r in 1..rows {
        let (left, right) = (mid - r as f64, mid + r as f64);
        for c in 0..cols {
            let t = if cols > 1 {
                c as f64 / (cols - 1) as f64
            } else {
                0.0
            };
            g.add_vertex(left + t * (right - left), mid - r as f64);
        }
    }
    for r in 0..rows {
        if r == 0 {
            for c in 0..cols {
                if c + 1 < g.verts.len() {
                    g.edges.push([0, c + 1]);
                }
            }
        } else {
            let from = r * cols + 1 - cols;
            for c in 0..cols.saturating_sub(1) {
                g.edges.push([from + c, from + c + 1]);
            }
            if r + 1 < rows {
                for c in 0..cols {
                    g.edges.push([from + c, from + cols + c]);
                }
            }
        }
    }
    g
}

/// `(hex N)` as Ludii's graph: hexagonal cells (point up) of unit side,
/// cell (row, col) centred at (√3·(col − row/2), 1.5·row).
pub fn hex_graph(n: u32) -> Graph {
    let size = 2 * n as i64 - 1;
    let ux = 3f64.sqrt() / 2.0;
    let corners = [
        [0.0, 1.0],
        [ux, 0.5],
        [ux, -0.5],
        [0.0, -1.0],
        [-ux, -0.5],
        [-ux, 0.5],
    ];
    let mut g = Graph::default();
    let mut index: HashMap<(i64, i64), usize> = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for row in 0..size {
        for col in 0..size {
            if col > size / 2 + row || row - col > size / 2 {
                continue;
            }
            let cx = 3f64.sqrt() * (col as f64 - 0.5 * row as f64);
            let cy = 1.5 * row as f64;
            let mut ids = [0usize; 6];
            for (k, d) in corners.iter().enumerate() {
                let (x, y) = (cx + d[0], cy + d[1]);
                let key = ((x * 1e4).round() as i64, (y * 1e4).round() as i64);
                ids[k] = *index.entry(key).or_insert_with(|| {
                    g.verts.push([x, y]);
                    g.verts.len() - 1
                });
            }
            for k in 0..6 {
                let (a, b) = (ids[k], ids[(k + 1) % 6]);
                if seen.insert((a.min(b), a.max(b))) {
                    g.edges.push([a, b]);
                }
            }
        }
    }
    g.make_faces(false);
    g.reorder();
    g
}

// ------------------------------------------------------------- reading

fn number(node: &Node, what: &str) -> Result<f64, Diagnostic> {
    match node.kind {
        Kind::Int(i) => Ok(i as f64),
        // Ludii reads these as Java floats
        Kind::Float(f) => Ok(f as f32 as f64),
        _ => Err(Diagnostic::at(
            node.span,
            format!("{what} must be a number, found {}", node.describe()),
        )
        .expected("a number")),
    }
}

fn index(node: &Node, what: &str) -> Result<usize, Diagnostic> {
    match node.kind {
        Kind::Int(i) if i >= 0 => Ok(i as usize),
        _ => Err(Diagnostic::at(
            node.span,
            format!("{what} must be an index, found {}", node.describe()),
        )
        .expected("a whole number from 0")),
    }
}

fn items<'a>(node: &'a Node, what: &str) -> Result<&'a [Node], Diagnostic> {
    match &node.kind {
        Kind::Array(v) => Ok(v),
        _ => Err(Diagnostic::at(
            node.span,
            format!("{what} must be a list `{{...}}`, found {}", node.describe()),
        )
        .expected("`{...}`")),
    }
}

fn point(node: &Node, what: &str) -> Result<[f64; 2], Diagnostic> {
    let v = items(node, what)?;
    if v.len() < 2 || v.len() > 3 {
        return Err(Diagnostic::at(
            node.span,
            format!("{what} needs 2 or 3 coordinates, found {}", v.len()),
        )
        .expected("`{x y}`"));
    }
    Ok([number(&v[0], what)?, number(&v[1], what)?])
}

fn boolean(node: &Node, what: &str) -> Result<bool, Diagnostic> {
    match node.kind {
        Kind::Bool(b) => Ok(b),
        _ => Err(Diagnostic::at(
            node.span,
            format!("bad `{what}:` value {}", node.describe()),
        )
        .expected("`True` or `False`")),
    }
}

/// Whether a list holds lists (positions) rather than numbers (indices).
fn nested(node: &Node) -> bool {
    match &node.kind {
        Kind::Array(v) => v.first().is_some_and(|x| matches!(x.kind, Kind::Array(_))),
        _ => false,
    }
}

fn too_large(node: &Node, n: usize) -> Result<(), Diagnostic> {
    if n as u64 > MAX_SITES {
        return Err(Diagnostic::at(
            node.span,
            format!("board too large: {n} points (at most {MAX_SITES})"),
        )
        .expected("a smaller board"));
    }
    Ok(())
}

/// The graphs listed by `merge`, `union`, `intersect`: `(op A B …)` or
/// `(op {A B …})`, with `connect:`.
fn graph_list(
    form: &Node,
    args: &super::read::Args,
    site_type: SiteType,
    allow_connect: bool,
) -> Result<(Vec<Graph>, bool), Diagnostic> {
    let mut connect = false;
    for &(name, value, node) in &args.named {
        if name == "connect" && allow_connect {
            connect = boolean(value, "connect")?;
        } else {
            return Err(Diagnostic::at(
                node.span,
                format!(
                    "unknown argument `{name}:` of `({} ...)`",
                    form.head_word().unwrap_or("")
                ),
            )
            .expected(if allow_connect {
                "graphs, then `connect:`"
            } else {
                "graphs"
            }));
        }
    }
    let nodes: Vec<&Node> = match args.positional.as_slice() {
        [one] => match &one.kind {
            Kind::Array(v) => v.iter().collect(),
            _ => vec![*one],
        },
        many => many.to_vec(),
    };
    if nodes.is_empty() {
        return Err(Diagnostic::at(form.span, "no graphs given").expected("graphs `{A B ...}`"));
    }
    let graphs = nodes
        .into_iter()
        .map(|n| graph(n, site_type))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((graphs, connect))
}

/// `(op n … GRAPH)`: numbers, then the graph last.
fn numbers_then_graph<'a>(
    form: &'a Node,
    args: &super::read::Args<'a>,
    min: usize,
    max: usize,
    expected: &str,
) -> Result<(Vec<f64>, &'a Node), Diagnostic> {
    let head = form.head_word().unwrap_or("");
    if let Some((name, _, node)) = args.named.first() {
        return Err(Diagnostic::at(
            node.span,
            format!("`{name}:` is not supported for `({head} ...)`"),
        )
        .expected(expected.to_string()));
    }
    let p = &args.positional;
    if p.len() < min + 1 || p.len() > max + 1 {
        return Err(Diagnostic::at(
            form.span,
            format!("wrong number of arguments to `({head} ...)`"),
        )
        .expected(expected.to_string()));
    }
    let (nums, g) = p.split_at(p.len() - 1);
    let nums = nums
        .iter()
        .map(|n| number(n, &format!("an argument of `({head} ...)`")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((nums, g[0]))
}

/// Builds the graph of a graph form (an operator or a generator).
pub fn graph(node: &Node, site_type: SiteType) -> Result<Graph, Diagnostic> {
    use super::read::{self, size};
    let Some(head) = node.head_word() else {
        return Err(Diagnostic::at(
            node.span,
            format!("found {} where a graph was expected", node.describe()),
        )
        .expected("a graph: a generator or an operator"));
    };
    let args = read::split(node.form_args().unwrap_or(&[]));
    match head {
        "square" | "rectangle" => {
            // Ludii's `(rectangle N)` is the square of N (its columns optional)
            let want = if head == "square" {
                1
            } else {
                args.positional.len().clamp(1, 2)
            };
            let mut diagonals = super::square::Diagonals::None;
            for &(name, value, n) in &args.named {
                if name != "diagonals" {
                    return Err(Diagnostic::at(
                        n.span,
                        format!("`{name}:` is not supported for `({head} ...)`"),
                    )
                    .expected("`diagonals:`"));
                }
                diagonals = value
                    .as_word()
                    .and_then(super::square::Diagonals::from_name)
                    .ok_or_else(|| {
                        Diagnostic::at(
                            value.span,
                            format!("`diagonals:{}` is not supported", value.describe()),
                        )
                        .expected("`Alternating`, `Concentric` or `Solid`")
                    })?;
            }
            let a = read::positional(node, &args, want, "`(square N)` or `(rectangle R C)`")?;
            let rows = size(a[0], "the number of rows")?;
            let cols = if want == 1 {
                rows
            } else {
                size(a[1], "the number of columns")?
            };
            too_large(node, (rows as usize + 1).saturating_mul(cols as usize + 1))?;
            Ok(square_graph(rows, cols, diagonals, site_type))
        }
        "wedge" => {
            if let Some((name, _, n)) = args.named.first() {
                return Err(Diagnostic::at(
                    n.span,
                    format!("`{name}:` is not supported for `(wedge ...)`"),
                )
                .expected("`(wedge ROWS [COLUMNS])`"));
            }
            let p = &args.positional;
            if p.is_empty() || p.len() > 2 {
                return Err(Diagnostic::at(node.span, "wrong number of arguments")
                    .expected("`(wedge ROWS [COLUMNS])`"));
            }
            let rows = size(p[0], "the number of rows")?;
            let cols = match p.get(1) {
                Some(c) => size(c, "the number of columns")?,
                None => 3,
            };
            too_large(node, (rows as usize).saturating_mul(cols as usize))?;
            Ok(wedge_graph(rows, cols))
        }
        "hex" => {
            if let Some((name, _, n)) = args.named.first() {
                return Err(Diagnostic::at(
                    n.span,
                    format!("`{name}:` is not supported for `(hex ...)`"),
                )
                .expected("`(hex N)`"));
            }
            let p = &args.positional;
            let p: Vec<&Node> = match p.first().and_then(|n| n.as_word()) {
                Some("Hexagon") => p[1..].to_vec(),
                Some(w) => {
                    return Err(Diagnostic::at(
                        p[0].span,
                        format!("`(hex {w} ...)` inside a graph operator is not supported yet"),
                    )
                    .expected("`(hex N)`"));
                }
                None => p.clone(),
            };
            if p.len() != 1 {
                return Err(
                    Diagnostic::at(node.span, "wrong number of arguments").expected("`(hex N)`")
                );
            }
            let n = size(p[0], "the board size")?;
            too_large(
                node,
                6usize.saturating_mul(n as usize).saturating_mul(n as usize),
            )?;
            Ok(hex_graph(n))
        }
        "shift" => {
            let (v, g) = numbers_then_graph(node, &args, 2, 3, "`(shift DX DY GRAPH)`")?;
            let mut g = graph(g, site_type)?;
            g.transform(|p| [p[0] + v[0], p[1] + v[1]]);
            Ok(g)
        }
        "scale" => {
            let (v, g) = numbers_then_graph(node, &args, 1, 3, "`(scale S [SY] GRAPH)`")?;
            let mut g = graph(g, site_type)?;
            let (sx, sy) = (v[0], *v.get(1).unwrap_or(&v[0]));
            g.transform(|p| [p[0] * sx, p[1] * sy]);
            Ok(g)
        }
        "rotate" => {
            let (v, g) = numbers_then_graph(node, &args, 1, 1, "`(rotate DEGREES GRAPH)`")?;
            let mut g = graph(g, site_type)?;
            let theta = v[0].to_radians();
            let (x0, y0, x1, y1) = g.bounds();
            let (px, py) = (x0 + (x1 - x0) / 2.0, y0 + (y1 - y0) / 2.0);
            let (c, s) = (theta.cos(), theta.sin());
            g.transform(|p| {
                let (dx, dy) = (p[0] - px, p[1] - py);
                [px + dx * c - dy * s, py + dy * c + dx * s]
            });
            Ok(g)
        }
        "skew" => {
            let (v, g) = numbers_then_graph(node, &args, 1, 1, "`(skew AMOUNT GRAPH)`")?;
            let mut g = graph(g, site_type)?;
            let (_, y0, _, _) = g.bounds();
            g.transform(|p| [p[0] + (p[1] - y0) * v[0], p[1]]);
            Ok(g)
        }
        "merge" => {
            let (graphs, connect) = graph_list(node, &args, site_type, true)?;
            let mut g = merge(graphs);
            too_large(node, g.verts.len())?;
            if connect {
                g.connect();
            }
            Ok(g)
        }
        "union" => {
            let (graphs, connect) = graph_list(node, &args, site_type, true)?;
            let mut g = Graph::default();
            for other in graphs {
                let off = g.verts.len();
                g.verts.extend(other.verts);
                g.edges
                    .extend(other.edges.iter().map(|e| [e[0] + off, e[1] + off]));
                g.faces.extend(
                    other
                        .faces
                        .iter()
                        .map(|f| f.iter().map(|v| v + off).collect()),
                );
            }
            too_large(node, g.verts.len())?;
            if connect {
                g.connect();
            }
            Ok(g)
        }
        "intersect" => {
            let (graphs, _) = graph_list(node, &args, site_type, false)?;
            Ok(intersect(graphs))
        }
        "makeFaces" => {
            let a = read::positional(node, &args, 1, "`(makeFaces GRAPH)`")?;
            let mut g = graph(a[0], site_type)?;
            g.make_faces(true);
            Ok(g)
        }
        "renumber" => {
            let p = &args.positional;
            let Some((g, kinds)) = p.split_last() else {
                return Err(Diagnostic::at(node.span, "`(renumber ...)` has no graph")
                    .expected("`(renumber [Vertex|Edge|Cell ...] GRAPH)`"));
            };
            let mut g = graph(g, site_type)?;
            if kinds.is_empty() {
                g.reorder();
            }
            // Ludii renumbers in the order Vertex, Edge, Cell
            for want in ["Vertex", "Edge", "Cell"] {
                if kinds.iter().any(|k| k.as_word() == Some(want)) {
                    match want {
                        "Vertex" => g.reorder_vertices(),
                        "Edge" => g.reorder_edges(),
                        _ => g.reorder_faces(),
                    }
                }
            }
            if let Some(k) = kinds
                .iter()
                .find(|k| !matches!(k.as_word(), Some("Vertex" | "Edge" | "Cell")))
            {
                return Err(
                    Diagnostic::at(k.span, format!("bad site type {}", k.describe()))
                        .expected("`Vertex`, `Edge` or `Cell`"),
                );
            }
            Ok(g)
        }
        "add" => add(node, &args, site_type),
        "shape" => super::split::shape(node, site_type),
        "splitCrossings" => {
            let a = read::positional(node, &args, 1, "`(splitCrossings GRAPH)`")?;
            let mut g = graph(a[0], site_type)?;
            super::split::split_crossings(&mut g, MAX_SITES as usize);
            too_large(node, g.verts.len())?;
            Ok(g)
        }
        g if super::graphgen::GENERATORS.contains(&g) => super::graphgen::graph(node, g, site_type),
        "remove" => remove(node, &args, site_type),
        other if NOT_YET.contains(&other) => Err(Diagnostic::at(
            node.span,
            format!("Ludii's `({other} …)` graph operator is not supported yet"),
        )
        .expected(format!(
            "a graph built with {}",
            OPERATORS
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        other => Err(Diagnostic::at(
            node.span,
            format!("Ludii's graph `({other} …)` is not supported inside a graph operator yet"),
        )
        .expected("`square`, `rectangle`, `hex`, `wedge` or a graph operator")),
    }
}

/// `merge`: the graphs' vertices in order, each absorbing every later
/// vertex it coincides with; repeated edges dropped; faces found again.
fn merge(graphs: Vec<Graph>) -> Graph {
    let mut verts: Vec<[f64; 2]> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for g in graphs {
        let off = verts.len();
        verts.extend(g.verts);
        edges.extend(g.edges.iter().map(|e| [e[0] + off, e[1] + off]));
    }
    // grid of cells of side TOL: coincident points lie in neighbouring cells
    let cell = |p: [f64; 2]| ((p[0] / TOL).floor() as i64, (p[1] / TOL).floor() as i64);
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, &p) in verts.iter().enumerate() {
        grid.entry(cell(p)).or_default().push(i);
    }
    let n = verts.len();
    let mut survivor: Vec<usize> = (0..n).collect();
    let mut alive = vec![true; n];
    for v in 0..n {
        if !alive[v] {
            continue;
        }
        let (cx, cy) = cell(verts[v]);
        for dx in -1..=1 {
            for dy in -1..=1 {
                if let Some(list) = grid.get(&(cx + dx, cy + dy)) {
                    for &w in list {
                        if w > v && alive[w] && coincident(verts[v], verts[w]) {
                            alive[w] = false;
                            survivor[w] = v;
                        }
                    }
                }
            }
        }
    }
    let mut new_id = vec![0usize; n];
    let mut kept = Vec::new();
    for v in 0..n {
        if alive[v] {
            new_id[v] = kept.len();
            kept.push(verts[v]);
        }
    }
    let edges = edges
        .into_iter()
        .map(|e| [new_id[survivor[e[0]]], new_id[survivor[e[1]]]])
        .collect();
    Graph {
        verts: kept,
        edges,
        faces: Vec::new(),
    }
    .assemble()
}

/// `intersect`: the first graph's vertices and edges found (within the
/// tolerance) in every other graph; faces found again.
fn intersect(mut graphs: Vec<Graph>) -> Graph {
    if graphs.len() == 1 {
        return graphs.remove(0);
    }
    let first = &graphs[0];
    let rest = &graphs[1..];
    let keep_edge = |e: &[usize; 2]| {
        let (a, b) = (first.verts[e[0]], first.verts[e[1]]);
        rest.iter().all(|g| {
            g.edges.iter().any(|f| {
                let (c, d) = (g.verts[f[0]], g.verts[f[1]]);
                (coincident(a, c) && coincident(b, d)) || (coincident(a, d) && coincident(b, c))
            })
        })
    };
    let edges: Vec<[usize; 2]> = first
        .edges
        .iter()
        .filter(|e| keep_edge(e))
        .copied()
        .collect();
    let keep_vert: Vec<bool> = first
        .verts
        .iter()
        .map(|&p| {
            rest.iter()
                .all(|g| g.verts.iter().any(|&q| coincident(p, q)))
        })
        .collect();
    let mut new_id = vec![usize::MAX; first.verts.len()];
    let mut verts = Vec::new();
    for (i, &p) in first.verts.iter().enumerate() {
        if keep_vert[i] {
            new_id[i] = verts.len();
            verts.push(p);
        }
    }
    let edges = edges
        .into_iter()
        .filter(|e| keep_vert[e[0]] && keep_vert[e[1]])
        .map(|e| [new_id[e[0]], new_id[e[1]]])
        .collect();
    Graph {
        verts,
        edges,
        faces: Vec::new(),
    }
    .assemble()
}

/// `(add [GRAPH] vertices:{…} edges:{…} cells:{…} connect:B)`.
fn add(node: &Node, args: &super::read::Args, site_type: SiteType) -> Result<Graph, Diagnostic> {
    let mut g = match args.positional.as_slice() {
        [] => Graph::default(),
        [one] => graph(one, site_type)?,
        [_, extra, ..] => {
            return Err(Diagnostic::at(
                extra.span,
                format!("unexpected {} in `(add ...)`", extra.describe()),
            )
            .expected("one graph, then `vertices:`, `edges:`, `cells:`"));
        }
    };
    let (mut vertices, mut edges, mut cells, mut connect) = (None, None, None, false);
    for &(name, value, n) in &args.named {
        match name {
            "vertices" => vertices = Some(value),
            "edges" => edges = Some(value),
            "cells" => cells = Some(value),
            "connect" => connect = boolean(value, "connect")?,
            _ => {
                return Err(Diagnostic::at(
                    n.span,
                    format!("unknown argument `{name}:` of `(add ...)`"),
                )
                .expected("`vertices:`, `edges:`, `cells:` or `connect:`"));
            }
        }
    }
    let mut new_vertices = Vec::new();
    if let Some(v) = vertices {
        for p in items(v, "`vertices:`")? {
            let p = point(p, "a vertex")?;
            if g.find_vertex(p).is_none() {
                new_vertices.push(g.add_vertex(p[0], p[1]));
            }
        }
    }
    let mut edge_indices = Vec::new();
    if let Some(e) = edges {
        for pair in items(e, "`edges:`")? {
            let ends = items(pair, "an edge")?;
            if ends.len() != 2 {
                return Err(Diagnostic::at(pair.span, "an edge needs two ends")
                    .expected("`{A B}` or `{{x y} {x y}}`"));
            }
            if nested(pair) {
                let a = g.find_or_add_vertex(point(&ends[0], "an edge end")?);
                let b = g.find_or_add_vertex(point(&ends[1], "an edge end")?);
                g.find_or_add_edge(a, b);
            } else {
                edge_indices.push((
                    pair,
                    index(&ends[0], "an edge end")?,
                    index(&ends[1], "an edge end")?,
                ));
            }
        }
    }
    let mut face_indices = Vec::new();
    if let Some(c) = cells {
        for face in items(c, "`cells:`")? {
            let corners = items(face, "a cell")?;
            if nested(face) {
                let mut ids = Vec::new();
                for p in corners {
                    ids.push(g.find_or_add_vertex(point(p, "a cell corner")?));
                }
                for k in 0..ids.len() {
                    g.find_or_add_edge(ids[k], ids[(k + 1) % ids.len()]);
                }
                add_face(&mut g, ids);
            } else {
                let ids = corners
                    .iter()
                    .map(|c| index(c, "a cell corner"))
                    .collect::<Result<Vec<_>, _>>()?;
                face_indices.push((face, ids));
            }
        }
    }
    for (pair, a, b) in edge_indices {
        if a >= g.verts.len() || b >= g.verts.len() {
            return Err(Diagnostic::at(
                pair.span,
                format!(
                    "no vertex {} in a graph of {} vertices",
                    a.max(b),
                    g.verts.len()
                ),
            )
            .expected(format!("indices below {}", g.verts.len())));
        }
        g.find_or_add_edge(a, b);
    }
    for (face, ids) in face_indices {
        if ids.len() < 3 || ids.iter().any(|&v| v >= g.verts.len()) {
            return Err(Diagnostic::at(
                face.span,
                "a cell needs 3 or more vertex indices of the graph",
            )
            .expected(format!("indices below {}", g.verts.len())));
        }
        add_face(&mut g, ids);
    }
    if connect {
        let threshold = 1.1 * g.average_edge_length();
        for &a in &new_vertices {
            for b in 0..g.verts.len() {
                if a != b && dist(g.verts[a], g.verts[b]) < threshold {
                    g.find_or_add_edge(a, b);
                }
            }
        }
    }
    too_large(node, g.verts.len())?;
    Ok(g)
}

/// Ludii's `findOrAddFace`: only when every side is an edge.
fn add_face(g: &mut Graph, ids: Vec<usize>) {
    if g.faces.iter().any(|f| cycle_matches(f, &ids)) {
        return;
    }
    let n = ids.len();
    if (0..n).all(|k| g.find_edge(ids[k], ids[(k + 1) % n]).is_some()) {
        g.faces.push(ids);
    }
}

/// `(remove GRAPH cells:{…} edges:{…} vertices:{…} trimEdges:B)`.
fn remove(node: &Node, args: &super::read::Args, site_type: SiteType) -> Result<Graph, Diagnostic> {
    let a = super::read::positional(node, args, 1, "`(remove GRAPH cells:… edges:… vertices:…)`")?;
    if a[0].head_word() == Some("poly") {
        return Err(Diagnostic::at(
            a[0].span,
            "Ludii's `(remove … (poly …))` is not supported yet",
        )
        .expected("`cells:`, `edges:` or `vertices:`"));
    }
    let mut g = graph(a[0], site_type)?;
    let (mut vertices, mut edges, mut cells, mut trim) = (None, None, None, true);
    for &(name, value, n) in &args.named {
        match name {
            "vertices" => vertices = Some(value),
            "edges" => edges = Some(value),
            "cells" => cells = Some(value),
            "trimEdges" => trim = boolean(value, "trimEdges")?,
            _ => {
                return Err(Diagnostic::at(
                    n.span,
                    format!("unknown argument `{name}:` of `(remove ...)`"),
                )
                .expected("`cells:`, `edges:`, `vertices:` or `trimEdges:`"));
            }
        }
    }
    if let Some(c) = cells {
        let list = items(c, "`cells:`")?;
        if nested(c) {
            for face in list {
                let mut ids = Vec::new();
                for p in items(face, "a cell")? {
                    ids.push(g.find_vertex(point(p, "a cell corner")?));
                }
                let ids: Option<Vec<usize>> = ids.into_iter().collect();
                if let Some(ids) = ids
                    && let Some(fid) = g.faces.iter().position(|f| cycle_matches(f, &ids))
                {
                    g.remove_face(fid, trim);
                }
            }
        } else {
            let mut ids = list
                .iter()
                .map(|c| index(c, "a cell"))
                .collect::<Result<Vec<_>, _>>()?;
            ids.sort_unstable();
            for id in ids.into_iter().rev() {
                g.remove_face(id, trim);
            }
        }
    }
    if let Some(e) = edges {
        for pair in items(e, "`edges:`")? {
            let ends = items(pair, "an edge")?;
            if ends.len() != 2 {
                return Err(Diagnostic::at(pair.span, "an edge needs two ends")
                    .expected("`{A B}` or `{{x y} {x y}}`"));
            }
            let (a, b) = if nested(pair) {
                (
                    g.find_vertex(point(&ends[0], "an edge end")?),
                    g.find_vertex(point(&ends[1], "an edge end")?),
                )
            } else {
                (
                    Some(index(&ends[0], "an edge end")?),
                    Some(index(&ends[1], "an edge end")?),
                )
            };
            if let (Some(a), Some(b)) = (a, b)
                && let Some(eid) = g.find_edge(a, b)
            {
                g.remove_edge(eid);
            }
        }
    }
    if let Some(v) = vertices {
        let list = items(v, "`vertices:`")?;
        if nested(v) {
            for p in list {
                if let Some(vid) = g.find_vertex(point(p, "a vertex")?) {
                    g.remove_vertex(vid);
                }
            }
        } else {
            let mut ids = list
                .iter()
                .map(|c| index(c, "a vertex"))
                .collect::<Result<Vec<_>, _>>()?;
            ids.sort_unstable();
            for id in ids.into_iter().rev() {
                g.remove_vertex(id);
            }
        }
    }
    Ok(g)
}

// ------------------------------------------------------------- to a board

/// Ludii's rows or columns: the sites' distances to a reference line at
/// `theta`, sorted and cut into buckets wherever a distance is more than
/// 0.6 `unit` from its bucket's running mean. Returns the bucket of each
/// site and the fitting error.
fn cluster(points: &[[f64; 2]], rows: bool, unit: f64, theta: f64) -> (Vec<u32>, f64) {
    let (x0, y0, x1, y1) = bounds(points.iter().copied());
    let (w, h) = (x1 - x0, y1 - y0);
    let a = if rows {
        [x0 + w / 2.0, y0 - h]
    } else {
        [x0 - w, y0 + h / 2.0]
    };
    let b = [a[0] + w * theta.cos(), a[1] + w * theta.sin()];
    let mut rank: Vec<(usize, f64)> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, dist_to_line(p, a, b)))
        .collect();
    rank.sort_by(|p, q| p.1.total_cmp(&q.1));
    let margin = 0.6 * unit;
    let mut buckets: Vec<(Vec<(usize, f64)>, f64)> = Vec::new();
    for item in rank {
        let new = match buckets.last() {
            None => true,
            Some((items, total)) => (item.1 - total / items.len() as f64).abs() > margin,
        };
        if new {
            buckets.push((Vec::new(), 0.0));
        }
        let last = buckets.last_mut().expect("a bucket");
        last.0.push(item);
        last.1 += item.1;
    }
    let mut out = vec![0u32; points.len()];
    let mut error = 0.0;
    for (bid, (items, total)) in buckets.iter().enumerate() {
        let mean = total / items.len() as f64;
        let mut acc = 0.0;
        for &(i, s) in items {
            out[i] = bid as u32;
            // Ludii keeps only the last item's square here
            acc = (mean - s) * (mean - s);
        }
        error += acc / items.len() as f64;
    }
    error += 0.01 * buckets.len() as f64;
    (out, error)
}

/// Ludii's `clusterByRowAndColumn` for sites at `points`.
fn rows_and_columns(points: &[[f64; 2]]) -> (Vec<u32>, Vec<u32>) {
    let (x0, y0, x1, y1) = bounds(points.iter().copied());
    let unit = ((x1 - x0) + (y1 - y0)) / 2.0 / (points.len() as f64).sqrt();
    let mut best = (1000.0, 0.0);
    for angle in (0..=60).step_by(15) {
        let theta = angle as f64 / 180.0 * std::f64::consts::PI;
        let (_, err) = cluster(points, true, unit, theta);
        if err < best.0 {
            best = (err, theta);
            if err < 0.01 {
                break;
            }
        }
    }
    let row_theta = best.1;
    let (rows, _) = cluster(points, true, unit, row_theta);
    let mut best = (1000.0, 0.0);
    for angle in (90..=120).step_by(15) {
        let theta = row_theta + angle as f64 / 180.0 * std::f64::consts::PI;
        let (_, err) = cluster(points, false, unit, theta);
        if err < best.0 {
            best = (err, theta);
            if err < 0.01 {
                break;
            }
        }
    }
    let (cols, _) = cluster(points, false, unit, best.1);
    // Two sites with one label: Ludii numbers rows and columns by the
    // distinct y and x values instead (within 0.001).
    let mut labels = std::collections::HashSet::new();
    if rows.iter().zip(&cols).all(|rc| labels.insert(rc)) {
        return (rows, cols);
    }
    (distinct_rank(points, 1), distinct_rank(points, 0))
}

/// Each point's rank among the distinct values of coordinate `k`.
fn distinct_rank(points: &[[f64; 2]], k: usize) -> Vec<u32> {
    let mut values: Vec<f64> = Vec::new();
    for p in points {
        if !values.iter().any(|v| (p[k] - v).abs() < 0.001) {
            values.push(p[k]);
        }
    }
    values.sort_by(f64::total_cmp);
    points
        .iter()
        .map(|p| {
            values
                .iter()
                .rposition(|v| (p[k] - v).abs() < 0.001)
                .unwrap_or(0) as u32
        })
        .collect()
}

/// The board of a graph, played on its vertices or its faces, in the
/// graph's order.
pub fn to_board(node: &Node, g: &Graph, site_type: SiteType) -> Result<Board, Diagnostic> {
    let mut p = Proto {
        keep_order: true,
        ..Proto::default()
    };
    // how many faces use each edge (for the outer sites)
    let mut edge_faces: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (f, face) in g.faces.iter().enumerate() {
        for k in 0..face.len() {
            let (a, b) = (face[k], face[(k + 1) % face.len()]);
            edge_faces.entry((a.min(b), a.max(b))).or_default().push(f);
        }
    }
    let faces_of = |a: usize, b: usize| edge_faces.get(&(a.min(b), a.max(b)));
    let edge_set: std::collections::HashSet<(usize, usize)> = g
        .edges
        .iter()
        .map(|e| (e[0].min(e[1]), e[0].max(e[1])))
        .collect();
    let centroids: Vec<[f64; 2]> = g.faces.iter().map(|f| g.centroid(f)).collect();
    match site_type {
        SiteType::Vertex => {
            if g.verts.is_empty() {
                return Err(Diagnostic::at(node.span, "the graph has no vertices")
                    .expected("a graph with vertices"));
            }
            let (rows, cols) = rows_and_columns(&g.verts);
            // Ludii's outer vertices are its perimeters' (graph.rs)
            let plain = super::graph::Graph {
                pts: g.verts.iter().map(|v| (v[0], v[1])).collect(),
                edges: g.edges.iter().map(|e| (e[0], e[1])).collect(),
            };
            let perimeters = plain.perimeters();
            let corner = plain.corners(&perimeters);
            let mut outer = vec![false; g.verts.len()];
            for per in &perimeters {
                per.iter().for_each(|&v| outer[v] = true);
            }
            for (i, &v) in g.verts.iter().enumerate() {
                let s = p.site(v[0], v[1], cols[i], rows[i]);
                p.sites[s].outer = outer[i];
                p.sites[s].corner = corner[i];
            }
            for &[a, b] in &g.edges {
                p.edge(a, b, ORTH | ADJ);
            }
            for (f, face) in g.faces.iter().enumerate() {
                if face.len() < 4 {
                    continue;
                }
                for &v in face {
                    let mut best = (1e6, None);
                    for &to in face {
                        if to == v {
                            continue;
                        }
                        let d = dist_to_line(centroids[f], g.verts[v], g.verts[to]);
                        if d < best.0 {
                            best = (d, Some(to));
                        }
                    }
                    // a Diagonal that is also an edge stays Orthogonal only
                    if let Some(to) = best.1
                        && !edge_set.contains(&(v.min(to), v.max(to)))
                    {
                        p.edge(v, to, DIAG);
                    }
                }
            }
        }
        SiteType::Cell => {
            if g.faces.is_empty() {
                return Err(
                    Diagnostic::at(node.span, "the graph has no cells (faces) to play on")
                        .expected("`use:Vertex`, or a graph with faces"),
                );
            }
            let (rows, cols) = rows_and_columns(&centroids);
            let ve = g.vertex_edges();
            // each vertex's faces, sorted by the angle to their centroids
            let mut vertex_faces: Vec<Vec<usize>> = vec![Vec::new(); g.verts.len()];
            for (f, face) in g.faces.iter().enumerate() {
                for &v in face {
                    vertex_faces[v].push(f);
                }
            }
            for (v, list) in vertex_faces.iter_mut().enumerate() {
                let pv = g.verts[v];
                let angle = |f: usize| (centroids[f][1] - pv[1]).atan2(centroids[f][0] - pv[0]);
                list.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
            }
            let corner_cells = cell_corners(g, &edge_faces);
            for (f, face) in g.faces.iter().enumerate() {
                let n = face.len();
                let outer = (0..n)
                    .any(|k| faces_of(face[k], face[(k + 1) % n]).is_none_or(|l| l.len() < 2));
                let s = p.site(centroids[f][0], centroids[f][1], cols[f], rows[f]);
                p.sites[s].outer = outer;
                p.sites[s].corner = corner_cells.as_ref().is_some_and(|c| c[f]);
            }
            for (f, face) in g.faces.iter().enumerate() {
                let n = face.len();
                let mut used = vec![false; g.faces.len()];
                used[f] = true;
                for k in 0..n {
                    let (a, b) = (face[k], face[(k + 1) % n]);
                    if let Some(l) = faces_of(a, b) {
                        for &o in l {
                            if o != f {
                                used[o] = true;
                                p.edge(f, o, ORTH | ADJ);
                            }
                        }
                    }
                }
                for &v in face {
                    let mut best = (1e6, None);
                    for &o in &vertex_faces[v] {
                        if used[o] {
                            continue;
                        }
                        let d = dist_to_line(g.verts[v], centroids[f], centroids[o]);
                        if d < best.0 {
                            best = (d, Some(o));
                        }
                    }
                    if let Some(o) = best.1 {
                        used[o] = true;
                        p.edge(f, o, DIAG | ADJ);
                    }
                }
                for &v in face {
                    for &o in &vertex_faces[v] {
                        if !used[o] {
                            used[o] = true;
                            p.edge(f, o, ADJ);
                        }
                    }
                }
                for &v in face {
                    if ve[v].len() != 3 {
                        continue;
                    }
                    // the first edge of v (by angle) not on this face
                    let Some(away) = ve[v].iter().copied().find(|&e| {
                        let [a, b] = g.edges[e];
                        !face_has_edge(face, a, b)
                    }) else {
                        continue;
                    };
                    let ov = g.other(away, v);
                    for &o in &vertex_faces[ov] {
                        if used[o] {
                            continue;
                        }
                        let d_v = dist_to_line(g.verts[v], centroids[f], centroids[o]);
                        let d_ov = dist_to_line(g.verts[ov], centroids[f], centroids[o]);
                        let d_ab = dist(centroids[f], centroids[o]);
                        if (d_v + d_ov) / d_ab > 0.1 {
                            continue;
                        }
                        used[o] = true;
                        p.edge(f, o, DIAG);
                    }
                }
            }
        }
    }
    let mut board = builder::build(Shape::Operators, site_type, p);
    if site_type == SiteType::Cell && cell_corners(g, &edge_faces).is_some() {
        board.corners_known = true;
    }
    Ok(board)
}

/// Ludii's corner cells: for each convex corner vertex of the outline
/// (`graph::Graph::corner_kinds`), the cell along each edge to another
/// corner vertex, or else the cell along each outline edge there. `None`
/// where Ludii's rule needs more than we follow (a concave corner, or an
/// edge between corners with a cell on each side).
fn cell_corners(g: &Graph, edge_faces: &HashMap<(usize, usize), Vec<usize>>) -> Option<Vec<bool>> {
    let faces_of = |a: usize, b: usize| edge_faces.get(&(a.min(b), a.max(b)));
    let plain = super::graph::Graph {
        pts: g.verts.iter().map(|v| (v[0], v[1])).collect(),
        edges: g.edges.iter().map(|e| (e[0], e[1])).collect(),
    };
    let perimeters = plain.perimeters();
    let (convex, concave) = plain.corner_kinds(&perimeters);
    if concave.iter().any(|&c| c) {
        return None;
    }
    let mut outline = std::collections::HashSet::new();
    for per in &perimeters {
        for k in 0..per.len() {
            let (a, b) = (per[k], per[(k + 1) % per.len()]);
            outline.insert((a.min(b), a.max(b)));
        }
    }
    let ve = g.vertex_edges();
    let mut out = vec![false; g.faces.len()];
    let only_face = |a: usize, b: usize| match faces_of(a, b) {
        Some(l) if l.len() == 1 => Some(l[0]),
        Some(l) if l.is_empty() => Some(usize::MAX),
        None => Some(usize::MAX),
        _ => None,
    };
    for v in 0..g.verts.len() {
        if !convex[v] {
            continue;
        }
        let mut single = false;
        for &e in &ve[v] {
            let o = g.other(e, v);
            if convex[o] {
                single = true;
                let f = only_face(v, o)?;
                if f != usize::MAX {
                    out[f] = true;
                }
            }
        }
        if single {
            continue;
        }
        for &e in &ve[v] {
            let o = g.other(e, v);
            if outline.contains(&(v.min(o), v.max(o))) {
                let f = only_face(v, o)?;
                if f != usize::MAX {
                    out[f] = true;
                }
            }
        }
    }
    Some(out)
}

/// Reads `(board OPERATOR …)`: the graph, then its board.
pub fn board(form: &Node, site_type: SiteType) -> Result<Board, Diagnostic> {
    let g = graph(form, site_type)?;
    let mut board = to_board(form, &g, site_type)?;
    if site_type == SiteType::Vertex {
        board.ludii_cells = g.faces.len() as u32;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Diagonals;

    #[test]
    fn square_cells_graph_has_faces_in_ludii_order() {
        let g = square_graph(2, 3, Diagonals::None, SiteType::Cell);
        assert_eq!(g.verts.len(), 12);
        assert_eq!(g.edges.len(), 17);
        assert_eq!(g.faces.len(), 6);
        let c: Vec<[f64; 2]> = g.faces.iter().map(|f| g.centroid(f)).collect();
        assert_eq!(c[0], [0.5, 0.5]);
        assert_eq!(c[2], [2.5, 0.5]);
        assert_eq!(c[3], [0.5, 1.5]);
    }

    #[test]
    fn merge_keeps_the_first_of_coincident_vertices() {
        let a = square_graph(2, 2, Diagonals::None, SiteType::Vertex);
        let mut b = a.clone();
        b.transform(|p| [p[0] + 1.0, p[1] + 0.004]);
        let m = merge(vec![a, b]);
        assert_eq!(m.verts.len(), 6);
        assert_eq!(m.verts[4], [2.0, 0.004]);
        assert_eq!(m.edges.len(), 7);
        assert_eq!(m.faces.len(), 2);
    }

    #[test]
    fn cycles_match_either_way() {
        assert!(cycle_matches(&[1, 2, 3, 4], &[3, 4, 1, 2]));
        assert!(cycle_matches(&[1, 2, 3, 4], &[3, 2, 1, 4]));
        assert!(!cycle_matches(&[1, 2, 3, 4], &[1, 3, 2, 4]));
        assert_eq!(canonical(&[3, 4, 1, 2]), canonical(&[3, 2, 1, 4]));
        assert_ne!(canonical(&[1, 2, 3, 4]), canonical(&[1, 3, 2, 4]));
    }
}
