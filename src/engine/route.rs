//! The walk from a play rule's top, decided per phase and mover at load.
//!
//! Every decision starts at its phase's play rule and walks down the compact
//! forms of [`Direct`]: `if`s with a direct condition, a `forEach Piece`
//! whose list is split per mover, the `if`s at the top of the mover's one
//! entry, and then a leaf (a step to empty sites, the entry's other shapes,
//! a flat program or the rule tree). Which entry a mover owns, and which
//! player a role such as `Next` names, depend only on the mover, so for
//! each phase and mover the walk is laid out at load as a small tree of
//! [`Route`]s: its conditions with their roles resolved for that mover, its
//! leaves with their component and generator in place. A decision reads
//! its (phase, mover) root and follows it, evaluating only the conditions
//! that depend on the position. A step leaf knows whether its component
//! is the only one its owner has: then every site of the owner's set holds
//! it, and the loop reads no site's component.
//!
//! Exact: a route makes the same choices as the walk it replaces (the
//! `Direct` walk of the play rule's top, then of the mover's entry): a
//! condition that holds for mover `m` in the walk holds in the route built
//! for `m` (a role resolved with `m` as the mover names the same player;
//! `Prev` is left to the state), and the leaves run the same generators
//! with the same arguments. Conditions read only the state, so deciding
//! an entry's `if`s before its loop changes nothing. Checked against the
//! generic evaluation by `tests/route_paths.rs`.

use super::counters::{CounterTerm, CounterTest};
use super::eval::Ctx;
use super::fast::{Direct, FastCond, FastInfo, PieceEntry};
use super::{Game, MAX_PLAYERS, Move, NO_GEN, State, Workspace};
use crate::board::Relation;

/// Most routes kept for one game (past it, the walk reads the rule tree).
const MAX_ROUTES: usize = 1 << 16;

/// A condition of a route, with its roles resolved for the route's mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MoverCond {
    /// `(is Prev Mover)`: the previous mover is the route's mover.
    PrevIs(u8),
    /// `(OP (count Pieces WHO) K)` with WHO resolved: player `p`'s counter
    /// against the test's range (its term is not read).
    Pieces(u8, CounterTest),
    /// Any other direct condition, as [`Game::direct_holds`] decides it.
    Other(FastCond),
}

/// One step of a route. The conditions' kinds are variants of their own
/// and the tag is a plain byte (`repr(u8)`: no tag shared with a field's),
/// so a step is told by one read.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
pub(crate) enum Route {
    /// No moves.
    Nothing,
    /// A condition ([`MoverCond::PrevIs`]): the route when it holds, the
    /// route when not.
    IfPrev(u8, u32, u32),
    /// A condition ([`MoverCond::Pieces`]): the route when it holds, the
    /// route when not.
    IfPieces(u8, CounterTest, u32, u32),
    /// Any other condition ([`MoverCond::Other`]): the route when it
    /// holds, the route when not.
    IfOther(FastCond, u32, u32),
    /// A `step_to_empty` entry with its neighbour masks (a
    /// [`Direct::StepMask`] leaf): component and whether it is the only
    /// one its owner has, generator, relation, whole stacks.
    Steps((u8, bool), u32, Relation, bool),
    /// The mover's one entry (component, generator) past its direct `if`s.
    Kind(u8, u32),
    /// A [`Route::Kind`] whose entry has a bit-set program (`piecebits`)
    /// and none of the shapes [`Game::piece_kind_rest`] tries before it:
    /// component, generator.
    Bits(u8, u32),
    /// A node with a flat program (`rootgen`).
    Plan(u32),
    /// A flat program resolved for the route's mover: entry `k` of
    /// [`FastInfo::mover_progs`].
    Prog(u32),
    /// The rule tree from this node.
    Tree(u32),
}

impl MoverCond {
    pub(crate) fn of(game: &Game, fc: FastCond, mover: u8) -> MoverCond {
        match fc {
            FastCond::PrevMover => MoverCond::PrevIs(mover),
            // the roles as `Game::role_of` resolves them for this mover
            // (Prev is left to the state)
            FastCond::Count(t) => match t.a {
                CounterTerm::PiecesOf(p) => MoverCond::Pieces(p, t),
                CounterTerm::PiecesMover => MoverCond::Pieces(mover, t),
                CounterTerm::PiecesNext => MoverCond::Pieces(game.next_player(mover), t),
                _ => MoverCond::Other(fc),
            },
            fc => MoverCond::Other(fc),
        }
    }
}

