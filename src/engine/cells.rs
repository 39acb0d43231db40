//! Own effects that change one cell, as tables: a move's `apply` (a step's
//! `to` effect, a hop's `between` effect) that is an `if`-tree of adds,
//! removals and promotions of the one site in its slot, whose conditions
//! read nothing but that site's number and top component (and the mover),
//! such as "an empty cell gets a marker, black on the border and of the
//! mover's colour inside; a red or green one turns black". For each mover,
//! board site and component standing there, the table holds the new top
//! component (or "unchanged"), worked out at load by evaluating the tree
//! on that cell as `apply_effect` would; the lean apply (`lean.rs`) and the
//! repetition check (`repeat.rs`) read it instead of walking the tree.
//! Exact because the conditions read only what the table is indexed by,
//! and each branch changes only that cell, as `put`/`take` do.

use super::eval::cmp;
use super::ir::*;
use super::{Game, MAX_PLAYERS};
use crate::board::Site;

/// The table's entry for a cell the effect leaves as it is.
pub(crate) const KEEP: u8 = u8::MAX;

/// The new top component of the slot's cell, per mover, site and
/// component there (see the module header).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CellEffect {
    pub(crate) slot: Slot,
    /// Index `((mover - 1) * sites + site) * comps + comp`: the new top
    /// component (0: emptied) or [`KEEP`].
    table: Vec<u8>,
    sites: usize,
    comps: usize,
}

impl CellEffect {
    /// The new top component of `site` (a board site) holding `comp` when
    /// `mover` plays the move, or [`KEEP`].
    #[inline(always)]
    pub(crate) fn at(&self, mover: u8, site: Site, comp: u8) -> u8 {
        let i = ((mover as usize - 1) * self.sites + site as usize) * self.comps + comp as usize;
        self.table[i]
    }
}

/// A move whose own effect (if any) has a [`CellEffect`] and whose
/// consequences are at most `moveAgain`: its whole apply is the cell's
/// change, the carry, and the turn going on (`again`) or not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EffectCarry {
    /// The node's own effect: an index into [`super::fast::FastInfo`]'s
    /// cell effects.
    pub(crate) effect: Option<u16>,
    /// The effect is the hop's `between` effect (at each jumped site), not
    /// a `to` effect (at its slot).
    pub(crate) between: bool,
    /// Some consequence is `moveAgain`.
    pub(crate) again: bool,
}

/// The slot's site as an integer expression (`(between)` for
/// [`Slot::Between`]).
fn is_slot(e: &IntE, slot: Slot) -> bool {
    matches!(
        (e, slot),
        (IntE::Between, Slot::Between) | (IntE::To, Slot::To) | (IntE::From, Slot::From)
    )
}

impl Game {
    /// The table of effect `e` on the cell in `slot`, when it has that
    /// shape (see the module header) in a game without stacks.
    pub(crate) fn cell_effect(&self, e: &Effect, slot: Slot) -> Option<CellEffect> {
        let (n, nc) = (self.board.len(), self.comps.len());
        let players = self.players as usize;
        if self.stacking || nc >= KEEP as usize || players > MAX_PLAYERS {
            return None;
        }
        if players * n * nc > 1 << 16 {
            return None;
        }
        let mut table = Vec::with_capacity(players * n * nc);
        for mover in 1..=self.players {
            for s in 0..n as Site {
                for c in 0..nc as u8 {
                    table.push(self.cell_change(e, slot, mover, s, c)?);
                }
            }
        }
        Some(CellEffect {
            slot,
            table,
            sites: n,
            comps: nc,
        })
    }

    /// What `apply_effect` does with `e` to site `s` (in `slot`) holding
    /// `comp` when `mover` plays: the new top component or [`KEEP`]; `None`
    /// when `e` has another shape.
    fn cell_change(&self, e: &Effect, slot: Slot, mover: u8, s: Site, comp: u8) -> Option<u8> {
        match e {
            Effect::If(c, a, b) => {
                if self.cell_bool(c, slot, mover, s, comp)? {
                    self.cell_change(a, slot, mover, s, comp)
                } else {
                    match b {
                        Some(b) => self.cell_change(b, slot, mover, s, comp),
                        None => Some(KEEP),
                    }
                }
            }
            // `put` replaces what stands there (no stacks)
            Effect::Add {
                piece,
                to: RegionE::Site(x),
                ..
            } if is_slot(x, slot) => match self.cell_piece(piece, mover)? {
                0 => Some(KEEP),
                p => Some(p),
            },
            Effect::Remove(RegionE::Site(x)) if is_slot(x, slot) => {
                Some(if comp == 0 { KEEP } else { 0 })
            }
            Effect::Promote(x, piece) if is_slot(x, slot) => {
                let p = self.cell_piece(piece, mover)?;
                Some(if comp == 0 || p == 0 { KEEP } else { p })
            }
            _ => None,
        }
    }

