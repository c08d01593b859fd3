//! Which bytes the JSON and TSV writers escape, found a block at a time.

/// Hexadecimal digits, lower case (JSON's `\u00XX`).
pub const HEX: &[u8; 16] = b"0123456789abcdef";
/// Hexadecimal digits, upper case (TSV's `\xHH`).
pub const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The position of the first byte of `data[from..]` that JSON or TSV
/// escapes (a control byte other than `except`, DEL, `"` or `\`; bytes
/// above DEL are not looked at), or `data.len()`. Looks at blocks without
/// early exits, so that it vectorizes: whole 64-byte blocks (a loop whose
/// block length is a constant), then the rest.
#[inline]
pub fn find_escape(data: &[u8], from: usize, except: Option<u8>) -> usize {
    let except = except.unwrap_or(0xFF);
    let bad = |b: u8| ((b < 0x20) & (b != except)) | (b == 0x7F) | (b == b'"') | (b == b'\\');
    // The first escaped byte of a block, looked for only once the whole
    // block (a test without early exits) says there is one.
    let first = |block: &[u8]| match block.iter().fold(false, |m, &b| m | bad(b)) {
        true => block.iter().position(|&b| bad(b)),
        false => None,
    };
    let mut at = from;
    let mut blocks = data.get(from..).unwrap_or_default().chunks_exact(64);
    for block in &mut blocks {
        if let Some(k) = first(block) {
            return at + k;
        }
        at += 64;
    }
    // The last bytes (fewer than 64), the same way.
    first(blocks.remainder()).map_or(data.len(), |k| at + k)
}

/// Whether `s` needs no escaping in JSON or TSV and is UTF-8: printable
/// ASCII other than `"` and `\`.
#[inline]
pub fn plain(s: &[u8]) -> bool {
    s.is_ascii() && find_escape(s, 0, None) == s.len()
}
