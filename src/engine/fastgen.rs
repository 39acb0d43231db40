//! Tight loops for the commonest generator shapes, used by `generate` when
//! a generator's conditions are plain lookups (see [`SiteTest`]): the same
//! moves in the same order as the general loops, without a move context
//! or a condition call per candidate site.

use super::eval::Ctx;
use super::ir::*;
use super::sitetest::SiteTest;
use super::{Game, MAX_PLAYERS, Move, State, Workspace};
use crate::board::{Dir, Relation, Site};

impl Game {
    /// `(move Step REL (to if:(is Empty (to))))` (or no condition) from `f`:
    /// one move to each empty neighbour, in the neighbour list's order.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_to_empty(
        &self,
        st: &State,
        f: Site,
        comp: u8,
        rel: Relation,
        stack: bool,
        id: u32,
        out: &mut Vec<Move>,
    ) {
        for &t in self.board.neighbours(f, rel) {
            if st.what[t as usize] == 0 {
                out.push(Move::carry(f, t, comp, stack, id));
            }
        }
    }

    /// `(move Hop DIRS (between (range MIN MAX) if:OVER) (to if:LAND))` from
    /// `f` where OVER and LAND are each "empty" or "occupied" tests of the
    /// site itself: along each direction the run of sites passing OVER (at
    /// most `max`), then the site after it if the run has at least `min`
    /// sites and that site passes LAND.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn hop_plain(
        &self,
        st: &State,
        f: Site,
        comp: u8,
        dirs: &[Dir],
        (min, max): (i32, i32),
        (over_empty, land_empty): (bool, bool),
        stack: bool,
        id: u32,
        site: Site,
        out: &mut Vec<Move>,
    ) {
        for &d in dirs {
            let radial = self.board.radial(f, d);
            let mut k = 0usize;
            while k < radial.len()
                && (k as i32) < max
                && (st.what[radial[k] as usize] == 0) == over_empty
            {
                k += 1;
            }
            if (k as i32) < min || k >= radial.len() {
                continue;
            }
            let t = radial[k];
            if (st.what[t as usize] == 0) == land_empty {
                out.push(Move::hop(f, t, comp, d as u8, k, stack, id, site));
            }
        }
    }
}

impl SiteTest<'_> {
    /// `Some(true)` for an emptiness test, `Some(false)` for an occupancy
    /// test, `None` for anything else.
    #[inline]
    pub(crate) fn emptiness(self) -> Option<bool> {
        match self {
            SiteTest::Empty => Some(true),
            SiteTest::Occupied => Some(false),
            _ => None,
        }
    }
}

/// What the fast loops know about the generator tree, built once per game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// Per generator node: its fast loop, if its shape has one.
    leaf: Vec<Leaf>,
    /// Per generator node: the nodes an `or`-tree rooted there generates
    /// from, in order (itself when it is not an `or`).
    pub(crate) flat: Vec<Vec<u32>>,
    /// 64-bit words per board site set.
    words: usize,
    /// Key `(rel * n + s) * words`: the neighbours of `s` under `rel` as a
    /// bit set.
    masks: Vec<u64>,
    /// Per relation: every neighbour list is free of repeats, so a count
    /// of neighbours is the size of the neighbour set.
    masks_exact: [bool; 4],
    /// Per relation: `t` is a neighbour of `s` exactly when `s` is one of
    /// `t`, so the sites next to a set are the union of its neighbour sets.
    symmetric: [bool; 4],
    /// Per generator node: its moves as one flat program, when it has one
    /// (see `piecegen`).
    pub(crate) pieces: super::piecegen::PiecePlan,
    /// The same programs on bit sets, where they have that form (see
    /// `piecebits`).
    pub(crate) bits: super::piecebits::BitPlan,
    /// Per generator node: a step's comparisons in the form of
    /// `stepgen::ToCmps`, when it has it.
    to_cmps: Vec<Option<super::stepgen::ToCmps>>,
    /// Per generator node: for a step with fused slot tests, the
    /// components its tests on the top piece at `(to)` accept
    /// ([`Game::to_comps`]), per `mover * (MAX_PLAYERS + 1) + prev`; empty
    /// for other nodes.
    top_comps: Vec<Vec<u64>>,
    /// Per generator node: a step's fused slot tests split for many
    /// origins ([`super::slots::OriginTests`]), when it has them.
    origin_tests: Vec<Option<super::slots::OriginTests>>,
    /// Per generator node: for a step from the current `(from)` whose
    /// `origin_tests`' height tests read the heights at `(from)` and
    /// `(to)` only, those tests as a table and the rest of what
    /// [`Game::step_pieces_slots`] reads of the node, resolved at load
    /// (boards of at most 64 sites).
    height_steps: Vec<Option<Box<super::slots::HeightSteps>>>,
    /// Per `priority` or `or` node: its flat program (see `rootgen`).
    pub(crate) root: super::rootgen::RootPlan,
}

