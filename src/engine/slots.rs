//! Evaluation of [`BoolE::SlotTests`]: small conditions on the cells at
//! context sites, fused at compile time into a flat list (see
//! `compile::fuse`). Each test reads exactly what the condition it replaces
//! reads, with the same out-of-range answers.

use super::eval::{Ctx, cmp};
use super::ir::*;
use super::{Game, State};
use crate::board::Site;

/// Fused slot tests prepared for one generator origin: a step, hop or slide
/// asks them for many `(to)` sites with the rest of the context fixed. The
/// tests that do not read `(to)` are decided once; those on the top piece
/// at `(to)` become one bit per component; those on the stack height at
/// `(to)` keep the part of their sum read elsewhere. A conjunction of pure
/// tests, so the order of evaluation does not matter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotPlan {
    /// Every test that does not read `(to)` holds.
    pub(crate) ok: bool,
    /// Bit `c`: a top component `c` at `(to)` passes the top-piece tests.
    comps: u64,
    /// Height tests on `(to)`: (the height at the other slot, how many
    /// times `(to)` is summed, op, k).
    sizes: [(i32, i32, CmpOp, i32); 2],
    nsizes: usize,
}

impl SlotPlan {
    /// Whether the tests hold with `(to)` = `t` (a board site).
    #[inline(always)]
    pub(crate) fn holds(&self, st: &State, t: Site) -> bool {
        let t = t as usize;
        self.comps >> st.what[t] & 1 != 0
            && self.sizes[..self.nsizes]
                .iter()
                .all(|&(base, mult, op, k)| {
                    cmp(
                        op,
                        base.wrapping_add(mult.wrapping_mul(st.count[t] as i32)),
                        k,
                    )
                })
    }
}

impl Game {
    /// Whether every test holds (in order, stopping at the first failure).
    #[inline]
    pub(crate) fn slot_tests(&self, tests: &[SlotTest], st: &State, ctx: Ctx) -> bool {
        tests.iter().all(|t| self.slot_test(*t, st, ctx))
    }

    /// The tests prepared for many `(to)` sites with the rest of `ctx`
    /// fixed; `None` when they don't fit the plan (more than 64 components
    /// or more than two height tests on `(to)`).
    pub(crate) fn slot_plan(&self, tests: &[SlotTest], st: &State, ctx: Ctx) -> Option<SlotPlan> {
        let n = self.comps.len();
        if n > 64 {
            return None;
        }
        let mut p = SlotPlan {
            ok: true,
            comps: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            sizes: [(0, 0, CmpOp::Eq, 0); 2],
            nsizes: 0,
        };
        for &t in tests {
            match t {
                SlotTest::Size(a, b, op, k) => {
                    let tos = (a == Slot::To) as i32 + (b == Some(Slot::To)) as i32;
                    if tos == 0 {
                        p.ok &= self.slot_test(t, st, ctx);
                        continue;
                    }
                    if p.nsizes == 2 {
                        return None;
                    }
                    let other = [Some(a), b]
                        .into_iter()
                        .flatten()
                        .filter(|&s| s != Slot::To)
                        .fold(0i32, |acc, s| acc.wrapping_add(self.size_at(s, st, ctx)));
                    p.sizes[p.nsizes] = (other, tos, op, k);
                    p.nsizes += 1;
                }
                _ if top_slot(t) == Some(Slot::To) => {
                    for c in 0..n as u8 {
                        if !self.top_test(t, c, st) {
                            p.comps &= !(1u64 << c);
                        }
                    }
                }
                _ => p.ok &= self.slot_test(t, st, ctx),
            }
        }
        Some(p)
    }

    /// The components a top piece at `(to)` may be for the tests on the top
    /// piece at `(to)` to hold (bit `c`: component `c`, 0 = empty): the
    /// same for every origin in a position. `None` with more than 64
    /// components.
    pub(crate) fn to_comps(&self, tests: &[SlotTest], st: &State) -> Option<u64> {
        self.to_comps_of(tests, (st.mover, st.prev_mover))
    }

