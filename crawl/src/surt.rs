//! SURT keys and the web-archive canonical form, computed the way the
//! Internet Archive's `surt` package (0.3.1) computes them by default.
//!
//! The steps, in order (each is a rule of the reference, surprising ones
//! included; `tests/data/surt.txt` has a case for every one):
//!
//! **Reading the line**
//! 1. An empty input gives `-`; an input starting with `filedesc` is returned
//!    unchanged (ARC file headers).
//! 2. ASCII white space (space, tab, CR, LF, VT, FF) is trimmed at both ends,
//!    then every tab, CR and LF inside is deleted (spaces inside stay).
//! 3. Without a leading `scheme:` (`[A-Za-z][A-Za-z0-9+.-]*:`), `http://` is
//!    prepended, so `example.com/x` is `http://example.com/x`.
//! 4. A run of `http://` / `https://` prefixes keeps only its last one
//!    (`http://https://a/` is `https://a/`).
//! 5. The line is split as RFC 3986 Appendix B does. The host is the
//!    authority after its last `@` (userinfo is dropped), before the first
//!    `:`, or between `[` and `]` (the brackets are dropped). Colons at the
//!    end of the authority are ignored; a port of all digits is read as a
//!    number (`:0` and `:` mean no port, `:0080` is 80).
//! 6. When the scheme starts with `http` (case-sensitive) and there is no
//!    host, the path's first segment after its leading slashes becomes the
//!    host (`http:////a/b` has host `a`, path `/b`).
//!
//! **Google-style canonicalization**
//! 7. The fragment is dropped. The query is percent-decoded to a fixpoint and
//!    minimally escaped (controls, space, `#`, `%`, and bytes from 0x7F up
//!    become `%XX`).
//! 8. The host is percent-decoded to a fixpoint. A host with non-ASCII bytes
//!    has its invalid UTF-8 dropped and each label converted with IDNA
//!    (labels split on `.`, `。`, `．`, `｡`; a failing label keeps the whole
//!    host as it was). Then `..` becomes `.` (one pass, left to right),
//!    leading and trailing dots go. An all-digits host is a 32-bit number
//!    (modulo 2^32) written as a dotted quad; a host of one to four
//!    digit-only parts starting with a non-zero digit (decimal) or with `0`
//!    (octal) is read as `inet_aton` does; otherwise the host is lowercased
//!    and minimally escaped.
//! 9. The path is percent-decoded to a fixpoint. When the host is not empty,
//!    dot segments are removed (a `..` above the root stays), empty segments
//!    go and an empty path becomes `/`. Then it is minimally escaped (so a
//!    decoded `?` stays in the path).
//!
//! **Internet Archive canonicalization**
//! 10. The host is lowercased and one leading `www`, `www2`, `www123`... label
//!     is dropped (not for the `dns` scheme).
//! 11. Port 80 for `http` and 443 for `https` is dropped.
//! 12. The path is lowercased (hex escapes included: `%C3` becomes `%c3`);
//!     ASP.NET session ids in the path (`/(S(24 chars))/…x.aspx`,
//!     `/(24 chars)/…x.aspx`) are cut; a trailing `/` of a path longer than
//!     `/` is dropped.
//! 13. Session ids are cut from the query (case-insensitively, each form once,
//!     its last occurrence that ends the query or is followed by `&`):
//!     `jsessionid=` + 32 alphanumerics, `phpsessid=` + 32, `sid=` + 32,
//!     `ASPSESSIONID` + 8 letters `=` + 24 letters, `cfid=…&cftoken=…`. What
//!     came before the id is kept as it is, so `a=1&sid=…` leaves `a=1&`.
//!     Then the query is lowercased and its `&`-separated parameters are
//!     sorted by name, then value (a parameter without `=` sorts before the
//!     same name with one). An empty query is dropped.
//!
//! **The key**
//! 14. The host's labels are reversed and joined with `,`, then `)`: with
//!     the path (or `/` when there is a query but no path) and `?query`.
//!     Without a host the key is `scheme:` and the path.
//!
//! Where the reference raises an exception, a key is still produced: a
//! white-space-only line gives `-`; a port that is not a number or above
//! 65535 is kept as text (lowercased, minimally escaped) after the host.
//! IDNA follows UTS #46 (the `idna` crate) where Python's codec follows IDNA
//! 2003: they differ on `ß`, `ς`, joiners and symbols (see
//! `tests/data/surt_differences.txt`).
//!
//! Where the reference's behaviour looks like a bug, it is matched too (each
//! case is a row of `tests/data/surt.txt`):
//! - The scheme keeps its case (`HTTP://Example.COM/A` → `com,example)/a`,
//!   with the scheme `HTTP://(com,example)/a`, canonical form
//!   `HTTP://example.com/a`); only the default-port test ignores case.
//! - An IPv6 literal loses its brackets, and a `[` without its `]` takes the
//!   rest of the authority as the host: `http://[::1` and `http://[::1]/`
//!   both give `::1)/`.
//! - Bytes that are not UTF-8 are dropped from a host that is not ASCII, so
//!   the line `\xFF\xFE` (read as `http://\xFF\xFE`) has an empty host and
//!   its key is `http:`.
//!
//! **How it runs.** One pass over the line, writing the key straight into
//! the output buffer: the line is split in place (no copy unless it holds a
//! tab, CR or LF), the host is written and then reversed in place, the path
//! and query are escaped and lowercased as they are copied, and the query's
//! parameters are sorted through a small index. Nothing is decoded when a
//! component has no `%`; dot segments are resolved only when the path has
//! some. With [`surt_into`] / [`surt_bytes_into`] and a reused buffer, a
//! typical URL costs no allocation at all.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::net::Ipv4Addr;

