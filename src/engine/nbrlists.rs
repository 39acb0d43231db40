//! Per site, per subset of its neighbours under one relation: the subset's
//! sites in neighbour-list order, read from a table in one step. Serves the
//! step to empty sites (`fast.rs`, [`Game::step_pieces_to_empty`]) on
//! boards of up to 64 sites, where a piece's empty neighbours are one mask
//! and its moves must come out in the order of its neighbour list (the
//! order of the generic step).
//!
//! Without the table, each neighbour in the list is tested against the mask
//! (a branch per neighbour that the processor cannot foresee). With it,
//! the mask (a subset of the site's neighbours) is mapped to one of the
//! site's 64 table slots by a multiplier found at load (`subset * magic >>
//! 58`, one-to-one on the site's subsets: checked over all of them when the
//! multiplier is chosen), and the slot holds the subset's sites packed one
//! byte each (site + 1, from the low end, in list order; 0 ends the list),
//! so the loop writes one move per target and tests nothing per neighbour.
//! The tables are fixed in size (64 sites of 64 slots), so a read needs no
//! bounds check.
//!
//! Exact: every subset of a site's neighbours has a slot of its own (the
//! multiplier is kept only if no two subsets share one), and the slot's
//! list is the site's neighbour list filtered by the subset, which is what
//! the per-neighbour test keeps. Made for a relation only when every site
//! has at most four neighbours, none repeated, and a multiplier is found
//! for every site (else the per-neighbour loop runs). Checked against the
//! generic step by `tests/route_paths.rs`, `tests/nbr_lists.rs` and the
//! unit test below (every subset of every site on several boards).

use super::Game;
use crate::board::{Relation, Site};

/// One site's entry: its neighbours and its multiplier (its slots are
/// block `s` of [`SubsetLists::slots`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SiteLists {
    /// The site's neighbours (0 for sites past the board).
    mask: u64,
    magic: u64,
}

/// Slots per site: a block of 2^BITS, the slot `sub * magic >> SHIFT`.
const BITS: u32 = 6;
const SHIFT: u32 = 64 - BITS;
const BLOCK: usize = 1 << BITS;

/// The subset tables of one relation (see the module header).
#[derive(Clone, Debug)]
pub(crate) struct SubsetLists {
    /// Per site, padded to 64 (the padding has no neighbours).
    sites: Box<[SiteLists; 64]>,
    /// Per site (padded to 64), its block of [`BLOCK`] slots, each a list
    /// of up to four sites (site + 1, one byte each from the low end).
    slots: Box<[u32; 64 * BLOCK]>,
    /// How many neighbour pairs the relation has: no more moves than that
    /// come from one call of the loop.
    pub(crate) pairs: usize,
}

/// Most neighbours a site may have for its subsets to be tabled (so a
/// site's 16 subsets or fewer spread over its 64 slots, and a list fits
/// one slot of four bytes; a multiplier is found in two or three tries on
/// average).
const MOST: usize = 4;
/// Candidate multipliers tried per site.
const TRIES: usize = 1000;

impl SubsetLists {
    /// The tables of relation `rel` on `game`'s board (at most 64 sites),
    /// when every site has at most four neighbours, none repeated, and a
    /// multiplier is found for each.
    pub(crate) fn make(game: &Game, rel: Relation) -> Option<SubsetLists> {
        let n = game.board.len();
        if n > 64 {
            return None;
        }
        let mut sites = Box::new([SiteLists::default(); 64]);
        let mut slots: Box<[u32; 64 * BLOCK]> =
            vec![0u32; 64 * BLOCK].into_boxed_slice().try_into().ok()?;
        let mut pairs = 0;
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for (s, e) in sites.iter_mut().enumerate().take(n) {
            let list = game.board.neighbours(s as Site, rel);
            let mask = list.iter().fold(0u64, |m, &t| m | 1u64 << t);
            if list.len() > MOST || mask.count_ones() as usize != list.len() {
                return None;
            }
            pairs += list.len();
            let block = &mut slots[s * BLOCK..(s + 1) * BLOCK];
            *e = Self::site(list, mask, block, &mut x)?;
        }
        Some(SubsetLists {
            sites,
            slots,
            pairs,
        })
    }

