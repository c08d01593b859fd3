//! How ClickHouse 26.9 reads a URL: the readers its URL functions share,
//! written from the engine's observed answers (`tests/data/clickhouse_*.txt`,
//! recorded by `record_clickhouse.py`). ClickHouse's own header says these
//! functions "do not strictly follow RFC": each reader here reproduces that
//! reading byte for byte, quirks included, and never panics.
//!
//! Every reader works on bytes and returns positions in the input, so the
//! public functions answer with slices of it. ClickHouse's strings end with
//! a NUL byte that some of its readers look at: [`at`] reads 0 past the end.
//!
//! The quirks are named in `tests/data/clickhouse_quirks_inputs.txt` (a
//! `# quirk NAME` line beside the rows that show each) and on the public
//! functions.

use std::ops::Range;

/// The byte at `i`, or 0 past the end (ClickHouse's terminating NUL).
#[inline]
pub(crate) fn at(u: &[u8], i: usize) -> u8 {
    u.get(i).copied().unwrap_or(0)
}

/// The first `i >= from` where `stop(u[i])`, or `u.len()`.
#[inline]
pub(crate) fn find(u: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    u.get(from..).and_then(|t| t.iter().position(|&b| stop(b))).map_or(u.len(), |i| from + i)
}

/// Bytes of `0x01`, for the word-at-a-time searches below.
const ONES: u64 = u64::from_le_bytes([1; 8]);
/// Bytes of `0x80`.
const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
/// How many 8-byte words [`find_byte_near`] tests in registers before it
/// calls `memchr`, whose call costs about 45 instructions.
const NEAR_WORDS: usize = 4;

