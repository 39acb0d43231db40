//! Flat programs (`rootgen.rs`) resolved per phase and mover at load:
//! a role's piece in place, a `forEach Piece` by its route for the mover
//! (`route.rs`), a placement from the hand with the mover's hand site in
//! place, an `if`'s direct condition with its roles resolved, read ahead
//! of its leaf. A decision runs its (phase, mover) program's leaves by
//! reference, in order, without the walk of the levels of
//! [`Game::generate_by_root_plan`] (the same moves, in the same order).

use super::counters::{CounterTerm, CounterTest};
use super::eval::Ctx;
use super::fast::{Direct, FastCond, FastInfo};
use super::ir::{AroundFilter, Role};
use super::rootgen::{HandNear, RootLeaf};
use super::route::{MoverCond, Route};
use super::{Game, Move, NO_GEN, State, Workspace};
use crate::board::Relation;

impl Game {
    /// Program `k` of [`super::fast::FastInfo::mover_progs`]: a flat
    /// program resolved for the state's mover (see `route.rs`), the same
    /// moves as [`Game::generate_by_root_plan`] on its node.
    #[inline(always)]
    pub(crate) fn run_mover_prog(
        &self,
        k: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let Some(prog) = self.fast.mover_progs.get(k as usize) else {
            return;
        };
        match (prog.guarded, prog.one_place) {
            (true, false) => self.run_guarded_prog(prog, st, ws, out),
            (true, true) => self.run_one_place(prog, st, ws, out),
            (false, _) => self.run_plain_prog(prog, st, ws, out),
        }
    }

    /// [`Game::run_mover_prog`] of a program without guards, placements
    /// from the hand or steps of one group.
    #[inline(never)]
    fn run_plain_prog(
        &self,
        prog: &MoverProg,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let mut before = out.len();
        for leaf in &prog.leaves {
            // by reference: a leaf holds a move, not copied but to be pushed
            match leaf {
                MoverLeaf::AddNear {
                    add,
                    rel,
                    filter,
                    none,
                    some,
                } => self.add_near_inline(st, (*rel, *filter), (*none, *some), add, out),
                &MoverLeaf::Bits(c, g) => {
                    let bits = st.occ[st.mover as usize];
                    self.run_bit_ops(g, bits, c, st, Ctx::default().site, out)
                }
                &MoverLeaf::Route(r) => self.follow_route_outlined(r, st, ws, out),
                MoverLeaf::One(m) => out.push(*m),
                MoverLeaf::EndLevel => {
                    if out.len() > before {
                        return;
                    }
                    before = out.len();
                }
                // (in the guarded programs only)
                MoverLeaf::HandPlace { .. } | MoverLeaf::OneGroup(_) | MoverLeaf::When(_) => {}
            }
        }
    }

    /// [`Game::run_mover_prog`] of a program with guards, placements from
    /// the hand or steps of one group ([`MoverProg::guarded`]; in a loop
    /// of its own, which leaves the others' loop as small as it was).
    #[inline(never)]
    fn run_guarded_prog(
        &self,
        prog: &MoverProg,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        let mut before = out.len();
        let mut leaves = prog.leaves.iter();
        while let Some(leaf) = leaves.next() {
            match leaf {
                MoverLeaf::AddNear {
                    add,
                    rel,
                    filter,
                    none,
                    some,
                } => self.add_near_inline(st, (*rel, *filter), (*none, *some), add, out),
                &MoverLeaf::Bits(c, g) => {
                    let bits = st.occ[st.mover as usize];
                    self.run_bit_ops(g, bits, c, st, Ctx::default().site, out)
                }
                &MoverLeaf::Route(r) => self.follow_route_outlined(r, st, ws, out),
                MoverLeaf::One(m) => out.push(*m),
                &MoverLeaf::HandPlace {
                    id,
                    from,
                    stack,
                    empty,
                    near,
                } => self.run_hand_place((id, from, stack, empty, near), st, ws, out),
                &MoverLeaf::OneGroup(id) => self.root_one_group(id, st, ws, out),
                MoverLeaf::When(test) => {
                    if !self.guard_holds(test, st, ws) {
                        // the guarded leaf, next in the list, makes no moves
                        leaves.next();
                    }
                }
                MoverLeaf::EndLevel => {
                    if out.len() > before {
                        return;
                    }
                    before = out.len();
                }
            }
        }
    }

