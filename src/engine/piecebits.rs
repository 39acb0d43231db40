//! Piece programs (`piecegen.rs`) on boards of at most 64 sites, run on
//! one-word bit sets: when every test of a program keeps the sites of
//! whole owners (empty sites, or every piece of some players, as the
//! state's per-owner occupied sets hold them), the sites passing each test
//! are one mask per position, a step's targets are one `and`, and a hop's
//! landing site is the first site of its ray outside the mask of the sites
//! it may pass over. A program's tables are laid out per origin (a step's
//! neighbour mask and list, the range of a hop's rays), so a piece reads one
//! slice of them; the board's sites along a ray must have increasing or
//! decreasing numbers (true of the boards whose sites are numbered row by
//! row), so the first site of a ray in a mask is its lowest or highest bit.
//! A program of one step and one hop (the common "step or jump") runs
//! without the per-op dispatch; when the mover owns one kind of piece, its
//! occupied sites are its pieces, with no per-site kind test. The moves are
//! those of [`Game::run_piece_ops`], in the same order.

use super::piecegen::PieceOp;
use super::sink::{MoveSink, MoveTail};
use super::sitetest::CompTest;
use super::{Game, MAX_PLAYERS, Move, State};
use crate::board::{Relation, Site};
use std::cell::Cell;

/// A test of a site's top component that keeps empty sites or not, and for
/// each owner (0 = neutral) all of its pieces or none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OwnerTest {
    /// All ones when empty sites pass, else 0.
    empty: u64,
    /// All ones when the test starts from the occupied sites (and takes
    /// the owners of `flips` out), else 0 (and adds them).
    occupied: u64,
    /// Bit `p`: owner `p`'s sites are toggled in the start, whichever
    /// start keeps this shortest.
    flips: u8,
}

impl OwnerTest {
    /// The owner form of `t`, when the components of each owner all pass
    /// or all fail (`owners`: the owner of each component; component 0 is
    /// the empty site).
    fn of(t: CompTest, owners: &[u8]) -> Option<OwnerTest> {
        let mut pass = [None::<bool>; MAX_PLAYERS + 1];
        for (c, &o) in owners.iter().enumerate().skip(1) {
            let p = t.holds(c as u8);
            let seen = pass.get_mut(o as usize)?;
            if seen.is_some_and(|q| q != p) {
                return None;
            }
            *seen = Some(p);
        }
        let set = |v: Option<bool>| {
            (0..=MAX_PLAYERS)
                .filter(|&o| pass[o] == v)
                .fold(0u8, |m, o| m | 1 << o)
        };
        // owners without components have no sites: toggling them is moot
        let (owners, others) = (set(Some(true)), set(Some(false)));
        let all = |b: bool| if b { u64::MAX } else { 0 };
        // from the occupied sites, take the owners that fail out; from
        // none, add those that pass
        let from_occupied = others.count_ones() < owners.count_ones();
        Some(OwnerTest {
            empty: all(t.holds(0)),
            occupied: all(from_occupied),
            flips: if from_occupied { others } else { owners },
        })
    }

    /// The board sites of `st` that pass (`empty` and `occupied`: its
    /// empty and occupied board sites).
    #[inline(always)]
    fn sites(self, st: &State, empty: u64, occupied: u64) -> u64 {
        let mut m = empty & self.empty | occupied & self.occupied;
        let mut flips = self.flips;
        while flips != 0 {
            m ^= st.occ[flips.trailing_zeros() as usize];
            flips &= flips - 1;
        }
        m
    }
}

/// One alternative of a piece's moves, on bit sets (see [`PieceOp`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum BitOp {
    /// `sorted`: each site's neighbour list under `rel` is in increasing
    /// order, so the targets come in list order from the lowest bit up.
    Step {
        rel: Relation,
        to: OwnerTest,
        stack: bool,
        sorted: bool,
        id: u32,
    },
    Hop {
        over: OwnerTest,
        land: OwnerTest,
        stack: bool,
        id: u32,
        /// A range of one length, MIN = MAX >= 1: the hop lands on its
        /// ray's cap when the first MIN sites pass OVER (its rays are
        /// those with a cap).
        fixed: bool,
    },
}