/// A word whose lowest `0x80` bit marks the first zero byte of `x`
/// (little-endian; bits above the first are not exact, so only the
/// lowest is read).
#[inline(always)]
const fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The word of the 8 bytes of `u` at `i` (little-endian), `None` when
/// fewer than 8 are left.
#[inline(always)]
fn word(u: &[u8], i: usize) -> Option<u64> {
    let bytes: [u8; 8] = u.get(i..i.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// The first `i >= from` where `u[i] == a`, or `u.len()` (a SIMD search,
/// for spans that are often long: a query, a whole URL).
#[inline]
pub(crate) fn find_byte(u: &[u8], from: usize, a: u8) -> usize {
    u.get(from..).and_then(|t| memchr::memchr(a, t)).map_or(u.len(), |k| from + k)
}

/// [`find_byte`] for spans that are mostly short (the end of a scheme, of
/// a host): up to [`NEAR_WORDS`] words tested in registers first.
/// (Callgrind, `functions_bench` over 100,000 kasztp rows: tested inline
/// for every search, the searches over a query or a whole URL cost 14–22 %
/// more, as they rarely end in the first words.)
#[inline]
pub(crate) fn find_byte_near(u: &[u8], from: usize, a: u8) -> usize {
    find_set_words(u, from, [a]).unwrap_or_else(|i| find_byte(u, i, a))
}

/// Up to [`NEAR_WORDS`] words of `u` from `from` tested in registers for
/// any byte of `set`: `Ok` with the first such position, or `Err` with
/// where the words stopped (fewer than 8 bytes left, or the words spent).
/// Each byte's lowest mark is exact, so the lowest of all of them is.
#[inline(always)]
fn find_set_words<const N: usize>(u: &[u8], from: usize, set: [u8; N]) -> Result<usize, usize> {
    let mut i = from;
    for _ in 0..NEAR_WORDS {
        let Some(w) = word(u, i) else { break };
        let z = set.iter().fold(0, |z, &b| z | zero_bytes(w ^ (ONES * u64::from(b))));
        if z != 0 {
            return Ok(i + (z.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    Err(i)
}

/// The first `i >= from` where `u[i]` is `a` or `b`, or `u.len()`: up to
/// [`NEAR_WORDS`] words tested in registers, then `memchr2`.
#[inline]
pub(crate) fn find_byte2_near(u: &[u8], from: usize, a: u8, b: u8) -> usize {
    find_set_words(u, from, [a, b]).unwrap_or_else(|i| find_byte2(u, i, a, b))
}

/// Up to [`NEAR_WORDS`] words from `from` tested in registers for any
/// byte of `set`, then the last bytes one by one: for short spans, where a
/// `memchr3` call for the last few bytes would cost more than the search.
/// The first match or `u.len()`.
#[inline(always)]
pub(crate) fn find_set_near<const N: usize>(u: &[u8], from: usize, set: [u8; N]) -> usize {
    find_set_words(u, from, set).unwrap_or_else(|i| find(u, i, |b| set.contains(&b)))
}

/// The first `i >= from` where `u[i]` is `a` or `b`, or `u.len()` (a SIMD search).
#[inline]
pub(crate) fn find_byte2(u: &[u8], from: usize, a: u8, b: u8) -> usize {
    u.get(from..).and_then(|t| memchr::memchr2(a, b, t)).map_or(u.len(), |i| from + i)
}

/// The bytes that make the host readers give up (quirk `host-refuses-byte`).
const fn refused(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'<' | b'>' | b'%' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'~' | b'[' | b']' | b';' | b'=' | b'&'
    )
}

/// A set of bytes where a scan stops, searched eight bytes at a time: the
/// eight bytes' entries are combined with `|` and only a chunk that holds
/// a stop is searched byte by byte. (Measured with callgrind on the
/// `topLevelDomain` kernel: 479 instructions a row against 506 for a loop
/// over the same table byte by byte; for the short segments of the
/// hierarchies and for `netloc` it did not pay, and they keep byte loops.
/// A variant that gathers a chunk's hits into a `u64` and takes the
/// position from its trailing zeros cost more on every kernel: 507 in
/// `topLevelDomain`.)
struct Stops([bool; 256]);

impl Stops {
    /// The set of `bytes`, with the [`refused`] bytes when `with_refused`.
    const fn new(bytes: &[u8], with_refused: bool) -> Stops {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            t[b] = with_refused && refused(b as u8);
            b += 1;
        }
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] = true;
            i += 1;
        }
        Stops(t)
    }

    /// Whether `b` is in the set.
    #[inline(always)]
    fn has(&self, b: u8) -> bool {
        self.0[usize::from(b)]
    }

    /// The first `i >= from` where `u[i]` is in the set, or `u.len()`.
    #[inline]
    fn find(&self, u: &[u8], from: usize) -> usize {
        let mut at = from.min(u.len());
        let mut chunks = u[at..].chunks_exact(8);
        for c in &mut chunks {
            if let Ok(&[a, b, c, d, e, f, g, h]) = <&[u8; 8]>::try_from(c) {
                let t = &self.0;
                let any = t[usize::from(a)]
                    | t[usize::from(b)]
                    | t[usize::from(c)]
                    | t[usize::from(d)]
                    | t[usize::from(e)]
                    | t[usize::from(f)]
                    | t[usize::from(g)]
                    | t[usize::from(h)];
                if any {
                    break;
                }
            }
            at += 8;
        }
        let tail = u.get(at..).unwrap_or_default();
        at + tail.iter().position(|&b| self.has(b)).unwrap_or(tail.len())
    }
}

/// Where [`host`] stops: the end of the host (`:`, `/`, `?`, `#`), an `@`,
/// a refused byte.
static HOST_STOPS: Stops = Stops::new(b":/?#@", true);
/// Where [`after_userinfo`] stops: the end of the host or an `@`.
static AUTHORITY_STOPS: Stops = Stops::new(b":/?#@", false);

/// What [`host_search_start`] does at a byte in the scheme's place: a
/// scheme byte (0: letters, digits, `+`, `-`, `.`), `[` (1: a scheme byte
/// for the `…RFC` reader, refused for the other), a [`refused`] byte (2),
/// anything else ends the scheme (3). One table load per byte, where a
/// chain of comparisons cost about 20 instructions a byte (callgrind).
pub(crate) static SCHEME_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            _ if c.is_ascii_alphanumeric() => 0,
            b'.' | b'-' | b'+' => 0,
            b'[' => 1,
            _ if refused(c) => 2,
            _ => 3,
        };
        b += 1;
    }
    t
};

