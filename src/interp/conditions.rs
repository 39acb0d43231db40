//! Conditions and integer functions that only the reference interpreter
//! plays (their compilation: `src/compile/conditions.rs`). Each says what
//! it means as Ludii 1.0.8 defines it.

use super::{Ctx, Interp, State, Workspace};
use crate::board::{Dir, NONE, Site};
use crate::engine::ir::*;

impl Interp {
    /// `(mapEntry ["Name"] KEY)`: the first pair whose key is KEY's value
    /// gives the value; the key itself when there is none (Ludii's
    /// `MapEntry.eval`).
    pub(crate) fn map_entry(
        &self,
        pairs: &[(i32, i32)],
        key: &IntE,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        let k = self.int(key, st, ctx, ws);
        pairs.iter().find(|(pk, _)| *pk == k).map_or(k, |&(_, v)| v)
    }

    /// `(count MovesThisTurn)`: Ludii's `numTurnSamePlayer`, the
    /// decisions the mover already made in this turn (0 in a turn's first
    /// decision, also while its consequences apply).
    pub(crate) fn moves_this_turn(&self, st: &State) -> i32 {
        st.turn_decisions as i32
    }

    /// The component at `level` of board site `s` (0: none there).
    fn what_at_level(&self, st: &State, s: Site, level: i32) -> u8 {
        let su = s as usize;
        if level < 0 || level >= st.pieces.count[su] as i32 {
            return 0;
        }
        let cap = self.rules.stack_cap;
        st.pieces.levels[su * cap + level as usize]
    }

    /// Pieces of `comp` along `ray`, the k-th site (from 1) at level
    /// `level + k * slope`, counted until one is missing.
    fn run_by_level(&self, st: &State, ray: &[Site], comp: u8, level: i32, slope: i32) -> i32 {
        let mut n = 0;
        for (k, &t) in ray.iter().enumerate() {
            if self.what_at_level(st, t, level + (k as i32 + 1) * slope) != comp {
                break;
            }
            n += 1;
        }
        n
    }

    /// `(is Line N DIRS byLevel:True [through:S])` (Ludii's
    /// `IsLine.evalStack` with `byLevel`): with S (default: the last
    /// move's target) holding a stack whose top piece is C at level L, a
    /// line of at least N pieces of C: down S's stack from L; along an
    /// axis of DIRS at level L; or along an axis with the level falling by
    /// one a step one way and rising by one the other way (both slopes).
    /// In a game without stacks Ludii ignores `byLevel` (its plain line
    /// test applies).
    pub(crate) fn is_line_by_level(
        &self,
        len: &IntE,
        dirs: &DirSpec,
        through: Option<&IntE>,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let site = match through {
            Some(t) => self.int(t, st, ctx, ws),
            None if st.last_to == NONE => -1,
            None => st.last_to as i32,
        };
        let len = self.int(len, st, ctx, ws);
        if site < 0 || site as usize >= self.rules.board.len() {
            return false;
        }
        let site = site as Site;
        if !self.rules.stacking {
            return self.is_line(st, site, len, dirs, false);
        }
        let comp = st.pieces.what[site as usize];
        if len <= 1 {
            // Ludii answers true for a length of 1 before looking
            return true;
        }
        if comp == 0 {
            return false;
        }
        let top = st.pieces.count[site as usize] as i32 - 1;
        // down the stack
        if top + 1 >= len && (1..len).all(|i| self.what_at_level(st, site, top - i) == comp) {
            return true;
        }
        let available = self.dirs_at(site, dirs);
        for axis in 0..8usize {
            let d = Dir::ALL[axis];
            let o = Dir::ALL[axis + 8];
            if !available.contains(&d) && !available.contains(&o) {
                continue;
            }
            let (r1, r2) = (
                self.rules.board.radial(site, d),
                self.rules.board.radial(site, o),
            );
            for slope in [0, -1, 1] {
                let n = 1
                    + self.run_by_level(st, r1, comp, top, slope)
                    + self.run_by_level(st, r2, comp, top, -slope);
                if n >= len {
                    return true;
                }
            }
        }
        false
    }
}
