//! A lean `apply` for the commonest decisions of movement and placement
//! games: one piece carried to an empty board site, or one piece added, by
//! a move with no effect or consequence of its own, in a phase whose end
//! rules all have a direct form ([`FastCond`]); and, in such a phase, a
//! carry whose own effect changes one cell by a table (`cells.rs`) and
//! whose consequences are at most `moveAgain` (then the turn goes on), and
//! an add whose one consequence is `moveAgain` or `(if C (moveAgain))` (as
//! setup phases have: C read after the add, as the general path reads
//! it). A phase's `nextPhase` rules are read after the end rules and the
//! length limits, before the next player, as the general path reads them
//! (right after the end rules: the limits only set the outcome, which no
//! condition reads).
//! Such conditions of the form `(OP (count Sites in:R) K)` count R's
//! one-word form when it has one in the position ([`SitesCmp`]), as
//! `eval_int` counts it.
//! The same state changes, in the same order, as the general
//! [`Game::apply_with`].
//!
//! What depends only on the phase and the mover is decided at load
//! ([`LeanTurn`]): the next player, and an only end rule on a piece count
//! with its player resolved for the mover (at the end check, `Mover` is
//! the player who just moved, so the rule reads the same counter).

use super::bitregion::WordRegion;
use super::cells::{EffectCarry, KEEP};
use super::counters::{CounterTerm, CounterTest, QUICK_CHUNK, quick_chunk_holds};
use super::eval::Ctx;
use super::fast::{FastCond, FastInfo};
use super::ir::Slot;
use super::{Game, MAX_PLAYERS, Move, MoveKind, Outcome, State, Workspace};
use crate::board::{Dir, Site};

/// What a decision on the lean path of one phase, by one mover, does at
/// the end of its turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct LeanTurn {
    /// The player after the mover.
    next: u8,
    end: LeanEnd,
}

/// The end rules of a lean phase for one mover.
#[derive(Clone, Copy, Debug, PartialEq)]
enum LeanEnd {
    /// Neither the phase nor the game has end rules, or each is `(all
    /// Passed)` (false after a decision that is no pass).
    Never,
    /// The only end rule, `(OP (count Pieces WHO) K)`, with WHO resolved:
    /// player `p`'s counter against the test's range (its term is not
    /// read); whether it is the phase's rule (else the game's).
    Pieces(u8, CounterTest, bool),
    /// Every end rule (the phase's and the game's, one or more) is false
    /// while proposal `P` is not made (its condition is `(is Proposed P)`
    /// or an `and` that starts with it): the rules as listed once it is.
    Proposed(u32),
    /// Every end rule is a counter condition: entry `i` of
    /// [`FastInfo::mover_ends`], the rules resolved for the mover.
    Counters(u32),
    /// [`LeanEnd::Counters`] whose quick pass (`MoverEnds::quick`) is one
    /// chunk, held here: while none of its tests holds, no rule does.
    CountersQuick(u32, [(u8, i32, u32); QUICK_CHUNK]),
    /// The end rules as listed.
    Rules,
    /// The end rules as listed, then the phase's `nextPhase` rules (read
    /// here, before the length limits: no condition reads the outcome
    /// they may set).
    Phased,
}

impl LeanTurn {
    /// Whether the turn's phase has `nextPhase` rules.
    pub(crate) fn phased(&self) -> bool {
        self.end == LeanEnd::Phased
    }
}

impl Game {
    /// Per phase and mover (`phase * (MAX_PLAYERS + 1) + mover`): the
    /// [`LeanTurn`] of a lean phase, None for the others; and the end rules
    /// its [`LeanEnd::Counters`] index.
    pub(crate) fn lean_turns(
        &self,
        fast: &FastInfo,
    ) -> (Vec<Option<LeanTurn>>, Vec<super::counters::MoverEnds>) {
        let mut out = Vec::new();
        let mut ends = Vec::new();
        for (i, lean) in fast.lean_phase.iter().enumerate() {
            // the only end rule, when it is the only one and no plan
            // takes the rules as a whole
            // a decision on the lean path is no pass (it ends any run of
            // passes), so an `(all Passed)` rule is false after it: with
            // no other rule, none can hold
            let passes_only = fast.phase_end_cond[i]
                .iter()
                .chain(&fast.end_cond)
                .all(|c| *c == Some(FastCond::AllPassed));
            let only = match (&fast.phase_end_cond[i][..], &fast.end_cond[..]) {
                _ if passes_only => Some(None),
                _ if fast.phase_end_plan[i].is_some() || fast.end_plan.is_some() => None,
                ([fc], []) => Some(Some((*fc, true))),
                ([], [fc]) => Some(Some((*fc, false))),
                _ => None,
            };
            let gate = self.proposal_gate(&self.phases[i].end);
            for m in 0..=MAX_PLAYERS as u8 {
                let end = match only {
                    Some(None) => LeanEnd::Never,
                    // the roles as `Game::role_of` resolves them for this
                    // mover (Prev is left to the state)
                    Some(Some((Some(FastCond::Count(t)), phase))) => match t.a {
                        CounterTerm::PiecesOf(p) => LeanEnd::Pieces(p, t, phase),
                        CounterTerm::PiecesMover => LeanEnd::Pieces(m, t, phase),
                        CounterTerm::PiecesNext => LeanEnd::Pieces(self.next_player(m), t, phase),
                        _ => LeanEnd::Rules,
                    },
                    _ => match gate {
                        Some(p) => LeanEnd::Proposed(p),
                        None => match self.mover_ends(fast, i, m).filter(|_| *lean) {
                            Some(e) => {
                                let quick = e.one_quick_chunk();
                                ends.push(e);
                                let i = ends.len() as u32 - 1;
                                match quick {
                                    Some(q) => LeanEnd::CountersQuick(i, q),
                                    None => LeanEnd::Counters(i),
                                }
                            }
                            None => LeanEnd::Rules,
                        },
                    },
                };
                // a phase with `nextPhase` rules: its end rules as listed,
                // then its phase changes
                let end = match self.phases[i].next.is_empty() {
                    true => end,
                    false => LeanEnd::Phased,
                };
                out.push(lean.then_some(LeanTurn {
                    next: self.next_player(m),
                    end,
                }));
            }
        }
        (out, ends)
    }

