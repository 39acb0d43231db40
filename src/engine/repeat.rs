//! The position hash after a candidate move, for `(no Repeat
//! PositionalInTurn)`, without applying the move to a copy of the state
//! when the move's only piece change is its own add or carry, or that
//! and one change of one site made by the move's own effect (an `if`-tree
//! of single-site adds, removes and promotions, read on the state before
//! the move, which is where the effect is applied).

use super::cells::EffectCarry;
use super::eval::Ctx;
use super::ir::*;
use super::{Game, Move, MoveKind, NO_GEN, State, Workspace};
use crate::board::{Dir, Relation, Site};

/// [`FastInfo::repeat_keep`](super::fast::FastInfo::repeat_keep): the
/// node's moves may be kept by [`Game::changes_position`] (the first
/// decision of a turn).
pub(crate) const KEEP_CHANGES: u8 = 1;
/// ... by [`Game::lowers_pieces`] (at the turn's floor).
pub(crate) const KEEP_LOWERS: u8 = 2;
/// ... by [`Game::raises_pieces`] (at the turn's peak).
pub(crate) const KEEP_RAISES: u8 = 4;

/// What `filter_repeats_by_hash` reads of a generator node (see
/// [`Game::compute_repeat_nodes`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct RepeatNode {
    /// `KEEP_*` bits: the tests that may keep its moves without a hash.
    pub(crate) keep: u8,
    /// With [`KEEP_RAISES`]: its `between` effect table.
    pub(crate) effect: u16,
    /// It has an [`EffectCarry`] form.
    pub(crate) effect_carry: bool,
}

impl Game {
    /// Per generator node: whether a move it makes changes the pieces only
    /// by its own add or carry (see [`Game::node_only_places`]).
    pub(crate) fn compute_plain_nodes(&self) -> Vec<bool> {
        (0..self.gens.len() as u32)
            .map(|id| self.node_only_places(id))
            .collect()
    }

    /// Whether the moves of leaf `id` change no piece but by their own
    /// action: an add, a step/hop/slide/from-to without `to`/`between`
    /// effects, or a pass, whose consequences (`then`, up to the root)
    /// never add, remove or promote a piece.
    fn node_only_places(&self, id: u32) -> bool {
        let node = &self.gens[id as usize];
        let leaf = match &node.kind {
            GenKind::Add { to_apply, .. }
            | GenKind::Step { to_apply, .. }
            | GenKind::FromTo { to_apply, .. } => to_apply.is_none(),
            GenKind::Hop {
                to_apply,
                between_apply,
                ..
            } => to_apply.is_none() && between_apply.is_none(),
            GenKind::Slide { .. } | GenKind::Pass => true,
            _ => false,
        };
        if !leaf {
            return false;
        }
        let mut id = Some(id);
        while let Some(i) = id {
            let n = &self.gens[i as usize];
            if n.then.as_ref().is_some_and(|e| !effect_keeps_pieces(e)) {
                return false;
            }
            id = n.parent;
        }
        true
    }

    /// The position hash after `m` (legal in `st`), when it can be told from
    /// `st` alone: a move of a plain node (see above) in a game without
    /// stacks, between board sites. It mirrors `put`/`take`: a carry takes
    /// the piece at `from` and puts it on `to`, replacing what stood there;
    /// an add puts its piece on `to`, replacing what stood there; a placement
    /// takes a piece from a hand and puts it on `to`, replacing what stood
    /// there.
    #[inline]
    pub(crate) fn hash_after_plain(&self, st: &State, m: &Move) -> Option<u64> {
        if self.stacking || m.node == NO_GEN || !self.plain_nodes[m.node as usize] {
            return None;
        }
        let n = self.board.len();
        match m.kind {
            MoveKind::Pass => Some(st.hash),
            MoveKind::Step if (m.from as usize) < n && (m.to as usize) < n => {
                let (f, t) = (m.from as usize, m.to as usize);
                let c = st.what[f];
                if c == 0 || f == t {
                    return Some(st.hash);
                }
                let old = st.what[t];
                let mut h = st.hash ^ self.zkey(f, c, 0) ^ self.zkey(t, c, 0);
                if old != 0 {
                    h ^= self.zkey(t, old, 0);
                }
                Some(h)
            }
            MoveKind::Add if (m.to as usize) < n => {
                let t = m.to as usize;
                let old = st.what[t];
                let mut h = st.hash ^ self.zkey(t, m.what, 0);
                if old != 0 {
                    h ^= self.zkey(t, old, 0);
                }
                Some(h)
            }
            // from a hand site onto a board site: `take` lowers the hand's
            // count (its key is per count), `put` replaces what stood there
            MoveKind::Place
                if (m.from as usize) >= n
                    && (m.from as usize) < st.what.len()
                    && (m.to as usize) < n =>
            {
                let (f, t) = (m.from as usize, m.to as usize);
                let (c, k) = (st.what[f], st.count[f] as usize);
                if c == 0 {
                    return Some(st.hash);
                }
                let mut h = st.hash ^ self.zkey(f, c, k);
                if k > 1 {
                    h ^= self.zkey(f, c, k - 1);
                }
                let old = st.what[t];
                if old != 0 {
                    h ^= self.zkey(t, old, 0);
                }
                Some(h ^ self.zkey(t, c, 0))
            }
            _ => None,
        }
    }
}

