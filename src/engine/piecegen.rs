//! A piece's moves as one flat program: when every alternative of a
//! `forEach Piece` generator (its `or`-tree, flattened) is a step to an
//! empty neighbour or a plain hop over a relation, the alternatives are
//! compiled once into a list of [`PieceOp`]s, and a piece's moves are one
//! pass over that list, reading the board's tables and nothing of the rule
//! tree. A hop reads its directions and their radials from one flat array
//! per relation, laid out per origin in the order the general loop walks
//! them.

use super::ir::*;
use super::sitetest::{CompTest, SiteTest};
use super::{Game, Move, State};
use crate::board::{Relation, Site};

/// One alternative of a piece's moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum PieceOp {
    /// `(move Step REL (to if:TEST))` where TEST reads only the top
    /// component of `(to)` (emptiness, occupancy, `what` against a
    /// constant), node `id`: each neighbour under `rel`, in list order,
    /// that passes the test.
    Step {
        rel: Relation,
        to: CompTest,
        stack: bool,
        id: u32,
    },
    /// `(move Hop REL (between (range MIN MAX) if:OVER) (to if:LAND))`
    /// where OVER and LAND read only the top component of the site tested,
    /// node `id`: as the general hop (and [`Game::hop_plain`]), the run of
    /// sites passing OVER, at most MAX long, then the site after it if the
    /// run has at least MIN sites and that site passes LAND.
    Hop {
        rel: Relation,
        min: i32,
        max: i32,
        over: CompTest,
        land: CompTest,
        stack: bool,
        id: u32,
    },
}

/// The programs of a game's generators and the radials they read.
#[derive(Clone, Debug, Default)]
pub(crate) struct PiecePlan {
    /// Per generator node: its program (empty: none, the general path).
    ops: Vec<Vec<PieceOp>>,
    /// Per relation that a hop uses: for each origin, for each direction of
    /// its neighbours under the relation (in [`crate::board::Board::dirs`]
    /// order), the direction, the radial's length, then the radial's sites.
    rays: [Vec<u32>; 4],
    /// Per relation: where each origin's part of `rays` starts (`n + 1`
    /// entries; empty when no hop uses the relation).
    ray_at: [Vec<u32>; 4],
}

impl PiecePlan {
    /// The program of node `g`, if it has one.
    #[inline]
    pub(crate) fn ops(&self, g: u32) -> Option<&[PieceOp]> {
        self.ops
            .get(g as usize)
            .filter(|o| !o.is_empty())
            .map(|o| &o[..])
    }
}

impl Game {
    /// Builds the programs, given each node's flattened `or`-tree.
    pub(crate) fn make_piece_plan(&self, flat: &[Vec<u32>]) -> PiecePlan {
        let mut plan = PiecePlan::default();
        for leaves in flat {
            let ops: Option<Vec<PieceOp>> = leaves.iter().map(|&id| self.piece_op(id)).collect();
            plan.ops.push(ops.unwrap_or_default());
        }
        let n = self.board.len();
        for ops in &plan.ops {
            for op in ops {
                let PieceOp::Hop { rel, .. } = *op else {
                    continue;
                };
                let r = rel as usize;
                if !plan.ray_at[r].is_empty() {
                    continue;
                }
                let (rays, at) = (&mut plan.rays[r], &mut plan.ray_at[r]);
                at.push(0);
                for f in 0..n as Site {
                    for &d in self.board.dirs(f, rel) {
                        let radial = self.board.radial(f, d);
                        rays.push(d as u32);
                        rays.push(radial.len() as u32);
                        rays.extend_from_slice(radial);
                    }
                    at.push(rays.len() as u32);
                }
            }
        }
        plan
    }

    /// The op of leaf node `id`, when it has one.
    fn piece_op(&self, id: u32) -> Option<PieceOp> {
        match &self.gens[id as usize].kind {
            GenKind::Step {
                from: FromSpec::Current,
                dirs: DirSpec::Relation(rel),
                to_if,
                stack,
                ..
            } => {
                let to = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty);
                Some(PieceOp::Step {
                    rel: *rel,
                    to: CompTest::of(to, self.comps.len())?,
                    stack: *stack,
                    id,
                })
            }
            GenKind::Hop {
                from: FromSpec::Current,
                dirs: DirSpec::Relation(rel),
                min,
                max,
                between_if,
                to_if,
                stack,
                ..
            } => {
                let over = SiteTest::of(between_if.as_ref(), Slot::Between, SiteTest::Occupied);
                let land = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty);
                Some(PieceOp::Hop {
                    rel: *rel,
                    min: *min,
                    max: *max,
                    over: CompTest::of(over, self.comps.len())?,
                    land: CompTest::of(land, self.comps.len())?,
                    stack: *stack,
                    id,
                })
            }
            _ => None,
        }
    }

    /// The moves of program `ops` for the piece `comp` on board site `f`
    /// (`site`: the enclosing `(site)`, for the hops' moves): the general
    /// loops' moves, in their order.
    pub(crate) fn run_piece_ops(
        &self,
        ops: &[PieceOp],
        f: Site,
        comp: u8,
        st: &State,
        site: Site,
        out: &mut Vec<Move>,
    ) {
        let what = &st.what;
        for op in ops {
            match *op {
                PieceOp::Step { rel, to, stack, id } => {
                    for &t in self.board.neighbours(f, rel) {
                        if to.holds(what[t as usize]) {
                            out.push(Move::carry(f, t, comp, stack, id));
                        }
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
                } => {
                    let pp = &self.plan.pieces;
                    let (rays, at) = (&pp.rays[rel as usize], &pp.ray_at[rel as usize]);
                    let mut rest = &rays[at[f as usize] as usize..at[f as usize + 1] as usize];
                    let lim = max.max(0) as usize;
                    while let [d, len, tail @ ..] = rest {
                        let Some((radial, next)) = tail.split_at_checked(*len as usize) else {
                            break;
                        };
                        rest = next;
                        // the run of sites passing OVER, at most `max` long
                        let mut k = 0usize;
                        for &b in radial.iter().take(lim) {
                            if !over.holds(what[b as usize]) {
                                break;
                            }
                            k += 1;
                        }
                        if (k as i32) < min {
                            continue;
                        }
                        let Some(&t) = radial.get(k) else {
                            continue;
                        };
                        if land.holds(what[t as usize]) {
                            out.push(Move::hop(f, t, comp, *d as u8, k, stack, id, site));
                        }
                    }
                }
            }
        }
    }
}