    /// The proposal every end rule of a phase (`phase_end`) and of the game
    /// waits for, when there is one: each rule's condition is `(is
    /// Proposed P)` or an `and` whose first part is, for one P. None when
    /// there are no rules.
    fn proposal_gate(&self, phase_end: &[super::ir::EndRule]) -> Option<u32> {
        use super::ir::BoolE;
        let gate = |r: &super::ir::EndRule| match &r.cond {
            BoolE::IsProposed(p) => Some(*p),
            BoolE::And(v) => match v.first() {
                Some(BoolE::IsProposed(p)) => Some(*p),
                _ => None,
            },
            _ => None,
        };
        let mut rules = phase_end.iter().chain(&self.end);
        let first = gate(rules.next()?)?;
        // a proposal's bit is `1 << P`
        (first < 64 && rules.all(|r| gate(r) == Some(first))).then_some(first)
    }

    /// Per phase: whether a bare carry or add played in it can take the
    /// lean path (the phase's and the game's end rules all in a direct
    /// form; its `nextPhase` rules, if any, read in full). Built with the
    /// fast-path analysis.
    pub(crate) fn lean_phases(&self, fast: &FastInfo) -> Vec<bool> {
        let direct = |v: &Vec<Option<FastCond>>| v.iter().all(Option::is_some);
        let game_end = self.end.len() == fast.end_cond.len() && direct(&fast.end_cond);
        self.phases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                game_end
                    && fast
                        .phase_end_cond
                        .get(i)
                        .is_some_and(|v| v.len() == p.end.len() && direct(v))
            })
            .collect()
    }

    /// Plays `m` through the lean path when it qualifies; false (nothing
    /// done) otherwise.
    #[inline]
    pub(crate) fn apply_lean(&self, st: &mut State, m: &Move, ws: &mut Workspace) -> bool {
        let mover = st.mover;
        let phase_index = st.phase[mover as usize] as usize;
        let Some(Some(turn)) = self
            .fast
            .lean_turn
            .get(phase_index * (MAX_PLAYERS + 1) + mover as usize)
        else {
            return false;
        };
        let bare = self.apply_bare_carry(st, m);
        // a carry with an effect-carry form, whole and out of line
        if !bare && let Some(ec) = self.effect_carry_form(m) {
            self.apply_lean_effect_carry(st, m, ws, turn, ec);
            return true;
        }
        if !(bare || self.apply_bare_add(st, m) || self.apply_bare_move(st, m)) {
            return matches!(m.kind, MoveKind::Add | MoveKind::Place)
                && self.apply_lean_consequent(st, m, ws, turn);
        }
        self.lean_bookkeeping(st, m, ws, (mover, phase_index), false, turn);
        true
    }

    /// The [`EffectCarry`] form of `m`'s node when `m` carries a piece
    /// between board sites (a step or a hop): the moves
    /// [`Game::apply_effect_carry`] plays. Such a node has an own effect or
    /// a `moveAgain` consequence, so it is no bare carry
    /// ([`FastInfo::bare_carry`]: neither) and `m` no add: the other forms
    /// of the lean path decline `m`, whichever is tried first.
    #[inline(always)]
    pub(crate) fn effect_carry_form(&self, m: &Move) -> Option<EffectCarry> {
        if m.kind != MoveKind::Step {
            return None;
        }
        let ec = (*self.fast.effect_carry.get(m.node as usize)?)?;
        let n = self.board.len();
        ((m.from as usize) < n && (m.to as usize) < n).then_some(ec)
    }

    /// The [`LeanTurn`] of `st`'s phase and mover when `m`'s node is one of
    /// [`FastInfo::effect_first`] (an [`EffectCarry`] form, no bare carry
    /// nor add) and that phase is lean; None otherwise. For such a move,
    /// [`Game::apply_lean`] reads the same turn, finds its bare carry
    /// closed (it asks for a bare-carry node) and plays the move's
    /// [`Game::effect_carry_form`] when it has one: so may
    /// [`Game::apply_with`], before the rest of the lean path, which, for a
    /// move without that form, goes the same way again.
    #[inline(always)]
    pub(crate) fn effect_carry_turn(&self, st: &State, m: &Move) -> Option<&LeanTurn> {
        if !self.fast.effect_first.get(m.node as usize).copied()? {
            return None;
        }
        let mover = st.mover as usize;
        let phase_index = st.phase[mover] as usize;
        self.fast
            .lean_turn
            .get(phase_index * (MAX_PLAYERS + 1) + mover)?
            .as_ref()
    }

    /// Per generator node: whether it is one of [`FastInfo::effect_first`]:
    /// it has an [`EffectCarry`] form and is neither a bare carry nor a
    /// bare add. Empty when no node is.
    pub(crate) fn effect_first_nodes(&self, fast: &FastInfo) -> Vec<bool> {
        let flag = |v: &[bool], id: usize| v.get(id).copied().unwrap_or(false);
        let nodes: Vec<bool> = (0..self.gens.len())
            .map(|id| {
                matches!(fast.effect_carry.get(id), Some(Some(_)))
                    && !flag(&fast.bare_carry, id)
                    && !flag(&fast.bare_add, id)
            })
            .collect();
        match nodes.contains(&true) {
            true => nodes,
            false => Vec::new(),
        }
    }

    /// [`Game::apply_lean`] of an add of [`Game::add_agains`] or a
    /// placement of [`Game::place_removes`] (in a lean phase); false
    /// (nothing done) for any other move. One call out of line for both
    /// (the setup phases' moves), which leaves the others' path as small
    /// as it was.
    #[inline(never)]
    fn apply_lean_consequent(
        &self,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
        turn: &LeanTurn,
    ) -> bool {
        match m.kind {
            MoveKind::Add => self.apply_lean_add_again(st, m, ws, turn),
            _ => self.apply_lean_place_remove(st, m, ws, turn),
        }
    }

    /// [`Game::apply_lean`] of a move of [`Game::effect_carry_form`] `ec`
    /// (in a lean phase): its actions, then the bookkeeping.
    #[inline(never)]
    pub(crate) fn apply_lean_effect_carry(
        &self,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
        turn: &LeanTurn,
        ec: EffectCarry,
    ) {
        let again = self.apply_effect_carry(st, m, ec);
        let mover = st.mover;
        let phase_index = st.phase[mover as usize] as usize;
        self.lean_bookkeeping(st, m, ws, (mover, phase_index), again, turn);
    }

    /// Per generator node: an `Add` leaf with no effect of its own whose
    /// consequences (on it and the nodes above it) are one, `moveAgain` or
    /// `(if C (moveAgain))` without an else branch: the node that holds
    /// it, and C's count form when it has one.
    pub(crate) fn add_agains(&self) -> Vec<Option<(u32, Option<SitesCmp>)>> {
        (0..self.gens.len() as u32)
            .map(|id| {
                if !matches!(
                    &self.gens[id as usize].kind,
                    super::ir::GenKind::Add { to_apply: None, .. }
                ) {
                    return None;
                }
                let mut found = None;
                let mut up = Some(id);
                while let Some(i) = up {
                    let node = &self.gens[i as usize];
                    if let Some(e) = &node.then {
                        if found.is_some() || !again_effect(e) {
                            return None;
                        }
                        found = Some(i);
                    }
                    up = node.parent;
                }
                let k = found?;
                Some(match &self.gens[k as usize].then {
                    Some(super::ir::Effect::If(c, _, _)) => (k, SitesCmp::of(self, c)),
                    _ => (k, None),
                })
            })
            .collect()
    }

    /// Per generator node: a from-to leaf whose own effect is `(remove
    /// R)` of a region R that is not one site, with no consequence on it
    /// or any enclosing node: R.
    pub(crate) fn place_removes(&self) -> Vec<Option<(super::ir::RegionE, WordRegion)>> {
        use super::ir::{Effect, GenKind, RegionE};
        (0..self.gens.len() as u32)
            .map(|id| match &self.gens[id as usize].kind {
                GenKind::FromTo {
                    to_apply: Some(Effect::Remove(r)),
                    ..
                } if !matches!(r, RegionE::Site(_)) && self.no_consequence_up(id) => {
                    Some((r.clone(), self.word_region(r)))
                }
                _ => None,
            })
            .collect()
    }

    /// [`Game::apply_lean`] of a placement (a carry from a site, a hand's
    /// as a rule) onto a board site, without stacks, by a node of
    /// [`Game::place_removes`] whose region R has a one-word form in `st`
    /// (in a lean phase), as `apply_actions` makes it: first the move's
    /// own effect, read on the state before the move (R's sites emptied,
    /// each as `take` empties it), then the carry (`take` from the origin,
    /// then `put` onto the target, replacing what stands there, when a
    /// piece was taken), and the last move's sites; no consequence, so
    /// the turn ends. False (nothing done) for any other move.
    #[inline]
    fn apply_lean_place_remove(
        &self,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
        turn: &LeanTurn,
    ) -> bool {
        let Some(Some((r, word))) = self.fast.place_remove.get(m.node as usize) else {
            return false;
        };
        let n = self.board.len();
        if self.stacking || m.kind != MoveKind::Place || m.to as usize >= n {
            return false;
        }
        let Some(bits) = self.word_bits(*word, r, st) else {
            return false;
        };
        // the effect's epoch (the general path's before and after the
        // actions: the bookkeeping's)
        ws.epoch += 1;
        // the piece leaves its hand site (off the board) first: the region's
        // removals and the put touch board sites only, so the order of the
        // three changes nothing
        let c = self.take(st, m.from);
        match self.flat_board(st) {
            Some(mut fb) => {
                for s in super::bitregion::Bits(bits) {
                    fb.take(s as usize);
                }
                if c != 0 {
                    fb.put(m.to as usize, c);
                }
                st.hash = fb.finish();
            }
            None => {
                for s in super::bitregion::Bits(bits) {
                    self.take(st, s as Site);
                }
                if c != 0 {
                    self.put(st, m.to, c);
                }
            }
        }
        st.last_from = m.from;
        st.last_to = m.to;
        let mover = st.mover;
        let phase_index = st.phase[mover as usize] as usize;
        self.lean_bookkeeping(st, m, ws, (mover, phase_index), false, turn);
        true
    }

    /// Per phase: its `nextPhase` rules as the lean path reads them
    /// ([`PhaseNext`]).
    pub(crate) fn next_sites(&self) -> Vec<PhaseNext> {
        self.phases
            .iter()
            .map(|p| PhaseNext {
                no_ends: p.end.is_empty() && self.end.is_empty(),
                conds: p
                    .next
                    .iter()
                    .map(|np| match &np.cond {
                        super::ir::BoolE::Const(true) => NextCond::Always,
                        c => match SitesCmp::of(self, c) {
                            Some(sc) => NextCond::Sites(sc),
                            None => NextCond::Full,
                        },
                    })
                    .collect(),
            })
            .collect()
    }

    /// Whether `c` holds after the move `m`: by its count form `sc` when R
    /// has a one-word form in `st`, else evaluated in full (with the
    /// move's context, made only then).
    #[inline]
    fn lean_cond(
        &self,
        sc: Option<&SitesCmp>,
        c: &super::ir::BoolE,
        st: &State,
        m: &Move,
        ws: &mut Workspace,
    ) -> bool {
        if let Some(sc) = sc
            && let Some(bits) = self.word_bits(sc.word, &sc.region, st)
        {
            return super::eval::cmp(sc.op, bits.count_ones() as i32, sc.k);
        }
        self.eval_bool(c, st, self.move_ctx(m), ws)
    }

    /// [`Game::apply_lean`] of an add of [`Game::add_agains`] onto an empty
    /// board site, without stacks (in a lean phase): the add as
    /// [`Game::apply_bare_add`] makes it, then its consequence (whether the
    /// turn goes on: `C` read on the state after the add, with the move's
    /// context, as `apply_actions` reads it); false (nothing done) for any
    /// other move.
    #[inline]
    fn apply_lean_add_again(
        &self,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
        turn: &LeanTurn,
    ) -> bool {
        let Some(Some((k, sc))) = self.fast.add_again.get(m.node as usize) else {
            return false;
        };
        if !self.adds_onto_empty(st, m) {
            return false;
        }
        // the general path's epoch before the actions
        ws.epoch += 1;
        self.put_added(st, m);
        // the consequence reads `(count Moves)` with this decision counted
        // (as the general path does); the bookkeeping counts it for good
        st.decisions += 1;
        let again = match &self.gens[*k as usize].then {
            Some(super::ir::Effect::If(c, _, None)) => self.lean_cond(sc.as_ref(), c, st, m, ws),
            _ => true,
        };
        st.decisions -= 1;
        let mover = st.mover;
        let phase_index = st.phase[mover as usize] as usize;
        self.lean_bookkeeping(st, m, ws, (mover, phase_index), again, turn);
        true
    }

    /// [`LeanEnd::Phased`]: the end rules of phase `phase_index` as listed
    /// (whether one decided the game), then its `nextPhase` rules.
    #[inline(never)]
    fn lean_phased_end(
        &self,
        phase_index: usize,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
    ) -> bool {
        // no end rules: none decides
        let decided = !self.fast.next_sites[phase_index].no_ends
            && self.lean_end_rules(phase_index, st, m, ws);
        self.lean_phase_changes(phase_index, st, m, ws);
        decided
    }

    /// The `nextPhase` rules of phase `phase_index` after `m`, as the
    /// general apply reads them (Mover: who moved).
    #[inline(always)]
    fn lean_phase_changes(&self, phase_index: usize, st: &mut State, m: &Move, ws: &mut Workspace) {
        let conds = &self.fast.next_sites[phase_index].conds;
        for (np, nc) in self.phases[phase_index].next.iter().zip(conds) {
            let holds = match nc {
                NextCond::Always => true,
                NextCond::Sites(sc) => self.lean_cond(Some(sc), &np.cond, st, m, ws),
                NextCond::Full => self.lean_cond(None, &np.cond, st, m, ws),
            };
            if holds {
                match np.who {
                    Some(r) => {
                        let p = self.role(r, st);
                        st.phase[p as usize] = np.to;
                    }
                    None => (1..=self.players).for_each(|p| st.phase[p as usize] = np.to),
                }
            }
        }
    }

    /// What the general apply does after the actions of a carry or an add
    /// in a lean phase: the counts, the end rules, the limits, the next
    /// player unless the turn goes on (`again`: a consequence was
    /// `moveAgain`), and the turn's positions.
    #[inline(always)]
    fn lean_bookkeeping(
        &self,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
        (mover, phase_index): (u8, usize),
        again: bool,
        turn: &LeanTurn,
    ) {
        st.move_again = false;
        st.next_override = 0;
        ws.epoch += 2;
        // the bookkeeping of a decision that ends the turn and is no pass
        st.decisions += 1;
        st.prev_mover = mover;
        st.pass_turns = 0;
        // the end rules: the phase's, then the game's (Mover = who moved)
        let mut decided = false;
        if again && let Some(ea) = &self.end_again {
            // `Next` is the mover now (`Game::end_again`)
            decided = self.decide_ends_after_again(ea, phase_index, st, self.move_ctx(m), ws);
            if matches!(turn.end, LeanEnd::Phased) {
                self.lean_phase_changes(phase_index, st, m, ws);
            }
        } else {
            match turn.end {
                LeanEnd::Never => {}
                LeanEnd::Pieces(p, t, phase_rule) => {
                    if t.accepts(st.pieces[p as usize] as i32) {
                        let r = if phase_rule {
                            &self.phases[phase_index].end[0]
                        } else {
                            &self.end[0]
                        };
                        st.outcome = Some(self.result_of(&r.result, st, self.move_ctx(m), ws));
                        decided = true;
                    }
                }
                LeanEnd::Proposed(p) => {
                    if st.proposed & (1u64 << p) != 0 {
                        decided = self.lean_end_rules(phase_index, st, m, ws);
                    }
                }
                LeanEnd::Counters(i) => {
                    decided = self.decide_mover_ends(
                        &self.fast.mover_ends[i as usize],
                        phase_index,
                        st,
                        m,
                        ws,
                    )
                }
                LeanEnd::CountersQuick(i, q) => {
                    if quick_chunk_holds(&q, &st.comp_count) {
                        decided = self.decide_mover_guards(
                            &self.fast.mover_ends[i as usize],
                            phase_index,
                            st,
                            m,
                            ws,
                        );
                    }
                }
                LeanEnd::Rules => decided = self.lean_end_rules(phase_index, st, m, ws),
                LeanEnd::Phased => decided = self.lean_phased_end(phase_index, st, m, ws),
            }
        }
        // the turn goes on: no turn change, the position joins the turn's
        if again {
            st.turn_decisions += 1;
            if !decided && st.decisions >= self.max_decisions {
                st.outcome = Some(Outcome::draw(self.players));
            }
            if self.no_repeat_in_turn {
                self.record_turn_position(st);
            }
            return;
        }
        // a carry or an add is no pass: the run of passes is over, so not
        // all passed
        if !decided && (st.turns + 1 >= self.max_turns || st.decisions >= self.max_decisions) {
            st.outcome = Some(Outcome::draw(self.players));
        }
        // the next player
        st.turns += 1;
        st.turn_decisions = 0;
        st.mover = turn.next;
        if self.no_repeat_in_turn {
            self.restart_turn_positions(st);
        }
    }

    /// The end rules of a lean phase as listed (the phase's, then the
    /// game's; Mover = who moved): whether one decided the game.
    #[inline(always)]
    fn lean_end_rules(
        &self,
        phase_index: usize,
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
    ) -> bool {
        let phase = &self.phases[phase_index];
        if self.fast.phase_end_plan[phase_index].is_some() || self.fast.end_plan.is_some() {
            self.decide_ends_planned(phase_index, st, || self.move_ctx(m), ws)
        } else {
            self.lean_end_list(
                &phase.end,
                &self.fast.phase_end_cond[phase_index],
                st,
                m,
                ws,
            ) || self.lean_end_list(&self.end, &self.fast.end_cond, st, m, ws)
        }
    }

    /// The end rules `rules` (direct forms `conds`) after the lean apply of
    /// `m`: the first that holds gives the outcome. True when one did.
    #[inline(always)]
    fn lean_end_list(
        &self,
        rules: &[super::ir::EndRule],
        conds: &[Option<FastCond>],
        st: &mut State,
        m: &Move,
        ws: &mut Workspace,
    ) -> bool {
        for (r, fc) in rules.iter().zip(conds) {
            let holds = match *fc {
                Some(FastCond::Count(t)) => self.counter_test(&t, st),
                Some(FastCond::Proposed(id)) => st.proposed & (1u64 << id) != 0,
                // the whole condition, which may read the move, once its
                // proposal is made
                Some(FastCond::ProposedAnd(id)) => {
                    st.proposed & (1u64 << id) != 0
                        && self.eval_bool(&r.cond, st, self.move_ctx(m), ws)
                }
                // the other direct conditions read nothing of the move
                fc => self.holds(fc, &r.cond, st, Ctx::default(), ws),
            };
            if holds {
                let ctx = self.move_ctx(m);
                st.outcome = Some(self.result_of(&r.result, st, ctx, ws));
                return true;
            }
        }
        false
    }

    /// Applies the actions of `m`, of [`Game::effect_carry_form`] `ec`, as
    /// `apply_actions`: its own effect (each cell's change from its
    /// table, read on the state before the move), the carry (`take`, then
    /// `put` if a piece was taken), and the last move's sites; the
    /// consequences are at most `moveAgain`. Whether the turn goes on.
    /// In line in its one caller,
    /// [`Game::apply_lean_effect_carry`] (out of line): no second call's
    /// register saves per decision.
    #[inline(always)]
    fn apply_effect_carry(&self, st: &mut State, m: &Move, ec: EffectCarry) -> bool {
        let mover = st.mover;
        match self.flat_board(st) {
            Some(mut fb) => {
                self.effect_carry_flat(&mut fb, ec, mover, m);
                st.hash = fb.finish();
            }
            None => self.effect_carry_stacks(st, ec, mover, m),
        }
        st.last_from = m.from;
        st.last_to = m.to;
        ec.again
    }

    /// The own effect of `m` (of [`EffectCarry`] `ec`, played by `mover`)
    /// and its carry in a game without stacks, on its [`FlatBoard`] (`m`'s
    /// sites on the board).
    #[inline(always)]
    fn effect_carry_flat(&self, fb: &mut super::FlatBoard, ec: EffectCarry, mover: u8, m: &Move) {
        let n = fb.len();
        let (f, t) = (m.from as usize, m.to as usize);
        if let Some(i) = ec.effect {
            let cell = &self.fast.cell_effects[i as usize];
            if !ec.between {
                let s = if cell.slot == Slot::From { f } else { t };
                if s < n {
                    let new = cell.at(mover, s as Site, fb.what[s]);
                    Self::change_flat(fb, s, new);
                }
            } else if m.dir != 255 {
                // the sites between, nearest first, as the radial lists
                // them: the walk along the step table (`board_props`)
                let d = Dir::ALL[m.dir as usize];
                let mut at = m.from;
                while let Some(b) = self.board.step(at, d) {
                    if b == m.to {
                        break;
                    }
                    let bu = b as usize;
                    if bu < n {
                        let new = cell.at(mover, b, fb.what[bu]);
                        Self::change_flat(fb, bu, new);
                    }
                    at = b;
                }
            }
        }
        if f >= n || t >= n {
            return;
        }
        if f != t {
            fb.carry(f, t);
        } else {
            let c = fb.take(f);
            if c != 0 {
                fb.put(t, c);
            }
        }
    }

    /// The own effect of `m` and its carry in a game with stacks, as
    /// `apply_actions` makes them.
    #[inline(never)]
    fn effect_carry_stacks(&self, st: &mut State, ec: EffectCarry, mover: u8, m: &Move) {
        if let Some(i) = ec.effect {
            let cell = &self.fast.cell_effects[i as usize];
            let change = |st: &mut State, s: Site| {
                let new = cell.at(mover, s, st.what[s as usize]);
                match new {
                    KEEP => {}
                    0 => {
                        self.take(st, s);
                    }
                    c => self.put(st, s, c),
                }
            };
            if !ec.between {
                change(
                    st,
                    if cell.slot == Slot::From {
                        m.from
                    } else {
                        m.to
                    },
                );
            } else if m.dir != 255 {
                let d = Dir::ALL[m.dir as usize];
                let mut at = m.from;
                while let Some(b) = self.board.step(at, d) {
                    if b == m.to {
                        break;
                    }
                    change(st, b);
                    at = b;
                }
            }
        }
        let c = self.take(st, m.from);
        if c != 0 {
            self.put(st, m.to, c);
        }
    }

    /// Sets the top of board site `s` (below the board's size) to `new`
    /// from a [`CellEffect`] table: unchanged ([`KEEP`]), emptied (`take`),
    /// or `new` put there, replacing what stood there (as an add, or a
    /// promotion's `take` and `put`, leave it).
    #[inline(always)]
    fn change_flat(fb: &mut super::FlatBoard, s: usize, new: u8) {
        match new {
            KEEP => {}
            0 => {
                fb.take(s);
            }
            c => fb.put(s, c),
        }
    }

    /// Applies the actions of `m` when its node is a bare carry (no effect
    /// nor consequence) that [`Game::apply_bare_carry`] does not take: a
    /// placement from a hand site, or a step in a game with stacks (a whole
    /// stack or its top piece), as `apply_actions` does them (`take` then
    /// `put`, or `move_pieces`, whose pieces move in one go when they fit:
    /// [`Game::carry_stack`]), and the last move's sites; false (nothing
    /// done) otherwise.
    #[inline]
    fn apply_bare_move(&self, st: &mut State, m: &Move) -> bool {
        if !matches!(m.kind, MoveKind::Place | MoveKind::Step) || !self.is_bare_carry(m.node) {
            return false;
        }
        if m.kind == MoveKind::Place {
            if !self.place_from_hand(st, m.from, m.to) {
                let c = self.take(st, m.from);
                let to = m.to as usize;
                if c != 0 {
                    // onto a board site without stacks: `put` as `FlatBoard::put`
                    match self.flat_board(st).filter(|fb| to < fb.len()) {
                        Some(mut fb) => {
                            fb.put(to, c);
                            st.hash = fb.finish();
                        }
                        None => self.put(st, m.to, c),
                    }
                }
            }
        } else {
            // `move_pieces` in one go when it can
            let n = match m.stack {
                true => st.count.get(m.from as usize).map_or(0, |&h| h as usize),
                false => 1,
            };
            if !self.carry_stack(st, m.from, m.to, n) {
                self.move_pieces(st, m.from, m.to, m.stack);
            }
        }
        st.last_from = m.from;
        st.last_to = m.to;
        true
    }

    /// In a game with stacks, the top piece of hand site `f` put on top of
    /// board site `t` when the hand holds one and `t`'s stack has room:
    /// the changes of [`Game::take`] from `f` and then [`Game::put`] onto
    /// `t` in one pass (the hand's count one less, its key out at the old
    /// count and in at the new one; the piece on top of `t`, its key in at
    /// its level; the occupied sets from `t`'s new top; the piece counts
    /// unchanged, as a take and a put of one piece leave them). False
    /// (nothing done) otherwise.
    #[inline(always)]
    fn place_from_hand(&self, st: &mut State, f: Site, t: Site) -> bool {
        let (fu, tu) = (f as usize, t as usize);
        let cap = self.stack_cap;
        if !self.stacking || fu < self.board.len() || tu >= self.board.len() {
            return false;
        }
        let (Some(&comp), Some(&c), Some(&h)) =
            (st.what.get(fu), st.count.get(fu), st.count.get(tu))
        else {
            return false;
        };
        let (c, h) = (c as usize, h as usize);
        if comp == 0 || c == 0 || h >= cap {
            return false;
        }
        st.hash ^= self.hand_take_key(fu, comp, c) ^ self.board_key(tu, comp, h);
        if c == 1 {
            st.what[fu] = 0;
        }
        st.count[fu] = (c - 1) as u16;
        self.set_top_owner(st, tu, st.what[tu], comp);
        st.stack[tu * cap + h] = comp;
        st.count[tu] = (h + 1) as u16;
        self.set_tall(st, tu, h + 1);
        st.what[tu] = comp;
        true
    }

    /// Applies the actions of `m` when it is a `bare_add` move onto an
    /// empty board site, without stacks: the generic `put`, and the last
    /// move's sites; false (nothing done) otherwise.
    #[inline]
    fn apply_bare_add(&self, st: &mut State, m: &Move) -> bool {
        if m.kind != MoveKind::Add
            || !self
                .fast
                .bare_add
                .get(m.node as usize)
                .copied()
                .unwrap_or(false)
            || !self.adds_onto_empty(st, m)
        {
            return false;
        }
        self.put_added(st, m);
        true
    }

    /// Whether `m` is an add onto an empty board site in a game without
    /// stacks (the moves the lean adds apply).
    #[inline(always)]
    fn adds_onto_empty(&self, st: &State, m: &Move) -> bool {
        m.kind == MoveKind::Add
            && !self.stacking
            && (m.to as usize) < self.board.len()
            && st.what[m.to as usize] == 0
    }

    /// The actions of such an add: the piece put on its site (one of a
    /// kind onto an empty site directly), and the last move's sites.
    #[inline(always)]
    fn put_added(&self, st: &mut State, m: &Move) {
        if m.what != 0 {
            self.put_on_empty(st, m.to, m.what);
        } else {
            self.put(st, m.to, m.what);
        }
        st.last_from = m.from;
        st.last_to = m.to;
    }
}