use regex::bytes::Regex;
use std::sync::OnceLock;
use uriscan::QueryPairsBytes;

use crate::escapes::{escape_lower_into, is_plain, needs_escape, unescape_repeatedly};
use crate::host_forms::{inet_aton_digits, push_ipv4, push_u16};

/// Options of [`surt_with`], named as the reference names them.
///
/// ```
/// use uriscan_crawl::{surt_with, SurtOptions};
/// let o = SurtOptions { with_scheme: true, host_massage: false, trailing_comma: true, ..SurtOptions::default() };
/// assert_eq!(surt_with(b"http://www.example.com/", &o), b"http://(com,example,www,)/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurtOptions {
    /// Start with `scheme://(` (default `false`).
    pub with_scheme: bool,
    /// Drop a leading `www`, `www2`… label (default `true`).
    pub host_massage: bool,
    /// Write `,` after the last host label (default `false`).
    pub trailing_comma: bool,
    /// Reverse dotted-quad IPv4 hosts like names (default `true`).
    pub reverse_ipaddr: bool,
}

impl Default for SurtOptions {
    fn default() -> Self {
        SurtOptions { with_scheme: false, host_massage: true, trailing_comma: false, reverse_ipaddr: true }
    }
}

/// The SURT key of `url`, as `surt.surt(url)` computes it.
///
/// ```
/// assert_eq!(uriscan_crawl::surt("http://www.Archive.org:80/goo/?b=2&a=1#x"), "org,archive)/goo?a=1&b=2");
/// assert_eq!(uriscan_crawl::surt("dns:archive.org"), "dns:archive.org");
/// assert_eq!(uriscan_crawl::surt(""), "-");
/// ```
#[must_use]
pub fn surt(url: &str) -> String {
    let mut key = String::with_capacity(url.len() + 8);
    surt_into(url, &mut key, &SurtOptions::default());
    key
}

/// Writes the SURT key of `url` into `out`, replacing what it held: the fast
/// way to key many URLs, since a reused `out` keeps its allocation.
///
/// ```
/// use uriscan_crawl::{surt_into, SurtOptions};
/// let mut key = String::new();
/// for (url, expected) in [("http://www.Example.com/B/?z=1&y=2", "com,example)/b?y=2&z=1"), ("https://a.b.org:443/", "org,b,a)/")] {
///     surt_into(url, &mut key, &SurtOptions::default());
///     assert_eq!(key, expected);
/// }
/// ```
pub fn surt_into(url: &str, out: &mut String, options: &SurtOptions) {
    let mut bytes = std::mem::take(out).into_bytes();
    surt_bytes_into(url.as_bytes(), &mut bytes, options);
    // The key of a `&str` is UTF-8: ASCII, or a `filedesc` line copied whole.
    *out = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
}

