//! Applying a decision: its actions, its consequences, the end rules, the
//! length limits, the phases and the next player (docs/engine.md's order).

use super::eval::Ctx;
use super::ir::*;
use super::{Game, Move, MoveKind, NO_GEN, Outcome, PlayerResult, State, Workspace};
use crate::board::{Dir, Site};

impl Game {
    /// Plays `m` (which must be legal in `st`). A move of a node the lean
    /// path sends straight to its effect carry
    /// ([`Game::effect_carry_turn`]) with an effect-carry form goes there
    /// first, from this small frame; any other goes the whole way out of
    /// line. In line in its callers: the
    /// first path's arguments stay where the caller keeps them, and a game
    /// without such nodes only reads an empty table's length.
    #[inline(always)]
    pub fn apply_with(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        if let Some(turn) = self.effect_carry_turn(st, m)
            && let Some(ec) = self.effect_carry_form(m)
        {
            return self.apply_lean_effect_carry(st, m, ws, turn, ec);
        }
        self.apply_lean_or_general(st, m, ws);
    }

    /// [`Game::apply_with`] past its first path: the lean path, else the
    /// general one.
    #[inline(never)]
    fn apply_lean_or_general(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        if !self.apply_lean(st, m, ws) {
            self.apply_general(st, m, ws);
        }
    }

    /// [`Game::apply_with`] in general (out of line: the lean path's
    /// frame stays small).
    #[inline(never)]
    fn apply_general(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        let mover = st.mover;
        st.move_again = false;
        st.next_override = 0;
        ws.epoch += 1;
        // counted before the consequences, which read it (as in Ludii)
        st.decisions += 1;
        self.apply_actions(st, m, None, ws);
        ws.epoch += 1;

        st.prev_mover = mover;
        let ends_turn = !st.move_again;
        // a turn that is one pass and nothing else extends the run of passes;
        // any other decision ends it
        let single_pass = m.kind == MoveKind::Pass && st.turn_decisions == 0 && ends_turn;
        st.pass_turns = if single_pass { st.pass_turns + 1 } else { 0 };
        st.turn_decisions += 1;

        // end rules, Mover = the player who just moved
        let ctx = self.move_ctx(m);
        let phase = &self.phases[st.phase[mover as usize] as usize];
        let pi = st.phase[mover as usize] as usize;
        let phase_fast = self.fast.phase_end_cond.get(pi);
        let mut decided = if st.move_again
            && let Some(ea) = &self.end_again
        {
            self.decide_ends_after_again(ea, pi, st, ctx, ws)
        } else if self
            .fast
            .phase_end_plan
            .get(pi)
            .is_some_and(Option::is_some)
            || self.fast.end_plan.is_some()
        {
            self.decide_ends_planned(pi, st, || ctx, ws)
        } else {
            (!phase.end.is_empty() && self.check_end(&phase.end, phase_fast, st, ctx, ws))
                || self.check_end(&self.end, Some(&self.fast.end_cond), st, ctx, ws)
        };
        if !decided && !self.uses_all_passed && self.all_passed(st) {
            st.outcome = Some(Outcome::draw(self.players));
            decided = true;
        }
        // length limits
        if !decided
            && ((ends_turn && st.turns + 1 >= self.max_turns) || st.decisions >= self.max_decisions)
        {
            st.outcome = Some(Outcome::draw(self.players));
        }
        // phases (each player's own)
        for np in &phase.next {
            if self.eval_bool(&np.cond, st, ctx, ws) {
                match np.who {
                    Some(r) => {
                        let p = self.role(r, st);
                        st.phase[p as usize] = np.to;
                    }
                    None => (1..=self.players).for_each(|p| st.phase[p as usize] = np.to),
                }
            }
        }
        // the next player
        if ends_turn {
            st.turns += 1;
            st.turn_decisions = 0;
            st.mover = if st.next_override != 0 {
                st.next_override
            } else {
                self.next_player(mover)
            };
        }
        if self.no_repeat_in_turn {
            if ends_turn {
                self.restart_turn_positions(st);
            } else {
                self.record_turn_position(st);
            }
        }
        st.move_again = false;
    }