impl Game {
    /// Per generator node: whether the hash after its moves can be told by
    /// [`Game::hash_after_own_effect`]: a step, add or hop leaf whose own
    /// effect (`to` or `between` `apply`) is [`effect_previewable`] and is
    /// the first thing the move does (a hop's `to` effect comes after its
    /// `between` effect, so a hop may have one of them only), whose
    /// consequences (`then`, up to the root) never change a piece.
    pub(crate) fn compute_own_effect_nodes(&self) -> Vec<bool> {
        (0..self.gens.len())
            .map(|id| {
                let own = match &self.gens[id].kind {
                    GenKind::Add {
                        to_apply: Some(e), ..
                    }
                    | GenKind::Step {
                        to_apply: Some(e), ..
                    }
                    | GenKind::Hop {
                        to_apply: Some(e),
                        between_apply: None,
                        ..
                    }
                    | GenKind::Hop {
                        to_apply: None,
                        between_apply: Some(e),
                        ..
                    } => effect_previewable(e),
                    _ => false,
                };
                let mut up = Some(id as u32);
                let mut ok = own && !self.stacking;
                while let Some(i) = up {
                    let n = &self.gens[i as usize];
                    ok &= n.then.as_ref().is_none_or(effect_keeps_pieces);
                    up = n.parent;
                }
                ok
            })
            .collect()
    }

    /// Per generator node: whether its moves always change the position
    /// they are played from (see [`Game::changes_position`]): a step, hop,
    /// slide, from-to or add leaf, whatever its own effect (`to` or
    /// `between` `apply`), whose consequences (`then`, up to the root)
    /// never change a piece, in a game without stacks.
    pub(crate) fn compute_changing_nodes(&self) -> Vec<bool> {
        (0..self.gens.len())
            .map(|id| {
                let leaf = matches!(
                    self.gens[id].kind,
                    GenKind::Step { .. }
                        | GenKind::Hop { .. }
                        | GenKind::Slide { .. }
                        | GenKind::FromTo { .. }
                        | GenKind::Add { .. }
                );
                let mut up = Some(id as u32);
                let mut ok = leaf && !self.stacking;
                while let Some(i) = up {
                    let n = &self.gens[i as usize];
                    ok &= n.then.as_ref().is_none_or(effect_keeps_pieces);
                    up = n.parent;
                }
                ok
            })
            .collect()
    }

    /// Per generator node: whether its moves leave fewer pieces than the
    /// position they are played in when they carry a piece between two
    /// occupied board sites (see [`Game::lowers_pieces`]): a step, hop,
    /// slide or from-to leaf of `changing` ([`Game::compute_changing_nodes`]:
    /// no stacks, consequences that change no piece) whose own effects (`to`
    /// and `between` `apply`) never add a piece ([`effect_never_adds`]).
    pub(crate) fn compute_lowering_nodes(&self, changing: &[bool]) -> Vec<bool> {
        let never_adds = |e: &Option<Effect>| e.as_ref().is_none_or(effect_never_adds);
        (0..self.gens.len())
            .map(|id| {
                changing.get(id).copied().unwrap_or(false)
                    && match &self.gens[id].kind {
                        GenKind::Step { to_apply, .. } | GenKind::FromTo { to_apply, .. } => {
                            never_adds(to_apply)
                        }
                        GenKind::Hop {
                            between_apply,
                            to_apply,
                            ..
                        } => never_adds(between_apply) && never_adds(to_apply),
                        GenKind::Slide { .. } => true,
                        _ => false,
                    }
            })
            .collect()
    }

    /// Whether `m` (legal in `st`), a move of a
    /// [`Game::compute_lowering_nodes`] node, surely leaves fewer pieces
    /// than `st` has: it carries a piece from an occupied board site onto
    /// another occupied one. Its own effects run first and never add a
    /// piece; if they remove one, the carry (which never adds one either)
    /// cannot make up for it, and if they remove none, both sites are
    /// still occupied and the carry replaces the piece on `to`. So when no
    /// position of the turn so far has fewer pieces than `st`, the one
    /// after `m` is none of them.
    #[inline(always)]
    pub(crate) fn lowers_pieces(&self, st: &State, m: &Move) -> bool {
        let what = &st.what[..self.board.len()];
        let (f, t) = (m.from as usize, m.to as usize);
        m.kind == MoveKind::Step
            && f != t
            && what.get(t).is_some_and(|&c| c != 0)
            && what.get(f).is_some_and(|&c| c != 0)
    }

