//! Ludemes of the connection games (issue 24; compiled in
//! `src/compile/connect.rs`): `(is Connected ...)`.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;

impl Interp {
    pub(crate) fn connect_int(
        &self,
        x: &ConnectInt,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        match x {
            ConnectInt::Connected(c) => self.is_connected(c, st, ctx, ws) as i32,
            ConnectInt::Line(l) => self.general_line(l, st, ctx, ws) as i32,
        }
    }

    /// Ludii's `IsConnected`: from the site S (`(last To)`), the group of
    /// sites holding S's component, joined by the directions, touches N of
    /// the regions (all of them by default). S counts for the regions it
    /// is in whoever owns it; the group grows only when S is the player's
    /// (regions of a player) or always (listed regions, region types).
    /// N = 0 holds when there is a region.
    fn is_connected(&self, c: &Connected, st: &State, ctx: Ctx, ws: &mut Workspace) -> bool {
        let from = self.int(&c.at, st, ctx, ws);
        let n = self.rules.board.len();
        if from < 0 || from as usize >= n {
            return false;
        }
        let from = from as u32;
        let what = st.pieces.what[from as usize];
        if what == 0 {
            return false;
        }
        let need = c.number.as_ref().map(|e| self.int(e, st, ctx, ws));
        match &c.regions {
            ConnRegions::List(v) => {
                let mut listed: Vec<SiteSet> = Vec::with_capacity(v.len());
                for r in v {
                    let mut set = ws.take_set();
                    self.region(r, st, ctx, ws, &mut set);
                    listed.push(set);
                }
                let found = self.connected_from(from, -1, &listed, need, st, &c.dirs);
                listed.into_iter().for_each(|s| ws.give_set(s));
                found
            }
            ConnRegions::Static(v) => self.connected_from(from, -1, v, need, st, &c.dirs),
            ConnRegions::Owned(p, per) => {
                let player = self.int(p, st, ctx, ws);
                let v = match usize::try_from(player).ok().and_then(|p| per.get(p)) {
                    Some(v) => v.as_slice(),
                    None => &[],
                };
                self.connected_from(from, player, v, need, st, &c.dirs)
            }
        }
    }

    /// `IsConnected` from board site `from` (occupied) for `player` (-1:
    /// any), needing `need` of `regions` (all when `None`).
    fn connected_from(
        &self,
        from: u32,
        player: i32,
        regions: &[SiteSet],
        need: Option<i32>,
        st: &State,
        dirs: &DirSpec,
    ) -> bool {
        let n = self.rules.board.len();
        let what = st.pieces.what[from as usize];
        let need = need.unwrap_or(regions.len() as i32);
        if regions.is_empty() || need < 0 {
            return false;
        }
        if need == 0 {
            return true;
        }
        let mut left: Vec<&SiteSet> = regions.iter().collect();
        let mut found = 0;
        let mut touch = |s: u32, left: &mut Vec<&SiteSet>| {
            let before = left.len();
            left.retain(|r| !r.contains(s));
            found += (before - left.len()) as i32;
            found >= need
        };
        if touch(from, &mut left) {
            return true;
        }
        let grows = player == -1 || i32::from(self.owner(what)) == player;
        if !grows {
            return false;
        }
        let mut seen = vec![false; n];
        seen[from as usize] = true;
        let mut group = vec![from];
        let mut i = 0;
        while i < group.len() {
            let s = group[i];
            i += 1;
            for t in self.neighbours(s, dirs) {
                if seen[t as usize] || st.pieces.what[t as usize] != what {
                    continue;
                }
                if touch(t, &mut left) {
                    return true;
                }
                seen[t as usize] = true;
                group.push(t);
            }
        }
        false
    }
}
