//! "The occupied sites form one group" for boards of at most 64 sites, on
//! one-word bit sets: `do M ifAfterwards:(= 1 (count Groups if:(is Occupied
//! (to))))` asks, for each move that only carries a piece (or stack) onto
//! an occupied site, whether the occupied sites are still one group once
//! its origin is left empty. With the position's occupied set `occ`
//! connected, `occ` minus the origin `f` is connected exactly when the
//! occupied neighbours of `f` all lie in one group of `occ - f` (every
//! site of `occ - f` reaches `f` in `occ`, so it reaches one of those
//! neighbours without passing through `f`); a flood fill from one of them
//! can stop as soon as it has met the others, and none is needed when
//! those neighbours are joined among themselves.
//!
//! That last test is a table read ([`Joined`]): per site, a multiplier
//! that maps every subset of its neighbours to one of 256 slots, the
//! slot's bit telling whether that subset is joined among itself (a flood
//! within it, made for every subset when the table is made). A multiplier
//! is kept only when no two subsets with different answers share a slot,
//! checked over all of them, so the read is the flood's answer; a site
//! for which none is found (or with too many neighbours) floods.
//!
//! When the `do`'s moves are a `forEach Piece` whose mover's piece has one
//! step with fused cell tests that carries a whole stack (or, without
//! stacks, a piece) onto occupied sites only, with no effect nor
//! consequence ([`Game::one_group_steps`]), every move from an origin gets
//! the same answer, so the step loop asks it once per origin with moves
//! and never makes the others.
//!
//! Whether a position's occupied sites are one group at all, and for
//! which sites leaving them keeps one group or not, is told, when it can
//! be, by what the previous position asked about learned (a [`GroupMemo`]
//! in the workspace): a set one group plus a site next to it, or less a
//! site whose leaving was found to keep it one group, is one group; and
//! most answers found for the previous set carry over to a set one site
//! away, by a rule on the changed site's occupied neighbours (a table
//! read, see [`GroupMemo::step`]); those it can't vouch for are dropped.
//! The memo is keyed on the whole occupied set, the relation and the
//! board, so any position may follow any other.

use super::bitregion::Bits;
use super::eval::Ctx;
use super::fast::{FastInfo, MAX_PIECE_GENS, PieceEntry};
use super::ir::{BoolE, GenKind};
use super::{Game, MAX_PLAYERS, Move, State, Workspace};
use crate::board::{Relation, Site};

/// One position's occupied board sites and the answers found so far.
pub(crate) struct OneGroup<'a> {
    /// The relation's neighbour masks and [`Joined`] tables.
    t: &'a GroupTables,
    rel: Relation,
    occ: u64,
    connected: bool,
    /// The last origin asked about and its answer (moves come grouped by
    /// origin).
    last: Option<(Site, bool)>,
    /// The sites `f` found so far (or told by the memo) whose leaving keeps
    /// one group.
    loose: u64,
    /// The sites `f` found so far (or told by the memo) whose leaving does
    /// not.
    tight: u64,
}

/// What a position's one-group test learned, kept in the workspace for the
/// next position asked about: a set of board sites `occ` that is one group
/// over `rel` on a board of `n` sites, sites `loose` of it whose removal
/// leaves one group and sites `tight` whose removal does not. A position
/// whose occupied set is `occ`, `occ` with one site added next to it, or
/// `occ` less one site of `loose` is one group without a flood (a site
/// joined to a group keeps it one), and inherits what can be vouched for
/// of `loose` and `tight` ([`GroupMemo::step`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct GroupMemo {
    rel: Relation,
    n: usize,
    occ: u64,
    loose: u64,
    /// Sites of `occ` whose removal leaves no group or more than one.
    tight: u64,
}

/// The moves of a `do (forEach Piece) ifAfterwards:(one group)` for one
/// mover, as [`Game::one_group_steps`] finds them in a position, when that
/// does not depend on the position: the mover's one kind of piece `c`, its
/// step `g` (no `if` in front of it) over `rel` with fused slot tests, a
/// bare carry of whole stacks (`stack`) or of pieces without stacks;
/// `onto`: the components the step's tests on the top piece at `(to)`
/// accept for this mover whatever the previous mover, none of them the
/// empty site's, and their owners (bit `o`), by the table made at load
/// (then neither need be asked per position).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct GroupSteps {
    c: u8,
    g: u32,
    rel: Relation,
    stack: bool,
    onto: Option<(u64, u8)>,
}

