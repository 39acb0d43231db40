//! Evaluation of [`BoolE::SlotTests`]: small conditions on the cells at
//! context sites, fused at compile time into a flat list (see
//! `compile::fuse`). Each test reads exactly what the condition it replaces
//! reads, with the same out-of-range answers.

use super::eval::{Ctx, cmp};
use super::ir::*;
use super::{Game, MAX_PLAYERS, State};
use crate::board::{Relation, Site};

/// Fused slot tests prepared for one generator origin: a step, hop or slide
/// asks them for many `(to)` sites with the rest of the context fixed. The
/// tests that do not read `(to)` are decided once; those on the top piece
/// at `(to)` become one bit per component; those on the stack height at
/// `(to)` keep the part of their sum read elsewhere. A conjunction of pure
/// tests, so the order of evaluation does not matter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotPlan {
    /// Every test that does not read `(to)` holds.
    pub(crate) ok: bool,
    /// Bit `c`: a top component `c` at `(to)` passes the top-piece tests.
    comps: u64,
    /// Height tests on `(to)`: (the height at the other slot, how many
    /// times `(to)` is summed, op, k).
    sizes: [(i32, i32, CmpOp, i32); 2],
    nsizes: usize,
}

impl SlotPlan {
    /// Whether the tests hold with `(to)` = `t` (a board site).
    #[inline(always)]
    pub(crate) fn holds(&self, st: &State, t: Site) -> bool {
        let t = t as usize;
        self.comps >> st.what[t] & 1 != 0
            && self.sizes[..self.nsizes]
                .iter()
                .all(|&(base, mult, op, k)| {
                    cmp(
                        op,
                        base.wrapping_add(mult.wrapping_mul(st.count[t] as i32)),
                        k,
                    )
                })
    }
}

/// The highest board stack [`HeightMasks`] tells apart (taller ones: the
/// caller tests each site).
const MAX_HEIGHT: usize = 7;

/// The stack heights of a set of candidate board sites (at most 64) as
/// cumulative masks, made once per position: a height test on `(to)`
/// (`(OP (+ (size Stack at:X) (size Stack at:(to))) K)` and the like) is,
/// for one origin, `BASE + TOS * h OP K` with BASE and TOS fixed, and the
/// heights `h` it accepts are an interval (`TOS` > 0, so the sum grows with
/// `h`), so the candidates passing it are one or two of these masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeightMasks {
    /// `le[h]`: the candidates at most `h` high, for `h` up to `top`.
    le: [u64; MAX_HEIGHT + 1],
    /// The highest candidate's height.
    top: usize,
}

impl HeightMasks {
    /// The masks of the board sites `sites` (`None` when a site is higher
    /// than [`MAX_HEIGHT`]).
    #[inline]
    pub(crate) fn of(sites: u64, st: &State) -> Option<HeightMasks> {
        let mut le = [0u64; MAX_HEIGHT + 1];
        let mut top = 0;
        let mut rest = sites;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let h = *st.count.get(t)? as usize;
            if h > MAX_HEIGHT {
                return None;
            }
            le[h] |= 1u64 << t;
            top = top.max(h);
        }
        for h in 1..=top {
            le[h] |= le[h - 1];
        }
        Some(HeightMasks { le, top })
    }

    /// The candidates at most `x` high.
    #[inline(always)]
    fn at_most(&self, x: i64) -> u64 {
        if x < 0 {
            0
        } else {
            self.le[(x.min(self.top as i64)) as usize]
        }
    }

    /// The sites whose height `h` passes `base + tos * h OP k` (`tos` >
    /// 0): exact on the candidates (the negated forms also keep every
    /// other site; the caller intersects with candidates).
    #[inline(always)]
    pub(crate) fn passing(&self, base: i32, tos: i32, op: CmpOp, k: i32) -> u64 {
        let (b, t, k) = (base as i64, tos as i64, k as i64);
        // base + tos * h <= x  <=>  h <= floor((x - base) / tos)
        let upto = |x: i64| {
            self.at_most(match t {
                1 => x - b,
                _ => (x - b).div_euclid(t),
            })
        };
        match op {
            CmpOp::Le => upto(k),
            CmpOp::Lt => upto(k - 1),
            CmpOp::Ge => !upto(k - 1),
            CmpOp::Gt => !upto(k),
            CmpOp::Eq => upto(k) & !upto(k - 1),
            CmpOp::Ne => !(upto(k) & !upto(k - 1)),
        }
    }
}

