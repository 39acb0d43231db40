//! Appending moves to an output vector with its buffer held in locals
//! (the next free slot and the end of the capacity, as pointers), for
//! generator loops that write several moves per origin.
//!
//! `Vec::push` reads the vector's length, capacity and buffer pointer from
//! memory and writes the length back on every call: the compiler cannot
//! tell that a move written into the buffer leaves the vector's own fields
//! alone. In a loop such as the step to empty sites (`fast.rs`), that
//! bookkeeping costs about as much as the move. A [`MoveSink`] reads the
//! three once, keeps the next slot and the end of the capacity in
//! registers for the loop (a push writes the slot and moves the pointer
//! on), and writes the length back once, when it is dropped.
//!
//! Sound on its own terms, whatever its caller does: a move is written only
//! to a slot below the capacity (checked on every push, as `Vec::push`
//! does; at the capacity the vector grows out of line, and the buffer and
//! capacity are read again), and the vector's length is only ever set to
//! the number of slots written (in `Drop`, so also when a panic unwinds).
//! The moves and their order are those the same pushes onto the vector
//! would give. A loop that knows how many moves it may write at most can
//! make room for them once ([`MoveSink::room`]) and push without the check
//! ([`MoveSink::push_step_in_room`], `unsafe`: the caller vouches for the
//! count).
//!
//! A loop pushing one move shape from several origins to several targets
//! can also write each move as two words and a tail ([`MoveTail`]): its
//! origin and target as one word, then the bytes past them copied from a
//! move made once for the loop. `Move` is `repr(C)` without padding (checked
//! below at compile time), so the bytes written are exactly those of
//! `Move { from, to, ..m }`.

use super::{Move, Site};
use std::mem::{offset_of, size_of};

// the layout `push_step` writes: origin, target, then 12 bytes of the rest
const _: () = assert!(
    size_of::<Move>() == 20
        && offset_of!(Move, from) == 0
        && offset_of!(Move, to) == 4
        && offset_of!(Move, node) == 8
        && offset_of!(Move, site) == 12
        && offset_of!(Move, what) == 16
        && offset_of!(Move, dir) == 17
        && offset_of!(Move, kind) == 18
        && offset_of!(Move, stack) == 19
);

/// The bytes of a move past its origin and target (`node`, `site`, `what`,
/// `dir`, `kind`, `stack`), as two words.
#[derive(Clone, Copy)]
pub(crate) struct MoveTail {
    mid: u64,
    last: u32,
}

impl MoveTail {
    /// `m`'s bytes past its origin and target.
    #[inline(always)]
    pub(crate) fn of(m: &Move) -> MoveTail {
        let p = (m as *const Move).cast::<u8>();
        // SAFETY: a `Move` is 20 initialised bytes (no padding: the
        // assertion above), so bytes 8..16 and 16..20 are readable
        unsafe {
            MoveTail {
                mid: p.add(8).cast::<u64>().read_unaligned(),
                last: p.add(16).cast::<u32>().read_unaligned(),
            }
        }
    }
}

impl MoveTail {
    /// This tail with the move's direction (`Move::dir`) set to `dir`.
    #[inline(always)]
    pub(crate) fn with_dir(self, dir: u8) -> MoveTail {
        // `dir` is byte 17: byte 1 of `last` in memory order
        let shift = if cfg!(target_endian = "little") {
            8
        } else {
            16
        };
        MoveTail {
            last: self.last & !(0xff << shift) | (dir as u32) << shift,
            ..self
        }
    }
}

/// An appender to a `Vec<Move>` (see the module header).
pub(crate) struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    /// The vector's buffer (valid for its capacity).
    base: *mut Move,
    /// The next slot: `base..end` hold moves.
    end: *mut Move,
    /// The end of the capacity (`base` + capacity).
    limit: *mut Move,
}