/// One op's data at one origin: a step's neighbour mask and its list in
/// order (one byte, site + 1, each from the low end; 0: read the list, of
/// more than eight), or for a hop the first sites of its rays (a fixed
/// hop's; every site for another: no ray is skipped by them) and the range
/// of its rays in [`BitProg::rays`] (start, then end in the high half).
#[derive(Clone, Copy, Debug, Default)]
struct OpAt {
    mask: u64,
    word: u64,
}

/// One direction of a hop of range MIN..MAX from an origin, as masks of
/// the sites of its radial.
#[derive(Clone, Copy, Debug)]
struct Ray {
    /// The first MAX + 1 sites (all of them on a shorter radial): where
    /// the run ends or the hop lands.
    reach: u64,
    /// The first MIN sites: a run that ends there is too short.
    near: u64,
    /// The site after the first MAX sites when the radial has one (the
    /// landing site of a run MAX long), else 255.
    cap: u8,
    /// The first site (a landing there jumps nothing).
    first: u8,
    /// The radial goes up the site numbers (else down).
    up: bool,
    dir: u8,
}

impl Ray {
    /// Where a hop along this ray lands, and the move's direction (255 for
    /// a landing on the first site, which jumps nothing): on the first site
    /// failing `over` among the first MAX + 1 (the cap for a run MAX long,
    /// or none at the edge), unless the run is shorter than MIN or the
    /// landing site is not in `land`.
    #[inline(always)]
    fn landing(&self, over: u64, land: u64) -> Option<(u32, u8)> {
        let fail = self.reach & !over;
        let t = if fail == 0 {
            self.cap as u32
        } else if fail & self.near != 0 {
            return None;
        } else if self.up {
            fail.trailing_zeros()
        } else {
            63 - fail.leading_zeros()
        };
        if t >= 64 || land >> t & 1 == 0 {
            return None;
        }
        Some((
            t,
            if t == self.first as u32 {
                255
            } else {
                self.dir
            },
        ))
    }
}

/// One generator node's program on bit sets, its tables laid out per
/// origin so that a piece reads one slice of them.
#[derive(Clone, Debug, Default)]
struct BitProg {
    ops: Vec<BitOp>,
    /// Per origin `f`, per op `i`: entry `f * ops.len() + i`.
    at: Vec<OpAt>,
    /// The hops' rays, each origin's in [`crate::board::Board::dirs`]
    /// order.
    rays: Vec<Ray>,
    /// Per entry of `at` that is a hop's: the first sites of its rays when
    /// the hop is fixed (it needs one of them to pass OVER), else every
    /// site (another may land next to its origin).
    firsts: Vec<u64>,
}

/// The bit-set programs of a game's generators.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitPlan {
    /// Per generator node: its program (no ops: none).
    progs: Vec<BitProg>,
    /// Bit `p`: player `p` (0: neutral) owns exactly one kind of piece, so
    /// every board site its set of occupied sites holds has that kind on
    /// top.
    one_kind: u8,
}

impl BitPlan {
    /// The program of node `g`, if it has one.
    #[inline]
    fn prog(&self, g: u32) -> Option<&BitProg> {
        self.progs.get(g as usize).filter(|p| !p.ops.is_empty())
    }

    /// Whether node `g` has a bit-set program.
    #[inline]
    pub(crate) fn has(&self, g: u32) -> bool {
        self.prog(g).is_some()
    }
}

/// Most ops in a program run on bit sets.
const MAX_OPS: usize = 8;

/// The rays of a hop of one relation and range from every origin, as
/// [`Game::bit_prog`] lays them out for one op: built once per relation and
/// range for all the programs of a game (their hops often share them: the
/// same move in several programs, or several hops of one kind).
struct HopTable {
    /// Every origin's rays, origin after origin.
    rays: Vec<Ray>,
    /// Per origin: its rays' range in `rays`.
    ranges: Vec<(usize, usize)>,
    /// Per origin: the first sites of its rays (one of which a fixed hop
    /// needs to pass OVER).
    firsts: Vec<u64>,
}