    /// [`Game::to_comps`] given the mover and the previous mover (all the
    /// tests on a top piece read of the state).
    pub(crate) fn to_comps_of(&self, tests: &[SlotTest], roles: (u8, u8)) -> Option<u64> {
        let n = self.comps.len();
        if n > 64 {
            return None;
        }
        let mut comps = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for &t in tests {
            if top_slot(t) == Some(Slot::To) {
                for c in 0..n as u8 {
                    if !self.top_test_of(t, c, roles) {
                        comps &= !(1u64 << c);
                    }
                }
            }
        }
        Some(comps)
    }

    #[inline]
    fn size_at(&self, s: Slot, st: &State, ctx: Ctx) -> i32 {
        let s = ctx.slot(s) as usize;
        if s < st.count.len() {
            st.count[s] as i32
        } else {
            0
        }
    }

    /// Whether every test but those on the top piece at `(to)` holds (those
    /// are decided by [`Game::to_comps`]).
    #[inline]
    pub(crate) fn slot_tests_but_top_of_to(
        &self,
        tests: &[SlotTest],
        st: &State,
        ctx: Ctx,
    ) -> bool {
        tests
            .iter()
            .all(|&t| top_slot(t) == Some(Slot::To) || self.slot_test(t, st, ctx))
    }

    #[inline]
    fn slot_test(&self, t: SlotTest, st: &State, ctx: Ctx) -> bool {
        match t {
            // off the board is not empty
            SlotTest::Empty(s) => {
                let s = ctx.slot(s) as usize;
                s < st.what.len() && st.what[s] == 0
            }
            SlotTest::Size(a, b, op, k) => {
                let n = match b {
                    Some(b) => self
                        .size_at(a, st, ctx)
                        .wrapping_add(self.size_at(b, st, ctx)),
                    None => self.size_at(a, st, ctx),
                };
                cmp(op, n, k)
            }
            _ => {
                // the top component at the slot (0 if empty or off the board)
                let s = top_slot(t).map_or(usize::MAX, |s| ctx.slot(s) as usize);
                let c = if s < st.what.len() { st.what[s] } else { 0 };
                self.top_test(t, c, st)
            }
        }
    }

    /// A test of the top piece at its slot, given that piece's component
    /// (0 = none): every test but a height.
    #[inline]
    fn top_test(&self, t: SlotTest, c: u8, st: &State) -> bool {
        self.top_test_of(t, c, (st.mover, st.prev_mover))
    }

    /// [`Game::top_test`] given the mover and the previous mover.
    #[inline]
    fn top_test_of(&self, t: SlotTest, c: u8, (mover, prev): (u8, u8)) -> bool {
        let val = |v: SlotVal| match v {
            SlotVal::Const(c) => c,
            SlotVal::Role(r) => self.role_of(r, mover, prev) as i32,
        };
        match t {
            SlotTest::Empty(_) => c == 0,
            SlotTest::Occupied(_) => c != 0,
            SlotTest::Enemy(_) => {
                let o = self.owner(c);
                o != 0 && o != mover
            }
            SlotTest::Friend(_) => c != 0 && self.owner(c) == mover,
            SlotTest::Who(_, op, v) => cmp(op, self.owner(c) as i32, val(v)),
            SlotTest::What(_, op, v) => cmp(op, c as i32, val(v)),
            SlotTest::Size(..) => false,
        }
    }
}

/// Every test reads the top piece at `(to)` and nothing else of the
/// context: their plan is the same for every origin.
pub(crate) fn to_only(tests: &[SlotTest]) -> bool {
    tests.iter().all(|&t| top_slot(t) == Some(Slot::To))
}

/// The slot whose top piece a test reads (none for a height test).
fn top_slot(t: SlotTest) -> Option<Slot> {
    match t {
        SlotTest::Empty(s)
        | SlotTest::Occupied(s)
        | SlotTest::Enemy(s)
        | SlotTest::Friend(s)
        | SlotTest::Who(s, ..)
        | SlotTest::What(s, ..) => Some(s),
        SlotTest::Size(..) => None,
    }
}