/// The `nextPhase` rules of a phase as the lean path reads them, decided
/// at load.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct PhaseNext {
    /// Neither the phase nor the game has end rules: none can decide the
    /// game (the end rules' lists are not read).
    no_ends: bool,
    /// Per `nextPhase` rule: its condition's form.
    conds: Vec<NextCond>,
}

/// The condition of a `nextPhase` rule.
#[derive(Clone, Debug, PartialEq)]
enum NextCond {
    /// None given (`true`): the rule always applies.
    Always,
    /// A count form ([`SitesCmp`]), read by [`Game::lean_cond`].
    Sites(SitesCmp),
    /// Any other condition, evaluated in full (with the move's context).
    Full,
}

/// `(OP (count Sites in:R) K)` or `(OP K (count Sites in:R))`: R, and
/// the comparison with the count first.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SitesCmp {
    region: super::ir::RegionE,
    /// R's form for [`Game::word_bits`].
    word: WordRegion,
    op: super::ir::CmpOp,
    k: i32,
}

impl SitesCmp {
    fn of(game: &Game, b: &super::ir::BoolE) -> Option<SitesCmp> {
        use super::ir::{BoolE, IntE};
        let BoolE::Cmp(op, a, b) = b else {
            return None;
        };
        let (op, r, k) = match (&**a, &**b) {
            (IntE::CountSites(r), IntE::Const(k)) => (*op, r, *k),
            (IntE::Const(k), IntE::CountSites(r)) => (op.swapped(), r, *k),
            _ => return None,
        };
        Some(SitesCmp {
            region: (**r).clone(),
            word: game.word_region(r),
            op,
            k,
        })
    }
}