/// Height tests on `(to)` [`OriginTests`] takes (more: the caller's
/// general loop).
const MAX_TO_SIZES: usize = 4;

/// Fused slot tests split at load for many origins of one step generator:
/// the height tests on `(to)` as `(times (from) is summed, the other slot
/// summed if any, times (to) is summed, op, k)`, and whether any test
/// reads neither the height nor the top piece at `(to)` (those are asked
/// per origin).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OriginTests {
    sizes: [(i32, Option<Slot>, i32, CmpOp, i32); MAX_TO_SIZES],
    pub(crate) nsizes: usize,
    per_origin: bool,
}

impl OriginTests {
    /// `tests` split; `None` with more than [`MAX_TO_SIZES`] height tests
    /// on `(to)`.
    pub(crate) fn of(tests: &[SlotTest]) -> Option<OriginTests> {
        let mut o = OriginTests {
            sizes: [(0, None, 0, CmpOp::Eq, 0); MAX_TO_SIZES],
            nsizes: 0,
            per_origin: false,
        };
        for &t in tests {
            match t {
                SlotTest::Size(a, b, op, k) if a == Slot::To || b == Some(Slot::To) => {
                    if o.nsizes == MAX_TO_SIZES {
                        return None;
                    }
                    let slots = [Some(a), b];
                    let times = |x: Slot| slots.iter().filter(|&&s| s == Some(x)).count() as i32;
                    // a sum of two slots, one of them `(to)`: at most one other
                    let other = slots
                        .into_iter()
                        .flatten()
                        .find(|&s| s != Slot::To && s != Slot::From);
                    o.sizes[o.nsizes] = (times(Slot::From), other, times(Slot::To), op, k);
                    o.nsizes += 1;
                }
                _ if top_slot(t) == Some(Slot::To) => {}
                _ => o.per_origin = true,
            }
        }
        Some(o)
    }
}

/// The height tests on `(to)` of an [`OriginTests`] whose sums read
/// `(to)` and `(from)` only, and no other test but those on the top piece
/// at `(to)`: within one position the candidates passing them depend on
/// the origin's height alone, so each height's mask is made once, on first
/// use, from the position's [`HeightMasks`] (what
/// [`Game::origin_sites`] makes per origin).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ByFromHeight {
    masks: [u64; MAX_HEIGHT + 1],
    /// Bit `h`: `masks[h]` is made.
    made: u32,
}

impl ByFromHeight {
    /// Whether `o` has that form.
    pub(crate) fn fits(o: &OriginTests) -> bool {
        !o.per_origin && o.nsizes > 0 && o.sizes[..o.nsizes].iter().all(|s| s.1.is_none())
    }

    /// The candidates passing `o`'s height tests from an origin `hf` high
    /// (`None` past [`MAX_HEIGHT`]: the caller asks per origin).
    #[inline(always)]
    pub(crate) fn mask(&mut self, o: &OriginTests, h: &HeightMasks, hf: usize) -> Option<u64> {
        if hf > MAX_HEIGHT {
            return None;
        }
        if self.made >> hf & 1 == 0 {
            let mut m = !0u64;
            for &(fm, _, tos, op, k) in &o.sizes[..o.nsizes] {
                m &= h.passing(fm.wrapping_mul(hf as i32), tos, op, k);
            }
            self.masks[hf] = m;
            self.made |= 1 << hf;
        }
        Some(self.masks[hf])
    }
}