/// One relation's tables for the one-group tests on a board of `n` sites
/// (at most 64), each indexed by site and padded to 64 (so that a site
/// read from a one-word set needs no bounds test): the neighbour masks,
/// and per site whether a set of its neighbours is joined among itself.
#[derive(Clone, Debug)]
pub(crate) struct GroupTables {
    n: usize,
    adj: [u64; 64],
    joined: [Joined; 64],
}

/// Whether a subset of one site's neighbours is joined among itself (see
/// the module header): the subset `near` reads slot `near * magic >> 56`
/// of `slots`; `magic` 0: no table for this site (flood).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Joined {
    magic: u64,
    slots: [u64; 4],
}

impl Joined {
    /// Whether `near` (a subset of the site's neighbours) is joined among
    /// itself; `None` when the site has no table.
    #[inline(always)]
    fn of(&self, near: u64) -> Option<bool> {
        if self.magic == 0 {
            return None;
        }
        let i = near.wrapping_mul(self.magic) >> 56;
        Some(self.slots[(i >> 6) as usize] >> (i & 63) & 1 != 0)
    }

    /// The sites `f` of `set` for which `near` (a subset of the site's
    /// neighbours, not empty) less `f` is not empty and joined among
    /// itself: the answers [`GroupMemo::step`] carries over.
    #[inline(always)]
    fn joined_without(&self, near: u64, set: u64) -> u64 {
        let mut keep = 0;
        if set != 0 {
            if self.of(near) == Some(true) {
                keep = set & !near;
            }
            let mut on = set & near;
            while on != 0 {
                let f = on & on.wrapping_neg();
                on ^= f;
                let rest = near & !f;
                if rest != 0 && self.of(rest) == Some(true) {
                    keep |= f;
                }
            }
        }
        keep
    }

    /// The table of the site whose neighbours are `mask` (itself not
    /// among them) over `adj`: a multiplier from a fixed sequence of
    /// candidates under which every subset's slot agrees with a flood
    /// within the subset (the empty one: joined); no table when none of
    /// them fits.
    fn make(adj: &[u64], mask: u64) -> Joined {
        if mask.count_ones() > 8 {
            return Joined::default();
        }
        let joined = |sub: u64| sub == 0 || flood(adj, sub, sub & sub.wrapping_neg(), sub) == sub;
        let mut subs = Vec::new();
        let mut sub = 0u64;
        loop {
            subs.push((sub, joined(sub)));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        'magic: for _ in 0..4000 {
            let magic = next() & next() & next() | 1;
            let (mut set, mut yes) = ([0u64; 4], [0u64; 4]);
            for &(sub, ok) in &subs {
                let i = sub.wrapping_mul(magic) >> 56;
                let (w, b) = ((i >> 6) as usize, 1u64 << (i & 63));
                if set[w] & b != 0 {
                    if (yes[w] & b != 0) != ok {
                        continue 'magic;
                    }
                } else {
                    set[w] |= b;
                    if ok {
                        yes[w] |= b;
                    }
                }
            }
            return Joined { magic, slots: yes };
        }
        Joined::default()
    }
}

impl GroupMemo {
    /// What the memo tells of `occ` over relation `rel` (`t` its tables):
    /// when `occ` is one group, the sites
    /// of it known to keep one group when left (`loose`) and known not to
    /// (`tight`); `None`: not known to be one group. Told for the memo's
    /// own set and for a set one site away (see [`GroupMemo::step`]).
    #[inline(always)]
    fn tells(&self, rel: Relation, t: &GroupTables, occ: u64) -> Option<(u64, u64)> {
        if self.rel != rel || self.n != t.n {
            return None;
        }
        let d = self.occ ^ occ;
        if d == 0 {
            return Some((self.loose, self.tight));
        }
        if d & d.wrapping_sub(1) != 0 {
            return None;
        }
        self.step(t, occ, d)
    }

