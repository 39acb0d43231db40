//! Capture, shot and leap ludemes (issue 24), as Ludii 1.0.8 plays them:
//! `(custodial ...)`, `(intervene ...)`, `(move Shoot ...)` and `(move
//! Leap ...)`.

use super::{Ctx, Interp, State, Workspace};
use crate::board::{Dir, NONE, Site};
use crate::engine::ir::*;
use crate::engine::{Move, MoveKind};

impl Interp {
    /// The moves of a capture: one per captured site `s`, a move that
    /// changes nothing itself (from = to = `s`); applying it applies the
    /// capture's effect with `(between)` and `(to)` = `s`
    /// ([`Interp::capture_effect`]), then the capture's consequences.
    pub(crate) fn capture_moves(
        &self,
        id: u32,
        c: &Capture,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let from = self.int(&c.from, st, ctx, ws);
        if from < 0 || from as usize >= self.rules.board.len() {
            return;
        }
        let from = from as Site;
        let push = |s: Site, out: &mut Vec<Move>| {
            out.push(Move {
                kind: MoveKind::Select,
                from: s,
                to: s,
                node: id,
                site: ctx.site,
                ..Move::pass()
            })
        };
        let min = self.int(&c.min, st, ctx, ws);
        let max = self.int(&c.max, st, ctx, ws);
        let board = &self.rules.board;
        match c.kind {
            // along each direction: the run of targets (at most `max`),
            // closed by a site where `close` holds (-1 past the edge)
            CaptureKind::Custodial => {
                for &d in self.dirs_at(from, &c.dirs) {
                    let radial = board.radial(from, d);
                    let target = |s: Site, ws: &mut Workspace| {
                        self.bool(&c.target, st, Ctx { between: s, ..ctx }, ws)
                    };
                    let close = |s: Site, ws: &mut Workspace| {
                        self.bool(&c.close, st, Ctx { to: s, ..ctx }, ws)
                    };
                    if max == 1 {
                        if radial.len() >= 2 && target(radial[0], ws) && close(radial[1], ws) {
                            push(radial[0], out);
                        }
                        continue;
                    }
                    let mut k = 0usize;
                    while k < radial.len() && (k as i32) < max && target(radial[k], ws) {
                        k += 1;
                    }
                    if k == 0 {
                        continue;
                    }
                    let closing = radial.get(k).copied().unwrap_or(NONE);
                    if close(closing, ws) {
                        for &s in &radial[..k] {
                            push(s, out);
                        }
                    }
                }
            }
            // each target next to the origin whose sites around (by the
            // relation) all hold a friend or are the origin, but `except`
            // of them; with `with:`, one of them must hold that piece
            CaptureKind::Surround => {
                let except = self.int(&c.except, st, ctx, ws);
                let with = c.with.as_ref().map(|p| self.piece_sel(p, st, ctx, ws));
                for &d in self.dirs_at(from, &c.dirs) {
                    let Some(&t) = board.radial(from, d).first() else {
                        continue;
                    };
                    if !self.bool(&c.target, st, Ctx { between: t, ..ctx }, ws) {
                        continue;
                    }
                    let mut misses = 0;
                    let mut with_ok = false;
                    for &e in self.dirs_at(t, &c.dirs) {
                        let Some(&f) = board.radial(t, e).first() else {
                            continue;
                        };
                        let ok = f == from
                            || self.bool(
                                &c.close,
                                st,
                                Ctx {
                                    between: t,
                                    to: f,
                                    ..ctx
                                },
                                ws,
                            );
                        if !ok {
                            misses += 1;
                        }
                        if with.is_none_or(|w| w == st.pieces.what[f as usize]) {
                            with_ok = true;
                        }
                        if misses > except {
                            break;
                        }
                    }
                    if misses <= except && with_ok {
                        push(t, out);
                    }
                }
            }
            CaptureKind::Intervene => {
                let target = |s: Site, ws: &mut Workspace| {
                    self.bool(&c.target, st, Ctx { to: s, ..ctx }, ws)
                };
                // one direction of each opposite pair (the first in
                // compass order)
                let all = self.dirs_at(from, &c.dirs);
                let mut seen: Vec<Dir> = Vec::new();
                for &d in all {
                    if seen.contains(&d.opposite()) {
                        continue;
                    }
                    seen.push(d);
                    let radial = board.radial(from, d);
                    let opposite = board.radial(from, d.opposite());
                    // no site that way, or none the opposite way
                    if radial.is_empty() || opposite.is_empty() {
                        continue;
                    }
                    if max == 1 && min == 1 {
                        if !target(radial[0], ws) {
                            continue;
                        }
                        // Ludii 1.0.8 applies the effect once more after
                        // looking at the opposite site: at the near site
                        // when the opposite was a target, else at the
                        // opposite site (the last one it looked at)
                        if target(opposite[0], ws) {
                            push(opposite[0], out);
                            push(radial[0], out);
                        } else {
                            push(opposite[0], out);
                        }
                        continue;
                    }
                    let run = |r: &[Site], ws: &mut Workspace| {
                        let mut k = 0usize;
                        while k < r.len() && (k as i32) < max && target(r[k], ws) {
                            k += 1;
                        }
                        k
                    };
                    let k = run(radial, ws);
                    if (k as i32) < min || (k as i32) > max {
                        continue;
                    }
                    let j = run(opposite, ws);
                    if (j as i32) < min || (j as i32) > max {
                        continue;
                    }
                    for &s in opposite[..j].iter().chain(&radial[..k]) {
                        push(s, out);
                    }
                }
            }
        }
    }