    /// [`Game::run_guarded_prog`] of a program of one
    /// [`MoverLeaf::HandPlace`] (its level's end then has nothing left to
    /// stop): the placement's moves, out of the loop, which leaves that
    /// loop's set-up to the programs that need it.
    #[inline(never)]
    fn run_one_place(&self, prog: &MoverProg, st: &State, ws: &mut Workspace, out: &mut Vec<Move>) {
        if let Some(&MoverLeaf::HandPlace {
            id,
            from,
            stack,
            empty,
            near,
        }) = prog.leaves.first()
        {
            self.run_hand_place((id, from, stack, empty, near), st, ws, out);
        }
    }

    /// The moves of a [`MoverLeaf::HandPlace`] `(id, from, stack, empty,
    /// near)`: onto its region's one word when it has one, else node
    /// `id` generated in full.
    #[inline(always)]
    fn run_hand_place(
        &self,
        (id, from, stack, empty, near): (u32, super::Site, bool, bool, Option<HandNear>),
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        match self.hand_place_region(id, near, st) {
            Some(bits) => self.hand_place_onto(id, from, (stack, empty), bits, st, out),
            None => self.generate(id, st, Ctx::default(), ws, out),
        }
    }

    /// Whether the condition of a [`MoverLeaf::When`] holds in `st`, as
    /// [`Game::direct_holds`] decides it unresolved.
    #[inline(always)]
    fn guard_holds(&self, test: &MoverGuard, st: &State, ws: &mut Workspace) -> bool {
        match *test {
            MoverGuard::HandEmpty(first, end) => st.what[first as usize..end as usize]
                .iter()
                .all(|&c| c == 0),
            MoverGuard::BoardPieces(t) => t.accepts(self.count_all_pieces_on_board(st)),
            MoverGuard::PrevIs(p) => st.prev_mover == p,
            MoverGuard::Pieces(p, t) => t.accepts(st.pieces[p as usize] as i32),
            MoverGuard::Other(fc) => self.direct_holds(fc, st, ws),
        }
    }

    /// Node `id`'s flat program resolved for mover `m` (`routes`: the
    /// routes made so far, the `forEach Piece` nodes' among them): a
    /// role's piece in place (a leaf without a piece for `m` dropped), a
    /// `forEach Piece` by its route for `m`, a placement from the hand
    /// with `m`'s hand site in place, an `if`'s condition with its roles
    /// resolved for `m` ahead of its leaf. None when a leaf has no
    /// resolved form (then the program runs as it is).
    pub(crate) fn mover_prog(
        &self,
        info: &FastInfo,
        routes: &[Route],
        id: u32,
        m: u8,
    ) -> Option<MoverProg> {
        let mut leaves = Vec::new();
        for level in self.plan.root.prog(id)? {
            for leaf in level {
                match *leaf {
                    RootLeaf::When { id, inner } => {
                        let Some(&Direct::If(fc, _, NO_GEN)) = info.direct.get(id as usize) else {
                            return None;
                        };
                        let inner = self.plan.root.inner.get(inner as usize)?;
                        // a leaf without moves for `m`: the two dropped
                        // (the condition reads only the state)
                        if let Some(l) = self.mover_leaf(info, routes, inner, m)? {
                            leaves.push(MoverLeaf::When(self.mover_guard(fc, m)));
                            leaves.push(l);
                        }
                    }
                    _ => leaves.extend(self.mover_leaf(info, routes, leaf, m)?),
                }
            }
            leaves.push(MoverLeaf::EndLevel);
        }
        let guarded = leaves.iter().any(|l| {
            matches!(
                l,
                MoverLeaf::HandPlace { .. } | MoverLeaf::OneGroup(_) | MoverLeaf::When(_)
            )
        });
        let one_place = matches!(
            leaves[..],
            [MoverLeaf::HandPlace { .. }, MoverLeaf::EndLevel]
        );
        Some(MoverProg {
            leaves,
            guarded,
            one_place,
        })
    }

    /// A leaf of a flat program (never a [`RootLeaf::When`]) resolved for
    /// mover `m`: Some(None) when it makes no moves for `m`, None when it
    /// has no resolved form.
    fn mover_leaf(
        &self,
        info: &FastInfo,
        routes: &[Route],
        leaf: &RootLeaf,
        m: u8,
    ) -> Option<Option<MoverLeaf>> {
        Some(match *leaf {
            RootLeaf::AddNear {
                id,
                rel,
                filter,
                none,
                some,
                role,
                stack,
            } if role != Role::Prev => {
                let comp = self.role_of(role, m, 0);
                (comp != 0 && (comp as usize) < self.comps.len()).then_some(MoverLeaf::AddNear {
                    add: Move::add(comp, stack, id),
                    rel,
                    filter,
                    none,
                    some,
                })
            }
            RootLeaf::ForEachPiece(id) => {
                let Some(&Direct::Pieces(k)) = info.direct.get(id as usize) else {
                    return None;
                };
                let r = info.piece_routes.get(k as usize)?[m as usize];
                match routes[r as usize] {
                    Route::Nothing => None,
                    Route::Bits(c, g) => Some(MoverLeaf::Bits(c, g)),
                    _ => Some(MoverLeaf::Route(r)),
                }
            }
            // the hand site as `hand_place` finds it for mover `m`
            RootLeaf::HandPlace {
                id,
                role,
                stack,
                empty,
                near,
            } if role != Role::Prev && self.hand_sites > 0 => Some(MoverLeaf::HandPlace {
                id,
                from: self.hand_site(self.role_of(role, m, 0).max(1)),
                stack,
                empty,
                near,
            }),
            RootLeaf::OneGroup(id) => Some(MoverLeaf::OneGroup(id)),
            RootLeaf::One(mv) => Some(MoverLeaf::One(mv)),
            // any other leaf: the program as it is
            _ => return None,
        })
    }

