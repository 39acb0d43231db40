//! `(is Line ...)` with Ludii's piece arguments (issue 24; compiled in
//! `src/compile/lines.rs`): `what:`, `whats:`, a player, `if:`.

use super::{Ctx, Interp, NONE, State, Workspace};
use crate::board::{Dir, Site};
use crate::engine::ir::*;

impl Interp {
    /// Ludii's `IsLine` (outside stacks): the pivot holds one of the
    /// line's components and C holds there (else false); along each axis
    /// of the directions, the run of sites through the pivot holding one
    /// of them, C holding on each (`(to)` = the site), is at least LEN
    /// long (exactly LEN with `exact:True`).
    pub(crate) fn general_line(
        &self,
        l: &GeneralLine,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        let site = match &l.through {
            Some(t) => self.int(t, st, ctx, ws),
            None if st.last_to == NONE => -1,
            None => st.last_to as i32,
        };
        if site < 0 {
            return false;
        }
        let site = site as Site;
        let at = Ctx { to: site, ..ctx };
        if let Some(c) = &l.cond
            && !self.bool(c, st, at, ws)
        {
            return false;
        }
        if site as usize >= self.rules.board.len() {
            return false;
        }
        let what = &st.pieces.what;
        let comps: Vec<u8> = match &l.pieces {
            LinePieces::AtPivot => vec![what[site as usize]],
            LinePieces::Owner(p) => {
                let p = self.int(p, st, at, ws);
                (1..self.rules.owners.len())
                    .filter(|&c| i32::from(self.rules.owners[c]) == p)
                    .map(|c| c as u8)
                    .collect()
            }
            LinePieces::Whats(v) => v
                .iter()
                .map(|x| self.int(x, st, at, ws))
                .filter_map(|x| u8::try_from(x).ok())
                .collect(),
        };
        if !comps.contains(&what[site as usize]) {
            return false;
        }
        let len = self.int(&l.len, st, at, ws);
        let available = self.dirs_at(site, &l.dirs);
        for axis in 0..8usize {
            let d = Dir::ALL[axis];
            let o = Dir::ALL[axis + 8];
            if !available.contains(&d) && !available.contains(&o) {
                continue;
            }
            let mut n = 1;
            for r in [
                self.rules.board.radial(site, d),
                self.rules.board.radial(site, o),
            ] {
                for &t in r {
                    let counted = comps.contains(&what[t as usize])
                        && l.cond
                            .as_ref()
                            .is_none_or(|c| self.bool(c, st, Ctx { to: t, ..ctx }, ws));
                    if !counted {
                        break;
                    }
                    n += 1;
                }
            }
            if (l.exact && n == len) || (!l.exact && n >= len) {
                return true;
            }
        }
        false
    }
}
