//! Playing a decision: the move's actions, its effects and consequences,
//! the end rules, the length limits, the phases and the next player (in
//! the order of `engine.md`).

use super::{Ctx, Interp, State, Workspace};
use crate::board::{Dir, Site};
use crate::engine::ir::*;
use crate::engine::{Move, MoveKind, NO_GEN, Outcome, PlayerResult};

impl Interp {
    /// Plays `m` (legal in `st`):
    /// 1. its actions and consequences ([`Interp::apply_actions`]);
    /// 2. the decision is counted; a turn that is one pass and nothing
    ///    else extends the run of passes, any other decision ends it;
    /// 3. the end rules with Mover = the player who just moved (and Prev
    ///    = the same player): the phase's, then the game's; the first that
    ///    holds decides the result;
    /// 4. without `(all Passed)` in the rules, every player passing in
    ///    turn is a draw; so is reaching the turn or decision limit;
    /// 5. the phase's `nextPhase` rules, each whose condition holds;
    /// 6. unless `(moveAgain)` was played, the turn ends: the next player
    ///    (or the one `(set NextPlayer ...)` named) moves.
    pub fn apply_with(&self, st: &mut State, m: &Move, ws: &mut Workspace) {
        let r = &self.rules;
        let mover = st.mover;
        // Ludii's next player, chosen when the last decision was applied:
        // one whom this decision's end rules rank still gets the turn
        let next = self.next_active(st, mover);
        st.move_again = false;
        st.next_override = 0;
        self.note_stalled(st, m, ws);
        // Ludii empties the pending values before a decision is applied
        st.pending.clear();
        let before = (m.kind == MoveKind::Pass && r.has_do_next).then(|| st.clone());
        // Ludii counts the decision before its consequences run: `(count
        // Moves)` in a `(then …)` includes the move being applied
        st.decisions += 1;
        // the decision's own action first (a pass has no site)
        st.note(m.from, m.to);
        self.apply_actions(st, m, None, ws);
        if let Some(before) = before {
            self.roll_after_pass(&before, st, ws);
        }
        self.clear_marked(st);

        st.prev_mover = mover;
        let ends_turn = !st.move_again;
        let single_pass = m.kind == MoveKind::Pass && st.turn_decisions == 0 && ends_turn;
        st.pass_turns = if single_pass { st.pass_turns + 1 } else { 0 };
        st.turn_decisions += 1;

        let ctx = self.move_ctx(m);
        let phase = &r.phases[st.phase[mover as usize] as usize];
        let mut decided =
            self.check_end(&phase.end, st, ctx, ws) || self.check_end(&r.end, st, ctx, ws);
        if !decided && !r.uses_all_passed && st.pass_turns >= r.players as u32 {
            st.outcome = Some(self.draw_outcome(st));
            decided = true;
        }
        if !decided
            && ((ends_turn && st.turns + 1 >= r.max_turns) || st.decisions >= r.max_decisions)
        {
            st.outcome = Some(self.draw_outcome(st));
        }
        // `(nextPhase [WHO] C "Name")`: WHO (everyone) goes to that phase.
        // `Next` there is the player after the mover, as the engine reads
        // it (Ludii would read the mover after a `(moveAgain)`): the
        // decision's next player is set aside meanwhile
        let (again, next_override) = (st.move_again, st.next_override);
        st.move_again = false;
        st.next_override = 0;
        for np in &phase.next {
            if self.bool(&np.cond, st, ctx, ws) {
                match np.who {
                    Some(who) => {
                        let p = self.role(who, st);
                        st.phase[p as usize] = np.to;
                    }
                    None => (1..=r.players).for_each(|p| st.phase[p as usize] = np.to),
                }
            }
        }
        st.move_again = again;
        st.next_override = next_override;
        // Ludii's counter (`chess.rs`) counts the decision after its end rules
        st.counter += 1;
        // Ludii keeps the sites a turn's decisions visited while the game
        // goes on: cleared when the turn ends, else the decision's two
        if st.outcome.is_none() {
            if ends_turn {
                st.visited.clear();
            } else {
                st.visited.extend(
                    [m.from, m.to]
                        .into_iter()
                        .filter(|&s| s != crate::board::NONE),
                );
            }
        }
        if ends_turn {
            st.turns += 1;
            st.turn_decisions = 0;
            st.mover = if st.next_override != 0 {
                st.next_override
            } else {
                next
            };
        }
        self.note_position(st, mover);
        if r.no_repeat_in_turn {
            if ends_turn {
                st.turn_positions.clear();
            }
            st.turn_positions.push(st.pieces.clone());
        }
        // `Next` is the player after the mover again from here on
        st.move_again = false;
        st.next_override = 0;
    }

