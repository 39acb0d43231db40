//! `(OP A B)` over cached `(count Steps ...)` becomes [`BoolE::StepsCmp`].
//!
//! Shape: each side is `(count Steps STEP ORIGIN TARGETS)` whose search can
//! be cached per position (`StepSearch::cacheable`: the step condition reads
//! nothing of the move but `(to)`, the targets nothing of it) and whose
//! origin is a context site (`(to)`, `(from)`, `(between)`, `(site)`), or
//! such a count plus or minus a constant, or a constant; at least one side is
//! a count. Equivalent: `eval_int` of such a count is the table's answer
//! for the origin (a billion off the board), and `Arith` adds or subtracts
//! the constant wrapping, as `StepsTerm::plus` is added.

use crate::engine::ir::*;

/// `b` as a [`BoolE::StepsCmp`] when it has the shape; unchanged otherwise.
pub(crate) fn steps_cmp(b: BoolE) -> BoolE {
    if let BoolE::Cmp(op, x, y) = &b
        && let (Some(a), Some(c)) = (term(x), term(y))
        && (a.id != StepsTerm::CONST || c.id != StepsTerm::CONST)
    {
        return BoolE::StepsCmp { op: *op, a, b: c };
    }
    b
}

fn term(e: &IntE) -> Option<StepsTerm> {
    match e {
        IntE::Const(k) => Some(StepsTerm {
            id: StepsTerm::CONST,
            slot: Slot::To,
            plus: *k,
        }),
        IntE::Arith(op, v) => match (op, v.as_slice()) {
            (ArithOp::Add, [x, IntE::Const(k)]) | (ArithOp::Add, [IntE::Const(k), x]) => {
                count(x, *k)
            }
            (ArithOp::Sub, [x, IntE::Const(k)]) => count(x, k.wrapping_neg()),
            _ => None,
        },
        e => count(e, 0),
    }
}

/// A cacheable count from a context site, plus `plus`.
fn count(e: &IntE, plus: i32) -> Option<StepsTerm> {
    let IntE::CountSteps {
        search, from, id, ..
    } = e
    else {
        return None;
    };
    let slot = match **from {
        IntE::To => Slot::To,
        IntE::From => Slot::From,
        IntE::Between => Slot::Between,
        IntE::Site => Slot::Site,
        _ => return None,
    };
    search.cacheable.then_some(StepsTerm {
        id: *id,
        slot,
        plus,
    })
}

/// A conjunction that [`super::fuse::slot_tests`] left as it was (some part
/// is not a slot test): each run of consecutive slot-test parts becomes one
/// [`BoolE::SlotTests`]. The parts keep their order, and a conjunction of a
/// run is the run's tests in order, so the result is the same condition.
pub(crate) fn fuse_runs(b: BoolE) -> BoolE {
    let BoolE::And(v) = b else {
        return b;
    };
    let mut out: Vec<BoolE> = Vec::with_capacity(v.len());
    for x in v {
        let fused = super::fuse::slot_tests(BoolE::And(vec![x.clone()]));
        match (fused, out.last_mut()) {
            (BoolE::SlotTests(t), Some(BoolE::SlotTests(prev))) => prev.extend(t),
            (BoolE::SlotTests(t), _) => out.push(BoolE::SlotTests(t)),
            _ => out.push(x),
        }
    }
    BoolE::And(out)
}
