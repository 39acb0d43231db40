//! Integer, condition and region ludemes: what each one means, evaluated
//! the plain way against a [`State`] and a move context [`Ctx`].

use super::{Ctx, Interp, State, Workspace};
use crate::board::{Dir, NONE, Site};
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;

/// The count of `(count Steps ...)` from an origin that reaches no target
/// (as Ludii).
pub const UNREACHABLE: i32 = 1_000_000_000;

/// The neighbours of a site (see [`Interp::neighbours`]).
pub enum Neighbours<'a> {
    List(std::slice::Iter<'a, Site>),
    Dirs(&'a crate::board::Board, Site, std::slice::Iter<'a, Dir>),
}

impl Iterator for Neighbours<'_> {
    type Item = Site;
    fn next(&mut self) -> Option<Site> {
        match self {
            Neighbours::List(it) => it.next().copied(),
            Neighbours::Dirs(b, s, it) => it.by_ref().find_map(|&d| b.step(*s, d)),
        }
    }
}

/// `a OP b`.
pub fn cmp(op: CmpOp, a: i32, b: i32) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

impl Interp {
    /// A role as a player number: `Mover`, `Next` (see [`Interp::next_of`]),
    /// `Prev` (the previous decision's player); as a single player, `All`
    /// and `Enemy` mean the player after the mover.
    pub fn role(&self, r: Role, st: &State) -> u8 {
        match r {
            Role::Player(p) => p,
            Role::Mover => st.mover,
            Role::Next => self.next_of(st),
            Role::All | Role::Enemy => self.next_player(st.mover),
            Role::Prev => st.prev_mover,
        }
    }

    /// Whether a piece of `comp` (0: none) belongs to role `r`: `All` is
    /// any piece, `Enemy` a piece of another player than the mover (not
    /// neutral), any other role that player's.
    pub fn role_matches(&self, r: Role, comp: u8, st: &State) -> bool {
        if comp == 0 {
            return false;
        }
        let owner = self.owner(comp);
        match r {
            Role::All => true,
            Role::Enemy => owner != 0 && owner != st.mover,
            _ => owner == self.role(r, st),
        }
    }

    /// The top component at a site (0: empty, or not a site).
    pub fn what_at(&self, st: &State, s: i64) -> u8 {
        if s < 0 {
            return 0;
        }
        st.pieces.what.get(s as usize).copied().unwrap_or(0)
    }

    /// Stack height at a board site, or pieces held at a hand site (0 off
    /// the sites).
    pub fn size_at(&self, st: &State, s: i64) -> i32 {
        if s < 0 {
            return 0;
        }
        st.pieces.count.get(s as usize).map_or(0, |&c| c as i32)
    }

    /// The directions of `dirs` at site `s`.
    pub fn dirs_at<'a>(&'a self, s: Site, dirs: &'a DirSpec) -> &'a [Dir] {
        match dirs {
            DirSpec::Relation(rel) => self.rules.board.dirs(s, *rel),
            DirSpec::Dirs(d) => d,
        }
    }

    /// The neighbours of `s` by a relation (its list) or by named
    /// directions (one step in each that leads somewhere).
    pub fn neighbours<'a>(&'a self, s: Site, dirs: &'a DirSpec) -> Neighbours<'a> {
        match dirs {
            DirSpec::Relation(rel) => Neighbours::List(self.rules.board.neighbours(s, *rel).iter()),
            DirSpec::Dirs(d) => Neighbours::Dirs(&self.rules.board, s, d.iter()),
        }
    }

    /// Evaluates an integer function. The leaf forms are answered here
    /// (inline at every use); the others in [`Interp::int_node`].
    #[inline(always)]
    pub fn int(&self, e: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match e {
            IntE::Const(c) => *c,
            IntE::Role(r) => self.role(*r, st) as i32,
            IntE::From => ctx.from as i32,
            IntE::To => ctx.to as i32,
            IntE::Between => ctx.between as i32,
            IntE::Site => ctx.site as i32,
            _ => self.int_node(e, st, ctx, ws),
        }
    }

