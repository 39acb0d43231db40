//! FNV-1a, the hash for the maps keyed by short names (interned words,
//! define names): no need for a keyed hash there, and SipHash costs more
//! than the lookups it serves.

use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Builds [`Fnv`] hashers, for `HashMap<K, V, FnvBuild>`.
pub(crate) type FnvBuild = BuildHasherDefault<Fnv>;
