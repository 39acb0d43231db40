//! Evaluation of integer, boolean and region functions against a state.

use super::ir::*;
use super::sets::SiteSet;
use super::{Game, State, Workspace};
use crate::board::{Dir, NONE, Site};

/// The move context: `(from)`, `(to)`, `(between)`, `(site)`.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    pub from: Site,
    pub to: Site,
    pub between: Site,
    pub site: Site,
}

impl Ctx {
    #[inline]
    pub fn slot(&self, s: Slot) -> Site {
        match s {
            Slot::From => self.from,
            Slot::To => self.to,
            Slot::Between => self.between,
            Slot::Site => self.site,
        }
    }
}

impl Default for Ctx {
    fn default() -> Ctx {
        Ctx {
            from: NONE,
            to: NONE,
            between: NONE,
            site: NONE,
        }
    }
}

const UNREACHABLE: i32 = 1_000_000_000;

impl Game {
    #[inline]
    pub(crate) fn role(&self, r: Role, st: &State) -> u8 {
        self.role_of(r, st.mover, st.prev_mover)
    }

    /// [`Game::role`] given the mover and the previous mover (all it reads
    /// of the state).
    #[inline]
    pub(crate) fn role_of(&self, r: Role, mover: u8, prev: u8) -> u8 {
        match r {
            Role::Player(p) => p,
            Role::Mover => mover,
            Role::Next => self.next_player(mover),
            Role::Prev => prev,
            // as a single player, these mean the next player (2-player games)
            Role::All | Role::Enemy => self.next_player(mover),
        }
    }

    #[inline]
    fn who_at(&self, st: &State, s: i32) -> u8 {
        if s < 0 || s as usize >= st.what.len() {
            return 0;
        }
        self.comps[st.what[s as usize] as usize].owner
    }

    #[inline]
    pub(crate) fn role_matches(&self, r: Role, owner: u8, comp: u8, st: &State) -> bool {
        self.role_matches_of(r, owner, comp, (st.mover, st.prev_mover))
    }

    /// [`Game::role_matches`] given the mover and the previous mover.
    #[inline]
    pub(crate) fn role_matches_of(
        &self,
        r: Role,
        owner: u8,
        comp: u8,
        (mover, prev): (u8, u8),
    ) -> bool {
        if comp == 0 {
            return false;
        }
        match r {
            Role::All => true,
            Role::Enemy => owner != 0 && owner != mover,
            _ => owner == self.role_of(r, mover, prev),
        }
    }

    pub(crate) fn dirs_at<'a>(&'a self, s: Site, spec: &'a DirSpec) -> &'a [Dir] {
        match spec {
            DirSpec::Relation(rel) => self.board.dirs(s, *rel),
            DirSpec::Dirs(d) => d,
        }
    }

