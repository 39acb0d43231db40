//! Conditions that read only the state's counters (pieces per owner, per
//! component, decisions, turns), compiled once at load into a small tree
//! evaluated without the general `eval_bool`/`eval_int` dispatch: end rules
//! such as `(if (or (>= (count Pieces P1 "Marker") 6) …) …)` or
//! `(= 0 (count Pieces Next "Pawn"))` are decided after every decision.
//!
//! This is the one home of counter comparisons: a single comparison is a
//! [`CounterTest`] (a counter against a range, whatever the operator),
//! which `FastCond::Count` holds in place; a compound condition
//! (`and`/`or`/`not`, or two counters compared) is a [`CounterCond`] that
//! `FastCond::Counters` indexes. Exact: each term reads the counter the
//! general `eval_int` reads (same role resolution), and each range is the
//! set of values the comparison accepts. A player's score is such a
//! counter too (`(<= (score Mover) (score Next))`); scores may be
//! negative, so two counters are compared by their saturating difference,
//! which has the sign of the true one.
//!
//! A list of end rules whose conditions all have a direct form is also
//! planned as a whole ([`EndStep`]): `(if C {(if A R1) (if B R2)} R3)`
//! flattens into rules `(and C A)`, `(and C B)` and `C`, and the plan
//! decides the shared first conjunct `C` once for the run of rules that
//! start with it. Exact because direct conditions read only the state,
//! which deciding the end rules does not change until one of them holds.
//!
//! In a lean phase (`lean.rs`) whose end rules (the phase's and the game's)
//! are all counter conditions, the rules are also laid out per mover at
//! load ([`MoverEnds`]): each counter's player resolved for the mover, an
//! `and`/`or` of plain tests a flat list, each run of rules with a shared
//! guard one step. Exact because at the lean end check the roles read
//! fixed players: `Mover` and `Prev` are who just moved, `Next` the one
//! after her.

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
    Test(CounterTest),
    /// Two counters compared: `test` of the first less `minus`.
    Diff(CounterTest, CounterTerm),
    Not(Box<CounterCond>),
    And(Vec<CounterCond>),
    Or(Vec<CounterCond>),
}

/// One comparison of a counter with a constant: the counter `a` lies in
/// `lo..=lo + span`, counted with wrap-around (so `lo` past `lo + span` is
/// a range that wraps). Every comparison operator against a constant is
/// such a range (`>= K` is `K..=MAX`, `!= K` is `K+1..=K-1` round the end),
/// so a test is a load, a subtraction and one unsigned compare whatever its
/// operator; a comparison of two counters
/// ([`CounterCond::Diff`]) is their difference against 0. Exact: the
/// difference saturates, so it keeps the sign of the true difference (and
/// is 0 only when that is), which is all a range about 0 reads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CounterTest {
    pub(crate) a: CounterTerm,
    pub(crate) lo: i32,
    pub(crate) span: u32,
}

/// An integer read from the state's counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum CounterTerm {
    /// One component's counter: `IntE::CountComps` of a fixed player
    /// owning one of the components named.
    Comp(u8),
    /// `IntE::CountComps` where each player owns at most one of the
    /// components named: entry `i` of [`TermTables::comp_of`], per player
    /// that component (0: none, count 0).
    /// Entry `i` of [`super::fast::FastInfo::comp_of`].
    CompOf(Role, u8),
    /// `IntE::CountComps`: entry `i` of [`TermTables::comp_masks`], per
    /// player the named components as a bit set (components numbered below
    /// 64) whose counters are summed.
    Comps(Role, u8),
    /// `(count Pieces WHO)` without a region or piece names, WHO any role
    /// but All: the per-owner counter of the player WHO names, as
    /// `eval_int` reads it (the role resolved at load as far as it can be:
    /// a fixed player, the mover, the previous mover or the next player).
    PiecesOf(u8),
    PiecesMover,
    PiecesPrev,
    PiecesNext,
    /// `(count Pieces WHO in:(sites Board))`: the per-owner counters less
    /// what the hands hold.
    BoardPieces(Role),
    /// `(score WHO)`: the score of the player WHO names, as `eval_int`
    /// reads it.
    Score(Role),
    /// `(count Moves)`
    Moves,
    /// `(count Turns)`
    Turns,
}