    /// `piece_sel` for `mover` (the previous mover is not known here).
    fn cell_piece(&self, p: &PieceSel, mover: u8) -> Option<u8> {
        match p {
            PieceSel::Component(c) => Some(*c),
            PieceSel::OfPlayer { base, who } if *who != Role::Prev => {
                let p = self.role_of(*who, mover, 0);
                Some(
                    base.iter()
                        .copied()
                        .find(|&c| self.owner(c) == p)
                        .unwrap_or(0),
                )
            }
            _ => None,
        }
    }

    /// `eval_bool` of `b` with site `s` in `slot` holding `comp` and
    /// `mover` to play, when `b` reads nothing else.
    fn cell_bool(&self, b: &BoolE, slot: Slot, mover: u8, s: Site, comp: u8) -> Option<bool> {
        let owner = self.owner(comp);
        Some(match b {
            BoolE::Const(v) => *v,
            BoolE::Not(a) => !self.cell_bool(a, slot, mover, s, comp)?,
            BoolE::And(v) => {
                let mut all = true;
                for a in v {
                    all &= self.cell_bool(a, slot, mover, s, comp)?;
                }
                all
            }
            BoolE::Or(v) => {
                let mut any = false;
                for a in v {
                    any |= self.cell_bool(a, slot, mover, s, comp)?;
                }
                any
            }
            BoolE::EmptyAt(x) if *x == slot => comp == 0,
            BoolE::OccupiedAt(x) if *x == slot => comp != 0,
            BoolE::IsEmpty(x) if is_slot(x, slot) => comp == 0,
            BoolE::IsOccupied(x) if is_slot(x, slot) => comp != 0,
            BoolE::EnemyAt(x) if *x == slot => owner != 0 && owner != mover,
            BoolE::FriendAt(x) if *x == slot => comp != 0 && owner == mover,
            BoolE::WhatAt(x, op, v) if *x == slot => {
                cmp(*op, comp as i32, self.cell_int(v, mover)?)
            }
            BoolE::WhoAt(x, op, v) if *x == slot => {
                cmp(*op, owner as i32, self.cell_int(v, mover)?)
            }
            BoolE::IsIn(x, r) if is_slot(x, slot) => match &**r {
                RegionE::Fixed(set) => set.contains(s),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// A constant, or a player other than the previous mover.
    fn cell_int(&self, e: &IntE, mover: u8) -> Option<i32> {
        match e {
            IntE::Const(k) => Some(*k),
            IntE::Role(r) if *r != Role::Prev => Some(self.role_of(*r, mover, 0) as i32),
            _ => None,
        }
    }

    /// Per generator node: its [`EffectCarry`] form, with the cell effects
    /// it refers to pushed onto `effects`: a step, hop, slide or from-to
    /// leaf whose own effect is a `to` effect at `(to)` or `(from)` or a
    /// hop's `between` effect with a [`CellEffect`] (or none), and whose
    /// consequences, on it and every enclosing node, are each none or
    /// `moveAgain`. Leaves with neither an effect nor a consequence (bare
    /// carries, which have their own path) get none.
    pub(crate) fn effect_carries(&self, effects: &mut Vec<CellEffect>) -> Vec<Option<EffectCarry>> {
        (0..self.gens.len())
            .map(|id| {
                let (own, between) = match &self.gens[id].kind {
                    GenKind::Step { to_apply, .. } | GenKind::FromTo { to_apply, .. } => {
                        (to_apply.as_ref(), false)
                    }
                    GenKind::Hop {
                        to_apply: None,
                        between_apply,
                        ..
                    } => (between_apply.as_ref(), true),
                    GenKind::Hop {
                        to_apply: Some(e),
                        between_apply: None,
                        ..
                    } => (Some(e), false),
                    GenKind::Slide { .. } => (None, false),
                    _ => return None,
                };
                let mut again = false;
                let mut up = Some(id as u32);
                while let Some(i) = up {
                    let n = &self.gens[i as usize];
                    match &n.then {
                        None => {}
                        Some(Effect::MoveAgain) => again = true,
                        Some(_) => return None,
                    }
                    up = n.parent;
                }
                if own.is_none() && !again {
                    return None;
                }
                let effect = match own {
                    None => None,
                    Some(e) => {
                        let slots: &[Slot] = if between {
                            &[Slot::Between]
                        } else {
                            &[Slot::To, Slot::From]
                        };
                        let cell = slots.iter().find_map(|&s| self.cell_effect(e, s))?;
                        effects.push(cell);
                        Some(u16::try_from(effects.len() - 1).ok()?)
                    }
                };
                Some(EffectCarry {
                    effect,
                    between,
                    again,
                })
            })
            .collect()
    }
}
