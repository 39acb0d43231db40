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
use super::ir::{CmpOp, DirSpec, RegionE, StepSearch, StepsTerm};
use super::{Game, State, Workspace};
use crate::board::Site;

/// The count of an origin from which no target can be reached (as Ludii).
pub(crate) const UNREACHABLE: i32 = 1_000_000_000;

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
}

/// The answers of one cached search in one position.
#[derive(Clone, Debug, Default)]
pub(crate) struct StepTable {
    pub(crate) epoch: u64,
    /// The count for each board site as the origin.
    pub(crate) ans: Vec<i32>,
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
        StepPlan {
            words,
            masks,
            back,
            search: Some(Box::new((search.clone(), targets.clone()))),
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
        if ws.steps_cache[slot].epoch != ws.epoch {
            self.build_steps(slot, st, ws);
        }
        ws.steps_cache[slot].ans[origin as usize]
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
    fn steps_term(&self, t: StepsTerm, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
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
    #[inline(never)]
    fn build_steps(&self, slot: usize, st: &State, ws: &mut Workspace) {
        let n = self.board.len();
        let plan = &self.step_plans[slot];
        let (search, targets) = &**plan.search.as_ref().expect("a cacheable search");
        // neither the targets nor the step condition (but for `(to)`, bound
        // to each site by `pred_mask`) read the move context
        let ctx = Ctx::default();
        let w = plan.words;
        let mut table = std::mem::take(&mut ws.steps_cache[slot]);
        table.epoch = ws.epoch;
        let ans = &mut table.ans;
        ans.resize(n, 0);
        let mut tset = ws.take_set();
        self.eval_region(targets, st, ctx, ws, &mut tset);
        // as Ludii: an empty target region counts 0, before any search
        if tset.is_empty() {
            ans.fill(0);
            ws.give_set(tset);
            ws.steps_cache[slot] = table;
            return;
        }
        let mut enter = ws.take_set();
        match &search.enter {
            Some(c) => self.pred_mask(c, st, ctx, ws, &mut enter),
            None => (0..n as Site).for_each(|s| enter.insert(s)),
        }
        // bit sets of board sites: targets, enterable, reached, last layer, next layer
        let mut bits = std::mem::take(&mut ws.step_bits);
        bits.clear();
        bits.resize(5 * w, 0);
        let (tw, rest) = bits.split_at_mut(w);
        let (ew, rest) = rest.split_at_mut(w);
        let (reached, rest) = rest.split_at_mut(w);
        let (layer, next) = rest.split_at_mut(w);
        let last = if n % 64 == 0 {
            !0
        } else {
            (1u64 << (n % 64)) - 1
        };
        for i in 0..w {
            let keep = if i + 1 == w { last } else { !0 };
            tw[i] = tset.words()[i] & keep;
            ew[i] = enter.words()[i] & keep;
            reached[i] = tw[i] & ew[i];
            layer[i] = reached[i];
        }
        ws.give_set(tset);
        ws.give_set(enter);
        ans.fill(UNREACHABLE);
        let masks = &plan.masks;
        let back = if plan.back.is_empty() {
            masks
        } else {
            &plan.back
        };
        if w == 1 {
            // boards of up to 64 sites: each set is one word
            let (e, mut seen, mut layer) = (ew[0], reached[0], layer[0]);
            let mut d = 0;
            while layer != 0 {
                let mut next = 0;
                let mut b = layer;
                while b != 0 {
                    let s = b.trailing_zeros() as usize;
                    b &= b - 1;
                    ans[s] = d;
                    next |= back[s];
                }
                layer = next & e & !seen;
                seen |= layer;
                d += 1;
            }
            reached[0] = seen;
        } else {
            let mut d = 0;
            loop {
                next.iter_mut().for_each(|x| *x = 0);
                for (i, &lw) in layer.iter().enumerate() {
                    let mut b = lw;
                    while b != 0 {
                        let s = i * 64 + b.trailing_zeros() as usize;
                        b &= b - 1;
                        ans[s] = d;
                        let m = &back[s * w..s * w + w];
                        next.iter_mut().zip(m).for_each(|(x, &y)| *x |= y);
                    }
                }
                let mut any = 0;
                for i in 0..w {
                    next[i] &= ew[i] & !reached[i];
                    reached[i] |= next[i];
                    any |= next[i];
                }
                if any == 0 {
                    break;
                }
                layer.copy_from_slice(next);
                d += 1;
            }
        }
        // the origins that look at the sites one step from them (they only
        // read the layers of reached sites, which are in E)
        for i in 0..w {
            let keep = if i + 1 == w { last } else { !0 };
            let mut b = !tw[i] & !ew[i] & keep;
            while b != 0 {
                let o = i * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let mut best = UNREACHABLE;
                for (k, &r) in reached.iter().enumerate() {
                    let mut m = masks[o * w + k] & r;
                    while m != 0 {
                        best = best.min(ans[k * 64 + m.trailing_zeros() as usize]);
                        m &= m - 1;
                    }
                }
                ans[o] = if best == UNREACHABLE {
                    UNREACHABLE
                } else {
                    best + 1
                };
            }
        }
        // targets outside E count 0 too
        for i in 0..w {
            let mut b = tw[i] & !ew[i];
            while b != 0 {
                ans[i * 64 + b.trailing_zeros() as usize] = 0;
                b &= b - 1;
            }
        }
        ws.step_bits = bits;
        ws.steps_cache[slot] = table;
    }
}