/// The height tests of an [`OriginTests`] of the [`ByFromHeight`] form as a
/// table made at load: bit `h` of `allowed[hf]` says that a candidate `h`
/// high passes every height test from an origin `hf` high (each test read
/// as the fused test reads it: `(from)`'s height times the number of times
/// it is summed, plus `(to)`'s height times its number, against `k`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeightTable {
    allowed: [u16; MAX_HEIGHT + 1],
}

impl HeightTable {
    /// The table of `o`, when it has the [`ByFromHeight`] form.
    pub(crate) fn of(o: &OriginTests) -> Option<HeightTable> {
        if !ByFromHeight::fits(o) {
            return None;
        }
        let mut allowed = [0u16; MAX_HEIGHT + 1];
        for (hf, a) in allowed.iter_mut().enumerate() {
            for h in 0..=MAX_HEIGHT {
                let pass = o.sizes[..o.nsizes].iter().all(|&(fm, _, tos, op, k)| {
                    let sum = fm
                        .wrapping_mul(hf as i32)
                        .wrapping_add(tos.wrapping_mul(h as i32));
                    cmp(op, sum, k)
                });
                *a |= (pass as u16) << h;
            }
        }
        Some(HeightTable { allowed })
    }
}

/// A mask of [`HeightSets`] not made yet. A made mask may equal it (every
/// one of 64 sites passing): it is then made again when asked for, with the
/// same result.
const NOT_MADE: u64 = !0;

/// A position's candidate sites by exact height (up to [`MAX_HEIGHT`]),
/// and, made on first use, the candidates a [`HeightTable`] passes from an
/// origin of each height: what [`ByFromHeight`] gives from the
/// [`HeightMasks`], with one store per candidate to make.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeightSets {
    /// `eq[h]`: the candidates `h` high.
    eq: [u64; MAX_HEIGHT + 1],
    /// `masks[hf]`: the candidates passing from an origin `hf` high, or
    /// [`NOT_MADE`].
    masks: [u64; MAX_HEIGHT + 1],
}

impl HeightSets {
    /// No sets made yet.
    pub(crate) const EMPTY: HeightSets = HeightSets {
        eq: [0; MAX_HEIGHT + 1],
        masks: [NOT_MADE; MAX_HEIGHT + 1],
    };

    /// Makes the sets of the board sites `sites` in an [`HeightSets::EMPTY`]:
    /// the heights found (bit `h`: some site is `h` high), for
    /// [`HeightSets::passing`]; `None` when one is higher than
    /// [`MAX_HEIGHT`], or is no site of `count` (then the sets are of no
    /// use).
    #[inline(always)]
    pub(crate) fn fill(&mut self, sites: u64, count: &[u16]) -> Option<u16> {
        let mut found = 0u16;
        let mut rest = sites;
        while rest != 0 {
            let t = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let h = *count.get(t)? as usize;
            *self.eq.get_mut(h)? |= 1u64 << t;
            found |= 1 << h;
        }
        Some(found)
    }

    /// [`HeightSets::fill`] of occupied board sites `sites` given `tall`,
    /// the board sites two or more high ([`State::tall`]): the others are
    /// one high (an occupied site holds a piece), so only the tall ones
    /// are read one by one.
    #[inline(always)]
    pub(crate) fn fill_tall(&mut self, sites: u64, tall: u64, count: &[u16]) -> Option<u16> {
        self.eq[1] = sites & !tall;
        Some(self.fill(sites & tall, count)? | 1 << 1)
    }

    /// The candidates passing `table` from an origin `hf` high (`None`
    /// past [`MAX_HEIGHT`]: the caller tests each site), given `found`,
    /// the heights [`HeightSets::fill`] found (the sets of the others are
    /// empty and not read).
    #[inline(always)]
    pub(crate) fn passing(&mut self, table: &HeightTable, hf: usize, found: u16) -> Option<u64> {
        let m = *self.masks.get(hf)?;
        if m != NOT_MADE {
            return Some(m);
        }
        let mut allowed = table.allowed[hf] & found;
        let mut m = 0;
        while allowed != 0 {
            m |= self.eq[allowed.trailing_zeros() as usize];
            allowed &= allowed - 1;
        }
        self.masks[hf] = m;
        Some(m)
    }
}

