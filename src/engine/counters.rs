//! Conditions that read only the state's counters (pieces per owner, per
//! component, decisions, turns), compiled once at load into a small tree
//! evaluated without the general `eval_bool`/`eval_int` dispatch: end rules
//! such as `(if (or (>= (count Pieces P1 "Marker") 6) …) …)` or
//! `(= 0 (count Pieces Next "Pawn"))` are decided after every decision.
//!
//! A list of end rules whose conditions all have a direct form is also
//! planned as a whole ([`EndStep`]): `(if C {(if A R1) (if B R2)} R3)`
//! flattens into rules `(and C A)`, `(and C B)` and `C`, and the plan
//! decides the shared first conjunct `C` once for the run of rules that
//! start with it. Exact because direct conditions read only the state,
//! which deciding the end rules does not change until one of them holds.

use super::eval::{Ctx, cmp};
use super::fast::FastCond;
use super::ir::*;
use super::{Game, MAX_PLAYERS, State, Workspace};

/// One end rule of a planned list: its condition is `guard` and then
/// `rest` (when there is more), both direct forms that read only the
/// state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EndStep {
    pub(crate) guard: FastCond,
    pub(crate) rest: Option<FastCond>,
    /// The guard is the previous rule's guard: its value is known.
    pub(crate) same_guard: bool,
}

/// The first conjunct of an end rule's condition and the others (none
/// when the condition is not an `and` of two or more).
pub(crate) fn split_guard(b: &BoolE) -> (&BoolE, Option<BoolE>) {
    match b {
        BoolE::And(v) if v.len() > 2 => (&v[0], Some(BoolE::And(v[1..].to_vec()))),
        BoolE::And(v) if v.len() == 2 => (&v[0], Some(v[1].clone())),
        b => (b, None),
    }
}

/// A condition over counters; same value as the `BoolE` it comes from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CounterCond {
    Const(bool),
    Cmp(CmpOp, CounterTerm, CounterTerm),
    Not(Box<CounterCond>),
    And(Vec<CounterCond>),
    Or(Vec<CounterCond>),
}

/// An integer read from the state's counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum CounterTerm {
    Const(i32),
    /// One component's counter: `IntE::CountComps` of a fixed player
    /// owning one of the components named.
    Comp(u8),
    /// `IntE::CountComps`: per player, the named components as a bit set
    /// (components numbered below 64) whose counters are summed.
    Comps(Role, [u64; MAX_PLAYERS + 1]),
    /// `(count Pieces WHO)` without a region or piece names, WHO one
    /// player: the per-owner counter.
    Pieces(Role),
    /// `(count Moves)`
    Moves,
    /// `(count Turns)`
    Turns,
}

impl CounterCond {
    /// The counter form of `b`, when every part of it reads only counters.
    pub(crate) fn of(b: &BoolE) -> Option<CounterCond> {
        Some(match b {
            BoolE::Const(v) => CounterCond::Const(*v),
            BoolE::Cmp(op, a, c) => CounterCond::Cmp(*op, CounterTerm::of(a)?, CounterTerm::of(c)?),
            BoolE::Not(a) => CounterCond::Not(Box::new(CounterCond::of(a)?)),
            BoolE::And(v) => {
                CounterCond::And(v.iter().map(CounterCond::of).collect::<Option<_>>()?)
            }
            BoolE::Or(v) => CounterCond::Or(v.iter().map(CounterCond::of).collect::<Option<_>>()?),
            _ => return None,
        })
    }
}

impl CounterTerm {
    fn of(e: &IntE) -> Option<CounterTerm> {
        Some(match e {
            IntE::Const(k) => CounterTerm::Const(*k),
            IntE::CountComps { who, by_player } => {
                let mut masks = [0u64; MAX_PLAYERS + 1];
                for (p, cs) in by_player.iter().enumerate() {
                    for &c in cs {
                        if p > MAX_PLAYERS || c >= 64 {
                            return None;
                        }
                        masks[p] |= 1u64 << c;
                    }
                }
                match *who {
                    Role::Player(p)
                        if masks.get(p as usize).is_some_and(|m| m.count_ones() == 1) =>
                    {
                        CounterTerm::Comp(masks[p as usize].trailing_zeros() as u8)
                    }
                    _ => CounterTerm::Comps(*who, masks),
                }
            }
            // as `eval_int`: one player's counter (All and Enemy sum or
            // filter several owners, and stay general)
            IntE::CountPieces {
                who: who @ (Role::Player(_) | Role::Mover | Role::Next | Role::Prev),
                region: None,
                comps: None,
            } => CounterTerm::Pieces(*who),
            IntE::CountMoves => CounterTerm::Moves,
            IntE::CountTurns => CounterTerm::Turns,
            _ => return None,
        })
    }
}