/// The tables the counter terms index (at most 256 entries each).
#[derive(Clone, Debug, Default)]
pub(crate) struct TermTables {
    /// Per player, the one component of [`CounterTerm::CompOf`] (0: none).
    pub(crate) comp_of: Vec<[u8; MAX_PLAYERS + 1]>,
    /// Per player, the components of [`CounterTerm::Comps`] as a bit set.
    pub(crate) comp_masks: Vec<[u64; MAX_PLAYERS + 1]>,
}

/// An operand of a comparison: a constant or a counter.
enum Operand {
    K(i32),
    T(CounterTerm),
}

/// The range of `v OP k`: `lo..=hi` round the end of `i32` (from `lo` up
/// to `hi`, wrapping past `MAX` to `MIN`), or None when `v OP k` never
/// holds.
fn range(op: CmpOp, k: i32) -> Option<(i32, i32)> {
    Some(match op {
        CmpOp::Eq => (k, k),
        // every value but k: from k + 1 round to k - 1
        CmpOp::Ne => (k.wrapping_add(1), k.wrapping_sub(1)),
        CmpOp::Le => (i32::MIN, k),
        CmpOp::Ge => (k, i32::MAX),
        CmpOp::Lt if k == i32::MIN => return None,
        CmpOp::Lt => (i32::MIN, k - 1),
        CmpOp::Gt if k == i32::MAX => return None,
        CmpOp::Gt => (k + 1, i32::MAX),
    })
}

impl CounterTest {
    /// Whether the test holds for counter value `v`: `v` in `lo..=lo +
    /// span` (round the end) as one unsigned comparison.
    #[inline(always)]
    pub(crate) fn accepts(&self, v: i32) -> bool {
        v.wrapping_sub(self.lo) as u32 <= self.span
    }

    /// `a OP b` with at least one counter.
    fn of(op: CmpOp, a: &IntE, b: &IntE, tables: &mut TermTables) -> Option<CounterCond> {
        let test = |a, (lo, hi): (i32, i32)| {
            let span = hi.wrapping_sub(lo) as u32;
            CounterTest { a, lo, span }
        };
        Some(match (Operand::of(a, tables)?, Operand::of(b, tables)?) {
            (Operand::K(x), Operand::K(y)) => CounterCond::Const(cmp(op, x, y)),
            (Operand::T(t), Operand::K(k)) => match range(op, k) {
                Some(r) => CounterCond::Test(test(t, r)),
                None => CounterCond::Const(false),
            },
            (Operand::K(k), Operand::T(t)) => match range(op.swapped(), k) {
                Some(r) => CounterCond::Test(test(t, r)),
                None => CounterCond::Const(false),
            },
            (Operand::T(t), Operand::T(u)) => match range(op, 0) {
                Some(r) => CounterCond::Diff(test(t, r), u),
                None => CounterCond::Const(false),
            },
        })
    }
}

impl CounterCond {
    /// The counter form of `b`, when every part of it reads only counters;
    /// the piece-name masks it needs are pushed onto `masks`.
    pub(crate) fn of(b: &BoolE, tables: &mut TermTables) -> Option<CounterCond> {
        Some(match b {
            BoolE::Const(v) => CounterCond::Const(*v),
            BoolE::Cmp(op, a, c) => CounterTest::of(*op, a, c, tables)?,
            BoolE::Not(a) => CounterCond::Not(Box::new(CounterCond::of(a, tables)?)),
            BoolE::And(v) => CounterCond::And(
                v.iter()
                    .map(|x| CounterCond::of(x, tables))
                    .collect::<Option<_>>()?,
            ),
            BoolE::Or(v) => CounterCond::Or(
                v.iter()
                    .map(|x| CounterCond::of(x, tables))
                    .collect::<Option<_>>()?,
            ),
            _ => return None,
        })
    }
}