    /// Evaluates end rules in order; the first that holds decides.
    /// `fast`: the rules' conditions in direct form, where they have one.
    /// The end rules after a decision that moves again, in a game whose
    /// end rules read `Next`: as compiled with `Next` meaning the mover
    /// ([`Game::end_again`]), the phase's then the game's, evaluated
    /// generically.
    pub(crate) fn decide_ends_after_again(
        &self,
        ea: &EndAfterAgain,
        pi: usize,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let phase = ea
            .phases
            .iter()
            .find(|(i, _)| *i == pi)
            .map_or(&[][..], |(_, r)| r.as_slice());
        (!phase.is_empty() && self.check_end(phase, None, st, ctx, ws))
            || self.check_end(&ea.end, None, st, ctx, ws)
    }

    fn check_end(
        &self,
        rules: &[EndRule],
        fast: Option<&Vec<Option<super::fast::FastCond>>>,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        for (i, r) in rules.iter().enumerate() {
            let fc = fast.and_then(|f| f.get(i).copied().flatten());
            if self.holds(fc, &r.cond, st, ctx, ws) {
                let o = self.result_of(&r.result, st, ctx, ws);
                st.outcome = Some(o);
                return true;
            }
        }
        false
    }

    #[inline(never)]
    pub(crate) fn result_of(
        &self,
        r: &ResultSpec,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> Outcome {
        match r {
            ResultSpec::Result(role, kind) => {
                let p = self.role(*role, st);
                match kind {
                    ResultKind::Draw => Outcome::draw(self.players),
                    ResultKind::Win => Outcome::win(self.players, p),
                    ResultKind::Loss => {
                        if self.players == 2 {
                            Outcome::win(self.players, self.next_player(p))
                        } else {
                            let mut o = Outcome::draw(self.players);
                            o.results[p as usize] = PlayerResult::Loss;
                            o
                        }
                    }
                }
            }
            ResultSpec::ByScore(scores, misere) => {
                for (p, e) in scores {
                    let v = self.eval_int(e, st, ctx, ws);
                    st.scores[*p as usize] = v;
                }
                let key = |p: u8| {
                    if *misere {
                        -st.scores[p as usize]
                    } else {
                        st.scores[p as usize]
                    }
                };
                let best = (1..=self.players).map(key).max().unwrap_or(0);
                let winners: Vec<u8> = (1..=self.players).filter(|&p| key(p) == best).collect();
                if winners.len() == self.players as usize {
                    Outcome::draw(self.players)
                } else if winners.len() == 1 {
                    Outcome::win(self.players, winners[0])
                } else {
                    let mut o = Outcome::draw(self.players);
                    for p in 1..=self.players {
                        if key(p) != best {
                            o.results[p as usize] = PlayerResult::Loss;
                        }
                    }
                    o
                }
            }
        }
    }

    /// The move's own actions and its consequences (innermost first), up to
    /// but excluding the generator node `stop` (used by `do ... ifAfterwards`).
    pub(crate) fn apply_actions(
        &self,
        st: &mut State,
        m: &Move,
        stop: Option<u32>,
        ws: &mut Workspace,
    ) {
        if self.apply_bare_carry(st, m) {
            return;
        }
        let ctx = self.move_ctx(m);
        let node = if m.node == NO_GEN {
            None
        } else {
            Some(&self.gens[m.node as usize])
        };
        // effects written into the move itself are computed on the state
        // before it
        if let Some(node) = node {
            match &node.kind {
                GenKind::Add {
                    to_apply: Some(e), ..
                }
                | GenKind::FromTo {
                    to_apply: Some(e), ..
                }
                | GenKind::Step {
                    to_apply: Some(e), ..
                } => self.apply_effect(e, st, ctx, ws),
                GenKind::Hop {
                    to_apply,
                    between_apply,
                    ..
                } => {
                    if let Some(e) = between_apply
                        && m.dir != 255
                    {
                        let d = Dir::ALL[m.dir as usize];
                        for &b in self.board.radial(m.from, d) {
                            if b == m.to {
                                break;
                            }
                            self.apply_effect(e, st, Ctx { between: b, ..ctx }, ws);
                        }
                    }
                    if let Some(e) = to_apply {
                        self.apply_effect(e, st, ctx, ws);
                    }
                }
                _ => {}
            }
        }
        match m.kind {
            MoveKind::Select => super::declined::declined("move Select"),
            MoveKind::Add => {
                self.put(st, m.to, m.what);
            }
            MoveKind::Place => {
                let c = self.take(st, m.from);
                if c != 0 {
                    self.put(st, m.to, c);
                }
            }
            MoveKind::Step => self.move_pieces(st, m.from, m.to, m.stack),
            MoveKind::Remove => self.remove_at(st, m.to),
            MoveKind::Pass => {}
            MoveKind::Swap => super::declined::declined("swap"),
            MoveKind::Propose => st.proposed |= 1u64 << m.what,
        }
        // a pass has no site: `(last To)` and the default pivot of
        // `(is Line ...)` are then none, as in Ludii
        st.last_from = m.from;
        st.last_to = m.to;
        // consequences, innermost first
        let mut id = if m.node == NO_GEN { None } else { Some(m.node) };
        while let Some(i) = id {
            if Some(i) == stop {
                break;
            }
            let node = &self.gens[i as usize];
            if let Some(e) = &node.then {
                self.apply_effect(e, st, ctx, ws);
            }
            id = node.parent;
        }
    }

    pub(crate) fn move_pieces(&self, st: &mut State, from: Site, to: Site, whole: bool) {
        if self.stacking {
            let n = if whole {
                st.count[from as usize] as usize
            } else {
                1
            };
            let h = st.count[from as usize] as usize;
            let base = from as usize * self.stack_cap;
            let mut moving = [0u8; 64];
            moving[..n].copy_from_slice(&st.stack[base + h - n..base + h]);
            for _ in 0..n {
                self.take(st, from);
            }
            for &c in &moving[..n] {
                self.put(st, to, c);
            }
        } else {
            let c = self.take(st, from);
            if c != 0 {
                self.put(st, to, c);
            }
        }
    }

    /// The parts of an `(and ...)` with each `(if C A B)` among them (and
    /// in nested `and`s and chosen branches) replaced by its chosen branch,
    /// C read on `st` before any part applies (`interp::effects` has the
    /// meaning).
    fn choose_branches<'e>(
        &self,
        v: &'e [Effect],
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<&'e Effect>,
    ) {
        for e in v {
            match e {
                Effect::If(c, a, b) => {
                    let pick = if self.eval_bool(c, st, ctx, ws) {
                        Some(&**a)
                    } else {
                        b.as_deref()
                    };
                    if let Some(p) = pick {
                        self.choose_branches(std::slice::from_ref(p), st, ctx, ws, out);
                    }
                }
                Effect::And(w) => self.choose_branches(w, st, ctx, ws, out),
                _ => out.push(e),
            }
        }
    }

