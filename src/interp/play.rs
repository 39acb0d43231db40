//! Ludemes of the draughts, tafl and hunt games' moves (issue 24; compiled
//! in `src/compile/play.rs`): Ludii's triggered flags.

use super::{Ctx, Interp, State, Workspace};
use crate::engine::ir::*;

impl Interp {
    /// The bit of player `p`'s flags, if `p` is a player.
    fn player_bit(&self, p: i32) -> Option<u32> {
        (p >= 1 && p <= self.rules.players as i32).then(|| 1u32 << (p - 1))
    }

    /// Whether a piece of `comp` stands on board site `s`, at any level.
    fn holds_at_some_level(&self, st: &State, s: u32, comp: u8) -> bool {
        let cap = self.rules.stack_cap;
        if st.pieces.levels.is_empty() || (s as usize) >= self.rules.board.len() {
            return st.pieces.what.get(s as usize) == Some(&comp);
        }
        let base = s as usize * cap;
        st.pieces.levels[base..base + cap].contains(&comp)
    }

    pub(crate) fn play_int(&self, x: &PlayInt, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match x {
            // Ludii's `IsTriggered`: the flag, for a player still playing
            PlayInt::Triggered(p) => {
                let p = self.int(p, st, ctx, ws);
                match self.player_bit(p) {
                    Some(b) => (st.triggered & b != 0 && st.ranks[p as usize] == 0) as i32,
                    None => 0,
                }
            }
            // Ludii's `IsWithin`: the sites of the component's pieces
            PlayInt::Within(p, r) => {
                let comp = self.int(p, st, ctx, ws);
                if comp <= 0 || comp > u8::MAX as i32 {
                    return 0;
                }
                let comp = comp as u8;
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let found = set.iter().any(|s| self.holds_at_some_level(st, s, comp));
                ws.give_set(set);
                found as i32
            }
            PlayInt::Distance(a, b) => {
                let a = self.int(a, st, ctx, ws);
                let b = self.int(b, st, ctx, ws);
                self.adjacent_distance(a, b)
            }
        }
    }

    /// Ludii's `distancesToOtherSite` along Adjacent: a breadth-first
    /// search from `a`; 0 for `a` itself, an unreachable or off-board site.
    fn adjacent_distance(&self, a: i32, b: i32) -> i32 {
        let board = &self.rules.board;
        let n = board.len() as i32;
        if a < 0 || b < 0 || a >= n || b >= n || a == b {
            return 0;
        }
        let rel = crate::board::Relation::Adjacent;
        let mut dist = vec![0i32; n as usize];
        let mut seen = vec![false; n as usize];
        seen[a as usize] = true;
        let mut cur: Vec<u32> = vec![a as u32];
        let mut d = 0;
        while !cur.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &s in &cur {
                for &t in board.neighbours(s, rel) {
                    if !seen[t as usize] {
                        seen[t as usize] = true;
                        dist[t as usize] = d;
                        next.push(t);
                    }
                }
            }
            if seen[b as usize] {
                return dist[b as usize];
            }
            cur = next;
        }
        0
    }

    /// `(sites From MOVES)`: Ludii's `SitesFrom`, the origin of each move
    /// MOVES makes in this position (a move without one adds nothing).
    pub(crate) fn sites_from(
        &self,
        k: u32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut crate::engine::sets::SiteSet,
    ) {
        out.clear();
        let Some(&g) = self.rules.deferred_gens.get(k as usize) else {
            return;
        };
        let mut moves = Vec::new();
        self.generate(g, st, ctx, ws, &mut moves);
        let n = self.total_sites() as u32;
        for m in moves {
            if m.from < n {
                out.insert(m.from);
            }
        }
    }

    pub(crate) fn play_effect(&self, e: &PlayEffect, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        match e {
            PlayEffect::Trigger(p) => {
                let p = self.int(p, st, ctx, ws);
                if let Some(b) = self.player_bit(p) {
                    st.triggered |= b;
                }
            }
            // the pending values form a set (as `(set Pending X)`)
            PlayEffect::PendingSites(r) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                for s in set.iter() {
                    if !st.pending.contains(&(s as i32)) {
                        st.pending.push(s as i32);
                    }
                }
                ws.give_set(set);
            }
        }
    }
}