    /// Per generator node: its [`RepeatNode`], what
    /// `filter_repeats_by_hash` reads of it: the `KEEP_*` bits of the tests
    /// that may keep its moves without a hash, each set exactly when that
    /// test can hold for one of them: [`KEEP_CHANGES`] for
    /// [`Game::changes_position`] and [`KEEP_LOWERS`] for
    /// [`Game::lowers_pieces`] (their node flags), [`KEEP_RAISES`] for
    /// [`Game::raises_pieces`] (an [`super::cells::EffectCarry`] node with a
    /// `between` effect table, without stacks: the table's index); and
    /// whether it has an [`super::cells::EffectCarry`] form, whose hash
    /// [`Game::hash_after_effect_carry`] tells first.
    pub(crate) fn compute_repeat_nodes(&self, info: &super::fast::FastInfo) -> Vec<RepeatNode> {
        let flag = |v: &[bool], id: usize| v.get(id).copied().unwrap_or(false);
        (0..self.gens.len())
            .map(|id| {
                let ec = info.effect_carry.get(id).copied().flatten();
                let raising = match ec {
                    Some(EffectCarry {
                        effect: Some(i),
                        between: true,
                        ..
                    }) if !self.stacking => Some(i),
                    _ => None,
                };
                let mut keep = 0;
                if flag(&info.changes_position, id) {
                    keep |= KEEP_CHANGES;
                }
                if flag(&info.lowers_pieces, id) {
                    keep |= KEEP_LOWERS;
                }
                if raising.is_some() {
                    keep |= KEEP_RAISES;
                }
                RepeatNode {
                    keep,
                    effect: raising.unwrap_or(0),
                    effect_carry: ec.is_some(),
                }
            })
            .collect()
    }

    /// Whether `m` (legal in `st`) is kept by one of the tests `tests`
    /// (`KEEP_*` bits, set for its node `rn` and for the decision: the
    /// first of its turn, at the turn's floor, at its peak) without a
    /// hash: [`Game::changes_position`], [`Game::lowers_pieces`] or
    /// [`Game::raises_pieces`], their node flags read from `rn`.
    #[inline(always)]
    pub(crate) fn kept_by_count(&self, tests: u8, rn: RepeatNode, st: &State, m: &Move) -> bool {
        (tests & KEEP_LOWERS != 0 && self.lowers_pieces(st, m))
            || (tests & KEEP_RAISES != 0 && self.raises_pieces(rn.effect, st, m))
            || (tests & KEEP_CHANGES != 0 && self.changes_position(st, m))
    }

    /// The position hash after `m` (legal in `st`) of node `rn`: by
    /// [`Game::hash_after_effect_carry`] for a node with that form, else
    /// as [`Game::hash_after`] tells it.
    #[inline(always)]
    pub(crate) fn hash_after_node(
        &self,
        rn: RepeatNode,
        st: &State,
        m: &Move,
        ws: &mut Workspace,
    ) -> u64 {
        if rn.effect_carry
            && let Some(h) = self.hash_after_effect_carry(st, m)
        {
            return h;
        }
        self.hash_after(st, m, ws)
    }

    /// The position hash after `m` (legal in `st`): told from `st` when it
    /// can be (above), else that of `m` applied to a copy of `st`'s pieces
    /// (only the hash of the result is read: the turn's position list need
    /// not be copied).
    #[inline(never)]
    pub(crate) fn hash_after(&self, st: &State, m: &Move, ws: &mut Workspace) -> u64 {
        if let Some(h) = self
            .hash_after_plain(st, m)
            .or_else(|| self.hash_after_effect_carry(st, m))
            .or_else(|| self.hash_after_own_effect(st, m, ws))
        {
            return h;
        }
        let mut scratch = ws.scratch.take().unwrap_or_else(|| Box::new(st.clone()));
        scratch.reset_pieces_from(st);
        ws.epoch += 1;
        self.apply_actions(&mut scratch, m, None, ws);
        ws.epoch += 1;
        let h = self.position_hash(&scratch);
        ws.scratch = Some(scratch);
        h
    }