/// Per mover and previous mover, the tests on the top piece at `(to)` of a
/// [`HeightSteps`] node, resolved at load.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TopPlan {
    /// Bit `c`: a top component `c` at `(to)` passes ([`Game::to_comps_of`];
    /// bit 0: an empty site).
    pub(crate) comps: u64,
    /// Bit `o`: the board sites owner `o`'s pieces top may pass (the owners
    /// of the components of `comps` but the empty one; with bit 0 of
    /// `comps`, the empty sites may too).
    owners: u32,
    /// Every piece of each owner of `owners` passes (all its components
    /// are in `comps`): a candidate's top piece need not be tested.
    pub(crate) all_pass: bool,
}

impl TopPlan {
    /// The board sites (`board`: all of them) that may hold `(to)`:
    /// [`Game::sites_of_comps`] of `comps`, read from the owners found at
    /// load.
    #[inline(always)]
    pub(crate) fn sites(&self, st: &State, board: u64) -> u64 {
        let mut sites = 0u64;
        let mut rest = self.owners;
        while rest != 0 {
            sites |= st
                .occ
                .get(rest.trailing_zeros() as usize)
                .copied()
                .unwrap_or(0);
            rest &= rest - 1;
        }
        if self.comps & 1 != 0 {
            let occupied = st.occ.iter().fold(0u64, |a, &o| a | o);
            sites |= board & !occupied;
        }
        sites
    }
}

/// The number of (mover, previous mover) pairs a [`HeightSteps`] tells
/// apart.
const ROLE_PAIRS: usize = (MAX_PLAYERS + 1) * (MAX_PLAYERS + 1);

/// A step node (`(move Step REL (to if:SLOT_TESTS))`, the tests with a
/// [`HeightTable`]) on a board of at most 64 sites, as far as its moves
/// over all of a player's pieces ([`Game::step_pieces_slots`]) can be
/// resolved at load: the table, the tests on the top piece at `(to)` per
/// mover and previous mover, which components are their owner's only
/// kind, and the neighbour masks and packed lists of `rel` (free of
/// repeats) padded to 64 sites (a site `s` read as `[s & 63]`, with no
/// bounds check).
#[derive(Clone, Debug)]
pub(crate) struct HeightSteps {
    /// The step's relation.
    pub(crate) rel: Relation,
    pub(crate) table: HeightTable,
    /// The board sites.
    pub(crate) board: u64,
    /// Bit `c`: component `c` is the only component of its owner.
    pub(crate) sole: u64,
    /// Per `mover * (MAX_PLAYERS + 1) + prev`.
    tops: [TopPlan; ROLE_PAIRS],
    /// Per site: its neighbours under `rel` as a mask (0 past the board).
    pub(crate) adj: [u64; 64],
    /// Per site: its neighbours under `rel` in list order, packed as in
    /// `Game::small_nbrs` (0 past the board, and for a site with more
    /// than eight).
    pub(crate) nbrs: [u64; 64],
}

