//! The TSV writer of every column of a line command's record ([`TsvAll`]),
//! and the line numbers it writes ([`Decimal`]).

use std::ops::Range;

use super::escape::plain;
use super::tsv::{tsv_str, tsv_val};
use super::{line_part, Fields, Val};
use crate::line::Line;

/// A number in decimal, kept from one record to the next: the next line's
/// number is mostly the last one plus one, an increment of the last digit
/// rather than a conversion.
#[derive(Default)]
pub struct Decimal {
    /// The number `digits[..len]` stands for (when `len` > 0).
    value: u64,
    len: usize,
    /// The digits, most significant first; `u64::MAX` has 20.
    digits: [u8; 20],
}

impl Decimal {
    /// Appends `n` in decimal to `out`.
    #[inline(always)]
    pub fn write(&mut self, n: u64, out: &mut Vec<u8>) {
        if n != self.value || self.len == 0 {
            if !(self.len > 0 && Some(n) == self.value.checked_add(1) && self.increment()) {
                let mut buf = itoa::Buffer::new();
                let s = buf.format(n).as_bytes();
                self.len = s.len();
                self.digits[..s.len()].copy_from_slice(s);
            }
            self.value = n;
        }
        // All the digits (a copy of a constant size, no call), then only
        // the number's.
        let at = out.len();
        out.extend_from_slice(&self.digits);
        out.truncate(at + self.len);
    }

    /// Adds one to the digits; `false` when they are all nines (the number
    /// gets one more digit: the caller converts it anew).
    #[inline(always)]
    fn increment(&mut self) -> bool {
        for d in self.digits[..self.len].iter_mut().rev() {
            if *d != b'9' {
                *d += 1;
                return true;
            }
            *d = b'0';
        }
        false
    }
}

/// Writes every column of a line command's record as TSV straight into the
/// output buffer, but `file` and `input` when they are not selected (the
/// default selection, `-H`, `--echo`): no per-column selection check, a TAB
/// before every column after `line`.
pub struct TsvAll<'s> {
    /// The sink's buffer.
    pub out: &'s mut Vec<u8>,
    /// The sink's last line number in decimal.
    pub no: &'s mut Decimal,
    /// Whether `file` is selected.
    pub file: bool,
    /// Whether `input` is selected.
    pub input: bool,
    /// The addresses `[start, end)` of the line when none of its bytes needs
    /// an escape in TSV (else empty), as for [`Direct`].
    pub clean: (usize, usize),
    /// Whether the line is UTF-8 text with no byte to escape, so that any
    /// part of it is copied as it is.
    pub clean_text: bool,
    /// The columns pushed (checked in debug builds: `line_fields` first,
    /// then every column).
    #[cfg(debug_assertions)]
    pub col: usize,
}

impl TsvAll<'_> {
    /// One more column (debug builds: after the line's first three).
    #[inline(always)]
    fn count(&mut self) {
        #[cfg(debug_assertions)]
        {
            assert!(self.col >= 3, "TsvAll: a column before the line's first ones");
            self.col += 1;
        }
    }

    /// A string value, with the TAB before it.
    #[inline(always)]
    fn tab_str(&mut self, s: &str) {
        let s = s.as_bytes();
        let (start, end) = self.clean;
        let addr = s.as_ptr() as usize;
        self.out.push(b'\t');
        if addr >= start && addr + s.len() <= end {
            self.out.extend_from_slice(s);
        } else {
            tsv_str(self.out, s);
        }
    }
}

impl<'a> Fields<'a> for TsvAll<'_> {
    #[inline(always)]
    fn push(&mut self, v: Val<'a>) {
        self.count();
        match &v {
            Val::Null => self.out.extend_from_slice(b"\t\\N"),
            Val::Bool(true) => self.out.extend_from_slice(b"\ttrue"),
            Val::Bool(false) => self.out.extend_from_slice(b"\tfalse"),
            v => {
                self.out.push(b'\t');
                tsv_val(self.out, v);
            }
        }
    }

    #[inline(always)]
    fn str(&mut self, s: &'a str) {
        self.count();
        self.tab_str(s);
    }

    #[inline(always)]
    fn name(&mut self, s: &'static str) {
        debug_assert!(plain(s.as_bytes()), "{s:?}");
        self.count();
        self.out.push(b'\t');
        self.out.extend_from_slice(s.as_bytes());
    }

    #[inline(always)]
    fn nulls(&mut self, n: usize) {
        for _ in 0..n {
            self.count();
        }
        // Three at a time (a valid line's error columns in `parse`): one
        // copy of a constant instead of three.
        for _ in 0..n / 3 {
            self.out.extend_from_slice(b"\t\\N\t\\N\t\\N");
        }
        for _ in 0..n % 3 {
            self.out.extend_from_slice(b"\t\\N");
        }
    }

    #[inline(always)]
    fn part(&mut self, l: &Line<'a>, r: Option<Range<usize>>) {
        self.count();
        match r.and_then(|r| line_part(l, r)) {
            None => self.out.extend_from_slice(b"\t\\N"),
            Some(s) => {
                self.out.push(b'\t');
                if self.clean_text {
                    self.out.extend_from_slice(s);
                } else {
                    tsv_str(self.out, s);
                }
            }
        }
    }

    #[inline(always)]
    fn line_fields(&mut self, l: &Line<'a>) {
        #[cfg(debug_assertions)]
        {
            assert_eq!(self.col, 0, "TsvAll: the line's first columns after others");
            self.col = 3;
        }
        if self.file {
            tsv_str(self.out, l.file.name.as_bytes());
            self.out.push(b'\t');
        }
        self.no.write(l.no, self.out);
        if self.input {
            self.out.push(b'\t');
            if self.clean_text {
                self.out.extend_from_slice(l.bytes);
            } else {
                tsv_str(self.out, l.bytes);
            }
        }
    }
}