    /// The entry of the site with neighbour list `list` (mask `mask`), its
    /// slots written into `block`; `x` the candidates' generator state.
    fn site(list: &[Site], mask: u64, block: &mut [u32], x: &mut u64) -> Option<SiteLists> {
        let mut subs = Vec::new();
        let mut sub = 0u64;
        loop {
            subs.push(sub);
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let mut next = || {
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            *x
        };
        'magic: for _ in 0..TRIES {
            // sparse candidates spread the subsets best
            let magic = next() & next() | 1;
            let mut seen = 0u64;
            for &sub in &subs {
                let i = sub.wrapping_mul(magic) >> SHIFT;
                if seen >> i & 1 != 0 {
                    continue 'magic;
                }
                seen |= 1 << i;
            }
            for &sub in &subs {
                let i = (sub.wrapping_mul(magic) >> SHIFT) as usize;
                block[i] = list
                    .iter()
                    .rev()
                    .filter(|&&t| sub >> t & 1 != 0)
                    .fold(0u32, |p, &t| p << 8 | (t + 1));
            }
            return Some(SiteLists { mask, magic });
        }
        None
    }

    /// The tables for a loop (their two parts in locals).
    #[inline(always)]
    pub(crate) fn tables(&self) -> Tables<'_> {
        Tables {
            sites: &self.sites,
            slots: &self.slots,
        }
    }
}

/// The parts of one [`SubsetLists`], borrowed for a loop: read through
/// references held in locals, they are not read again from the tables'
/// own fields after each move written.
#[derive(Clone, Copy)]
pub(crate) struct Tables<'a> {
    sites: &'a [SiteLists; 64],
    slots: &'a [u32; 64 * BLOCK],
}

impl Tables<'_> {
    /// Site `s`'s neighbours in `set`, in neighbour-list order, one byte
    /// each (site + 1) from the low end: 0 when there are none (`s` < 64).
    #[inline(always)]
    pub(crate) fn targets(&self, s: usize, set: u64) -> u64 {
        let s = s & 63;
        let e = &self.sites[s];
        let i = (e.mask & set).wrapping_mul(e.magic) >> SHIFT;
        // a padding site's block is all 0 (its mask is 0: slot 0)
        self.slots[(s * BLOCK) | i as usize] as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of every site's neighbours reads its sites in list
    /// order, for every relation of several boards.
    #[test]
    fn every_subset_reads_its_sites_in_list_order() {
        let boards = [
            "(board (concentric Square rings:3) use:Vertex)",
            "(board (square 8))",
            "(board (hex 4))",
            "(board (square 5) use:Vertex)",
        ];
        let mut tabled = 0;
        for b in boards {
            let text = format!(
                "(game \"T\" (players 2) (equipment {{ {b} (piece \"Disc\" Each (move Step \
                 Adjacent (to if:(is Empty (to))))) }}) (rules (play (forEach Piece)) \
                 (end (if (all Passed) (result Mover Draw)))))"
            );
            let g = crate::compile_str("t.lud", &text, &crate::Choices::default()).unwrap();
            for rel in Relation::ALL {
                let Some(tab) = SubsetLists::make(&g, rel) else {
                    continue;
                };
                tabled += 1;
                let tables = tab.tables();
                for s in 0..64 {
                    let list = match s < g.board.len() {
                        true => g.board.neighbours(s as Site, rel),
                        false => &[],
                    };
                    let mask = list.iter().fold(0u64, |m, &t| m | 1u64 << t);
                    assert_eq!(tab.sites[s].mask, mask);
                    let mut sub = 0u64;
                    loop {
                        let want: Vec<Site> = list
                            .iter()
                            .copied()
                            .filter(|&t| sub >> t & 1 != 0)
                            .collect();
                        let mut got = Vec::new();
                        // the sites of `sub` among those of a wider set
                        let mut p = tables.targets(s, sub | !mask);
                        while p != 0 {
                            got.push((p & 0xff) as Site - 1);
                            p >>= 8;
                        }
                        assert_eq!(got, want, "{b} {rel:?} site {s} subset {sub:#x}");
                        sub = sub.wrapping_sub(mask) & mask;
                        if sub == 0 {
                            break;
                        }
                    }
                }
                let pairs: usize = (0..g.board.len())
                    .map(|s| g.board.neighbours(s as Site, rel).len())
                    .sum();
                assert_eq!(tab.pairs, pairs);
            }
        }
        assert!(tabled >= 6, "only {tabled} relations tabled");
    }
}