impl Game {
    /// Fills [`FastInfo::routes`] and [`FastInfo::route_root`] (after the
    /// compact forms): per phase and mover (every mover number the state
    /// can hold), the route from the phase's play rule. Left empty when
    /// the routes would be too many.
    pub(crate) fn make_routes(&self, info: &mut FastInfo) {
        let mut routes = Vec::new();
        // the `forEach Piece` nodes (the leaves of flat programs, `rootgen`,
        // among them), per mover
        let mut pieces = vec![[NO_GEN; MAX_PLAYERS + 1]; info.piece_entries.len()];
        for (id, d) in info.direct.iter().enumerate() {
            if let Direct::Pieces(k) = *d {
                for (m, r) in pieces[k as usize].iter_mut().enumerate() {
                    *r = self.route_from(info, id as u32, m as u8, &mut routes);
                }
            }
        }
        if routes.len() > MAX_ROUTES {
            return;
        }
        info.piece_routes = pieces;
        let mut roots = Vec::new();
        let mut progs = Vec::new();
        for p in &self.phases {
            let mut per = [NO_GEN; MAX_PLAYERS + 1];
            for (m, r) in per.iter_mut().enumerate() {
                let start = routes.len();
                *r = self.route_from(info, p.play, m as u8, &mut routes);
                // a flat program on the way, resolved for this mover
                for i in start..routes.len() {
                    if let Route::Plan(id) = routes[i]
                        && let Some(prog) = self.mover_prog(info, &routes, id, m as u8)
                    {
                        progs.push(prog);
                        routes[i] = Route::Prog(progs.len() as u32 - 1);
                    }
                }
            }
            roots.push(per);
            if routes.len() > MAX_ROUTES {
                info.piece_routes = Vec::new();
                return;
            }
        }
        info.routes = routes;
        info.route_root = roots;
        info.mover_progs = progs;
    }

    /// The route from node `id` for mover `m`, as the walk of a play
    /// rule's top decides it: its index in `routes`.
    fn route_from(&self, info: &FastInfo, id: u32, m: u8, routes: &mut Vec<Route>) -> u32 {
        let r = match info.direct.get(id as usize) {
            Some(&Direct::If(fc, a, b)) => {
                return self.route_if(info, (fc, a, b), m, routes, Self::route_from);
            }
            Some(&Direct::Pieces(k)) => match info.piece_entries[k as usize][m as usize] {
                PieceEntry::Nothing => Route::Nothing,
                PieceEntry::One(c, g) => return self.entry_route(info, (c, g), m, routes),
                PieceEntry::Several => Route::Tree(id),
            },
            Some(Direct::Root) => Route::Plan(id),
            _ => Route::Tree(id),
        };
        routes.push(r);
        routes.len() as u32 - 1
    }

    /// The route of the mover's one `forEach Piece` entry `(c, g)`: its
    /// direct `if`s, then its step to empty sites or its other shapes.
    fn entry_route(&self, info: &FastInfo, (c, g): (u8, u32), m: u8, rs: &mut Vec<Route>) -> u32 {
        let r = match info.direct.get(g as usize) {
            Some(&Direct::If(fc, a, b)) => {
                let entry = move |game: &Game, info: &FastInfo, g, m, rs: &mut Vec<Route>| {
                    game.entry_route(info, (c, g), m, rs)
                };
                return self.route_if(info, (fc, a, b), m, rs, entry);
            }
            Some(&Direct::StepMask(rel, stack)) => {
                let owner = self.owner(c);
                let only =
                    (1..self.comps.len()).all(|k| k == c as usize || self.owner(k as u8) != owner);
                Route::Steps((c, only), g, rel, stack)
            }
            _ if !info.fixed_if.get(g as usize).copied().unwrap_or(false)
                && self.plan.step_slots(g).is_none()
                && self.plan.bits.has(g) =>
            {
                Route::Bits(c, g)
            }
            _ => Route::Kind(c, g),
        };
        rs.push(r);
        rs.len() as u32 - 1
    }

