//! Regions as one word on boards of at most 64 sites: a region whose shape
//! reads only which board sites are empty and whose top pieces belong to
//! whom (`(sites Empty)`, `(sites Occupied by:WHO)`, with the hands when
//! no hand site holds such a piece, constant sets of board sites, `(sites
//! Around R FILTER)` over a relation, and their unions, intersections and
//! differences) is computed from the state's per-owner occupied sets and
//! the one-word neighbour masks, without a pass over the board. The sites
//! are those `eval_region` gives (its iteration order is ascending, as a
//! word's bits are read). Likewise the sites where a predicate on `(to)`
//! holds (`pred_mask`, for `count Groups` and searches), when it reads only
//! emptiness and owners; and the sites of such a region whose neighbours
//! of that kind number so many (`(forEach R if:(OP (count Sites in:(sites
//! Around (site) …)) K))`, for `count Pieces … in:`), one popcount each.

use super::ir::*;
use super::{Game, State};
use crate::board::Site;

/// How a region's one word is read, decided at load ([`Game::word_region`]):
/// the forms that need no walk of the region tree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) enum WordRegion {
    /// Any other region: [`Game::region_bits`].
    #[default]
    Other,
    /// A constant set of board sites (`(sites Board)`, a fixed set).
    Fixed(u64),
    /// `(sites Occupied by:P)` of one fixed owner P (0: neutral) on a
    /// board with the one-word sets: the owner's set, and whether the
    /// container is the board alone (else the hands count too, and a game
    /// without stacks is required: see [`Game::hands_hold`]).
    Owner(u8, bool),
}