    /// [`GroupMemo::tells`] for `occ`, the memo's set with the one site
    /// `d` added or left. With `near` the occupied neighbours of that site
    /// (in the smaller of the two sets), and `occ - f` meaning the set
    /// less `f`:
    ///
    /// - `d` added next to the group: `occ` is one group, and `d` is loose
    ///   (leaving it gives back the memo's set). A loose `f` stays loose
    ///   when `near - f` is not empty (`d` hangs on the rest). A tight `f`
    ///   stays tight when `near - f` is joined among itself (it lies in one
    ///   group of the rest, which `d` then joins, splitting nothing). With
    ///   one neighbour `y`, every `f` but `y` keeps its answer and `y` is
    ///   tight (it alone holds `d`), unless the memo's set was `y` alone.
    /// - A loose `d` left: `occ` is one group. A tight `f` stays tight
    ///   unless `near` is `f` alone (`d` was a group of its own in the
    ///   memo's set less `f`; else what is left of `d`'s group still
    ///   splits). A loose `f` stays loose when `near - f` is not empty and
    ///   joined among itself (every site of the rest reached `d`, so
    ///   reaches `near - f`).
    ///
    /// Whatever is not known so is dropped, so every answer kept is the
    /// search's.
    #[inline(always)]
    fn step(&self, t: &GroupTables, occ: u64, d: u64) -> Option<(u64, u64)> {
        let x = d.trailing_zeros() as usize & 63;
        let (adj, j) = (&t.adj, &t.joined[x]);
        if occ & d != 0 {
            let near = adj[x] & self.occ;
            if near == 0 {
                return None;
            }
            if near & (near - 1) == 0 {
                let tight = match self.occ == near {
                    true => self.tight & !near,
                    false => self.tight | near,
                };
                return Some((self.loose & !near | d, tight));
            }
            // two neighbours or more: `near - f` is never empty
            Some((self.loose | d, j.joined_without(near, self.tight)))
        } else {
            if self.loose & d == 0 {
                return None;
            }
            let near = adj[x] & occ;
            if near == 0 {
                return None;
            }
            let tight = match near & (near - 1) {
                0 => self.tight & !near,
                _ => self.tight,
            };
            Some((j.joined_without(near, self.loose & !d), tight))
        }
    }
}

impl Game {
    /// Fills the per-relation neighbour masks (boards of at most 64 sites).
    pub(crate) fn make_small_adj(&mut self) {
        let n = self.board.len();
        self.small_adj.clear();
        self.small_nbrs.clear();
        self.small_dilate = Default::default();
        self.small_joined = Default::default();
        if n == 0 || n > 64 {
            return;
        }
        for rel in Relation::ALL {
            for s in 0..n as Site {
                let list = self.board.neighbours(s, rel);
                let m = list.iter().fold(0u64, |m, &t| m | 1u64 << t);
                self.small_adj.push(m);
                // the list in order, one byte (site + 1) each from the
                // low end; 0 (the slice is read) past eight neighbours
                let packed = match list.len() {
                    0..=8 => list
                        .iter()
                        .rev()
                        .fold(0u64, |p, &t| p << 8 | (t as u64 + 1)),
                    _ => 0,
                };
                self.small_nbrs.push(packed);
            }
        }
    }

    /// The sites next to some site of `set` over `rel` (the union of their
    /// neighbour masks), a table read per byte of `set` up to its highest
    /// nonzero one; boards of at most 64 sites ([`Game::make_small_adj`]
    /// made the masks). A relation's table is made the first time it is
    /// asked for.
    #[inline]
    pub(crate) fn dilate(&self, rel: Relation, set: u64) -> u64 {
        let table = self.small_dilate[rel as usize].get_or_init(|| self.dilate_table(rel));
        let mut m = 0;
        let mut x = set;
        for chunk in table.chunks_exact(256) {
            m |= chunk[(x & 0xff) as usize];
            x >>= 8;
            if x == 0 {
                break;
            }
        }
        m
    }

    /// Relation `rel`'s [`GroupTables`] (boards of at most 64 sites, the
    /// neighbour masks made), made the first time they are asked for.
    #[inline(always)]
    fn group_tables(&self, rel: Relation) -> &GroupTables {
        &self.small_joined[rel as usize].get_or_init(|| self.make_group_tables(rel))[0]
    }

    /// [`Game::group_tables`]' tables, made (in a list of one, see
    /// [`Game::small_joined`]).
    #[cold]
    fn make_group_tables(&self, rel: Relation) -> Vec<GroupTables> {
        let n = self.board.len();
        let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
        let mut t = GroupTables {
            n,
            adj: [0; 64],
            joined: [Joined::default(); 64],
        };
        t.adj[..n].copy_from_slice(adj);
        for s in 0..n {
            t.joined[s] = Joined::make(adj, adj[s] & !(1u64 << s));
        }
        vec![t]
    }

    /// Relation `rel`'s dilation table: per byte of a site set (as many as
    /// the board's sites need) and per value of that byte, the union of
    /// the neighbour masks of its sites.
    #[cold]
    fn dilate_table(&self, rel: Relation) -> Vec<u64> {
        let n = self.board.len();
        let adj = &self.small_adj[rel as usize * n..(rel as usize + 1) * n];
        let bytes = n.div_ceil(8);
        let mut table = vec![0u64; bytes * 256];
        for b in 0..bytes {
            let base = b * 256;
            // from the byte's value without its lowest bit
            for v in 1..256usize {
                let s = 8 * b + v.trailing_zeros() as usize;
                let one = if s < n { adj[s] } else { 0 };
                table[base + v] = table[base + (v & (v - 1))] | one;
            }
        }
        table
    }