    /// Applies a capture's effect to the site of capture move `m`.
    pub(crate) fn capture_effect(&self, c: &Capture, m: &Move, st: &mut State, ws: &mut Workspace) {
        let ctx = Ctx {
            from: NONE,
            to: m.to,
            between: m.to,
            site: m.site,
        };
        self.effect(&c.apply, st, ctx, ws);
    }

    /// `(move Shoot (piece P))`: along each direction from the origin, P
    /// on each site while the landing test holds (no test: while empty).
    pub(crate) fn shoot_moves(
        &self,
        id: u32,
        s: &Shoot,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let from = self.int(&s.from, st, ctx, ws);
        if from < 0 || from as usize >= self.rules.board.len() {
            return;
        }
        let comp = self.piece_sel(&s.piece, st, ctx, ws);
        if comp == 0 {
            return;
        }
        for &d in self.dirs_at(from as Site, &s.dirs) {
            for &t in self.rules.board.radial(from as Site, d) {
                let ok = match &s.to_if {
                    Some(c) => self.bool(c, st, Ctx { to: t, ..ctx }, ws),
                    None => st.pieces.what[t as usize] == 0,
                };
                if !ok {
                    break;
                }
                out.push(Move {
                    from: t,
                    to: t,
                    ..Move::add(comp, false, id)
                });
            }
        }
    }

    /// `(move Leap WALKS)`: from each origin holding a piece, the site at
    /// the end of each walk (F: a step ahead, R/L: a turn to the next
    /// orthogonal direction), starting facing each orthogonal direction of
    /// the board (only the first without rotations); with `forward:True`
    /// only sites ahead of the way the piece faces.
    pub(crate) fn leap_moves(
        &self,
        id: u32,
        l: &Leap,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let board = &self.rules.board;
        let from = match &l.from {
            FromSpec::Current => ctx.from,
            FromSpec::Region(RegionE::Site(e)) => {
                let v = self.int(e, st, ctx, ws);
                if v < 0 { NONE } else { v as Site }
            }
            FromSpec::Region(_) => NONE,
        };
        if from == NONE || from as usize >= board.len() {
            return;
        }
        let comp = st.pieces.what[from as usize];
        if comp == 0 {
            return;
        }
        let ortho = &l.ortho;
        if ortho.is_empty() {
            return;
        }
        let starts = if l.rotations { &ortho[..] } else { &ortho[..1] };
        let turn = |d: Dir, k: i32| {
            let mut d = d;
            for _ in 0..16 {
                d = Dir::ALL[(d as i32 + k).rem_euclid(16) as usize];
                if ortho.contains(&d) {
                    break;
                }
            }
            d
        };
        for &start in starts {
            for walk in &l.walks {
                let mut at = from;
                let mut d = start;
                for step in walk {
                    match step {
                        WalkStep::F => match board.step(at, d) {
                            Some(t) => at = t,
                            None => {
                                at = NONE;
                                break;
                            }
                        },
                        WalkStep::R => d = turn(d, 1),
                        WalkStep::L => d = turn(d, -1),
                    }
                }
                if at == NONE {
                    continue;
                }
                if let Some(f) = l.forward
                    && !ahead(f, &board.sites[from as usize], &board.sites[at as usize])
                {
                    continue;
                }
                let c = Ctx {
                    from,
                    to: at,
                    ..ctx
                };
                let ok = match &l.to_if {
                    Some(b) => self.bool(b, st, c, ws),
                    None => true,
                };
                if ok {
                    out.push(Move::carry(from, at, comp, false, id));
                }
            }
        }
    }
}

/// Ludii 1.0.8's `Leap.checkForward`: `to` is ahead of `from` for a piece
/// facing `f`, by rows and columns.
fn ahead(f: Dir, from: &crate::board::SiteInfo, to: &crate::board::SiteInfo) -> bool {
    let (r0, c0, r1, c1) = (from.row, from.col, to.row, to.col);
    match f {
        Dir::N => r0 < r1,
        Dir::NE => r0 < r1 && c0 < c1,
        Dir::E => c0 < c1,
        Dir::SE => r0 > r1 && c0 < c1,
        Dir::S => r0 > r1,
        Dir::SW => r0 > r1 && c0 > c1,
        Dir::W => c0 > c1,
        Dir::NW => r0 < r1 && c0 > c1,
        _ => false,
    }
}