    /// Whether `m` (legal in `st`), a move of a node with an
    /// [`super::cells::EffectCarry`] form (its consequences are at most
    /// `moveAgain`) whose `between` effect has table `i`, in a game without
    /// stacks, surely leaves more pieces than `st` has: a hop whose table
    /// puts a piece on its one jumped site, empty in `st` (the first step
    /// of its direction, whose next step is `to`), and which carries the
    /// piece on its occupied origin onto its empty `to`, replacing
    /// nothing: one piece more, as the lean apply (`apply_effect_carry`)
    /// plays it. So when no position of the turn so far has more pieces
    /// than `st`, the one after `m` is none of them.
    #[inline(always)]
    pub(crate) fn raises_pieces(&self, i: u16, st: &State, m: &Move) -> bool {
        let n = self.board.len();
        let what = &st.what[..n];
        let (f, t) = (m.from as usize, m.to as usize);
        if m.kind != MoveKind::Step || m.dir == 255 || f == t {
            return false;
        }
        let d = Dir::ALL[m.dir as usize & 15];
        let Some(b) = self.board.step(m.from, d) else {
            return false;
        };
        let s = b as usize;
        if s == f
            || what.get(s) != Some(&0)
            || what.get(t) != Some(&0)
            || what.get(f).is_none_or(|&c| c == 0)
            || self.board.step(b, d) != Some(m.to)
        {
            return false;
        }
        let new = self.fast.cell_effects[i as usize].at(st.mover, b, 0);
        new != 0 && new != super::cells::KEEP
    }

    /// Per phase: whether every move its play rule can make leaves a
    /// position other than the one it is played in (see
    /// [`Game::tree_always_changes`]), so that the first decision of a turn,
    /// whose only position so far is the current one, needs no hash at all.
    /// `changing`: [`Game::compute_changing_nodes`].
    pub(crate) fn compute_changing_phases(&self, changing: &[bool]) -> Vec<bool> {
        // no site is its own neighbour or on its own radials, so a step,
        // hop or slide lands elsewhere than its origin
        let n = self.board.len() as Site;
        let apart = (0..n).all(|s| {
            Relation::ALL
                .iter()
                .all(|&r| !self.board.neighbours(s, r).contains(&s))
                && Dir::ALL
                    .iter()
                    .all(|&d| !self.board.radial(s, d).contains(&s))
        });
        self.phases
            .iter()
            .map(|p| apart && self.tree_always_changes(p.play, changing))
            .collect()
    }

    /// Per phase: whether every move its play rule can make adds one piece
    /// and changes nothing else (see [`Game::tree_only_adds`]), so that the
    /// position after it has one piece more than the one it is played in:
    /// when no position of the turn so far has more pieces than the
    /// current one, none has as many as the one after such a move, and the
    /// decision needs no hash at all.
    pub(crate) fn compute_adding_phases(&self) -> Vec<bool> {
        self.phases
            .iter()
            .map(|p| !self.stacking && self.tree_only_adds(p.play))
            .collect()
    }

    /// Whether every move of the tree under `id` is an add onto an empty
    /// site (`(sites Empty)`, no condition, or `(is Empty (to))`, as in
    /// [`Game::tree_always_changes`]; a hand site gains a piece as well)
    /// of a plain node (see [`Game::node_only_places`]: its own add is its
    /// only piece change), without stacks: it adds one piece, and only
    /// that.
    fn tree_only_adds(&self, id: u32) -> bool {
        let all = |v: &[u32]| v.iter().all(|&c| self.tree_only_adds(c));
        match &self.gens[id as usize].kind {
            GenKind::Or(v) | GenKind::Priority(v) => all(v),
            GenKind::If(_, a, b) => {
                self.tree_only_adds(*a) && b.is_none_or(|b| self.tree_only_adds(b))
            }
            GenKind::Do { moves, .. } | GenKind::ForEachSite { moves, .. } => {
                self.tree_only_adds(*moves)
            }
            GenKind::Add {
                to, to_if, stack, ..
            } => {
                !*stack
                    && self.node_only_places(id)
                    && (matches!(to, RegionE::Empty)
                        || to_if.is_none()
                        || matches!(to_if, Some(BoolE::EmptyAt(Slot::To))))
            }
            _ => false,
        }
    }