impl HeightSteps {
    /// The plan of a step node of relation `rel` (`exact`: its neighbour
    /// lists are free of repeats) whose fused slot tests have `table`, with
    /// `top_comps` the node's [`Game::to_comps_of`] per mover and previous
    /// mover (as `Plan::top_comps`) and `owner_comps` each owner's
    /// components; `None` on a board of more than 64 sites, with more than
    /// 64 components, or when a neighbour list of `rel` repeats a site (a
    /// site's moves are written as a set).
    pub(crate) fn of(
        g: &Game,
        (rel, exact): (Relation, bool),
        table: HeightTable,
        top_comps: &[u64],
        owner_comps: &[u64; MAX_PLAYERS + 1],
    ) -> Option<Box<HeightSteps>> {
        let n = g.board.len();
        if n == 0 || n > 64 || g.small_adj.len() != 4 * n || g.comps.len() > 64 || !exact {
            return None;
        }
        if top_comps.len() != ROLE_PAIRS {
            return None;
        }
        let mut tops = [TopPlan::default(); ROLE_PAIRS];
        for (t, &comps) in tops.iter_mut().zip(top_comps) {
            let mut owners = 0u32;
            for c in (1..g.comps.len()).filter(|&c| comps >> c & 1 != 0) {
                let o = g.owner(c as u8) as usize;
                if o > MAX_PLAYERS {
                    return None;
                }
                owners |= 1 << o;
            }
            let all_pass = (0..=MAX_PLAYERS)
                .filter(|&o| owners >> o & 1 != 0)
                .all(|o| owner_comps[o] & !comps == 0);
            *t = TopPlan {
                comps,
                owners,
                all_pass,
            };
        }
        let sole = (1..g.comps.len())
            .filter(|&c| owner_comps.get(g.owner(c as u8) as usize) == Some(&(1u64 << c)))
            .fold(0u64, |m, c| m | 1 << c);
        let mut adj = [0u64; 64];
        let mut nbrs = [0u64; 64];
        adj[..n].copy_from_slice(&g.small_adj[rel as usize * n..(rel as usize + 1) * n]);
        nbrs[..n].copy_from_slice(&g.small_nbrs[rel as usize * n..(rel as usize + 1) * n]);
        Some(Box::new(HeightSteps {
            rel,
            table,
            board: if n == 64 { !0 } else { (1u64 << n) - 1 },
            sole,
            tops,
            adj,
            nbrs,
        }))
    }

    /// The tests on the top piece at `(to)` for the state's mover and
    /// previous mover.
    #[inline(always)]
    pub(crate) fn top(&self, st: &State) -> Option<&TopPlan> {
        self.tops
            .get(st.mover as usize * (MAX_PLAYERS + 1) + st.prev_mover as usize)
    }
}

impl Game {
    /// The sites of `near` (board sites that may hold `(to)`, all among
    /// the candidates of `heights`) where every test of `tests` (split as
    /// `o`) but those on the top piece at `(to)` holds with `(from)` =
    /// `ctx.from`: the tests that do not read `(to)` decided once, the
    /// height tests on `(to)` as masks (without `heights`, per site).
    #[inline(always)]
    pub(crate) fn origin_sites(
        &self,
        (tests, o): (&[SlotTest], &OriginTests),
        heights: Option<&HeightMasks>,
        mut near: u64,
        st: &State,
        ctx: Ctx,
    ) -> u64 {
        if o.per_origin
            && !tests.iter().all(|&t| {
                top_slot(t) == Some(Slot::To)
                    || matches!(t, SlotTest::Size(a, b, ..) if a == Slot::To || b == Some(Slot::To))
                    || self.slot_test(t, st, ctx)
            })
        {
            return 0;
        }
        if o.nsizes == 0 {
            return near;
        }
        let Some(h) = heights else {
            // per site
            let mut rest = near;
            while rest != 0 {
                let s = rest.trailing_zeros() as Site;
                rest &= rest - 1;
                if !self.slot_tests_but_top_of_to(tests, st, Ctx { to: s, ..ctx }) {
                    near &= !(1u64 << s);
                }
            }
            return near;
        };
        let from = self.size_at(Slot::From, st, ctx);
        for &(fm, other, tos, op, k) in &o.sizes[..o.nsizes] {
            let mut base = fm.wrapping_mul(from);
            if let Some(x) = other {
                base = base.wrapping_add(self.size_at(x, st, ctx));
            }
            near &= h.passing(base, tos, op, k);
        }
        near
    }
}

impl Game {
    /// Whether every test holds (in order, stopping at the first failure).
    #[inline]
    pub(crate) fn slot_tests(&self, tests: &[SlotTest], st: &State, ctx: Ctx) -> bool {
        tests.iter().all(|t| self.slot_test(*t, st, ctx))
    }

