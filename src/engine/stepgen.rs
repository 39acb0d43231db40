//! `(move Step REL (to if:(and SLOT_TESTS STEPS_CMP ...)))` from the current
//! `(from)` (the shape [`SiteTest::SlotsThenSteps`] names): per origin, the
//! slot tests are planned once and each side of a `count Steps` comparison
//! that does not read `(to)` is read once from the per-position table; per
//! neighbour, what is left is a component bit and a table read per side.
//!
//! `(move Step REL (to if:SLOT_TESTS))` on a board of at most 64 sites
//! ([`Game::step_slots_small`]): the tests on the top piece at `(to)` are
//! decided once per position, as components and as the board sites that
//! may pass them (from the state's per-owner occupied sets); an origin with
//! no such neighbour has no moves, and nothing else is read for it.
//!
//! Over all of a player's pieces of one kind at once
//! ([`Game::step_pieces_slots`]), the tests are also split at load
//! ([`super::slots::OriginTests`]): the height tests on `(to)` become masks
//! of the candidate sites' heights (made once per position), so that an
//! origin's targets are one mask; the tests that do not read `(to)` are
//! decided once per origin. When those height tests read the heights at
//! `(from)` and `(to)` alone, a table made at load gives, per origin
//! height, the candidate heights they pass, and the candidates are kept as
//! one set per exact height, so an origin's targets are its neighbour mask
//! and a union of those sets made once per origin height
//! ([`super::slots::HeightTable`]); the test on the top piece at `(to)` is
//! skipped when every candidate site's owner has only pieces that pass it,
//! and the moves are written through a [`MoveSink`]. Exact: the table is
//! the fused tests evaluated on every pair of heights it tells apart, and a
//! taller stack sends the position (or the origin) to the per-site tests.
//!
//! The first shape on such a board when the tests read the top piece at
//! `(to)` only and each comparison sets one table's count from `(to)`
//! against a term that does not read `(to)` ([`ToCmps`], found at load):
//! each comparison keeps the sites of the table's layers it accepts, so an
//! origin's moves are one mask ([`Game::step_masked`]).

use super::eval::{Ctx, cmp};
use super::ir::*;
use super::sink::{MoveSink, MoveTail};
use super::sitetest::SiteTest;
use super::slots::{ByFromHeight, HeightMasks, HeightSets, HeightSteps, OriginTests, TopPlan};
use super::{Game, Move, State, Workspace};
use crate::board::{NONE, Relation, Site};

/// One side of a comparison, as far as it is known for one origin.
#[derive(Clone, Copy)]
enum Side {
    /// Does not read `(to)`: its value.
    Fixed(i32),
    /// The count from `(to)` of table `id`, plus the constant.
    AtTo(u32, i32),
}

/// Comparisons a step takes this way (more: the general loop).
const MAX_CMPS: usize = 4;

/// A step node whose slot tests read only the top piece at `(to)` and
/// whose every comparison sets the count from `(to)` of one table (plus a
/// constant) against a term that does not read `(to)`, built at load: on
/// boards of up to 64 sites its moves from an origin are one mask (see
/// [`Game::step_masked`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ToCmps {
    len: usize,
    /// `(op, table, plus, other)`: `(count from (to) of table) + plus OP
    /// other`.
    cmps: [(CmpOp, u32, i32, StepsTerm); MAX_CMPS],
}

impl ToCmps {
    /// The form of a step's `(to if:…)` condition, when it has it.
    pub(crate) fn of(to_if: Option<&BoolE>) -> Option<ToCmps> {
        let SiteTest::SlotsThenSteps(tests, cmps) = SiteTest::of(to_if, Slot::To, SiteTest::Empty)
        else {
            return None;
        };
        if !super::slots::to_only(tests) || cmps.len() > MAX_CMPS {
            return None;
        }
        let at_to = |t: &StepsTerm| t.id != StepsTerm::CONST && t.slot == Slot::To;
        let mut r = ToCmps {
            len: cmps.len(),
            cmps: [(
                CmpOp::Eq,
                0,
                0,
                StepsTerm {
                    id: 0,
                    slot: Slot::To,
                    plus: 0,
                },
            ); MAX_CMPS],
        };
        for (k, b) in cmps.iter().enumerate() {
            let BoolE::StepsCmp { op, a, b } = b else {
                return None;
            };
            r.cmps[k] = match (at_to(a), at_to(b)) {
                (true, false) => (*op, a.id, a.plus, *b),
                (false, true) => (op.swapped(), b.id, b.plus, *a),
                _ => return None,
            };
        }
        Some(r)
    }
}

