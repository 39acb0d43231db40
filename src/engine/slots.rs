//! Evaluation of [`BoolE::SlotTests`]: small conditions on the cells at
//! context sites, fused at compile time into a flat list (see
//! `compile::fuse`). Each test reads exactly what the condition it replaces
//! reads, with the same out-of-range answers.

use super::eval::{Ctx, cmp};
use super::ir::*;
use super::{Game, State};

impl Game {
    /// Whether every test holds (in order, stopping at the first failure).
    #[inline]
    pub(crate) fn slot_tests(&self, tests: &[SlotTest], st: &State, ctx: Ctx) -> bool {
        tests.iter().all(|t| self.slot_test(*t, st, ctx))
    }

    #[inline]
    fn slot_test(&self, t: SlotTest, st: &State, ctx: Ctx) -> bool {
        // the top component at a slot (0 if empty or off the board)
        let what = |s: Slot| {
            let s = ctx.slot(s) as usize;
            if s < st.what.len() { st.what[s] } else { 0 }
        };
        let size = |s: Slot| {
            let s = ctx.slot(s) as usize;
            if s < st.count.len() {
                st.count[s] as i32
            } else {
                0
            }
        };
        let val = |v: SlotVal| match v {
            SlotVal::Const(c) => c,
            SlotVal::Role(r) => self.role(r, st) as i32,
        };
        match t {
            SlotTest::Empty(s) => {
                let s = ctx.slot(s) as usize;
                s < st.what.len() && st.what[s] == 0
            }
            SlotTest::Occupied(s) => what(s) != 0,
            SlotTest::Enemy(s) => {
                let o = self.owner(what(s));
                o != 0 && o != st.mover
            }
            SlotTest::Friend(s) => {
                let c = what(s);
                c != 0 && self.owner(c) == st.mover
            }
            SlotTest::Who(s, op, v) => cmp(op, self.owner(what(s)) as i32, val(v)),
            SlotTest::What(s, op, v) => cmp(op, what(s) as i32, val(v)),
            SlotTest::Size(a, b, op, k) => {
                let n = match b {
                    Some(b) => size(a).wrapping_add(size(b)),
                    None => size(a),
                };
                cmp(op, n, k)
            }
        }
    }
}