impl Game {
    /// The [`WordRegion`] form of `r`: where [`Game::region_bits`] gives
    /// `r` in every position by one of these shapes, that shape; `Other`
    /// otherwise.
    pub(crate) fn word_region(&self, r: &RegionE) -> WordRegion {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return WordRegion::Other;
        }
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        match r {
            RegionE::Board => WordRegion::Fixed(all),
            RegionE::Fixed(set) => match set.one_word() {
                Some(w) if w & !all == 0 => WordRegion::Fixed(w),
                _ => WordRegion::Other,
            },
            RegionE::Occupied {
                who: Role::Player(p),
                board_only,
            } if (*p as usize) <= super::MAX_PLAYERS && (*board_only || !self.stacking) => {
                WordRegion::Owner(*p, *board_only)
            }
            _ => WordRegion::Other,
        }
    }

    /// [`Game::region_bits`] of `r` whose form is `w` (`w` made from `r`
    /// by [`Game::word_region`]): the same word, or None, read off the
    /// form (a fixed set; an owner's set, None when a hand holds one of
    /// its pieces and the hands count) without the walk.
    #[inline(always)]
    pub(crate) fn word_bits(&self, w: WordRegion, r: &RegionE, st: &State) -> Option<u64> {
        match w {
            WordRegion::Fixed(bits) => Some(bits),
            WordRegion::Owner(o, board_only) => {
                let bits = st.occ[o as usize];
                // `hands_hold` of a single owner without stacks
                if !board_only
                    && st.what.len() > self.board.len()
                    && st.pieces[o as usize] > bits.count_ones()
                {
                    return None;
                }
                Some(bits)
            }
            WordRegion::Other => self.region_bits(r, st),
        }
    }

    /// The sites of region `r` as one word (bit `s`: board site `s`), when
    /// the board has at most 64 sites and `r` has one of the shapes above;
    /// `None` otherwise. The region must read nothing of the move context
    /// (the shapes taken read none).
    pub(crate) fn region_bits(&self, r: &RegionE, st: &State) -> Option<u64> {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return None;
        }
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        Some(match r {
            RegionE::Board => all,
            RegionE::Empty => all & !self.occupied_bits(st),
            RegionE::Occupied {
                who,
                board_only: true,
            } => self.owned_bits(*who, st),
            // with the hands: when no hand site holds a matching piece
            RegionE::Occupied {
                who,
                board_only: false,
            } => {
                if self.hands_hold(*who, st, n) {
                    return None;
                }
                self.owned_bits(*who, st)
            }
            // a constant region of board sites
            RegionE::Fixed(set) => match set.one_word() {
                Some(w) if w & !all == 0 => w,
                _ => return None,
            },
            RegionE::Around { .. } => self.around_bits(r, st, all)?,
            RegionE::Union(v) => {
                let mut bits = 0;
                for r in v {
                    bits |= self.region_bits(r, st)?;
                }
                bits
            }
            RegionE::Intersection(v) => {
                let mut bits = all;
                for r in v {
                    bits &= self.region_bits(r, st)?;
                }
                bits
            }
            RegionE::Difference(a, b) => self.region_bits(a, st)? & !self.region_bits(b, st)?,
            _ => return None,
        })
    }

    /// [`Game::region_bits`] of a `(sites Around …)` region `r` (`all`: the
    /// board's sites), inlined where a caller asks for such regions often.
    #[inline(always)]
    pub(crate) fn around_bits(&self, r: &RegionE, st: &State, all: u64) -> Option<u64> {
        let (of, rel, filter, include_self) = r.around_by_relation()?;
        // hand sites are no centres: only the board's part of `(sites
        // Occupied …)` counts
        let centres = match of {
            RegionE::Occupied { who, .. } => {
                return Some(self.around_owned_bits((*who, rel, filter, include_self), st, all));
            }
            other => self.region_bits(other, st)?,
        };
        let near = if include_self { centres } else { 0 };
        Some((near | self.dilate(rel, centres)) & self.filter_bits(filter, st, all))
    }

    /// [`Game::around_bits`] of `(sites Around (sites Occupied by:WHO …)
    /// REL FILTER)` (`include_self`: the centres too): the board sites
    /// whose top piece `WHO` owns, dilated by `REL`, kept by FILTER.
    #[inline(always)]
    pub(crate) fn around_owned_bits(
        &self,
        (who, rel, filter, include_self): (
            Role,
            crate::board::Relation,
            Option<AroundFilter>,
            bool,
        ),
        st: &State,
        all: u64,
    ) -> u64 {
        let occupied = self.occupied_bits(st);
        let centres = match who {
            Role::All => occupied,
            _ => self.owned_bits(who, st),
        };
        let near = if include_self { centres } else { 0 };
        let keep = match filter {
            Some(AroundFilter::Empty) => all & !occupied,
            f => self.filter_bits(f, st, all),
        };
        (near | self.dilate(rel, centres)) & keep
    }

    /// The board sites where predicate `b` holds with `(to)` bound to each
    /// (as `pred_mask` gives them) as one word, when the board has at most
    /// 64 sites and `b` reads only whether `(to)` is empty or whose piece
    /// tops it: `(is Empty (to))`, `(is Occupied (to))`, `(OP (who
    /// at:(to)) V)` with V reading nothing of `(to)` (an empty site's owner
    /// is 0), and `or`s of these (an `and` of such tests is fused into slot
    /// tests at compile time). `None` otherwise.
    pub(crate) fn pred_bits(
        &self,
        b: &BoolE,
        st: &State,
        ctx: super::eval::Ctx,
        ws: &mut super::Workspace,
    ) -> Option<u64> {
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return None;
        }
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        if let Some(bits) = self.pred_leaf_bits(b, st, all) {
            return Some(bits);
        }
        Some(match b {
            BoolE::WhoAt(Slot::To, op, v) if !super::eval::int_reads_to(v) => {
                let k = self.eval_int(v, st, ctx, ws);
                let cmp = |o: usize| super::eval::cmp(*op, o as i32, k);
                let mut bits = if cmp(0) {
                    all & !self.occupied_bits(st)
                } else {
                    0
                };
                for (o, &occ) in st.occ.iter().enumerate() {
                    if cmp(o) {
                        bits |= occ;
                    }
                }
                bits
            }
            BoolE::Or(v) if !v.is_empty() => {
                let mut bits = 0;
                for x in v {
                    bits |= match self.pred_leaf_bits(x, st, all) {
                        Some(b) => b,
                        None => self.pred_bits(x, st, ctx, ws)?,
                    };
                }
                bits
            }
            _ => return None,
        })
    }

    /// The leaves of [`Game::pred_bits`] read in place: `(is Empty (to))`,
    /// `(is Occupied (to))` and `(= (who at:(to)) ROLE)` (one owner's
    /// sites; owner 0, the empty sites too). None for the others.
    #[inline(always)]
    fn pred_leaf_bits(&self, b: &BoolE, st: &State, all: u64) -> Option<u64> {
        Some(match b {
            BoolE::EmptyAt(Slot::To) => all & !self.occupied_bits(st),
            BoolE::OccupiedAt(Slot::To) => self.occupied_bits(st),
            BoolE::WhoAt(Slot::To, CmpOp::Eq, v) => {
                let IntE::Role(r) = **v else {
                    return None;
                };
                match self.role(r, st) as usize {
                    0 => all & !self.occupied_bits(st) | st.occ[0],
                    o => st.occ.get(o).copied().unwrap_or(0),
                }
            }
            _ => return None,
        })
    }

    /// [`Game::region_bits`], and also `(forEach R if:(OP (count Sites
    /// in:(sites Around (site) REL FILTER if:C)) K))` (the comparison
    /// either way round) over a region R of that kind: a site of R is kept
    /// when the number of its neighbours that FILTER and C keep compares
    /// so with K, each neighbour set one word (REL's neighbour lists free
    /// of repeats, so a count is a set's size). C must be a predicate on
    /// `(to)` that [`Game::pred_bits`] takes and that reads nothing else of
    /// the context. `None` otherwise.
    pub(crate) fn region_bits_at(
        &self,
        r: &RegionE,
        st: &State,
        ctx: super::eval::Ctx,
        ws: &mut super::Workspace,
    ) -> Option<u64> {
        let RegionE::Filter(of, cond) = r else {
            return self.region_bits(r, st);
        };
        let BoolE::Cmp(op, a, b) = &**cond else {
            return None;
        };
        let (op, e, k) = match (&**a, &**b) {
            (IntE::Const(k), e) => (op.swapped(), e, *k),
            (e, IntE::Const(k)) => (*op, e, *k),
            _ => return None,
        };
        let IntE::CountAround {
            site,
            dirs: DirSpec::Relation(rel),
            filter,
            cond: c,
        } = e
        else {
            return None;
        };
        if !matches!(**site, IntE::Site) || !self.plan.masks_exact(*rel) {
            return None;
        }
        let n = self.board.len();
        if self.small_adj.len() != 4 * n {
            return None;
        }
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        let mut keep = self.filter_bits(*filter, st, all);
        if let Some(c) = c {
            if !pred_reads_only_to(c) {
                return None;
            }
            keep &= self.pred_bits(c, st, ctx, ws)?;
        }
        let adj = &self.small_adj[*rel as usize * n..(*rel as usize + 1) * n];
        let mut sites = self.region_bits_at(of, st, ctx, ws)?;
        let mut kept = 0;
        while sites != 0 {
            let s = sites.trailing_zeros() as usize;
            sites &= sites - 1;
            if super::eval::cmp(op, (adj[s] & keep).count_ones() as i32, k) {
                kept |= 1u64 << s;
            }
        }
        Some(kept)
    }

    /// Whether a hand site (a site from `n`, the board's size, on) holds a
    /// piece that `role_matches` `who`. Without stacks, for a role that
    /// names one owner `o`, read off the counters: a board site holds one
    /// piece, so `o`'s board pieces are the sites of `st.occ[o]`, and
    /// `st.pieces[o]` (every piece of `o`, board and hand) is more than
    /// that exactly when a hand holds one of `o`'s pieces (an owner past
    /// the counters: the scan). Otherwise the hand sites are scanned.
    #[inline]
    fn hands_hold(&self, who: Role, st: &State, n: usize) -> bool {
        let hands = st.what.get(n..).unwrap_or(&[]);
        if hands.is_empty() {
            return false;
        }
        if !self.stacking && !matches!(who, Role::All | Role::Enemy) {
            let o = self.role(who, st) as usize;
            if let (Some(&p), Some(&bits)) = (st.pieces.get(o), st.occ.get(o)) {
                return p > bits.count_ones();
            }
        }
        hands
            .iter()
            .any(|&c| self.role_matches(who, self.owner(c), c, st))
    }

    /// The occupied board sites.
    #[inline]
    pub(crate) fn occupied_bits(&self, st: &State) -> u64 {
        st.occ.iter().fold(0u64, |a, &o| a | o)
    }

    /// The board sites whose top piece `role_matches` `who`.
    #[inline]
    fn owned_bits(&self, who: Role, st: &State) -> u64 {
        match who {
            Role::All => self.occupied_bits(st),
            Role::Enemy => (1..st.occ.len())
                .filter(|&o| o != st.mover as usize)
                .fold(0u64, |a, o| a | st.occ[o]),
            _ => st
                .occ
                .get(self.role(who, st) as usize)
                .copied()
                .unwrap_or(0),
        }
    }

    /// The board sites `around_filter` keeps.
    fn filter_bits(&self, filter: Option<AroundFilter>, st: &State, all: u64) -> u64 {
        let occupied = self.occupied_bits(st);
        match filter {
            None => all,
            Some(AroundFilter::Own) => st.occ[st.mover as usize],
            Some(AroundFilter::Enemy) => occupied & !st.occ[0] & !st.occ[st.mover as usize],
            Some(AroundFilter::Empty) => all & !occupied,
            Some(AroundFilter::Occupied) => occupied,
        }
    }
}