/// Writes the SURT key of any bytes into `out`, replacing what it held. The
/// key is ASCII, except for a line starting with `filedesc`, copied as it is.
///
/// ```
/// use uriscan_crawl::{surt_bytes_into, SurtOptions};
/// let mut key = Vec::new();
/// surt_bytes_into(b"HTTP://WWW2.Example.COM:8080/a/./b/../C?B=2&a=1#top", &mut key, &SurtOptions::default());
/// assert_eq!(key, b"com,example:8080)/a/c?a=1&b=2");
/// surt_bytes_into(b"\xFF\xFE", &mut key, &SurtOptions::default());
/// assert_eq!(key, b"http:");
/// ```
pub fn surt_bytes_into(url: &[u8], out: &mut Vec<u8>, options: &SurtOptions) {
    out.clear();
    match prepare(url) {
        Line::Verbatim(v) => out.extend_from_slice(v),
        Line::Dash => out.push(b'-'),
        Line::Url(line) => write_canonical(&split_line(&line), Layout::Surt(*options), out),
    }
}

/// The SURT key of any bytes, with options, in a new vector (see
/// [`surt_bytes_into`]).
///
/// ```
/// use uriscan_crawl::{surt_with, SurtOptions};
/// let o = SurtOptions { reverse_ipaddr: false, ..SurtOptions::default() };
/// assert_eq!(surt_with(b"http://127.0.0.1:8080/A", &o), b"127.0.0.1:8080)/a");
/// ```
#[must_use]
pub fn surt_with(url: &[u8], options: &SurtOptions) -> Vec<u8> {
    let mut out = Vec::with_capacity(url.len() + 8);
    surt_bytes_into(url, &mut out, options);
    out
}

/// The web-archive canonical form of `url` (the reference's default
/// canonicalizer, written back as a URL rather than reordered). `None` for an
/// empty or `filedesc` line.
///
/// ```
/// assert_eq!(
///     uriscan_crawl::archive_canonical(b"http://www.Archive.org:80/goo/?b=2&a=1#x").as_deref(),
///     Some(&b"http://archive.org/goo?a=1&b=2"[..])
/// );
/// ```
#[must_use]
pub fn archive_canonical(url: &[u8]) -> Option<Vec<u8>> {
    match prepare(url) {
        Line::Url(line) => {
            let mut out = Vec::with_capacity(url.len() + 8);
            write_canonical(&split_line(&line), Layout::Url, &mut out);
            Some(out)
        }
        _ => None,
    }
}

/// A line after steps 1–2.
enum Line<'a> {
    Verbatim(&'a [u8]),
    Dash,
    Url(Cow<'a, [u8]>),
}

/// A port as the reference reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Port<'a> {
    None,
    Number(u16),
    /// Not a number, or out of range (the reference raises an exception).
    Text(&'a [u8]),
}

/// The line after steps 3–6, as slices of it.
struct Parts<'a> {
    scheme: &'a [u8],
    /// Empty when there is none.
    host: &'a [u8],
    port: Port<'a>,
    /// Never `Some` of an empty path.
    path: Option<&'a [u8]>,
    /// Never `Some` of an empty query.
    query: Option<&'a [u8]>,
    /// The line has no `%` and no byte the minimal escape encodes: nothing
    /// to decode, convert or escape anywhere.
    plain: bool,
}

const fn is_strip_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn scheme_len(s: &[u8]) -> Option<usize> {
    let first = *s.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let n = s.iter().position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (s[n] == b':').then_some(n)
}

fn http_prefix_len(s: &[u8]) -> usize {
    if s.starts_with(b"http://") {
        7
    } else if s.starts_with(b"https://") {
        8
    } else {
        0
    }
}

