//! Legal move generation: walks the compiled generator tree, writing moves
//! into a reused buffer.

use super::eval::Ctx;
use super::ir::*;
use super::sitetest::SiteTest;
use super::{Game, MAX_MOVES, Move, MoveKind, State, Workspace};
use crate::board::{NONE, Site};

impl Game {
    /// The legal moves of `st` into `out` (cleared first). A finished game
    /// has none; a player with nothing to do gets the forced `pass`.
    pub fn legal_moves_into(&self, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        out.clear();
        if st.outcome.is_some() {
            return;
        }
        ws.epoch += 1;
        let phase_index = st.phase[st.mover as usize] as usize;
        if !self.generate_by_route(phase_index, st, ws, out) {
            self.generate_root_tree(self.phases[phase_index].play, st, ws, out);
        }
        if self.no_repeat_in_turn && !out.is_empty() {
            self.filter_repeats(phase_index, st, ws, out);
        }
        if self.may_duplicate[phase_index] {
            self.dedup(ws, out);
        }
        if out.is_empty() {
            out.push(Move::pass());
        }
    }

    /// The moves from a play rule's node with a flat program (a leaf of
    /// `route.rs`).
    #[inline(never)]
    pub(crate) fn generate_root_plan(
        &self,
        id: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        if !self.generate_by_root_plan(id, st, ws, out) {
            self.generate(id, st, Ctx::default(), ws, out)
        }
    }

    /// The moves from a play rule's node by the rule tree: its `if`s and
    /// `forEach Piece`, then a flat program or the general walk (a leaf of
    /// `route.rs`, and the walk of a game without routes).
    #[inline(never)]
    pub(crate) fn generate_root_tree(
        &self,
        mut id: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let ctx = Ctx::default();
        if self.fast.enabled {
            loop {
                match &self.gens[id as usize].kind {
                    GenKind::If(c, a, b) => {
                        let fc = self.fast.if_cond.get(id as usize).copied().flatten();
                        id = if self.holds_inline(fc, c, st, ctx, ws) {
                            *a
                        } else {
                            match b {
                                Some(b) => *b,
                                None => return,
                            }
                        };
                    }
                    GenKind::ForEachPiece(list) if list.len() <= super::fast::MAX_PIECE_GENS => {
                        return self.gen_for_each_piece(list, st, ctx, ws, out);
                    }
                    _ => break,
                }
            }
            if self.generate_by_root_plan(id, st, ws, out) {
                return;
            }
        }
        self.generate(id, st, ctx, ws, out)
    }