/// A generator node with a tight loop of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Leaf {
    General,
    /// [`Game::step_to_empty`] from the current `(from)`.
    StepToEmpty(Relation),
    /// [`Game::step_slots_steps`] from the current `(from)`.
    StepSlotsSteps(Relation),
    /// [`Game::step_slots_small`] from the current `(from)`.
    StepSlots(Relation),
    /// [`Game::hop_plain`] from the current `(from)`.
    Hop {
        over_empty: bool,
        land_empty: bool,
    },
}

impl Plan {
    /// Every neighbour list of `rel` is free of repeats (false in a game
    /// without the plan).
    #[inline]
    /// Whether the dense neighbour masks were made (boards of at most
    /// [`DENSE_SITES`] sites).
    pub(crate) fn has_masks(&self) -> bool {
        !self.masks.is_empty()
    }

    pub(crate) fn masks_exact(&self, rel: Relation) -> bool {
        self.masks_exact[rel as usize]
    }

    /// Relation `rel` is symmetric (false in a game without the plan).
    #[inline]
    pub(crate) fn symmetric(&self, rel: Relation) -> bool {
        self.symmetric[rel as usize]
    }

    /// The fast loop of node `g` by name, if it has one (`check --plan`).
    pub(crate) fn leaf_name(&self, g: u32) -> Option<String> {
        match self.leaf.get(g as usize) {
            None | Some(Leaf::General) => None,
            Some(l) => Some(format!("{l:?}")),
        }
    }

    /// The relation of node `g` when it is a step with fused slot tests
    /// from the current `(from)` ([`Game::step_slots_small`]; false in a
    /// game without the plan).
    #[inline]
    pub(crate) fn step_slots(&self, g: u32) -> Option<Relation> {
        match self.leaf.get(g as usize) {
            Some(Leaf::StepSlots(rel)) => Some(*rel),
            _ => None,
        }
    }

    /// [`Game::to_comps`] of node `id`'s fused slot tests, from the table
    /// made at load (`None` without one).
    #[inline]
    pub(crate) fn top_comps(&self, id: u32, st: &State) -> Option<u64> {
        let v = self.top_comps.get(id as usize)?;
        v.get(st.mover as usize * (MAX_PLAYERS + 1) + st.prev_mover as usize)
            .copied()
    }

    /// [`Plan::top_comps`] of node `id` for mover `p`, when the table made
    /// at load gives the same components whatever the previous mover
    /// (`None` without the table, or when it does not).
    pub(crate) fn mover_top_comps(&self, id: u32, p: u8) -> Option<u64> {
        let v = self.top_comps.get(id as usize)?;
        let row = v.get(p as usize * (MAX_PLAYERS + 1)..(p as usize + 1) * (MAX_PLAYERS + 1))?;
        row.iter().all(|&c| c == row[0]).then_some(row[0])
    }

    /// Node `id`'s slot tests split for many origins (`None` without the
    /// plan or the form).
    #[inline]
    pub(crate) fn origin_tests(&self, id: u32) -> Option<super::slots::OriginTests> {
        self.origin_tests.get(id as usize).copied().flatten()
    }

    /// Node `id`'s [`super::slots::HeightSteps`] (`None` without the plan
    /// or the form).
    #[inline(always)]
    pub(crate) fn height_steps(&self, id: u32) -> Option<&super::slots::HeightSteps> {
        self.height_steps.get(id as usize)?.as_deref()
    }

    /// Node `id`'s [`super::stepgen::ToCmps`] (`None` without the plan).
    #[inline]
    pub(crate) fn to_cmps(&self, id: u32) -> Option<&Option<super::stepgen::ToCmps>> {
        self.to_cmps.get(id as usize)
    }
}

/// Most board sites for the dense per-site tables (neighbour masks of
/// n²/2 bytes, step-search masks of n²/4 bytes): larger boards take the
/// general paths, so memory stays linear in the sites.
pub(crate) const DENSE_SITES: usize = 4096;

