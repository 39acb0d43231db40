//! Piece programs (`piecegen.rs`) on boards of at most 64 sites, run on
//! one-word bit sets: when every test of a program keeps the sites of
//! whole owners (empty sites, or every piece of some players, as the
//! state's per-owner occupied sets hold them), the sites passing each test
//! are one mask per position, a step's targets are one `and`, and a hop's
//! landing site is the first site of its ray outside the mask of the sites
//! it may pass over. Rays are laid out per origin as fixed-width records;
//! the board's sites along a ray must have increasing or decreasing numbers
//! (true of the boards whose sites are numbered row by row), so the first
//! site of a ray in a mask is its lowest or highest bit. The moves are
//! those of [`Game::run_piece_ops`], in the same order.

use super::piecegen::PieceOp;
use super::sitetest::CompTest;
use super::{Game, MAX_PLAYERS, Move, State};
use crate::board::{Relation, Site};

/// A test of a site's top component that keeps empty sites or not, and for
/// each owner (0 = neutral) all of its pieces or none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct OwnerTest {
    empty: bool,
    /// Bit `p`: the pieces of owner `p` pass.
    owners: u8,
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
        let owners = (0..=MAX_PLAYERS)
            .filter(|&o| pass[o] == Some(true))
            .fold(0u8, |m, o| m | 1 << o);
        Some(OwnerTest {
            empty: t.holds(0),
            owners,
        })
    }

    /// The board sites of `st` that pass (`empty`: its empty sites).
    #[inline]
    fn sites(self, st: &State, empty: u64) -> u64 {
        let mut m = if self.empty { empty } else { 0 };
        let mut owners = self.owners;
        while owners != 0 {
            m |= st.occ[owners.trailing_zeros() as usize];
            owners &= owners - 1;
        }
        m
    }
}

/// One alternative of a piece's moves, on bit sets (see [`PieceOp`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum BitOp {
    Step {
        rel: Relation,
        to: OwnerTest,
        stack: bool,
        id: u32,
    },
    /// `rays`: the hop's table in [`BitPlan::hops`].
    Hop {
        over: OwnerTest,
        land: OwnerTest,
        stack: bool,
        id: u32,
        rays: u16,
    },
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
    /// landing site of a run MAX long), else `Site::MAX`.
    cap: Site,
    /// The first site (a landing there jumps nothing).
    first: Site,
    /// The radial goes up the site numbers (else down).
    up: bool,
    dir: u8,
}

/// The bit-set programs of a game's generators.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitPlan {
    /// Per generator node: its program (empty: none).
    ops: Vec<Vec<BitOp>>,
    /// Per relation: each site's neighbour list is in increasing order, so
    /// a step's targets come in list order from the lowest bit up.
    sorted: [bool; 4],
    /// Per hop op: each origin's non-empty radials, in
    /// [`crate::board::Board::dirs`] order, and where each origin's part
    /// starts (`n + 1` entries).
    hops: Vec<(Vec<Ray>, Vec<u16>)>,
}

impl BitPlan {
    /// The program of node `g`, if it has one.
    #[inline]
    fn ops(&self, g: u32) -> Option<&[BitOp]> {
        self.ops
            .get(g as usize)
            .filter(|o| !o.is_empty())
            .map(|o| &o[..])
    }

    /// Whether node `g` has a bit-set program.
    #[inline]
    pub(crate) fn has(&self, g: u32) -> bool {
        self.ops(g).is_some()
    }
}

