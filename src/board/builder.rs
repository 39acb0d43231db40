//! The shared graph builder. A generator describes its sites (centre, column
//! and row for the label, whether the site is a corner or on the outer ring)
//! and its edges (with the relations each edge belongs to); [`build`] turns
//! that into a [`Board`]: Ludii's index order, labels, per-relation
//! neighbour lists clockwise from N, compass directions, the step table,
//! radials and regions.

use super::{Board, Dir, NONE, Radials, Relation, Shape, Site, SiteInfo, SiteType, Table};
use std::collections::HashMap;

/// Edge belongs to the Orthogonal relation.
pub const ORTH: u8 = 1;
/// Edge belongs to the Diagonal relation.
pub const DIAG: u8 = 2;
/// Edge belongs to the Adjacent relation.
pub const ADJ: u8 = 4;

/// One site as a generator describes it.
#[derive(Clone, Debug)]
pub struct ProtoSite {
    pub x: f64,
    pub y: f64,
    /// Column index for the label letter(s): 0 = `A`.
    pub col: u32,
    /// Row index for the label number: 0 = `1`.
    pub row: u32,
    pub corner: bool,
    pub outer: bool,
}

/// What a generator produces: sites and edges in the generator's own order
/// (edges refer to positions in `sites`).
#[derive(Clone, Debug, Default)]
pub struct Proto {
    pub sites: Vec<ProtoSite>,
    /// `(a, b, relations)`: `relations` is a union of [`ORTH`], [`DIAG`],
    /// [`ADJ`]. Each undirected edge is listed once.
    pub edges: Vec<(usize, usize, u8)>,
    /// One-way steps `(from, to, relations)` (Ludii's Diagonal steps
    /// across a face of a plain graph need not be symmetric).
    pub arcs: Vec<(usize, usize, u8)>,
    /// Keep the generator's order of sites instead of sorting them by
    /// position (Ludii does not reorder a plain graph's vertices).
    pub keep_order: bool,
    /// The order in which Ludii's phase colouring visits each site's
    /// neighbours, when it is not index order (a plain graph's vertices:
    /// by the angle of their edges).
    pub phase_order: Option<Vec<Vec<usize>>>,
}

impl Proto {
    pub fn site(&mut self, x: f64, y: f64, col: u32, row: u32) -> usize {
        self.sites.push(ProtoSite {
            x,
            y,
            col,
            row,
            corner: false,
            outer: false,
        });
        self.sites.len() - 1
    }

    pub fn edge(&mut self, a: usize, b: usize, rels: u8) {
        self.edges.push((a, b, rels));
    }
}