    /// The occupied board sites of `st` for a one-group test over `rel`, or
    /// `None` when the board is too large for one-word sets.
    pub(crate) fn one_group<'a>(&'a self, st: &State, rel: Relation) -> Option<OneGroup<'a>> {
        self.one_group_after(st, rel, None)
    }

    /// [`Game::one_group`], told by `memo` (what an earlier position's test
    /// learned, [`OneGroup::memo`]) whether the occupied sites are one
    /// group when it can tell.
    #[inline(always)]
    pub(crate) fn one_group_after<'a>(
        &'a self,
        st: &State,
        rel: Relation,
        memo: Option<GroupMemo>,
    ) -> Option<OneGroup<'a>> {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return None;
        }
        // the state's per-owner sets of occupied board sites
        let occ = st.occ.iter().fold(0u64, |m, &o| m | o);
        let t = self.group_tables(rel);
        let (connected, loose, tight) = match memo.and_then(|m| m.tells(rel, t, occ)) {
            Some((loose, tight)) => (true, loose, tight),
            None => {
                let one = occ != 0 && flood(&t.adj, occ, occ & occ.wrapping_neg(), occ) == occ;
                (one, 0, 0)
            }
        };
        Some(OneGroup {
            t,
            rel,
            occ,
            connected,
            last: None,
            loose,
            tight,
        })
    }
}