impl Operand {
    fn of(e: &IntE, tables: &mut TermTables) -> Option<Operand> {
        Some(Operand::T(match e {
            IntE::Const(k) => return Some(Operand::K(*k)),
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
                    // at most one component per player: one load
                    _ if masks.iter().all(|m| m.count_ones() <= 1 && m & 1 == 0) => {
                        tables
                            .comp_of
                            .push(masks.map(|m| if m == 0 { 0 } else { m.trailing_zeros() as u8 }));
                        CounterTerm::CompOf(*who, u8::try_from(tables.comp_of.len() - 1).ok()?)
                    }
                    _ => {
                        tables.comp_masks.push(masks);
                        CounterTerm::Comps(*who, u8::try_from(tables.comp_masks.len() - 1).ok()?)
                    }
                }
            }
            // as `eval_int`: one player's counter (All sums several owners,
            // and stays general)
            IntE::CountPieces {
                who,
                region: None,
                comps: None,
            } => match who {
                Role::Player(p) => CounterTerm::PiecesOf(*p),
                Role::Mover => CounterTerm::PiecesMover,
                Role::Prev => CounterTerm::PiecesPrev,
                // as `Game::role_of`: Enemy, as one player, is the next
                Role::Next | Role::Enemy => CounterTerm::PiecesNext,
                Role::All => return None,
            },
            IntE::CountPiecesOnBoard(who) => CounterTerm::BoardPieces(*who),
            IntE::CountMoves => CounterTerm::Moves,
            IntE::CountTurns => CounterTerm::Turns,
            IntE::Score(who) => CounterTerm::Score(*who),
            _ => return None,
        }))
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

    /// The value of a counter condition in `st`. The tests under a
    /// conjunction or disjunction are decided in place (no call each).
    #[inline(never)]
    pub(crate) fn counter_cond(&self, c: &CounterCond, st: &State) -> bool {
        match c {
            CounterCond::Const(v) => *v,
            CounterCond::Test(t) => self.in_range(t, self.counter_value(&t.a, st)),
            CounterCond::Diff(t, b) => self.counter_diff(t, b, st),
            CounterCond::Not(a) => !self.counter_cond(a, st),
            CounterCond::And(v) => {
                for x in v {
                    let holds = match x {
                        CounterCond::Test(t) => self.in_range(t, self.counter_value(&t.a, st)),
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
                        CounterCond::Test(t) => self.in_range(t, self.counter_value(&t.a, st)),
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

    /// The value of one counter test in `st`.
    #[inline(always)]
    pub(crate) fn counter_test(&self, t: &CounterTest, st: &State) -> bool {
        self.in_range(t, self.counter_term(&t.a, st))
    }

    /// Test `t` of counter `a` less counter `b`.
    #[inline(always)]
    fn counter_diff(&self, t: &CounterTest, b: &CounterTerm, st: &State) -> bool {
        let v = self
            .counter_term(&t.a, st)
            .saturating_sub(self.counter_term(b, st));
        self.in_range(t, v)
    }

    /// [`CounterTest::accepts`].
    #[inline(always)]
    fn in_range(&self, t: &CounterTest, v: i32) -> bool {
        t.accepts(v)
    }

    /// [`Game::role`] in place (a counter's player).
    #[inline(always)]
    fn term_player(&self, who: Role, st: &State) -> usize {
        (match who {
            Role::Player(p) => p,
            Role::Mover => st.mover,
            Role::Prev => st.prev_mover,
            Role::Next | Role::All | Role::Enemy => self.next_player(st.mover),
        }) as usize
    }

    /// A counter's value: the per-owner and decision counters in place,
    /// the others by [`Game::counter_other`] (kept out of line so the
    /// tests stay small where they are inlined).
    #[inline(always)]
    fn counter_term(&self, t: &CounterTerm, st: &State) -> i32 {
        match t {
            CounterTerm::PiecesMover
            | CounterTerm::PiecesNext
            | CounterTerm::PiecesOf(_)
            | CounterTerm::Moves => self.counter_value(t, st),
            CounterTerm::BoardPieces(Role::All) => self.board_pieces_all(st),
            t => self.counter_other(t, st),
        }
    }

    /// `(count Pieces All in:(sites Board))` in a frame of its own (one
    /// call from the test that reads it, not through
    /// [`Game::counter_other`] and [`Game::counter_sum`]).
    #[inline(never)]
    fn board_pieces_all(&self, st: &State) -> i32 {
        self.count_all_pieces_on_board(st)
    }

    /// The other counters: named pieces, the previous mover's pieces, the
    /// pieces on the board, the turns.
    #[inline(never)]
    fn counter_other(&self, t: &CounterTerm, st: &State) -> i32 {
        self.counter_value(t, st)
    }

    /// Any counter's value, the sums out of line (in the compound
    /// conditions, themselves out of line, every one-load counter is
    /// read in place).
    #[inline(always)]
    fn counter_value(&self, t: &CounterTerm, st: &State) -> i32 {
        match t {
            CounterTerm::PiecesMover => st.pieces[st.mover as usize] as i32,
            CounterTerm::PiecesNext => st.pieces[self.next_player(st.mover) as usize] as i32,
            CounterTerm::PiecesOf(p) => st.pieces[*p as usize] as i32,
            CounterTerm::Moves => st.decisions as i32,
            CounterTerm::PiecesPrev => st.pieces[st.prev_mover as usize] as i32,
            CounterTerm::Turns => st.turns as i32 + 1,
            CounterTerm::Score(who) => st.scores[self.term_player(*who, st)],
            CounterTerm::Comp(c) => st.comp_count[*c as usize] as i32,
            CounterTerm::CompOf(who, i) => {
                match self.fast.terms.comp_of[*i as usize][self.term_player(*who, st)] {
                    0 => 0,
                    c => st.comp_count[c as usize] as i32,
                }
            }
            t => self.counter_sum(t, st),
        }
    }

    /// The counters that sum several: named pieces of several kinds, the
    /// pieces on the board.
    #[inline(never)]
    fn counter_sum(&self, t: &CounterTerm, st: &State) -> i32 {
        match t {
            CounterTerm::Comps(who, i) => {
                let mut m = self.fast.terms.comp_masks[*i as usize][self.term_player(*who, st)];
                let mut n = 0i32;
                while m != 0 {
                    n += st.comp_count[m.trailing_zeros() as usize] as i32;
                    m &= m - 1;
                }
                n
            }
            CounterTerm::BoardPieces(Role::All) => self.count_all_pieces_on_board(st),
            CounterTerm::BoardPieces(who) => self.count_pieces_on_board(*who, st),
            // the others are read in place
            _ => unreachable!("a one-load counter"),
        }
    }
}

/// A counter read at the end check of a lean decision (see `lean.rs`),
/// its player resolved for the mover at load: there `Mover` and `Prev`
/// are the player who just moved (the bookkeeping has set the previous
/// mover to her) and `Next` the one after her, as [`Game::term_player`]
/// reads them in that state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MoverTerm {
    /// A count of named pieces of a player who owns none of them.
    Zero,
    /// One component's counter.
    Comp(u8),
    /// One player's pieces.
    Pieces(u8),
    /// One player's score.
    Score(u8),
    Moves,
    Turns,
    /// Any other counter: entry `i` of [`MoverEnds::others`], read as
    /// [`Game::counter_value`] reads it.
    Other(u8),
}

/// [`CounterTest`] of a [`MoverTerm`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct MoverTest {
    a: MoverTerm,
    lo: i32,
    span: u32,
}

/// [`CounterCond`] with its counters resolved for one mover; a
/// conjunction or disjunction of plain tests is one flat list.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum MoverCond {
    Const(bool),
    /// Every test holds (one test: a list of one).
    All(Vec<MoverTest>),
    /// Some test holds.
    Any(Vec<MoverTest>),
    /// `test` of the first counter less the second, as
    /// [`CounterCond::Diff`].
    Diff(MoverTest, MoverTerm),
    Not(Box<MoverCond>),
    And(Vec<MoverCond>),
    Or(Vec<MoverCond>),
}

/// One end rule of [`MoverEnds`]: its condition is its head's guard and
/// then `rest` (when there is more).
#[derive(Clone, Debug, PartialEq)]
struct MoverStep {
    rest: Option<MoverCond>,
    /// The rule: entry `rule` of the phase's end rules (`phase_rule`) or
    /// of the game's.
    phase_rule: bool,
    rule: u16,
}

/// A run of end rules that share their first condition, `guard`.
#[derive(Clone, Debug, PartialEq)]
struct MoverHead {
    guard: MoverCond,
    steps: Vec<MoverStep>,
}

/// The end rules of a lean phase (the phase's, then the game's) for one
/// mover, every condition a counter condition resolved for her: the same
/// steps as [`Game::decide_ends_planned`] (a plan's shared guards decided
/// once; a list without a plan one step per rule), without the dispatch on
/// roles and condition kinds. Exact at the end check of a lean decision,
/// where the counters' roles read what [`MoverTerm`] resolved.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct MoverEnds {
    heads: Vec<MoverHead>,
    /// The counters of [`MoverTerm::Other`].
    others: Vec<CounterTerm>,
    /// When every head's guard is a list of tests of component counters:
    /// for each head, its tests when it is [`MoverCond::Any`], its first
    /// when it is [`MoverCond::All`] (a guard holds only if one of its
    /// tests here does), as (component, `lo`, `span`). While none holds,
    /// no guard does, and no rule ends the game: the check of most
    /// decisions, one flat pass over the counters. The list is padded to
    /// a whole number of [`QUICK_CHUNK`]s by repeating its last test (a
    /// test more or less of the same list changes no `any`), so that the
    /// pass reads whole chunks, each without a branch per test.
    quick: Option<Vec<(u8, i32, u32)>>,
}

