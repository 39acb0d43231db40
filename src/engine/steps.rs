//! `(count Steps STEP ORIGIN TARGETS)` answered for every origin at once.
//!
//! When the step condition reads nothing of the move but `(to)` and the
//! targets read nothing of the move (`StepSearch::cacheable`), the answer
//! depends on the position and the origin only. One breadth-first search
//! backwards from the targets, over bit sets (a layer of sites at a time,
//! each site adding its precomputed neighbour set), then gives the answer
//! for every origin; it is made once per position (per workspace epoch) and
//! shared by every `count Steps` with the same step and targets.

use super::eval::{Ctx, cmp};
use super::ir::{BoolE, CmpOp, DirSpec, IntE, RegionE, Slot, StepSearch, StepsTerm};
use super::{Game, MAX_PLAYERS, State, Workspace};
use crate::board::Site;

/// The count of an origin from which no target can be reached (as Ludii).
pub(crate) const UNREACHABLE: i32 = 1_000_000_000;

/// In a set of owners (bit `o`, see [`Game::owners_sites`]): the empty sites.
pub(crate) const EMPTY_SITES: u32 = 1 << 31;

/// Tables of one cached search, built at load: the sites one step from
/// each board site, and the sites one step to it, as bit sets of `words`
/// words each.
#[derive(Clone, Debug, Default)]
pub(crate) struct StepPlan {
    words: usize,
    /// `masks[s * words..][..words]`: the sites one step from `s`.
    masks: Vec<u64>,
    /// The same for the sites one step *to* `s`; empty when every step can
    /// be taken back (the sets are then those of `masks`).
    back: Vec<u64>,
    /// The search and its targets.
    search: Option<Box<(StepSearch, RegionE)>>,
    /// Boards of up to 64 sites whose targets and enterable sites are each
    /// the sites of some owners (and perhaps the empty sites) whoever moves
    /// (see [`Game::comps_owners`]): per `mover * (MAX_PLAYERS + 1) + prev`,
    /// those owners for the targets and for the enterable sites. Empty
    /// otherwise ([`Game::build_steps_small`] is then not used).
    owners: Vec<(u32, u32)>,
    /// Boards of up to 64 sites: `masks` padded to 64 entries, then the
    /// sets of the sites one step *to* each site (`back`, or `masks` again)
    /// the same (see [`StepPlan::small_tables`]). Empty otherwise.
    small: Vec<u64>,
}

impl StepPlan {
    /// `small` as the tables of [`layers64`]: the sites one step from each
    /// site, and the sites one step to it.
    fn small_tables(&self) -> (&[u64; 64], &[u64; 64]) {
        let (masks, back) = self.small.split_at(64);
        (
            masks.try_into().expect("padded"),
            back.try_into().expect("padded"),
        )
    }
}

/// The answers of one cached search in one position.
#[derive(Clone, Debug, Default)]
pub(crate) struct StepTable {
    pub(crate) epoch: u64,
    /// The board sites whose count is 0 (bit `s % 64` of word `s / 64`).
    pub(crate) zero: Vec<u64>,
    /// The count of each other board site as the origin.
    pub(crate) ans: Vec<i32>,
    /// Filled by [`Game::build_steps_small`] only (else empty): `layers[d]`
    /// holds the board sites counting `d`, and `unreached` those counting
    /// [`UNREACHABLE`]; together, every board site once.
    pub(crate) layers: Vec<u64>,
    pub(crate) unreached: u64,
}

impl StepTable {
    /// The count from board site `s`.
    #[inline]
    pub(crate) fn get(&self, s: usize) -> i32 {
        if self.zero[s >> 6] >> (s & 63) & 1 != 0 {
            0
        } else {
            self.ans[s]
        }
    }
}

impl StepTable {
    /// The board sites `s` with `(count from s) + plus OP v` (wrapping, as
    /// `Arith`), from the layers (tables made by `build_steps_small` only).
    #[inline]
    pub(crate) fn sites_where(&self, op: CmpOp, plus: i32, v: i32) -> u64 {
        if op == CmpOp::Eq {
            let d = v.wrapping_sub(plus);
            return if d == UNREACHABLE {
                self.unreached
            } else {
                usize::try_from(d)
                    .ok()
                    .and_then(|d| self.layers.get(d))
                    .copied()
                    .unwrap_or(0)
            };
        }
        let mut m = 0;
        for (d, &l) in self.layers.iter().enumerate() {
            if cmp(op, (d as i32).wrapping_add(plus), v) {
                m |= l;
            }
        }
        if cmp(op, UNREACHABLE.wrapping_add(plus), v) {
            m |= self.unreached;
        }
        m
    }
}