    /// Whether every move of the tree under `id` changes the position it
    /// is played from, whatever that position: each leaf is a
    /// [`Game::compute_changing_nodes`] node (no stacks, consequences that
    /// change no piece) and
    /// - a step, hop or slide: it carries a piece from an occupied board
    ///   site to another board site, so the origin ends empty (its own
    ///   effects run before the carry);
    /// - a from-to: a carry from an occupied board site to another one, as
    ///   above, or a placement from a hand site holding a piece, whose own
    ///   effect never adds a piece ([`effect_never_adds`]), so the hand
    ///   ends with fewer pieces;
    /// - an add onto empty sites only (`(sites Empty)`, no condition, or
    ///   `(is Empty (to))`): the site ends occupied.
    ///
    /// Passes, proposals, removals and anything else: false.
    fn tree_always_changes(&self, id: u32, changing: &[bool]) -> bool {
        let all = |v: &[u32]| v.iter().all(|&c| self.tree_always_changes(c, changing));
        let leaf = changing.get(id as usize).copied().unwrap_or(false);
        match &self.gens[id as usize].kind {
            GenKind::Or(v) | GenKind::Priority(v) => all(v),
            GenKind::If(_, a, b) => {
                self.tree_always_changes(*a, changing)
                    && b.is_none_or(|b| self.tree_always_changes(b, changing))
            }
            GenKind::Do { moves, .. } | GenKind::ForEachSite { moves, .. } => {
                self.tree_always_changes(*moves, changing)
            }
            GenKind::ForEachPiece(list) => list
                .iter()
                .all(|&(_, g)| self.tree_always_changes(g, changing)),
            GenKind::Step { .. } | GenKind::Hop { .. } | GenKind::Slide { .. } => leaf,
            GenKind::FromTo { to_apply, .. } => {
                leaf && to_apply.as_ref().is_none_or(effect_never_adds)
            }
            GenKind::Add {
                to, to_if, stack, ..
            } => {
                leaf && !*stack
                    && (matches!(to, RegionE::Empty)
                        || to_if.is_none()
                        || matches!(to_if, Some(BoolE::EmptyAt(Slot::To))))
            }
            _ => false,
        }
    }

    /// Whether `m` (legal in `st`) surely leaves a position other than
    /// `st`'s (so its hash differs from `st`'s but for a collision of the
    /// Zobrist keys): a move of a [`Game::compute_changing_nodes`] node
    /// that carries a piece between two board sites from an occupied one
    /// (the general apply runs the move's own effects, then `take` empties
    /// the origin, then `put` fills another site; the consequences change
    /// no piece, so the origin ends empty), or adds a piece onto an empty
    /// board site (its own effects, then `put` fills it; it ends occupied).
    #[inline]
    pub(crate) fn changes_position(&self, st: &State, m: &Move) -> bool {
        let n = self.board.len();
        let (f, t) = (m.from as usize, m.to as usize);
        m.node != NO_GEN
            && self
                .fast
                .changes_position
                .get(m.node as usize)
                .copied()
                .unwrap_or(false)
            && match m.kind {
                MoveKind::Step => f < n && t < n && f != t && st.what[f] != 0,
                MoveKind::Add => t < n && st.what[t] == 0,
                _ => false,
            }
    }

    /// The position hash after `m` (legal in `st`) when its node has an
    /// [`super::cells::EffectCarry`] form, as the lean apply
    /// (`apply_effect_carry`) plays it: the one cell its own effect
    /// changes by its table (read on `st`: a `to` or `from` effect's slot,
    /// or a hop's one jumped site, the first step of its direction, whose
    /// next step is `to`), then the carry, which puts the piece on `from`
    /// onto `to`, replacing what stood there; its consequences are at most
    /// `moveAgain`. `None` when it can't be told so (stacks, a hop over
    /// several sites, a carry onto its origin, another kind of move). In
    /// line in `filter_repeats_by_hash`, which tries it on each move.
    #[inline(always)]
    pub(crate) fn hash_after_effect_carry(&self, st: &State, m: &Move) -> Option<u64> {
        if self.stacking || m.node == NO_GEN {
            return None;
        }
        let ec = (*self.fast.effect_carry.get(m.node as usize)?)?;
        let n = self.board.len();
        let (f, t) = (m.from as usize, m.to as usize);
        if m.kind != MoveKind::Step || f >= n || t >= n || f == t {
            return None;
        }
        let mut h = st.hash;
        // the pieces on `from` and `to` once the effect is made
        let (mut cf, mut ct) = (st.what[f], st.what[t]);
        if let Some(i) = ec.effect {
            let cell = &self.fast.cell_effects[i as usize];
            // the cell the effect changes
            let s = if !ec.between {
                if cell.slot == Slot::From { f } else { t }
            } else if m.dir != 255 {
                let d = Dir::ALL[m.dir as usize & 15];
                let b = self.board.step(m.from, d)?;
                if b as usize >= n || self.board.step(b, d) != Some(m.to) {
                    return None;
                }
                b as usize
            } else {
                usize::MAX
            };
            if s < n {
                let old = st.what[s];
                let new = cell.at(st.mover, s as Site, old);
                if new != super::cells::KEEP {
                    if old != 0 {
                        h ^= self.flat_key(s, old);
                    }
                    if new != 0 {
                        h ^= self.flat_key(s, new);
                    }
                    if s == f {
                        cf = new;
                    } else if s == t {
                        ct = new;
                    }
                }
            }
        }
        // the carry: nothing when `from` is empty
        if cf != 0 {
            h ^= self.flat_key(f, cf) ^ self.flat_key(t, cf);
            if ct != 0 {
                h ^= self.flat_key(t, ct);
            }
        }
        Some(h)
    }