/// Steps 1–2.
fn prepare(url: &[u8]) -> Line<'_> {
    if url.is_empty() {
        return Line::Dash;
    }
    if url.starts_with(b"filedesc") {
        return Line::Verbatim(url);
    }
    let start = url.iter().position(|&b| !is_strip_space(b)).unwrap_or(url.len());
    let end = url.iter().rposition(|&b| !is_strip_space(b)).map_or(start, |e| e + 1);
    let trimmed = &url[start..end];
    if trimmed.is_empty() {
        Line::Dash
    } else if memchr::memchr3(b'\t', b'\n', b'\r', trimmed).is_some() {
        Line::Url(Cow::Owned(trimmed.iter().copied().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r')).collect()))
    } else {
        Line::Url(Cow::Borrowed(trimmed))
    }
}

/// The index of the first `a`, `b` or `c` in `s`, or its length.
fn find3(s: &[u8], a: u8, b: u8, c: u8) -> usize {
    memchr::memchr3(a, b, c, s).unwrap_or(s.len())
}

/// The end of the part of `s` before the first byte `stop` accepts.
fn until(s: &[u8], stop: impl Fn(u8) -> bool) -> usize {
    s.iter().position(|&b| stop(b)).unwrap_or(s.len())
}

/// Steps 3–6: the RFC 3986 Appendix B split of the line (with `http://`
/// before it when it has no scheme), without copying it.
fn split_line(line: &[u8]) -> Parts<'_> {
    let (scheme, authority, rest) = match scheme_len(line) {
        Some(n) => {
            // Step 4: keep the last of a run of http:// and https:// prefixes.
            let mut skip = 0;
            loop {
                let k = http_prefix_len(&line[skip..]);
                if k == 0 || http_prefix_len(&line[skip + k..]) == 0 {
                    break;
                }
                skip += k;
            }
            let line = &line[skip..];
            let n = if skip == 0 { n } else { until(line, |b| b == b':') };
            let rest = &line[n + 1..];
            match rest.strip_prefix(b"//") {
                Some(a) => {
                    let end = find3(a, b'/', b'?', b'#');
                    (&line[..n], Some(&a[..end]), &a[end..])
                }
                None => (&line[..n], None, rest),
            }
        }
        None => {
            // Step 3: `http://` before the line.
            let end = find3(line, b'/', b'?', b'#');
            (&b"http"[..], Some(&line[..end]), &line[end..])
        }
    };
    let path_end = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    let mut path = Some(&rest[..path_end]).filter(|p| !p.is_empty());
    let query = rest[path_end..]
        .strip_prefix(b"?")
        .map(|q| &q[..memchr::memchr(b'#', q).unwrap_or(q.len())])
        .filter(|q| !q.is_empty());
    let (mut host, port) = match authority {
        Some(netloc) => read_netloc(netloc),
        None => (None, Port::None),
    };
    if scheme.starts_with(b"http") && host.is_none() {
        // Step 6: the path's first segment is the host.
        if let Some(p) = path {
            let stripped = &p[until(p, |b| b != b'/')..];
            let i = until(stripped, |b| b == b'/');
            host = Some(&stripped[..i]);
            path = Some(if i < stripped.len() { &stripped[i..] } else { b"/" });
        }
    }
    Parts { scheme, host: host.unwrap_or_default(), port, path, query, plain: is_plain(line) }
}

fn read_netloc(netloc: &[u8]) -> (Option<&[u8]>, Port<'_>) {
    let end = netloc.iter().rposition(|&b| b != b':').map_or(0, |e| e + 1);
    let netloc = &netloc[..end];
    let hostinfo = match netloc.iter().rposition(|&b| b == b'@') {
        Some(i) => &netloc[i + 1..],
        None => netloc,
    };
    let (hostname, port) = match hostinfo.iter().position(|&b| b == b'[') {
        Some(i) => {
            let bracketed = &hostinfo[i + 1..];
            match bracketed.iter().position(|&b| b == b']') {
                Some(j) => {
                    let after = &bracketed[j + 1..];
                    let port = after.iter().position(|&b| b == b':').map_or(&b""[..], |k| &after[k + 1..]);
                    (&bracketed[..j], port)
                }
                None => (bracketed, &b""[..]),
            }
        }
        None => match hostinfo.iter().position(|&b| b == b':') {
            Some(i) => (&hostinfo[..i], &hostinfo[i + 1..]),
            None => (hostinfo, &b""[..]),
        },
    };
    let port = if port.is_empty() {
        Port::None
    } else if port.iter().all(u8::is_ascii_digit) {
        let digits = &port[until(port, |b| b != b'0')..];
        if digits.is_empty() {
            Port::None
        } else if digits.len() <= 5 {
            let n = digits.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
            u16::try_from(n).map_or(Port::Text(port), Port::Number)
        } else {
            Port::Text(port)
        }
    } else {
        Port::Text(port)
    };
    (Some(hostname).filter(|h| !h.is_empty()), port)
}

