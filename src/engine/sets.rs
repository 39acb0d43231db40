//! Fixed-width site sets (one bit per site) and a pool that reuses them, so
//! region evaluation does not allocate in steady state.

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteSet {
    w: Vec<u64>,
}

impl SiteSet {
    pub fn with_capacity(sites: usize) -> SiteSet {
        SiteSet {
            w: vec![0; sites.div_ceil(64).max(1)],
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.w.iter_mut().for_each(|x| *x = 0);
    }

    #[inline]
    pub fn insert(&mut self, s: u32) {
        self.w[(s >> 6) as usize] |= 1u64 << (s & 63);
    }

    #[inline]
    pub fn remove(&mut self, s: u32) {
        self.w[(s >> 6) as usize] &= !(1u64 << (s & 63));
    }

    #[inline]
    pub fn contains(&self, s: u32) -> bool {
        self.w
            .get((s >> 6) as usize)
            .is_some_and(|w| w & (1u64 << (s & 63)) != 0)
    }

    /// The set as one word, when it holds no site past 63.
    pub(crate) fn one_word(&self) -> Option<u64> {
        match self.w.split_first() {
            Some((&w, rest)) if rest.iter().all(|&x| x == 0) => Some(w),
            None => Some(0),
            _ => None,
        }
    }

    pub fn count(&self) -> u32 {
        self.w.iter().map(|x| x.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.w.iter().all(|&x| x == 0)
    }

    pub fn union_with(&mut self, o: &SiteSet) {
        self.w.iter_mut().zip(&o.w).for_each(|(a, b)| *a |= *b);
    }

    pub fn intersect_with(&mut self, o: &SiteSet) {
        self.w.iter_mut().zip(&o.w).for_each(|(a, b)| *a &= *b);
    }

    pub fn subtract(&mut self, o: &SiteSet) {
        self.w.iter_mut().zip(&o.w).for_each(|(a, b)| *a &= !*b);
    }

    /// Adds every site `s < vals.len()` where `f(vals[s])` holds, a word at
    /// a time (`vals` is a per-site array such as `State::what`).
    #[inline]
    pub fn insert_where<T: Copy>(&mut self, vals: &[T], f: impl Fn(T) -> bool) {
        for (w, chunk) in self.w.iter_mut().zip(vals.chunks(64)) {
            let mut x = 0u64;
            for (j, &v) in chunk.iter().enumerate() {
                x |= (f(v) as u64) << j;
            }
            *w |= x;
        }
    }

    /// Adds every site whose component (`what[s]`) is in `comps` (bit
    /// `c % 64` of word `c / 64`).
    #[inline]
    pub fn insert_comps(&mut self, what: &[u8], comps: &[u64; 4]) {
        self.insert_where(what, |c| (comps[(c >> 6) as usize] >> (c & 63)) & 1 != 0);
    }

    /// Sets the first word (sites 0 to 63) to `bits`.
    #[inline]
    pub(crate) fn set_word0(&mut self, bits: u64) {
        self.w[0] = bits;
    }

    pub fn copy_from(&mut self, o: &SiteSet) {
        self.w.copy_from_slice(&o.w);
    }

    /// The set's 64-bit words, site `s` at bit `s % 64` of word `s / 64`.
    #[inline]
    pub(crate) fn words(&self) -> &[u64] {
        &self.w
    }

    /// The lowest site in the set.
    pub fn first(&self) -> Option<u32> {
        self.w
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| (i as u32) * 64 + w.trailing_zeros())
    }

    /// Sites in ascending order.
    pub fn iter(&self) -> SetIter<'_> {
        SetIter {
            w: &self.w,
            i: 0,
            cur: self.w.first().copied().unwrap_or(0),
        }
    }
}

pub struct SetIter<'a> {
    w: &'a [u64],
    i: usize,
    cur: u64,
}

impl Iterator for SetIter<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        loop {
            if self.cur != 0 {
                let b = self.cur.trailing_zeros();
                self.cur &= self.cur - 1;
                return Some((self.i as u32) * 64 + b);
            }
            self.i += 1;
            if self.i >= self.w.len() {
                return None;
            }
            self.cur = self.w[self.i];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut a = SiteSet::with_capacity(200);
        for s in [0, 5, 63, 64, 130, 199] {
            a.insert(s);
        }
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 5, 63, 64, 130, 199]);
        assert_eq!(a.count(), 6);
        let mut b = SiteSet::with_capacity(200);
        b.insert(5);
        b.insert(130);
        b.insert(7);
        let mut i = a.clone();
        i.intersect_with(&b);
        assert_eq!(i.iter().collect::<Vec<_>>(), vec![5, 130]);
        a.subtract(&b);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 63, 64, 199]);
        assert_eq!(a.first(), Some(0));
        assert!(!a.contains(5) && a.contains(199));
        let mut m = SiteSet::with_capacity(200);
        m.insert(3);
        let vals: Vec<u32> = (0..130).collect();
        m.insert_where(&vals, |s| s % 7 == 0);
        let want: Vec<u32> = (0..130).filter(|s| s % 7 == 0 || *s == 3).collect();
        assert_eq!(m.iter().collect::<Vec<_>>(), want);
    }
}