    /// The position hash after `m` (legal in `st`) when its node is one of
    /// [`Game::compute_own_effect_nodes`]: the one site change its own
    /// effect makes (decided on `st`, the state the effect is applied to),
    /// then its add or carry, mirroring `apply_effect`, `put` and `take`
    /// on board sites. `None` when it can't be told so (a hand site, a hop
    /// over several sites, another kind of move).
    pub(crate) fn hash_after_own_effect(
        &self,
        st: &State,
        m: &Move,
        ws: &mut Workspace,
    ) -> Option<u64> {
        if m.node == NO_GEN || !*self.fast.own_effect.get(m.node as usize)? {
            return None;
        }
        let n = self.board.len();
        // the jumped site of a hop over one site (its `between` effect's)
        let mut between = None;
        let own = match &self.gens[m.node as usize].kind {
            GenKind::Add { to_apply, .. } | GenKind::Step { to_apply, .. } => to_apply.as_ref(),
            GenKind::Hop {
                to_apply,
                between_apply,
                ..
            } => match between_apply {
                // a hop over no site applies no `between` effect
                Some(_) if m.dir == 255 => None,
                Some(e) => {
                    // one site between `from` and `to`: the effect at it
                    match self.board.radial(m.from, Dir::ALL[m.dir as usize]) {
                        [b, t, ..] if *t == m.to => between = Some(*b),
                        _ => return None,
                    }
                    Some(e)
                }
                None => to_apply.as_ref(),
            },
            _ => return None,
        };
        // a one-cell effect with a table (`cells.rs`): its entry for the
        // cell as it stands
        let table = self
            .fast
            .effect_carry
            .get(m.node as usize)
            .copied()
            .flatten()
            .and_then(|ec| ec.effect);
        // the move's context, as `apply_effect` sees it (only built when
        // the effect is evaluated)
        let ctx = || {
            let mut ctx = self.move_ctx(m);
            if let Some(b) = between {
                ctx.between = b;
            }
            ctx
        };
        let change = match (own, table) {
            (Some(e), Some(i)) => {
                let cell = &self.fast.cell_effects[i as usize];
                let s = match cell.slot {
                    Slot::From => m.from,
                    Slot::To => m.to,
                    Slot::Site => m.site,
                    Slot::Between => between.unwrap_or_else(|| ctx().between),
                };
                if (s as usize) < n {
                    let new = cell.at(st.mover, s, st.what[s as usize]);
                    (new != super::cells::KEEP).then_some((s as usize, new))
                } else {
                    self.preview_change(e, st, ctx(), ws)?
                }
            }
            (Some(e), None) => self.preview_change(e, st, ctx(), ws)?,
            (None, _) => None,
        };
        // the pieces after the effect
        let what = |x: usize| match change {
            Some((s, c)) if s == x => c,
            _ => st.what[x],
        };
        let mut h = st.hash;
        if let Some((s, c)) = change {
            if st.what[s] != 0 {
                h ^= self.zkey(s, st.what[s], 0);
            }
            if c != 0 {
                h ^= self.zkey(s, c, 0);
            }
        }
        match m.kind {
            MoveKind::Step if (m.from as usize) < n && (m.to as usize) < n => {
                let (f, t) = (m.from as usize, m.to as usize);
                let c = what(f);
                if c != 0 && f != t {
                    h ^= self.zkey(f, c, 0) ^ self.zkey(t, c, 0);
                    if what(t) != 0 {
                        h ^= self.zkey(t, what(t), 0);
                    }
                }
            }
            MoveKind::Add if (m.to as usize) < n => {
                let t = m.to as usize;
                if what(t) != 0 {
                    h ^= self.zkey(t, what(t), 0);
                }
                h ^= self.zkey(t, m.what, 0);
            }
            _ => return None,
        }
        Some(h)
    }

