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
        match r {
            Role::Player(p) => p,
            Role::Mover => st.mover,
            Role::Next => self.next_player(st.mover),
            Role::Prev => st.prev_mover,
            // as a single player, these mean the next player (2-player games)
            Role::All | Role::Enemy => self.next_player(st.mover),
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
    fn role_matches(&self, r: Role, owner: u8, comp: u8, st: &State) -> bool {
        if comp == 0 {
            return false;
        }
        match r {
            Role::All => true,
            Role::Enemy => owner != 0 && owner != st.mover,
            _ => owner == self.role(r, st),
        }
    }

    pub(crate) fn dirs_at<'a>(&'a self, s: Site, spec: &'a DirSpec) -> &'a [Dir] {
        match spec {
            DirSpec::Relation(rel) => self.board.dirs(s, *rel),
            DirSpec::Dirs(d) => d,
        }
    }

    pub fn eval_int(&self, e: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match e {
            IntE::Const(c) => *c,
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
            IntE::CountMoves => st.decisions as i32,
            IntE::CountTurns => st.turns as i32,
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
            IntE::HandSite(r) => {
                if self.hand_sites == 0 {
                    -1
                } else {
                    self.hand_site(self.role(*r, st).max(1)) as i32
                }
            }
        }
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

    pub fn eval_bool(&self, e: &BoolE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        match e {
            BoolE::Const(b) => *b,
            BoolE::Not(a) => !self.eval_bool(a, st, ctx, ws),
            BoolE::And(v) => v.iter().all(|a| self.eval_bool(a, st, ctx, ws)),
            BoolE::Or(v) => v.iter().any(|a| self.eval_bool(a, st, ctx, ws)),
            BoolE::Cmp(op, a, b) => {
                let a = self.eval_int(a, st, ctx, ws);
                let b = self.eval_int(b, st, ctx, ws);
                match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Le => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::Ge => a >= b,
                }
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

    fn count_groups(
        &self,
        dirs: &DirSpec,
        cond: Option<&BoolE>,
        min: i32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        let mut todo = ws.take_set();
        for s in 0..self.board.len() as Site {
            let ok = match cond {
                Some(c) => self.eval_bool(c, st, Ctx { to: s, ..ctx }, ws),
                None => st.what[s as usize] != 0,
            };
            if ok {
                todo.insert(s);
            }
        }
        let mut groups = 0;
        let mut queue = std::mem::take(&mut ws.queue);
        while let Some(start) = todo.first() {
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
        let mut queue = Vec::new();
        while let Some(start) = todo.first() {
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
                if dist[t as usize] == u32::MAX && self.can_enter(search, st, step_ctx, t, ws) {
                    dist[t as usize] = d + 1;
                    queue.push(t);
                }
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
        let n = self.board.len();
        let mut tset = ws.take_set();
        self.eval_region(targets, st, ctx, ws, &mut tset);
        // Ludii answers 0 for an empty target region, before any search
        if tset.is_empty() {
            ws.give_set(tset);
            return 0;
        }
        if tset.contains(origin) {
            ws.give_set(tset);
            return 0;
        }
        let cacheable = search.cacheable && !region_reads_context(targets);
        let result = if cacheable {
            // One reverse search per position: distance of every enterable
            // site to the nearest enterable target.
            let slot = id as usize;
            if ws.steps_cache[slot].0 != ws.epoch {
                let mut map = std::mem::take(&mut ws.steps_cache[slot].1);
                map.clear();
                map.resize(n, u32::MAX);
                let mut queue = std::mem::take(&mut ws.queue);
                queue.clear();
                for t in tset.iter() {
                    if (t as usize) < n && self.can_enter(search, st, ctx, t, ws) {
                        map[t as usize] = 0;
                        queue.push(t);
                    }
                }
                let mut i = 0;
                while i < queue.len() {
                    let s = queue[i];
                    i += 1;
                    let d = map[s as usize];
                    for t in self.neighbours_by(s, &search.dirs) {
                        if map[t as usize] == u32::MAX && self.can_enter(search, st, ctx, t, ws) {
                            map[t as usize] = d + 1;
                            queue.push(t);
                        }
                    }
                }
                ws.queue = queue;
                ws.steps_cache[slot] = (ws.epoch, map);
            }
            // The origin itself is never entered: one step to the best
            // neighbour (which must be enterable, hence in the map).
            let map = &ws.steps_cache[slot].1;
            let mut best = u32::MAX;
            for t in self.neighbours_by(origin, &search.dirs) {
                best = best.min(map[t as usize]);
            }
            if best == u32::MAX {
                UNREACHABLE
            } else {
                best as i32 + 1
            }
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
                for s in 0..upto {
                    let c = st.what[s as usize];
                    if c != 0 && self.role_matches(*who, self.owner(c), c, st) {
                        out.insert(s);
                    }
                }
            }
            RegionE::Around {
                of,
                dirs,
                filter,
                cond,
                distance,
                include_self,
            } => {
                let mut centres = ws.take_set();
                self.eval_region(of, st, ctx, ws, &mut centres);
                let dist = match distance {
                    Some(d) => self.eval_int(d, st, ctx, ws),
                    None => 1,
                };
                for c in centres.iter() {
                    if c >= n {
                        continue;
                    }
                    if *include_self {
                        out.insert(c);
                    }
                    if dist == 1 {
                        for t in self.neighbours_by(c, dirs) {
                            out.insert(t);
                        }
                    } else if dist > 1 {
                        for &d in self.dirs_for_radials(c, dirs) {
                            if let Some(&t) = self.board.radial(c, d).get(dist as usize - 1) {
                                out.insert(t);
                            }
                        }
                    }
                }
                ws.give_set(centres);
                if filter.is_some() || cond.is_some() {
                    let mut keep = ws.take_set();
                    for t in out.iter() {
                        let comp = st.what[t as usize];
                        let owner = self.owner(comp);
                        let ok = match filter {
                            None => true,
                            Some(AroundFilter::Own) => comp != 0 && owner == st.mover,
                            Some(AroundFilter::Enemy) => {
                                comp != 0 && owner != 0 && owner != st.mover
                            }
                            Some(AroundFilter::Empty) => comp == 0,
                            Some(AroundFilter::Occupied) => comp != 0,
                        } && match cond {
                            None => true,
                            Some(c) => self.eval_bool(c, st, Ctx { to: t, ..ctx }, ws),
                        };
                        if ok {
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
            RegionE::If(c, a, b) => {
                if self.eval_bool(c, st, ctx, ws) {
                    self.eval_region(a, st, ctx, ws, out)
                } else {
                    self.eval_region(b, st, ctx, ws, out)
                }
            }
        }
    }

    /// Directions used for radials from `s`.
    pub(crate) fn dirs_for_radials<'a>(&'a self, s: Site, dirs: &'a DirSpec) -> &'a [Dir] {
        self.dirs_at(s, dirs)
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

/// Whether a region's value depends on the move context (so it can't be
/// cached per position).
pub(crate) fn region_reads_context(r: &RegionE) -> bool {
    match r {
        RegionE::Board
        | RegionE::Empty
        | RegionE::Corners
        | RegionE::Outer
        | RegionE::Inner
        | RegionE::Occupied { .. }
        | RegionE::Hand(_) => false,
        RegionE::Union(v) | RegionE::Intersection(v) => v.iter().any(region_reads_context),
        RegionE::Difference(a, b) => region_reads_context(a) || region_reads_context(b),
        _ => true,
    }
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
            | IntE::CountTurns
            | IntE::Score(_) => false,
            IntE::HandSite(_) => false,
            IntE::From | IntE::Between | IntE::Site => true,
            IntE::Arith(_, v) => v.iter().any(int),
            IntE::Abs(a) | IntE::SizeStack(a) | IntE::Who(a) | IntE::What(a) => int(a),
            IntE::If(c, a, b) => bool_reads_context_besides_to(c) || int(a) || int(b),
            _ => true,
        }
    }
    match b {
        BoolE::Const(_) | BoolE::IsPrevMover | BoolE::IsProposed(_) | BoolE::AllPassed => false,
        BoolE::Not(a) => bool_reads_context_besides_to(a),
        BoolE::And(v) | BoolE::Or(v) => v.iter().any(bool_reads_context_besides_to),
        BoolE::Cmp(_, a, c) => int(a) || int(c),
        BoolE::IsEmpty(a) | BoolE::IsOccupied(a) | BoolE::IsEnemy(a) | BoolE::IsFriend(a) => int(a),
        BoolE::IsIn(a, r) => int(a) || region_reads_context(r),
        _ => true,
    }
}