/// [`MoverEnds::quick`] of `heads`: None when a guard is another
/// condition, or a test reads another counter.
fn quick_tests(heads: &[MoverHead]) -> Option<Vec<(u8, i32, u32)>> {
    let mut out = Vec::new();
    for h in heads {
        let tests = match &h.guard {
            MoverCond::All(v) => v.get(..1)?,
            MoverCond::Any(v) => &v[..],
            _ => return None,
        };
        for t in tests {
            match t.a {
                MoverTerm::Comp(c) => out.push((c, t.lo, t.span)),
                _ => return None,
            }
        }
    }
    let last = *out.last()?;
    while out.len() % QUICK_CHUNK != 0 {
        out.push(last);
    }
    Some(out)
}

/// The tests of [`MoverEnds::quick`] read at a time.
pub(crate) const QUICK_CHUNK: usize = 4;

/// Whether some test of a chunk of [`MoverEnds::quick`] holds for the
/// component counters `cc`: all of them read (`|`, no branch per test).
#[inline(always)]
pub(crate) fn quick_chunk_holds(chunk: &[(u8, i32, u32)], cc: &[u32]) -> bool {
    chunk.iter().fold(false, |a, &(c, lo, span)| {
        a | ((cc[c as usize] as i32).wrapping_sub(lo) as u32 <= span)
    })
}