    /// The piece change effect `e` ([`effect_previewable`]) makes when
    /// applied to `st` in context `ctx`, as `apply_effect` makes it: a
    /// board site and its new top component (0: emptied), or no change.
    /// `None` when it would change a hand site.
    fn preview_change(
        &self,
        e: &Effect,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> Option<Option<(usize, u8)>> {
        let n = self.board.len();
        // a site of `apply_effect`'s range check: none, or a board site
        let site = |s: i32| match s {
            s if s < 0 || s as usize >= st.what.len() => Some(None),
            s if s as usize >= n => None,
            s => Some(Some(s as usize)),
        };
        match e {
            Effect::If(c, a, b) => {
                if self.eval_bool(c, st, ctx, ws) {
                    self.preview_change(a, st, ctx, ws)
                } else {
                    match b {
                        Some(b) => self.preview_change(b, st, ctx, ws),
                        None => Some(None),
                    }
                }
            }
            Effect::Add {
                piece,
                to: RegionE::Site(x),
                ..
            } => {
                let comp = self.piece_sel(piece, st, ctx, ws);
                if comp == 0 {
                    return Some(None);
                }
                let s = site(self.eval_int(x, st, ctx, ws))?;
                Some(s.map(|s| (s, comp)))
            }
            Effect::Remove(RegionE::Site(x)) => {
                let s = site(self.eval_int(x, st, ctx, ws))?;
                Some(s.filter(|&s| st.what[s] != 0).map(|s| (s, 0)))
            }
            Effect::Promote(x, piece) => {
                let s = self.eval_int(x, st, ctx, ws);
                let comp = self.piece_sel(piece, st, ctx, ws);
                if s < 0 || s as usize >= st.what.len() || st.what[s as usize] == 0 || comp == 0 {
                    return Some(None);
                }
                let s = site(s)?;
                Some(s.map(|s| (s, comp)))
            }
            e if effect_keeps_pieces(e) => Some(None),
            _ => None,
        }
    }
}

/// Whether effect `e` makes at most one piece change, at one site, whatever
/// the state: an `if`-tree whose branches are each one single-site add,
/// remove or promotion, or change no piece. (No sequence: every condition
/// is read on the state the effect starts from.)
fn effect_previewable(e: &Effect) -> bool {
    match e {
        Effect::If(_, a, b) => effect_previewable(a) && b.as_deref().is_none_or(effect_previewable),
        Effect::Add {
            to: RegionE::Site(_),
            ..
        }
        | Effect::Remove(RegionE::Site(_))
        | Effect::Promote(..) => true,
        e => effect_keeps_pieces(e),
    }
}

/// Whether an effect never adds a piece (whatever the state): it only
/// removes or promotes pieces, or changes none.
fn effect_never_adds(e: &Effect) -> bool {
    match e {
        Effect::Remove(_) | Effect::Promote(..) => true,
        Effect::If(_, a, b) => effect_never_adds(a) && b.as_deref().is_none_or(effect_never_adds),
        Effect::And(v) => v.iter().all(effect_never_adds),
        Effect::ForEachSite(_, e) => effect_never_adds(e),
        e => effect_keeps_pieces(e),
    }
}

/// Whether an effect never adds, removes or changes a piece (whatever the
/// state): turn control, scores and proposals only.
fn effect_keeps_pieces(e: &Effect) -> bool {
    match e {
        Effect::Mancala(_)
        | Effect::RemoveLater(_)
        | Effect::Race(_)
        | Effect::Chess(_)
        | Effect::Play(_)
        | Effect::SetPlayerValue(..) => false,
        Effect::MoveAgain
        | Effect::AddScore(..)
        | Effect::SetScore(..)
        | Effect::SetNextPlayer(_)
        | Effect::Propose(_) => true,
        Effect::Moves(_) => false,
        Effect::If(_, a, b) => {
            effect_keeps_pieces(a) && b.as_deref().is_none_or(effect_keeps_pieces)
        }
        Effect::And(v) => v.iter().all(effect_keeps_pieces),
        Effect::ForEachSite(_, e) => effect_keeps_pieces(e),
        Effect::Remove(_) | Effect::Add { .. } | Effect::Promote(..) => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, State};
    use rand::{Rng, SeedableRng};

    /// Compares the fast hash with the hash of the move applied to a copy,
    /// for every legal move along random playouts; returns how many moves
    /// took the fast path.
    fn check(g: &Game, playouts: usize) -> usize {
        check_with(g, playouts, |g, st, m, _| g.hash_after_plain(st, m))
    }

    /// `check` for the hash after a move with its own effect.
    fn check_own(g: &Game, playouts: usize) -> usize {
        check_with(g, playouts, |g, st, m, ws| {
            g.hash_after_own_effect(st, m, ws)
        })
    }

    fn check_with(
        g: &Game,
        playouts: usize,
        fast_hash: impl Fn(
            &Game,
            &State,
            &crate::engine::Move,
            &mut crate::engine::Workspace,
        ) -> Option<u64>,
    ) -> usize {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut ws = g.new_workspace();
        let mut moves = Vec::new();
        let mut fast = 0;
        for _ in 0..playouts {
            let mut st = g.initial_state();
            for _ in 0..300 {
                g.legal_moves_into(&st, &mut ws, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    if let Some(h) = fast_hash(g, &st, m, &mut ws) {
                        let mut copy: State = st.clone();
                        g.apply_actions(&mut copy, m, None, &mut ws);
                        assert_eq!(h, copy.hash, "move {m:?}");
                        fast += 1;
                    }
                }
                let m = moves[rng.random_range(0..moves.len())];
                g.apply_with(&mut st, &m, &mut ws);
            }
        }
        fast
    }

    /// Placements from hands holding several pieces (each count has its own
    /// key) onto empty and occupied sites (replacing), and from a hand
    /// left empty.
    #[test]
    fn plain_hash_matches_applied_hash_for_placements() {
        let g = load(
            r#"(game "T" (players 2) (equipment { (board (square 3)) (hand Each) (piece "Disc" Each (move Step (to if:(is Empty (to))))) })
                (rules (meta (no Repeat PositionalInTurn))
                  (start (place "Disc" "Hand" count:4))
                  (play (or (move (from (handSite Mover)) (to (sites Board)) (then (moveAgain))) (forEach Piece)))
                  (end (if (>= (count Moves) 30) (result Mover Draw)))))"#,
        );
        assert!(check(&g, 30) > 500);
    }

