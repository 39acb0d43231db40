//! `(move Step REL (to if:(and SLOT_TESTS STEPS_CMP ...)))` from the current
//! `(from)` (the shape [`SiteTest::SlotsThenSteps`] names): per origin, the
//! slot tests are planned once and each side of a `count Steps` comparison
//! that does not read `(to)` is read once from the per-position table; per
//! neighbour, what is left is a component bit and a table read per side.

use super::eval::{Ctx, cmp};
use super::ir::*;
use super::sitetest::SiteTest;
use super::{Game, Move, State, Workspace};
use crate::board::{Relation, Site};

/// One side of a comparison, as far as it is known for one origin.
#[derive(Clone, Copy)]
enum Side {
    /// Does not read `(to)`: its value.
    Fixed(i32),
    /// The count from `(to)` of table `id`, plus the constant.
    AtTo(u32, i32),
}

/// Comparisons a step takes this way (more: the general loop).
const MAX_CMPS: usize = 4;

impl Game {
    /// The moves of step node `id` for the piece `comp` on board site `f`:
    /// the general loop's moves in its order (neighbours of `f` under `rel`
    /// in list order, each kept when the slot tests, then the comparisons,
    /// hold). False (nothing done) when the shape does not fit.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn step_slots_steps(
        &self,
        (rel, stack, id): (Relation, bool, u32),
        to_if: &BoolE,
        f: Site,
        comp: u8,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let SiteTest::SlotsThenSteps(tests, cmps) =
            SiteTest::of(Some(to_if), Slot::To, SiteTest::Empty)
        else {
            return false;
        };
        if cmps.len() > MAX_CMPS {
            return false;
        }
        let c = Ctx { from: f, ..ctx };
        // tests of `(to)` alone: one plan per position
        let plan = match ws.to_plan {
            Some((e, node, p)) if e == ws.epoch && node == id => p,
            _ => {
                let Some(p) = self.slot_plan(tests, st, c) else {
                    return false;
                };
                if super::slots::to_only(tests) {
                    ws.to_plan = Some((ws.epoch, id, p));
                }
                p
            }
        };
        if !plan.ok {
            return true;
        }
        let mut sides = [(CmpOp::Eq, Side::Fixed(0), Side::Fixed(0)); MAX_CMPS];
        for (k, b) in cmps.iter().enumerate() {
            let BoolE::StepsCmp { op, a, b } = b else {
                return false;
            };
            let mut side = |t: StepsTerm| {
                if t.id != StepsTerm::CONST && t.slot == Slot::To {
                    // every neighbour is a board site: read from the table
                    self.ensure_steps(t.id as usize, st, ws);
                    Side::AtTo(t.id, t.plus)
                } else {
                    Side::Fixed(self.steps_term(t, st, c, ws))
                }
            };
            sides[k] = (*op, side(*a), side(*b));
        }
        let sides = &sides[..cmps.len()];
        let tables = &ws.steps_cache;
        let val = |s: Side, t: Site| match s {
            Side::Fixed(v) => v,
            Side::AtTo(i, plus) => tables[i as usize].get(t as usize).wrapping_add(plus),
        };
        for &t in self.board.neighbours(f, rel) {
            if plan.holds(st, t)
                && sides
                    .iter()
                    .all(|&(op, a, b)| cmp(op, val(a, t), val(b, t)))
            {
                out.push(Move::carry(f, t, comp, stack, id));
            }
        }
        true
    }
}