impl Game {
    /// Builds the bit-set programs from the piece programs `ops(g)` of the
    /// `n_gens` generator nodes (boards of at most 64 sites; none else).
    pub(crate) fn make_bit_plan<'a>(
        &self,
        n_gens: usize,
        ops: impl Fn(u32) -> Option<&'a [PieceOp]>,
    ) -> BitPlan {
        let mut plan = BitPlan::default();
        let n = self.board.len();
        if n == 0 || n > 64 || self.small_adj.len() != 4 * n {
            return plan;
        }
        let owners = &self.owners;
        for o in 0..=MAX_PLAYERS {
            if owners.iter().skip(1).filter(|&&w| w as usize == o).count() == 1 {
                plan.one_kind |= 1 << o;
            }
        }
        let mut sorted = [false; 4];
        for rel in Relation::ALL {
            sorted[rel as usize] =
                (0..n as Site).all(|s| self.board.neighbours(s, rel).is_sorted_by(|a, b| a < b));
        }
        // per relation: every radial runs up or down the site numbers
        // (checked once per relation, when a hop first asks)
        let checked: [Cell<Option<bool>>; 4] = Default::default();
        let monotone = |rel: Relation| {
            let known = &checked[rel as usize];
            if let Some(m) = known.get() {
                return m;
            }
            let m = (0..n as Site).all(|f| {
                self.board.dirs(f, rel).iter().all(|&d| {
                    let r = self.board.radial(f, d);
                    let up = r.first().is_none_or(|&t| t > f);
                    // each site past the one before it, the origin first
                    let mut last = f;
                    r.iter().all(|&t| {
                        let on = (t > last) == up && t != last;
                        last = t;
                        on
                    })
                })
            });
            known.set(Some(m));
            m
        };
        let mut tables = Vec::new();
        for g in 0..n_gens as u32 {
            let prog = ops(g)
                .filter(|o| o.len() <= MAX_OPS)
                .and_then(|o| self.bit_prog(o, &sorted, &monotone, &mut tables));
            plan.progs.push(prog.unwrap_or_default());
        }
        plan
    }

    /// The table of the rays of a hop over `rel` of range `min..max` among
    /// `tables` (made and kept there the first time it is asked for; out
    /// of line, as it runs once per table). A hop's rays depend on its
    /// relation and range only (and the board), so each program copying
    /// them gets those [`Game::hop_rays`] would give it.
    #[inline(never)]
    fn hop_table<'t>(
        &self,
        tables: &'t mut Vec<((Relation, i32, i32), HopTable)>,
        (rel, min, max): (Relation, i32, i32),
    ) -> &'t HopTable {
        let key = (rel, min, max);
        let i = match tables.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let n = self.board.len();
                let mut t = HopTable {
                    rays: Vec::new(),
                    ranges: Vec::with_capacity(n),
                    firsts: Vec::with_capacity(n),
                };
                for f in 0..n {
                    let start = t.rays.len();
                    self.hop_rays(f as Site, rel, min, max, &mut t.rays);
                    t.firsts.push(
                        t.rays[start..]
                            .iter()
                            .fold(0u64, |m, r| m | 1u64 << (r.first & 63)),
                    );
                    t.ranges.push((start, t.rays.len()));
                }
                tables.push((key, t));
                tables.len() - 1
            }
        };
        &tables[i].1
    }

    /// The bit-set program of piece program `ops`, if every test keeps
    /// whole owners and every hop's radials are monotone (its hops' rays
    /// copied from `tables`).
    fn bit_prog(
        &self,
        ops: &[PieceOp],
        sorted: &[bool; 4],
        monotone: &impl Fn(Relation) -> bool,
        tables: &mut Vec<((Relation, i32, i32), HopTable)>,
    ) -> Option<BitProg> {
        let n = self.board.len();
        let owners = &self.owners;
        let mut prog = BitProg {
            at: vec![OpAt::default(); n * ops.len()],
            firsts: vec![u64::MAX; n * ops.len()],
            ..BitProg::default()
        };
        for (i, op) in ops.iter().enumerate() {
            match *op {
                PieceOp::Step { rel, to, stack, id } => {
                    prog.ops.push(BitOp::Step {
                        rel,
                        to: OwnerTest::of(to, owners)?,
                        stack,
                        sorted: sorted[rel as usize],
                        id,
                    });
                    for f in 0..n {
                        prog.at[f * ops.len() + i] = OpAt {
                            mask: self.small_adj[rel as usize * n + f],
                            word: self.small_nbrs[rel as usize * n + f],
                        };
                    }
                }
                PieceOp::Hop {
                    rel,
                    min,
                    max,
                    over,
                    land,
                    stack,
                    id,
                } if monotone(rel) => {
                    prog.ops.push(BitOp::Hop {
                        over: OwnerTest::of(over, owners)?,
                        land: OwnerTest::of(land, owners)?,
                        stack,
                        id,
                        fixed: min == max && min >= 1,
                    });
                    let table = self.hop_table(tables, (rel, min, max));
                    let base = prog.rays.len();
                    prog.rays.extend_from_slice(&table.rays);
                    for (f, (&(start, end), &firsts)) in
                        table.ranges.iter().zip(&table.firsts).enumerate()
                    {
                        if min == max && min >= 1 {
                            prog.firsts[f * ops.len() + i] = firsts;
                        }
                        prog.at[f * ops.len() + i] = OpAt {
                            mask: (base + start) as u64,
                            word: (base + end) as u64,
                        };
                    }
                }
                _ => return None,
            }
        }
        Some(prog)
    }

    /// The rays of a hop over `rel` of range `min..max` from `f`, onto
    /// `rays`.
    fn hop_rays(&self, f: Site, rel: Relation, min: i32, max: i32, rays: &mut Vec<Ray>) {
        let bits = |r: &[Site]| r.iter().fold(0u64, |m, &t| m | 1u64 << t);
        let lim = max.max(0) as usize;
        // a run is at most MAX long: below MIN, no hop at all
        if lim < min.max(0) as usize {
            return;
        }
        // a range of one length: a radial no longer than it has no landing
        let fixed = min == max && min >= 1;
        for &d in self.board.dirs(f, rel) {
            let radial = self.board.radial(f, d);
            let Some(&first) = radial.first() else {
                continue;
            };
            if fixed && radial.len() <= lim {
                continue;
            }
            rays.push(Ray {
                reach: bits(&radial[..radial.len().min(lim + 1)]),
                near: bits(&radial[..radial.len().min(min.max(0) as usize)]),
                cap: radial.get(lim).map_or(255, |&t| t as u8),
                first: first as u8,
                up: first > f,
                dir: d as u8,
            });
        }
    }

    /// The moves of node `g`'s bit-set program (see [`BitPlan::has`]) for
    /// each piece of component `comp` among the board sites `pieces`, in
    /// site order (`site`: the enclosing `(site)`, for the hops' moves): as
    /// [`Game::run_piece_ops`] for each piece in turn.
    pub(crate) fn run_bit_ops(
        &self,
        g: u32,
        mut pieces: u64,
        comp: u8,
        st: &State,
        site: Site,
        out: &mut Vec<Move>,
    ) {
        let bp = &self.plan.bits;
        let Some(prog) = bp.prog(g) else {
            return;
        };
        let owner = self.owner(comp) as usize;
        // with one kind per owner, the owner's sites are the pieces
        let check = bp.one_kind >> (owner & 7) & 1 == 0;
        if !check {
            pieces &= st.occ.get(owner).copied().unwrap_or(0);
        }
        let n = self.board.len();
        let occupied = st.occ.iter().fold(0u64, |m, &o| m | o);
        let empty = !occupied & (u64::MAX >> (64 - n));
        if let [
            BitOp::Step {
                rel,
                to,
                stack: s_stack,
                sorted,
                id: s_id,
            },
            BitOp::Hop {
                over,
                land,
                stack: h_stack,
                id: h_id,
                fixed,
            },
        ] = prog.ops[..]
        {
            // a step then a hop: the loop without the op dispatch
            let a = to.sites(st, empty, occupied);
            let (over, land) = (
                over.sites(st, empty, occupied),
                land.sites(st, empty, occupied),
            );
            let ms = Move::carry(0, 0, comp, s_stack, s_id);
            let mh = Move::hop(0, 0, comp, 0, 1, h_stack, h_id, site);
            while pieces != 0 {
                let f = pieces.trailing_zeros() as Site;
                pieces &= pieces - 1;
                if check && st.what[f as usize] != comp {
                    continue;
                }
                let Some([s, h]) = prog.at.get(2 * f as usize..2 * f as usize + 2) else {
                    continue;
                };
                let to = s.mask & a;
                if to != 0 {
                    self.emit_steps(Move { from: f, ..ms }, to, sorted, s.word, rel, out);
                }
                if let Some(rays) = prog.rays.get(h.mask as usize..h.word as usize) {
                    emit_hops(Move { from: f, ..mh }, rays, over, land, fixed, out);
                }
            }
            return;
        }
        self.run_bit_prog(prog, pieces, check, comp, st, site, [empty, occupied], out);
    }

    /// [`Game::run_bit_ops`] for a program other than a step then a hop
    /// (in line: its pieces are usually few, so what it reads of the
    /// program is read once per call in either place), the board's
    /// `[empty, occupied]` sites given: each op's tests are read in place
    /// at each piece, and a fixed hop none of whose rays' first sites
    /// passes OVER is skipped whole. The moves are written through one
    /// sink for the whole call, and the loop over the pieces stops once it
    /// has met as many as the component has (its stones, board and hand:
    /// no more board sites have it on top), which ends it at the piece of
    /// a component of one.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn run_bit_prog(
        &self,
        prog: &BitProg,
        mut pieces: u64,
        check: bool,
        comp: u8,
        st: &State,
        site: Site,
        [empty, occupied]: [u64; 2],
        out: &mut Vec<Move>,
    ) {
        let ops = &prog.ops[..prog.ops.len().min(MAX_OPS)];
        let k = ops.len();
        let mut left = st.comp_count.get(comp as usize).copied().unwrap_or(0);
        let mut sink = MoveSink::new(out);
        while pieces != 0 && left != 0 {
            let f = pieces.trailing_zeros() as Site;
            pieces &= pieces - 1;
            if check && st.what[f as usize] != comp {
                continue;
            }
            left -= 1;
            let r = f as usize * k..f as usize * k + k;
            let (Some(at), Some(firsts)) = (prog.at.get(r.clone()), prog.firsts.get(r)) else {
                continue;
            };
            for ((op, rec), &firsts) in ops.iter().zip(at).zip(firsts) {
                match *op {
                    BitOp::Step {
                        rel,
                        to,
                        stack,
                        sorted,
                        id,
                    } => {
                        let to = rec.mask & to.sites(st, empty, occupied);
                        if to != 0 {
                            let m = Move::carry(f, 0, comp, stack, id);
                            self.sink_steps(&mut sink, m, to, sorted, rec.word, rel);
                        }
                    }
                    BitOp::Hop {
                        over,
                        land,
                        stack,
                        id,
                        fixed,
                    } => {
                        let over = over.sites(st, empty, occupied);
                        if firsts & over == 0 {
                            // no ray's first site passes OVER
                            continue;
                        }
                        if let Some(rays) = prog.rays.get(rec.mask as usize..rec.word as usize) {
                            let land = land.sites(st, empty, occupied);
                            let m = Move::hop(f, 0, comp, 0, 1, stack, id, site);
                            sink_hops(&mut sink, m, rays, over, land, fixed);
                        }
                    }
                }
            }
        }
    }

    /// [`Game::emit_steps`] written through a sink: the moves `Move { to,
    /// ..m }` (`m`: its origin set); a list of more than eight sites
    /// (`packed` 0, rare) is read out of line.
    #[inline(always)]
    fn sink_steps(
        &self,
        sink: &mut MoveSink,
        m: Move,
        mut to: u64,
        sorted: bool,
        packed: u64,
        rel: Relation,
    ) {
        let (tail, f) = (MoveTail::of(&m), m.from);
        if to & (to - 1) == 0 {
            sink.push_step(tail, f, to.trailing_zeros());
        } else if sorted {
            sink.push_steps_to_bits(tail, f, to);
        } else if packed != 0 {
            // at most one move per listed site (eight at most), without
            // counting the targets (no popcount instruction in the build)
            sink.room(8);
            // until every target is out
            let mut packed = packed;
            while to != 0 {
                let t = (packed & 0xff) as Site - 1;
                packed >>= 8;
                if to >> (t & 63) & 1 != 0 {
                    // SAFETY: room was made for one move per target, and
                    // each target is taken out once written
                    unsafe { sink.push_step_in_room(tail, f, t) };
                    to &= !(1u64 << (t & 63));
                }
            }
        } else {
            sink.with_vec(|out| self.emit_listed_steps(m, to, rel, out));
        }
    }

    /// [`Game::emit_steps`] of a list of more than eight sites (out of
    /// line: rare, and kept out of the sink's loop).
    #[inline(never)]
    fn emit_listed_steps(&self, m: Move, to: u64, rel: Relation, out: &mut Vec<Move>) {
        self.emit_steps(m, to, false, 0, rel, out);
    }

    /// A step's moves `m` (its origin set) to the sites `to` (not empty),
    /// in the order of the origin's neighbour list under `rel`: from the
    /// lowest bit up when the lists are `sorted` or there is one site, else
    /// from the list's `packed` bytes (site + 1 each, from the low end; 0:
    /// read the list).
    #[inline(always)]
    fn emit_steps(
        &self,
        m: Move,
        mut to: u64,
        sorted: bool,
        packed: u64,
        rel: Relation,
        out: &mut Vec<Move>,
    ) {
        if sorted || to & (to - 1) == 0 {
            while to != 0 {
                out.push(Move {
                    to: to.trailing_zeros(),
                    ..m
                });
                to &= to - 1;
            }
        } else if packed != 0 {
            // until every target is out
            let mut packed = packed;
            while to != 0 {
                let t = (packed & 0xff) as Site - 1;
                packed >>= 8;
                if to >> (t & 63) & 1 != 0 {
                    out.push(Move { to: t, ..m });
                    to &= !(1u64 << (t & 63));
                }
            }
        } else {
            for &t in self.board.neighbours(m.from, rel) {
                if to >> t & 1 != 0 {
                    out.push(Move { to: t, ..m });
                }
            }
        }
    }
}