/// What [`write_canonical`] writes: a SURT key or the canonical URL.
#[derive(Clone, Copy)]
enum Layout {
    Surt(SurtOptions),
    Url,
}

/// Steps 7–14, written into `out` in one pass.
fn write_canonical(p: &Parts<'_>, layout: Layout, out: &mut Vec<u8>) {
    let (with_scheme, host_massage) = match layout {
        Layout::Surt(o) => (o.with_scheme, o.host_massage),
        Layout::Url => (true, true),
    };
    let dns = p.scheme == b"dns";
    let start = out.len();
    if with_scheme {
        // Written before the host is known; taken back when there is none.
        out.extend_from_slice(p.scheme);
        out.push(b':');
        if !dns {
            out.extend_from_slice(b"//");
        }
        if let Layout::Surt(_) = layout {
            out.push(b'(');
        }
    }
    let h0 = out.len();
    // Steps 8 and 10.
    write_host(p.host, p.plain, out);
    if host_massage && !dns {
        strip_www(out, h0);
    }
    let has_host = out.len() > h0;
    if !has_host {
        out.truncate(start);
        out.extend_from_slice(p.scheme);
        out.push(b':');
    } else {
        if let Layout::Surt(o) = layout {
            if o.reverse_ipaddr || !is_dotted_quad(&out[h0..]) {
                reverse_labels(&mut out[h0..]);
            }
        }
        // Step 11.
        write_port(p, out);
        if let Layout::Surt(o) = layout {
            if o.trailing_comma {
                out.push(b',');
            }
            out.push(b')');
        }
    }
    let path_start = out.len();
    // Steps 9 and 12.
    write_path(p.path, has_host, p.plain, out);
    // Steps 7 and 13.
    write_query(p.query, path_start, p.plain, out);
}

/// Step 8 (and the lowercasing of step 10): the host, decoded, converted
/// with IDNA, dots collapsed and trimmed, read as an IPv4 number, or
/// lowercased and escaped.
fn write_host(raw: &[u8], plain: bool, out: &mut Vec<u8>) {
    if raw.is_empty() {
        return;
    }
    let host = if plain {
        Cow::Borrowed(raw)
    } else {
        let decoded = unescape_repeatedly(raw);
        if decoded.is_ascii() {
            decoded
        } else {
            idna_host(&decoded).map_or(decoded, Cow::Owned)
        }
    };
    let h0 = out.len();
    if host.windows(2).any(|w| w == b"..") {
        // `..` → `.` in one pass, left to right.
        let mut i = 0;
        while i < host.len() {
            out.push(host[i]);
            i += if host[i] == b'.' && host.get(i + 1) == Some(&b'.') { 2 } else { 1 };
        }
    } else {
        out.extend_from_slice(&host);
    }
    let region = &out[h0..];
    let s = until(region, |b| b != b'.');
    let e = region.iter().rposition(|&b| b != b'.').map_or(s, |e| e + 1);
    let trimmed = &region[s..e];
    if let Some(ip) = attempt_ip(trimmed) {
        out.truncate(h0);
        push_ipv4(ip, out);
    } else if !plain && trimmed.iter().any(|&b| needs_escape(b)) {
        let trimmed = trimmed.to_vec();
        out.truncate(h0);
        escape_lower_into(&trimmed, out);
    } else {
        out.truncate(h0 + e);
        out.copy_within(h0 + s.., h0);
        out.truncate(h0 + e - s);
        out[h0..].make_ascii_lowercase();
    }
}