impl Game {
    /// The tables of a cacheable search.
    pub(crate) fn step_plan(&self, search: &StepSearch, targets: &RegionE) -> StepPlan {
        let dirs = &search.dirs;
        let n = self.board.len();
        let words = n.div_ceil(64).max(1);
        let mut masks = vec![0u64; n * words];
        for s in 0..n {
            for t in self.step_neighbours(s as Site, dirs) {
                masks[s * words + (t as usize >> 6)] |= 1 << (t & 63);
            }
        }
        let mut back = vec![0u64; n * words];
        for s in 0..n {
            for t in self.step_neighbours(s as Site, dirs) {
                back[t as usize * words + (s >> 6)] |= 1 << (s & 63);
            }
        }
        if back == masks {
            back = Vec::new();
        }
        // per mover and previous mover, the owners of the targets and of the
        // enterable sites, when both are unions of whole owners' sites
        let roles =
            (0..=MAX_PLAYERS as u8).flat_map(|m| (0..=MAX_PLAYERS as u8).map(move |p| (m, p)));
        let owners: Option<Vec<(u32, u32)>> = roles
            .map(|r| {
                let t = self.comps_owners(self.region_comps(targets, r)?)?;
                let e = match &search.enter {
                    Some(c) => self.comps_owners(self.pred_comps(c, r)?)?,
                    None => self.comps_owners(!0)?,
                };
                Some((t, e))
            })
            .collect();
        let owners = match owners {
            Some(o) if n <= 64 => o,
            _ => Vec::new(),
        };
        let small = if n <= 64 {
            // forwards, then backwards
            let mut small = masks.clone();
            small.resize(64, 0);
            small.extend(if back.is_empty() { &masks } else { &back });
            small.resize(128, 0);
            small
        } else {
            Vec::new()
        };
        StepPlan {
            words,
            masks,
            back,
            search: Some(Box::new((search.clone(), targets.clone()))),
            owners,
            small,
        }
    }

    fn step_neighbours(&self, s: Site, dirs: &DirSpec) -> Vec<Site> {
        match dirs {
            DirSpec::Relation(rel) => self.board.neighbours(s, *rel).to_vec(),
            DirSpec::Dirs(d) => d.iter().filter_map(|&d| self.board.step(s, d)).collect(),
        }
    }

    /// The count of a cacheable search from `origin` (a board site), from
    /// the position's table (built on first use in a position).
    #[inline]
    pub(crate) fn cached_steps(
        &self,
        origin: Site,
        slot: usize,
        st: &State,
        ws: &mut Workspace,
    ) -> i32 {
        self.ensure_steps(slot, st, ws);
        ws.steps_cache[slot].get(origin as usize)
    }

    /// Builds the table of `slot` for this position unless it is built.
    #[inline]
    pub(crate) fn ensure_steps(&self, slot: usize, st: &State, ws: &mut Workspace) {
        if ws.steps_cache[slot].epoch != ws.epoch {
            self.build_steps(slot, st, ws);
        }
    }

    /// [`BoolE::StepsCmp`]: each side is what `eval_int` gives for the
    /// `count Steps` it stands for (a billion for an origin off the board,
    /// as in `eval_int`), plus its constant (wrapping, as `Arith`).
    #[inline]
    pub(crate) fn steps_cmp(
        &self,
        op: CmpOp,
        a: StepsTerm,
        b: StepsTerm,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let a = self.steps_term(a, st, ctx, ws);
        let b = self.steps_term(b, st, ctx, ws);
        cmp(op, a, b)
    }

    #[inline]
    pub(crate) fn steps_term(&self, t: StepsTerm, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        if t.id == StepsTerm::CONST {
            return t.plus;
        }
        let o = ctx.slot(t.slot);
        let v = if (o as usize) < self.board.len() {
            self.cached_steps(o, t.id as usize, st, ws)
        } else {
            UNREACHABLE
        };
        v.wrapping_add(t.plus)
    }