impl Game {
    /// `(do (forEach Piece) ifAfterwards:(= 1 (count Groups REL if:(is
    /// Occupied (to)))))` (node `id`, `moves` its `forEach Piece` node) on a
    /// board of at most 64 sites when the mover's one kind of piece has a
    /// step with fused slot tests ([`Game::step_pieces_slots`]) that
    /// carries a whole stack (or a piece, without stacks) as a bare carry
    /// onto occupied sites only, and the occupied sites are one group now:
    /// a move keeps
    /// one group exactly when its origin's leaving does (the target was
    /// occupied and stays so), so each origin with moves is asked once
    /// ([`OneGroup::connected_without`]) instead of each move played out.
    /// The mover's step is read from the plan made at load
    /// ([`FastInfo::group_steps`]), else found in the position. The moves
    /// the general `do` keeps, in its order; false (nothing done) when the
    /// shape does not fit.
    pub(crate) fn one_group_steps(
        &self,
        (id, moves): (u32, u32),
        rel: Relation,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) -> bool {
        let planned = match self.fast.group_steps.get(id as usize) {
            Some(by_mover) => by_mover[st.mover as usize],
            None => None,
        };
        let Some(GroupSteps {
            c,
            g,
            rel: srel,
            stack,
            onto,
        }) = planned.or_else(|| self.group_steps_now(moves, st, ctx, ws))
        else {
            return false;
        };
        let GenKind::Step {
            to_if: Some(BoolE::SlotTests(tests)),
            ..
        } = &self.gens[g as usize].kind
        else {
            return false;
        };
        // never onto an empty site (known at load, or asked now)
        if onto.is_none() {
            match self.to_comps_sites(g, tests, st, ws) {
                Some((comps, _)) if comps & 1 == 0 => {}
                _ => return false,
            }
        }
        let Some(mut og) = self.one_group_after(st, rel, ws.one_group_memo) else {
            return false;
        };
        if !og.connected() {
            return false;
        }
        // the step's candidates, as `make_comps_sites` makes them (its
        // owners' sites), for `step_pieces_slots` to find made
        if let Some((comps, owners)) = onto {
            let (mut sites, mut rest) = (0, owners);
            while rest != 0 {
                sites |= st.occ[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            if let Some(e) = ws.to_sites.get_mut(g as usize) {
                *e = (ws.epoch, comps, sites);
            }
        }
        // the mover's sites are occupied
        let bits = st.occ[st.mover as usize];
        let keep = |f: Site| og.keeps_without(f);
        let done = self.step_pieces_slots((srel, stack, g), tests, bits, c, st, ctx, ws, keep, out);
        ws.one_group_memo = og.memo();
        done
    }

    /// A `do` node `id` whose condition is one group of occupied sites, as
    /// a leaf of a flat program: [`Game::one_group_steps`] when its moves
    /// fit, else `generate` (which asks that again, then plays the moves
    /// out).
    pub(crate) fn root_one_group(
        &self,
        id: u32,
        st: &State,
        ws: &mut Workspace,
        out: &mut Vec<Move>,
    ) {
        if let GenKind::Do {
            moves,
            connected: Some(rel),
            ..
        } = &self.gens[id as usize].kind
            && self.fast.enabled
            && self.one_group_steps((id, *moves), *rel, st, Ctx::default(), ws, out)
        {
            return;
        }
        self.generate(id, st, Ctx::default(), ws, out);
    }

    /// [`Game::one_group_steps`]'s steps found in this position (a step
    /// behind `if`s decided by the state).
    fn group_steps_now(
        &self,
        moves: u32,
        st: &State,
        ctx: Ctx,
        ws: &mut Workspace,
    ) -> Option<GroupSteps> {
        let GenKind::ForEachPiece(list) = &self.gens[moves as usize].kind else {
            return None;
        };
        if list.len() > MAX_PIECE_GENS {
            return None;
        }
        let PieceEntry::One(c, g) = self.own_entry(list, st.mover) else {
            return None;
        };
        let g = self.resolve_fixed_ifs(g, st, ctx, ws);
        self.group_step_shape(c, g, &self.fast.bare_carry)
    }

    /// Whether step `g` of piece `c` has the shape of
    /// [`Game::one_group_steps`] (`bare_carry` per node).
    fn group_step_shape(&self, c: u8, g: u32, bare_carry: &[bool]) -> Option<GroupSteps> {
        let srel = self.plan.step_slots(g)?;
        let GenKind::Step {
            to_if: Some(BoolE::SlotTests(_)),
            stack,
            ..
        } = &self.gens.get(g as usize)?.kind
        else {
            return None;
        };
        if (self.stacking && !*stack) || bare_carry.get(g as usize) != Some(&true) {
            return None;
        }
        Some(GroupSteps {
            c,
            g,
            rel: srel,
            stack: *stack,
            onto: None,
        })
    }

    /// Per generator node, per mover: [`FastInfo::group_steps`], for a
    /// `do` with a one-group test over a `forEach Piece` whose mover's
    /// entry is one step with no `if` in front of it (the analysis's
    /// other tables made).
    pub(crate) fn group_steps_plan(
        &self,
        info: &FastInfo,
    ) -> Vec<[Option<GroupSteps>; MAX_PLAYERS + 1]> {
        let none = [None; MAX_PLAYERS + 1];
        let mut plan = vec![none; self.gens.len()];
        for (id, node) in self.gens.iter().enumerate() {
            let GenKind::Do {
                moves,
                connected: Some(_),
                ..
            } = &node.kind
            else {
                continue;
            };
            let GenKind::ForEachPiece(list) = &self.gens[*moves as usize].kind else {
                continue;
            };
            if list.len() > MAX_PIECE_GENS {
                continue;
            }
            // a step (an `if` in front of it is not one: found per
            // position)
            plan[id] = std::array::from_fn(|p| match self.own_entry(list, p as u8) {
                PieceEntry::One(c, g) => {
                    let s = self.group_step_shape(c, g, &info.bare_carry)?;
                    let onto = self
                        .plan
                        .mover_top_comps(g, p as u8)
                        .filter(|comps| comps & 1 == 0)
                        .map(|comps| {
                            let owners = Bits(comps).fold(0u8, |o, c| o | 1 << self.owner(c as u8));
                            (comps, owners)
                        });
                    Some(GroupSteps { onto, ..s })
                }
                _ => None,
            });
        }
        if plan.iter().all(|p| *p == none) {
            plan.clear();
        }
        plan
    }
}

impl OneGroup<'_> {
    pub(crate) fn occupied(&self, s: Site) -> bool {
        s < 64 && self.occ >> s & 1 != 0
    }

    /// Whether the occupied sites are one group now.
    pub(crate) fn connected(&self) -> bool {
        self.connected
    }

    /// Whether the occupied sites but `f` form one group; `None` when the
    /// position's occupied sites are not one group to begin with (then the
    /// caller plays the move out).
    pub(crate) fn connected_without(&mut self, f: Site) -> Option<bool> {
        if !self.connected || !self.occupied(f) {
            return None;
        }
        if let Some((s, ok)) = self.last
            && s == f
        {
            return Some(ok);
        }
        let ok = self.keeps_without(f);
        self.last = Some((f, ok));
        Some(ok)
    }

    /// [`OneGroup::connected_without`] for an occupied site `f` when the
    /// occupied sites are one group (the caller knows both), without the
    /// last origin's answer. An answer already known (found in this
    /// position or told by the memo) is two bit tests in place.
    #[inline(always)]
    pub(crate) fn keeps_without(&mut self, f: Site) -> bool {
        debug_assert!(self.connected && self.occupied(f));
        let bit = 1u64 << f;
        if (self.loose | self.tight) & bit != 0 {
            return self.loose & bit != 0;
        }
        self.find_keeps_without(f)
    }

    /// [`OneGroup::keeps_without`] for a site not known yet: the table read
    /// or the search, its answer kept.
    #[inline(never)]
    fn find_keeps_without(&mut self, f: Site) -> bool {
        let bit = 1u64 << f;
        let rest = self.occ & !bit;
        let (adj, f) = (&self.t.adj, f as usize & 63);
        let near = adj[f] & rest;
        // `f` was the only occupied site: nothing is left, no group; one
        // occupied neighbour, or neighbours joined among themselves: one
        // group; else a search from one of them through the rest
        let ok = rest != 0
            && match self.t.joined[f].of(near) {
                Some(true) => true,
                Some(false) => {
                    let seed = near & near.wrapping_neg();
                    flood(adj, rest, seed, near) & near == near
                }
                None => {
                    let local = flood(adj, near, near & near.wrapping_neg(), near);
                    local == near || flood(adj, rest, local, near) & near == near
                }
            };
        if ok {
            self.loose |= bit;
        } else {
            self.tight |= bit;
        }
        ok
    }

    /// What this position's test learned, for the next one (none when the
    /// occupied sites are not one group).
    pub(crate) fn memo(&self) -> Option<GroupMemo> {
        self.connected.then_some(GroupMemo {
            rel: self.rel,
            n: self.t.n,
            occ: self.occ,
            loose: self.loose,
            tight: self.tight,
        })
    }
}

/// The union of the neighbour masks of the sites of `set` (a site read as
/// its index below 64: no bounds test when `adj` is known to have 64).
#[inline(always)]
fn dilate_bits(adj: &[u64], mut set: u64) -> u64 {
    let mut next = 0u64;
    while set != 0 {
        next |= adj[set.trailing_zeros() as usize & 63];
        set &= set - 1;
    }
    next
}

/// The sites of `within` reachable from `seed` (a subset of it); stops
/// early once every site of `goal` is reached.
#[inline]
pub(crate) fn flood(adj: &[u64], within: u64, seed: u64, goal: u64) -> u64 {
    let mut reach = seed;
    let mut frontier = seed;
    while frontier != 0 && reach & goal != goal {
        frontier = dilate_bits(adj, frontier) & within & !reach;
        reach |= frontier;
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// A xorshift generator of test sets from `seed`.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// A group of sites grown from one random site of the `adj.len()`
    /// sites by random neighbours, up to a random size.
    fn grown_group(adj: &[u64], rnd: &mut impl FnMut() -> u64) -> u64 {
        let n = adj.len() as u64;
        let mut occ = 1u64 << (rnd() % n);
        for _ in 0..rnd() % n {
            let mut edge = (0..adj.len())
                .filter(|&s| occ >> s & 1 != 0)
                .fold(0u64, |m, s| m | adj[s])
                & !occ;
            if edge == 0 {
                break;
            }
            for _ in 0..rnd() % edge.count_ones() as u64 {
                edge &= edge - 1;
            }
            occ |= edge & edge.wrapping_neg();
        }
        occ
    }

    /// A game on `board` (its rules do not matter here), with its
    /// neighbour masks made.
    fn game_on(board: Board) -> Game {
        let mut g = crate::compile_str(
            "t",
            "(game \"T\" (players 2) (equipment {(board (square 3)) (piece \"D\" Each)}) (rules (play (move Pass)) (end (if (all Passed) (result Mover Draw)))))",
            &Default::default(),
        )
        .unwrap();
        g.board = board;
        g.make_small_adj();
        g
    }

    /// The dilation tables against the neighbour masks, for random sets
    /// on several boards and relations (the sets' high bytes included).
    #[test]
    fn dilation_tables_match_the_neighbour_masks() {
        let mut rnd = xorshift(0x9e37_79b9_7f4a_7c15u64);
        for board in [
            Board::hex(4),
            Board::square(7),
            Board::square(8),
            Board::hex(2),
        ] {
            let n = board.len();
            let g = game_on(board);
            let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
            for rel in Relation::ALL {
                let adj = &g.small_adj[rel as usize * n..(rel as usize + 1) * n];
                for round in 0..300 {
                    let set = match round % 4 {
                        0 => rnd() & all,
                        1 => rnd() & rnd() & all,
                        2 => all,
                        _ => 1u64 << (rnd() % n as u64),
                    };
                    let want = (0..n)
                        .filter(|&s| set >> s & 1 != 0)
                        .fold(0u64, |m, s| m | adj[s]);
                    assert_eq!(g.dilate(rel, set), want, "{rel:?} {set:x}");
                }
            }
        }
    }

    /// The per-site tables of neighbour sets joined among themselves
    /// against a flood within each set, for every subset of every site's
    /// neighbours on several boards and relations (a site without a table
    /// only where it has more than six neighbours), and the one-group
    /// answers they shortcut against a plain search of the set less the
    /// origin, for random groups.
    #[test]
    fn joined_tables_and_origin_answers_match_floods() {
        let mut rnd = xorshift(0x2545_f491_4f6c_dd1du64);
        for board in [Board::hex(4), Board::square(7), Board::hex(2)] {
            let n = board.len();
            let g = game_on(board);
            let mut st = g.initial_state();
            for rel in Relation::ALL {
                let adj = &g.small_adj[rel as usize * n..(rel as usize + 1) * n];
                let tables = g.group_tables(rel);
                assert_eq!(&tables.adj[..n], adj);
                for f in 0..n {
                    let mask = adj[f] & !(1u64 << f);
                    let t = tables.joined[f];
                    if mask.count_ones() <= 6 {
                        assert_ne!(t.magic, 0, "{rel:?} site {f}");
                    }
                    let mut sub = 0u64;
                    loop {
                        let want =
                            sub == 0 || flood(adj, sub, sub & sub.wrapping_neg(), sub) == sub;
                        if let Some(got) = t.of(sub) {
                            assert_eq!(got, want, "{rel:?} site {f} subset {sub:x}");
                        }
                        sub = sub.wrapping_sub(mask) & mask;
                        if sub == 0 {
                            break;
                        }
                    }
                }
                for _ in 0..200 {
                    let occ = grown_group(adj, &mut rnd);
                    st.occ = [0; crate::engine::MAX_PLAYERS + 1];
                    st.occ[1] = occ;
                    let mut og = g.one_group(&st, rel).unwrap();
                    for f in 0..n as Site {
                        if occ >> f & 1 == 0 {
                            continue;
                        }
                        let rest = occ & !(1u64 << f);
                        let want =
                            rest != 0 && flood(adj, rest, rest & rest.wrapping_neg(), rest) == rest;
                        assert_eq!(og.keeps_without(f), want, "{rel:?} {occ:x} less {f}");
                    }
                }
            }
        }
    }

    /// What a position's test learned, told to the next position's: for
    /// random groups, after some origins were asked about, the sets one
    /// site away (added next to the group or not, left from the loose
    /// sites or not) and others are one group exactly when a plain search
    /// says so, with the memo as without it; and along chains of such
    /// positions, each asking about some origins, every site the memo
    /// tells loose or tight is so by a plain search (sites added, sites
    /// left, the same set again, and now and then another set).
    #[test]
    fn group_memos_tell_the_truth() {
        let mut rnd = xorshift(0x5851_f42d_4c95_7f2du64);
        for board in [Board::hex(4), Board::square(7), Board::hex(2)] {
            let n = board.len();
            let g = game_on(board);
            let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
            let mut st = g.initial_state();
            let mut at = |occ: u64| {
                st.occ = [0; crate::engine::MAX_PLAYERS + 1];
                st.occ[1] = occ;
                st.clone()
            };
            for rel in Relation::ALL {
                let adj = &g.small_adj[rel as usize * n..(rel as usize + 1) * n];
                let tables = g.group_tables(rel);
                let keeps = |occ: u64, f: usize| {
                    let rest = occ & !(1u64 << f);
                    rest != 0 && flood(adj, rest, rest & rest.wrapping_neg(), rest) == rest
                };
                let (mut told, mut checked) = (0, 0);
                for _ in 0..300 {
                    let occ = grown_group(adj, &mut rnd);
                    let mut og = g.one_group(&at(occ), rel).unwrap();
                    assert!(og.connected());
                    for f in 0..n as Site {
                        if occ >> f & 1 != 0 && rnd().is_multiple_of(2) {
                            og.keeps_without(f);
                        }
                    }
                    let memo = og.memo();
                    assert!(memo.is_some());
                    for _ in 0..8 {
                        let next = match rnd() % 4 {
                            0 => occ,
                            1 | 2 => occ ^ 1u64 << (rnd() % n as u64),
                            _ => rnd() & all,
                        };
                        let want = g.one_group(&at(next), rel).unwrap().connected();
                        let got = g.one_group_after(&at(next), rel, memo).unwrap().connected();
                        assert_eq!(got, want, "{occ:x} then {next:x}");
                        told += memo.unwrap().tells(rel, tables, next).is_some() as u32;
                        checked += 1;
                    }
                    // the memo of another relation or board tells nothing
                    let other = Relation::ALL[(rel as usize + 1) % Relation::ALL.len()];
                    assert!(memo.unwrap().tells(other, tables, occ).is_none());
                }
                assert!(told > checked / 4, "{told} of {checked}");
                // chains of positions
                let (mut known, mut asked) = (0, 0);
                for _ in 0..60 {
                    let mut occ = grown_group(adj, &mut rnd);
                    let mut memo = None;
                    for _ in 0..40 {
                        let mut og = g.one_group_after(&at(occ), rel, memo).unwrap();
                        let want =
                            occ != 0 && flood(adj, occ, occ & occ.wrapping_neg(), occ) == occ;
                        assert_eq!(og.connected(), want, "{occ:x}");
                        if want {
                            for f in 0..n {
                                let bit = 1u64 << f;
                                if (og.loose | og.tight) & bit != 0 {
                                    assert_eq!(og.loose & bit != 0, keeps(occ, f), "{occ:x} {f}");
                                    known += 1;
                                }
                            }
                            for f in 0..n as Site {
                                if occ >> f & 1 != 0 && rnd().is_multiple_of(3) {
                                    assert_eq!(og.keeps_without(f), keeps(occ, f as usize));
                                    asked += 1;
                                }
                            }
                        }
                        memo = og.memo();
                        let edge = occ.count_ones() as u64;
                        occ = match rnd() % 10 {
                            // a site next to the group added
                            0..=3 => {
                                let mut near = g.dilate(rel, occ) & all & !occ;
                                for _ in 0..rnd() % near.count_ones().max(1) as u64 {
                                    near &= near - 1;
                                }
                                occ | near & near.wrapping_neg()
                            }
                            // a site left
                            4..=7 if edge > 1 => {
                                let mut o = occ;
                                for _ in 0..rnd() % edge {
                                    o &= o - 1;
                                }
                                occ & !(o & o.wrapping_neg())
                            }
                            8 => occ,
                            _ => grown_group(adj, &mut rnd),
                        };
                        if occ == 0 || memo.is_none() {
                            occ = grown_group(adj, &mut rnd);
                        }
                    }
                }
                assert!(2 * known > asked, "{known} told, {asked} asked");
            }
        }
    }

    /// The one-group answers against a plain search, for random occupied
    /// sets on several boards and relations (including disconnected ones).
    #[test]
    fn connected_without_matches_a_plain_search() {
        fn plain(b: &Board, rel: Relation, occ: u64) -> bool {
            let Some(start) = (0..64).find(|&s| occ >> s & 1 != 0) else {
                return false;
            };
            let mut seen = 1u64 << start;
            let mut todo = vec![start as Site];
            while let Some(s) = todo.pop() {
                for &t in b.neighbours(s, rel) {
                    if occ >> t & 1 != 0 && seen >> t & 1 == 0 {
                        seen |= 1 << t;
                        todo.push(t);
                    }
                }
            }
            seen == occ
        }
        let mut rnd = xorshift(0x2545_f491_4f6c_dd1du64);
        for board in [
            Board::hex(4),
            Board::square(7),
            Board::square(8),
            Board::hex(2),
        ] {
            let n = board.len();
            let g = game_on(board);
            let mut st = g.initial_state();
            st.what = vec![0; n];
            for rel in Relation::ALL {
                for round in 0..400 {
                    let adj = &g.small_adj[rel as usize * n..(rel as usize + 1) * n];
                    let mut occ = if round % 3 == 0 {
                        // random sets, denser and sparser
                        rnd() & rnd() | if round % 2 == 0 { rnd() } else { 0 }
                    } else {
                        grown_group(adj, &mut rnd)
                    };
                    if n < 64 {
                        occ &= (1u64 << n) - 1;
                    }
                    for s in 0..n {
                        st.what[s] = (occ >> s & 1) as u8;
                    }
                    // component 1 is P1's
                    st.occ = [0; crate::engine::MAX_PLAYERS + 1];
                    st.occ[g.owner(1) as usize] = occ;
                    let mut og = g.one_group(&st, rel).unwrap();
                    assert_eq!(og.connected(), plain(&g.board, rel, occ));
                    for f in 0..n as Site {
                        let want = if og.connected() && occ >> f & 1 != 0 {
                            Some(plain(&g.board, rel, occ & !(1 << f)))
                        } else {
                            None
                        };
                        assert_eq!(og.connected_without(f), want, "{occ:x} without {f}");
                        assert_eq!(og.connected_without(f), want, "cached");
                    }
                }
            }
        }
    }
}