    /// The tests prepared for many `(to)` sites with the rest of `ctx`
    /// fixed; `None` when they don't fit the plan (more than 64 components
    /// or more than two height tests on `(to)`).
    pub(crate) fn slot_plan(&self, tests: &[SlotTest], st: &State, ctx: Ctx) -> Option<SlotPlan> {
        let n = self.comps.len();
        if n > 64 {
            return None;
        }
        let mut p = SlotPlan {
            ok: true,
            comps: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            sizes: [(0, 0, CmpOp::Eq, 0); 2],
            nsizes: 0,
        };
        for &t in tests {
            match t {
                SlotTest::Size(a, b, op, k) => {
                    let tos = (a == Slot::To) as i32 + (b == Some(Slot::To)) as i32;
                    if tos == 0 {
                        p.ok &= self.slot_test(t, st, ctx);
                        continue;
                    }
                    if p.nsizes == 2 {
                        return None;
                    }
                    let other = [Some(a), b]
                        .into_iter()
                        .flatten()
                        .filter(|&s| s != Slot::To)
                        .fold(0i32, |acc, s| acc.wrapping_add(self.size_at(s, st, ctx)));
                    p.sizes[p.nsizes] = (other, tos, op, k);
                    p.nsizes += 1;
                }
                _ if top_slot(t) == Some(Slot::To) => {
                    for c in 0..n as u8 {
                        if !self.top_test(t, c, st) {
                            p.comps &= !(1u64 << c);
                        }
                    }
                }
                _ => p.ok &= self.slot_test(t, st, ctx),
            }
        }
        Some(p)
    }

    /// The components a top piece at `(to)` may be for the tests on the top
    /// piece at `(to)` to hold (bit `c`: component `c`, 0 = empty): the
    /// same for every origin in a position. `None` with more than 64
    /// components.
    pub(crate) fn to_comps(&self, tests: &[SlotTest], st: &State) -> Option<u64> {
        self.to_comps_of(tests, (st.mover, st.prev_mover))
    }

    /// [`Game::to_comps`] given the mover and the previous mover (all the
    /// tests on a top piece read of the state).
    pub(crate) fn to_comps_of(&self, tests: &[SlotTest], roles: (u8, u8)) -> Option<u64> {
        let n = self.comps.len();
        if n > 64 {
            return None;
        }
        let mut comps = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for &t in tests {
            if top_slot(t) == Some(Slot::To) {
                for c in 0..n as u8 {
                    if !self.top_test_of(t, c, roles) {
                        comps &= !(1u64 << c);
                    }
                }
            }
        }
        Some(comps)
    }

    #[inline]
    fn size_at(&self, s: Slot, st: &State, ctx: Ctx) -> i32 {
        let s = ctx.slot(s) as usize;
        if s < st.count.len() {
            st.count[s] as i32
        } else {
            0
        }
    }

    /// Whether every test but those on the top piece at `(to)` holds (those
    /// are decided by [`Game::to_comps`]).
    #[inline]
    pub(crate) fn slot_tests_but_top_of_to(
        &self,
        tests: &[SlotTest],
        st: &State,
        ctx: Ctx,
    ) -> bool {
        tests
            .iter()
            .all(|&t| top_slot(t) == Some(Slot::To) || self.slot_test(t, st, ctx))
    }

    #[inline]
    fn slot_test(&self, t: SlotTest, st: &State, ctx: Ctx) -> bool {
        match t {
            // off the board is not empty
            SlotTest::Empty(s) => {
                let s = ctx.slot(s) as usize;
                s < st.what.len() && st.what[s] == 0
            }
            SlotTest::Size(a, b, op, k) => {
                let n = match b {
                    Some(b) => self
                        .size_at(a, st, ctx)
                        .wrapping_add(self.size_at(b, st, ctx)),
                    None => self.size_at(a, st, ctx),
                };
                cmp(op, n, k)
            }
            _ => {
                // the top component at the slot (0 if empty or off the board)
                let s = top_slot(t).map_or(usize::MAX, |s| ctx.slot(s) as usize);
                let c = if s < st.what.len() { st.what[s] } else { 0 };
                self.top_test(t, c, st)
            }
        }
    }

