//! Dice, as Ludii 1.0.8 plays them: `(dice ...)` equipment, `(roll)`,
//! `(count Pips)` and `(do E next:M)` (the moves of M after E, each
//! playing E first).
//!
//! A position holds the state of Ludii's random generator (a SplitMix64,
//! seeded with 0 by default as Ludii's perft harness seeds its root, or
//! with `--dice-seed S` as its trace harness seeds a game) and the dice's
//! current values. A roll draws from that state, each die in order, as
//! Ludii's `Die.roll` does (`nextInt(faces)` of Apache Commons RNG): the
//! moves generated after a roll and the move played then see the same
//! values, and a seeded game rolls what Ludii rolls with that seed.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::Move;
use crate::engine::ir::*;

/// Ludii's SplitMix64 (Apache Commons RNG): the next 64 bits.
pub(crate) fn next_long(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Commons RNG's `nextInt()` of a 64-bit source: the high and low halves
/// of one long, exclusive-or'ed.
fn next_int(state: &mut u64) -> i32 {
    let v = next_long(state);
    ((v >> 32) as u32 ^ v as u32) as i32
}

/// Commons RNG's `nextInt(n)` (`BaseProvider`), n > 0: a power of two
/// takes the high bits, any other n rejects the top partial range.
pub(crate) fn next_int_below(state: &mut u64, n: i32) -> i32 {
    debug_assert!(n > 0);
    if n & n.wrapping_neg() == n {
        let bits = ((next_int(state) as u32) >> 1) as i64;
        return ((n as i64 * bits) >> 31) as i32;
    }
    loop {
        let bits = ((next_int(state) as u32) >> 1) as i32;
        let val = bits % n;
        if bits.wrapping_sub(val).wrapping_add(n - 1) >= 0 {
            return val;
        }
    }
}

/// The current value of every die, all `(dice ...)` in order: before the
/// first roll each shows its first face (Ludii places each die with
/// state 0).
fn values(st: &State, dice: &[DiceSet]) -> Vec<i32> {
    if !st.dice.is_empty() {
        return st.dice.clone();
    }
    dice.iter()
        .flat_map(|d| d.faces.iter().map(|f| f[0]))
        .collect()
}

impl Interp {
    /// `(count Pips ...)`: the sum of the first dice owned by `who`.
    pub(crate) fn count_pips(
        &self,
        who: &IntE,
        dice: &[DiceSet],
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        let p = self.int(who, st, ctx, ws);
        let mut first = 0;
        for d in dice {
            let n = d.faces.len();
            if d.owner as i32 == p {
                if st.dice.is_empty() {
                    return d.faces.iter().map(|f| f[0]).sum();
                }
                return st.dice[first..first + n].iter().sum();
            }
            first += n;
        }
        0
    }

    /// `(roll)`: one draw per die, in order.
    pub(crate) fn roll(&self, dice: &[DiceSet], st: &mut State) {
        let mut v = values(st, dice);
        let mut i = 0;
        for d in dice {
            for f in &d.faces {
                let k = next_int_below(&mut st.rng, f.len() as i32);
                v[i] = f[k as usize];
                i += 1;
            }
        }
        st.dice = v;
    }

    /// `(do E next:M)`: M's moves in the position after E; none (in a
    /// game with dice) is a pass that plays E, as in Ludii.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn do_next_moves(
        &self,
        id: u32,
        prior: &Effect,
        next: u32,
        pass: bool,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let mut after = Box::new(st.clone());
        self.effect(prior, &mut after, ctx, ws);
        ws.rolled = Some(after.rng);
        // what is computed of the position being generated holds for
        // `after` now, then for `st` again
        let outer = std::mem::replace(
            &mut ws.generating,
            std::ptr::from_ref(after.as_ref()) as usize,
        );
        ws.generating_tables.iter_mut().for_each(|t| t.clear());
        let before = out.len();
        self.generate(next, &after, ctx, ws, out);
        ws.generating = outer;
        ws.generating_tables.iter_mut().for_each(|t| t.clear());
        if pass && out.len() == before {
            out.push(Move {
                node: id,
                ..Move::pass()
            });
        }
    }

    /// After a pass in a game with dice: Ludii's `Game.applyInternal`
    /// first asks whether the mover could move (`computeStalemated`),
    /// which generates the moves of `before` (the position the pass was
    /// played in) once more, rolling again with the generator as the pass
    /// left it. Those values are not used, but the draws are made: `st`'s
    /// generator moves on as Ludii's does.
    pub(crate) fn roll_after_pass(&self, before: &State, st: &mut State, ws: &mut Workspace) {
        let mut again = before.clone();
        again.rng = st.rng;
        ws.rolled = None;
        let mut moves = Vec::new();
        self.legal_moves_into(&again, ws, &mut moves);
        if let Some(r) = ws.rolled.take() {
            st.rng = r;
        }
    }

    /// The effects of the `(do E next:M)` nodes enclosing node `id` (and
    /// `id` itself), up to but excluding node `stop`: played outermost
    /// first, before the move's own actions.
    pub(crate) fn apply_priors(
        &self,
        id: u32,
        stop: Option<u32>,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        if !self.rules.has_do_next {
            return;
        }
        let mut chain = Vec::new();
        let mut at = Some(id);
        while let Some(i) = at {
            if Some(i) == stop {
                break;
            }
            let node = &self.rules.gens[i as usize];
            if let GenKind::DoNext { prior, .. } = &node.kind {
                chain.push(prior);
            }
            at = node.parent;
        }
        for prior in chain.into_iter().rev() {
            self.effect(prior, st, ctx, ws);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64's first outputs from seed 0 (the published reference
    /// values of the generator).
    #[test]
    fn splitmix64_reference_values() {
        let mut s = 0u64;
        assert_eq!(next_long(&mut s), 0xe220_a839_7b1d_cdaf);
        assert_eq!(next_long(&mut s), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(next_long(&mut s), 0x06c4_5d18_8009_454f);
    }

    /// `nextInt(n)` stays below n, and a power of two reads the high bits.
    #[test]
    fn draws_below_the_bound() {
        let mut s = 7u64;
        for n in [1, 2, 3, 4, 6, 7] {
            for _ in 0..100 {
                let v = next_int_below(&mut s, n);
                assert!((0..n).contains(&v), "{v} of {n}");
            }
        }
        let mut a = 0u64;
        let mut b = 0u64;
        let hi = ((next_int(&mut b) as u32) >> 1) as i64;
        assert_eq!(next_int_below(&mut a, 4) as i64, (4 * hi) >> 31);
    }
}