impl Game {
    /// Builds [`Game::plan`] (after compiling).
    pub(crate) fn make_plan(&mut self) {
        let leaf: Vec<Leaf> = self.gens.iter().map(leaf_of).collect();
        let flat: Vec<Vec<u32>> = (0..self.gens.len() as u32)
            .map(|id| {
                let mut v = Vec::new();
                self.flatten_or(id, &mut v);
                v
            })
            .collect();
        let n = self.board.len();
        let words = n.div_ceil(64).max(1);
        // the dense masks take n²/2 bytes: only on boards of at most
        // DENSE_SITES sites (above, `add_around` takes the general path)
        let dense = n <= DENSE_SITES;
        let mut masks = if dense {
            vec![0u64; Relation::ALL.len() * n * words]
        } else {
            Vec::new()
        };
        let mut masks_exact = [true; 4];
        let symmetric = Relation::ALL.map(|rel| {
            (0..n as Site).all(|s| {
                self.board
                    .neighbours(s, rel)
                    .iter()
                    .all(|&t| self.board.neighbours(t, rel).contains(&s))
            })
        });
        let mut sorted: Vec<Site> = Vec::new();
        for rel in Relation::ALL {
            for s in 0..n {
                let nb = self.board.neighbours(s as Site, rel);
                // exact: the list has no repeats (its size is its set's)
                let size = if dense {
                    let base = (rel as usize * n + s) * words;
                    for &t in nb {
                        masks[base + t as usize / 64] |= 1u64 << (t % 64);
                    }
                    masks[base..base + words]
                        .iter()
                        .map(|w| w.count_ones() as usize)
                        .sum()
                } else {
                    sorted.clear();
                    sorted.extend_from_slice(nb);
                    sorted.sort_unstable();
                    sorted.dedup();
                    sorted.len()
                };
                if size != nb.len() {
                    masks_exact[rel as usize] = false;
                }
            }
        }
        let pieces = self.make_piece_plan(&flat);
        let bits = self.make_bit_plan(self.gens.len(), |g| pieces.ops(g));
        let to_cmps = self
            .gens
            .iter()
            .map(|g| match &g.kind {
                GenKind::Step { to_if, .. } => super::stepgen::ToCmps::of(to_if.as_ref()),
                _ => None,
            })
            .collect();
        let roles: Vec<(u8, u8)> = (0..=MAX_PLAYERS as u8)
            .flat_map(|m| (0..=MAX_PLAYERS as u8).map(move |p| (m, p)))
            .collect();
        let top_comps: Vec<Vec<u64>> = self
            .gens
            .iter()
            .map(|g| {
                let GenKind::Step { to_if, .. } = &g.kind else {
                    return Vec::new();
                };
                let (SiteTest::Slots(tests) | SiteTest::SlotsThenSteps(tests, _)) =
                    SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty)
                else {
                    return Vec::new();
                };
                roles
                    .iter()
                    .map(|&r| self.to_comps_of(tests, r))
                    .collect::<Option<Vec<u64>>>()
                    .unwrap_or_default()
            })
            .collect();
        let origin_tests = self
            .gens
            .iter()
            .map(|g| match &g.kind {
                GenKind::Step {
                    to_if: Some(BoolE::SlotTests(tests)),
                    ..
                } => super::slots::OriginTests::of(tests),
                _ => None,
            })
            .collect::<Vec<_>>();
        let mut owner_comps = [0u64; MAX_PLAYERS + 1];
        if self.comps.len() <= 64 {
            for c in 1..self.comps.len() {
                if let Some(o) = owner_comps.get_mut(self.owner(c as u8) as usize) {
                    *o |= 1u64 << c;
                }
            }
        }
        let height_steps = origin_tests
            .iter()
            .zip(&leaf)
            .zip(&top_comps)
            .map(|((o, leaf), top_comps)| {
                let Leaf::StepSlots(rel) = *leaf else {
                    return None;
                };
                let table = o.as_ref().and_then(super::slots::HeightTable::of)?;
                let exact = masks_exact[rel as usize];
                super::slots::HeightSteps::of(self, (rel, exact), table, top_comps, &owner_comps)
            })
            .collect();
        self.plan = Plan {
            to_cmps,
            top_comps,
            origin_tests,
            height_steps,
            leaf,
            flat,
            words,
            masks,
            masks_exact,
            symmetric,
            pieces,
            bits,
            root: Default::default(),
        };
        self.plan.root = self.make_root_plan();
    }

    /// `(move Add (to (sites Empty) if:(OP (count Sites in:(sites Around (to)
    /// REL FILTER)) K)))`: the sites the filter keeps are one bit set, taken
    /// once per position, so each empty site's count is the size of its
    /// neighbour set's intersection with it. Returns false (having done
    /// nothing) when `rel`'s neighbour lists have repeats; else the moves
    /// are those of the general loop, in ascending site order.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_around(
        &self,
        st: &State,
        (rel, filter, op, k): (Relation, Option<AroundFilter>, CmpOp, i32),
        add: Move,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        if !self.plan.masks_exact[rel as usize] {
            return false;
        }
        let n = self.board.len();
        if self.plan.masks.is_empty() {
            // a board too large for the dense masks: the general path
            return false;
        }
        if self.small_adj.len() == 4 * n {
            self.add_around_small(st, (rel, filter, op, k), add, out);
            return true;
        }
        let words = self.plan.words;
        let mut keep = ws.take_set();
        for s in 0..n {
            if self.around_filter(filter, st.what[s], st) {
                keep.insert(s as Site);
            }
        }
        let kw = &keep.words()[..words];
        let masks = &self.plan.masks[rel as usize * n * words..(rel as usize + 1) * n * words];
        for (s, m) in masks.chunks_exact(words).enumerate() {
            if st.what[s] == 0 {
                // the count, up to k + 1 (beyond, every comparison with k
                // is decided): one cleared bit per kept neighbour
                let mut c = 0i32;
                'count: for (a, b) in m.iter().zip(kw) {
                    let mut x = a & b;
                    while x != 0 {
                        if c > k {
                            break 'count;
                        }
                        c += 1;
                        x &= x - 1;
                    }
                }
                if super::eval::cmp(op, c, k) {
                    out.push(Move {
                        to: s as Site,
                        ..add
                    });
                }
            }
        }
        ws.give_set(keep);
        true
    }

    /// [`Game::add_around`] on a board of at most 64 sites: the kept
    /// sites and each site's neighbours are one word each.
    fn add_around_small(
        &self,
        st: &State,
        (rel, filter, op, k): (Relation, Option<AroundFilter>, CmpOp, i32),
        add: Move,
        out: &mut Vec<Move>,
    ) {
        let n = self.board.len();
        let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
        // the empty sites and the sites the filter keeps, from the state's
        // per-owner sets of occupied sites
        let occupied = st.occ.iter().fold(0u64, |m, &o| m | o);
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let mut empty = all & !occupied;
        let keep = match filter {
            None => all,
            Some(AroundFilter::Own) => st.occ[st.mover as usize],
            Some(AroundFilter::Enemy) => occupied & !st.occ[0] & !st.occ[st.mover as usize],
            Some(AroundFilter::Empty) => empty,
            Some(AroundFilter::Occupied) => occupied,
        };
        if k <= 0 && self.plan.symmetric[rel as usize] {
            let pass = (super::eval::cmp(op, 0, k), super::eval::cmp(op, 1, k));
            return self.add_near(st, (rel, filter), pass, add, out);
        }
        while empty != 0 {
            let s = empty.trailing_zeros();
            empty &= empty - 1;
            let x = adj[s as usize] & keep;
            // against k <= 0, every count from 1 up compares alike
            let c = match x {
                0 => 0,
                _ if k <= 0 => 1,
                _ => x.count_ones() as i32,
            };
            if super::eval::cmp(op, c, k) {
                out.push(Move { to: s, ..add });
            }
        }
    }

    /// The moves of [`Game::add_around_small`] when the count is compared
    /// with 0 or below over a symmetric relation `rel` (REL's neighbour
    /// lists free of repeats) on a board of at most 64 sites: every count
    /// from 1 up compares alike, so with `none` and `some` the results for
    /// no kept neighbour and for some, the sites with a kept neighbour are
    /// the union of the kept sites' neighbour sets, and the passing empty
    /// sites come from one word, in ascending order.
    #[inline]
    pub(crate) fn add_near(
        &self,
        st: &State,
        around: (Relation, Option<AroundFilter>),
        pass: (bool, bool),
        add: Move,
        out: &mut Vec<Move>,
    ) {
        self.add_near_inline(st, around, pass, &add, out)
    }

    /// [`Game::add_near`] in line (a flat program's leaf), its move
    /// template by reference.
    #[inline(always)]
    pub(crate) fn add_near_inline(
        &self,
        st: &State,
        (rel, filter): (Relation, Option<AroundFilter>),
        (none, some): (bool, bool),
        add: &Move,
        out: &mut Vec<Move>,
    ) {
        let n = self.board.len();
        let occupied = st.occ.iter().fold(0u64, |m, &o| m | o);
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let empty = all & !occupied;
        let mut to = match (none, some) {
            (true, true) => empty,
            (false, false) => 0,
            _ => {
                let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
                let mut keep = match filter {
                    None => all,
                    Some(AroundFilter::Own) => st.occ[st.mover as usize],
                    Some(AroundFilter::Enemy) => occupied & !st.occ[0] & !st.occ[st.mover as usize],
                    Some(AroundFilter::Empty) => empty,
                    Some(AroundFilter::Occupied) => occupied,
                };
                let mut near = 0u64;
                while keep != 0 {
                    near |= adj[keep.trailing_zeros() as usize];
                    keep &= keep - 1;
                }
                empty & if some { near } else { !near }
            }
        };
        while to != 0 {
            out.push(Move {
                to: to.trailing_zeros(),
                ..*add
            });
            to &= to - 1;
        }
    }

    /// An `or` generates its alternatives one after the other and nothing
    /// else (its `then` is a consequence, applied when a move is played), so
    /// a tree of them generates what its other nodes generate, in order.
    fn flatten_or(&self, id: u32, out: &mut Vec<u32>) {
        match &self.gens[id as usize].kind {
            GenKind::Or(children) => children.iter().for_each(|&c| self.flatten_or(c, out)),
            _ => out.push(id),
        }
    }

    /// The moves of generator `g` for the piece `comp` on board site `f`
    /// (the body of `forEach Piece`): through the fast loops where the
    /// nodes have one, else through `generate` with `(from)` = `f`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn generate_for_piece(
        &self,
        g: u32,
        f: Site,
        comp: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        if self.plan.bits.has(g) {
            return self.run_bit_ops(g, 1u64 << f, comp, st, ctx.site, out);
        }
        if let Some(ops) = self.plan.pieces.ops(g) {
            return self.run_piece_ops(ops, f, comp, st, ctx.site, out);
        }
        let Some(flat) = self.plan.flat.get(g as usize) else {
            // a game without the plan (every path generic)
            return self.generate(g, st, Ctx { from: f, ..ctx }, ws, out);
        };
        for &id in flat {
            let node = &self.gens[id as usize].kind;
            match (self.plan.leaf[id as usize], node) {
                (Leaf::StepToEmpty(rel), GenKind::Step { stack, .. }) => {
                    self.step_to_empty(st, f, comp, rel, *stack, id, out)
                }
                (
                    Leaf::StepSlotsSteps(rel),
                    GenKind::Step {
                        to_if: Some(to_if),
                        stack,
                        ..
                    },
                ) if self.step_slots_steps((rel, *stack, id), to_if, f, comp, st, ctx, ws, out) => {
                }
                (
                    Leaf::StepSlots(rel),
                    GenKind::Step {
                        to_if: Some(BoolE::SlotTests(tests)),
                        stack,
                        ..
                    },
                ) if self.step_slots_small((rel, *stack, id), tests, f, comp, st, ctx, ws, out) => {
                }
                (
                    Leaf::Hop {
                        over_empty,
                        land_empty,
                    },
                    GenKind::Hop {
                        dirs,
                        min,
                        max,
                        stack,
                        ..
                    },
                ) => self.hop_plain(
                    st,
                    f,
                    comp,
                    self.dirs_at(f, dirs),
                    (*min, *max),
                    (over_empty, land_empty),
                    *stack,
                    id,
                    ctx.site,
                    out,
                ),
                _ => self.generate(id, st, Ctx { from: f, ..ctx }, ws, out),
            }
        }
    }
}