/// Step 10: one leading `www`, `www2`, `www123`… label goes.
fn strip_www(out: &mut Vec<u8>, h0: usize) {
    let host = &out[h0..];
    if host.starts_with(b"www") {
        let digits = host[3..].iter().take_while(|b| b.is_ascii_digit()).count();
        if host.get(3 + digits) == Some(&b'.') {
            out.drain(h0..h0 + 4 + digits);
        }
    }
}

/// `a.b.c` → `c,b,a`, in place.
fn reverse_labels(host: &mut [u8]) {
    host.reverse();
    for label in host.split_mut(|&b| b == b'.') {
        label.reverse();
    }
    for b in host.iter_mut().filter(|b| **b == b'.') {
        *b = b',';
    }
}

/// Step 11: the port, unless it is the scheme's default.
fn write_port(p: &Parts<'_>, out: &mut Vec<u8>) {
    match p.port {
        Port::None => {}
        Port::Number(n) => {
            let default = (n == 80 && p.scheme.eq_ignore_ascii_case(b"http"))
                || (n == 443 && p.scheme.eq_ignore_ascii_case(b"https"));
            if !default {
                out.push(b':');
                push_u16(n, out);
            }
        }
        Port::Text(t) => {
            out.push(b':');
            escape_lower_into(t, out);
        }
    }
}

/// Steps 9 and 12: the path decoded, dot segments resolved (with a host),
/// escaped and lowercased, ASP.NET session ids and a trailing `/` cut.
fn write_path(path: Option<&[u8]>, has_host: bool, plain: bool, out: &mut Vec<u8>) {
    let Some(raw) = path else {
        if has_host {
            out.push(b'/');
        }
        return;
    };
    let p0 = out.len();
    let decoded = if plain { Cow::Borrowed(raw) } else { unescape_repeatedly(raw) };
    if has_host && !is_normal_path(&decoded) {
        escape_lower_into(&normalize_path(&decoded), out);
    } else if plain {
        lower_into(&decoded, out);
    } else {
        escape_lower_into(&decoded, out);
    }
    let written = &out[p0..];
    if written.contains(&b'(') && contains_ci(written, b".aspx") {
        let cut = cut(path_session_patterns(), written.to_vec(), 3);
        out.truncate(p0);
        out.extend_from_slice(&cut);
    }
    if out.len() - p0 > 1 && out.last() == Some(&b'/') {
        out.pop();
    }
}

/// Appends `s` ASCII-lowercased.
fn lower_into(s: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    out.extend_from_slice(s);
    out[start..].make_ascii_lowercase();
}

/// Whether [`normalize_path`] leaves `path` as it is: it starts with `/` and
/// has no `.` or `..` segment and no empty segment but the last.
fn is_normal_path(path: &[u8]) -> bool {
    if path.first() != Some(&b'/') {
        return false;
    }
    let odd = |seg: &[u8]| seg == b"." || seg == b"..";
    let mut seg_start = 1;
    for (i, &b) in path.iter().enumerate().skip(1) {
        if b == b'/' {
            let seg = &path[seg_start..i];
            if seg.is_empty() || odd(seg) {
                return false;
            }
            seg_start = i + 1;
        }
    }
    !odd(&path[seg_start..])
}