    /// The route of a [`Direct::If`] `(fc, a, b)`: its branches by `next`
    /// (no else branch: no moves).
    fn route_if(
        &self,
        info: &FastInfo,
        (fc, a, b): (FastCond, u32, u32),
        m: u8,
        routes: &mut Vec<Route>,
        next: impl Fn(&Game, &FastInfo, u32, u8, &mut Vec<Route>) -> u32,
    ) -> u32 {
        let at = routes.len();
        routes.push(Route::Nothing);
        let yes = next(self, info, a, m, routes);
        let no = if b == NO_GEN {
            routes.push(Route::Nothing);
            routes.len() as u32 - 1
        } else {
            next(self, info, b, m, routes)
        };
        routes[at] = match MoverCond::of(self, fc, m) {
            MoverCond::PrevIs(p) => Route::IfPrev(p, yes, no),
            MoverCond::Pieces(p, t) => Route::IfPieces(p, t, yes, no),
            MoverCond::Other(fc) => Route::IfOther(fc, yes, no),
        };
        at as u32
    }

    /// The moves of the play rule of phase `phase_index` for the state's
    /// mover, by its route; false (nothing done) without routes.
    #[inline(always)]
    pub(crate) fn generate_by_route(
        &self,
        phase_index: usize,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(roots) = self.fast.route_root.get(phase_index) else {
            return false;
        };
        self.follow_route(roots[st.mover as usize], st, ws, out);
        true
    }

    /// The moves of the `forEach Piece` node `id` (a leaf of a flat
    /// program, [`Direct::Pieces`]) for the state's mover, by its route;
    /// false (nothing done) without one.
    #[inline(always)]
    pub(crate) fn pieces_by_route(
        &self,
        id: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(&Direct::Pieces(k)) = self.fast.direct.get(id as usize) else {
            return false;
        };
        let Some(per) = self.fast.piece_routes.get(k as usize) else {
            return false;
        };
        self.follow_route(per[st.mover as usize], st, ws, out);
        true
    }

    /// [`Game::follow_route`], not inlined.
    #[inline(never)]
    pub(crate) fn follow_route_outlined(
        &self,
        r: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        self.follow_route(r, st, ws, out)
    }

    /// The moves of route `r` for `st`.
    #[inline(always)]
    fn follow_route(&self, mut r: u32, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        // a bit-set program as the first route (a phase whose mover has one
        // kind of piece): its arm below, before the loop's set-up (what the
        // conditions read, loaded once for all their visits)
        if let Some(&Route::Bits(c, g)) = self.fast.routes.get(r as usize) {
            let bits = st.occ[st.mover as usize];
            return self.run_bit_ops(g, bits, c, st, Ctx::default().site, out);
        }
        loop {
            match self.fast.routes[r as usize] {
                Route::IfPrev(p, yes, no) => {
                    r = if st.prev_mover == p { yes } else { no };
                }
                Route::IfPieces(p, t, yes, no) => {
                    r = if t.accepts(st.pieces[p as usize] as i32) {
                        yes
                    } else {
                        no
                    };
                }
                Route::IfOther(fc, yes, no) => {
                    r = if self.direct_holds(fc, st, ws) {
                        yes
                    } else {
                        no
                    };
                }
                Route::Nothing => return,
                Route::Steps(c, g, rel, stack) => {
                    let bits = st.occ[st.mover as usize];
                    return self.step_pieces_to_empty(st, bits, c, (rel, stack), g, out);
                }
                Route::Kind(c, g) => {
                    return self.piece_kind_rest_outlined(c, g, st, Ctx::default(), ws, out);
                }
                Route::Bits(c, g) => {
                    let bits = st.occ[st.mover as usize];
                    return self.run_bit_ops(g, bits, c, st, Ctx::default().site, out);
                }
                Route::Plan(id) => return self.generate_root_plan(id, st, ws, out),
                Route::Prog(k) => return self.run_mover_prog(k, st, ws, out),
                Route::Tree(id) => return self.generate_root_tree(id, st, ws, out),
            }
        }
    }

    /// How many routes the game keeps (for tests).
    #[doc(hidden)]
    pub fn routes(&self) -> usize {
        self.fast.routes.len()
    }
}
