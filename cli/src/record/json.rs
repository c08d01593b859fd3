//! The JSON Lines writer's values: plain JSON strings for text,
//! `{"bytes":"<base64>"}` for bytes that are not UTF-8.

use base64::Engine as _;

use super::escape::{plain, HEX};
use super::Val;

/// `v` as a JSON value.
#[inline]
pub fn json_val(out: &mut Vec<u8>, v: &Val<'_>) {
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(true) => out.extend_from_slice(b"true"),
        Val::Bool(false) => out.extend_from_slice(b"false"),
        Val::Int(n) => out.extend_from_slice(itoa::Buffer::new().format(*n).as_bytes()),
        Val::Str(s) => json_bytes(out, s),
        Val::List(items) => {
            out.push(b'[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                json_bytes(out, item);
            }
            out.push(b']');
        }
    }
}

/// `s` as a JSON string when it is UTF-8, else as `{"bytes":"<base64>"}`.
pub fn json_bytes(out: &mut Vec<u8>, s: &[u8]) {
    if plain(s) || std::str::from_utf8(s).is_ok() {
        json_str(out, s);
    } else {
        out.extend_from_slice(b"{\"bytes\":\"");
        let start = out.len();
        out.resize(start + base64::encoded_len(s.len(), true).unwrap_or(0), 0);
        let n = base64::engine::general_purpose::STANDARD.encode_slice(s, &mut out[start..]).unwrap_or(0);
        out.truncate(start + n);
        out.extend_from_slice(b"\"}");
    }
}

/// Valid UTF-8 `s` as a JSON string (RFC 8259 escaping).
pub fn json_str(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    if plain(s) {
        out.extend_from_slice(s);
    } else {
        let mut start = 0;
        for (i, &b) in s.iter().enumerate() {
            if b >= 0x20 && b != b'"' && b != b'\\' {
                continue;
            }
            out.extend_from_slice(&s[start..i]);
            start = i + 1;
            match b {
                b'"' => out.extend_from_slice(b"\\\""),
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                b'\t' => out.extend_from_slice(b"\\t"),
                _ => out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]),
            }
        }
        out.extend_from_slice(&s[start..]);
    }
    out.push(b'"');
}
