//! The TSV writer's values: PostgreSQL's COPY text escapes (see the
//! module docs of [`crate::record`]).

use super::escape::{plain, HEX_UPPER};
use super::{csv::array_literal, text::text_val, Val};

/// `v` as a TSV field.
#[inline]
pub fn tsv_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"\\N"),
        Val::Str(s) => tsv_str(out, s),
        Val::List(items) => tsv_str(out, &array_literal(items)),
        other => text_val(out, other),
    }
}

/// `s` as a TSV field (PostgreSQL COPY text escapes; see the module docs).
pub fn tsv_str(out: &mut Vec<u8>, s: &[u8]) {
    if plain(s) {
        out.extend_from_slice(s);
        return;
    }
    for chunk in s.utf8_chunks() {
        let v = chunk.valid().as_bytes();
        let mut start = 0;
        for (i, &b) in v.iter().enumerate() {
            if b >= 0x20 && b != 0x7F && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&v[start..i]);
            start = i + 1;
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\t' => out.extend_from_slice(b"\\t"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                _ => hex_escape(out, b),
            }
        }
        out.extend_from_slice(&v[start..]);
        for &b in chunk.invalid() {
            hex_escape(out, b);
        }
    }
}

fn hex_escape(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[b'\\', b'x', HEX_UPPER[usize::from(b >> 4)], HEX_UPPER[usize::from(b & 15)]]);
}
