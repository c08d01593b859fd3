//! The direct writer: the values of one record straight into the output
//! buffer (TSV or JSON Lines, with the selected columns in column order),
//! each written as it is pushed or skipped when its column is not
//! selected, without a [`Row`](super::Row) in between.

use std::ops::Range;

use super::escape::plain;
use super::json::{json_bytes, json_str, json_val};
use super::tsv::{tsv_str, tsv_val};
use super::{line_part, Fields, Val};
use crate::line::Line;

/// A selected column as [`Direct`] writes it.
pub struct DirectField {
    /// The first selected column (TSV: no TAB before it).
    pub first: bool,
    /// JSON: `{"name":` or `,"name":`.
    pub key: Vec<u8>,
    /// JSON: the key and `null`.
    pub null: Vec<u8>,
}

impl DirectField {
    /// What comes before the value.
    #[inline(always)]
    fn prefix(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            out.extend_from_slice(&self.key);
        } else if !self.first {
            out.push(b'\t');
        }
    }

    /// The null value with what comes before it.
    #[inline(always)]
    fn null(&self, json: bool, out: &mut Vec<u8>) {
        if json {
            out.extend_from_slice(&self.null);
        } else if self.first {
            out.extend_from_slice(b"\\N");
        } else {
            out.extend_from_slice(b"\t\\N");
        }
    }
}

/// Writes the values of one record straight into the output buffer (TSV or
/// JSON Lines, with the selected columns in column order): each value is
/// written as it is pushed, or skipped when its column is not selected.
pub struct Direct<'s> {
    /// The sink's buffer, held here while the record is written.
    pub out: Vec<u8>,
    /// Indexed by column: `Some` when selected.
    pub cols: &'s [Option<DirectField>],
    pub json: bool,
    /// The next column.
    pub col: usize,
    /// The addresses `[start, end)` of the line when none of its bytes needs
    /// an escape in JSON or TSV (else empty): a string inside it needs none
    /// either, so it is copied as it is.
    pub clean: (usize, usize),
}

impl<'s> Direct<'s> {
    /// The next column, if selected.
    #[inline]
    fn next(&mut self) -> Option<&'s DirectField> {
        let cols: &'s [Option<DirectField>] = self.cols;
        let f = cols.get(self.col).and_then(Option::as_ref);
        self.col += 1;
        f
    }

    /// Writes `s`, which needs no escape, as a string value.
    #[inline(always)]
    fn plain_str(&mut self, s: &[u8]) {
        if self.json {
            self.out.push(b'"');
            self.out.extend_from_slice(s);
            self.out.push(b'"');
        } else {
            self.out.extend_from_slice(s);
        }
    }
}

impl<'a> Fields<'a> for Direct<'_> {
    #[inline(always)]
    fn push(&mut self, v: Val<'a>) {
        let f = self.next();
        let out = &mut self.out;
        match (f, &v) {
            (None, _) => {}
            (Some(f), Val::Null) => f.null(self.json, out),
            (Some(f), v) => {
                f.prefix(self.json, out);
                if self.json {
                    json_val(out, v);
                } else {
                    tsv_val(out, v);
                }
            }
        }
    }

    #[inline(always)]
    fn str(&mut self, s: &'a str) {
        let (json, (start, end)) = (self.json, self.clean);
        let addr = s.as_ptr() as usize;
        let inside = addr >= start && addr + s.len() <= end;
        let Some(f) = self.next() else { return };
        f.prefix(json, &mut self.out);
        match (inside, json) {
            (true, _) => self.plain_str(s.as_bytes()),
            (false, true) => json_str(&mut self.out, s.as_bytes()),
            (false, false) => tsv_str(&mut self.out, s.as_bytes()),
        }
    }

    #[inline(always)]
    fn name(&mut self, s: &'static str) {
        debug_assert!(plain(s.as_bytes()), "{s:?}");
        let Some(f) = self.next() else { return };
        f.prefix(self.json, &mut self.out);
        self.plain_str(s.as_bytes());
    }

    #[inline(always)]
    fn nulls(&mut self, n: usize) {
        for _ in 0..n {
            if let Some(f) = self.next() {
                f.null(self.json, &mut self.out);
            }
        }
    }

    #[inline(always)]
    fn part(&mut self, l: &Line<'a>, r: Option<Range<usize>>) {
        let Some(f) = self.next() else { return };
        match r.and_then(|r| line_part(l, r)) {
            None => f.null(self.json, &mut self.out),
            Some(s) => {
                f.prefix(self.json, &mut self.out);
                match (l.escape_free && l.text.is_some(), self.json) {
                    (true, _) => self.plain_str(s),
                    (false, true) => json_bytes(&mut self.out, s),
                    (false, false) => tsv_str(&mut self.out, s),
                }
            }
        }
    }
}