impl MoverEnds {
    /// The quick pass when it is one chunk (four tests or fewer, padded).
    pub(crate) fn one_quick_chunk(&self) -> Option<[(u8, i32, u32); QUICK_CHUNK]> {
        self.quick.as_deref()?.try_into().ok()
    }
}

impl Game {
    /// Per (lean phase, mover) pair that decides its end rules resolved for
    /// the mover: how many tests its [`MoverEnds::quick`] pass reads
    /// (padded; 0 without one). For tests.
    #[doc(hidden)]
    pub fn quick_end_tests(&self) -> Vec<usize> {
        let quick = |e: &MoverEnds| e.quick.as_ref().map_or(0, Vec::len);
        self.fast.mover_ends.iter().map(quick).collect()
    }

    /// The end rules of lean phase `phase` for mover `m` (see
    /// [`MoverEnds`]), when every condition of the phase's and the game's
    /// end rules (or of their plans' steps) is a counter condition.
    pub(crate) fn mover_ends(
        &self,
        fast: &super::fast::FastInfo,
        phase: usize,
        m: u8,
    ) -> Option<MoverEnds> {
        let next = self.next_player(m);
        let player = |who: Role| match who {
            Role::Player(p) => p,
            // at the end check the previous mover is the mover
            Role::Mover | Role::Prev => m,
            Role::Next | Role::All | Role::Enemy => next,
        };
        let others = std::cell::RefCell::new(Vec::new());
        let other = |t: CounterTerm| {
            let mut v = others.borrow_mut();
            v.push(t);
            // more than 256: MoverTerm::Other(255) out of range, no plan
            MoverTerm::Other(u8::try_from(v.len() - 1).unwrap_or(u8::MAX))
        };
        let term = |t: CounterTerm| match t {
            CounterTerm::Comp(c) => MoverTerm::Comp(c),
            CounterTerm::CompOf(who, i) => {
                match fast.terms.comp_of[i as usize].get(player(who) as usize) {
                    Some(0) => MoverTerm::Zero,
                    Some(&c) => MoverTerm::Comp(c),
                    None => other(t),
                }
            }
            CounterTerm::PiecesOf(p) => MoverTerm::Pieces(p),
            CounterTerm::PiecesMover | CounterTerm::PiecesPrev => MoverTerm::Pieces(m),
            CounterTerm::PiecesNext => MoverTerm::Pieces(next),
            CounterTerm::Score(who) => MoverTerm::Score(player(who)),
            CounterTerm::Moves => MoverTerm::Moves,
            CounterTerm::Turns => MoverTerm::Turns,
            t => other(t),
        };
        let test = |t: &CounterTest| MoverTest {
            a: term(t.a),
            lo: t.lo,
            span: t.span,
        };
        fn cond(
            c: &CounterCond,
            test: &impl Fn(&CounterTest) -> MoverTest,
            term: &impl Fn(CounterTerm) -> MoverTerm,
        ) -> MoverCond {
            let tests = |v: &[CounterCond]| {
                v.iter()
                    .map(|x| match x {
                        CounterCond::Test(t) => Some(test(t)),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()
            };
            match c {
                CounterCond::Const(v) => MoverCond::Const(*v),
                CounterCond::Test(t) => MoverCond::All(vec![test(t)]),
                CounterCond::Diff(t, b) => MoverCond::Diff(test(t), term(*b)),
                CounterCond::Not(a) => MoverCond::Not(Box::new(cond(a, test, term))),
                CounterCond::And(v) => match tests(v) {
                    Some(t) => MoverCond::All(t),
                    None => MoverCond::And(v.iter().map(|x| cond(x, test, term)).collect()),
                },
                CounterCond::Or(v) => match tests(v) {
                    Some(t) => MoverCond::Any(t),
                    None => MoverCond::Or(v.iter().map(|x| cond(x, test, term)).collect()),
                },
            }
        }
        let direct = |fc: FastCond| match fc {
            FastCond::Count(t) => Some(MoverCond::All(vec![test(&t)])),
            FastCond::Counters(i) => Some(cond(&fast.counters[i as usize], &test, &term)),
            _ => None,
        };
        let lists = [
            (
                &fast.phase_end_cond[phase],
                &fast.phase_end_plan[phase],
                true,
            ),
            (&fast.end_cond, &fast.end_plan, false),
        ];
        let mut heads: Vec<MoverHead> = Vec::new();
        for (conds, plan, phase_rule) in lists {
            let plain: Vec<EndStep>;
            let list = match plan {
                Some(p) => p,
                None => {
                    plain = conds
                        .iter()
                        .map(|fc| {
                            fc.map(|guard| EndStep {
                                guard,
                                rest: None,
                                same_guard: false,
                            })
                        })
                        .collect::<Option<_>>()?;
                    &plain
                }
            };
            for (k, s) in list.iter().enumerate() {
                // a list's first guard is never the other list's
                if !(s.same_guard && k > 0) {
                    heads.push(MoverHead {
                        guard: direct(s.guard)?,
                        steps: Vec::new(),
                    });
                }
                heads.last_mut()?.steps.push(MoverStep {
                    rest: match s.rest {
                        Some(r) => Some(direct(r)?),
                        None => None,
                    },
                    phase_rule,
                    rule: u16::try_from(k).ok()?,
                });
            }
        }
        let others = others.into_inner();
        let quick = quick_tests(&heads);
        (others.len() < 256).then_some(MoverEnds {
            heads,
            others,
            quick,
        })
    }

    /// Decides the end rules by `ends` (see [`MoverEnds`]) at the end check
    /// of the lean decision `m`: the first step whose guard and rest hold
    /// gives the outcome. True when one did. The guards are read in place;
    /// from the first that holds on, out of line.
    #[inline(always)]
    pub(crate) fn decide_mover_ends(
        &self,
        ends: &MoverEnds,
        phase_index: usize,
        st: &mut State,
        m: &super::Move,
        ws: &mut Workspace,
    ) -> bool {
        if let Some(q) = &ends.quick
            && !q
                .chunks_exact(QUICK_CHUNK)
                .any(|ch| quick_chunk_holds(ch, &st.comp_count))
        {
            return false;
        }
        self.decide_mover_guards(ends, phase_index, st, m, ws)
    }

    /// [`Game::decide_mover_ends`] after its quick pass (or without one):
    /// the guards in order.
    #[inline(always)]
    pub(crate) fn decide_mover_guards(
        &self,
        ends: &MoverEnds,
        phase_index: usize,
        st: &mut State,
        m: &super::Move,
        ws: &mut Workspace,
    ) -> bool {
        let o = &ends.others[..];
        for (i, h) in ends.heads.iter().enumerate() {
            if self.mover_cond(&h.guard, o, st) {
                return self.decide_mover_heads(ends, i, phase_index, st, m, ws);
            }
        }
        false
    }

    /// [`Game::decide_mover_ends`] from head `first`, whose guard holds.
    #[inline(never)]
    fn decide_mover_heads(
        &self,
        ends: &MoverEnds,
        first: usize,
        phase_index: usize,
        st: &mut State,
        m: &super::Move,
        ws: &mut Workspace,
    ) -> bool {
        let o = &ends.others[..];
        for (i, h) in ends.heads.iter().enumerate().skip(first) {
            if i > first && !self.mover_cond(&h.guard, o, st) {
                continue;
            }
            for s in &h.steps {
                if s.rest.as_ref().is_none_or(|c| self.mover_cond(c, o, st)) {
                    let r = if s.phase_rule {
                        &self.phases[phase_index].end[s.rule as usize]
                    } else {
                        &self.end[s.rule as usize]
                    };
                    st.outcome = Some(self.result_of(&r.result, st, self.move_ctx(m), ws));
                    return true;
                }
            }
        }
        false
    }

    /// The value of `c` in `st`: the lists of tests in place, the compound
    /// conditions out of line.
    #[inline(always)]
    fn mover_cond(&self, c: &MoverCond, o: &[CounterTerm], st: &State) -> bool {
        match c {
            MoverCond::All(v) => {
                for t in v {
                    if !self.mover_test(t, o, st) {
                        return false;
                    }
                }
                true
            }
            MoverCond::Any(v) => {
                for t in v {
                    if self.mover_test(t, o, st) {
                        return true;
                    }
                }
                false
            }
            c => self.mover_compound(c, o, st),
        }
    }

    /// [`Game::mover_cond`] of any condition.
    #[inline(never)]
    fn mover_compound(&self, c: &MoverCond, o: &[CounterTerm], st: &State) -> bool {
        match c {
            MoverCond::All(v) => v.iter().all(|t| self.mover_test(t, o, st)),
            MoverCond::Any(v) => v.iter().any(|t| self.mover_test(t, o, st)),
            MoverCond::Const(v) => *v,
            MoverCond::Diff(t, b) => {
                let v = self
                    .mover_term(t.a, o, st)
                    .saturating_sub(self.mover_term(*b, o, st));
                v.wrapping_sub(t.lo) as u32 <= t.span
            }
            MoverCond::Not(a) => !self.mover_compound(a, o, st),
            MoverCond::And(v) => v.iter().all(|x| self.mover_compound(x, o, st)),
            MoverCond::Or(v) => v.iter().any(|x| self.mover_compound(x, o, st)),
        }
    }

    /// Whether test `t` holds in `st` ([`CounterTest::accepts`]).
    #[inline(always)]
    fn mover_test(&self, t: &MoverTest, o: &[CounterTerm], st: &State) -> bool {
        self.mover_term(t.a, o, st).wrapping_sub(t.lo) as u32 <= t.span
    }

    /// The value of counter `t` in `st`.
    #[inline(always)]
    fn mover_term(&self, t: MoverTerm, o: &[CounterTerm], st: &State) -> i32 {
        // the commonest first, each one test
        if let MoverTerm::Comp(c) = t {
            return st.comp_count[c as usize] as i32;
        }
        if let MoverTerm::Pieces(p) = t {
            return st.pieces[p as usize] as i32;
        }
        self.mover_term_rest(t, o, st)
    }

    /// [`Game::mover_term`] of the rarer counters.
    #[inline(never)]
    fn mover_term_rest(&self, t: MoverTerm, o: &[CounterTerm], st: &State) -> i32 {
        match t {
            MoverTerm::Comp(c) => st.comp_count[c as usize] as i32,
            MoverTerm::Pieces(p) => st.pieces[p as usize] as i32,
            MoverTerm::Zero => 0,
            MoverTerm::Score(p) => st.scores[p as usize],
            MoverTerm::Moves => st.decisions as i32,
            MoverTerm::Turns => st.turns as i32 + 1,
            MoverTerm::Other(i) => self.counter_other(&o[i as usize], st),
        }
    }
}
