//! The mancala ludemes: seeds counted per site, `(move Select ...)`,
//! `(sow ...)`, `(fromTo ... count:N)` as an effect, `(count at:X)`,
//! `(count in:R)`, `(mapEntry ...)`, `(set Count N to:R)` at the start.
//!
//! A site holds one kind of piece and a count of it (Ludii's count of a
//! site in a game without stacks); moving seeds changes counts, and a site
//! whose count falls to 0 is empty.

use super::{Ctx, Interp, State, Workspace};
use crate::board::Site;
use crate::board::track::{TRACK_END, Track};
use crate::engine::ir::*;
use crate::engine::{Move, MoveKind};

impl Interp {
    /// Puts `n` pieces of `comp` on site `s` (onto those of the same kind;
    /// a site of another kind is left as it is, as Ludii's moves of
    /// several pieces do).
    pub(crate) fn add_count(&self, st: &mut State, s: Site, comp: u8, n: u32) {
        st.note(s, s);
        let su = s as usize;
        if n == 0 || comp == 0 || su >= st.pieces.what.len() {
            return;
        }
        let p = &mut st.pieces;
        if p.count[su] == 0 || p.what[su] == 0 {
            p.what[su] = comp;
            p.count[su] = n.min(u16::MAX as u32) as u16;
        } else if p.what[su] == comp {
            p.count[su] = (p.count[su] as u32 + n).min(u16::MAX as u32) as u16;
        } else {
            return;
        }
        st.comp_count[comp as usize] += n;
    }

    /// Takes up to `n` pieces off site `s`; their kind (0: none there).
    pub(crate) fn sub_count(&self, st: &mut State, s: Site, n: u32) -> u8 {
        st.note(s, s);
        let su = s as usize;
        if su >= st.pieces.what.len() {
            return 0;
        }
        let p = &mut st.pieces;
        let comp = p.what[su];
        if comp == 0 {
            return 0;
        }
        let k = n.min(p.count[su] as u32);
        p.count[su] -= k as u16;
        if p.count[su] == 0 {
            p.what[su] = 0;
        }
        st.comp_count[comp as usize] -= k;
        comp
    }

    /// Ludii's move of N pieces: N leave A (all if fewer), N arrive on B
    /// if B is empty or holds pieces of their kind.
    fn move_count(&self, st: &mut State, a: Site, b: Site, n: u32) {
        let comp = self.sub_count(st, a, n);
        self.add_count(st, b, comp, n);
        st.note(a, b);
    }

    /// The pieces at a site (0 off the board).
    pub(crate) fn count_at(&self, st: &State, s: i32) -> i32 {
        if s < 0 || s as usize >= st.pieces.what.len() || st.pieces.what[s as usize] == 0 {
            0
        } else {
            st.pieces.count[s as usize] as i32
        }
    }

    pub(crate) fn mancala_int(
        &self,
        e: &MancalaInt,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> i32 {
        match e {
            // `(count at:X)`: how many pieces stand at X
            MancalaInt::CountAt(x) => {
                let s = self.int(x, st, ctx, ws);
                self.count_at(st, s)
            }
            // `(count in:R)`: the pieces on all sites of R
            MancalaInt::CountIn(r) => {
                let mut set = ws.take_set();
                self.region(r, st, ctx, ws, &mut set);
                let n = set.iter().map(|s| self.count_at(st, s as i32)).sum();
                ws.give_set(set);
                n
            }
        }
    }

    /// `(move Select (from R if:C))`: one move per site of R where C holds
    /// (with `(from)` = the site).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn select_moves(
        &self,
        id: u32,
        from: &RegionE,
        from_if: Option<&BoolE>,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let mut set = ws.take_set();
        self.region(from, st, ctx, ws, &mut set);
        for s in set.iter() {
            let c = Ctx {
                from: s,
                to: s,
                ..ctx
            };
            if from_if.is_none_or(|b| self.bool(b, st, c, ws)) {
                out.push(Move {
                    kind: MoveKind::Select,
                    from: s,
                    to: s,
                    what: st.pieces.what.get(s as usize).copied().unwrap_or(0),
                    node: id,
                    site: ctx.site,
                    ..Move::pass()
                });
            }
        }
        ws.give_set(set);
    }

