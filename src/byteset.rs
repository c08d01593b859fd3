//! Byte sets as 256-bit tables; the grammar's sets are generated into this type.

/// A set of byte values, as a 256-bit table.
///
/// The sets named after RFC 3986 rules (`uriscan::sets::UNRESERVED`, ...) are
/// generated at build time from `grammar/rfc3986.abnf`.
///
/// ```
/// use uriscan::ByteSet;
/// let digits = ByteSet::from_bits([0x03FF_0000_0000_0000, 0, 0, 0]);
/// assert!(digits.contains(b'7'));
/// assert!(!digits.contains(b'a'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// A set from its four 64-bit words (bit `b & 63` of word `b >> 6` is byte `b`).
    ///
    /// ```
    /// let s = uriscan::ByteSet::from_bits([1 << b'0', 0, 0, 0]);
    /// assert!(s.contains(b'0') && !s.contains(b'1'));
    /// ```
    #[must_use]
    pub const fn from_bits(bits: [u64; 4]) -> ByteSet {
        ByteSet(bits)
    }

    /// The set of the bytes listed.
    ///
    /// ```
    /// let s = uriscan::ByteSet::of(b"%/");
    /// assert!(s.contains(b'%') && s.contains(b'/') && !s.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn of(bytes: &[u8]) -> ByteSet {
        let mut w = [0u64; 4];
        let mut i = 0;
        while i < bytes.len() {
            // Evaluated at compile time in constants; `b >> 6` is at most 3
            // and `i < bytes.len()`, so neither index can fail.
            #[allow(clippy::indexing_slicing)]
            {
                let b = bytes[i];
                w[(b >> 6) as usize] |= 1 << (b & 63);
            }
            i += 1;
        }
        ByteSet(w)
    }

    /// Whether `b` is in the set. Never panics.
    ///
    /// ```
    /// assert!(uriscan::sets::UNRESERVED.contains(b'~'));
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn contains(&self, b: u8) -> bool {
        // `b >> 6` is at most 3: the four words always hold it.
        #[allow(clippy::indexing_slicing)]
        let word = self.0[(b >> 6) as usize];
        (word >> (b & 63)) & 1 != 0
    }

    /// The four 64-bit words of the set.
    ///
    /// ```
    /// assert_eq!(uriscan::sets::DIGIT.bits(), [0x03FF_0000_0000_0000, 0, 0, 0]);
    /// ```
    #[must_use]
    pub const fn bits(&self) -> [u64; 4] {
        self.0
    }

    /// The union of two sets.
    ///
    /// ```
    /// use uriscan::sets::{GEN_DELIMS, RESERVED, SUB_DELIMS};
    /// assert_eq!(GEN_DELIMS.union(&SUB_DELIMS), RESERVED);
    /// ```
    #[must_use]
    pub const fn union(&self, o: &ByteSet) -> ByteSet {
        ByteSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }

    /// The bytes that are not in `self`.
    ///
    /// ```
    /// let not_digit = uriscan::sets::DIGIT.complement();
    /// assert!(not_digit.contains(b'a') && !not_digit.contains(b'7') && not_digit.contains(0xFF));
    /// ```
    #[must_use]
    pub const fn complement(&self) -> ByteSet {
        ByteSet([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }

    /// The bytes of `self` that are not in `o`.
    ///
    /// ```
    /// use uriscan::sets::{PCHAR, SEGMENT_NZ_NC};
    /// let colon = uriscan::ByteSet::from_bits([1 << b':', 0, 0, 0]);
    /// assert_eq!(PCHAR.minus(&colon), SEGMENT_NZ_NC);
    /// ```
    #[must_use]
    pub const fn minus(&self, o: &ByteSet) -> ByteSet {
        ByteSet([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2], self.0[3] & !o.0[3]])
    }
}

impl core::fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut l = f.debug_set();
        for b in 0..=255u8 {
            if self.contains(b) {
                l.entry(&(b as char));
            }
        }
        l.finish()
    }
}