impl<'a> MoveSink<'a> {
    /// An appender to `out`, after its current moves.
    #[inline(always)]
    pub(crate) fn new(out: &'a mut Vec<Move>) -> MoveSink<'a> {
        let (base, end, limit) = slots(out);
        MoveSink {
            base,
            end,
            limit,
            out,
        }
    }

    /// Appends the move `Move { from, to, ..m }` for the `m` whose tail is
    /// `tail` (as `push`, in three stores).
    #[inline(always)]
    pub(crate) fn push_step(&mut self, tail: MoveTail, from: Site, to: Site) {
        if self.end == self.limit {
            self.grow(1);
        }
        // SAFETY: `end < limit` now: room for this push
        unsafe { self.push_step_in_room(tail, from, to) }
    }

    /// Makes room for `k` more moves (the vector grows out of line when
    /// short), for [`MoveSink::push_step_in_room`].
    #[inline(always)]
    pub(crate) fn room(&mut self, k: usize) {
        if (self.limit as usize - self.end as usize) < k * size_of::<Move>() {
            self.grow(k);
        }
    }

    /// [`MoveSink::push_step`] without the capacity check.
    ///
    /// # Safety
    ///
    /// There is room for this push (`end < limit`), which holds when fewer
    /// than `k` pushes of either kind came after the last
    /// [`MoveSink::room`]`(k)`.
    #[inline(always)]
    pub(crate) unsafe fn push_step_in_room(&mut self, tail: MoveTail, from: Site, to: Site) {
        debug_assert!(self.end < self.limit);
        let head = if cfg!(target_endian = "little") {
            from as u64 | (to as u64) << 32
        } else {
            (from as u64) << 32 | to as u64
        };
        // SAFETY: `end < limit` (the caller's contract), and `base..limit`
        // is the vector's current buffer (read again whenever it grows);
        // slot `end` is spare capacity, so nothing reads it before this
        // write, and the vector's length covers it only after (drop). It
        // is written whole: bytes 0..8 the origin and target (in memory
        // order, by the endianness), 8..20 the bytes of a valid move's
        // tail, so it holds a valid `Move` (every field a value of its
        // type)
        unsafe {
            let p = self.end.cast::<u8>();
            p.cast::<u64>().write_unaligned(head);
            p.add(8).cast::<u64>().write_unaligned(tail.mid);
            p.add(16).cast::<u32>().write_unaligned(tail.last);
            self.end = self.end.add(1);
        }
    }

    /// Appends `Move { from, to: t, ..m }` (`m`'s tail `tail`) for each
    /// site `t` of `bits`, ascending, with room made once for them all
    /// (their count read only when there is room for fewer than 64 moves,
    /// the most a word holds).
    #[inline(always)]
    pub(crate) fn push_steps_to_bits(&mut self, tail: MoveTail, from: Site, bits: u64) {
        if (self.limit as usize - self.end as usize) < 64 * size_of::<Move>() {
            self.room(bits.count_ones() as usize);
        }
        let mut rest = bits;
        while rest != 0 {
            let t = rest.trailing_zeros() as Site;
            rest &= rest - 1;
            // SAFETY: there is room for one push per bit of `bits` (room
            // for 64, or made for their count), and this loop pushes once
            // per bit
            unsafe { self.push_step_in_room(tail, from, t) }
        }
    }

    /// Appends `Move { from, to: t, ..m }` (`m`'s tail `tail`) for each
    /// site `t` of `bits` in the order of the list `packed` (one byte,
    /// site + 1, per site from the low byte up, ending at a zero byte;
    /// sites below 64, none twice, every site of `bits` among them), with
    /// room made once for the most a list holds (eight, one per byte; no
    /// count of `bits`, which is a long sum without `popcnt`); the list is
    /// read only until every site of `bits` is written.
    #[inline(always)]
    pub(crate) fn push_steps_in_list(
        &mut self,
        tail: MoveTail,
        from: Site,
        bits: u64,
        packed: u64,
    ) {
        self.room(8);
        let (mut left, mut rest) = (bits, packed);
        while left != 0 && rest != 0 {
            let t = (rest & 0xff) as Site - 1;
            rest >>= 8;
            let bit = 1u64 << (t & 63);
            if left & bit != 0 {
                left ^= bit;
                // SAFETY: room was made for eight pushes, and this loop
                // pushes at most once per byte of `packed` (shifted out
                // one byte a round, it is 0 after eight)
                unsafe { self.push_step_in_room(tail, from, t) }
            }
        }
    }

    /// Runs `f` on the vector itself, its length first set to the slots
    /// written so far, and reads its slots again after: for a rare path
    /// that writes with plain pushes (out of line, so the sink's loop stays
    /// small).
    #[inline(always)]
    pub(crate) fn with_vec(&mut self, f: impl FnOnce(&mut Vec<Move>)) {
        let len = self.len();
        debug_assert!(len <= self.out.capacity());
        // SAFETY: slots `0..len` hold moves (the vector's own, then the
        // ones pushed) and `len <= capacity`
        unsafe { self.out.set_len(len) };
        f(self.out);
        (self.base, self.end, self.limit) = slots(self.out);
    }

    /// Slots written so far (the vector's own moves included).
    #[inline(always)]
    fn len(&self) -> usize {
        // SAFETY: `base..end` lies in one buffer (`end` only moves up to
        // `limit`, and both are set from the same buffer)
        unsafe { self.end.offset_from(self.base) as usize }
    }

    /// Room for `k` more moves: the vector grows (out of line) and the
    /// slots are read again.
    #[inline(always)]
    fn grow(&mut self, k: usize) {
        (self.base, self.end, self.limit) = grow(self.out, self.len(), k);
    }
}

/// Room for `k` more moves in `out`, whose first `len` slots are written:
/// its slots after growing (as [`slots`]).
#[cold]
#[inline(never)]
fn grow(out: &mut Vec<Move>, len: usize, k: usize) -> (*mut Move, *mut Move, *mut Move) {
    // SAFETY: slots `0..len` are written (the sink's invariant) and
    // `len <= capacity`
    unsafe { out.set_len(len) };
    out.reserve(k);
    slots(out)
}

/// `out`'s buffer, its first free slot and the end of its capacity.
#[inline(always)]
fn slots(out: &mut Vec<Move>) -> (*mut Move, *mut Move, *mut Move) {
    let (len, cap) = (out.len(), out.capacity());
    let base = out.as_mut_ptr();
    // SAFETY: `len <= cap`, and the buffer is valid for `cap` moves (or
    // dangling with `cap` 0: an offset of 0)
    unsafe { (base, base.add(len), base.add(cap)) }
}

impl Drop for MoveSink<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        let len = self.len();
        debug_assert!(len <= self.out.capacity());
        // SAFETY: slots `0..len` hold moves (the vector's own, then the
        // ones pushed) and `len <= capacity`
        unsafe { self.out.set_len(len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NONE;
    use crate::engine::MoveKind;

    /// Pushes through a sink give the vector plain pushes give, whatever
    /// the vector held and had room for (growing mid-way included), for
    /// moves whose every byte past the origin and target differs.
    #[test]
    fn a_sink_appends_as_push_does() {
        let shapes = [
            Move::carry(NONE, NONE, 1, false, 7),
            Move::carry(NONE, NONE, 200, true, 0x0102_0304),
            Move {
                kind: MoveKind::Pass,
                dir: 3,
                site: 0x0a0b_0c0d,
                ..Move::carry(NONE, NONE, 9, true, 65_536)
            },
            Move::add(5, false, 11),
        ];
        for shape in shapes {
            for (held, room, pushed) in [
                (0, 0, 0),
                (0, 0, 9),
                (3, 3, 1),
                (2, 4, 2),
                (2, 4, 3),
                (5, 6, 40),
            ] {
                let mv = |i: u32| Move {
                    from: i,
                    to: 0xff00_0000 | (i + 1),
                    ..shape
                };
                let mut v: Vec<Move> = Vec::with_capacity(room);
                v.extend((0..held).map(mv));
                let mut want = v.clone();
                {
                    let mut sink = MoveSink::new(&mut v);
                    let tail = MoveTail::of(&shape);
                    for i in 0..pushed {
                        let m = mv(100 + i);
                        sink.push_step(tail, m.from, m.to);
                    }
                }
                want.extend((0..pushed).map(|i| mv(100 + i)));
                assert_eq!(
                    v, want,
                    "{shape:?}: held {held}, room {room}, pushed {pushed}"
                );
            }
        }
    }

    /// Pushes after making room (`room`, then `push_step_in_room`), mixed
    /// with checked pushes, give the vector plain pushes give, whatever the
    /// vector held and had room for.
    #[test]
    fn pushes_in_room_append_as_push_does() {
        let shape = Move::carry(NONE, NONE, 3, true, 0x0a0b_0c0d);
        let mv = |i: u32| Move {
            from: i,
            to: 0x0100_0000 | (i * 7),
            ..shape
        };
        for (held, cap, runs) in [
            (0, 0, &[0usize, 3][..]),
            (0, 0, &[5, 1, 0, 8]),
            (2, 2, &[1, 1, 1]),
            (3, 9, &[6, 2, 40]),
        ] {
            let mut v: Vec<Move> = Vec::with_capacity(cap);
            v.extend((0..held).map(mv));
            let mut want = v.clone();
            let tail = MoveTail::of(&shape);
            let mut i = 100;
            {
                let mut sink = MoveSink::new(&mut v);
                for &k in runs {
                    sink.room(k);
                    for _ in 0..k {
                        // SAFETY: room was made for these `k` pushes
                        unsafe { sink.push_step_in_room(tail, i, mv(i).to) };
                        want.push(mv(i));
                        i += 1;
                    }
                    sink.push_step(tail, i, mv(i).to);
                    want.push(mv(i));
                    i += 1;
                }
            }
            assert_eq!(v, want, "held {held}, capacity {cap}, runs {runs:?}");
        }
    }

    /// Plain pushes onto the vector through `with_vec`, between pushes
    /// through the sink, give the vector all of them in order, whatever the
    /// vector held and had room for (growing inside `with_vec` included).
    #[test]
    fn pushes_through_the_vector_mid_way_append_in_order() {
        let shape = Move::carry(NONE, NONE, 6, true, 0x0506_0708);
        let mv = |i: u32| Move {
            from: i,
            to: i + 3,
            ..shape
        };
        for (held, cap, plain) in [(0, 0, 1), (2, 3, 5), (1, 40, 0), (3, 4, 33)] {
            let mut v: Vec<Move> = Vec::with_capacity(cap);
            v.extend((0..held).map(mv));
            let want: Vec<Move> = (0..held).chain(100..103 + plain).map(mv).collect();
            {
                let mut sink = MoveSink::new(&mut v);
                let tail = MoveTail::of(&shape);
                sink.push_step(tail, 100, 103);
                sink.push_step(tail, 101, 104);
                sink.with_vec(|out| out.extend((102..102 + plain).map(mv)));
                let last = 102 + plain;
                sink.push_step(tail, last, last + 3);
            }
            assert_eq!(v, want, "held {held}, capacity {cap}, plain {plain}");
        }
    }

    /// Pushes in a list's order give the moves to the sites of the set in
    /// that order, whatever the vector held and had room for, for sets of
    /// none, some and all of the list's sites (the list read up to its
    /// end or its last site of the set).
    #[test]
    fn pushes_in_list_order_append_as_push_does() {
        let shape = Move::carry(NONE, NONE, 4, false, 0x0102_0a0b);
        let lists: [&[Site]; 4] = [&[5, 0, 63, 9, 2, 40, 7, 1], &[3], &[12, 11, 10], &[]];
        for (held, cap) in [(0, 0), (2, 2), (3, 40), (1, 70)] {
            let mut v: Vec<Move> = Vec::with_capacity(cap);
            v.extend((0..held).map(|i| Move {
                from: i,
                to: i,
                ..shape
            }));
            let mut want = v.clone();
            let tail = MoveTail::of(&shape);
            {
                let mut sink = MoveSink::new(&mut v);
                for (f, list) in lists.iter().enumerate() {
                    let packed = list
                        .iter()
                        .rev()
                        .fold(0u64, |p, &t| p << 8 | (t as u64 + 1));
                    let all = list.iter().fold(0u64, |m, &t| m | 1 << t);
                    for (k, bits) in [0, all, all & 0x8000_0000_0000_0005, all & !1]
                        .into_iter()
                        .enumerate()
                    {
                        let from = (100 + 4 * f + k) as Site;
                        sink.push_steps_in_list(tail, from, bits, packed);
                        want.extend(list.iter().filter(|&&t| bits >> t & 1 != 0).map(|&t| Move {
                            from,
                            to: t,
                            ..shape
                        }));
                    }
                }
            }
            assert_eq!(v, want, "held {held}, capacity {cap}");
        }
    }

    /// Pushes to the sites of a word give the vector plain pushes to its
    /// sites in ascending order give, whatever the vector held and had
    /// room for (several words in a row, the empty word and the full one
    /// included).
    #[test]
    fn pushes_to_bits_append_as_push_does() {
        let shape = Move::carry(NONE, NONE, 4, false, 0x0102_0a0b);
        let words = [0u64, 1, 1 << 63, !0, 0x8000_0000_0000_0011, 0x00f0_f00f];
        for (held, cap) in [(0, 0), (2, 2), (3, 40), (1, 70)] {
            let mut v: Vec<Move> = Vec::with_capacity(cap);
            v.extend((0..held).map(|i| Move {
                from: i,
                to: i,
                ..shape
            }));
            let mut want = v.clone();
            let tail = MoveTail::of(&shape);
            {
                let mut sink = MoveSink::new(&mut v);
                for (f, &w) in words.iter().enumerate() {
                    sink.push_steps_to_bits(tail, 100 + f as Site, w);
                    for t in 0..64 {
                        if w >> t & 1 != 0 {
                            want.push(Move {
                                from: 100 + f as Site,
                                to: t,
                                ..shape
                            });
                        }
                    }
                }
            }
            assert_eq!(v, want, "held {held}, capacity {cap}");
        }
    }
}