/// Where the host search starts: after a leading `//`, or after
/// `scheme://` when the scheme (any first byte, then letters, digits, `+`,
/// `-`, `.`) and its `://` end within the first 16 bytes (quirk
/// `scheme-16-bytes`), else at 0. `None` when a refused byte comes first in
/// the scheme's place (`rfc`: `[` is not refused there).
#[inline]
fn host_search_start(u: &[u8], rfc: bool) -> Option<usize> {
    if u.starts_with(b"//") {
        return Some(2);
    }
    let head = u.get(..16).unwrap_or(u);
    let mut pos = 1;
    while let Some(&b) = head.get(pos) {
        match SCHEME_CLASS[usize::from(b)] {
            0 => pos += 1,
            1 if rfc => pos += 1,
            3 => break,
            _ => return None,
        }
    }
    Some(if head.len() > pos + 2 && u[pos..].starts_with(b"://") { pos + 3 } else { 0 })
}

/// ClickHouse's test of a host candidate `start..end` with the last dot
/// seen at `dot`: there must be a dot (quirk `host-needs-dot`; it may stand
/// in the userinfo, quirk `host-dot-in-userinfo`), the host must not be
/// empty, must not end with that dot, and the dot must not be followed by a
/// delimiter.
fn checked(u: &[u8], start: usize, end: usize, dot: Option<usize>) -> Option<Range<usize>> {
    let dot = dot?;
    if start >= end || end - dot == 1 || matches!(at(u, dot + 1), b':' | b'/' | b'?' | b'#') {
        return None;
    }
    Some(start..end)
}

/// The host as ClickHouse's `domain` reads it: from the search start (see
/// [`host_search_start`]) to the first `:`, `/`, `?` or `#`, restarted after
/// each `@`; nothing when a refused byte comes first or the host fails
/// [`checked`].
pub(crate) fn host(u: &[u8]) -> Option<Range<usize>> {
    host_and_dot(u).map(|(host, _)| host)
}

/// [`host`] and the last dot its search saw (from the search start on, so
/// a dot in the userinfo counts; the host itself ends in no dot, which
/// [`checked`] refuses), for a reader of the last label that would
/// otherwise search for that dot again.
#[inline]
pub(crate) fn host_and_dot(u: &[u8]) -> Option<(Range<usize>, usize)> {
    let from = host_search_start(u, false)?;
    let (mut start, mut pos) = (from, from);
    // Ordinary bytes and dots go on; the host ends at a delimiter or the
    // end, restarts after an `@`, gives up at a refused byte.
    let end = loop {
        pos = HOST_STOPS.find(u, pos);
        match u.get(pos) {
            None | Some(b':' | b'/' | b'?' | b'#') => break pos,
            Some(b'@') => {
                pos += 1;
                start = pos;
            }
            Some(_) => return None,
        }
    };
    // The last dot seen from the search start on (a dot in the userinfo counts).
    let dot = u[from..end].iter().rposition(|&b| b == b'.').map(|i| from + i);
    Some((checked(u, start, end, dot)?, dot?))
}

/// Where the host starts when the authority starts at `start`: after the
/// last `@` before the first `:`, `/`, `?` or `#` (every other byte goes
/// on), else `start`.
pub(crate) fn after_userinfo(u: &[u8], mut start: usize) -> usize {
    let mut pos = start;
    loop {
        pos = AUTHORITY_STOPS.find(u, pos);
        match u.get(pos) {
            Some(b'@') => {
                pos += 1;
                start = pos;
            }
            _ => return start,
        }
    }
}

/// The host as ClickHouse's `…RFC` functions read it: userinfo (with `:` and
/// the sub-delimiters `;`, `=`, `&`, `~`, `%`) skipped up to its `@`, a
/// bracketed IPv6 literal given without its brackets, the port's `:` ending
/// the host; nothing for sub-delimiters in the host itself, a dot inside
/// brackets, a second `@`, and the other refused bytes before a `:`.
pub(crate) fn host_rfc(u: &[u8]) -> Option<Range<usize>> {
    if u.len() < 2 {
        return None;
    }
    let mut pos = host_search_start(u, true)?;
    let mut bracket = at(u, pos) == b'[';
    if bracket {
        pos += 1;
    }
    let mut start = pos;
    let (mut dot, mut colon) = (None, None);
    let (mut sub_delims, mut at_sign, mut refused_after_colon) = (false, false, false);
    while pos < u.len() {
        match u[pos] {
            b'.' => {
                if bracket {
                    return None;
                }
                if at_sign || colon.is_none() {
                    dot = Some(pos);
                }
            }
            b':' if bracket => {}
            b':' => {
                if at_sign || colon.is_some() {
                    break;
                }
                colon = Some(pos);
            }
            b'/' | b'?' | b'#' => break,
            b'@' => {
                // No userinfo inside brackets (quirk `rfc-bracket-at`).
                if bracket || refused_after_colon {
                    return None;
                }
                if at_sign {
                    break;
                }
                sub_delims = false;
                at_sign = true;
                start = pos + 1;
                if at(u, pos + 1) == b'[' {
                    bracket = true;
                    start = pos + 2;
                    pos += 1;
                }
            }
            b';' | b'=' | b'&' | b'~' | b'%' => sub_delims = true,
            b']' if bracket => {
                if sub_delims {
                    return None;
                }
                return Some(start..pos);
            }
            b' ' | b'\t' | b'<' | b'>' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'[' | b']' => {
                // Refused before a `:`: no host; after one, only no userinfo.
                colon?;
                refused_after_colon = true;
            }
            _ => {}
        }
        pos += 1;
    }
    if sub_delims {
        return None;
    }
    let end = if at_sign { pos } else { colon.unwrap_or(pos) };
    checked(u, start, end, dot)
}