    pub(crate) fn mancala_effect(
        &self,
        e: &MancalaEffect,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        match e {
            // `(fromTo (from A) (to B) count:N)`: if A holds pieces, N of
            // them leave A (all if fewer) and N arrive on B (onto pieces
            // of their kind or an empty site); without `count:`, one
            // piece. B is read with `(from)` = A; N with the context of
            // the fromTo itself (as Ludii reads them). Inside a sow's
            // `apply:` the move is recorded, to be played after.
            MancalaEffect::MoveCount { from, to, count } => {
                let a = self.int(from, st, ctx, ws);
                if self.count_at(st, a) == 0 {
                    return;
                }
                let b = self.int(
                    to,
                    st,
                    Ctx {
                        from: a as Site,
                        ..ctx
                    },
                    ws,
                );
                if b < 0 || b as usize >= st.pieces.what.len() {
                    return;
                }
                // Ludii's `FromTo` reads `count:` in the enclosing context
                // (its `(from)` and `(to)`, not A and B)
                let n = match count {
                    Some(n) => self.int(n, st, ctx, ws).max(0) as u32,
                    None => 1,
                };
                match &mut ws.sow_log {
                    Some(log) => log.push((a as Site, b as Site, n)),
                    None => self.move_count(st, a as Site, b as Site, n),
                }
            }
            MancalaEffect::Sow(s) => self.sow(s, st, ctx, ws),
            // `(set Count at:X N)`: the pieces at X (if any) become N of
            // their kind (none: X is emptied)
            MancalaEffect::SetCount { at, count } => {
                let x = self.int(at, st, ctx, ws);
                let n = self.int(count, st, ctx, ws).max(0) as u32;
                if self.count_at(st, x) == 0 {
                    return;
                }
                let comp = self.sub_count(st, x as Site, u32::MAX);
                self.add_count(st, x as Site, comp, n);
            }
        }
    }