/// Dot segments and empty segments out, as the reference's path step does.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in path.split(|&b| b == b'/').skip(1) {
        match seg {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(seg);
                }
            }
            _ => kept.push(seg),
        }
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    out.push(b'/');
    if let Some((last, init)) = kept.split_last() {
        for seg in init.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(seg);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

/// Steps 7 and 13: the query decoded, escaped, lowercased, session ids cut,
/// parameters sorted; nothing when it ends empty. A `/` goes before it when
/// the path written from `path_start` is empty.
fn write_query(query: Option<&[u8]>, path_start: usize, plain: bool, out: &mut Vec<u8>) {
    let Some(raw) = query else { return };
    let mark = out.len();
    out.push(b'?');
    let q0 = out.len();
    if plain {
        lower_into(raw, out);
    } else {
        escape_lower_into(&unescape_repeatedly(raw), out);
    }
    // The session-id patterns ignore case: cutting after lowercasing cuts the same.
    if has_session_marker(&out[q0..]) {
        let cut = cut(query_session_patterns(), out[q0..].to_vec(), 2);
        out.truncate(q0);
        out.extend_from_slice(&cut);
    }
    if out.len() == q0 {
        out.truncate(mark);
        return;
    }
    sort_params(out, q0);
    if mark == path_start {
        out.insert(mark, b'/');
    }
}

/// A parameter of the query at `q0`: start, end of name, end (offsets).
type Param = (usize, usize, usize);

/// By name, then a parameter without `=` before one with it, then by value.
fn param_order(q: &[u8], a: Param, b: Param) -> Ordering {
    let value = |p: Param| (p.1 < p.2).then(|| &q[p.1 + 1..p.2]);
    q[a.0..a.1].cmp(&q[b.0..b.1]).then_with(|| value(a).cmp(&value(b)))
}

/// Sorts the `&`-separated parameters of the query written from `q0` to the
/// end of `out`, in place (through the spare capacity of `out`).
fn sort_params(out: &mut Vec<u8>, q0: usize) {
    let q = &out[q0..];
    if !q.contains(&b'&') {
        return;
    }
    let mut small = [(0, 0, 0); 16];
    let mut many = Vec::new();
    let mut n = 0;
    // The web-archive canonicalizers sort empty parameters too (`a&&b`).
    for pair in QueryPairsBytes::new(q).keep_empty(true) {
        let start = (pair.text.as_ptr() as usize).wrapping_sub(q.as_ptr() as usize);
        let param = (start, start + pair.key.len(), start + pair.text.len());
        match small.get_mut(n) {
            Some(slot) => *slot = param,
            None => {
                if many.is_empty() {
                    many.extend_from_slice(&small);
                }
                many.push(param);
            }
        }
        n += 1;
    }
    let params: &mut [Param] = if many.is_empty() { &mut small[..n] } else { &mut many };
    if params.windows(2).all(|w| param_order(q, w[0], w[1]) != Ordering::Greater) {
        return;
    }
    params.sort_unstable_by(|&a, &b| param_order(q, a, b));
    let end = out.len();
    for (i, &(s, _, e)) in params.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_within(q0 + s..q0 + e);
    }
    // Same parameters, same number of `&`: the sorted copy has the same length.
    out.copy_within(end.., q0);
    out.truncate(end);
}

const IDNA_DOTS: [char; 4] = ['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'];

/// Python's `bytes.decode('utf-8', 'ignore').encode('idna')`, label by label
/// with UTS #46 for the non-ASCII ones. `None` where it raises.
fn idna_host(host: &[u8]) -> Option<Vec<u8>> {
    let mut text = String::with_capacity(host.len());
    for chunk in host.utf8_chunks() {
        text.push_str(chunk.valid());
    }
    if text.is_ascii() {
        // The codec's ASCII path checks label lengths and returns the text.
        let labels: Vec<&str> = text.split('.').collect();
        let (last, init) = labels.split_last()?;
        if init.iter().any(|l| l.is_empty() || l.len() > 63) || last.len() > 63 {
            return None;
        }
        return Some(text.into_bytes());
    }
    let mut labels: Vec<&str> = text.split(IDNA_DOTS).collect();
    let trailing = labels.len() > 1 && labels.last() == Some(&"");
    if trailing {
        labels.pop();
    }
    let mut out = Vec::with_capacity(host.len() + 8);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        let ascii: Cow<'_, str> = if label.is_ascii() {
            Cow::Borrowed(label)
        } else {
            Cow::Owned(crate::host_forms::idna2003_to_ascii(label)?)
        };
        if ascii.is_empty() || ascii.len() > 63 {
            return None;
        }
        out.extend_from_slice(ascii.as_bytes());
    }
    if trailing {
        out.push(b'.');
    }
    Some(out)
}

/// The host as an IPv4 address: all digits (a number modulo 2^32), or one
/// to four digit-only parts read as `inet_aton` does.
fn attempt_ip(host: &[u8]) -> Option<Ipv4Addr> {
    if !host.first()?.is_ascii_digit() {
        return None;
    }
    if host.iter().all(u8::is_ascii_digit) {
        let v = host.iter().fold(0u32, |v, &d| v.wrapping_mul(10).wrapping_add(u32::from(d - b'0')));
        return Some(v.into());
    }
    let shape_ok = host.iter().all(|&b| b.is_ascii_digit() || b == b'.')
        && host.split(|&b| b == b'.').count() <= 4
        && host.split(|&b| b == b'.').all(|p| !p.is_empty())
        && (host[0] != b'0' || host.iter().all(|&b| b == b'.' || (b'0'..=b'7').contains(&b)));
    if shape_ok {
        inet_aton_digits(host)
    } else {
        None
    }
}

fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

/// Whether some `=` in the query ends a name one of the session-id patterns
/// needs (`…sid=`, `…onid=` of `jsessionid=`, `cfid=`, `aspsessionid` + 8
/// letters + `=`); a fast filter before the patterns run.
fn has_session_marker(q: &[u8]) -> bool {
    let ends_ci = |end: usize, s: &[u8]| end >= s.len() && q[end - s.len()..end].eq_ignore_ascii_case(s);
    q.iter().enumerate().any(|(i, &b)| {
        b == b'='
            && (ends_ci(i, b"sid")
                || ends_ci(i, b"onid")
                || ends_ci(i, b"cfid")
                || (i >= 8 && ends_ci(i - 8, b"aspsessionid")))
    })
}

fn path_session_patterns() -> &'static [Regex; 2] {
    static P: OnceLock<[Regex; 2]> = OnceLock::new();
    P.get_or_init(|| {
        [
            Regex::new(r"(?i-u)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$"),
            Regex::new(r"(?i-u)^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$"),
        ]
        .map(|r| r.unwrap_or_else(|e| unreachable!("fixed pattern: {e}")))
    })
}

fn query_session_patterns() -> &'static [Regex; 5] {
    static P: OnceLock<[Regex; 5]> = OnceLock::new();
    P.get_or_init(|| {
        [
            Regex::new(r"(?i-u)^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$"),
        ]
        .map(|r| r.unwrap_or_else(|e| unreachable!("fixed pattern: {e}")))
    })
}

/// Applies each pattern in turn; a match keeps group 1 and group `tail`.
fn cut(patterns: &[Regex], mut s: Vec<u8>, tail: usize) -> Vec<u8> {
    for re in patterns {
        if let Some(c) = re.captures(&s) {
            let mut kept = c.get(1).map_or(&b""[..], |m| m.as_bytes()).to_vec();
            kept.extend_from_slice(c.get(tail).map_or(&b""[..], |m| m.as_bytes()));
            s = kept;
        }
    }
    s
}

/// `\d{1,3}` four times with dots, the whole host.
fn is_dotted_quad(h: &[u8]) -> bool {
    let mut n = 0;
    h.split(|&b| b == b'.').all(|p| {
        n += 1;
        (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit)
    }) && n == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(q: &str) -> String {
        let mut out = b"x?".to_vec();
        out.extend_from_slice(q.as_bytes());
        sort_params(&mut out, 2);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn params_sort_in_place() {
        assert_eq!(sorted("b=2&a=1"), "x?a=1&b=2");
        assert_eq!(sorted("a=2&b&a=1&a&a="), "x?a&a=&a=1&a=2&b");
        assert_eq!(sorted("a&"), "x?&a");
        // More parameters than the inline index holds.
        let many: Vec<String> = (0..40).rev().map(|i| format!("p{i:02}")).collect();
        let mut expected = many.clone();
        expected.sort();
        assert_eq!(sorted(&many.join("&")), format!("x?{}", expected.join("&")));
    }

    #[test]
    fn labels_reverse_in_place() {
        let mut h = b"a.bc..def".to_vec();
        reverse_labels(&mut h);
        assert_eq!(h, b"def,,bc,a");
    }

    #[test]
    fn normal_paths_are_recognized() {
        for p in ["/", "/a", "/a/", "/a/b.c", "/.a/..b/"] {
            assert!(is_normal_path(p.as_bytes()), "{p}");
            assert_eq!(normalize_path(p.as_bytes()), p.as_bytes(), "{p}");
        }
        for p in ["", "a", "//", "/a//b", "/./", "/a/..", "/a/."] {
            assert!(!is_normal_path(p.as_bytes()), "{p}");
        }
    }
}