/// Whether `e` is `moveAgain` or `(if C (moveAgain))` without an else
/// branch.
fn again_effect(e: &super::ir::Effect) -> bool {
    use super::ir::Effect;
    match e {
        Effect::MoveAgain => true,
        Effect::If(_, a, None) => matches!(**a, Effect::MoveAgain),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, State};
    use rand::{Rng, SeedableRng};

    /// The occupied sets recomputed from the board: per owner, the board
    /// sites whose top piece is theirs.
    fn occupied(g: &Game, st: &State) -> [u64; crate::engine::MAX_PLAYERS + 1] {
        let mut occ = [0; crate::engine::MAX_PLAYERS + 1];
        if g.board.len() > 64 {
            return occ;
        }
        for s in 0..g.board.len() {
            if st.what[s] != 0 {
                occ[g.owner(st.what[s]) as usize] |= 1u64 << s;
            }
        }
        occ
    }

    /// The board sites two or more high in a game with stacks (none in the
    /// others), from the board.
    fn tall(g: &Game, st: &State) -> u64 {
        if g.board.len() > 64 || !g.stacking {
            return 0;
        }
        (0..g.board.len())
            .filter(|&s| st.count[s] >= 2)
            .fold(0, |m, s| m | 1u64 << s)
    }

    /// Along random games (stacks built and taken apart, pieces entered,
    /// carried and removed), the sets kept in the state (the occupied
    /// sites per owner, the tall stacks) are the sets of the board after
    /// every decision.
    #[test]
    fn occupied_sets_follow_every_piece_change() {
        let stacks = r#"(game "T" (players 2)
            (equipment {
                (board (square 4))
                (piece "Disc" Each
                    (or
                        (move Step Orthogonal (to if:(is Occupied (to))) stack:True)
                        (move Step Diagonal (to if:(not (is Friend (who at:(to))))))
                    )
                )
            })
            (rules
                (start { (place "Disc1" (sites {0 1 2 3 5})) (place "Disc2" (sites {10 12 13 14 15})) })
                (play (forEach Piece))
            )
        )"#;
        let mut games = vec![crate::compile_str("t.lud", stacks, &Default::default()).unwrap()];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        for f in ["atidada", "abande", "abrana", "abrobad", "icebreaker"] {
            let path = dir.join(format!("{f}.lud"));
            games.push(crate::compile_file(&path, &Default::default()).unwrap());
        }
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for g in &games {
            let mut ws = g.new_workspace();
            let mut legal = Vec::new();
            for _ in 0..5 {
                let mut st = g.initial_state();
                for _ in 0..400 {
                    assert_eq!(st.occ, occupied(g, &st), "{}", g.name);
                    assert_eq!(st.tall, tall(g, &st), "{}", g.name);
                    g.legal_moves_into(&st, &mut ws, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.random_range(0..legal.len())];
                    g.apply_with(&mut st, &m, &mut ws);
                }
            }
        }
    }
}