/// A hop's moves `m` (its origin set) along `rays`: each lands on the first
/// site of its ray outside `over` within its reach, when that site is in
/// `land` and the run is long enough. A `fixed` hop (MIN = MAX >= 1, rays
/// with a cap only) lands on the cap, when its first MIN sites (`near`)
/// pass OVER and the cap passes LAND: a failing site among them is a run
/// too short, and none a run MAX long, the cap being the first site after
/// it (and never the ray's first site).
#[inline(always)]
fn emit_hops(m: Move, rays: &[Ray], over: u64, land: u64, fixed: bool, out: &mut Vec<Move>) {
    if fixed {
        for ray in rays {
            if ray.near & !over == 0 && land >> (ray.cap & 63) & 1 != 0 {
                out.push(Move {
                    to: ray.cap as Site,
                    dir: ray.dir,
                    ..m
                });
            }
        }
        return;
    }
    for ray in rays {
        if let Some((t, dir)) = ray.landing(over, land) {
            out.push(Move { to: t, dir, ..m });
        }
    }
}

/// [`emit_hops`] written through a sink, its moves `Move { to, dir, ..m }`
/// (`m`: its origin set; its direction set per ray); a hop that is not
/// fixed (rare) is written out of line.
#[inline(always)]
fn sink_hops(sink: &mut MoveSink, m: Move, rays: &[Ray], over: u64, land: u64, fixed: bool) {
    if !fixed {
        sink.with_vec(|out| emit_free_hops(m, rays, over, land, out));
        return;
    }
    let (tail, f) = (MoveTail::of(&m), m.from);
    // at most one move per ray
    sink.room(rays.len());
    for ray in rays {
        if ray.near & !over == 0 && land >> (ray.cap & 63) & 1 != 0 {
            // SAFETY: room was made for one move per ray
            unsafe { sink.push_step_in_room(tail.with_dir(ray.dir), f, ray.cap as Site) };
        }
    }
}

/// [`emit_hops`] of a hop that is not fixed (out of line: kept out of the
/// sink's loop).
#[inline(never)]
fn emit_free_hops(m: Move, rays: &[Ray], over: u64, land: u64, out: &mut Vec<Move>) {
    emit_hops(m, rays, over, land, false, out);
}