/// The scheme as ClickHouse's `protocol` gives it: a letter, then letters,
/// digits, `+`, `-`, `.`, followed by `:` and at least three more bytes
/// (quirk `protocol-needs-4-bytes`); empty otherwise.
pub(crate) fn protocol(u: &[u8]) -> Range<usize> {
    if !at(u, 0).is_ascii_alphabetic() {
        return 0..0;
    }
    let n = find(u, 1, |b| SCHEME_CLASS[usize::from(b)] != 0);
    if u.len() - n < 4 || u[n] != b':' {
        return 0..0;
    }
    0..n
}

/// The port after a host that ends at `host_end`: the digits after its `:`
/// up to `/`, `?`, `#` or the end, below 65536; `None` otherwise (ClickHouse
/// then gives the default port).
pub(crate) fn port_after(u: &[u8], host_end: usize) -> Option<u16> {
    if host_end >= u.len() || u[host_end] != b':' {
        return None;
    }
    let mut port: u32 = 0;
    let mut digits = 0;
    for &b in &u[host_end + 1..] {
        if matches!(b, b'/' | b'?' | b'#') {
            break;
        }
        if !b.is_ascii_digit() {
            return None;
        }
        port = port * 10 + u32::from(b - b'0');
        if port > 65535 {
            return None;
        }
        digits += 1;
    }
    if digits == 0 {
        return None;
    }
    u16::try_from(port).ok()
}

/// The first `?` (`query`), the first `#` (`hash`), each `len` when absent.
pub(crate) fn question_and_hash(u: &[u8]) -> (usize, usize) {
    (find_byte(u, 0, b'?'), find_byte(u, 0, b'#'))
}

/// ClickHouse's path: from the first `/` that is not the start of a `//`
/// (after a `//`, the next `/`), to the end (`full`) or to the first `?` or
/// `#` after it. Empty when there is none (quirk `path-after-first-slash`).
#[inline]
pub(crate) fn path(u: &[u8], full: bool) -> Range<usize> {
    let mut pos = find_byte_near(u, 0, b'/');
    if pos == u.len() {
        return 0..0;
    }
    if at(u, pos + 1) == b'/' {
        pos = find_byte_near(u, pos + 2, b'/');
        if pos == u.len() {
            return 0..0;
        }
    }
    let end = if full { u.len() } else { find_byte2(u, pos, b'?', b'#') };
    pos..end
}

/// What [`netloc`] does at a byte: go on (0), `/` (1), `?` (2), `#` (3),
/// `@` (4), a sub-delimiter `;`, `=`, `&`, `~`, `%` (5), another
/// [`refused`] byte (6).
static NETLOC_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b'/' => 1,
            b'?' => 2,
            b'#' => 3,
            b'@' => 4,
            b';' | b'=' | b'&' | b'~' | b'%' => 5,
            _ if refused(c) => 6,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// ClickHouse's `netloc`: after the scheme as the host readers skip it, up