impl Game {
    /// Decides the end rules `rules` by their plan `plan` (one step per
    /// rule): the first rule whose guard and rest hold gives the outcome,
    /// as checking each rule's whole condition in order does. True when
    /// one did.
    /// `ctx`: the move's context, for the result only (the direct forms
    /// read nothing of the move).
    #[inline]
    pub(crate) fn decide_end(
        &self,
        plan: &[EndStep],
        rules: &[EndRule],
        st: &mut State,
        ctx: &impl Fn() -> Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let mut guard = false;
        let none = Ctx::default();
        for (step, r) in plan.iter().zip(rules) {
            if !step.same_guard {
                guard = self.holds_inline(Some(step.guard), &r.cond, st, none, ws);
            }
            if guard
                && step
                    .rest
                    .is_none_or(|c| self.holds_inline(Some(c), &r.cond, st, none, ws))
            {
                st.outcome = Some(self.result_of(&r.result, st, ctx(), ws));
                return true;
            }
        }
        false
    }

    /// The end rules of phase `phase_index` and of the game when either
    /// list has a plan and the other's rules all have direct forms: the
    /// phase's, then the game's, each by its plan or by its rules' direct
    /// forms. `ctx`: the move's context. True when one decided.
    #[inline(never)]
    pub(crate) fn decide_ends_planned(
        &self,
        phase_index: usize,
        st: &mut State,
        ctx: impl Fn() -> Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let lists = [
            (
                &self.phases[phase_index].end,
                &self.fast.phase_end_cond[phase_index],
                &self.fast.phase_end_plan[phase_index],
            ),
            (&self.end, &self.fast.end_cond, &self.fast.end_plan),
        ];
        for (rules, conds, plan) in lists {
            let decided = match plan {
                Some(plan) => self.decide_end(plan, rules, st, &ctx, ws),
                None => rules.iter().zip(conds).any(|(r, fc)| {
                    // a rule without a direct form, or with one that may
                    // read the move, is evaluated with the move
                    let holds = match *fc {
                        Some(FastCond::ProposedAnd(_)) | None => {
                            self.holds(*fc, &r.cond, st, ctx(), ws)
                        }
                        fc => self.holds(fc, &r.cond, st, Ctx::default(), ws),
                    };
                    if holds {
                        st.outcome = Some(self.result_of(&r.result, st, ctx(), ws));
                    }
                    holds
                }),
            };
            if decided {
                return true;
            }
        }
        false
    }

    /// The value of a counter condition in `st`. The comparisons under a
    /// conjunction or disjunction are decided in place (no call each).
    pub(crate) fn counter_cond(&self, c: &CounterCond, st: &State) -> bool {
        match c {
            CounterCond::Const(v) => *v,
            CounterCond::Cmp(op, a, b) => self.counter_cmp(*op, a, b, st),
            CounterCond::Not(a) => !self.counter_cond(a, st),
            CounterCond::And(v) => {
                for x in v {
                    let holds = match x {
                        CounterCond::Cmp(op, a, b) => self.counter_cmp(*op, a, b, st),
                        x => self.counter_cond(x, st),
                    };
                    if !holds {
                        return false;
                    }
                }
                true
            }
            CounterCond::Or(v) => {
                for x in v {
                    let holds = match x {
                        CounterCond::Cmp(op, a, b) => self.counter_cmp(*op, a, b, st),
                        x => self.counter_cond(x, st),
                    };
                    if holds {
                        return true;
                    }
                }
                false
            }
        }
    }

    #[inline(always)]
    fn counter_cmp(&self, op: CmpOp, a: &CounterTerm, b: &CounterTerm, st: &State) -> bool {
        cmp(op, self.counter_term(a, st), self.counter_term(b, st))
    }

    #[inline(always)]
    fn counter_term(&self, t: &CounterTerm, st: &State) -> i32 {
        match t {
            CounterTerm::Const(k) => *k,
            CounterTerm::Comp(c) => st.comp_count[*c as usize] as i32,
            CounterTerm::Comps(who, masks) => {
                let mut m = masks[self.role(*who, st) as usize];
                let mut n = 0i32;
                while m != 0 {
                    n += st.comp_count[m.trailing_zeros() as usize] as i32;
                    m &= m - 1;
                }
                n
            }
            CounterTerm::Pieces(who) => st.pieces[self.role(*who, st) as usize] as i32,
            CounterTerm::Moves => st.decisions as i32,
            CounterTerm::Turns => st.turns as i32,
        }
    }
}