    /// Evaluates end rules in order; the first that holds sets the result.
    fn check_end(&self, rules: &[EndRule], st: &mut State, ctx: Ctx, ws: &mut Workspace) -> bool {
        if self.rules.players > 2 {
            return self.check_end_ranked(rules, st, ctx, ws);
        }
        for rule in rules {
            if self.bool(&rule.cond, st, ctx, ws) {
                let o = self.result_of(&rule.result, st, ctx, ws);
                st.outcome = Some(o);
                return true;
            }
        }
        false
    }

    /// `(result WHO Win|Loss|Draw)`: WHO wins (the others lose); WHO loses
    /// (with two players the other wins, else the rest draw); a draw for
    /// all. `(byScore {(score P E) ...} [misere])`: each score set to E,
    /// then the highest (lowest with misère) win, the rest lose; all equal
    /// is a draw.
    pub(crate) fn result_of(
        &self,
        r: &ResultSpec,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> Outcome {
        let players = self.rules.players;
        match r {
            ResultSpec::Result(role, kind) => {
                let p = self.role(*role, st);
                match kind {
                    ResultKind::Draw => Outcome::draw(players),
                    ResultKind::Win => Outcome::win(players, p),
                    ResultKind::Loss if players == 2 => Outcome::win(players, self.next_player(p)),
                    ResultKind::Loss => {
                        let mut o = Outcome::draw(players);
                        o.results[p as usize] = PlayerResult::Loss;
                        o
                    }
                }
            }
            ResultSpec::ByScore(scores, misere) => {
                for (p, e) in scores {
                    let v = self.int(e, st, ctx, ws);
                    st.scores[*p as usize] = v;
                }
                let key = |p: u8| {
                    let s = st.scores[p as usize];
                    if *misere { -s } else { s }
                };
                let best = (1..=players).map(key).max().unwrap_or(0);
                let winners: Vec<u8> = (1..=players).filter(|&p| key(p) == best).collect();
                if winners.len() == players as usize {
                    Outcome::draw(players)
                } else if winners.len() == 1 {
                    Outcome::win(players, winners[0])
                } else {
                    let mut o = Outcome::draw(players);
                    for p in 1..=players {
                        if key(p) != best {
                            o.results[p as usize] = PlayerResult::Loss;
                        }
                    }
                    o
                }
            }
        }
    }

    /// The move's own effects (`apply:` of its `to`/`between`, computed on
    /// the state before the move), its action (add, place, carry, remove,
    /// propose), the last move's sites, then the consequences (`then`) of
    /// its node and each enclosing node, innermost first, up to but
    /// excluding node `stop` (used by `do ... ifAfterwards`).
    pub fn apply_actions(&self, st: &mut State, m: &Move, stop: Option<u32>, ws: &mut Workspace) {
        let ctx = self.move_ctx(m);
        if m.node != NO_GEN {
            // the effects of the `(do E next:M)` it came through first
            self.apply_priors(m.node, stop, st, ctx, ws);
            match &self.rules.gens[m.node as usize].kind {
                GenKind::Add {
                    to_apply: Some(e), ..
                }
                | GenKind::FromTo {
                    to_apply: Some(e), ..
                }
                | GenKind::Step {
                    to_apply: Some(e), ..
                } => self.effect(e, st, ctx, ws),
                GenKind::Leap(l) => {
                    if let Some(e) = &l.to_apply {
                        self.effect(e, st, ctx, ws);
                    }
                }
                GenKind::Capture(c) => self.capture_effect(c, m, st, ws),
                // a hop's `between` effect on each site passed over (with
                // `(between)` = that site), then its `to` effect
                GenKind::Hop {
                    to_apply,
                    between_apply,
                    ..
                } => {
                    if let Some(e) = between_apply
                        && m.dir != 255
                    {
                        let d = Dir::ALL[m.dir as usize];
                        for &b in self.rules.board.radial(m.from, d) {
                            if b == m.to {
                                break;
                            }
                            self.effect(e, st, Ctx { between: b, ..ctx }, ws);
                        }
                    }
                    if let Some(e) = to_apply {
                        self.effect(e, st, ctx, ws);
                    }
                }
                GenKind::HopRange(h) => self.hop_range_effects(h, st, m, ctx, ws),
                GenKind::SlideFull(s) => self.slide_full_effect(s, m, st, ctx, ws),
                // `(move Promote ...)`: the piece at the site replaced
                GenKind::Promote { .. } if st.pieces.what[m.to as usize] != 0 => {
                    self.take(st, m.to);
                    self.put(st, m.to, m.what);
                }
                _ => {}
            }
        }
        match m.kind {
            MoveKind::Add => self.put(st, m.to, m.what),
            // from a hand site onto the board
            MoveKind::Place => {
                let c = self.take(st, m.from);
                if c != 0 {
                    self.put(st, m.to, c);
                }
            }
            MoveKind::Step => {
                self.carry(st, m.from, m.to, m.stack, ws);
                st.note(m.from, m.to);
            }
            MoveKind::Remove => self.remove_at(st, m.to),
            MoveKind::Pass | MoveKind::Select => {}
            // the swap rule (`meta.rs`): the sides change, the mover
            // moves again
            MoveKind::Swap => {
                st.swapped = !st.swapped;
                st.next_override = st.mover;
            }
            MoveKind::Propose => st.proposed |= 1u64 << m.what,
        }
        st.last_pass = m.kind == MoveKind::Pass;
        // a pass has no site (its from and to are none): after it `(last
        // To)` is -1 and `(is Line ...)` has no pivot, as in Ludii
        st.last_from = m.from;
        st.last_to = m.to;
        let mut id = (m.node != NO_GEN).then_some(m.node);
        while let Some(i) = id {
            if Some(i) == stop {
                break;
            }
            let node = &self.rules.gens[i as usize];
            if let Some(e) = &node.then {
                self.effect(e, st, ctx, ws);
            }
            id = node.parent;
        }
    }

    /// Carries the top piece (the whole stack with `stack:True`) from
    /// `from` onto `to`, keeping its order.
    fn carry(&self, st: &mut State, from: Site, to: Site, whole: bool, ws: &mut Workspace) {
        let n = if whole && self.rules.stacking {
            st.pieces.count[from as usize] as usize
        } else {
            1
        };
        let state = self.state_of(st, from);
        let mut lifted = std::mem::take(&mut ws.lifted);
        lifted.clear();
        for _ in 0..n {
            lifted.push(self.take(st, from));
        }
        for &c in lifted.iter().rev() {
            if c != 0 {
                self.put(st, to, c);
            }
        }
        ws.lifted = lifted;
        // the piece keeps its state (games without stacks: `chess.rs`)
        if n == 1 && !self.rules.stacking {
            self.restore_state(st, to, state);
        }
    }

    /// The parts of an `(and ...)` with each `(if C A B)` among them (and
    /// in nested `and`s and chosen branches) replaced by its chosen branch,
    /// C read on `before` (the state before any part applies).
    fn choose_branches<'e>(
        &self,
        v: &'e [Effect],
        before: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<&'e Effect>,
    ) {
        for e in v {
            match e {
                Effect::If(c, a, b) => {
                    let pick = if self.bool(c, before, ctx, ws) {
                        Some(&**a)
                    } else {
                        b.as_deref()
                    };
                    if let Some(p) = pick {
                        self.choose_branches(std::slice::from_ref(p), before, ctx, ws, out);
                    }
                }
                Effect::And(w) => self.choose_branches(w, before, ctx, ws, out),
                _ => out.push(e),
            }
        }
    }

