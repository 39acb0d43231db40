//! Ludemes that the reference interpreter alone plays (the engine declines
//! them; `src/dispatch.rs` sends their games here). One function per
//! ludeme, called from a one-line arm of [`Interp::int`] or
//! [`Interp::bool`]; each says what it means as Ludii 1.0.8 defines it.

use super::Ctx;
use super::{Interp, State, Workspace};
use crate::board::NONE;
use crate::engine::ir::*;

impl Interp {
    /// `(last To)` / `(last From)`: the target / origin of the last
    /// decision, -1 before the first. An add or removal, which has one
    /// site, gives it for both (Ludii's `fromNonDecision` of an add is its
    /// site). A pass keeps the sites of the move before it (the
    /// interpreter records the last move that was not a pass).
    pub(crate) fn last_site(&self, which: LastSite, st: &State) -> i32 {
        let s = |x: u32| if x == NONE { -1 } else { x as i32 };
        match which {
            LastSite::To => s(st.last_to),
            LastSite::From if st.last_from == NONE => s(st.last_to),
            LastSite::From => s(st.last_from),
        }
    }

    /// `(is Even X)` / `(is Odd X)`: the lowest bit of X (two's
    /// complement, so -1 is odd).
    pub(crate) fn parity(&self, odd: bool, x: &IntE, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        (self.int(x, st, ctx, ws) & 1 == 1) == odd
    }

    /// `(is Full)`: no site of the board (the first container; not the
    /// hands) is empty.
    pub(crate) fn is_full(&self, st: &State) -> bool {
        let n = self.rules.board.len();
        st.pieces.what[..n].iter().all(|&c| c != 0)
    }
}
