//! Ludemes that the reference interpreter alone plays (the engine declines
//! them; `src/dispatch.rs` sends their games here). One function per
//! ludeme, called from a one-line arm of [`Interp::int`] or
//! [`Interp::bool`]; each says what it means as Ludii 1.0.8 defines it.

use super::Ctx;
use super::{Interp, State, Workspace};
use crate::board::NONE;
use crate::engine::ir::*;
use crate::engine::{Outcome, PlayerResult};

impl Interp {
    /// `(last To)` / `(last From)`: the target / origin of the last
    /// decision, -1 before the first. An add or removal, which has one
    /// site, gives it for both (Ludii's `fromNonDecision` of an add is its
    /// site). After a pass both are -1 (Ludii's pass has no site; the
    /// differential runner found it on a game of ours at ply 10).
    pub(crate) fn last_site(&self, which: LastSite, st: &State) -> i32 {
        let s = |x: u32| if x == NONE { -1 } else { x as i32 };
        if st.last_pass {
            return -1;
        }
        match which {
            LastSite::To => s(st.last_to),
            LastSite::From if st.last_from == NONE => s(st.last_to),
            LastSite::From => s(st.last_from),
            // Ludii walks the last decision's actions back to the last one
            // with a site (a pass has none: -1 above)
            LastSite::ToAfter => s(st.after_to),
            LastSite::FromAfter => s(st.after_from),
        }
    }

    /// `(is Even X)` / `(is Odd X)`: the lowest bit of X (two's
    /// complement, so -1 is odd).
    pub(crate) fn parity(
        &self,
        odd: bool,
        x: &IntE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        (self.int(x, st, ctx, ws) & 1 == 1) == odd
    }

    /// `(is Full)`: no site of the board (the first container; not the
    /// hands) is empty.
    pub(crate) fn is_full(&self, st: &State) -> bool {
        let n = self.rules.board.len();
        st.pieces.what[..n].iter().all(|&c| c != 0)
    }

    /// End rules in a game of more than two players, as Ludii 1.0.8 applies
    /// them (`End.eval`, `End.applyResult`): every rule is tried in
    /// order, and one whose player has already left the game is skipped.
    /// `(result P Win)` gives P the best rank not yet taken and takes P out
    /// of the game; `(result P Loss)` the worst not yet taken. Play goes on
    /// among the others (the turn skips ranked players) until one is left,
    /// who takes the remaining rank. A draw or a result for `All`, or
    /// `byScore`, ends the game as with two players. The outcome: the
    /// player ranked first wins, the others lose.
    pub(crate) fn check_end_ranked(
        &self,
        rules: &[EndRule],
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        for rule in rules {
            if st.outcome.is_some() {
                break;
            }
            if !self.bool(&rule.cond, st, ctx, ws) {
                continue;
            }
            match &rule.result {
                ResultSpec::Result(role, kind @ (ResultKind::Win | ResultKind::Loss))
                    if *role != Role::All =>
                {
                    let who = self.role(*role, st);
                    if who == 0 || who > self.rules.players || st.ranks[who as usize] != 0 {
                        continue;
                    }
                    self.rank_result(who, *kind == ResultKind::Win, st);
                }
                r => {
                    let o = self.result_of(r, st, ctx, ws);
                    st.outcome = Some(o);
                }
            }
        }
        st.outcome.is_some()
    }

    /// Ranks `who` (best free rank for a win, worst for a loss) and ends
    /// the game when at most one player is left.
    pub(crate) fn rank_result(&self, who: u8, win: bool, st: &mut State) {
        let n = self.rules.players;
        let taken = |st: &State, k: u8| (1..=n).any(|p| st.ranks[p as usize] == k);
        let rank = if win {
            (1..=n).find(|&k| !taken(st, k)).unwrap_or(1)
        } else {
            (1..=n).rev().find(|&k| !taken(st, k)).unwrap_or(n)
        };
        st.ranks[who as usize] = rank;
        let left: Vec<u8> = (1..=n).filter(|&p| st.ranks[p as usize] == 0).collect();
        if left.len() <= 1 {
            if let Some(&last) = left.first() {
                st.ranks[last as usize] = (1..=n).find(|&k| !taken(st, k)).unwrap_or(n);
            }
            let mut o = Outcome::draw(n);
            for p in 1..=n {
                o.results[p as usize] = if st.ranks[p as usize] == 1 {
                    PlayerResult::Win
                } else {
                    PlayerResult::Loss
                };
            }
            st.outcome = Some(o);
        }
    }

    /// Ludii's `Next` (`state.next()`): the player the turn passes to.
    /// Ludii's `(moveAgain)` sets it to the mover as soon as it applies,
    /// `(set NextPlayer P)` to P: so the consequences that follow within
    /// the decision and its end rules read that player (not its
    /// `nextPhase` rules: `effects.rs`); otherwise it is the player after
    /// the mover. So `(no Moves Next)` in the end rules, after a decision
    /// that moves again, asks whether the mover can go on.
    pub(crate) fn next_of(&self, st: &State) -> u8 {
        if st.move_again {
            st.mover
        } else if st.next_override != 0 {
            st.next_override
        } else {
            self.next_player(st.mover)
        }
    }

    /// The player after `p` who has not left the game (ranked); `p`'s
    /// successor when every other has.
    pub(crate) fn next_active(&self, st: &State, p: u8) -> u8 {
        let mut q = self.next_player(p);
        for _ in 0..self.rules.players {
            if st.ranks[q as usize] == 0 {
                return q;
            }
            q = self.next_player(q);
        }
        self.next_player(p)
    }

    /// A draw among the players still in the game: a player already
    /// ranked first keeps the win (Ludii's status names them), the others
    /// lose; with nobody ranked, a draw for all.
    pub(crate) fn draw_outcome(&self, st: &State) -> Outcome {
        let n = self.rules.players;
        match (1..=n).find(|&p| st.ranks[p as usize] == 1) {
            Some(w) => Outcome::win(n, w),
            None => Outcome::draw(n),
        }
    }
}