    /// Evaluates an integer function. The common leaves are handled here,
    /// in a small function; the rest goes to an out-of-line one.
    #[inline]
    pub fn eval_int(&self, e: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match e {
            IntE::Const(c) => *c,
            IntE::From => ctx.from as i32,
            IntE::To => ctx.to as i32,
            IntE::Between => ctx.between as i32,
            IntE::Site => ctx.site as i32,
            IntE::Role(r) => self.role(*r, st) as i32,
            IntE::SizeAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                if s < st.count.len() {
                    st.count[s] as i32
                } else {
                    0
                }
            }
            IntE::CountComps { who, by_player } => self.count_comps(*who, by_player, st),
            // A cached `count Steps` (steps.rs) from a slot of the move, its
            // table already made in this position: the answer is one load.
            // Otherwise (another origin, a search that can't be cached,
            // whose table never has the current epoch, or the first use in
            // a position) the general path below.
            IntE::CountSteps { from, id, .. } => {
                let o = match **from {
                    IntE::To => ctx.to,
                    IntE::From => ctx.from,
                    _ => NONE,
                } as usize;
                let t = &ws.steps_cache[*id as usize];
                if t.epoch == ws.epoch && o < t.ans.len() {
                    t.get(o)
                } else {
                    self.eval_int_full(e, st, ctx, ws)
                }
            }
            _ => self.eval_int_full(e, st, ctx, ws),
        }
    }

    /// `IntE::CountComps`: the named components of one player, from the
    /// per-component counters.
    #[inline(never)]
    fn count_comps(&self, who: Role, by_player: &[Vec<u8>], st: &State) -> i32 {
        match by_player.get(self.role(who, st) as usize) {
            Some(cs) => cs.iter().map(|&c| st.comp_count[c as usize] as i32).sum(),
            None => 0,
        }
    }

    #[inline(never)]
    fn eval_int_full(&self, e: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match e {
            IntE::Const(c) => *c,
            IntE::Last(_) => super::declined::declined("last"),
            IntE::MapEntry { .. } => super::declined::declined("mapEntry"),
            IntE::MovesThisTurn => super::declined::declined("count MovesThisTurn"),
            IntE::Mancala(_) => super::declined::declined("count at|in, mapEntry"),
            IntE::Regions(_) => super::declined::declined("ahead|where|row|column"),
            IntE::Race(_) => super::declined::declined("trackSite Move, value Pending"),
            IntE::Chess(_) => super::declined::declined("state at:, counter"),
            IntE::Play(_) => super::declined::declined("is Triggered"),
            IntE::Connect(_) => super::declined::declined("is Connected"),
            IntE::PlayerValue(_) => super::declined::declined("value Player"),
            IntE::Role(r) => self.role(*r, st) as i32,
            IntE::From => ctx.from as i32,
            IntE::To => ctx.to as i32,
            IntE::Between => ctx.between as i32,
            IntE::Site => ctx.site as i32,
            IntE::Arith(op, args) => {
                let mut acc = self.eval_int(&args[0], st, ctx, ws);
                for a in &args[1..] {
                    let v = self.eval_int(a, st, ctx, ws);
                    acc = match op {
                        ArithOp::Add => acc.wrapping_add(v),
                        ArithOp::Sub => acc.wrapping_sub(v),
                        ArithOp::Mul => acc.wrapping_mul(v),
                        ArithOp::Div => {
                            if v == 0 {
                                0
                            } else {
                                acc.wrapping_div(v)
                            }
                        }
                        ArithOp::Mod => {
                            if v == 0 {
                                0
                            } else {
                                acc.wrapping_rem(v)
                            }
                        }
                        ArithOp::Max => acc.max(v),
                        ArithOp::Min => acc.min(v),
                    };
                }
                acc
            }
            IntE::Abs(a) => self.eval_int(a, st, ctx, ws).wrapping_abs(),
            IntE::If(c, a, b) => {
                if self.eval_bool(c, st, ctx, ws) {
                    self.eval_int(a, st, ctx, ws)
                } else {
                    self.eval_int(b, st, ctx, ws)
                }
            }
            IntE::CountSites(r) => {
                // a region of one word: its size
                if self.fast.enabled
                    && let Some(bits) = self.region_bits(r, st)
                {
                    return bits.count_ones() as i32;
                }
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                let n = set.count() as i32;
                ws.give_set(set);
                n
            }
            IntE::CountPieces { who, region, comps } => match region {
                None => match comps {
                    Some(cs) => cs
                        .iter()
                        .filter(|&&c| self.role_matches(*who, self.owner(c), c, st))
                        .map(|&c| st.comp_count[c as usize] as i32)
                        .sum(),
                    None => match who {
                        Role::All => (1..=self.players)
                            .map(|p| st.pieces[p as usize] as i32)
                            .sum(),
                        _ => st.pieces[self.role(*who, st) as usize] as i32,
                    },
                },
                Some(r) => {
                    // the region as one word, when it has that form
                    if self.fast.enabled
                        && let Some(bits) = self.region_bits_at(r, st, ctx, ws)
                    {
                        if *who == Role::All && comps.is_none() {
                            return self.count_all_at(st, bits);
                        }
                        return super::bitregion::Bits(bits)
                            .map(|s| self.count_owned_at(st, s, *who, comps.as_deref()))
                            .sum();
                    }
                    let mut set = ws.take_set();
                    self.eval_region(r, st, ctx, ws, &mut set);
                    let mut n = 0;
                    for s in set.iter() {
                        n += self.count_owned_at(st, s, *who, comps.as_deref());
                    }
                    ws.give_set(set);
                    n
                }
            },
            IntE::CountComps { who, by_player } => self.count_comps(*who, by_player, st),
            IntE::CountPiecesOnBoard(who) => self.count_pieces_on_board(*who, st),
            IntE::CountMoves => st.decisions as i32,
            IntE::CountTurns => st.turns as i32 + 1,
            IntE::CountGroups { dirs, cond, min } => {
                self.count_groups(dirs, cond.as_deref(), *min, st, ctx, ws)
            }
            IntE::CountSteps {
                search,
                from,
                targets,
                id,
            } => {
                let origin = self.eval_int(from, st, ctx, ws);
                if origin < 0 || origin as usize >= self.board.len() {
                    return UNREACHABLE;
                }
                self.count_steps(search, origin as Site, targets, *id, st, ctx, ws)
            }
            IntE::SizeAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                if s < st.count.len() {
                    st.count[s] as i32
                } else {
                    0
                }
            }
            IntE::SizeStack(s) => {
                let s = self.eval_int(s, st, ctx, ws);
                if s < 0 || s as usize >= st.count.len() {
                    0
                } else {
                    st.count[s as usize] as i32
                }
            }
            IntE::Score(r) => st.scores[self.role(*r, st) as usize],
            IntE::Who(s) => {
                let s = self.eval_int(s, st, ctx, ws);
                self.who_at(st, s) as i32
            }
            IntE::What(s) => {
                let s = self.eval_int(s, st, ctx, ws);
                if s < 0 || s as usize >= st.what.len() {
                    0
                } else {
                    st.what[s as usize] as i32
                }
            }
            IntE::CountAround {
                site,
                dirs,
                filter,
                cond,
            } => {
                let s = self.eval_int(site, st, ctx, ws);
                if s < 0 || s as usize >= self.board.len() {
                    return 0;
                }
                let mut n = 0;
                for t in self.neighbours_by(s as Site, dirs) {
                    if self.around_keeps(*filter, cond.as_deref(), t, st, ctx, ws) {
                        n += 1;
                    }
                }
                n
            }
            IntE::HandSite(r) => {
                if self.hand_sites == 0 {
                    -1
                } else {
                    self.hand_site(self.role(*r, st).max(1)) as i32
                }
            }
        }
    }

    /// Stones on the board that belong to `who` (every level of a stack):
    /// the owners' counters (board and hands) less what their hands hold.
    pub(crate) fn count_pieces_on_board(&self, who: Role, st: &State) -> i32 {
        if who == Role::All {
            return self.count_all_pieces_on_board(st);
        }
        let owner_matches = |o: u8| match who {
            Role::All => true,
            Role::Enemy => o != 0 && o != st.mover,
            _ => o == self.role(who, st),
        };
        let mut n = 0i32;
        for o in 0..=self.players {
            if owner_matches(o) {
                n += st.pieces[o as usize] as i32;
            }
        }
        for h in self.board.len()..st.what.len() {
            let c = st.what[h];
            if c != 0 && owner_matches(self.owner(c)) {
                n -= st.count[h] as i32;
            }
        }
        n
    }

    /// [`Game::count_pieces_on_board`] of every owner: all the counters
    /// less every hand's pieces (an empty hand site counts none), in a
    /// small frame of its own.
    #[inline]
    pub(crate) fn count_all_pieces_on_board(&self, st: &State) -> i32 {
        // (plain loops over a few entries: the iterator forms were
        // vectorised, with more setup than the work)
        let mut all = 0u32;
        for &p in &st.pieces[..=self.players as usize] {
            all = all.wrapping_add(p);
        }
        let n = st.what.len().min(st.count.len());
        let (what, count) = (&st.what[..n], &st.count[..n]);
        let mut hands = 0i32;
        for h in self.board.len()..n {
            if what[h] != 0 {
                hands += count[h] as i32;
            }
        }
        all as i32 - hands
    }

    /// [`Game::count_owned_at`] of `Role::All` without a component list,
    /// summed over the board sites of `bits`: every piece there, each
    /// level of a stack that holds one (a site without stacks: its count
    /// when a piece is there).
    fn count_all_at(&self, st: &State, bits: u64) -> i32 {
        let mut n = 0i32;
        for s in super::bitregion::Bits(bits) {
            let su = s as usize;
            if self.stacking {
                let base = su * self.stack_cap;
                let h = st.count[su] as usize;
                n += st.stack[base..base + h].iter().filter(|&&c| c != 0).count() as i32;
            } else if st.what[su] != 0 {
                n += st.count[su] as i32;
            }
        }
        n
    }

    /// Stones at site `s` that belong to `who` (every level of a stack).
    fn count_owned_at(&self, st: &State, s: Site, who: Role, comps: Option<&[u8]>) -> i32 {
        let su = s as usize;
        if self.stacking && !self.is_hand_site(s) {
            let base = su * self.stack_cap;
            let mut n = 0;
            for lvl in 0..st.count[su] as usize {
                let c = st.stack[base + lvl];
                if self.role_matches(who, self.owner(c), c, st)
                    && comps.is_none_or(|cs| cs.contains(&c))
                {
                    n += 1;
                }
            }
            n
        } else {
            let c = st.what[su];
            if self.role_matches(who, self.owner(c), c, st)
                && comps.is_none_or(|cs| cs.contains(&c))
            {
                st.count[su] as i32
            } else {
                0
            }
        }
    }

    /// Evaluates a condition: common cases here, the rest out of line.
    pub fn eval_bool(&self, e: &BoolE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        match e {
            BoolE::SlotTests(t) => self.slot_tests(t, st, ctx),
            BoolE::EmptyAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                s < st.what.len() && st.what[s] == 0
            }
            BoolE::OccupiedAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                s < st.what.len() && st.what[s] != 0
            }
            BoolE::EnemyAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                s < st.what.len() && {
                    let o = self.owner(st.what[s]);
                    o != 0 && o != st.mover
                }
            }
            // the flat parts of a conjunction without a call each
            BoolE::And(v) => v.iter().all(|a| match a {
                BoolE::SlotTests(t) => self.slot_tests(t, st, ctx),
                BoolE::StepsCmp { op, a, b } => self.steps_cmp(*op, *a, *b, st, ctx, ws),
                _ => self.eval_bool(a, st, ctx, ws),
            }),
            BoolE::Or(v) => v.iter().any(|a| self.eval_bool(a, st, ctx, ws)),
            BoolE::Cmp(op, a, b) => {
                let a = self.eval_int(a, st, ctx, ws);
                let b = self.eval_int(b, st, ctx, ws);
                cmp(*op, a, b)
            }
            BoolE::AroundCmp {
                slot,
                dirs,
                filter,
                op,
                k,
            } => self.around_cmp(ctx.slot(*slot), dirs, *filter, *op, *k, st),
            BoolE::WhatAt(slot, op, v) => {
                let s = ctx.slot(*slot) as usize;
                let what = if s < st.what.len() {
                    st.what[s] as i32
                } else {
                    0
                };
                let v = match &**v {
                    IntE::Const(c) => *c,
                    v => self.eval_int(v, st, ctx, ws),
                };
                cmp(*op, what, v)
            }
            BoolE::StepsCmp { op, a, b } => self.steps_cmp(*op, *a, *b, st, ctx, ws),
            BoolE::WhoAt(slot, op, v) => {
                let s = ctx.slot(*slot) as usize;
                let who = if s < st.what.len() {
                    self.owner(st.what[s]) as i32
                } else {
                    0
                };
                cmp(*op, who, self.eval_int(v, st, ctx, ws))
            }
            _ => self.eval_bool_full(e, st, ctx, ws),
        }
    }

    /// `count OP k`, where `count` is the number of neighbours of `s` that
    /// `filter` keeps (0 when `s` is not a board site), as
    /// [`IntE::CountAround`] counts them. Once the count exceeds `k` the
    /// comparison is decided (further neighbours can only raise it), so the
    /// loop stops there.
    #[inline]
    pub(crate) fn around_cmp(
        &self,
        s: Site,
        dirs: &DirSpec,
        filter: Option<AroundFilter>,
        op: CmpOp,
        k: i32,
        st: &State,
    ) -> bool {
        if s as usize >= self.board.len() {
            return cmp(op, 0, k);
        }
        let mut n = 0;
        match dirs {
            DirSpec::Relation(rel) => {
                for &t in self.board.neighbours(s, *rel) {
                    if self.around_filter(filter, st.what[t as usize], st) {
                        n += 1;
                        if n > k {
                            break;
                        }
                    }
                }
            }
            _ => {
                for t in self.neighbours_by(s, dirs) {
                    if self.around_filter(filter, st.what[t as usize], st) {
                        n += 1;
                        if n > k {
                            break;
                        }
                    }
                }
            }
        }
        cmp(op, n, k)
    }

    /// Whether `(sites Around ...)`'s filter keeps a site holding `comp`.
    #[inline]
    pub(crate) fn around_filter(&self, filter: Option<AroundFilter>, comp: u8, st: &State) -> bool {
        let owner = self.owner(comp);
        match filter {
            None => true,
            Some(AroundFilter::Own) => comp != 0 && owner == st.mover,
            Some(AroundFilter::Enemy) => comp != 0 && owner != 0 && owner != st.mover,
            Some(AroundFilter::Empty) => comp == 0,
            Some(AroundFilter::Occupied) => comp != 0,
        }
    }

    #[inline(never)]
    fn eval_bool_full(&self, e: &BoolE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        match e {
            BoolE::SlotTests(t) => self.slot_tests(t, st, ctx),
            BoolE::Const(b) => *b,
            BoolE::Parity { .. } => super::declined::declined("is Even|Odd"),
            BoolE::IsFull => super::declined::declined("is Full"),
            BoolE::IsVisited(_) => super::declined::declined("is Visited"),
            BoolE::Threatened(_) => super::declined::declined("is Threatened"),
            BoolE::IsLineByLevel { .. } => super::declined::declined("is Line byLevel:"),
            BoolE::CanMove(_) => super::declined::declined("can Move"),
            BoolE::NoMoves(_) => super::declined::declined("no Moves"),
            BoolE::Not(a) => !self.eval_bool(a, st, ctx, ws),
            BoolE::And(v) => v.iter().all(|a| self.eval_bool(a, st, ctx, ws)),
            BoolE::Or(v) => v.iter().any(|a| self.eval_bool(a, st, ctx, ws)),
            BoolE::Cmp(op, a, b) => {
                let a = self.eval_int(a, st, ctx, ws);
                let b = self.eval_int(b, st, ctx, ws);
                cmp(*op, a, b)
            }
            BoolE::IsEmpty(s) => {
                let s = self.eval_int(s, st, ctx, ws);
                s >= 0 && (s as usize) < st.what.len() && st.what[s as usize] == 0
            }
            BoolE::IsOccupied(s) => {
                let s = self.eval_int(s, st, ctx, ws);
                s >= 0 && (s as usize) < st.what.len() && st.what[s as usize] != 0
            }
            BoolE::IsEnemy(p) => {
                let p = self.eval_int(p, st, ctx, ws);
                p > 0 && p != st.mover as i32
            }
            BoolE::IsFriend(p) => self.eval_int(p, st, ctx, ws) == st.mover as i32,
            BoolE::IsIn(s, r) => {
                let s = self.eval_int(s, st, ctx, ws);
                if s < 0 {
                    return false;
                }
                if let RegionE::Fixed(set) = &**r {
                    return set.contains(s as Site);
                }
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                let b = set.contains(s as u32);
                ws.give_set(set);
                b
            }
            BoolE::IsPrevMover => st.prev_mover == st.mover,
            BoolE::IsProposed(id) => st.proposed & (1u64 << id) != 0,
            BoolE::IsLine {
                len,
                dirs,
                exact,
                through,
            } => {
                let site = match through {
                    Some(t) => self.eval_int(t, st, ctx, ws),
                    None => {
                        if st.last_to == NONE {
                            -1
                        } else {
                            st.last_to as i32
                        }
                    }
                };
                let len = self.eval_int(len, st, ctx, ws);
                site >= 0
                    && (site as usize) < self.board.len()
                    && self.is_line(st, site as Site, len, dirs, *exact)
            }
            BoolE::AllPassed => self.all_passed(st),
            BoolE::AllSites(r, c) => {
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                let ok = set
                    .iter()
                    .all(|s| self.eval_bool(c, st, Ctx { site: s, ..ctx }, ws));
                ws.give_set(set);
                ok
            }
            BoolE::AllGroups { dirs, of, cond } => self.all_groups(dirs, of, cond, st, ctx, ws),
            BoolE::WhoAt(slot, op, v) => {
                let s = ctx.slot(*slot) as usize;
                let who = if s < st.what.len() {
                    self.owner(st.what[s]) as i32
                } else {
                    0
                };
                cmp(*op, who, self.eval_int(v, st, ctx, ws))
            }
            BoolE::AroundCmp {
                slot,
                dirs,
                filter,
                op,
                k,
            } => self.around_cmp(ctx.slot(*slot), dirs, *filter, *op, *k, st),
            BoolE::StepsCmp { op, a, b } => self.steps_cmp(*op, *a, *b, st, ctx, ws),
            BoolE::WhatAt(slot, op, v) => {
                let s = ctx.slot(*slot) as usize;
                let what = if s < st.what.len() {
                    st.what[s] as i32
                } else {
                    0
                };
                cmp(*op, what, self.eval_int(v, st, ctx, ws))
            }
            BoolE::EnemyAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                s < st.what.len() && {
                    let o = self.owner(st.what[s]);
                    o != 0 && o != st.mover
                }
            }
            BoolE::FriendAt(slot) => {
                let s = ctx.slot(*slot) as usize;
                s < st.what.len() && st.what[s] != 0 && self.owner(st.what[s]) == st.mover
            }
            BoolE::EmptyAt(slot) => {
                let s = ctx.slot(*slot);
                (s as usize) < st.what.len() && st.what[s as usize] == 0
            }
            BoolE::OccupiedAt(slot) => {
                let s = ctx.slot(*slot);
                (s as usize) < st.what.len() && st.what[s as usize] != 0
            }
        }
    }

    /// The board sites where `b` holds with `(to)` bound to each site, into
    /// `out`: common predicates are one tight pass over the board, the rest
    /// are evaluated site by site.
    pub(crate) fn pred_mask(
        &self,
        b: &BoolE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut SiteSet,
    ) {
        out.clear();
        if self.fast.enabled
            && let Some(bits) = self.pred_bits(b, st, ctx, ws)
        {
            out.set_word0(bits);
            return;
        }
        let n = self.board.len();
        match b {
            BoolE::EmptyAt(Slot::To) => (0..n)
                .filter(|&s| st.what[s] == 0)
                .for_each(|s| out.insert(s as Site)),
            BoolE::OccupiedAt(Slot::To) => (0..n)
                .filter(|&s| st.what[s] != 0)
                .for_each(|s| out.insert(s as Site)),
            BoolE::WhoAt(Slot::To, op, v) if !int_reads_to(v) => {
                let k = self.eval_int(v, st, ctx, ws);
                let m = self.comps_where(|c| cmp(*op, self.owner(c) as i32, k));
                out.insert_comps(&st.what[..n], &m);
            }
            BoolE::WhatAt(Slot::To, op, v) if !int_reads_to(v) => {
                let k = self.eval_int(v, st, ctx, ws);
                let m = self.comps_where(|c| cmp(*op, c as i32, k));
                out.insert_comps(&st.what[..n], &m);
            }
            BoolE::And(v) | BoolE::Or(v) if !v.is_empty() => {
                let and = matches!(b, BoolE::And(_));
                self.pred_mask(&v[0], st, ctx, ws, out);
                let mut t = ws.take_set();
                for x in &v[1..] {
                    self.pred_mask(x, st, ctx, ws, &mut t);
                    if and {
                        out.intersect_with(&t);
                    } else {
                        out.union_with(&t);
                    }
                }
                ws.give_set(t);
            }
            _ => {
                for s in 0..n as Site {
                    if self.eval_bool(b, st, Ctx { to: s, ..ctx }, ws) {
                        out.insert(s);
                    }
                }
            }
        }
    }

    /// The components for which `f` holds, as a bit set (bit `c % 64` of
    /// word `c / 64`), for one pass over the board with
    /// [`SiteSet::insert_comps`].
    #[inline]
    fn comps_where(&self, f: impl Fn(u8) -> bool) -> [u64; 4] {
        let mut m = [0u64; 4];
        for c in 0..self.comps.len().min(256) {
            if f(c as u8) {
                m[c >> 6] |= 1 << (c & 63);
            }
        }
        m
    }

    /// Whether `(sites Around ...)` keeps neighbour `t`.
    #[inline]
    fn around_keeps(
        &self,
        filter: Option<AroundFilter>,
        cond: Option<&BoolE>,
        t: Site,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        self.around_filter(filter, st.what[t as usize], st)
            && match cond {
                None => true,
                Some(c) => self.eval_bool(c, st, Ctx { to: t, ..ctx }, ws),
            }
    }

    /// The last N turns were each a single pass (N = players), counting the
    /// decision just made.
    pub(crate) fn all_passed(&self, st: &State) -> bool {
        st.pass_turns >= self.players as u32
    }

    fn is_line(&self, st: &State, site: Site, len: i32, dirs: &DirSpec, exact: bool) -> bool {
        let comp = st.what[site as usize];
        if comp == 0 {
            return false;
        }
        let available = self.dirs_at(site, dirs);
        for axis in 0..8usize {
            let d = Dir::ALL[axis];
            let o = Dir::ALL[axis + 8];
            if !available.contains(&d) && !available.contains(&o) {
                continue;
            }
            let mut n = 1;
            for r in [self.board.radial(site, d), self.board.radial(site, o)] {
                for &t in r {
                    if st.what[t as usize] == comp {
                        n += 1;
                    } else {
                        break;
                    }
                }
            }
            if (exact && n == len) || (!exact && n >= len) {
                return true;
            }
        }
        false
    }

    fn neighbours_by<'a>(&'a self, s: Site, dirs: &'a DirSpec) -> NeighbourIter<'a> {
        match dirs {
            DirSpec::Relation(rel) => NeighbourIter::Slice(self.board.neighbours(s, *rel).iter()),
            DirSpec::Dirs(d) => NeighbourIter::Dirs(self, s, d.iter()),
        }
    }

    /// Takes one group (connected under `dirs`) out of `todo` into `queue`;
    /// false when `todo` is empty.
    fn next_group(&self, todo: &mut SiteSet, dirs: &DirSpec, queue: &mut Vec<Site>) -> bool {
        let Some(start) = todo.first() else {
            return false;
        };
        todo.remove(start);
        queue.clear();
        queue.push(start);
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            for t in self.neighbours_by(s, dirs) {
                if todo.contains(t) {
                    todo.remove(t);
                    queue.push(t);
                }
            }
        }
        true
    }

    fn count_groups(
        &self,
        dirs: &DirSpec,
        cond: Option<&BoolE>,
        min: i32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        // boards of at most 64 sites: a flood fill per group on one word,
        // from the predicate's sites as one word when it has that form
        // (not in the generic twin, which keeps the general search)
        let n = self.board.len();
        if let DirSpec::Relation(rel) = dirs
            && self.fast.enabled
            && self.small_adj.len() == 4 * n
            && let Some(left) = match cond {
                Some(c) => self.pred_bits(c, st, ctx, ws),
                None => Some(st.occ.iter().fold(0u64, |a, &o| a | o)),
            }
        {
            let adj = &self.small_adj[*rel as usize * n..(*rel as usize + 1) * n];
            return count_word_groups(adj, left, min);
        }
        let mut todo = ws.take_set();
        match cond {
            Some(c) => self.pred_mask(c, st, ctx, ws, &mut todo),
            None => (0..self.board.len())
                .filter(|&s| st.what[s] != 0)
                .for_each(|s| todo.insert(s as Site)),
        }
        if let DirSpec::Relation(rel) = dirs
            && self.fast.enabled
            && self.small_adj.len() == 4 * n
        {
            let adj = &self.small_adj[*rel as usize * n..(*rel as usize + 1) * n];
            let left = todo.words()[0];
            ws.give_set(todo);
            return count_word_groups(adj, left, min);
        }
        let mut groups = 0;
        let mut queue = std::mem::take(&mut ws.queue);
        while self.next_group(&mut todo, dirs, &mut queue) {
            if queue.len() as i32 >= min {
                groups += 1;
            }
        }
        ws.queue = queue;
        ws.give_set(todo);
        groups
    }

    fn all_groups(
        &self,
        dirs: &DirSpec,
        of: &BoolE,
        cond: &BoolE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let mut todo = ws.take_set();
        for s in 0..self.board.len() as Site {
            if self.eval_bool(
                of,
                st,
                Ctx {
                    to: s,
                    site: s,
                    ..ctx
                },
                ws,
            ) {
                todo.insert(s);
            }
        }
        let mut ok = true;
        let mut queue = std::mem::take(&mut ws.queue);
        while self.next_group(&mut todo, dirs, &mut queue) {
            let mut g = ws.take_set();
            for &s in &queue {
                g.insert(s);
            }
            let saved = std::mem::replace(&mut ws.group, g);
            let r = self.eval_bool(cond, st, ctx, ws);
            let g = std::mem::replace(&mut ws.group, saved);
            ws.give_set(g);
            if !r {
                ok = false;
                break;
            }
        }
        ws.queue = queue;
        ws.give_set(todo);
        ok
    }

    fn can_enter(
        &self,
        search: &StepSearch,
        st: &State,
        ctx: Ctx,
        s: Site,
        ws: &mut Workspace,
    ) -> bool {
        match &search.enter {
            Some(c) => self.eval_bool(c, st, Ctx { to: s, ..ctx }, ws),
            None => true,
        }
    }

    /// Breadth-first search distances from `origin`, entering only sites
    /// where the step's condition holds; result in `ws.dist` (u32::MAX =
    /// unreachable), visited order in `ws.queue`.
    fn bfs_from(
        &self,
        search: &StepSearch,
        origin: Site,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        let n = self.board.len();
        let mut dist = std::mem::take(&mut ws.dist);
        let mut queue = std::mem::take(&mut ws.queue);
        dist[..n].iter_mut().for_each(|d| *d = u32::MAX);
        queue.clear();
        dist[origin as usize] = 0;
        queue.push(origin);
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let d = dist[s as usize];
            // as in Ludii, a step out of `s` sees `(from)` = s
            let step_ctx = Ctx { from: s, ..ctx };
            for t in self.neighbours_by(s, &search.dirs) {
                if dist[t as usize] == u32::MAX {
                    if self.can_enter(search, st, step_ctx, t, ws) {
                        dist[t as usize] = d + 1;
                        queue.push(t);
                    } else if search.cacheable {
                        // the condition ignores `(from)`: refused once is
                        // refused from every neighbour
                        dist[t as usize] = u32::MAX - 1;
                    }
                }
            }
        }
        for d in dist[..n].iter_mut() {
            if *d == u32::MAX - 1 {
                *d = u32::MAX;
            }
        }
        ws.dist = dist;
        ws.queue = queue;
    }

    #[allow(clippy::too_many_arguments)]
    fn count_steps(
        &self,
        search: &StepSearch,
        origin: Site,
        targets: &RegionE,
        id: u32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        if search.cacheable {
            // the answers of every origin, once per position (steps.rs)
            return self.cached_steps(origin, id as usize, st, ws);
        }
        let mut tset = ws.take_set();
        self.eval_region(targets, st, ctx, ws, &mut tset);
        // as Ludii: an empty target region counts 0, before any search
        let result = if tset.is_empty() || tset.contains(origin) {
            0
        } else {
            self.bfs_from(search, origin, st, ctx, ws);
            let mut best = u32::MAX;
            for &s in &ws.queue {
                if tset.contains(s) {
                    best = ws.dist[s as usize];
                    break;
                }
            }
            if best == u32::MAX {
                UNREACHABLE
            } else {
                best as i32
            }
        };
        ws.give_set(tset);
        result
    }

    /// Evaluates a region into `out` (cleared first).
    pub fn eval_region(
        &self,
        r: &RegionE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut SiteSet,
    ) {
        out.clear();
        let n = self.board.len() as Site;
        match r {
            RegionE::Board => (0..n).for_each(|s| out.insert(s)),
            RegionE::Empty => (0..n)
                .filter(|&s| st.what[s as usize] == 0)
                .for_each(|s| out.insert(s)),
            RegionE::Corners => self.board.corners().iter().for_each(|&s| out.insert(s)),
            RegionE::Outer => self.board.outer().iter().for_each(|&s| out.insert(s)),
            RegionE::Inner => self.board.inner().iter().for_each(|&s| out.insert(s)),
            RegionE::Occupied { who, board_only } => {
                let upto = if *board_only {
                    n
                } else {
                    st.what.len() as Site
                };
                // `role_matches` with the role resolved once
                let m =
                    self.comps_where(|c| c != 0 && self.role_matches(*who, self.owner(c), c, st));
                out.insert_comps(&st.what[..upto as usize], &m);
            }
            RegionE::Around {
                of,
                dirs,
                filter,
                cond,
                distance,
                include_self,
            } => {
                // `(sites Around (sites Occupied by:WHO) FILTER)` over a
                // relation, one step, no condition: the filtered neighbours
                // of the matching pieces, read straight off the board (no
                // set of centres)
                if let (RegionE::Occupied { who, .. }, DirSpec::Relation(rel), None, None, false) =
                    (&**of, dirs, cond, distance, *include_self)
                {
                    self.around_occupied(*who, *rel, *filter, st, out);
                    return;
                }
                let mut centres = ws.take_set();
                self.eval_region(of, st, ctx, ws, &mut centres);
                let dist = match distance {
                    Some(d) => self.eval_int(d, st, ctx, ws),
                    None => 1,
                };
                // without a condition the filter reads only the site's
                // piece: apply it while inserting, no second pass
                let inline = cond.is_none();
                let keep =
                    |t: Site| !inline || self.around_filter(*filter, st.what[t as usize], st);
                for c in centres.iter() {
                    if c >= n {
                        continue;
                    }
                    if *include_self && keep(c) {
                        out.insert(c);
                    }
                    if dist == 1 {
                        for t in self.neighbours_by(c, dirs) {
                            if keep(t) {
                                out.insert(t);
                            }
                        }
                    } else if dist > 1 {
                        for &d in self.dirs_for_radials(c, dirs) {
                            if let Some(&t) = self.board.radial(c, d).get(dist as usize - 1)
                                && keep(t)
                            {
                                out.insert(t);
                            }
                        }
                    }
                }
                ws.give_set(centres);
                if !inline {
                    let mut keep = ws.take_set();
                    for t in out.iter() {
                        if self.around_keeps(*filter, cond.as_deref(), t, st, ctx, ws) {
                            keep.insert(t);
                        }
                    }
                    out.copy_from(&keep);
                    ws.give_set(keep);
                }
            }
            RegionE::Site(e) => {
                let s = self.eval_int(e, st, ctx, ws);
                if s >= 0 && (s as usize) < st.what.len() {
                    out.insert(s as Site);
                }
            }
            RegionE::List(v) => {
                for e in v {
                    let s = self.eval_int(e, st, ctx, ws);
                    if s >= 0 && (s as usize) < st.what.len() {
                        out.insert(s as Site);
                    }
                }
            }
            RegionE::Union(v) => {
                let mut t = ws.take_set();
                for r in v {
                    self.eval_region(r, st, ctx, ws, &mut t);
                    out.union_with(&t);
                }
                ws.give_set(t);
            }
            RegionE::Intersection(v) => {
                self.eval_region(&v[0], st, ctx, ws, out);
                let mut t = ws.take_set();
                for r in &v[1..] {
                    self.eval_region(r, st, ctx, ws, &mut t);
                    out.intersect_with(&t);
                }
                ws.give_set(t);
            }
            RegionE::Difference(a, b) => {
                self.eval_region(a, st, ctx, ws, out);
                let mut t = ws.take_set();
                self.eval_region(b, st, ctx, ws, &mut t);
                out.subtract(&t);
                ws.give_set(t);
            }
            RegionE::Distance {
                search,
                from,
                exact,
            } => {
                let origin = self.eval_int(from, st, ctx, ws);
                let want = self.eval_int(exact, st, ctx, ws);
                if origin >= 0 && (origin as usize) < self.board.len() && want > 0 {
                    self.bfs_from(search, origin as Site, st, ctx, ws);
                    for &s in &ws.queue {
                        if ws.dist[s as usize] == want as u32 {
                            out.insert(s);
                        }
                    }
                }
            }
            RegionE::LineOfSightFarthest { at, dirs } => {
                let at = self.eval_int(at, st, ctx, ws);
                if at >= 0 && (at as usize) < self.board.len() {
                    for &d in self.dirs_for_radials(at as Site, dirs) {
                        let mut last = NONE;
                        for &t in self.board.radial(at as Site, d) {
                            if st.what[t as usize] != 0 {
                                break;
                            }
                            last = t;
                        }
                        if last != NONE {
                            out.insert(last);
                        }
                    }
                }
            }
            RegionE::Hand(role) => {
                if self.hand_sites > 0 {
                    let p = self.role(*role, st).max(1);
                    let first = self.hand_site(p);
                    (first..first + self.hand_sites).for_each(|s| out.insert(s));
                }
            }
            RegionE::Filter(r, c) => {
                let mut t = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut t);
                for s in t.iter() {
                    if self.eval_bool(c, st, Ctx { site: s, ..ctx }, ws) {
                        out.insert(s);
                    }
                }
                ws.give_set(t);
            }
            RegionE::CurrentGroup => out.copy_from(&ws.group),
            RegionE::ToClear => super::declined::declined("sites ToClear"),
            RegionE::StartOf(_) => super::declined::declined("sites Start"),
            RegionE::Pending => super::declined::declined("sites Pending"),
            RegionE::SitesFrom(_) => super::declined::declined("sites From"),
            RegionE::Fixed(set) => out.copy_from(set),
            RegionE::PerPlayer { who, sets } => {
                let p = self.role(*who, st) as usize;
                if let Some(set) = sets.get(p) {
                    out.copy_from(set);
                }
            }
            RegionE::If(c, a, b) => {
                if self.eval_bool(c, st, ctx, ws) {
                    self.eval_region(a, st, ctx, ws, out)
                } else {
                    self.eval_region(b, st, ctx, ws, out)
                }
            }
        }
    }

    /// The sites next to (over `rel`) a board piece of `who` that pass
    /// `filter`: `(sites Around (sites Occupied by:WHO) FILTER)` without a
    /// condition or distance. Small boards OR the neighbour masks.
    fn around_occupied(
        &self,
        who: Role,
        rel: crate::board::Relation,
        filter: Option<AroundFilter>,
        st: &State,
        out: &mut SiteSet,
    ) {
        let n = self.board.len();
        let centre = |c: u8| c != 0 && self.role_matches(who, self.owner(c), c, st);
        if self.small_adj.len() == 4 * n {
            let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
            let mut near = 0u64;
            for (s, &c) in st.what[..n].iter().enumerate() {
                if centre(c) {
                    near |= adj[s];
                }
            }
            while near != 0 {
                let t = near.trailing_zeros();
                near &= near - 1;
                if self.around_filter(filter, st.what[t as usize], st) {
                    out.insert(t);
                }
            }
        } else {
            for s in 0..n as Site {
                if centre(st.what[s as usize]) {
                    for &t in self.board.neighbours(s, rel) {
                        if self.around_filter(filter, st.what[t as usize], st) {
                            out.insert(t);
                        }
                    }
                }
            }
        }
    }

    /// Directions used for radials from `s`.
    pub(crate) fn dirs_for_radials<'a>(&'a self, s: Site, dirs: &'a DirSpec) -> &'a [Dir] {
        self.dirs_at(s, dirs)
    }
}