/// A predicate reads only whether `(to)` is empty or whose piece tops it
/// (the forms [`Game::pred_bits`] takes), and nothing else of the context.
fn pred_reads_only_to(c: &BoolE) -> bool {
    match c {
        BoolE::EmptyAt(Slot::To) | BoolE::OccupiedAt(Slot::To) => true,
        BoolE::WhoAt(Slot::To, _, v) => super::fast::int_ctx_free(v),
        BoolE::Or(v) => v.iter().all(pred_reads_only_to),
        _ => false,
    }
}

/// The sites of a word, ascending.
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = Site;
    #[inline]
    fn next(&mut self) -> Option<Site> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::WordRegion;
    use crate::engine::ir::{RegionE, Role};
    use rand::{Rng, SeedableRng};

    /// Along random games (pieces entered from the hands, carried, stacked
    /// and removed), the one-word forms decided at load ([`Game::word_region`]:
    /// each owner's occupied sites with and without the hands, the board, a
    /// fixed set) read the same word as [`Game::region_bits`], None
    /// included (a hand that holds a piece of the owner), in games with and
    /// without stacks, and none is taken where stacks and hands meet.
    #[test]
    fn word_forms_read_what_region_bits_reads() {
        let stacks = r#"(game "T" (players 2)
            (equipment {
                (board (square 4))
                (hand Each)
                (piece "Disc" Each
                    (or
                        (move Step Orthogonal (to if:(is Occupied (to))) stack:True)
                        (move Step Diagonal (to if:(not (is Friend (who at:(to))))))
                    )
                )
            })
            (rules
                (start { (place "Disc" "Hand" count:3) (place "Disc1" (sites {0 1})) (place "Disc2" (sites {14 15})) })
                (play (or (move (from (handSite Mover)) (to (sites Empty))) (forEach Piece)))
            )
        )"#;
        let mut games = vec![crate::compile_str("t.lud", stacks, &Default::default()).unwrap()];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        for f in ["abrana", "abande", "atidada", "abrobad"] {
            let path = dir.join(format!("{f}.lud"));
            games.push(crate::compile_file(&path, &Default::default()).unwrap());
        }
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut owners = 0;
        for g in &games {
            let mut regions = vec![RegionE::Board];
            for p in 0..=g.players {
                for board_only in [true, false] {
                    regions.push(RegionE::Occupied {
                        who: Role::Player(p),
                        board_only,
                    });
                }
            }
            let forms: Vec<WordRegion> = regions.iter().map(|r| g.word_region(r)).collect();
            for (r, w) in regions.iter().zip(&forms) {
                if let (RegionE::Occupied { board_only, .. }, WordRegion::Owner(..)) = (r, w) {
                    assert!(*board_only || !g.stacking, "{}: {r:?}", g.name);
                    owners += 1;
                }
            }
            let mut ws = g.new_workspace();
            let mut legal = Vec::new();
            for _ in 0..5 {
                let mut st = g.initial_state();
                for _ in 0..300 {
                    for (r, w) in regions.iter().zip(&forms) {
                        assert_eq!(
                            g.word_bits(*w, r, &st),
                            g.region_bits(r, &st),
                            "{}: {r:?}",
                            g.name
                        );
                    }
                    g.legal_moves_into(&st, &mut ws, &mut legal);
                    if legal.is_empty() || st.is_over() {
                        break;
                    }
                    let m = legal[rng.random_range(0..legal.len())];
                    g.apply_with(&mut st, &m, &mut ws);
                }
            }
        }
        assert!(owners > 10, "only {owners} owner forms");
    }
}