/// The fast loop of a node: a step or hop from the current `(from)` whose
/// conditions are emptiness/occupancy tests of the site tested (the same
/// classification the general loops use, [`SiteTest::of`]).
fn leaf_of(n: &GenNode) -> Leaf {
    match &n.kind {
        GenKind::Step {
            from: FromSpec::Current,
            dirs: DirSpec::Relation(rel),
            to_if,
            ..
        } if SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty).emptiness() == Some(true) => {
            Leaf::StepToEmpty(*rel)
        }
        GenKind::Step {
            from: FromSpec::Current,
            dirs: DirSpec::Relation(rel),
            to_if,
            ..
        } if matches!(
            SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty),
            SiteTest::SlotsThenSteps(..)
        ) =>
        {
            Leaf::StepSlotsSteps(*rel)
        }
        GenKind::Step {
            from: FromSpec::Current,
            dirs: DirSpec::Relation(rel),
            to_if: Some(BoolE::SlotTests(_)),
            ..
        } => Leaf::StepSlots(*rel),
        GenKind::Hop {
            from: FromSpec::Current,
            between_if,
            to_if,
            ..
        } => {
            let over = SiteTest::of(between_if.as_ref(), Slot::Between, SiteTest::Occupied);
            let land = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty);
            match (over.emptiness(), land.emptiness()) {
                (Some(over_empty), Some(land_empty)) => Leaf::Hop {
                    over_empty,
                    land_empty,
                },
                _ => Leaf::General,
            }
        }
        _ => Leaf::General,
    }
}