    /// The track a sow uses: with no name, the first of the board's; with
    /// a name and no owner, the one of that name; with an owner, the first
    /// of that owner's whose name contains the name.
    fn sow_track<'a>(&self, s: &'a Sow, owner: Option<i32>) -> Option<&'a Track> {
        s.tracks.iter().find(|t| match (&s.named, owner) {
            (None, _) => true,
            (Some(n), None) => &t.name == n,
            (Some(n), Some(o)) => t.owner as i32 == o && t.name.contains(n.as_str()),
        })
    }

    /// `(sow ...)`, as Ludii plays it:
    /// 1. the seeds at START (COUNT of them) are sown one per site along
    ///    the track from START: a site where `skipIf:` holds (read on the
    ///    position before sowing, `(to)` = that site) is passed over;
    ///    without `includeSelf:`, START itself is passed over; with
    ///    `origin:`, the first seed stays at START;
    /// 2. then, on the position after sowing, with `(from)` = START and
    ///    `(to)` = the last site sown: while `if:` holds, `apply:` acts,
    ///    and with `backtracking:` (while it holds for the site before,
    ///    until START) the same at the site before on the track;
    /// 3. its `then`.
    fn sow(&self, s: &Sow, st: &mut State, ctx: Ctx, ws: &mut Workspace) {
        let start = self.int(&s.start, st, ctx, ws);
        if start < 0 {
            return;
        }
        let start = start as Site;
        let mut count = match &s.count {
            Some(c) => self.int(c, st, ctx, ws),
            None => self.count_at(st, start as i32),
        };
        let owner = s.owner.as_ref().map(|o| self.int(o, st, ctx, ws));
        let Some(track) = self.sow_track(s, owner) else {
            return;
        };
        let Some(mut i) = track.index_of(start) else {
            return;
        };
        let mut c = ctx;
        let mut drops: Vec<Site> = Vec::new();
        if self.bool(&s.origin, st, c, ws) {
            drops.push(start);
            count -= 1;
            c.to = start;
        }
        // (a sow that could only skip, forever, stops after this many)
        let mut guard = 64 * (track.sites.len() as i64 + 1) * (count.max(0) as i64 + 1);
        let mut index = 0;
        while index < count {
            guard -= 1;
            let Some(ni) = track.next_index(i) else { break };
            let to = track.sites[ni];
            c.to = to;
            if guard < 0 || to == TRACK_END {
                break;
            }
            if let Some(skip) = &s.skip
                && self.bool(skip, st, c, ws)
            {
                i = ni;
                continue;
            }
            let (mut ni, mut to) = (ni, to);
            if !s.include_self && to == start {
                let Some(nn) = track.next_index(ni) else {
                    break;
                };
                ni = nn;
                to = track.sites[ni];
            }
            drops.push(to);
            c.to = to;
            i = ni;
            index += 1;
        }
        for &to in &drops {
            let comp = self.sub_count(st, start, 1);
            self.add_count(st, to, comp, 1);
            // Ludii sows each seed by a move from START
            st.note(start, to);
        }
        if let Some(apply) = &s.apply {
            // Ludii evaluates each capture on the position after sowing
            // (conditions and the counts its moves carry, whatever the
            // captures before did) and plays the moves afterwards, in turn
            let frozen = st.clone();
            let mut scratch = frozen.clone();
            let mut c2 = Ctx { from: start, ..c };
            while self.bool(&s.cond, &frozen, c2, ws) {
                scratch.clone_from(&frozen);
                let outer = ws.sow_log.replace(Vec::new());
                self.effect(apply, &mut scratch, c2, ws);
                let log = std::mem::replace(&mut ws.sow_log, outer).unwrap_or_default();
                self.merge_capture(st, &frozen, &scratch, &log);
                let Some(pi) = track.prev_index(i) else { break };
                i = pi;
                c2.to = track.sites[pi];
                let Some(bt) = &s.backtracking else { break };
                if !self.bool(bt, &frozen, c2, ws) || c2.to == start {
                    break;
                }
            }
        }
        if let Some(t) = &s.then {
            self.effect(t, st, ctx, ws);
        }
    }

    /// Plays on `st` what one capture of a sow did, evaluated on `frozen`
    /// (the position after sowing) into `scratch`: sites it changed
    /// otherwise than by a recorded move take their new contents, the
    /// recorded moves are played in order, and `(moveAgain)`, `(set
    /// NextPlayer ...)` and score changes carry over.
    fn merge_capture(
        &self,
        st: &mut State,
        frozen: &State,
        scratch: &State,
        log: &[(Site, Site, u32)],
    ) {
        for s in 0..frozen.pieces.what.len() {
            let (w, n) = (scratch.pieces.what[s], scratch.pieces.count[s]);
            if (w, n) != (frozen.pieces.what[s], frozen.pieces.count[s]) {
                self.sub_count(st, s as Site, u32::MAX);
                self.add_count(st, s as Site, w, n as u32);
            }
        }
        for &(a, b, n) in log {
            self.move_count(st, a, b, n);
        }
        st.move_again |= scratch.move_again;
        if scratch.next_override != frozen.next_override {
            st.next_override = scratch.next_override;
        }
        for p in 0..st.scores.len() {
            st.scores[p] += scratch.scores[p] - frozen.scores[p];
        }
        // the race games' pending values and `(var)` (race.rs)
        if scratch.pending != frozen.pending {
            st.pending.clone_from(&scratch.pending);
        }
        if scratch.var != frozen.var {
            st.var = scratch.var;
        }
        // players' values (`(set Value P X)`, playervalue.rs)
        for p in 0..st.player_values.len() {
            if scratch.player_values[p] != frozen.player_values[p] {
                st.player_values[p] = scratch.player_values[p];
            }
        }
    }
}