impl Game {
    /// The moves of step node `id` for the piece `comp` on board site `f`:
    /// the general loop's moves in its order (neighbours of `f` under `rel`
    /// in list order, each kept when the slot tests, then the comparisons,
    /// hold). False (nothing done) when the shape does not fit.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_slots_steps(
        &self,
        (rel, stack, id): (Relation, bool, u32),
        to_if: &BoolE,
        f: Site,
        comp: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        if let Some(Some(tc)) = self.plan.to_cmps(id)
            && self.step_masked((rel, stack, id), tc, to_if, f, comp, st, ctx, ws, out)
        {
            return true;
        }
        let SiteTest::SlotsThenSteps(tests, cmps) =
            SiteTest::of(Some(to_if), Slot::To, SiteTest::Empty)
        else {
            return false;
        };
        if cmps.len() > MAX_CMPS {
            return false;
        }
        let c = Ctx { from: f, ..ctx };
        // tests of `(to)` alone: one plan per position
        let plan = match ws.to_plan {
            Some((e, node, p)) if e == ws.epoch && node == id => p,
            _ => {
                let Some(p) = self.slot_plan(tests, st, c) else {
                    return false;
                };
                if super::slots::to_only(tests) {
                    ws.to_plan = Some((ws.epoch, id, p));
                }
                p
            }
        };
        if !plan.ok {
            return true;
        }
        let mut sides = [(CmpOp::Eq, Side::Fixed(0), Side::Fixed(0)); MAX_CMPS];
        for (k, b) in cmps.iter().enumerate() {
            let BoolE::StepsCmp { op, a, b } = b else {
                return false;
            };
            let mut side = |t: StepsTerm| {
                if t.id != StepsTerm::CONST && t.slot == Slot::To {
                    // every neighbour is a board site: read from the table
                    self.ensure_steps(t.id as usize, st, ws);
                    Side::AtTo(t.id, t.plus)
                } else {
                    Side::Fixed(self.steps_term(t, st, c, ws))
                }
            };
            sides[k] = (*op, side(*a), side(*b));
        }
        let sides = &sides[..cmps.len()];
        let tables = &ws.steps_cache;
        let val = |s: Side, t: Site| match s {
            Side::Fixed(v) => v,
            Side::AtTo(i, plus) => tables[i as usize].get(t as usize).wrapping_add(plus),
        };
        for &t in self.board.neighbours(f, rel) {
            if plan.holds(st, t)
                && sides
                    .iter()
                    .all(|&(op, a, b)| cmp(op, val(a, t), val(b, t)))
            {
                out.push(Move::carry(f, t, comp, stack, id));
            }
        }
        true
    }

    /// The moves of step node `id` (`(move Step REL (to if:SLOT_TESTS))`,
    /// `tests` the fused tests) for the piece `comp` on board site `f`, on
    /// a board of at most 64 sites: the general loop's moves in its order
    /// (neighbours of `f` under `rel` in list order, each kept when the
    /// tests hold). False (nothing done) when the board or the game is too
    /// large for one-word sets.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_slots_small(
        &self,
        (rel, stack, id): (Relation, bool, u32),
        tests: &[SlotTest],
        f: Site,
        comp: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return false;
        }
        // the tests on the top piece at `(to)`: once per position
        let Some((comps, sites)) = self.to_comps_sites(id, tests, st, ws) else {
            return false;
        };
        let near = self.small_adj[rel as usize * n + f as usize] & sites;
        let m = Move::carry(f, NONE, comp, stack, id);
        self.slot_steps_to((rel, m), tests, (near, comps), st, ctx, out);
        true
    }

    /// [`Game::step_slots_small`] for each piece of component `c` among the
    /// board sites `bits`, in site order, with the tests on the top piece
    /// at `(to)` decided once ([`Game::to_comps_sites`]) and the height
    /// tests on `(to)` read from the candidates' height masks (made once),
    /// so that an origin's targets are one mask; an origin is skipped
    /// unless `keep` accepts it (asked only for an origin with moves).
    /// False (nothing done) when the board or the game is too large for
    /// one-word sets.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_pieces_slots(
        &self,
        (rel, stack, id): (Relation, bool, u32),
        tests: &[SlotTest],
        mut bits: u64,
        c: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        mut keep: impl FnMut(Site) -> bool,
        out: &mut Vec<Move>,
    ) -> bool {
        if let Some(hs) = self.plan.height_steps(id)
            && hs.rel == rel
            && let Some(top) = hs.top(st)
        {
            let sites = top.sites(st, hs.board);
            let mut heights = HeightSets::EMPTY;
            // the candidates' tops are pieces (no empty site): only the
            // tall ones read one by one
            let found = match self.stacking && top.comps & 1 == 0 {
                true => heights.fill_tall(sites, st.tall, &st.count),
                false => heights.fill(sites, &st.count),
            };
            if let Some(found) = found {
                let at = (stack, id, tests);
                let sets = (&mut heights, found);
                self.step_pieces_heights(at, (hs, top), sets, (bits, c), sites, st, ctx, keep, out);
                return true;
            }
        }
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return false;
        }
        let Some((comps, sites)) = self.to_comps_sites(id, tests, st, ws) else {
            return false;
        };
        let Some(ot) = self
            .plan
            .origin_tests(id)
            .or_else(|| OriginTests::of(tests))
        else {
            return false;
        };
        let heights = match ot.nsizes {
            0 => None,
            _ => HeightMasks::of(sites, st),
        };
        let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
        let nbrs = &self.small_nbrs[rel as usize * n..(rel as usize + 1) * n];
        let exact = self.plan.masks_exact(rel);
        // the height tests read `(from)`'s height only: a mask per height
        let mut by_from = ByFromHeight::default();
        let by_height = heights.as_ref().filter(|_| ByFromHeight::fits(&ot));
        while bits != 0 {
            let f = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let near = adj[f] & sites;
            if near == 0 || st.what[f] != c {
                continue;
            }
            let per_height = by_height.and_then(|h| by_from.mask(&ot, h, st.count[f] as usize));
            let to = match per_height {
                Some(m) => near & m,
                None => {
                    let cf = Ctx {
                        from: f as Site,
                        ..ctx
                    };
                    self.origin_sites((tests, &ot), heights.as_ref(), near, st, cf)
                }
            };
            if to == 0 || !keep(f as Site) {
                continue;
            }
            let m = Move::carry(f as Site, NONE, c, stack, id);
            let pass = |t: Site| comps >> st.what[t as usize] & 1 != 0;
            // one site: its move (a neighbour list without repeats)
            if to & (to - 1) == 0 && exact {
                let t = to.trailing_zeros() as Site;
                if pass(t) {
                    out.push(Move { to: t, ..m });
                }
                continue;
            }
            let mut packed = nbrs[f];
            if packed == 0 {
                for &t in self.board.neighbours(f as Site, rel) {
                    if to >> t & 1 != 0 && pass(t) {
                        out.push(Move { to: t, ..m });
                    }
                }
                continue;
            }
            // the neighbours in list order, from their packed bytes
            while packed != 0 {
                let t = (packed & 0xff) as Site - 1;
                packed >>= 8;
                if to >> t & 1 != 0 && pass(t) {
                    out.push(Move { to: t, ..m });
                }
            }
        }
        true
    }

    /// [`Game::step_pieces_slots`] when node `id` has a [`HeightSteps`]
    /// plan (`top` its tests on the top piece at `(to)` for this mover)
    /// and no candidate is taller than its table tells apart (`heights`
    /// made of the candidates `sites`, `found` the heights among them): an
    /// origin's targets are its neighbours among the candidates and the
    /// height set the table passes for the origin's height (made once per
    /// origin height, of the heights found only). What is left
    /// per target is the test on its top piece, skipped when `sites` holds
    /// only pieces that pass it ([`TopPlan::all_pass`]); the origin's piece
    /// is tested only when `c` is not its owner's only kind, or `bits` are
    /// not all its owner's sites. The moves are written through a
    /// [`MoveSink`], in the order of [`Game::step_pieces_slots`].
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn step_pieces_heights(
        &self,
        (stack, id, tests): (bool, u32, &[SlotTest]),
        (hs, top): (&HeightSteps, &TopPlan),
        (heights, found): (&mut HeightSets, u16),
        (mut bits, c): (u64, u8),
        sites: u64,
        st: &State,
        ctx: Ctx,
        mut keep: impl FnMut(Site) -> bool,
        out: &mut Vec<Move>,
    ) {
        // the origins: the sites of `bits` holding a piece `c` on top (all
        // of them when `c` is its owner's only kind and they are the
        // owner's)
        let all_c = hs.sole >> c & 1 != 0
            && self
                .owners
                .get(c as usize)
                .and_then(|&o| st.occ.get(o as usize))
                .is_some_and(|&occ| bits & !occ == 0);
        if !all_c {
            bits = holding(bits, c, st);
        }
        let tail = MoveTail::of(&Move::carry(NONE, NONE, c, stack, id));
        let mut sink = MoveSink::new(out);
        while bits != 0 {
            let f = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let near = hs.adj[f & 63] & sites;
            if near == 0 {
                continue;
            }
            let hf = st.count.get(f).map_or(usize::MAX, |&h| h as usize);
            let mut to = match heights.passing(&hs.table, hf, found) {
                Some(m) => near & m,
                None => self.tall_origin_sites(tests, near, f as Site, st, ctx),
            };
            if to == 0 || !keep(f as Site) {
                continue;
            }
            if !top.all_pass {
                to = self.top_passing(top.comps, to, st);
            }
            // one site: its move (a neighbour list without repeats)
            if to & (to - 1) == 0 {
                if to != 0 {
                    sink.push_step(tail, f as Site, to.trailing_zeros() as Site);
                }
                continue;
            }
            match hs.nbrs[f & 63] {
                0 => {
                    for &t in self.board.neighbours(f as Site, hs.rel) {
                        if to >> t & 1 != 0 {
                            sink.push_step(tail, f as Site, t);
                        }
                    }
                }
                // the neighbours in list order, from their packed bytes
                packed => sink.push_steps_in_list(tail, f as Site, to, packed),
            }
        }
    }

    /// The sites of `near` (neighbours of origin `f`) where every test of
    /// `tests` but those on the top piece at `(to)` holds: for an origin
    /// taller than a [`super::slots::HeightTable`] tells apart, each site's
    /// tests.
    #[cold]
    #[inline(never)]
    fn tall_origin_sites(
        &self,
        tests: &[SlotTest],
        near: u64,
        f: Site,
        st: &State,
        ctx: Ctx,
    ) -> u64 {
        let cf = Ctx { from: f, ..ctx };
        let mut to = near;
        for t in super::bitregion::Bits(near) {
            if !self.slot_tests_but_top_of_to(tests, st, Ctx { to: t, ..cf }) {
                to &= !(1u64 << t);
            }
        }
        to
    }

    /// The sites of `to` whose top component is one of `comps` (bit `c`:
    /// component `c`, 0 = empty).
    #[inline(never)]
    fn top_passing(&self, comps: u64, to: u64, st: &State) -> u64 {
        let mut kept = to;
        for t in super::bitregion::Bits(to) {
            let c = st.what.get(t as usize).copied().unwrap_or(0);
            if comps >> c & 1 == 0 {
                kept &= !(1u64 << t);
            }
        }
        kept
    }

    /// The moves `m` (its origin and piece set, `to` not) to the sites of
    /// `near` (neighbours of the origin under `rel` that may pass the tests
    /// on the top piece at `(to)`, which `comps` decides) where `tests`
    /// hold, in the order of the origin's neighbour list.
    #[inline(always)]
    fn slot_steps_to(
        &self,
        (rel, m): (Relation, Move),
        tests: &[SlotTest],
        (near, comps): (u64, u64),
        st: &State,
        ctx: Ctx,
        out: &mut Vec<Move>,
    ) {
        if near == 0 {
            return;
        }
        let pass = |t: Site| {
            comps >> st.what[t as usize] & 1 != 0
                && self.slot_tests_but_top_of_to(
                    tests,
                    st,
                    Ctx {
                        from: m.from,
                        to: t,
                        ..ctx
                    },
                )
        };
        // one site: its move (a neighbour list without repeats)
        if near & (near - 1) == 0 && self.plan.masks_exact(rel) {
            let t = near.trailing_zeros() as Site;
            if pass(t) {
                out.push(Move { to: t, ..m });
            }
            return;
        }
        for &t in self.board.neighbours(m.from, rel) {
            if near >> t & 1 != 0 && pass(t) {
                out.push(Move { to: t, ..m });
            }
        }
    }

    /// The board sites (at most 64) whose top component may be one of
    /// `comps` (bit `c`: component `c`, 0 = empty): the occupied sets of
    /// the owners of those components, and the empty sites with bit 0. A
    /// superset when an owner has components both in and out of `comps`.
    pub(crate) fn sites_of_comps(&self, comps: u64, st: &State) -> u64 {
        let n = self.board.len();
        let mut sites = 0u64;
        let mut rest = comps & !1;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            sites |= st.occ[self.owner(c) as usize];
        }
        if comps & 1 != 0 {
            let occupied = st.occ.iter().fold(0u64, |a, &o| a | o);
            let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
            sites |= all & !occupied;
        }
        sites
    }

    /// The components passing node `id`'s `tests` on the top piece at
    /// `(to)` ([`Game::to_comps`]) and the board sites that may hold them
    /// ([`Game::sites_of_comps`], a superset), made once per position.
    #[inline(always)]
    pub(crate) fn to_comps_sites(
        &self,
        id: u32,
        tests: &[SlotTest],
        st: &State,
        ws: &mut Workspace,
    ) -> Option<(u64, u64)> {
        match ws.to_sites.get(id as usize) {
            Some(&(e, comps, sites)) if e == ws.epoch => Some((comps, sites)),
            _ => self.make_comps_sites(id, tests, st, ws),
        }
    }

    /// [`Game::to_comps_sites`] when this position's are not made yet.
    #[inline(never)]
    fn make_comps_sites(
        &self,
        id: u32,
        tests: &[SlotTest],
        st: &State,
        ws: &mut Workspace,
    ) -> Option<(u64, u64)> {
        let comps = self
            .plan
            .top_comps(id, st)
            .or_else(|| self.to_comps(tests, st))?;
        let sites = self.sites_of_comps(comps, st);
        if let Some(c) = ws.to_sites.get_mut(id as usize) {
            *c = (ws.epoch, comps, sites);
        }
        Some((comps, sites))
    }

    /// [`Game::step_slots_steps`] for a node of the [`ToCmps`] form on a
    /// board of up to 64 sites: the sites that may pass the tests on the
    /// top piece at `(to)` are one set per position, and each comparison
    /// keeps the sites of the table's layers it accepts, so the moves from
    /// `f` are its neighbours in the intersection whose top piece passes,
    /// in neighbour order. False (nothing done) when a set can't be had
    /// that way.
    #[allow(clippy::too_many_arguments)]
    fn step_masked(
        &self,
        (rel, stack, id): (Relation, bool, u32),
        tc: &ToCmps,
        to_if: &BoolE,
        f: Site,
        comp: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n || (f as usize) >= n {
            return false;
        }
        let SiteTest::SlotsThenSteps(tests, _) =
            SiteTest::of(Some(to_if), Slot::To, SiteTest::Empty)
        else {
            return false;
        };
        let Some((comps, sites)) = self.to_comps_sites(id, tests, st, ws) else {
            return false;
        };
        let c = Ctx { from: f, ..ctx };
        let mut m = self.small_adj[rel as usize * n + f as usize] & sites;
        for &(op, tid, plus, other) in &tc.cmps[..tc.len] {
            if m == 0 {
                break;
            }
            self.ensure_steps(tid as usize, st, ws);
            let v = self.steps_term(other, st, c, ws);
            let table = &ws.steps_cache[tid as usize];
            if table.layers.is_empty() {
                return false;
            }
            m &= table.sites_where(op, plus, v);
        }
        if m == 0 {
            return true;
        }
        let mv = Move::carry(f, NONE, comp, stack, id);
        let pass = |t: Site| comps >> st.what[t as usize] & 1 != 0;
        if m & (m - 1) == 0 && self.plan.masks_exact(rel) {
            let t = m.trailing_zeros() as Site;
            if pass(t) {
                out.push(Move { to: t, ..mv });
            }
            return true;
        }
        for &t in self.board.neighbours(f, rel) {
            if m >> t & 1 != 0 && pass(t) {
                out.push(Move { to: t, ..mv });
            }
        }
        true
    }
}

/// The sites of `bits` whose top piece is component `c`.
#[inline(never)]
fn holding(bits: u64, c: u8, st: &State) -> u64 {
    let mut kept = bits;
    for f in super::bitregion::Bits(bits) {
        if st.what.get(f as usize) != Some(&c) {
            kept &= !(1u64 << f);
        }
    }
    kept
}