/// Whether an integer reads `(to)`.
pub(crate) fn int_reads_to(e: &IntE) -> bool {
    !matches!(
        e,
        IntE::Const(_) | IntE::Role(_) | IntE::From | IntE::Between | IntE::Site
    ) && !matches!(e, IntE::SizeAt(s) if *s != Slot::To)
}

#[inline]
pub(crate) fn cmp(op: CmpOp, a: i32, b: i32) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

/// Neighbours of a site by relation or by explicit directions.
pub(crate) enum NeighbourIter<'a> {
    Slice(std::slice::Iter<'a, Site>),
    Dirs(&'a Game, Site, std::slice::Iter<'a, Dir>),
}

impl Iterator for NeighbourIter<'_> {
    type Item = Site;
    #[inline]
    fn next(&mut self) -> Option<Site> {
        match self {
            NeighbourIter::Slice(it) => it.next().copied(),
            NeighbourIter::Dirs(g, s, it) => {
                for d in it.by_ref() {
                    if let Some(t) = g.board.step(*s, *d) {
                        return Some(t);
                    }
                }
                None
            }
        }
    }
}

/// Whether a region's value may depend on the move context (so it can't be
/// cached per position).
pub(crate) fn region_reads_context(r: &RegionE) -> bool {
    !super::fast::region_ctx_free(r)
}

