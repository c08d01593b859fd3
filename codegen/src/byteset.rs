//! A set of bytes, 256 bits. Used by every stage of the generator.

/// A set of byte values `0..=255`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ByteSet(pub [u64; 4]);

impl ByteSet {
    /// The empty set.
    pub const EMPTY: ByteSet = ByteSet([0; 4]);
    /// All 256 bytes.
    pub const FULL: ByteSet = ByteSet([u64::MAX; 4]);

    /// The set holding one byte.
    pub fn single(b: u8) -> ByteSet {
        let mut s = ByteSet::EMPTY;
        s.insert(b);
        s
    }

    /// The set of bytes `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: u8, hi: u8) -> ByteSet {
        let mut s = ByteSet::EMPTY;
        if lo <= hi {
            for b in lo..=hi {
                s.insert(b);
            }
        }
        s
    }

    pub fn insert(&mut self, b: u8) {
        self.0[(b >> 6) as usize] |= 1u64 << (b & 63);
    }

    pub fn contains(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & (1u64 << (b & 63)) != 0
    }

    pub fn union(&self, o: &ByteSet) -> ByteSet {
        let mut r = *self;
        for i in 0..4 {
            r.0[i] |= o.0[i];
        }
        r
    }

    pub fn intersect(&self, o: &ByteSet) -> ByteSet {
        let mut r = *self;
        for i in 0..4 {
            r.0[i] &= o.0[i];
        }
        r
    }

    pub fn minus(&self, o: &ByteSet) -> ByteSet {
        let mut r = *self;
        for i in 0..4 {
            r.0[i] &= !o.0[i];
        }
        r
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The bytes in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0u16..256).map(|b| b as u8).filter(move |&b| self.contains(b))
    }

    /// The set as maximal ranges `(lo, hi)`, ascending.
    pub fn ranges(&self) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = Vec::new();
        for b in self.iter() {
            match out.last_mut() {
                Some((_, hi)) if *hi as u16 + 1 == b as u16 => *hi = b,
                _ => out.push((b, b)),
            }
        }
        out
    }
}

impl std::fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{{")?;
        for (i, (lo, hi)) in self.ranges().into_iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            if lo == hi {
                write!(f, "{:02X}", lo)?;
            } else {
                write!(f, "{:02X}-{:02X}", lo, hi)?;
            }
        }
        write!(f, "}}")
    }
}