    /// Fills the table of `slot` for this position. With T the targets and
    /// E the sites the step may enter, as the search from one origin:
    /// - an origin in T counts 0 (and every origin does when T is empty);
    /// - the origin itself is never entered, so otherwise its count is one
    ///   more than the least distance, over the sites one step from it, of
    ///   such a site to T through E (entering it and every site after it,
    ///   the target included);
    /// - those distances are the layers of the search backwards (along the
    ///   steps into each site) from T ∩ E through E. A site of E outside T
    ///   has its own layer as its count (its layer is one more than the
    ///   least layer one step from it), or none if unreached (then nothing
    ///   one step from it is reached); only the sites outside E and T look
    ///   at the sites one step from them.
    ///
    /// The sites counting 0 are kept as a bit set (`StepTable::zero`), and
    /// only the others get an entry in `ans`. Each layer is found from the
    /// cheaper side: from the last layer, each of its sites adding the sites
    /// one step to it, or from the sites not reached yet, each looking for
    /// a site of the last layer one step from it.
    #[inline(never)]
    fn build_steps(&self, slot: usize, st: &State, ws: &mut Workspace) {
        let n = self.board.len();
        let plan = &self.step_plans[slot];
        if !plan.owners.is_empty() {
            return self.build_steps_small(plan, &mut ws.steps_cache[slot], st, ws.epoch);
        }
        let w = plan.words;
        let mut table = std::mem::take(&mut ws.steps_cache[slot]);
        table.epoch = ws.epoch;
        table.ans.resize(n, 0);
        table.zero.resize(w, 0);
        // bit sets of board sites: targets, enterable, reached, last layer,
        // next layer, scratch
        let mut bits = std::mem::take(&mut ws.step_bits);
        bits.clear();
        bits.resize(6 * w, 0);
        let (tw, rest) = bits.split_at_mut(w);
        let (ew, rest) = rest.split_at_mut(w);
        self.step_masks(plan, st, ws, tw, ew);
        let last = if n.is_multiple_of(64) {
            !0
        } else {
            (1u64 << (n % 64)) - 1
        };
        let keep = |i: usize| if i + 1 == w { last } else { !0 };
        // as Ludii: an empty target region counts 0, before any search
        if tw.iter().all(|&x| x == 0) {
            (0..w).for_each(|i| table.zero[i] = keep(i));
            ws.step_bits = bits;
            ws.steps_cache[slot] = table;
            return;
        }
        table.zero.copy_from_slice(tw);
        let ans = &mut table.ans;
        let masks = &plan.masks;
        let back = if plan.back.is_empty() {
            masks
        } else {
            &plan.back
        };
        let (reached, rest) = rest.split_at_mut(w);
        let (layer, rest) = rest.split_at_mut(w);
        let (next, cand) = rest.split_at_mut(w);
        for i in 0..w {
            reached[i] = tw[i] & ew[i];
            layer[i] = reached[i];
        }
        if w == 1 && !plan.small.is_empty() {
            // boards of up to 64 sites: each set is one word
            let (masks, back) = plan.small_tables();
            reached[0] = layers64(masks, back, ew[0], reached[0], |d, next| {
                let mut b = next;
                while b != 0 {
                    ans[b.trailing_zeros() as usize] = d;
                    b &= b - 1;
                }
            });
        } else {
            let mut d = 0;
            loop {
                d += 1;
                let (mut nc, mut nl) = (0, 0);
                for i in 0..w {
                    cand[i] = ew[i] & !reached[i];
                    nc += cand[i].count_ones();
                    nl += layer[i].count_ones();
                }
                if nc == 0 {
                    break;
                }
                next.iter_mut().for_each(|x| *x = 0);
                if nc < nl {
                    for i in 0..w {
                        let mut b = cand[i];
                        while b != 0 {
                            let s = i * 64 + b.trailing_zeros() as usize;
                            b &= b - 1;
                            let m = &masks[s * w..s * w + w];
                            if m.iter().zip(&*layer).any(|(x, y)| x & y != 0) {
                                next[i] |= 1 << (s & 63);
                            }
                        }
                    }
                } else {
                    for (i, &lw) in layer.iter().enumerate() {
                        let mut b = lw;
                        while b != 0 {
                            let s = i * 64 + b.trailing_zeros() as usize;
                            b &= b - 1;
                            let m = &back[s * w..s * w + w];
                            next.iter_mut().zip(m).for_each(|(x, &y)| *x |= y);
                        }
                    }
                    next.iter_mut().zip(&*cand).for_each(|(x, &y)| *x &= y);
                }
                if next.iter().all(|&x| x == 0) {
                    break;
                }
                for (i, &nw) in next.iter().enumerate() {
                    let mut b = nw;
                    while b != 0 {
                        ans[i * 64 + b.trailing_zeros() as usize] = d;
                        b &= b - 1;
                    }
                    reached[i] |= nw;
                }
                layer.copy_from_slice(next);
            }
        }
        // the sites of E outside T never reached
        for i in 0..w {
            let mut b = ew[i] & !tw[i] & !reached[i];
            while b != 0 {
                ans[i * 64 + b.trailing_zeros() as usize] = UNREACHABLE;
                b &= b - 1;
            }
        }
        // the origins that look at the sites one step from them (they only
        // read the layers of reached sites, which are in E; those of T count
        // 0 and have no entry)
        for i in 0..w {
            let mut b = !tw[i] & !ew[i] & keep(i);
            while b != 0 {
                let o = i * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let m = &masks[o * w..o * w + w];
                let mut best = UNREACHABLE;
                for (k, &r) in reached.iter().enumerate() {
                    let mut x = m[k] & r;
                    if x & tw[k] != 0 {
                        // a site of T ∩ E, layer 0
                        best = 0;
                        break;
                    }
                    while x != 0 {
                        best = best.min(ans[k * 64 + x.trailing_zeros() as usize]);
                        x &= x - 1;
                    }
                }
                ans[o] = if best == UNREACHABLE {
                    UNREACHABLE
                } else {
                    best + 1
                };
            }
        }
        ws.step_bits = bits;
        ws.steps_cache[slot] = table;
    }