/// Whether a boolean reads `(from)`, `(between)`, `(site)` or an enclosing
/// group: then a search using it as its step condition can't be cached.
pub(crate) fn bool_reads_context_besides_to(b: &BoolE) -> bool {
    fn int(e: &IntE) -> bool {
        match e {
            IntE::Const(_)
            | IntE::Role(_)
            | IntE::To
            | IntE::CountMoves
            | IntE::CountComps { .. }
            | IntE::CountPiecesOnBoard(_)
            | IntE::CountTurns
            | IntE::Score(_) => false,
            IntE::HandSite(_) => false,
            IntE::From | IntE::Between | IntE::Site => true,
            IntE::Arith(_, v) => v.iter().any(int),
            IntE::Abs(a) | IntE::SizeStack(a) | IntE::Who(a) | IntE::What(a) => int(a),
            IntE::SizeAt(s) => *s != Slot::To,
            IntE::If(c, a, b) => bool_reads_context_besides_to(c) || int(a) || int(b),
            _ => true,
        }
    }
    match b {
        BoolE::Const(_) | BoolE::IsPrevMover | BoolE::IsProposed(_) | BoolE::AllPassed => false,
        BoolE::EmptyAt(s) | BoolE::OccupiedAt(s) | BoolE::EnemyAt(s) | BoolE::FriendAt(s) => {
            *s != Slot::To
        }
        BoolE::WhoAt(s, _, v) | BoolE::WhatAt(s, _, v) => *s != Slot::To || int(v),
        BoolE::SlotTests(v) => v.iter().any(|t| match *t {
            SlotTest::Empty(s)
            | SlotTest::Occupied(s)
            | SlotTest::Enemy(s)
            | SlotTest::Friend(s)
            | SlotTest::Who(s, ..)
            | SlotTest::What(s, ..)
            | SlotTest::Size(s, None, ..) => s != Slot::To,
            SlotTest::Size(a, Some(b), ..) => a != Slot::To || b != Slot::To,
        }),
        BoolE::AroundCmp { slot, .. } => *slot != Slot::To,
        BoolE::Not(a) => bool_reads_context_besides_to(a),
        BoolE::And(v) | BoolE::Or(v) => v.iter().any(bool_reads_context_besides_to),
        BoolE::Cmp(_, a, c) => int(a) || int(c),
        BoolE::IsEmpty(a) | BoolE::IsOccupied(a) | BoolE::IsEnemy(a) | BoolE::IsFriend(a) => int(a),
        BoolE::IsIn(a, r) => int(a) || region_reads_context(r),
        _ => true,
    }
}

/// The groups of the sites `left` (one word) under the neighbour masks
/// `adj` with at least `min` sites: a flood fill per group.
fn count_word_groups(adj: &[u64], mut left: u64, min: i32) -> i32 {
    let mut groups = 0;
    while left != 0 {
        let seed = left & left.wrapping_neg();
        let group = super::connect::flood(adj, left, seed, left);
        left &= !group;
        if group.count_ones() as i32 >= min {
            groups += 1;
        }
    }
    groups
}