    pub(crate) fn generate(
        &self,
        id: u32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        if out.len() > MAX_MOVES {
            return;
        }
        let node = &self.gens[id as usize];
        match &node.kind {
            GenKind::Select { .. } => super::declined::declined("move Select"),
            GenKind::DoNext { .. } => super::declined::declined("do next:"),
            GenKind::Capture(c) => super::declined::declined(match c.kind {
                CaptureKind::Custodial => "custodial",
                CaptureKind::Intervene => "intervene",
                CaptureKind::Surround => "surround",
            }),
            GenKind::Shoot(_) => super::declined::declined("move Shoot"),
            GenKind::Leap(_) => super::declined::declined("move Leap"),
            GenKind::HopRange(_) => super::declined::declined("move Hop before:|after:"),
            GenKind::MaxMoves(_) => super::declined::declined("max Moves"),
            GenKind::Promote { .. } => super::declined::declined("move Promote"),
            GenKind::SlideFull(_) => super::declined::declined("move Slide with apply or a range"),
            GenKind::ForEachPieceOf { .. } => super::declined::declined("forEach Piece WHO"),
            GenKind::ByPieceAt { .. } => super::declined::declined("directions FR|FL|..."),
            GenKind::ByLastDirection(_) => super::declined::declined("SameDirection"),
            GenKind::ByLastOpposite { .. } => super::declined::declined("OppositeDirection"),
            GenKind::Or(children) => {
                for &c in children {
                    self.generate(c, st, ctx, ws, out);
                }
            }
            GenKind::Priority(children) => {
                for &c in children {
                    let before = out.len();
                    self.generate(c, st, ctx, ws, out);
                    if out.len() > before {
                        break;
                    }
                }
            }
            GenKind::If(c, a, b) => {
                let fc = self.fast.if_cond.get(id as usize).copied().flatten();
                if self.holds(fc, c, st, ctx, ws) {
                    self.generate(*a, st, ctx, ws, out);
                } else if let Some(b) = b {
                    self.generate(*b, st, ctx, ws, out);
                }
            }
            GenKind::Do {
                moves,
                if_afterwards,
                connected,
            } => {
                if let Some(rel) = connected
                    && self.fast.enabled
                    && self.one_group_steps((id, *moves), *rel, st, ctx, ws, out)
                {
                    return;
                }
                let before = out.len();
                self.generate(*moves, st, ctx, ws, out);
                if out.len() == before {
                    return;
                }
                // With the connectivity condition, precompute once whether the
                // occupied sites are connected and which are cut vertices.
                // small boards: one-word bit sets, a flood fill per origin
                let mut small = connected.and_then(|rel| self.one_group(st, rel));
                let mut cut = None;
                if let Some(rel) = connected
                    && small.is_none()
                {
                    let mut occ = ws.take_set();
                    (0..self.board.len())
                        .filter(|&s| st.what[s] != 0)
                        .for_each(|s| occ.insert(s as Site));
                    let mut art = ws.take_set();
                    let ok = self.articulation(&occ, *rel, ws, &mut art);
                    cut = Some((ok, occ, art));
                }
                let mut scratch = ws.scratch.take().unwrap_or_else(|| Box::new(st.clone()));
                let mut keep = before;
                for i in before..out.len() {
                    let m = out[i];
                    let fast = match (&mut small, &cut) {
                        (Some(og), _) if self.only_moves_pieces(&m, id) => {
                            let empties =
                                m.stack || !self.stacking || st.count[m.from as usize] <= 1;
                            if !og.occupied(m.to) || !og.occupied(m.from) {
                                None
                            } else if !empties {
                                Some(og.connected())
                            } else {
                                og.connected_without(m.from)
                            }
                        }
                        (None, Some((connected, occ, art))) if self.only_moves_pieces(&m, id) => {
                            let empties =
                                m.stack || !self.stacking || st.count[m.from as usize] <= 1;
                            if !occ.contains(m.to) || !occ.contains(m.from) {
                                None
                            } else if !empties {
                                Some(*connected)
                            } else if !*connected {
                                // leaving a lone site may join what was
                                // apart: play it out
                                None
                            } else {
                                Some(!art.contains(m.from))
                            }
                        }
                        _ => None,
                    };
                    let ok = match fast {
                        Some(b) => b,
                        None => {
                            scratch.as_mut().clone_from(st);
                            ws.epoch += 1;
                            self.apply_actions(&mut scratch, &m, Some(id), ws);
                            self.eval_bool(if_afterwards, &scratch, self.move_ctx(&m), ws)
                        }
                    };
                    if ok {
                        out[keep] = m;
                        keep += 1;
                    }
                }
                if let Some((_, occ, art)) = cut {
                    ws.give_set(occ);
                    ws.give_set(art);
                }
                ws.epoch += 1;
                out.truncate(keep);
                ws.scratch = Some(scratch);
            }
            GenKind::ForEachPiece(list) => {
                if self.fast.enabled && list.len() <= super::fast::MAX_PIECE_GENS {
                    return self.gen_for_each_piece(list, st, ctx, ws, out);
                }
                for s in 0..self.board.len() as Site {
                    let comp = st.what[s as usize];
                    if comp == 0 || self.owner(comp) != st.mover {
                        continue;
                    }
                    for &(c, g) in list {
                        if c == comp {
                            self.generate_for_piece(g, s, comp, st, ctx, ws, out);
                        }
                    }
                }
            }
            GenKind::ForEachSite { region, moves } => {
                let mut set = ws.take_set();
                self.eval_region(region, st, ctx, ws, &mut set);
                for s in set.iter() {
                    let before = out.len();
                    self.generate(*moves, st, Ctx { site: s, ..ctx }, ws, out);
                    for m in &mut out[before..] {
                        m.site = s;
                    }
                }
                ws.give_set(set);
            }
            GenKind::Pass => out.push(Move {
                node: id,
                ..Move::pass()
            }),
            GenKind::Propose(p) => out.push(Move {
                kind: MoveKind::Propose,
                what: *p as u8,
                node: id,
                ..Move::pass()
            }),
            GenKind::Remove { region } => {
                let mut set = ws.take_set();
                self.eval_region(region, st, ctx, ws, &mut set);
                for s in set.iter() {
                    if st.what[s as usize] != 0 {
                        out.push(Move {
                            kind: MoveKind::Remove,
                            to: s,
                            what: st.what[s as usize],
                            node: id,
                            ..Move::pass()
                        });
                    }
                }
                ws.give_set(set);
            }
            GenKind::Add {
                piece,
                to,
                to_if,
                stack,
                ..
            } => {
                let comp = self.piece_sel(piece, st, ctx, ws);
                if comp == 0 {
                    return;
                }
                let test = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::True);
                let add = Move::add(comp, *stack, id);
                if let (
                    RegionE::Empty,
                    SiteTest::Around {
                        dirs: DirSpec::Relation(rel),
                        filter,
                        op,
                        k,
                    },
                ) = (to, test)
                    && self.add_around(st, (*rel, filter, op, k), add, ws, out)
                {
                    return;
                }
                if matches!(to, RegionE::Empty) {
                    // `(sites Empty)`: the board's empty sites in ascending
                    // order, as the region's set would give them
                    for s in 0..self.board.len() as Site {
                        if st.what[s as usize] == 0
                            && self.site_test(test, s, st, Ctx { to: s, ..ctx }, ws)
                        {
                            out.push(Move { to: s, ..add });
                        }
                    }
                    return;
                }
                // a region of one word: the empty sites among them when the
                // test asks for them, else each site tested
                if self.fast.enabled
                    && let Some(mut bits) = self.region_bits(to, st)
                {
                    let empty = matches!(test, SiteTest::Empty);
                    if empty || (!*stack && to_if.is_none()) {
                        bits &= !st.occ.iter().fold(0u64, |a, &o| a | o);
                    }
                    for s in super::bitregion::Bits(bits) {
                        if empty || self.site_test(test, s, st, Ctx { to: s, ..ctx }, ws) {
                            out.push(Move { to: s, ..add });
                        }
                    }
                    return;
                }
                let mut set = ws.take_set();
                self.eval_region(to, st, ctx, ws, &mut set);
                for s in set.iter() {
                    // without stacking, a piece is added to an empty site only
                    if !*stack && st.what[s as usize] != 0 && to_if.is_none() {
                        continue;
                    }
                    if self.site_test(test, s, st, Ctx { to: s, ..ctx }, ws) {
                        out.push(Move { to: s, ..add });
                    }
                }
                ws.give_set(set);
            }
            GenKind::FromTo {
                from,
                from_if,
                to,
                to_if,
                stack,
                ..
            } => {
                let origins = self.origins(from, st, ctx, ws);
                let mut targets = ws.take_set();
                // a destination region that doesn't read `(from)` is the same
                // for every origin: evaluate it once (as one word if its
                // shape has that form, which reads nothing of the context)
                let bits = match self.fast.enabled {
                    true => self.region_bits(to, st),
                    false => None,
                };
                let shared = bits.is_some() || !super::eval::region_reads_context(to);
                if shared && bits.is_none() {
                    self.eval_region(to, st, ctx, ws, &mut targets);
                }
                for f in origins.iter() {
                    if out.len() > MAX_MOVES {
                        break;
                    }
                    let comp = st.what[f as usize];
                    if comp == 0 {
                        continue;
                    }
                    let c = Ctx { from: f, ..ctx };
                    if let Some(b) = from_if
                        && !self.eval_bool(b, st, c, ws)
                    {
                        continue;
                    }
                    if !shared {
                        self.eval_region(to, st, c, ws, &mut targets);
                    }
                    let kind = if self.is_hand_site(f) {
                        MoveKind::Place
                    } else {
                        MoveKind::Step
                    };
                    let m = Move {
                        kind,
                        from: f,
                        what: comp,
                        stack: *stack,
                        node: id,
                        ..Move::pass()
                    };
                    // board sites without a condition: every one but `f`
                    // (with `(is Empty (to))`: the empty ones)
                    let free = match to_if {
                        None => Some(!0u64),
                        Some(BoolE::EmptyAt(Slot::To)) => {
                            Some(!st.occ.iter().fold(0u64, |a, &o| a | o))
                        }
                        _ => None,
                    };
                    if let (Some(b), Some(free)) = (bits, free) {
                        let own = if (f as usize) < 64 { 1u64 << f } else { 0 };
                        for t in super::bitregion::Bits(b & free & !own) {
                            out.push(Move { to: t, ..m });
                        }
                        continue;
                    }
                    let sites = match bits {
                        Some(b) => Sites::Bits(super::bitregion::Bits(b)),
                        None => Sites::Set(targets.iter()),
                    };
                    for t in sites {
                        if t == f || self.is_hand_site(t) {
                            continue;
                        }
                        let c = Ctx {
                            from: f,
                            to: t,
                            ..ctx
                        };
                        let ok = match to_if {
                            Some(b) => self.eval_bool(b, st, c, ws),
                            None => true,
                        };
                        if ok {
                            out.push(Move { to: t, ..m });
                        }
                    }
                }
                ws.give_set(targets);
                origins.release(ws);
            }
            GenKind::Step { .. }
                if let Some(step) = self.fast.step_to_empty.get(id as usize).copied().flatten() =>
            {
                self.gen_step_to_empty(id, step, ctx.from, st, out);
            }
            GenKind::Step {
                from,
                dirs,
                to_if,
                stack,
                ..
            } => {
                let origins = self.origins(from, st, ctx, ws);
                // no condition: the destination must be empty
                let test = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty);
                if let (SiteTest::Empty, DirSpec::Relation(rel)) = (test, dirs) {
                    for (f, comp) in self.board_pieces(st, &origins) {
                        self.step_to_empty(st, f, comp, *rel, *stack, id, out);
                    }
                    origins.release(ws);
                    return;
                }
                for (f, comp) in self.board_pieces(st, &origins) {
                    // fused slot tests: what doesn't read `(to)` is decided
                    // once for this origin
                    let (plan, steps) = match test {
                        SiteTest::Slots(v) => (self.slot_plan(v, st, Ctx { from: f, ..ctx }), None),
                        SiteTest::SlotsThenSteps(v, steps) => {
                            let plan = self.slot_plan(v, st, Ctx { from: f, ..ctx });
                            (plan, Some(steps))
                        }
                        _ => (None, None),
                    };
                    if plan.as_ref().is_some_and(|p| !p.ok) {
                        continue;
                    }
                    let mut try_step = |t: Site, ws: &mut Workspace| {
                        let c = Ctx {
                            from: f,
                            to: t,
                            ..ctx
                        };
                        let ok = match &plan {
                            Some(p) => {
                                p.holds(st, t) && steps.is_none_or(|s| self.steps_all(s, st, c, ws))
                            }
                            None => self.site_test(test, t, st, c, ws),
                        };
                        if ok {
                            out.push(Move::carry(f, t, comp, *stack, id));
                        }
                    };
                    match dirs {
                        // over a relation: the precomputed neighbour list
                        DirSpec::Relation(rel) => {
                            for &t in self.board.neighbours(f, *rel) {
                                try_step(t, ws);
                            }
                        }
                        // named directions: each distinct neighbour once
                        DirSpec::Dirs(dl) => {
                            for (i, &d) in dl.iter().enumerate() {
                                let Some(t) = self.board.step(f, d) else {
                                    continue;
                                };
                                if !dl[..i].iter().any(|&e| self.board.step(f, e) == Some(t)) {
                                    try_step(t, ws);
                                }
                            }
                        }
                    }
                }
                origins.release(ws);
            }
            GenKind::Hop {
                from,
                dirs,
                min,
                max,
                between_if,
                to_if,
                stack,
                ..
            } => {
                let origins = self.origins(from, st, ctx, ws);
                // no conditions: hop over occupied sites to an empty one
                let over = SiteTest::of(between_if.as_ref(), Slot::Between, SiteTest::Occupied);
                let land = SiteTest::of(to_if.as_ref(), Slot::To, SiteTest::Empty);
                if let (Some(o), Some(l)) = (over.emptiness(), land.emptiness()) {
                    for (f, comp) in self.board_pieces(st, &origins) {
                        let dl = self.dirs_at(f, dirs);
                        let shape = ((*min, *max), (o, l));
                        self.hop_plain(
                            st, f, comp, dl, shape.0, shape.1, *stack, id, ctx.site, out,
                        );
                    }
                    origins.release(ws);
                    return;
                }
                for (f, comp) in self.board_pieces(st, &origins) {
                    for &d in self.dirs_at(f, dirs) {
                        let radial = self.board.radial(f, d);
                        // the run of sites where the between-condition holds
                        let mut k = 0usize;
                        while k < radial.len() && (k as i32) < *max {
                            let c = Ctx {
                                from: f,
                                between: radial[k],
                                ..ctx
                            };
                            if !self.site_test(over, radial[k], st, c, ws) {
                                break;
                            }
                            k += 1;
                        }
                        if (k as i32) < *min || k >= radial.len() {
                            continue;
                        }
                        let t = radial[k];
                        let between = if k > 0 { radial[0] } else { NONE };
                        let c = Ctx {
                            from: f,
                            to: t,
                            between,
                            ..ctx
                        };
                        if self.site_test(land, t, st, c, ws) {
                            out.push(Move::hop(f, t, comp, d as u8, k, *stack, id, ctx.site));
                        }
                    }
                }
                origins.release(ws);
            }
            GenKind::Slide {
                from,
                dirs,
                between_if,
                to_if,
                stack,
                land_if,
            } => {
                if land_if.is_some() {
                    super::declined::declined("move Slide (to (apply if:C))");
                }
                let origins = self.origins(from, st, ctx, ws);
                // no condition: slide over empty sites (`(to)` and
                // `(between)` are both the site being passed)
                let free = match between_if {
                    Some(BoolE::EmptyAt(Slot::To)) => SiteTest::Empty,
                    b => SiteTest::of(b.as_ref(), Slot::Between, SiteTest::Empty),
                };
                for (f, comp) in self.board_pieces(st, &origins) {
                    if out.len() > MAX_MOVES {
                        break;
                    }
                    for &d in self.dirs_at(f, dirs) {
                        for &t in self.board.radial(f, d) {
                            let c = Ctx {
                                from: f,
                                to: t,
                                between: t,
                                ..ctx
                            };
                            if !self.site_test(free, t, st, c, ws) {
                                // a blocker: a move onto it only if `to if:` allows it
                                if let Some(b) = to_if
                                    && self.eval_bool(b, st, c, ws)
                                {
                                    out.push(Move::carry(f, t, comp, *stack, id));
                                }
                                break;
                            }
                            out.push(Move::carry(f, t, comp, *stack, id));
                        }
                    }
                }
                origins.release(ws);
            }
        }
    }

    /// The origins that hold a piece on the board, with its component: where
    /// a step, hop or slide can start.
    fn board_pieces<'a>(
        &'a self,
        st: &'a State,
        origins: &'a Origins,
    ) -> impl Iterator<Item = (Site, u8)> + 'a {
        origins
            .iter()
            .map(|f| (f, st.what[f as usize]))
            .filter(move |&(f, comp)| comp != 0 && !self.is_hand_site(f))
    }

    /// The origins of a move: the current `(from)` alone (no set needed),
    /// or the sites of a region.
    fn origins(&self, from: &FromSpec, st: &State, ctx: Ctx, ws: &mut Workspace) -> Origins {
        match from {
            FromSpec::Current => Origins::One(ctx.from),
            // one site: no set needed (none when off the sites)
            FromSpec::Region(RegionE::Site(e)) if self.fast.enabled => {
                let s = self.eval_int(e, st, ctx, ws);
                Origins::One(if s >= 0 && (s as usize) < st.what.len() {
                    s as Site
                } else {
                    NONE
                })
            }
            FromSpec::Region(r) => {
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                Origins::Many(set)
            }
        }
    }

    pub(crate) fn piece_sel(&self, p: &PieceSel, st: &State, ctx: Ctx, ws: &mut Workspace) -> u8 {
        match p {
            PieceSel::Component(c) => *c,
            PieceSel::Expr(e) => {
                let v = self.eval_int(e, st, ctx, ws);
                if v > 0 && (v as usize) < self.comps.len() {
                    v as u8
                } else {
                    0
                }
            }
            PieceSel::OfPlayer { base, who } => {
                let p = self.role(*who, st);
                base.iter()
                    .copied()
                    .find(|&c| self.owner(c) == p)
                    .unwrap_or(0)
            }
        }
    }

    /// Drops moves whose resulting position already occurred in this turn.
    /// The first decision of a turn in a phase none of whose moves can
    /// leave the position as it is (most decisions, in some games) returns
    /// here, in the caller; the rest is out of line.
    #[inline(always)]
    fn filter_repeats(&self, phase: usize, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        // the first decision of a turn: its only position so far is the
        // current one, which a move that changes the position cannot repeat
        let first = st.turn_hashes.len() == 1 && st.turn_hashes[0] == st.hash;
        if first
            && self
                .fast
                .changing_phase
                .get(phase)
                .copied()
                .unwrap_or(false)
        {
            return;
        }
        // every move adds a piece and the position has the most pieces of
        // the turn: the one after any move has more than all of the turn's
        if self.fast.adding_phase.get(phase).copied().unwrap_or(false)
            && st.turn_peak <= Self::total_pieces(st)
        {
            return;
        }
        self.filter_repeats_by_hash(first, st, ws, out);
    }

    /// [`Game::filter_repeats`] past its first test: `first` says whether
    /// this is the first decision of the turn. A move is kept without a
    /// hash when one of the tests its node allows (its
    /// [`super::repeat::RepeatNode`], one table read per move) shows that
    /// it changes the position (the first decision), leaves fewer pieces
    /// than all of the turn's positions (at the turn's floor) or more (at
    /// its peak); else by the hash after it.
    #[inline(never)]
    fn filter_repeats_by_hash(
        &self,
        first: bool,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        use super::repeat::{KEEP_CHANGES, KEEP_LOWERS, KEEP_RAISES};
        if first && out.iter().all(|m| self.changes_position(st, m)) {
            return;
        }
        // no position of the turn has fewer pieces than the current one: a
        // move that takes pieces off leaves fewer than all of the turn's;
        // nor more: a move that puts pieces on leaves more than all of them
        let pieces = Self::total_pieces(st);
        let mut mask = 0;
        if first {
            mask |= KEEP_CHANGES;
        }
        if st.turn_floor >= pieces {
            mask |= KEEP_LOWERS;
        }
        if st.turn_peak <= pieces {
            mask |= KEEP_RAISES;
        }
        let nodes = &self.fast.repeat_nodes[..];
        let mut keep = 0;
        for i in 0..out.len() {
            let m = out[i];
            let rn = nodes.get(m.node as usize).copied().unwrap_or_default();
            let tests = rn.keep & mask;
            if (tests != 0 && self.kept_by_count(tests, rn, st, &m))
                || !st
                    .turn_hashes
                    .contains(&self.hash_after_node(rn, st, &m, ws))
            {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Removes exact duplicates (same kind, from, to and piece), keeping the
    /// first; linear in the moves. A stamp per (kind, from, to) finds that
    /// no move repeats; once one may, or on a large board, a hash set of the
    /// moves decides.
    #[inline(never)]
    fn dedup(&self, ws: &mut Workspace, out: &mut Vec<Move>) {
        if out.len() < 2 {
            return;
        }
        let mut keep = 0;
        if !ws.seen.is_empty() {
            ws.seen_stamp = ws.seen_stamp.wrapping_add(1);
            if ws.seen_stamp == 0 {
                ws.seen.iter_mut().for_each(|x| *x = 0);
                ws.seen_stamp = 1;
            }
            let n1 = ws.nsites + 1;
            let idx = |s: Site| if s == NONE { ws.nsites } else { s as usize };
            while keep < out.len() {
                let m = out[keep];
                let key = (m.kind as usize * n1 + idx(m.from)) * n1 + idx(m.to);
                if ws.seen[key] == ws.seen_stamp {
                    break;
                }
                ws.seen[key] = ws.seen_stamp;
                keep += 1;
            }
            if keep == out.len() {
                return;
            }
        }
        // from the first move whose kind, from and to repeat (or from the
        // start on a large board): the moves kept so far, then a set
        let seen = &mut ws.seen_set;
        seen.clear();
        seen.extend(out[..keep].iter().map(|m| (m.kind, m.from, m.to, m.what)));
        let mut i = keep;
        while i < out.len() {
            let m = out[i];
            if seen.insert((m.kind, m.from, m.to, m.what)) {
                out[keep] = m;
                keep += 1;
            }
            i += 1;
        }
        out.truncate(keep);
    }

    /// Whether the generator tree under `id` can produce the same move twice
    /// (then the move list is de-duplicated). Each leaf makes distinct moves;
    /// alternatives of several leaves, or leaves without an origin under a
    /// per-piece loop, may repeat one another.
    pub(crate) fn tree_may_duplicate(&self, id: u32) -> bool {
        match &self.gens[id as usize].kind {
            // alternatives whose moves are of different kinds never repeat
            // one another (a duplicate has the same kind, origin, target and
            // piece)
            // nor do alternatives that move a piece from the current
            // `(from)` to sites that never coincide on this board
            GenKind::Or(v) => {
                v.iter().any(|&c| self.tree_may_duplicate(c))
                    || v.iter().enumerate().any(|(i, &a)| {
                        v[..i].iter().any(|&b| {
                            self.tree_kinds(a) & self.tree_kinds(b) != 0
                                && !self.targets_apart(a, b)
                                && !self.hops_exclusive(a, b)
                        })
                    })
            }
            GenKind::Priority(v) => v.iter().any(|&c| self.tree_may_duplicate(c)),
            GenKind::If(_, a, b) => {
                self.tree_may_duplicate(*a) || b.is_some_and(|b| self.tree_may_duplicate(b))
            }
            GenKind::Do { moves, .. } => self.tree_may_duplicate(*moves),
            GenKind::ForEachSite { .. } => true,
            GenKind::ForEachPiece(list) => list
                .iter()
                .any(|&(_, g)| self.tree_may_duplicate(g) || !self.tree_uses_origin(g)),
            _ => false,
        }
    }

    /// Whether the trees `a` and `b` only make moves from the current
    /// `(from)` and, from every board site, reach disjoint sets of targets
    /// (so no move of one is a move of the other).
    fn targets_apart(&self, a: u32, b: u32) -> bool {
        let n = self.board.len();
        let (mut ta, mut tb) = (vec![false; n], vec![false; n]);
        (0..n as Site).all(|f| {
            ta.iter_mut().for_each(|x| *x = false);
            tb.iter_mut().for_each(|x| *x = false);
            self.origin_targets(a, f, &mut ta)
                && self.origin_targets(b, f, &mut tb)
                && ta.iter().zip(&tb).all(|(x, y)| !(x & y))
        })
    }

    /// Whether `a` and `b` are hops from the current `(from)` over at least
    /// one site whose tests on the first site passed over accept no
    /// component in common (tests of the top component alone), and whose
    /// landing sites from any board site by different directions never
    /// meet: a move of both would have the same origin and landing site, so
    /// the same direction (the landing sites of different directions are
    /// apart), so the same first site passed over, which passes both tests.
    fn hops_exclusive(&self, a: u32, b: u32) -> bool {
        use super::sitetest::CompTest;
        let hop = |id: u32| match &self.gens[id as usize].kind {
            GenKind::Hop {
                from: FromSpec::Current,
                dirs,
                min,
                max,
                between_if,
                ..
            } if *min >= 1 && *max >= *min => {
                let over = SiteTest::of(between_if.as_ref(), Slot::Between, SiteTest::Occupied);
                Some((
                    dirs,
                    *min as usize,
                    *max as usize,
                    CompTest::of(over, self.comps.len())?,
                ))
            }
            _ => None,
        };
        let (Some((da, lo_a, hi_a, ta)), Some((db, lo_b, hi_b, tb))) = (hop(a), hop(b)) else {
            return false;
        };
        if !ta.disjoint(tb) {
            return false;
        }
        // a hop over MIN..MAX sites lands on radial sites MIN..=MAX
        let lands = |f: Site, d: crate::board::Dir, lo: usize, hi: usize| {
            let r = self.board.radial(f, d);
            &r[lo.min(r.len())..(hi + 1).min(r.len())]
        };
        (0..self.board.len() as Site).all(|f| {
            self.dirs_at(f, da).iter().all(|&d1| {
                let la = lands(f, d1, lo_a, hi_a);
                self.dirs_at(f, db)
                    .iter()
                    .all(|&d2| d1 == d2 || lands(f, d2, lo_b, hi_b).iter().all(|t| !la.contains(t)))
            })
        })
    }

    /// Marks in `out` every board site a move of the tree under `id` from
    /// `f` can go to; false when the tree has a move that does not start
    /// from the current `(from)` or whose targets are not known from the
    /// board alone.
    fn origin_targets(&self, id: u32, f: Site, out: &mut [bool]) -> bool {
        let mut mark = |t: Site| match out.get_mut(t as usize) {
            Some(x) => {
                *x = true;
                true
            }
            None => false,
        };
        match &self.gens[id as usize].kind {
            GenKind::Or(v) => v.iter().all(|&c| self.origin_targets(c, f, out)),
            GenKind::If(_, a, b) => {
                self.origin_targets(*a, f, out) && b.is_none_or(|b| self.origin_targets(b, f, out))
            }
            GenKind::Step {
                from: FromSpec::Current,
                dirs,
                ..
            } => match dirs {
                DirSpec::Relation(rel) => self.board.neighbours(f, *rel).iter().all(|&t| mark(t)),
                DirSpec::Dirs(dl) => dl
                    .iter()
                    .all(|&d| self.board.step(f, d).is_none_or(&mut mark)),
            },
            GenKind::Hop {
                from: FromSpec::Current,
                dirs,
                min,
                max,
                ..
            } => self.dirs_at(f, dirs).iter().all(|&d| {
                let radial = self.board.radial(f, d);
                let lo = (*min).max(0) as usize;
                let hi = (*max as i64 + 1).max(0) as usize;
                radial.iter().take(hi).skip(lo).all(|&t| mark(t))
            }),
            GenKind::Slide {
                from: FromSpec::Current,
                dirs,
                ..
            } => self
                .dirs_at(f, dirs)
                .iter()
                .all(|&d| self.board.radial(f, d).iter().all(|&t| mark(t))),
            _ => false,
        }
    }

    /// The kinds of move the tree under `id` can make, one bit per
    /// [`MoveKind`].
    pub(crate) fn tree_kinds(&self, id: u32) -> u8 {
        let bit = |k: MoveKind| 1u8 << k as u8;
        match &self.gens[id as usize].kind {
            GenKind::Or(v) | GenKind::Priority(v) => {
                v.iter().fold(0, |m, &c| m | self.tree_kinds(c))
            }
            GenKind::If(_, a, b) => self.tree_kinds(*a) | b.map_or(0, |b| self.tree_kinds(b)),
            GenKind::Do { moves, .. } | GenKind::ForEachSite { moves, .. } => {
                self.tree_kinds(*moves)
            }
            GenKind::ForEachPiece(list) => list.iter().fold(0, |m, &(_, g)| m | self.tree_kinds(g)),
            GenKind::Add { .. } => bit(MoveKind::Add),
            // from the hand site alone: placements only
            GenKind::FromTo {
                from: FromSpec::Region(RegionE::Site(e)),
                ..
            } if matches!(**e, IntE::HandSite(_)) => bit(MoveKind::Place),
            GenKind::FromTo { .. } => bit(MoveKind::Place) | bit(MoveKind::Step),
            GenKind::Step { .. } | GenKind::Hop { .. } | GenKind::Slide { .. } => {
                bit(MoveKind::Step)
            }
            GenKind::Remove { .. } => bit(MoveKind::Remove),
            GenKind::Pass => bit(MoveKind::Pass),
            GenKind::Propose(_) => bit(MoveKind::Propose),
            GenKind::Select { .. } | GenKind::Capture(_) => bit(MoveKind::Select),
            GenKind::Shoot(_) => bit(MoveKind::Add),
            GenKind::Leap(_) => bit(MoveKind::Step),
            GenKind::HopRange(_) => bit(MoveKind::Step),
            GenKind::MaxMoves(g) => self.tree_kinds(*g),
            GenKind::DoNext { next, .. } => self.tree_kinds(*next) | bit(MoveKind::Pass),
            GenKind::Promote { .. } => bit(MoveKind::Select),
            GenKind::SlideFull(_) => bit(MoveKind::Step),
            GenKind::ForEachPieceOf { list, .. } => {
                list.iter().fold(0, |k, &(_, g)| k | self.tree_kinds(g))
            }
            GenKind::ByPieceAt { list, .. } | GenKind::ByLastDirection(list) => {
                list.iter().fold(0, |m, &(_, g)| m | self.tree_kinds(g))
            }
            GenKind::ByLastOpposite { list, none } => list
                .iter()
                .fold(self.tree_kinds(*none), |m, &(_, g)| m | self.tree_kinds(g)),
        }
    }

    /// Whether every leaf under `id` starts from the current `(from)`.
    fn tree_uses_origin(&self, id: u32) -> bool {
        match &self.gens[id as usize].kind {
            GenKind::Or(v) | GenKind::Priority(v) => v.iter().all(|&c| self.tree_uses_origin(c)),
            GenKind::If(_, a, b) => {
                self.tree_uses_origin(*a) && b.is_none_or(|b| self.tree_uses_origin(b))
            }
            GenKind::Do { moves, .. } => self.tree_uses_origin(*moves),
            GenKind::Step { from, .. }
            | GenKind::Hop { from, .. }
            | GenKind::Slide { from, .. }
            | GenKind::FromTo { from, .. } => matches!(from, FromSpec::Current),
            _ => false,
        }
    }

    /// Whether a move only carries pieces from `from` to `to` (a step with
    /// no effects of its own and no consequences up to node `upto`).
    #[inline]
    fn only_moves_pieces(&self, m: &Move, upto: u32) -> bool {
        // a bare carry between board sites (no effect nor consequence on
        // its way to the root)
        let n = self.board.len();
        (m.kind == MoveKind::Step
            && (m.from as usize) < n
            && (m.to as usize) < n
            && self.is_bare_carry(m.node))
            || self.only_moves_pieces_up_to(m, upto)
    }

    /// [`Game::only_moves_pieces`] by a walk up the tree.
    #[inline(never)]
    fn only_moves_pieces_up_to(&self, m: &Move, upto: u32) -> bool {
        if m.kind != MoveKind::Step
            || m.from == NONE
            || self.is_hand_site(m.from)
            || self.is_hand_site(m.to)
        {
            return false;
        }
        let leaf = &self.gens[m.node as usize];
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
        let mut id = Some(m.node);
        while let Some(i) = id {
            if i == upto {
                return true;
            }
            if self.gens[i as usize].then.is_some() {
                return false;
            }
            id = self.gens[i as usize].parent;
        }
        true
    }

    /// Articulation points of the graph induced by `occ` under `rel`, into
    /// `art`; returns whether `occ` is connected (an empty set counts as
    /// not connected: it has no group).
    pub(crate) fn articulation(
        &self,
        occ: &super::sets::SiteSet,
        rel: crate::board::Relation,
        ws: &mut Workspace,
        art: &mut super::sets::SiteSet,
    ) -> bool {
        art.clear();
        let Some(root) = occ.first() else {
            return false;
        };
        let n = self.board.len();
        let mut disc = std::mem::take(&mut ws.dist);
        let mut low = std::mem::take(&mut ws.low);
        low.clear();
        low.resize(n, 0);
        disc[..n].iter_mut().for_each(|d| *d = u32::MAX);
        // iterative DFS: (site, parent, next neighbour index)
        let mut stack: Vec<(Site, Site, usize)> = std::mem::take(&mut ws.dfs);
        stack.clear();
        let mut time = 0u32;
        let mut root_children = 0;
        disc[root as usize] = 0;
        low[root as usize] = 0;
        stack.push((root, NONE, 0));
        let mut visited = 1u32;
        while let Some(&mut (v, parent, ref mut i)) = stack.last_mut() {
            let nb = self.board.neighbours(v, rel);
            if *i < nb.len() {
                let w = nb[*i];
                *i += 1;
                if !occ.contains(w) || w == parent {
                    continue;
                }
                if disc[w as usize] == u32::MAX {
                    time += 1;
                    disc[w as usize] = time;
                    low[w as usize] = time;
                    visited += 1;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((w, v, 0));
                } else {
                    low[v as usize] = low[v as usize].min(disc[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                    if p != root && low[v as usize] >= disc[p as usize] {
                        art.insert(p);
                    }
                }
            }
        }
        if root_children > 1 {
            art.insert(root);
        }
        ws.dist = disc;
        ws.low = low;
        ws.dfs = stack;
        visited == occ.count()
    }

    pub(crate) fn move_ctx(&self, m: &Move) -> Ctx {
        let between = if m.dir != 255 && m.from != NONE {
            self.board
                .radial(m.from, crate::board::Dir::ALL[m.dir as usize])
                .first()
                .copied()
                .unwrap_or(NONE)
        } else {
            NONE
        };
        Ctx {
            from: m.from,
            to: m.to,
            between,
            site: m.site,
        }
    }
}

/// Where a move's pieces come from.
enum Origins {
    One(Site),
    Many(super::sets::SiteSet),
}

impl Origins {
    fn iter(&self) -> OriginIter<'_> {
        match self {
            Origins::One(s) => OriginIter::One((*s != NONE).then_some(*s)),
            Origins::Many(set) => OriginIter::Many(set.iter()),
        }
    }

    /// Gives a region's set back to the pool.
    fn release(self, ws: &mut Workspace) {
        if let Origins::Many(set) = self {
            ws.give_set(set);
        }
    }
}

enum OriginIter<'a> {
    One(Option<Site>),
    Many(super::sets::SetIter<'a>),
}

impl Iterator for OriginIter<'_> {
    type Item = Site;
    #[inline]
    fn next(&mut self) -> Option<Site> {
        match self {
            OriginIter::One(s) => s.take(),
            OriginIter::Many(it) => it.next(),
        }
    }
}

/// A move's target sites: a word's bits or a region's set, ascending.
enum Sites<'a> {
    Bits(super::bitregion::Bits),
    Set(super::sets::SetIter<'a>),
}

impl Iterator for Sites<'_> {
    type Item = Site;
    #[inline]
    fn next(&mut self) -> Option<Site> {
        match self {
            Sites::Bits(b) => b.next(),
            Sites::Set(it) => it.next(),
        }
    }
}
