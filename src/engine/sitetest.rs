//! Site tests for the generators' inner loops: the conditions a step, hop,
//! slide or add asks of one candidate site, with the common shapes read
//! directly from the state instead of going through `eval_bool`.

use super::eval::Ctx;
use super::ir::*;
use super::{Game, State, Workspace};
use crate::board::Site;

/// A condition on one site of the move context (`slot`), classified once
/// per generator call.
#[derive(Clone, Copy)]
pub(crate) enum SiteTest<'a> {
    /// Holds at every site (no condition).
    True,
    /// `(is Empty SLOT)`: nothing at the site.
    Empty,
    /// `(is Occupied SLOT)`: a piece at the site.
    Occupied,
    /// `(OP (what at:SLOT) K)` for a constant K: the site's top component
    /// (0 when empty) against K.
    What(CmpOp, i32),
    /// [`BoolE::AroundCmp`] on the slot.
    Around {
        dirs: &'a DirSpec,
        filter: Option<AroundFilter>,
        op: CmpOp,
        k: i32,
    },
    /// [`BoolE::SlotTests`]: fused tests on the context's cells.
    Slots(&'a [SlotTest]),
    /// `(and SLOT_TESTS STEPS_CMP ...)`: fused cell tests, then comparisons
    /// of cached `count Steps` (each a [`BoolE::StepsCmp`]), in that order.
    SlotsThenSteps(&'a [SlotTest], &'a [BoolE]),
    /// Anything else: evaluated with the move context.
    Cond(&'a BoolE),
}

impl<'a> SiteTest<'a> {
    /// The test of condition `b` on the site in `slot` (the only context
    /// site the recognised shapes may read); `default` when there is no
    /// condition.
    #[inline]
    pub(crate) fn of(b: Option<&'a BoolE>, slot: Slot, default: SiteTest<'a>) -> SiteTest<'a> {
        match b {
            None => default,
            // each shape reads only the site in `slot` (and the state), as
            // `eval_bool` does with that site in the context
            Some(BoolE::EmptyAt(s)) if *s == slot => SiteTest::Empty,
            Some(BoolE::OccupiedAt(s)) if *s == slot => SiteTest::Occupied,
            Some(BoolE::WhatAt(s, op, v)) if *s == slot && matches!(**v, IntE::Const(_)) => {
                let IntE::Const(k) = **v else {
                    unreachable!("checked above")
                };
                SiteTest::What(*op, k)
            }
            Some(BoolE::AroundCmp {
                slot: s,
                dirs,
                filter,
                op,
                k,
            }) if *s == slot => SiteTest::Around {
                dirs,
                filter: *filter,
                op: *op,
                k: *k,
            },
            Some(BoolE::Const(true)) => SiteTest::True,
            Some(BoolE::SlotTests(v)) => SiteTest::Slots(v),
            Some(BoolE::And(v))
                if matches!(v.first(), Some(BoolE::SlotTests(_)))
                    && v.len() > 1
                    && v[1..].iter().all(|b| matches!(b, BoolE::StepsCmp { .. })) =>
            {
                let BoolE::SlotTests(t) = &v[0] else {
                    unreachable!("checked above")
                };
                SiteTest::SlotsThenSteps(t, &v[1..])
            }
            Some(c) => SiteTest::Cond(c),
        }
    }
}

/// A test of a site's top component alone (0 = empty) in a game of at most
/// 64 components: the set of the components it accepts, one bit each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CompTest(u64);

impl CompTest {
    /// The test of `t`, when `t` reads nothing but the top component of
    /// the site tested (emptiness, occupancy, `what` against a constant)
    /// and the game has at most 64 components (`ncomps`, empty included).
    pub(crate) fn of(t: SiteTest, ncomps: usize) -> Option<CompTest> {
        let (op, k) = match t {
            SiteTest::True => (CmpOp::Ge, i32::MIN),
            SiteTest::Empty => (CmpOp::Eq, 0),
            SiteTest::Occupied => (CmpOp::Ne, 0),
            SiteTest::What(op, k) => (op, k),
            _ => return None,
        };
        if ncomps > 64 {
            return None;
        }
        let bits = (0..ncomps)
            .filter(|&c| super::eval::cmp(op, c as i32, k))
            .fold(0u64, |m, c| m | 1u64 << c);
        Some(CompTest(bits))
    }

    /// Whether no component passes both tests.
    pub(crate) fn disjoint(self, other: CompTest) -> bool {
        self.0 & other.0 == 0
    }

    /// Whether a site whose top component is `c` passes.
    #[inline(always)]
    pub(crate) fn holds(self, c: u8) -> bool {
        self.0 >> (c & 63) & 1 != 0
    }
}

impl Game {
    /// Whether test `t` holds at board site `s`; `ctx` is the full move
    /// context (with `s` in the test's slot) for the general case.
    #[inline]
    pub(crate) fn site_test(
        &self,
        t: SiteTest,
        s: Site,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        match t {
            SiteTest::True => true,
            SiteTest::Empty => st.what[s as usize] == 0,
            SiteTest::Occupied => st.what[s as usize] != 0,
            SiteTest::What(op, k) => super::eval::cmp(op, st.what[s as usize] as i32, k),
            SiteTest::Around {
                dirs,
                filter,
                op,
                k,
            } => self.around_cmp(s, dirs, filter, op, k, st),
            SiteTest::Slots(v) => self.slot_tests(v, st, ctx),
            SiteTest::SlotsThenSteps(v, steps) => {
                self.slot_tests(v, st, ctx) && self.steps_all(steps, st, ctx, ws)
            }
            SiteTest::Cond(c) => self.eval_bool(c, st, ctx, ws),
        }
    }

    /// Every one of `steps` (each a [`BoolE::StepsCmp`]) holds, in order.
    /// Out of line: the common step shape has its own loop (stepgen.rs),
    /// and the general site test stays small.
    #[inline(never)]
    pub(crate) fn steps_all(
        &self,
        steps: &[BoolE],
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        steps.iter().all(|b| match b {
            BoolE::StepsCmp { op, a, b } => self.steps_cmp(*op, *a, *b, st, ctx, ws),
            other => self.eval_bool(other, st, ctx, ws),
        })
    }
}