    /// `build_steps` on a board of at most 64 sites whose targets and
    /// enterable sites are owners' sites (`StepPlan::owners`): every set is
    /// one word, the tables are indexed without checks, and the layers are
    /// kept as sets as well (`StepTable::layers`).
    fn build_steps_small(&self, plan: &StepPlan, table: &mut StepTable, st: &State, epoch: u64) {
        let n = self.board.len();
        let board = self.board_bits();
        let (to, eo) = plan.owners[st.mover as usize * (MAX_PLAYERS + 1) + st.prev_mover as usize];
        let (t, e) = (self.owners_sites(to, st), self.owners_sites(eo, st));
        table.epoch = epoch;
        table.ans.resize(n, 0);
        table.zero.resize(1, 0);
        table.layers.clear();
        table.unreached = 0;
        // as Ludii: an empty target region counts 0, before any search
        if t == 0 {
            table.zero[0] = board;
            table.layers.push(board);
            return;
        }
        table.zero[0] = t;
        table.layers.push(t);
        let (masks, back) = plan.small_tables();
        let mut ans = [0i32; 64];
        let layers = &mut table.layers;
        let seen = layers64(masks, back, e, t & e, |d, next| {
            let mut b = next;
            while b != 0 {
                ans[b.trailing_zeros() as usize & 63] = d;
                b &= b - 1;
            }
            layers.push(next);
        });
        // the sites of E outside T never reached
        let mut unreached = e & !t & !seen;
        let mut b = unreached;
        while b != 0 {
            ans[b.trailing_zeros() as usize & 63] = UNREACHABLE;
            b &= b - 1;
        }
        // the origins that look at the sites one step from them: one more
        // than the least layer one step away (layer 0 for a site of T ∩ E)
        let mut b = board & !t & !e;
        while b != 0 {
            let o = b.trailing_zeros() as usize & 63;
            b &= b - 1;
            let mut x = masks[o] & seen;
            let best = if x & t != 0 {
                0
            } else {
                let mut best = UNREACHABLE;
                while x != 0 {
                    best = best.min(ans[x.trailing_zeros() as usize & 63]);
                    x &= x - 1;
                }
                best
            };
            if best == UNREACHABLE {
                ans[o] = UNREACHABLE;
                unreached |= 1 << o;
            } else {
                ans[o] = best + 1;
                let k = best as usize + 1;
                if k == table.layers.len() {
                    table.layers.push(0);
                }
                table.layers[k] |= 1 << o;
            }
        }
        table.unreached = unreached;
        table.ans.copy_from_slice(&ans[..n]);
    }

