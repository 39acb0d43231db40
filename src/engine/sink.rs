//! Appending moves to an output vector with its length, capacity and
//! buffer held in locals, for generator loops that write several moves
//! per origin.
//!
//! `Vec::push` reads the vector's length, capacity and buffer pointer from
//! memory and writes the length back on every call: the compiler cannot
//! tell that a move written into the buffer leaves the vector's own fields
//! alone. In a loop such as the step to empty sites (`fast.rs`), that
//! bookkeeping costs about as much as the move. A [`MoveSink`] reads the
//! three once, keeps them in registers for the loop, and writes the length
//! back once, when it is dropped.
//!
//! Sound on its own terms, whatever its caller does: a move is written only
//! to a slot below the capacity (checked on every push, as `Vec::push`
//! does; at the capacity the vector grows out of line, and the buffer and
//! capacity are read again), and the vector's length is only ever set to
//! the number of slots written (in `Drop`, so also when a panic unwinds).
//! The moves and their order are those the same pushes onto the vector
//! would give.

use super::Move;

/// An appender to a `Vec<Move>` (see the module header).
pub(crate) struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    /// The vector's buffer (valid for `cap` moves).
    base: *mut Move,
    /// Slots written: `0..len` hold moves.
    len: usize,
    cap: usize,
}

impl<'a> MoveSink<'a> {
    /// An appender to `out`, after its current moves.
    #[inline(always)]
    pub(crate) fn new(out: &'a mut Vec<Move>) -> MoveSink<'a> {
        MoveSink {
            base: out.as_mut_ptr(),
            len: out.len(),
            cap: out.capacity(),
            out,
        }
    }

    /// Appends `m` (as `Vec::push`).
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        if self.len == self.cap {
            (self.base, self.cap) = grow(self.out, self.len);
        }
        debug_assert!(self.len < self.cap);
        // SAFETY: `len < cap`, and the buffer `base` is the vector's
        // current one (read again whenever it grows), valid for `cap`
        // moves; slot `len` is spare capacity, so nothing reads it before
        // this write, and the vector's length covers it only after (drop).
        unsafe { self.base.add(self.len).write(m) };
        self.len += 1;
    }
}

/// Room for one more move in `out`, whose first `len` slots are written:
/// its buffer and capacity after growing.
#[cold]
#[inline(never)]
fn grow(out: &mut Vec<Move>, len: usize) -> (*mut Move, usize) {
    // SAFETY: slots `0..len` are written (the sink's invariant) and
    // `len <= capacity`
    unsafe { out.set_len(len) };
    out.reserve(1);
    (out.as_mut_ptr(), out.capacity())
}

impl Drop for MoveSink<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        debug_assert!(self.len <= self.out.capacity());
        // SAFETY: slots `0..len` hold moves (the vector's own, then the
        // ones pushed) and `len <= capacity`
        unsafe { self.out.set_len(self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes through a sink give the vector plain pushes give, whatever
    /// the vector held and had room for (growing mid-way included).
    #[test]
    fn a_sink_appends_as_push_does() {
        for (held, room, pushed) in [
            (0, 0, 0),
            (0, 0, 9),
            (3, 3, 1),
            (2, 4, 2),
            (2, 4, 3),
            (5, 6, 40),
        ] {
            let mv = |i: u32| Move::carry(i, i + 1, 1, false, 7);
            let mut v: Vec<Move> = Vec::with_capacity(room);
            v.extend((0..held).map(mv));
            let mut want = v.clone();
            {
                let mut sink = MoveSink::new(&mut v);
                for i in 0..pushed {
                    sink.push(mv(100 + i));
                }
            }
            want.extend((0..pushed).map(|i| mv(100 + i)));
            assert_eq!(v, want, "held {held}, room {room}, pushed {pushed}");
        }
    }
}