    /// Abrana's regular jumps (a marker added or turned black on the
    /// jumped cell) and steps onto a piece (taking it).
    #[test]
    fn own_effect_hash_matches_applied_hash_in_abrana() {
        let path = format!("{}/rules/abrana.lud", env!("CARGO_MANIFEST_DIR"));
        let g = crate::compile_file(path.as_ref(), &Default::default()).unwrap();
        assert!(check_own(&g, 40) > 1000);
        assert_eq!(check_own(&g.generic_twin(), 2), 0);
    }

    /// Effects at `(from)` (the step then carries what they put there), at
    /// `(to)` (replaced by the piece stepping there), at the jumped site,
    /// and at fixed sites of an add; promotions, removals and adds on
    /// empty and occupied sites.
    #[test]
    fn own_effect_hash_matches_applied_hash_with_effects_anywhere() {
        let g = load(
            r#"(game "T" (players 2) (equipment { (board (square 4)) (piece "Disc" Each
                  (or { (move Step Orthogonal (to if:(not (is Friend (who at:(to)))) (apply (add (piece "Marker0") (to (from))))))
                        (move Step Diagonal (to if:(is Occupied (to)) (apply (if (is Enemy (who at:(to))) (remove (to)) (promote (to) (piece "Marker0"))))))
                        (move Hop Adjacent (between if:(is Occupied (between)) (apply (if (= (what at:(between)) (id "Marker0")) (remove (between)) (promote (between) (piece "Marker0")))))
                           (to if:(is Empty (to))) (then (moveAgain)))
                        (move Hop Orthogonal (between if:(is Empty (between)) (apply (add (piece "Disc" Mover) (to (between))))) (to if:(is Occupied (to))))
                  })) (piece "Marker" Neutral)
                })
                (rules (meta (no Repeat PositionalInTurn))
                  (start { (place "Disc1" (sites {0 5})) (place "Disc2" (sites {15 10})) })
                  (play (or (forEach Piece)
                            (move Add (piece "Marker0") (to (sites Board) if:(is Occupied (to)) (apply (if (is Empty 3) (add (piece "Disc1") (to 3)) (remove 12)))))))
                  (end (if (>= (count Moves) 40) (result Mover Draw)))))"#,
        );
        assert!(check_own(&g, 40) > 500);
    }

    fn load(text: &str) -> Game {
        crate::compile_str("t", text, &Default::default()).unwrap()
    }

    #[test]
    fn plain_hash_matches_applied_hash_in_rules_files() {
        for f in ["abrana", "abande", "abrobad", "icebreaker"] {
            let path = format!("{}/rules/{f}.lud", env!("CARGO_MANIFEST_DIR"));
            let g = crate::compile_file(path.as_ref(), &Default::default()).unwrap();
            check(&g, 5);
        }
    }

    /// Adds onto occupied cells (replacing), steps that capture by
    /// replacement, consequences that only touch scores and turns, and
    /// steps whose consequence removes a piece (not plain).
    #[test]
    fn plain_hash_matches_applied_hash_with_replacements() {
        let g = load(
            r#"(game "T" (players 2) (equipment { (board (square 4)) (piece "Disc" Each
                  (or (move Step Adjacent (to if:(not (is Friend (who at:(to))))) (then (addScore Mover 1)))
                      (move Hop Orthogonal (between if:(is Occupied (between))) (to if:(is Empty (to)))
                         (then (remove (between))))))
                })
                (rules (meta (no Repeat PositionalInTurn))
                  (start { (place "Disc1" (sites {0 5})) (place "Disc2" (sites {15 10})) })
                  (play (or (forEach Piece)
                            (move Add (to (sites Board) if:(is Occupied (to))) (then (moveAgain)))))
                  (end (if (>= (count Moves) 40) (result Mover Draw)))))"#,
        );
        assert!(g.plain_nodes.iter().any(|&p| p));
        assert!(g.plain_nodes.iter().any(|&p| !p));
        assert!(check(&g, 20) > 100);
    }
}