    /// A test of the top piece at its slot, given that piece's component
    /// (0 = none): every test but a height.
    #[inline]
    fn top_test(&self, t: SlotTest, c: u8, st: &State) -> bool {
        self.top_test_of(t, c, (st.mover, st.prev_mover))
    }

    /// [`Game::top_test`] given the mover and the previous mover.
    #[inline]
    fn top_test_of(&self, t: SlotTest, c: u8, (mover, prev): (u8, u8)) -> bool {
        let val = |v: SlotVal| match v {
            SlotVal::Const(c) => c,
            SlotVal::Role(r) => self.role_of(r, mover, prev) as i32,
        };
        match t {
            SlotTest::Empty(_) => c == 0,
            SlotTest::Occupied(_) => c != 0,
            SlotTest::Enemy(_) => {
                let o = self.owner(c);
                o != 0 && o != mover
            }
            SlotTest::Friend(_) => c != 0 && self.owner(c) == mover,
            SlotTest::Who(_, op, v) => cmp(op, self.owner(c) as i32, val(v)),
            SlotTest::What(_, op, v) => cmp(op, c as i32, val(v)),
            SlotTest::Size(..) => false,
        }
    }
}

/// Every test reads the top piece at `(to)` and nothing else of the
/// context: their plan is the same for every origin.
pub(crate) fn to_only(tests: &[SlotTest]) -> bool {
    tests.iter().all(|&t| top_slot(t) == Some(Slot::To))
}

/// The slot whose top piece a test reads (none for a height test).
fn top_slot(t: SlotTest) -> Option<Slot> {
    match t {
        SlotTest::Empty(s)
        | SlotTest::Occupied(s)
        | SlotTest::Enemy(s)
        | SlotTest::Friend(s)
        | SlotTest::Who(s, ..)
        | SlotTest::What(s, ..) => Some(s),
        SlotTest::Size(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `passing` keeps exactly the candidates whose height passes the
    /// comparison, for every operator, base, multiplier and constant in a
    /// range that crosses every candidate height (and none), on random
    /// heights.
    #[test]
    fn height_masks_pass_what_the_comparison_passes() {
        let g = crate::compile_str(
            "t",
            "(game \"T\" (players 2) (equipment {(board (square 3)) (piece \"D\" Each)}) (rules (play (move Pass)) (end (if (all Passed) (result Mover Draw)))))",
            &Default::default(),
        )
        .unwrap();
        let mut st = g.initial_state();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut rnd = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..200 {
            let n = 1 + (rnd() % 64) as usize;
            st.count = (0..n)
                .map(|_| (rnd() % (MAX_HEIGHT as u64 + 1)) as u16)
                .collect();
            let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
            let sites = rnd() & all;
            let h = HeightMasks::of(sites, &st).unwrap();
            for op in [
                CmpOp::Eq,
                CmpOp::Ne,
                CmpOp::Lt,
                CmpOp::Le,
                CmpOp::Gt,
                CmpOp::Ge,
            ] {
                for tos in 1..=2 {
                    for base in -3..=9 {
                        for k in -4..=2 * MAX_HEIGHT as i32 + 12 {
                            let want = (0..n)
                                .filter(|&t| sites >> t & 1 != 0)
                                .filter(|&t| cmp(op, base + tos * st.count[t] as i32, k))
                                .fold(0u64, |m, t| m | 1 << t);
                            let got = h.passing(base, tos, op, k) & sites;
                            assert_eq!(got, want, "{round} {op:?} {base}+{tos}h vs {k}");
                        }
                    }
                }
            }
        }
        // a candidate too tall: no masks
        st.count = vec![MAX_HEIGHT as u16 + 1];
        assert!(HeightMasks::of(1, &st).is_none());
    }
}
