//! Sites found by position (issue 24), as Ludii 1.0.8 evaluates them:
//! `(ahead ...)`, `(where ...)`, `(row of:X)`, `(column of:X)`.

use super::{Ctx, Interp, State, Workspace};
use crate::board::Site;
use crate::engine::ir::*;

impl Interp {
    pub(crate) fn regions_int(
        &self,
        r: &RegionsInt,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        let board = &self.rules.board;
        let on_board = |v: i32| v >= 0 && (v as usize) < board.len();
        match r {
            RegionsInt::Ahead { site, steps, dir } => {
                let s = self.int(site, st, ctx, ws);
                if !on_board(s) {
                    return -1;
                }
                let n = self.int(steps, st, ctx, ws);
                let radial = board.radial(s as Site, *dir);
                // Ludii: the site itself when the radial is too short
                if n < 0 || radial.is_empty() || (n as usize) > radial.len() {
                    return s;
                }
                if n == 0 {
                    s
                } else {
                    radial[n as usize - 1] as i32
                }
            }
            RegionsInt::WhereNamed { who, by_player } => {
                let p = self.int(who, st, ctx, ws);
                let Some(comps) = usize::try_from(p).ok().and_then(|p| by_player.get(p)) else {
                    return -1;
                };
                let Some(&c) = comps.first() else {
                    return -1;
                };
                self.first_site_of(c, st)
            }
            RegionsInt::WhereWhat(w) => {
                let c = self.int(w, st, ctx, ws);
                if c <= 0 || c > u8::MAX as i32 {
                    return -1;
                }
                self.first_site_of(c as u8, st)
            }
            RegionsInt::RowOf { site, column } => {
                let s = self.int(site, st, ctx, ws);
                if !on_board(s) {
                    return -1;
                }
                let info = &board.sites[s as usize];
                (if *column { info.col } else { info.row }) as i32
            }
        }
    }

    /// The lowest board site whose top piece is component `c`, -1 if none.
    fn first_site_of(&self, c: u8, st: &State) -> i32 {
        (0..self.rules.board.len())
            .find(|&s| st.pieces.what[s] == c)
            .map_or(-1, |s| s as i32)
    }
}
