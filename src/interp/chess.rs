//! Piece states, the counter, threats and Ludii's full slide (issue 24,
//! the chess family): `(place ... state:N)`, `(state at:X)`, `(set State
//! at:X V)`, `(counter)`, `(set Counter)`, `(is Threatened ...)`, `(move
//! Slide ... (between (exact N)) (to ... (apply E)))`. Compiled in
//! `compile/chess.rs`.
//!
//! A piece's state belongs to the piece: a carried piece keeps it, a
//! piece put down (added, promoted) has state 0, an emptied site has
//! state 0 (as Ludii's flat container state).

use super::{Ctx, Interp, State, Workspace};
use crate::board::{NONE, Site};
use crate::engine::Move;
use crate::engine::ir::*;
use crate::engine::sets::SiteSet;

impl Interp {
    /// `(state at:X)`, `(counter)`.
    pub(super) fn chess_int(&self, c: &ChessInt, st: &State, ctx: Ctx, ws: &mut Workspace) -> i32 {
        match c {
            // the state of the piece at X; 0 when X is no site or empty
            ChessInt::StateAt(x) => {
                let s = self.int(x, st, ctx, ws);
                if s < 0 {
                    return 0;
                }
                st.pieces.state.get(s as usize).copied().unwrap_or(0)
            }
            ChessInt::Counter => st.counter,
        }
    }

    /// `(set State at:X V)`, `(set Counter [V])`.
    pub(super) fn chess_effect(
        &self,
        c: &ChessEffect,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        match c {
            // Ludii sets the site's state whether a piece stands there or not
            ChessEffect::SetState { at, value } => {
                let s = self.int(at, st, ctx, ws);
                let v = self.int(value, st, ctx, ws);
                if s >= 0
                    && let Some(x) = st.pieces.state.get_mut(s as usize)
                {
                    *x = v;
                }
            }
            ChessEffect::SetCounter(v) => st.counter = self.int(v, st, ctx, ws),
        }
    }

    /// `(place ... state:N)`: every site of the region gets state N.
    pub(super) fn start_state(
        &self,
        region: &RegionE,
        state: i32,
        st: &mut State,
        ws: &mut Workspace,
    ) {
        let mut set = ws.take_set();
        self.region(region, st, Ctx::default(), ws, &mut set);
        for s in set.iter() {
            if let Some(x) = st.pieces.state.get_mut(s as usize) {
                *x = state;
            }
        }
        ws.give_set(set);
    }

    /// The state a carried piece takes along (0 without piece states).
    pub(super) fn state_of(&self, st: &State, s: Site) -> i32 {
        st.pieces.state.get(s as usize).copied().unwrap_or(0)
    }

    /// After a carry onto `to`: the piece keeps the state it had.
    pub(super) fn restore_state(&self, st: &mut State, to: Site, v: i32) {
        if let Some(x) = st.pieces.state.get_mut(to as usize) {
            *x = v;
        }
    }

    /// Per component, the board sites it stands on in the start position.
    pub(super) fn start_sites(&self) -> Vec<SiteSet> {
        let n = self.rules.board.len();
        let st = self.initial_state();
        let mut out = vec![SiteSet::with_capacity(self.total_sites()); self.rules.owners.len()];
        for s in 0..n as Site {
            for c in self.stack_at(&st, s) {
                out[c as usize].insert(s);
            }
        }
        out
    }

    /// `(forEach Piece WHO)`: for each board site (ascending) holding a
    /// piece of WHO, the moves of that component's generator with
    /// `(from)` = the site; for another player than the mover, made in a
    /// copy of the state where WHO moves after the mover (Ludii's
    /// `ForEachPiece`).
    pub(super) fn for_each_piece_of(
        &self,
        who: Role,
        list: &[(u8, u32)],
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let p = self.role(who, st);
        let mut other;
        let st = if p == st.mover {
            st
        } else {
            other = st.clone();
            other.prev_mover = st.mover;
            other.mover = p;
            &other
        };
        for s in 0..self.rules.board.len() as Site {
            let comp = st.pieces.what[s as usize];
            if comp == 0 || self.owner(comp) != p {
                continue;
            }
            for &(c, g) in list {
                if c == comp {
                    self.generate(g, st, Ctx { from: s, ..ctx }, ws, out);
                }
            }
        }
    }