    /// Evaluates an integer function: one arm per ludeme.
    #[inline(never)]
    pub fn int_node(&self, e: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match e {
            IntE::Const(c) => *c,
            IntE::Last(which) => self.last_site(*which, st),
            IntE::MapEntry { pairs, key } => self.map_entry(pairs, key, st, ctx, ws),
            IntE::MovesThisTurn => self.moves_this_turn(st),
            IntE::Mancala(m) => self.mancala_int(m, st, ctx, ws),
            IntE::Regions(r) => self.regions_int(r, st, ctx, ws),
            IntE::Race(r) => self.race_int(r, st, ctx, ws),
            IntE::Chess(c) => self.chess_int(c, st, ctx, ws),
            IntE::Play(p) => self.play_int(p, st, ctx, ws),
            IntE::Connect(c) => self.connect_int(c, st, ctx, ws),
            IntE::PlayerValue(p) => self.player_value(*p, st),
            // a role as a number: the player it names
            IntE::Role(r) => self.role(*r, st) as i32,
            // the move context; NONE (u32::MAX) reads as -1
            IntE::From => ctx.from as i32,
            IntE::To => ctx.to as i32,
            IntE::Between => ctx.between as i32,
            IntE::Site => ctx.site as i32,
            // `(+ a b ...)` and friends, left to right, wrapping; a division
            // or remainder by 0 is 0
            IntE::Arith(op, args) => {
                let mut acc = self.int(&args[0], st, ctx, ws);
                for a in &args[1..] {
                    let v = self.int(a, st, ctx, ws);
                    acc = match op {
                        ArithOp::Add => acc.wrapping_add(v),
                        ArithOp::Sub => acc.wrapping_sub(v),
                        ArithOp::Mul => acc.wrapping_mul(v),
                        ArithOp::Div if v == 0 => 0,
                        ArithOp::Div => acc.wrapping_div(v),
                        ArithOp::Mod if v == 0 => 0,
                        ArithOp::Mod => acc.wrapping_rem(v),
                        ArithOp::Max => acc.max(v),
                        ArithOp::Min => acc.min(v),
                    };
                }
                acc
            }
            IntE::Abs(a) => self.int(a, st, ctx, ws).wrapping_abs(),
            IntE::If(c, a, b) => {
                if self.bool(c, st, ctx, ws) {
                    self.int(a, st, ctx, ws)
                } else {
                    self.int(b, st, ctx, ws)
                }
            }
            // `(count Sites in:R)`: the sites of R
            IntE::CountSites(r) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let n = set.count() as i32;
                ws.give_set(set);
                n
            }
            // `(count Pieces WHO [in:R] ["Name"...])`: every stone of WHO's
            // (each level of a stack, each piece of a hand); without a
            // region, on the board and in the hands; `All` without a region
            // counts the players' pieces (not neutral ones)
            IntE::CountPieces { who, region, comps } => match region {
                None => (1..st.comp_count.len())
                    .filter(|&c| self.counts_toward(*who, c as u8, comps, st))
                    .map(|c| st.comp_count[c] as i32)
                    .sum(),
                Some(r) => {
                    let mut set = ws.take_set();
                    self.region(r, st, ctx, ws, &mut set);
                    let n = set
                        .iter()
                        .map(|s| {
                            self.stones_at(st, s, |c| {
                                self.role_matches(*who, c, st)
                                    && comps.as_ref().is_none_or(|cs| cs.contains(&c))
                            })
                        })
                        .sum();
                    ws.give_set(set);
                    n
                }
            },
            // `(count Pieces P "Name")`: the stones of the named components
            // P owns (`by_player[p]` lists them), board and hands
            IntE::CountComps { who, by_player } => {
                match by_player.get(self.role(*who, st) as usize) {
                    Some(cs) => {
                        let all = self.total_sites() as Site;
                        (0..all)
                            .map(|s| self.stones_at(st, s, |c| cs.contains(&c)))
                            .sum()
                    }
                    None => 0,
                }
            }
            // `(count Pieces WHO in:(sites Board))`: WHO's stones on the
            // board (`All`: every stone there, neutral ones too)
            IntE::CountPiecesOnBoard(who) => {
                let n = self.rules.board.len() as Site;
                (0..n)
                    .map(|s| self.stones_at(st, s, |c| self.role_matches(*who, c, st)))
                    .sum()
            }
            IntE::CountMoves => st.decisions as i32,
            // Ludii's turn number: 1 at the start, one more each time the
            // mover changes (State.numTurn)
            IntE::CountTurns => st.turns as i32 + 1,
            // `(count Groups DIRS if:C min:K)`: the groups (connected under
            // DIRS) of the board sites where C holds with `(to)` = the site
            // (no C: the occupied sites) with at least K sites
            IntE::CountGroups { dirs, cond, min } => {
                let mut todo = ws.take_set();
                for s in 0..self.rules.board.len() as Site {
                    let keep = match cond {
                        Some(c) => self.bool(c, st, Ctx { to: s, ..ctx }, ws),
                        None => st.pieces.what[s as usize] != 0,
                    };
                    if keep {
                        todo.insert(s);
                    }
                }
                let mut groups = 0;
                let mut g = std::mem::take(&mut ws.order);
                while self.next_group(&mut todo, dirs, &mut g) {
                    if g.len() as i32 >= *min {
                        groups += 1;
                    }
                }
                ws.order = g;
                ws.give_set(todo);
                groups
            }
            // `(count Steps STEP ORIGIN TARGETS)`: the fewest steps from the
            // origin to a target, entering only sites the step allows; 0 when
            // the origin is a target or there are no targets; UNREACHABLE
            // when none can be reached or the origin is off the board
            IntE::CountSteps {
                search,
                from,
                targets,
                id,
            } => {
                let origin = self.int(from, st, ctx, ws);
                self.count_steps_memo(*id, search, origin, targets, st, ctx, ws)
            }
            // `(size Stack at:S)`: the height there (a hand: its count)
            IntE::SizeStack(s) => {
                let s = self.int(s, st, ctx, ws);
                self.size_at(st, s as i64)
            }
            IntE::SizeAt(slot) => self.size_at(st, ctx.slot(*slot) as i64),
            IntE::Score(r) => st.scores[self.role(*r, st) as usize],
            // `(who at:S)`: the owner of the top piece (0: none, neutral)
            IntE::Who(s) => {
                let s = self.int(s, st, ctx, ws);
                i32::from(self.owner(self.what_at(st, s as i64)))
            }
            // `(what at:S)`: the top component (0: none)
            IntE::What(s) => {
                let s = self.int(s, st, ctx, ws);
                self.what_at(st, s as i64) as i32
            }
            // `(handSite P)`: P's first hand site (-1 without hands)
            IntE::HandSite(r) => {
                if self.rules.hand_sites == 0 {
                    -1
                } else {
                    self.hand_site(self.role(*r, st).max(1)) as i32
                }
            }
            // `(count Sites in:(sites Around S DIRS FILTER if:C))`
            IntE::CountAround {
                site,
                dirs,
                filter,
                cond,
            } => {
                let s = self.int(site, st, ctx, ws);
                if s < 0 || s as usize >= self.rules.board.len() {
                    return 0;
                }
                let mut n = 0;
                for t in self.neighbours(s as Site, dirs) {
                    if self.around_keeps(*filter, cond.as_deref(), t, st, ctx, ws) {
                        n += 1;
                    }
                }
                n
            }
        }
    }

    /// Whether `(count Pieces WHO ...)` without a region counts a stone of
    /// `c`.
    fn counts_toward(&self, who: Role, c: u8, comps: &Option<Vec<u8>>, st: &State) -> bool {
        match comps {
            Some(cs) => cs.contains(&c) && self.role_matches(who, c, st),
            None => match who {
                Role::All => c != 0 && self.owner(c) != 0,
                _ => c != 0 && self.owner(c) == self.role(who, st),
            },
        }
    }

    /// The stones at site `s` for which `keep` holds: each level of a
    /// board stack; a hand site's (or a board site's) count when its piece
    /// is kept.
    fn stones_at(&self, st: &State, s: Site, keep: impl Fn(u8) -> bool) -> i32 {
        let su = s as usize;
        let p = &st.pieces;
        if self.rules.stacking && !self.is_hand_site(s) {
            let cap = self.rules.stack_cap;
            p.levels[su * cap..su * cap + p.count[su] as usize]
                .iter()
                .filter(|&&c| keep(c))
                .count() as i32
        } else if p.what[su] != 0 && keep(p.what[su]) {
            p.count[su] as i32
        } else {
            0
        }
    }

    /// [`Interp::count_steps`], for a search marked `cacheable` (its step
    /// condition reads nothing of the move but `(to)`, its targets nothing
    /// of it: the count is a function of the state and the origin) read
    /// from the table of every origin's count in this state
    /// ([`Interp::steps_table`]), made on the first question in a state.
    #[allow(clippy::too_many_arguments)]
    fn count_steps_memo(
        &self,
        id: u32,
        search: &StepSearch,
        origin: i32,
        targets: &RegionE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        let n = self.rules.board.len();
        if !search.cacheable || origin < 0 || origin as usize >= n {
            return self.count_steps(search, origin, targets, st, ctx, ws);
        }
        let i = id as usize;
        // the state whose moves are being generated cannot change meanwhile
        // (it is borrowed shared): its tables need no comparison
        if ws.generating == std::ptr::from_ref(st) as usize {
            if ws.generating_tables.len() <= i {
                ws.generating_tables.resize(i + 1, Vec::new());
            }
            if ws.generating_tables[i].is_empty() {
                let mut table = std::mem::take(&mut ws.generating_tables[i]);
                self.steps_table(id, search, targets, st, ctx, ws, &mut table);
                ws.generating_tables[i] = table;
            }
            return ws.generating_tables[i][origin as usize];
        }
        let mut memo = match ws.steps_memo.take() {
            Some(m) if m.state == *st => m,
            Some(mut m) => {
                m.state.clone_from(st);
                m.tables.iter_mut().for_each(|t| t.clear());
                m
            }
            None => Box::new(super::StepsMemo {
                state: st.clone(),
                tables: Vec::new(),
            }),
        };
        if memo.tables.len() <= i {
            memo.tables.resize(i + 1, Vec::new());
        }
        if memo.tables[i].is_empty() {
            let mut table = std::mem::take(&mut memo.tables[i]);
            self.steps_table(id, search, targets, st, ctx, ws, &mut table);
            memo.tables[i] = table;
        }
        let v = memo.tables[i][origin as usize];
        ws.steps_memo = Some(memo);
        v
    }

    /// `(count Steps ...)` from `origin`: a breadth-first search forwards.
    pub(crate) fn count_steps(
        &self,
        search: &StepSearch,
        origin: i32,
        targets: &RegionE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        if origin < 0 || origin as usize >= self.rules.board.len() {
            return UNREACHABLE;
        }
        let origin = origin as Site;
        let mut tset = ws.take_set();
        self.region(targets, st, ctx, ws, &mut tset);
        let result = if tset.is_empty() || tset.contains(origin) {
            0
        } else {
            self.distances(search, origin, st, ctx, ws);
            ws.order
                .iter()
                .find(|&&s| tset.contains(s))
                .map_or(UNREACHABLE, |&s| ws.dist[s as usize] as i32)
        };
        ws.give_set(tset);
        result
    }

    /// Breadth-first distances from `origin` over the search's step,
    /// entering a site only where its condition holds with `(to)` = the
    /// site and `(from)` = the site stepped from (as in Ludii): into
    /// `ws.order` the sites in the order reached, into `ws.dist` per board
    /// site its distance (u32::MAX: not reached).
    fn distances(
        &self,
        search: &StepSearch,
        origin: Site,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        let n = self.rules.board.len();
        let mut dist = std::mem::take(&mut ws.dist);
        let mut order = std::mem::take(&mut ws.order);
        dist.clear();
        dist.resize(n, u32::MAX);
        order.clear();
        order.push(origin);
        dist[origin as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let s = order[i];
            i += 1;
            for t in self.neighbours(s, &search.dirs) {
                if dist[t as usize] != u32::MAX {
                    continue;
                }
                let enter = match &search.enter {
                    Some(c) => self.bool(
                        c,
                        st,
                        Ctx {
                            from: s,
                            to: t,
                            ..ctx
                        },
                        ws,
                    ),
                    None => true,
                };
                if enter {
                    dist[t as usize] = dist[s as usize] + 1;
                    order.push(t);
                }
            }
        }
        ws.dist = dist;
        ws.order = order;
    }

    /// One [`StepsTerm`]: its count from the slot's site plus `plus`
    /// (wrapping), or the constant.
    fn steps_term(&self, t: StepsTerm, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        if t.id == StepsTerm::CONST {
            return t.plus;
        }
        let Some(Some((search, targets))) = self.rules.searches.get(t.id as usize) else {
            return UNREACHABLE.wrapping_add(t.plus);
        };
        let o = ctx.slot(t.slot);
        let origin = if (o as usize) < self.rules.board.len() {
            o as i32
        } else {
            -1
        };
        self.count_steps_memo(t.id, search, origin, targets, st, ctx, ws)
            .wrapping_add(t.plus)
    }

    /// Whether `(sites Around ...)`'s filter keeps a site holding `comp`:
    /// `Own` a piece of the mover, `Enemy` another player's (not neutral),
    /// `Empty` none, `Occupied` any.
    pub fn around_filter(&self, filter: Option<AroundFilter>, comp: u8, st: &State) -> bool {
        let owner = self.owner(comp);
        match filter {
            None => true,
            Some(AroundFilter::Own) => comp != 0 && owner == st.mover,
            Some(AroundFilter::Enemy) => comp != 0 && owner != 0 && owner != st.mover,
            Some(AroundFilter::Empty) => comp == 0,
            Some(AroundFilter::Occupied) => comp != 0,
        }
    }

    /// Whether `(sites Around ...)` keeps neighbour `t`: its filter, then
    /// its condition with `(to)` = `t`.
    fn around_keeps(
        &self,
        filter: Option<AroundFilter>,
        cond: Option<&BoolE>,
        t: Site,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        self.around_filter(filter, st.pieces.what[t as usize], st)
            && cond.is_none_or(|c| self.bool(c, st, Ctx { to: t, ..ctx }, ws))
    }

    /// One fused slot test by its meaning (see [`SlotTest`]).
    #[inline]
    fn slot_test(&self, t: SlotTest, st: &State, ctx: Ctx) -> bool {
        let top = |s: Slot| self.what_at(st, ctx.slot(s) as i64);
        let val = |v: SlotVal| match v {
            SlotVal::Const(c) => c,
            SlotVal::Role(r) => self.role(r, st) as i32,
        };
        match t {
            SlotTest::Empty(s) => self.empty_at(st, ctx.slot(s) as i64),
            SlotTest::Occupied(s) => top(s) != 0,
            SlotTest::Enemy(s) => {
                let o = self.owner(top(s));
                o != 0 && o != st.mover
            }
            SlotTest::Friend(s) => top(s) != 0 && self.owner(top(s)) == st.mover,
            SlotTest::Who(s, op, v) => cmp(op, self.owner(top(s)) as i32, val(v)),
            SlotTest::What(s, op, v) => cmp(op, top(s) as i32, val(v)),
            SlotTest::Size(a, b, op, k) => {
                let mut n = self.size_at(st, ctx.slot(a) as i64);
                if let Some(b) = b {
                    n = n.wrapping_add(self.size_at(st, ctx.slot(b) as i64));
                }
                cmp(op, n, k)
            }
        }
    }

    /// `(is Empty S)`: S is a site with nothing on it (off the sites is
    /// not empty).
    fn empty_at(&self, st: &State, s: i64) -> bool {
        s >= 0 && st.pieces.what.get(s as usize) == Some(&0)
    }

    /// Evaluates a condition. The context-site forms are answered here
    /// (inline at every use); the others in [`Interp::bool_node`].
    #[inline(always)]
    pub fn bool(&self, e: &BoolE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        match e {
            BoolE::NoMoves(r) => self.no_moves(*r, st, ws),
            BoolE::Const(b) => *b,
            BoolE::EmptyAt(s) => self.empty_at(st, ctx.slot(*s) as i64),
            BoolE::OccupiedAt(s) => self.slot_test(SlotTest::Occupied(*s), st, ctx),
            BoolE::EnemyAt(s) => self.slot_test(SlotTest::Enemy(*s), st, ctx),
            BoolE::FriendAt(s) => self.slot_test(SlotTest::Friend(*s), st, ctx),
            BoolE::SlotTests(v) => v.iter().all(|t| self.slot_test(*t, st, ctx)),
            BoolE::WhoAt(s, op, v) => {
                let who = self.owner(self.what_at(st, ctx.slot(*s) as i64)) as i32;
                cmp(*op, who, self.int(v, st, ctx, ws))
            }
            BoolE::WhatAt(s, op, v) => {
                let what = self.what_at(st, ctx.slot(*s) as i64) as i32;
                cmp(*op, what, self.int(v, st, ctx, ws))
            }
            _ => self.bool_node(e, st, ctx, ws),
        }
    }

    /// Evaluates a condition: one arm per ludeme.
    #[inline(never)]
    pub fn bool_node(&self, e: &BoolE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        match e {
            BoolE::Const(b) => *b,
            BoolE::Parity { odd, value } => self.parity(*odd, value, st, ctx, ws),
            BoolE::IsFull => self.is_full(st),
            BoolE::Threatened(t) => self.threatened(t, st, ctx, ws),
            BoolE::IsVisited(x) => {
                let v = self.int(x, st, ctx, ws);
                v >= 0 && st.visited.contains(&(v as Site))
            }
            BoolE::IsLineByLevel { len, dirs, through } => {
                self.is_line_by_level(len, dirs, through.as_deref(), st, ctx, ws)
            }
            BoolE::CanMove(k) => self.can_move(*k, st, ctx, ws),
            BoolE::NoMoves(who) => self.no_moves(*who, st, ws),
            BoolE::Not(a) => !self.bool(a, st, ctx, ws),
            BoolE::And(v) => v.iter().all(|a| self.bool(a, st, ctx, ws)),
            BoolE::Or(v) => v.iter().any(|a| self.bool(a, st, ctx, ws)),
            BoolE::Cmp(op, a, b) => {
                let a = self.int(a, st, ctx, ws);
                let b = self.int(b, st, ctx, ws);
                cmp(*op, a, b)
            }
            BoolE::IsEmpty(s) => {
                let s = self.int(s, st, ctx, ws);
                self.empty_at(st, s as i64)
            }
            // `(is Occupied S)`: a piece at site S
            BoolE::IsOccupied(s) => {
                let s = self.int(s, st, ctx, ws);
                self.what_at(st, s as i64) != 0
            }
            // `(is Enemy P)`: P is a player and not the mover
            BoolE::IsEnemy(p) => {
                let p = self.int(p, st, ctx, ws);
                p > 0 && p != st.mover as i32
            }
            // `(is Friend P)`, `(is Mover P)`: P is the mover
            BoolE::IsFriend(p) => self.int(p, st, ctx, ws) == st.mover as i32,
            // `(is In S R)`
            BoolE::IsIn(s, r) => {
                let s = self.int(s, st, ctx, ws);
                if s < 0 {
                    return false;
                }
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let b = set.contains(s as Site);
                ws.give_set(set);
                b
            }
            // `(is Prev Mover)`: the previous decision was the mover's
            BoolE::IsPrevMover => st.prev_mover == st.mover,
            BoolE::IsProposed(id) => st.proposed & (1u64 << id) != 0,
            // `(is Line N DIRS [exact:True] [through:S])`: a line of at least
            // (exactly) N pieces of the component at S (default: the last
            // move's target) along one axis of DIRS through S
            BoolE::IsLine {
                len,
                dirs,
                exact,
                through,
            } => {
                let site = match through {
                    Some(t) => self.int(t, st, ctx, ws),
                    None if st.last_to == NONE => -1,
                    None => st.last_to as i32,
                };
                let len = self.int(len, st, ctx, ws);
                site >= 0
                    && (site as usize) < self.rules.board.len()
                    && self.is_line(st, site as Site, len, dirs, *exact)
            }
            // `(all Passed)`: each of the last N turns (N = players) was a
            // single pass
            BoolE::AllPassed => st.pass_turns >= self.rules.players as u32,
            // `(all Sites R if:C)`: C holds with `(site)` = each site of R
            BoolE::AllSites(r, c) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let ok = set
                    .iter()
                    .all(|s| self.bool(c, st, Ctx { site: s, ..ctx }, ws));
                ws.give_set(set);
                ok
            }
            // `(all Groups DIRS of:C if:D)`: every group (connected under
            // DIRS) of the board sites where C holds (with `(to)` and
            // `(site)` = the site) satisfies D with `(sites)` = the group
            BoolE::AllGroups { dirs, of, cond } => {
                let mut todo = ws.take_set();
                for s in 0..self.rules.board.len() as Site {
                    if self.bool(
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
                let mut g = Vec::new();
                while self.next_group(&mut todo, dirs, &mut g) {
                    let mut gs = ws.take_set();
                    g.iter().for_each(|&s| gs.insert(s));
                    let saved = std::mem::replace(&mut ws.group, gs);
                    let r = self.bool(cond, st, ctx, ws);
                    let gs = std::mem::replace(&mut ws.group, saved);
                    ws.give_set(gs);
                    if !r {
                        ok = false;
                        break;
                    }
                }
                ws.give_set(todo);
                ok
            }
            // the context-site forms: `(is Empty (to))` and the like
            BoolE::EmptyAt(s) => self.empty_at(st, ctx.slot(*s) as i64),
            BoolE::OccupiedAt(s) => self.slot_test(SlotTest::Occupied(*s), st, ctx),
            BoolE::EnemyAt(s) => self.slot_test(SlotTest::Enemy(*s), st, ctx),
            BoolE::FriendAt(s) => self.slot_test(SlotTest::Friend(*s), st, ctx),
            BoolE::WhoAt(s, op, v) => {
                let who = self.owner(self.what_at(st, ctx.slot(*s) as i64)) as i32;
                cmp(*op, who, self.int(v, st, ctx, ws))
            }
            BoolE::WhatAt(s, op, v) => {
                let what = self.what_at(st, ctx.slot(*s) as i64) as i32;
                cmp(*op, what, self.int(v, st, ctx, ws))
            }
            // a fused conjunction of slot tests: each test in order
            BoolE::SlotTests(v) => v.iter().all(|t| self.slot_test(*t, st, ctx)),
            // `(OP (count Sites in:(sites Around SLOT DIRS FILTER)) K)`
            BoolE::AroundCmp {
                slot,
                dirs,
                filter,
                op,
                k,
            } => {
                let s = ctx.slot(*slot);
                let n = if (s as usize) < self.rules.board.len() {
                    self.neighbours(s, dirs)
                        .filter(|&t| self.around_filter(*filter, st.pieces.what[t as usize], st))
                        .count() as i32
                } else {
                    0
                };
                cmp(*op, n, *k)
            }
            // `(OP A B)` of `count Steps` terms
            BoolE::StepsCmp { op, a, b } => {
                let a = self.steps_term(*a, st, ctx, ws);
                let b = self.steps_term(*b, st, ctx, ws);
                cmp(*op, a, b)
            }
        }
    }

    pub(crate) fn is_line(
        &self,
        st: &State,
        site: Site,
        len: i32,
        dirs: &DirSpec,
        exact: bool,
    ) -> bool {
        let what = &st.pieces.what;
        let comp = what[site as usize];
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
            for r in [
                self.rules.board.radial(site, d),
                self.rules.board.radial(site, o),
            ] {
                n += r.iter().take_while(|&&t| what[t as usize] == comp).count() as i32;
            }
            if (exact && n == len) || (!exact && n >= len) {
                return true;
            }
        }
        false
    }

    /// Takes the group of the lowest site of `todo` (connected under
    /// `dirs` within `todo`) out of it into `group`, in the order reached;
    /// false when `todo` is empty.
    fn next_group(&self, todo: &mut SiteSet, dirs: &DirSpec, group: &mut Vec<Site>) -> bool {
        let Some(start) = todo.first() else {
            return false;
        };
        todo.remove(start);
        group.clear();
        group.push(start);
        let mut i = 0;
        while i < group.len() {
            let s = group[i];
            i += 1;
            for t in self.neighbours(s, dirs) {
                if todo.contains(t) {
                    todo.remove(t);
                    group.push(t);
                }
            }
        }
        true
    }

    /// Evaluates a region into `out` (cleared first).
    pub fn region(&self, r: &RegionE, st: &State, ctx: Ctx, ws: &mut Workspace, out: &mut SiteSet) {
        out.clear();
        let board = &self.rules.board;
        let n = board.len() as Site;
        let what = &st.pieces.what;
        match r {
            RegionE::Board => (0..n).for_each(|s| out.insert(s)),
            RegionE::Empty => (0..n)
                .filter(|&s| what[s as usize] == 0)
                .for_each(|s| out.insert(s)),
            RegionE::Corners => board.corners().iter().for_each(|&s| out.insert(s)),
            RegionE::Outer => board.outer().iter().for_each(|&s| out.insert(s)),
            RegionE::Inner => board.inner().iter().for_each(|&s| out.insert(s)),
            // `(sites Occupied by:WHO [on board])`: the sites whose top
            // piece is WHO's (hand sites too unless board only)
            RegionE::Occupied { who, board_only } => {
                let upto = if *board_only { n } else { what.len() as Site };
                for s in 0..upto {
                    if self.role_matches(*who, what[s as usize], st) {
                        out.insert(s);
                    }
                }
            }
            // `(sites Around OF DIRS FILTER if:C distance:D includeSelf)`:
            // the board sites D steps from a board site of OF (D = 1: the
            // neighbours; D > 1: the D-th site of each radial), and OF's
            // own with includeSelf, that the filter and C keep
            RegionE::Around {
                of,
                dirs,
                filter,
                cond,
                distance,
                include_self,
            } => {
                let mut centres = ws.take_set();
                self.region(of, st, ctx, ws, &mut centres);
                let dist = match distance {
                    Some(d) => self.int(d, st, ctx, ws),
                    None => 1,
                };
                let mut cands = ws.take_set();
                for c in centres.iter() {
                    if c >= n {
                        continue;
                    }
                    if *include_self {
                        cands.insert(c);
                    }
                    if dist == 1 {
                        self.neighbours(c, dirs).for_each(|t| cands.insert(t));
                    } else if dist > 1 {
                        for &d in self.dirs_at(c, dirs) {
                            if let Some(&t) = board.radial(c, d).get(dist as usize - 1) {
                                cands.insert(t);
                            }
                        }
                    }
                }
                for t in cands.iter() {
                    if self.around_keeps(*filter, cond.as_deref(), t, st, ctx, ws) {
                        out.insert(t);
                    }
                }
                ws.give_set(cands);
                ws.give_set(centres);
            }
            // an integer as a region: that site, if it is one
            RegionE::Site(e) => {
                let s = self.int(e, st, ctx, ws);
                if s >= 0 && (s as usize) < what.len() {
                    out.insert(s as Site);
                }
            }
            RegionE::List(v) => {
                for e in v {
                    let s = self.int(e, st, ctx, ws);
                    if s >= 0 && (s as usize) < what.len() {
                        out.insert(s as Site);
                    }
                }
            }
            RegionE::Union(v) => {
                let mut t = ws.take_set();
                for r in v {
                    self.region(r, st, ctx, ws, &mut t);
                    out.union_with(&t);
                }
                ws.give_set(t);
            }
            RegionE::Intersection(v) => {
                self.region(&v[0], st, ctx, ws, out);
                let mut t = ws.take_set();
                for r in &v[1..] {
                    self.region(r, st, ctx, ws, &mut t);
                    out.intersect_with(&t);
                }
                ws.give_set(t);
            }
            RegionE::Difference(a, b) => {
                self.region(a, st, ctx, ws, out);
                let mut t = ws.take_set();
                self.region(b, st, ctx, ws, &mut t);
                out.subtract(&t);
                ws.give_set(t);
            }
            // `(sites Distance STEP from:X (exact N))`: the sites exactly N
            // steps from X (N > 0)
            RegionE::Distance {
                search,
                from,
                exact,
            } => {
                let origin = self.int(from, st, ctx, ws);
                let want = self.int(exact, st, ctx, ws);
                if origin >= 0 && (origin as usize) < board.len() && want > 0 {
                    self.distances(search, origin as Site, st, ctx, ws);
                    for &s in &ws.order {
                        if ws.dist[s as usize] == want as u32 {
                            out.insert(s);
                        }
                    }
                }
            }
            // `(sites LineOfSight Farthest at:X DIRS)`: along each direction,
            // the last empty site before a piece or the edge
            RegionE::LineOfSightFarthest { at, dirs } => {
                let at = self.int(at, st, ctx, ws);
                if at >= 0 && (at as usize) < board.len() {
                    for &d in self.dirs_at(at as Site, dirs) {
                        let last = board
                            .radial(at as Site, d)
                            .iter()
                            .take_while(|&&t| what[t as usize] == 0)
                            .last();
                        if let Some(&t) = last {
                            out.insert(t);
                        }
                    }
                }
            }
            // `(sites Hand P)`
            RegionE::Hand(role) => {
                if self.rules.hand_sites > 0 {
                    let first = self.hand_site(self.role(*role, st).max(1));
                    (first..first + self.rules.hand_sites).for_each(|s| out.insert(s));
                }
            }
            // `(forEach R if:C)`: the sites of R where C holds with `(site)`
            RegionE::Filter(r, c) => {
                let mut t = ws.take_set();
                self.region(r, st, ctx, ws, &mut t);
                for s in t.iter() {
                    if self.bool(c, st, Ctx { site: s, ..ctx }, ws) {
                        out.insert(s);
                    }
                }
                ws.give_set(t);
            }
            // `(sites)` inside `(all Groups ...)`
            RegionE::CurrentGroup => out.copy_from(&ws.group),
            // `(sites ToClear)`: the sites marked this turn (hops.rs)
            RegionE::ToClear => {
                out.clear();
                st.to_clear.iter().for_each(|&s| out.insert(s));
            }
            RegionE::Fixed(set) => out.copy_from(set),
            // `(sites Pending)`: the pending values that are sites
            RegionE::Pending => {
                out.clear();
                let n = self.total_sites() as i32;
                st.pending
                    .iter()
                    .filter(|&&v| v >= 0 && v < n)
                    .for_each(|&v| out.insert(v as Site));
            }
            // `(sites From MOVES)` (`play.rs`)
            RegionE::SitesFrom(k) => self.sites_from(*k, st, ctx, ws, out),
            // `(sites Start (piece X))` (`chess.rs`)
            RegionE::StartOf(x) => {
                out.clear();
                let c = self.int(x, st, ctx, ws);
                if c >= 1
                    && let Some(set) = self.rules.start_sites.get(c as usize)
                {
                    out.copy_from(set);
                }
            }
            // `(sites Mover|Next|Prev ["Name"])`: the equipment regions of
            // the player that role names now (fixed per player at load)
            RegionE::PerPlayer { who, sets } => {
                if let Some(set) = sets.get(self.role(*who, st) as usize) {
                    out.copy_from(set);
                }
            }
            RegionE::If(c, a, b) => {
                if self.bool(c, st, ctx, ws) {
                    self.region(a, st, ctx, ws, out)
                } else {
                    self.region(b, st, ctx, ws, out)
                }
            }
        }
    }
}
