//! Fusion of small conditions into [`BoolE::SlotTests`]: a conjunction whose
//! every part reads only the cells at context sites (`(to)`, `(from)`, ...)
//! and the mover becomes one flat list of tests, evaluated in a loop
//! without recursion. Each test is the exact counterpart of the condition
//! it replaces (see [`SlotTest`]); the conjunction keeps its order.

use crate::engine::ir::*;

/// `b`, with a conjunction of slot tests (or a lone stack-height
/// comparison) fused; anything else is returned unchanged.
pub(crate) fn slot_tests(b: BoolE) -> BoolE {
    let mut tests = Vec::new();
    match &b {
        BoolE::And(_) | BoolE::Cmp(..) if push_tests(&b, &mut tests) => BoolE::SlotTests(tests),
        _ => b,
    }
}

/// Appends the tests of `b` to `out`; false if `b` is not made of them.
fn push_tests(b: &BoolE, out: &mut Vec<SlotTest>) -> bool {
    let t = match b {
        BoolE::And(v) => return v.iter().all(|x| push_tests(x, out)),
        BoolE::SlotTests(v) => {
            out.extend_from_slice(v);
            return true;
        }
        BoolE::EmptyAt(s) => SlotTest::Empty(*s),
        BoolE::OccupiedAt(s) => SlotTest::Occupied(*s),
        BoolE::EnemyAt(s) => SlotTest::Enemy(*s),
        BoolE::FriendAt(s) => SlotTest::Friend(*s),
        BoolE::WhoAt(s, op, v) => match slot_val(v) {
            Some(v) => SlotTest::Who(*s, *op, v),
            None => return false,
        },
        BoolE::WhatAt(s, op, v) => match slot_val(v) {
            Some(v) => SlotTest::What(*s, *op, v),
            None => return false,
        },
        BoolE::Cmp(op, a, c) => match (sizes(a), &**c, &**a, sizes(c)) {
            (Some((x, y)), IntE::Const(k), _, _) => SlotTest::Size(x, y, *op, *k),
            (_, _, IntE::Const(k), Some((x, y))) => SlotTest::Size(x, y, op.swapped(), *k),
            _ => return false,
        },
        _ => return false,
    };
    out.push(t);
    true
}

fn slot_val(v: &IntE) -> Option<SlotVal> {
    match v {
        IntE::Const(c) => Some(SlotVal::Const(*c)),
        IntE::Role(r) => Some(SlotVal::Role(*r)),
        _ => None,
    }
}

/// `(size Stack at:S)` or the sum of two of them.
fn sizes(e: &IntE) -> Option<(Slot, Option<Slot>)> {
    match e {
        IntE::SizeAt(s) => Some((*s, None)),
        IntE::Arith(ArithOp::Add, v) => match v.as_slice() {
            [IntE::SizeAt(a)] => Some((*a, None)),
            [IntE::SizeAt(a), IntE::SizeAt(b)] => Some((*a, Some(*b))),
            _ => None,
        },
        _ => None,
    }
}