    /// Direct condition `fc` with its roles resolved for mover `m`.
    fn mover_guard(&self, fc: FastCond, m: u8) -> MoverGuard {
        match (fc, MoverCond::of(self, fc, m)) {
            // the hand sites as `hand_empty` finds them (no hands: true,
            // left to it)
            (FastCond::HandEmpty(who), _) if who != Role::Prev && self.hand_sites > 0 => {
                let first = self.hand_site(self.role_of(who, m, 0).max(1));
                MoverGuard::HandEmpty(first, first + self.hand_sites)
            }
            // every piece on the board, counted in line
            (FastCond::Count(t), _) if t.a == CounterTerm::BoardPieces(Role::All) => {
                MoverGuard::BoardPieces(t)
            }
            (_, MoverCond::PrevIs(p)) => MoverGuard::PrevIs(p),
            (_, MoverCond::Pieces(p, t)) => MoverGuard::Pieces(p, t),
            (_, MoverCond::Other(fc)) => MoverGuard::Other(fc),
        }
    }
}

/// A leaf of a flat program resolved for one mover. The tag is a plain
/// byte (`repr(u8)`: no tag shared with a field's), so a leaf is told by
/// one read.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
pub(crate) enum MoverLeaf {
    /// A [`RootLeaf::AddNear`] with its piece in place: the add's template.
    AddNear {
        add: Move,
        rel: Relation,
        filter: Option<AroundFilter>,
        none: bool,
        some: bool,
    },
    /// A `forEach Piece` whose route for the mover is
    /// [`Route::Bits`]: component, generator.
    Bits(u8, u32),
    /// A `forEach Piece` by its route for the mover.
    Route(u32),
    /// A leaf that makes one fixed move.
    One(Move),
    /// A [`RootLeaf::HandPlace`] with the mover's hand site (`from`) in
    /// place.
    HandPlace {
        id: u32,
        from: super::Site,
        stack: bool,
        empty: bool,
        near: Option<HandNear>,
    },
    /// A [`RootLeaf::OneGroup`].
    OneGroup(u32),
    /// The condition of a [`RootLeaf::When`], resolved for the mover: the
    /// next leaf (the guarded one) runs only when it holds.
    When(MoverGuard),
    /// The end of a level: the program stops when the level made moves.
    EndLevel,
}

/// The direct condition of a [`MoverLeaf::When`] with its roles resolved
/// for the program's mover.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum MoverGuard {
    /// `(all Sites (sites Hand WHO) if:(is Empty (site)))`: the hand
    /// sites `first..end` of WHO hold nothing.
    HandEmpty(u32, u32),
    /// `(OP (count Pieces All in:(sites Board)) K)`: every piece on the
    /// board against the test's range.
    BoardPieces(CounterTest),
    /// `(is Prev Mover)`: the previous mover is this player.
    PrevIs(u8),
    /// `(OP (count Pieces WHO) K)`: this player's counter against the
    /// test's range.
    Pieces(u8, CounterTest),
    /// Any other direct condition, as [`Game::direct_holds`] decides it.
    Other(FastCond),
}

/// A flat program resolved for one mover: its levels' leaves in order,
/// each level closed by [`MoverLeaf::EndLevel`].
#[derive(Clone, Debug, Default)]
pub(crate) struct MoverProg {
    leaves: Vec<MoverLeaf>,
    /// Whether a leaf is a [`MoverLeaf::HandPlace`], a
    /// [`MoverLeaf::OneGroup`] or a [`MoverLeaf::When`] (then the program
    /// runs in [`Game::run_guarded_prog`]).
    guarded: bool,
    /// The program is one [`MoverLeaf::HandPlace`] and its level's end
    /// (a setup phase's placement): run by [`Game::run_one_place`].
    one_place: bool,
}