    /// The targets and the enterable sites of `plan`'s search into `tw`
    /// and `ew` (board sites only; bits past the board may be set): in one
    /// pass over the board when each is a set of components (at most 64),
    /// else through `eval_region` and `pred_mask`.
    fn step_masks(
        &self,
        plan: &StepPlan,
        st: &State,
        ws: &mut Workspace,
        tw: &mut [u64],
        ew: &mut [u64],
    ) {
        let (search, targets) = &**plan.search.as_ref().expect("a cacheable search");
        // neither the targets nor the step condition (but for `(to)`, bound
        // to each site) read the move context
        let ctx = Ctx::default();
        let n = self.board.len();
        let roles = (st.mover, st.prev_mover);
        let tm = self.region_comps(targets, roles);
        let em = match &search.enter {
            Some(c) => self.pred_comps(c, roles),
            None => Some(!0),
        };
        if let (Some(tm), Some(em)) = (tm, em) {
            // boards of up to 64 sites, each set a union of whole owners'
            // pieces (and perhaps the empty sites): from the state's
            // per-owner sets
            if let (Some(t), Some(e)) = (self.comps_sites(tm, st), self.comps_sites(em, st)) {
                tw[0] = t;
                ew[0] = e;
                return;
            }
            for ((t, e), chunk) in tw
                .iter_mut()
                .zip(ew.iter_mut())
                .zip(st.what[..n].chunks(64))
            {
                let (mut x, mut y) = (0u64, 0u64);
                for (j, &c) in chunk.iter().enumerate() {
                    x |= (tm >> c & 1) << j;
                    y |= (em >> c & 1) << j;
                }
                *t = x;
                *e = y;
            }
            return;
        }
        let mut set = ws.take_set();
        self.eval_region(targets, st, ctx, ws, &mut set);
        tw.copy_from_slice(&set.words()[..tw.len()]);
        match &search.enter {
            Some(c) => self.pred_mask(c, st, ctx, ws, &mut set),
            None => (0..n as Site).for_each(|s| set.insert(s)),
        }
        ew.copy_from_slice(&set.words()[..ew.len()]);
        ws.give_set(set);
    }

    /// The components (bit `c`) whose board sites region `r` holds, when it
    /// is a set of components and there are at most 64 of them (the same
    /// sites as `eval_region` on the board).
    fn region_comps(&self, r: &RegionE, roles: (u8, u8)) -> Option<u64> {
        if self.comps.len() > 64 {
            return None;
        }
        match r {
            RegionE::Empty => Some(1),
            RegionE::Occupied { who, .. } => {
                Some(self.comps_where64(|c| {
                    c != 0 && self.role_matches_of(*who, self.owner(c), c, roles)
                }))
            }
            _ => None,
        }
    }

    /// The components (bit `c`) of the board sites where `b` holds with
    /// `(to)` at the site, when that depends on the site's top component
    /// only and there are at most 64 (the same sites as `pred_mask`).
    fn pred_comps(&self, b: &BoolE, roles: (u8, u8)) -> Option<u64> {
        if self.comps.len() > 64 {
            return None;
        }
        let all = self.comps_where64(|_| true);
        let val = |v: &IntE| match v {
            IntE::Const(k) => Some(*k),
            IntE::Role(r) => Some(self.role_of(*r, roles.0, roles.1) as i32),
            _ => None,
        };
        Some(match b {
            BoolE::Const(true) => all,
            BoolE::Const(false) => 0,
            BoolE::EmptyAt(Slot::To) => 1,
            BoolE::OccupiedAt(Slot::To) => all & !1,
            BoolE::WhoAt(Slot::To, op, v) => {
                let k = val(v)?;
                self.comps_where64(|c| cmp(*op, self.owner(c) as i32, k))
            }
            BoolE::WhatAt(Slot::To, op, v) => {
                let k = val(v)?;
                self.comps_where64(|c| cmp(*op, c as i32, k))
            }
            BoolE::Not(a) => all & !self.pred_comps(a, roles)?,
            BoolE::And(v) => v
                .iter()
                .try_fold(all, |m, x| Some(m & self.pred_comps(x, roles)?))?,
            BoolE::Or(v) => v
                .iter()
                .try_fold(0, |m, x| Some(m | self.pred_comps(x, roles)?))?,
            _ => return None,
        })
    }