    /// Applies an effect ludeme.
    pub fn effect(&self, e: &Effect, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        match e {
            Effect::Mancala(m) => self.mancala_effect(m, st, ctx, ws),
            Effect::Race(r) => self.race_effect(r, st, ctx, ws),
            Effect::Chess(c) => self.chess_effect(c, st, ctx, ws),
            Effect::Play(p) => self.play_effect(p, st, ctx, ws),
            Effect::SetPlayerValue(p, v) => self.set_player_value(*p, v, st, ctx, ws),
            // `(moveAgain)`: the mover makes another decision in this turn
            Effect::MoveAgain => st.move_again = true,
            // `(addScore P E)`
            Effect::AddScore(r, v) => {
                let p = self.role(*r, st) as usize;
                let v = self.int(v, st, ctx, ws);
                st.scores[p] += v;
            }
            // `(set Score P E)`
            Effect::SetScore(r, v) => {
                let p = self.role(*r, st) as usize;
                let v = self.int(v, st, ctx, ws);
                st.scores[p] = v;
            }
            // `(remove R)`: the top piece off every site of R (the region
            // read before any is removed); a hand site without stacks is
            // emptied whole
            Effect::Remove(r) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                for s in set.iter() {
                    self.remove_at(st, s);
                }
                ws.give_set(set);
            }
            // `(add (piece P) (to R))`: one piece on every site of R
            Effect::Add { piece, to, .. } => {
                let comp = self.piece_sel(piece, st, ctx, ws);
                if comp == 0 {
                    return;
                }
                let mut set = ws.take_set();
                self.region(to, st, ctx, ws, &mut set);
                for s in set.iter() {
                    self.put(st, s, comp);
                }
                ws.give_set(set);
            }
            Effect::If(c, a, b) => {
                if self.bool(c, st, ctx, ws) {
                    self.effect(a, st, ctx, ws);
                } else if let Some(b) = b {
                    self.effect(b, st, ctx, ws);
                }
            }
            // Ludii's `(and A B ...)` is an `(or ...)` of moves: every part
            // is generated on the state before any of them applies, so a
            // condition after an action does not see it. The conditions
            // (through nested `and`s and `if`s) are read on that state
            // first; the chosen actions then apply in order.
            Effect::And(v) => {
                if v.len() > 1
                    && v.iter()
                        .skip(1)
                        .any(|e| matches!(e, Effect::If(..) | Effect::And(_)))
                {
                    let mut chosen = Vec::new();
                    self.choose_branches(v, st, ctx, ws, &mut chosen);
                    for e in chosen {
                        self.effect(e, st, ctx, ws);
                    }
                } else {
                    for e in v {
                        self.effect(e, st, ctx, ws);
                    }
                }
            }
            // `(forEach Site R E)`: E with `(site)` = each site of R (the
            // region read first)
            Effect::ForEachSite(r, e) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                for s in set.iter() {
                    self.effect(e, st, Ctx { site: s, ..ctx }, ws);
                }
                ws.give_set(set);
            }
            // `(set NextPlayer (player N))`: N moves after this turn
            Effect::SetNextPlayer(p) => {
                let p = self.int(p, st, ctx, ws);
                if p >= 1 && p <= self.rules.players as i32 {
                    st.next_override = p as u8;
                }
            }
            Effect::Propose(id) => st.proposed |= 1u64 << id,
            Effect::Moves(g) => self.consequence_moves(*g, st, ctx, ws),
            // `(remove R at:EndOfTurn)` (hops.rs)
            Effect::RemoveLater(r) => self.remove_later(r, st, ctx, ws),
            // `(promote S (piece P))`: the top piece at S replaced by P
            Effect::Promote(site, piece) => {
                let s = self.int(site, st, ctx, ws);
                let comp = self.piece_sel(piece, st, ctx, ws);
                if s >= 0
                    && (s as usize) < st.pieces.what.len()
                    && st.pieces.what[s as usize] != 0
                    && comp != 0
                {
                    self.take(st, s as Site);
                    self.put(st, s as Site, comp);
                }
            }
        }
    }
}