/// to the first `#`, the first `/` or `?` after a `@`, or else the last `/`
/// or `?` (quirk `netloc-last-slash`), a sub-delimiter before any `@`, or a
/// refused byte.
pub(crate) fn netloc(u: &[u8]) -> Range<usize> {
    // As the host readers start, but a string that is just `//` starts at 0.
    let start = if u == b"//" {
        0
    } else {
        match host_search_start(u, false) {
            Some(start) => start,
            None => return 0..0,
        }
    };
    let (mut userinfo, mut host_end, mut question, mut slash) = (false, u.len(), u.len(), u.len());
    let mut pos = start;
    // Ordinary bytes go on; the search stops only at the bytes below.
    while let Some(&b) = u.get(pos) {
        match NETLOC_CLASS[usize::from(b)] {
            0 => {
                let rest = &u[pos..];
                pos += rest.iter().position(|&b| NETLOC_CLASS[usize::from(b)] != 0).unwrap_or(rest.len());
                continue;
            }
            1 | 2 if userinfo => return start..pos,
            1 => slash = pos,
            2 => question = pos,
            3 => return start..pos,
            4 => {
                userinfo = true;
                host_end = u.len();
            }
            5 if !userinfo => host_end = pos,
            _ => return if pos > start { start..pos.min(question).min(slash) } else { 0..0 },
        }
        pos += 1;
    }
    if userinfo {
        start..u.len()
    } else {
        start..u.len().min(question).min(slash).min(host_end)
    }
}

#[cfg(test)]
mod tests {
    use super::{find_byte, find_byte2_near, find_byte_near, find_set_near, Stops, HOST_STOPS};

    /// The chunked search finds what a byte-by-byte search finds, for a
    /// stop at every position of inputs around the chunk size, from every
    /// start (past the end included).
    #[test]
    fn stops_find_as_a_byte_loop() {
        let sets = [&HOST_STOPS, &Stops::new(b"/", false)];
        for set in sets {
            for len in 0..40 {
                for stop_at in 0..=len {
                    let mut u = vec![b'a'; len];
                    if let Some(b) = u.get_mut(stop_at) {
                        *b = b'/';
                    }
                    for from in 0..=len + 2 {
                        let naive = (from..len).find(|&i| set.has(u[i])).unwrap_or(len);
                        assert_eq!(set.find(&u, from), naive, "len {len}, stop {stop_at}, from {from}");
                    }
                }
            }
        }
        // A refused byte stops the host's search and not the other.
        assert_eq!(HOST_STOPS.find(b"abcdefghij klm", 0), 10);
        assert_eq!(Stops::new(b"/", false).find(b"abcdefghij klm", 0), 14);
    }

    /// The word-at-a-time search finds what a byte loop (and `memchr`)
    /// finds: the target at every position, a second one after it, bytes
    /// around the target's value where a borrow between bytes would show,
    /// lengths around the inline words and past them, every start (past
    /// the end included).
    #[test]
    fn find_byte_near_as_a_byte_loop() {
        for len in 0..48usize {
            for first in 0..=len {
                for second in [None, Some(first + 1), Some(first + 9), Some(len.saturating_sub(1))] {
                    let mut u: Vec<u8> = (0..len).map(|i| [b'.', b'0', 0x00, 0xFF, b'>', b'@'][i % 6]).collect();
                    for at in [Some(first), second].into_iter().flatten() {
                        if let Some(b) = u.get_mut(at) {
                            *b = b'/';
                        }
                    }
                    for from in 0..=len + 2 {
                        let naive = (from..len).find(|&i| u[i] == b'/').unwrap_or(len);
                        assert_eq!(find_byte_near(&u, from, b'/'), naive, "{u:?} from {from}");
                        assert_eq!(find_byte(&u, from, b'/'), naive, "{u:?} from {from}");
                        let naive2 = (from..len).find(|&i| matches!(u[i], b'/' | b'@')).unwrap_or(len);
                        assert_eq!(find_byte2_near(&u, from, b'@', b'/'), naive2, "{u:?} from {from}");
                        assert_eq!(find_byte2_near(&u, from, b'/', b'@'), naive2, "{u:?} from {from}");
                        let naive3 = (from..len).find(|&i| matches!(u[i], b'/' | b'@' | 0xFF)).unwrap_or(len);
                        assert_eq!(find_set_near(&u, from, [0xFF, b'@', b'/']), naive3, "{u:?} from {from}");
                    }
                }
            }
        }
        // The zero byte, whose search word is all zeros.
        assert_eq!(find_byte_near(b"abc\0def", 0, 0), 3);
        assert_eq!(find_byte_near(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 0], 0, 0), 9);
    }
}