    /// `(is Threatened WHAT [at:S])` (Ludii's `IsThreatened` with a
    /// piece): false for no piece, and inside another threat's search.
    /// Otherwise, at S (default: the lowest board site holding WHAT),
    /// with the previous mover set to WHAT's owner and each enemy of that
    /// owner as the mover in turn, true when that enemy's play rules (of
    /// its phase) have a move to S. Nothing is put on S (Ludii 1.0.8 puts
    /// the piece on the other site type of the board, which its cell
    /// moves do not read), and the threats asked while the enemy's moves
    /// are made are false, so `(do M ifAfterwards:(not (is Threatened
    /// ...)))` keeps every move of M.
    pub(super) fn threatened(
        &self,
        t: &Threatened,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> bool {
        if ws.in_threat {
            return false;
        }
        let what = self.int(&t.what, st, ctx, ws);
        if what < 1 || what as usize >= self.rules.owners.len() {
            return false;
        }
        let owner = self.owner(what as u8);
        let site = match &t.at {
            Some(x) => self.int(x, st, ctx, ws),
            None => (0..self.rules.board.len())
                .find(|&s| st.pieces.what[s] == what as u8)
                .map_or(-1, |s| s as i32),
        };
        if site < 0 {
            return false;
        }
        let mut scratch = st.clone();
        scratch.prev_mover = owner;
        let mut moves = Vec::new();
        ws.in_threat = true;
        let mut found = false;
        for enemy in (1..=self.rules.players).filter(|&p| p != owner) {
            scratch.mover = enemy;
            let phase = &self.rules.phases[scratch.phase[enemy as usize] as usize];
            moves.clear();
            self.generate(phase.play, &scratch, Ctx::default(), ws, &mut moves);
            if moves.iter().any(|m| m.to == site as Site) {
                found = true;
                break;
            }
        }
        ws.in_threat = false;
        found
    }

    /// Whether a `do`'s condition holds after every move while a threat
    /// is searched: Ludii's `(not (is Threatened ...))` "auto-succeeds"
    /// there, and the moves are not played out.
    pub(super) fn threat_auto_succeeds(&self, c: &BoolE, ws: &Workspace) -> bool {
        ws.in_threat && matches!(c, BoolE::Not(b) if matches!(**b, BoolE::Threatened(_)))
    }

    /// The moves of a [`SlideFull`] (Ludii's `Slide`): along each radial
    /// from each origin, the sites at distance 1..=MAX: where `to_if`
    /// holds at a distance >= MIN, a move there ends the radial; else the
    /// radial goes on while `between_if` holds there (no condition: the
    /// site is empty), with a move onto it at a distance >= MIN.
    pub(super) fn slide_full_moves(
        &self,
        id: u32,
        s: &SlideFull,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let origins: SiteSet = self.origins(&s.from, st, ctx, ws);
        let min = self.int(&s.min, st, ctx, ws);
        for (f, comp) in self.board_pieces(&origins, st) {
            let max = self.int(&s.max, st, Ctx { from: f, ..ctx }, ws);
            for &d in self.dirs_at(f, &s.dirs) {
                let mut between = ctx.between;
                for (k, &t) in self.rules.board.radial(f, d).iter().enumerate() {
                    let dist = k as i32 + 1;
                    if dist > max {
                        break;
                    }
                    let c = Ctx {
                        from: f,
                        to: t,
                        between,
                        ..ctx
                    };
                    if dist >= min
                        && let Some(x) = &s.to_if
                        && self.bool(x, st, c, ws)
                    {
                        out.push(Move::carry(f, t, comp, s.stack, id));
                        break;
                    }
                    between = t;
                    let c = Ctx { between, ..c };
                    let go = match &s.between_if {
                        Some(x) => self.bool(x, st, c, ws),
                        None => st.pieces.what[t as usize] == 0,
                    };
                    if !go {
                        break;
                    }
                    if dist >= min {
                        out.push(Move::carry(f, t, comp, s.stack, id));
                    }
                }
            }
        }
        ws.give_set(origins);
    }

    /// The `(apply E)` of a [`SlideFull`]'s move, on the state before the
    /// move: only a move that ended its radial where `to_if` held (the
    /// same test as when it was made).
    pub(super) fn slide_full_effect(
        &self,
        s: &SlideFull,
        m: &Move,
        st: &mut State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) {
        let (Some(e), Some(cond)) = (&s.to_apply, &s.to_if) else {
            return;
        };
        if m.from == NONE || m.to == NONE {
            return;
        }
        let dist = self
            .dirs_at(m.from, &s.dirs)
            .iter()
            .find_map(|&d| {
                self.rules
                    .board
                    .radial(m.from, d)
                    .iter()
                    .position(|&t| t == m.to)
            })
            .map_or(-1, |k| k as i32 + 1);
        let min = self.int(&s.min, st, ctx, ws);
        if dist >= min && self.bool(cond, st, ctx, ws) {
            self.effect(e, st, ctx, ws);
        }
    }
}