    pub(crate) fn apply_effect(&self, e: &Effect, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        match e {
            Effect::Moves(_) => super::declined::declined("then (move ...)"),
            Effect::Mancala(_) => super::declined::declined("sow"),
            Effect::RemoveLater(_) => super::declined::declined("remove at:EndOfTurn"),
            Effect::Chess(_) => super::declined::declined("set State, set Counter"),
            Effect::Race(_) => super::declined::declined("set Pending"),
            Effect::Play(_) => super::declined::declined("trigger"),
            Effect::SetPlayerValue(..) => super::declined::declined("set Value P"),
            Effect::MoveAgain => st.move_again = true,
            Effect::AddScore(r, v) => {
                let p = self.role(*r, st) as usize;
                let v = self.eval_int(v, st, ctx, ws);
                st.scores[p] += v;
            }
            Effect::SetScore(r, v) => {
                let p = self.role(*r, st) as usize;
                let v = self.eval_int(v, st, ctx, ws);
                st.scores[p] = v;
            }
            // a single site (`(remove (to))`): no set needed
            Effect::Remove(RegionE::Site(e)) => {
                let s = self.eval_int(e, st, ctx, ws);
                if s >= 0 && (s as usize) < st.what.len() {
                    self.remove_at(st, s as Site);
                }
                ws.epoch += 1;
            }
            Effect::Remove(r) => {
                // a region of one word: its sites in the same (ascending)
                // order
                if self.fast.enabled
                    && let Some(bits) = self.region_bits(r, st)
                {
                    for s in super::bitregion::Bits(bits) {
                        self.remove_at(st, s);
                    }
                    ws.epoch += 1;
                    return;
                }
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                for s in set.iter() {
                    self.remove_at(st, s);
                }
                ws.give_set(set);
                ws.epoch += 1;
            }
            Effect::Add { piece, to, .. } => {
                let comp = self.piece_sel(piece, st, ctx, ws);
                if comp == 0 {
                    return;
                }
                // a single site (`(add ... (to (between)))`): no set needed
                if let RegionE::Site(e) = to {
                    let s = self.eval_int(e, st, ctx, ws);
                    if s >= 0 && (s as usize) < st.what.len() {
                        self.put(st, s as Site, comp);
                    }
                    ws.epoch += 1;
                    return;
                }
                // without stacks, a region that is one word: its empty
                // sites filled at once (not in the generic twin, which keeps
                // the general put)
                if self.fast.enabled
                    && !self.stacking
                    && let Some(bits) = self.region_bits(to, st)
                {
                    self.put_on_empty_bits(st, bits, comp);
                    ws.epoch += 1;
                    return;
                }
                let mut set = ws.take_set();
                self.eval_region(to, st, ctx, ws, &mut set);
                // onto an empty board site without stacks, the direct put
                // (not in the generic twin, which keeps the general one)
                let direct = self.fast.enabled && !self.stacking;
                let n = self.board.len();
                for s in set.iter() {
                    if direct && (s as usize) < n && st.what[s as usize] == 0 {
                        self.put_on_empty(st, s, comp);
                    } else {
                        self.put(st, s, comp);
                    }
                }
                ws.give_set(set);
                ws.epoch += 1;
            }
            Effect::If(c, a, b) => {
                if self.eval_bool(c, st, ctx, ws) {
                    self.apply_effect(a, st, ctx, ws);
                } else if let Some(b) = b {
                    self.apply_effect(b, st, ctx, ws);
                }
            }
            // as the reference interpreter: the conditions of an `(and
            // ...)`'s parts are read before any part applies
            Effect::And(v) => {
                if v.len() > 1
                    && v.iter()
                        .skip(1)
                        .any(|e| matches!(e, Effect::If(..) | Effect::And(_)))
                {
                    let mut chosen = Vec::new();
                    self.choose_branches(v, st, ctx, ws, &mut chosen);
                    for e in chosen {
                        self.apply_effect(e, st, ctx, ws);
                    }
                } else {
                    for e in v {
                        self.apply_effect(e, st, ctx, ws);
                    }
                }
            }
            Effect::ForEachSite(r, e) => {
                let mut set = ws.take_set();
                self.eval_region(r, st, ctx, ws, &mut set);
                for s in set.iter() {
                    self.apply_effect(e, st, Ctx { site: s, ..ctx }, ws);
                }
                ws.give_set(set);
            }
            Effect::SetNextPlayer(p) => {
                let p = self.eval_int(p, st, ctx, ws);
                if p >= 1 && p <= self.players as i32 {
                    st.next_override = p as u8;
                }
            }
            Effect::Propose(id) => st.proposed |= 1u64 << id,
            Effect::Promote(site, piece) => {
                let s = self.eval_int(site, st, ctx, ws);
                let comp = self.piece_sel(piece, st, ctx, ws);
                if s >= 0 && (s as usize) < st.what.len() && st.what[s as usize] != 0 && comp != 0 {
                    self.take(st, s as Site);
                    self.put(st, s as Site, comp);
                }
            }
        }
    }
}
