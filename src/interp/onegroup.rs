//! `(do M ifAfterwards:(= 1 (count Groups DIRS if:(is Occupied (to)))))`
//! (the pieces on the board stay one group), judged once per decision.
//!
//! Played out candidate by candidate, this condition costs a flood of the
//! board per candidate move. When a candidate only carries pieces from one
//! occupied board site onto another occupied one (no effect, no
//! consequence below the `do`), the occupied sites afterwards are the ones
//! before, less the origin if the move empties it. So one depth-first
//! search of the occupied sites per decision tells every such candidate:
//! - the origin keeps a piece: the groups are unchanged;
//! - the origin is emptied and the occupied sites were one group: they stay
//!   one group exactly when the origin is not a cut vertex (a site whose
//!   removal splits its group; Tarjan's low-link test finds them all in the
//!   one search).
//!
//! Any other candidate (onto an empty site, with effects, from a split
//! position) is played out the plain way. The relation must be symmetric
//! (a site is a neighbour of its neighbours), as a group of an undirected
//! graph is; [`Interp::new`] checks each relation of the board.

use super::{Interp, State, Workspace};
use crate::board::{NONE, Relation, Site};
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;
use crate::engine::{Move, MoveKind};

/// The occupied board sites of a position, whether they are one group,
/// and their cut vertices.
pub(crate) struct OneGroup {
    occupied: SiteSet,
    one: bool,
    cut: SiteSet,
}

/// The relation of a condition that reads `(= 1 (count Groups REL
/// [if:(is Occupied (to))]))` (every group counted, of the occupied
/// board sites): the pieces on the board form one group.
pub(crate) fn one_group_condition(c: &BoolE) -> Option<Relation> {
    let BoolE::Cmp(CmpOp::Eq, x, y) = c else {
        return None;
    };
    let groups = match (&**x, &**y) {
        (IntE::Const(1), g) | (g, IntE::Const(1)) => g,
        _ => return None,
    };
    let IntE::CountGroups {
        dirs: DirSpec::Relation(rel),
        cond,
        min,
    } = groups
    else {
        return None;
    };
    if *min > 1 {
        return None;
    }
    let occupied_to = match cond.as_deref() {
        None => true,
        Some(BoolE::OccupiedAt(Slot::To)) => true,
        Some(BoolE::SlotTests(v)) => matches!(v.as_slice(), [SlotTest::Occupied(Slot::To)]),
        Some(BoolE::IsOccupied(e)) => matches!(**e, IntE::To),
        Some(_) => false,
    };
    occupied_to.then_some(*rel)
}

impl Interp {
    /// The occupied board sites of `st` under `rel`: one group or not, and
    /// the cut vertices (when one group).
    pub(crate) fn one_group(&self, st: &State, rel: Relation, ws: &mut Workspace) -> OneGroup {
        let n = self.rules.board.len();
        let mut occupied = ws.take_set();
        for (s, &what) in st.pieces.what[..n].iter().enumerate() {
            if what != 0 {
                occupied.insert(s as Site);
            }
        }
        let mut cut = ws.take_set();
        let one = match occupied.first() {
            None => false,
            Some(root) => self.cut_vertices(root, &occupied, rel, ws, &mut cut) == occupied.count(),
        };
        OneGroup { occupied, one, cut }
    }

    pub(crate) fn give_one_group(&self, og: OneGroup, ws: &mut Workspace) {
        ws.give_set(og.occupied);
        ws.give_set(og.cut);
    }

    /// Tarjan's depth-first search from `root` over the sites of `occ`:
    /// the cut vertices of root's group into `cut`; the number of sites
    /// reached.
    fn cut_vertices(
        &self,
        root: Site,
        occ: &SiteSet,
        rel: Relation,
        ws: &mut Workspace,
        cut: &mut SiteSet,
    ) -> u32 {
        let board = &self.rules.board;
        let n = board.len();
        // discovery time (u32::MAX: not reached) and low link per site
        let mut disc = std::mem::take(&mut ws.dist);
        disc.clear();
        disc.resize(2 * n, u32::MAX);
        // the search path: (site, its parent, next neighbour index)
        let mut path = std::mem::take(&mut ws.path);
        path.clear();
        let mut time = 0u32;
        let mut root_children = 0;
        disc[root as usize] = 0;
        disc[n + root as usize] = 0;
        path.push((root, NONE, 0));
        let mut reached = 1;
        while let Some(&mut (v, parent, ref mut i)) = path.last_mut() {
            let nb = board.neighbours(v, rel);
            if *i < nb.len() {
                let w = nb[*i];
                *i += 1;
                if !occ.contains(w) || w == parent {
                    continue;
                }
                if disc[w as usize] == u32::MAX {
                    time += 1;
                    disc[w as usize] = time;
                    disc[n + w as usize] = time;
                    reached += 1;
                    if v == root {
                        root_children += 1;
                    }
                    path.push((w, v, 0));
                } else {
                    disc[n + v as usize] = disc[n + v as usize].min(disc[w as usize]);
                }
            } else {
                path.pop();
                if let Some(&(p, _, _)) = path.last() {
                    let low_v = disc[n + v as usize];
                    disc[n + p as usize] = disc[n + p as usize].min(low_v);
                    // nothing below v reaches above p: p separates them
                    if p != root && low_v >= disc[p as usize] {
                        cut.insert(p);
                    }
                }
            }
        }
        if root_children > 1 {
            cut.insert(root);
        }
        ws.dist = disc;
        ws.path = path;
        reached
    }

    /// Whether the pieces on the board are one group after `m` (a move of
    /// the `do` node `upto`), when [`OneGroup`] tells it without playing
    /// the move; `None` otherwise.
    pub(crate) fn one_group_after(
        &self,
        og: &OneGroup,
        m: &Move,
        upto: u32,
        st: &State,
    ) -> Option<bool> {
        let n = self.rules.board.len() as Site;
        if m.kind != MoveKind::Step
            || m.from >= n
            || m.to >= n
            || m.from == m.to
            || !og.occupied.contains(m.from)
            || !og.occupied.contains(m.to)
            || !self.only_carries(m.node, upto)
        {
            return None;
        }
        // what `carry` takes off the origin: the whole stack with
        // `stack:True`, else the top piece
        let empties = !self.rules.stacking || m.stack || st.pieces.count[m.from as usize] <= 1;
        if !empties {
            Some(og.one)
        } else if og.one {
            Some(!og.cut.contains(m.from))
        } else {
            // the origin may have been what kept groups apart
            None
        }
    }

    /// Whether a move of generator `node` does nothing but its carry up to
    /// the `do` node `upto`: no effect of its own, no consequence on the
    /// way.
    fn only_carries(&self, node: u32, upto: u32) -> bool {
        let Some(leaf) = self.rules.gens.get(node as usize) else {
            return false;
        };
        let plain = match &leaf.kind {
            GenKind::Step { to_apply, .. } | GenKind::FromTo { to_apply, .. } => to_apply.is_none(),
            GenKind::Slide { .. } => true,
            GenKind::Hop {
                to_apply,
                between_apply,
                ..
            } => to_apply.is_none() && between_apply.is_none(),
            _ => false,
        };
        if !plain {
            return false;
        }
        let mut id = Some(node);
        while let Some(i) = id {
            if i == upto {
                return true;
            }
            let g = &self.rules.gens[i as usize];
            if g.then.is_some() {
                return false;
            }
            id = g.parent;
        }
        false
    }
}