/// Most ops in a program run on bit sets.
const MAX_OPS: usize = 8;

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
        if n == 0 || n > 64 {
            return plan;
        }
        let owners = &self.owners;
        for rel in Relation::ALL {
            plan.sorted[rel as usize] =
                (0..n as Site).all(|s| self.board.neighbours(s, rel).is_sorted_by(|a, b| a < b));
        }
        // per relation: every radial runs up or down the site numbers
        let monotone = |rel: Relation| {
            (0..n as Site).all(|f| {
                self.board.dirs(f, rel).iter().all(|&d| {
                    let r = self.board.radial(f, d);
                    let up = r.first().is_none_or(|&t| t > f);
                    std::iter::once(&f)
                        .chain(r)
                        .zip(r)
                        .all(|(&a, &b)| (b > a) == up && a != b)
                })
            })
        };
        for g in 0..n_gens as u32 {
            let bit_ops: Option<Vec<BitOp>> = ops(g).filter(|o| o.len() <= MAX_OPS).and_then(|o| {
                o.iter()
                    .map(|op| match *op {
                        PieceOp::Step { rel, to, stack, id } => Some(BitOp::Step {
                            rel,
                            to: OwnerTest::of(to, owners)?,
                            stack,
                            id,
                        }),
                        PieceOp::Hop {
                            rel,
                            min,
                            max,
                            over,
                            land,
                            stack,
                            id,
                        } if monotone(rel) => Some(BitOp::Hop {
                            over: OwnerTest::of(over, owners)?,
                            land: OwnerTest::of(land, owners)?,
                            stack,
                            id,
                            rays: {
                                plan.hops.push(self.hop_rays(rel, min, max));
                                (plan.hops.len() - 1) as u16
                            },
                        }),
                        _ => None,
                    })
                    .collect()
            });
            plan.ops.push(bit_ops.unwrap_or_default());
        }
        plan
    }

    /// The ray table of a hop over `rel` of range `min..max`.
    fn hop_rays(&self, rel: Relation, min: i32, max: i32) -> (Vec<Ray>, Vec<u16>) {
        let (mut rays, mut at) = (Vec::new(), vec![0u16]);
        let bits = |r: &[Site]| r.iter().fold(0u64, |m, &t| m | 1u64 << t);
        let lim = max.max(0) as usize;
        for f in 0..self.board.len() as Site {
            // a run is at most MAX long: below MIN, no hop at all
            let dirs = if lim < min.max(0) as usize {
                &[][..]
            } else {
                self.board.dirs(f, rel)
            };
            for &d in dirs {
                let radial = self.board.radial(f, d);
                let Some(&first) = radial.first() else {
                    continue;
                };
                rays.push(Ray {
                    reach: bits(&radial[..radial.len().min(lim + 1)]),
                    near: bits(&radial[..radial.len().min(min.max(0) as usize)]),
                    cap: radial.get(lim).copied().unwrap_or(Site::MAX),
                    first,
                    up: first > f,
                    dir: d as u8,
                });
            }
            at.push(rays.len() as u16);
        }
        (rays, at)
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
        let Some(ops) = bp.ops(g) else {
            return;
        };
        let n = self.board.len();
        let occupied = st.occ.iter().fold(0u64, |m, &o| m | o);
        let empty = !occupied & (u64::MAX >> (64 - n));
        // per op, the sites passing its tests in this position
        let mut pass = [(0u64, 0u64); MAX_OPS];
        for (p, op) in pass.iter_mut().zip(ops) {
            *p = match *op {
                BitOp::Step { to, .. } => (to.sites(st, empty), 0),
                BitOp::Hop { over, land, .. } => (over.sites(st, empty), land.sites(st, empty)),
            };
        }
        while pieces != 0 {
            let f = pieces.trailing_zeros() as Site;
            pieces &= pieces - 1;
            if st.what[f as usize] != comp {
                continue;
            }
            for (op, &(a, b)) in ops.iter().zip(&pass) {
                match *op {
                    BitOp::Step { rel, stack, id, .. } => {
                        let adj = self.small_adj[rel as usize * n + f as usize];
                        let mut to = adj & a;
                        let m = Move::carry(f, 0, comp, stack, id);
                        if bp.sorted[rel as usize] || to & to.wrapping_sub(1) == 0 {
                            while to != 0 {
                                out.push(Move {
                                    to: to.trailing_zeros(),
                                    ..m
                                });
                                to &= to - 1;
                            }
                        } else {
                            for &t in self.board.neighbours(f, rel) {
                                if to >> t & 1 != 0 {
                                    out.push(Move { to: t, ..m });
                                }
                            }
                        }
                    }
                    BitOp::Hop {
                        stack, id, rays, ..
                    } => {
                        let (rays, at) = &bp.hops[rays as usize];
                        let rays = &rays[at[f as usize] as usize..at[f as usize + 1] as usize];
                        for ray in rays {
                            // the first site failing OVER among the first
                            // MAX + 1: where the run ends
                            let fail = ray.reach & !a;
                            let t = if fail == 0 {
                                // a run MAX long (or to the edge: no site
                                // after it)
                                ray.cap
                            } else if fail & ray.near != 0 {
                                // a run shorter than MIN
                                continue;
                            } else if ray.up {
                                fail.trailing_zeros()
                            } else {
                                63 - fail.leading_zeros()
                            };
                            if t >= 64 || b >> t & 1 == 0 {
                                continue;
                            }
                            let m = Move::hop(f, t, comp, ray.dir, 1, stack, id, site);
                            out.push(if t == ray.first {
                                Move { dir: 255, ..m }
                            } else {
                                m
                            });
                        }
                    }
                }
            }
        }
    }
}