    /// The board sites whose top component is in `m` (bit `c`; bit 0: the
    /// empty sites), from [`State::occ`]: on boards of up to 64 sites,
    /// when `m` holds each owner's components all or none.
    fn comps_sites(&self, m: u64, st: &State) -> Option<u64> {
        if self.board.len() > 64 {
            return None;
        }
        Some(self.owners_sites(self.comps_owners(m)?, st))
    }

    /// The owners (bit `o`) whose components `m` (bit `c`; bit 0: the empty
    /// sites) holds, and [`EMPTY_SITES`] when it holds the empty sites;
    /// `None` when `m` holds some of an owner's components but not all.
    pub(crate) fn comps_owners(&self, m: u64) -> Option<u32> {
        // per owner: bit 0 = has a component in m, bit 1 = has one out
        let mut owners = [0u8; MAX_PLAYERS + 1];
        for c in 1..self.comps.len().min(64) {
            owners[self.owner(c as u8) as usize] |= if m >> c & 1 != 0 { 1 } else { 2 };
        }
        let mut r = if m & 1 != 0 { EMPTY_SITES } else { 0 };
        for (o, &k) in owners.iter().enumerate() {
            match k {
                3 => return None,
                1 => r |= 1 << o,
                _ => {}
            }
        }
        Some(r)
    }

    /// The board sites of the owners in `owners` (bit `o`), and the empty
    /// sites with [`EMPTY_SITES`] (boards of up to 64 sites).
    #[inline]
    pub(crate) fn owners_sites(&self, owners: u32, st: &State) -> u64 {
        let (mut sites, mut pieces) = (0u64, 0u64);
        for (o, &occ) in st.occ.iter().enumerate() {
            if owners >> o & 1 != 0 {
                sites |= occ;
            }
            pieces |= occ;
        }
        if owners & EMPTY_SITES != 0 {
            sites |= self.board_bits() & !pieces;
        }
        sites
    }

    /// Every board site, on boards of up to 64 sites.
    #[inline]
    pub(crate) fn board_bits(&self) -> u64 {
        let n = self.board.len();
        if n >= 64 { !0 } else { (1u64 << n) - 1 }
    }

    /// The components (at most 64) for which `f` holds, bit `c`.
    fn comps_where64(&self, f: impl Fn(u8) -> bool) -> u64 {
        (0..self.comps.len().min(64))
            .filter(|&c| f(c as u8))
            .fold(0, |m, c| m | 1 << c)
    }
}

/// Breadth-first layers on one-word sets (boards of up to 64 sites), each
/// grown from whichever side is cheaper: from the last layer, each of its
/// sites adding the sites one step to it (`back`), or from the sites of `e`
/// not seen yet, each looking for a site of the last layer one step from it
/// (`masks`). Starts from `seen` (the first layer), calls `visit(d, layer)`
/// for each later layer `d` = 1, 2, …, and returns every site seen.
#[inline(always)]
fn layers64(
    masks: &[u64; 64],
    back: &[u64; 64],
    e: u64,
    mut seen: u64,
    mut visit: impl FnMut(i32, u64),
) -> u64 {
    let mut layer = seen;
    let mut d = 0;
    loop {
        d += 1;
        let cand = e & !seen;
        if cand == 0 {
            return seen;
        }
        let mut next = 0;
        if cand.count_ones() < layer.count_ones() {
            let mut b = cand;
            while b != 0 {
                let s = b.trailing_zeros() as usize;
                b &= b - 1;
                if masks[s & 63] & layer != 0 {
                    next |= 1 << s;
                }
            }
        } else {
            let mut b = layer;
            while b != 0 {
                let s = b.trailing_zeros() as usize;
                b &= b - 1;
                next |= back[s & 63];
            }
            next &= cand;
        }
        if next == 0 {
            return seen;
        }
        visit(d, next);
        seen |= next;
        layer = next;
    }
}

impl Game {
    /// The search and targets of `count Steps` cache slot `id` (pure rule
    /// data, for the reference interpreter, which reads a
    /// [`StepsTerm`]'s count by its plain meaning).
    pub fn step_search(&self, id: u32) -> Option<(&StepSearch, &RegionE)> {
        let (s, t) = &**self.step_plans.get(id as usize)?.search.as_ref()?;
        Some((s, t))
    }
}