/// Column letters: `A` … `Z`, then `AA`, `AB`, … (bijective base 26).
pub fn column_letters(col: u32) -> String {
    let mut c = col as u64 + 1;
    let mut out = Vec::new();
    while c > 0 {
        c -= 1;
        out.push(b'A' + (c % 26) as u8);
        c /= 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// The compass direction (of 16) nearest to the vector `(dx, dy)`, y up.
pub fn quantise(dx: f64, dy: f64) -> Dir {
    let deg = dx.atan2(dy).to_degrees(); // clockwise from N
    let k = (deg / 22.5).round() as i64;
    Dir::ALL[k.rem_euclid(16) as usize]
}

/// Rounds a coordinate to a fixed grid so float noise cannot reorder sites.
fn key(v: f64) -> i64 {
    (v * 1e6).round() as i64
}

/// A neighbour as the builder collects it before sorting.
#[derive(Clone, Copy)]
struct Nb {
    to: Site,
    dir: Dir,
    /// Exact angle, clockwise from N, to order two neighbours that fall in
    /// one compass direction.
    angle: f64,
    dist: f64,
    rels: u8,
}

pub fn build(shape: Shape, site_type: SiteType, proto: Proto) -> Board {
    let n = proto.sites.len();
    assert!(n > 0, "a board has at least one site");

    // Ludii's order: by y, then x (bottom row first, left to right).
    // (a mancala board keeps its generator's order, as Ludii does)
    let mut order: Vec<usize> = (0..n).collect();
    if !proto.keep_order {
        order.sort_by_key(|&i| (key(proto.sites[i].y), key(proto.sites[i].x)));
    }
    let mut index_of = vec![0 as Site; n];
    for (idx, &orig) in order.iter().enumerate() {
        index_of[orig] = idx as Site;
    }

    let mut sites: Vec<SiteInfo> = order
        .iter()
        .enumerate()
        .map(|(idx, &orig)| {
            let p = &proto.sites[orig];
            SiteInfo {
                index: idx as Site,
                label: format!("{}{}", column_letters(p.col), p.row + 1),
                x: p.x,
                y: p.y,
                row: p.row,
                col: p.col,
                phase: 0,
                phase_marks: 0,
            }
        })
        .collect();

    // Neighbours of each site, all relations together.
    let mut nbs: Vec<Vec<Nb>> = vec![Vec::new(); n];
    let mut seen: HashMap<(Site, Site), usize> = HashMap::new();
    let both = proto
        .edges
        .iter()
        .flat_map(|&(a, b, r)| [(a, b, r), (b, a, r)]);
    for (a, b, rels) in both.chain(proto.arcs.iter().copied()) {
        let (a, b) = (index_of[a], index_of[b]);
        if a == b {
            continue;
        }
        {
            let (s, t) = (a, b);
            let (ps, pt) = (&sites[s as usize], &sites[t as usize]);
            let (dx, dy) = (pt.x - ps.x, pt.y - ps.y);
            let angle = dx.atan2(dy).to_degrees().rem_euclid(360.0);
            match seen.get(&(s, t)) {
                // the same pair listed twice: merge the relations
                Some(&k) => nbs[s as usize][k].rels |= rels,
                None => {
                    seen.insert((s, t), nbs[s as usize].len());
                    nbs[s as usize].push(Nb {
                        to: t,
                        dir: quantise(dx, dy),
                        angle,
                        dist: dx.hypot(dy),
                        rels,
                    });
                }
            }
        }
    }
    for list in &mut nbs {
        list.sort_by(|p, q| {
            (p.dir as u8)
                .cmp(&(q.dir as u8))
                .then(p.angle.total_cmp(&q.angle))
        });
    }

    // Per-relation lists, key rel * n + s.
    let mut lists: Vec<Vec<Site>> = Vec::with_capacity(4 * n);
    let mut dir_lists: Vec<Vec<Dir>> = Vec::with_capacity(4 * n);
    for rel in Relation::ALL {
        let mask = match rel {
            Relation::Orthogonal => ORTH,
            Relation::Diagonal => DIAG,
            Relation::Adjacent => ADJ,
            Relation::All => ORTH | DIAG | ADJ,
        };
        for list in &nbs {
            let chosen: Vec<&Nb> = list.iter().filter(|nb| nb.rels & mask != 0).collect();
            lists.push(chosen.iter().map(|nb| nb.to).collect());
            dir_lists.push(chosen.iter().map(|nb| nb.dir).collect());
        }
    }

    // Step table: in each direction, the nearest neighbour of any relation,
    // preferring Adjacent, then Orthogonal, when two share a direction.
    let mut step = vec![NONE; n * 16];
    for (s, list) in nbs.iter().enumerate() {
        for d in Dir::ALL {
            let best = list.iter().filter(|nb| nb.dir == d).min_by(|p, q| {
                let rank = |nb: &Nb| (nb.rels & ADJ == 0, nb.rels & ORTH == 0);
                rank(p).cmp(&rank(q)).then(p.dist.total_cmp(&q.dist))
            });
            if let Some(nb) = best {
                step[s * 16 + d as usize] = nb.to;
            }
        }
    }

    let radials = radials(n, &step);

    let pick = |f: &dyn Fn(&ProtoSite) -> bool| -> Vec<Site> {
        let mut v: Vec<Site> = (0..n)
            .filter(|&orig| f(&proto.sites[orig]))
            .map(|orig| index_of[orig])
            .collect();
        v.sort_unstable();
        v
    };
    let corners = pick(&|p| p.corner);
    let outer = pick(&|p| p.outer);
    let inner = pick(&|p| !p.outer);

    // Centre: the site nearest the middle of the bounding box; the lowest
    // index among ties.
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for s in &sites {
        x0 = x0.min(s.x);
        x1 = x1.max(s.x);
        y0 = y0.min(s.y);
        y1 = y1.max(s.y);
    }
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let mut centre = 0;
    let mut best = f64::MAX;
    for s in &sites {
        let d = (s.x - cx).hypot(s.y - cy);
        if d < best - 1e-9 {
            best = d;
            centre = s.index;
        }
    }

    // `(sites Centre)`: the sites whose summed squared distance to the
    // outer sites (boards under 100 sites only) and the corners is least.
    let centre_sites = {
        let mut refs: Vec<Site> = corners.clone();
        if n < 100 {
            refs.extend(&outer);
        }
        let dist: Vec<f64> = sites
            .iter()
            .map(|a| {
                refs.iter()
                    .map(|&r| {
                        let b = &sites[r as usize];
                        (a.x - b.x).powi(2) + (a.y - b.y).powi(2)
                    })
                    .sum()
            })
            .collect();
        let least = dist.iter().copied().fold(f64::MAX, f64::min);
        (0..n as Site)
            .filter(|&s| (dist[s as usize] - least).abs() < 1e-4)
            .collect::<Vec<Site>>()
    };
    // On graphs Ludii's `(centrePoint)` is the first of `(sites Centre)`
    if matches!(
        shape,
        Shape::Graph { .. } | Shape::Circle { .. } | Shape::Operators
    ) && let Some(&c) = centre_sites.first()
    {
        centre = c;
    }
    let extreme = |f: &dyn Fn(&SiteInfo) -> f64| -> Vec<Site> {
        let best = sites.iter().map(f).fold(f64::MIN, f64::max);
        sites
            .iter()
            .filter(|s| (f(s) - best).abs() < 0.01)
            .map(|s| s.index)
            .collect()
    };
    let top = extreme(&|s| s.y);
    let bottom = extreme(&|s| -s.y);
    let left = extreme(&|s| -s.x);
    let right = extreme(&|s| s.x);

    // Ludii visits the neighbours in index order (unless told otherwise)
    let by_index: Vec<Vec<Site>> = match &proto.phase_order {
        Some(lists) => {
            let mut out = vec![Vec::new(); n];
            for (orig, l) in lists.iter().enumerate() {
                out[index_of[orig] as usize] = l.iter().map(|&t| index_of[t]).collect();
            }
            out
        }
        None => lists[..n]
            .iter()
            .map(|l| {
                let mut l = l.clone();
                l.sort_unstable();
                l
            })
            .collect(),
    };
    for (s, marks) in phases(n, &by_index).into_iter().enumerate() {
        sites[s].phase_marks = marks;
        sites[s].phase = 7 - marks.leading_zeros() as u8;
    }

    // a label two sites share names the first
    let mut by_label = HashMap::new();
    for s in &sites {
        by_label.entry(s.label.clone()).or_insert(s.index);
    }

    // Lines of the drawing: the Orthogonal edges, each once, sorted.
    let mut edges: Vec<(Site, Site)> = Vec::new();
    for (s, list) in nbs.iter().enumerate() {
        for nb in list {
            if nb.rels & ORTH != 0 && (s as Site) < nb.to {
                edges.push((s as Site, nb.to));
            }
        }
    }
    edges.sort_unstable();

    Board {
        site_type,
        sites,
        step,
        neighbours: Table::from_lists(lists),
        neighbour_dirs: Table::from_lists(dir_lists),
        radials,
        corners,
        outer,
        inner,
        centre,
        centre_sites,
        top,
        phases_known: !matches!(shape, Shape::LimpingHex { .. }),
        corners_known: !matches!(shape, Shape::Operators) || site_type == SiteType::Vertex,
        bottom,
        left,
        right,
        by_label,
        edges,
        tracks: Vec::new(),
        ludii_cells: 0,
        shape,
    }
}

/// Ludii's phases: a greedy colouring over the Orthogonal neighbours (each
/// list in the order given). Each site keeps a set of phase marks and its
/// phase is the least of them. While a site has no mark, the first such
/// site is marked 0 and a search starts from it (with nothing visited):
/// sites are taken from a double-ended queue; each is marked with the
/// least phase (of 4) no neighbour shows, if there is one, then queues its
/// unvisited neighbours: at the front a neighbour whose own neighbours
/// already show two or more phases, else at the back. A site whose
/// neighbours show all four phases gets no mark, and so starts a search of
/// its own later, which marks sites again.
/// Returns each site's marks (bit k: phase k).
fn phases(n: usize, orth_lists: &[Vec<Site>]) -> Vec<u8> {
    let orth = |s: usize| &orth_lists[s];
    let mut marks = vec![0u8; n];
    let phase = |marks: &[u8], s: usize| -> Option<u8> {
        (marks[s] != 0).then(|| marks[s].trailing_zeros() as u8)
    };
    let shown = |marks: &[u8], s: usize| -> u8 {
        orth(s)
            .iter()
            .filter_map(|&t| phase(marks, t as usize))
            .fold(0u8, |m, p| m | 1 << p)
    };
    let mut queue = std::collections::VecDeque::new();
    let mut visited = vec![false; n];
    // every search marks its start: at most n searches
    while let Some(start) = (0..n).find(|&s| marks[s] == 0) {
        marks[start] |= 1;
        visited.iter_mut().for_each(|v| *v = false);
        queue.push_back(start);
        while let Some(s) = queue.pop_front() {
            if visited[s] {
                continue;
            }
            let mask = shown(&marks, s);
            if let Some(p) = (0..4).find(|p| mask & (1 << p) == 0) {
                marks[s] |= 1 << p;
            }
            visited[s] = true;
            for &t in orth(s) {
                let t = t as usize;
                if visited[t] {
                    continue;
                }
                if shown(&marks, t).count_ones() > 1 {
                    queue.push_front(t);
                } else {
                    queue.push_back(t);
                }
            }
        }
    }
    marks
}

/// Radials: repeat the step in one direction while it exists. Where the
/// steps in a direction form disjoint chains (every board built here), each
/// chain is stored once and each radial is a suffix of it; any site whose
/// run is not such a suffix (two sites stepping onto one, or a cycle) gets
/// its own copy, stopped before it would come back to the start.
fn radials(n: usize, step: &[Site]) -> Radials {
    let mut start = vec![0u32; n * 16];
    let mut end = vec![0u32; n * 16];
    let mut data: Vec<Site> = Vec::with_capacity(n * 16);
    let mut done = vec![false; n];
    for d in 0..16 {
        let next = |s: usize| step[s * 16 + d];
        let mut preds = vec![0u32; n];
        for s in 0..n {
            if next(s) != NONE {
                preds[next(s) as usize] += 1;
            }
        }
        done.iter_mut().for_each(|x| *x = false);
        for s in 0..n {
            if preds[s] != 0 {
                continue;
            }
            // a chain from s: stored once, each member's radial a suffix
            let base = data.len();
            let mut cur = s;
            let mut members = Vec::new();
            loop {
                members.push(cur);
                data.push(cur as Site);
                let t = next(cur);
                if t == NONE || preds[t as usize] != 1 || members.len() > n {
                    break;
                }
                cur = t as usize;
            }
            let stop = data.len() as u32;
            for (i, &m) in members.iter().enumerate() {
                start[m * 16 + d] = (base + i + 1) as u32;
                end[m * 16 + d] = stop;
                done[m] = true;
            }
            // a chain that runs into a merge continues past it: only the
            // chain's last site can see further, so give the whole chain
            // its own copies below
            if next(cur) != NONE {
                members.iter().for_each(|&m| done[m] = false);
            }
        }
        for s in 0..n {
            if done[s] {
                continue;
            }
            let base = data.len() as u32;
            let mut cur = s;
            loop {
                let t = next(cur);
                if t == NONE || t as usize == s || (data.len() - base as usize) >= n {
                    break;
                }
                data.push(t);
                cur = t as usize;
            }
            start[s * 16 + d] = base;
            end[s * 16 + d] = data.len() as u32;
        }
    }
    Radials { start, end, data }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(27), "AB");
        assert_eq!(column_letters(51), "AZ");
        assert_eq!(column_letters(52), "BA");
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
    }

    #[test]
    fn quantised_directions() {
        let h = 3f64.sqrt() / 2.0;
        assert_eq!(quantise(0.0, 1.0), Dir::N);
        assert_eq!(quantise(1.0, 0.0), Dir::E);
        assert_eq!(quantise(1.0, 1.0), Dir::NE);
        assert_eq!(quantise(-1.0, -1.0), Dir::SW);
        assert_eq!(quantise(0.5, h), Dir::NNE);
        assert_eq!(quantise(-0.5, h), Dir::NNW);
        assert_eq!(quantise(1.5, h), Dir::ENE);
        assert_eq!(quantise(-1.5, h), Dir::WNW);
        assert_eq!(quantise(-0.5, -h), Dir::SSW);
        assert_eq!(quantise(0.0, -2.0 * h), Dir::S);
    }

    /// The radial of each site by walking the step table.
    fn walked(n: usize, step: &[Site], s: usize, d: usize) -> Vec<Site> {
        let mut out = Vec::new();
        let mut cur = s;
        while step[cur * 16 + d] != NONE && step[cur * 16 + d] as usize != s && out.len() < n {
            cur = step[cur * 16 + d] as usize;
            out.push(cur as Site);
        }
        out
    }

    #[test]
    fn shared_radials_match_walking() {
        // 0 -> 1 -> 2, 3 -> 1 (a merge), 4 -> 5 -> 6 -> 4 (a cycle), 7 alone
        let n = 8;
        let mut step = vec![NONE; n * 16];
        for (a, b) in [(0, 1), (1, 2), (3, 1), (4, 5), (5, 6), (6, 4)] {
            step[a * 16 + 4] = b;
        }
        let r = radials(n, &step);
        for s in 0..n {
            for d in 0..16 {
                assert_eq!(r.get(s * 16 + d), walked(n, &step, s, d), "{s} {d}");
            }
        }
        assert_eq!(r.get(3 * 16 + 4), [1, 2]);
        assert_eq!(r.get(4 * 16 + 4), [5, 6]);
    }
}
