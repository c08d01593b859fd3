//! Normalization and comparison (RFC 3986 §6.1, §6.2.2, §6.2.3).
//!
//! Syntax-based normalization (§6.2.2): the scheme and the host to lower
//! case; the hex digits of every percent-encoding to upper case; triplets of
//! unreserved octets decoded (`%7E` → `~`, `%41` → `A`, or `a` in a host);
//! `remove_dot_segments` on the path. Scheme-based normalization (§6.2.3,
//! from the [scheme table](crate::scheme)) also drops an empty port or the
//! scheme's default port, and gives an empty path with an authority the path
//! `/` when the table says so (http, https, ws, wss, ...).
//!
//! Two choices where the RFC leaves room:
//! - Dot segments are not removed from a relative-path reference (no scheme,
//!   no authority, a path not starting with `/`): there `..` is meaningful
//!   (`../a` is not `a`).
//! - When the normalized path of a reference without authority would start
//!   with `//`, it is written `/.//...`, so that it is not read back as an
//!   authority (the same rule as [resolution](crate::UriRef::resolve_into)).
//!
//! ```
//! use uriscan::{NormalizeOptions, UriRef};
//! let u = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap();
//! assert_eq!(u.normalize_str(), "example://a/b/c/%7Bfoo%7D");
//! let h = UriRef::parse("HTTP://Example.COM:80").unwrap();
//! assert_eq!(h.normalize_str_with(NormalizeOptions::SCHEME_BASED), "http://example.com/");
//! ```

#[cfg(feature = "alloc")]
use crate::byteset::ByteSet;
use crate::dot_segments::Dot;
use crate::host::Port;
use crate::percent::triplet_at;
use crate::sets::UNRESERVED;
use crate::uri_ref::UriRef;

#[cfg(feature = "alloc")]
use crate::dot_segments::{DotRemover, PathSink};
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String};

/// Which normalizations to apply.
///
/// ```
/// use uriscan::NormalizeOptions;
/// assert_eq!(NormalizeOptions::default(), NormalizeOptions { scheme_based: false });
/// assert!(NormalizeOptions::SCHEME_BASED.scheme_based);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NormalizeOptions {
    /// Also apply scheme-based normalization (§6.2.3): drop an empty or
    /// default port, and make an empty path `/` where the scheme table says so.
    pub scheme_based: bool,
}

impl NormalizeOptions {
    /// Syntax-based normalization only (§6.2.2).
    pub const SYNTAX: NormalizeOptions = NormalizeOptions { scheme_based: false };
    /// Syntax-based and scheme-based normalization (§6.2.2, §6.2.3).
    pub const SCHEME_BASED: NormalizeOptions = NormalizeOptions { scheme_based: true };
}

/// The components to normalize, after the scheme-based decisions.
#[derive(Clone, Copy)]
struct Plan<'a> {
    scheme: Option<&'a str>,
    /// `(userinfo, host, port)` when there is an authority.
    authority: Option<(Option<&'a str>, &'a str, Option<&'a str>)>,
    path: &'a str,
    remove_dots: bool,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Whether `path` may hold a dot segment (`.`, `..`, or one spelled with
/// `%2E`): every such segment starts the path or follows a `/`, with `.` or
/// `%`. When this is false, removing dot segments changes nothing.
#[cfg(feature = "alloc")]
fn may_have_dot_segment(path: &str) -> bool {
    crate::simd::skipping_fn! {
        fn dots_in<'p>(b: &'p [u8]) -> bool = |s| crate::dot_segments::dot_segment_in(b, 0, b.len(), s, NOT_DOT_OR_PCT.set())
    }
    dots_in(path.as_bytes())
}

/// Whether syntax-based normalization leaves the reference as it is, by
/// a quick test that may answer "no" for some normal references (the
/// full algorithm then decides): no `%` anywhere, no upper-case letter in
/// the scheme or host, and no path segment that may be a dot segment
/// (which is only removed when [`plan`] says so; a relative-path
/// reference keeps them, but the test does not look).
///
/// One pass with the skipper: no `%` or upper-case letter up to the end
/// of the host (so an upper-case userinfo, which stays, sends the
/// reference to the full algorithm), no `%` after it, and no dot segment
/// in the path.
#[cfg(feature = "alloc")]
#[inline]
fn is_syntax_normal(u: &UriRef<'_>) -> bool {
    crate::simd::skipping_fn! {
        fn normal<'u, 'a>(u: &'u UriRef<'a>) -> bool = |s| {
            let b = u.as_str().as_bytes();
            let lower_end = u
                .offsets(crate::scan::CAP_HOST)
                .or_else(|| u.offsets(crate::scan::CAP_SCHEME))
                .map_or(0, |(_, e)| e);
            let k = s.skip(b, 0, NOT_PCT_OR_UPPER.set());
            if k < lower_end || s.skip(b, k, NOT_PCT.set()) != b.len() {
                return false;
            }
            let (ps, pe) = u.offsets(crate::scan::CAP_PATH).unwrap_or((0, 0));
            !crate::dot_segments::dot_segment_in(b, ps, pe, s, NOT_DOT_OR_PCT.set())
        }
    }
    normal(u)
}

/// Bytes that can start no dot segment (all but `.` and `%`).
#[cfg(feature = "alloc")]
static NOT_DOT_OR_PCT: crate::simd::ConstSet = crate::simd::ConstSet::new(ByteSet::of(b".%").complement());
/// Bytes normalization leaves alone outside the scheme and host (all but `%`).
#[cfg(feature = "alloc")]
static NOT_PCT: crate::simd::ConstSet = crate::simd::ConstSet::new(ByteSet::of(b"%").complement());
/// Bytes normalization leaves alone in the scheme and host (all but `%` and
/// upper-case letters).
#[cfg(feature = "alloc")]
static NOT_PCT_OR_UPPER: crate::simd::ConstSet =
    crate::simd::ConstSet::new(ByteSet::of(b"%ABCDEFGHIJKLMNOPQRSTUVWXYZ").complement());

fn plan<'a>(u: &UriRef<'a>, opts: NormalizeOptions) -> Plan<'a> {
    let scheme = u.scheme();
    let info = if opts.scheme_based { scheme.and_then(crate::scheme::lookup) } else { None };
    let has_auth = u.authority().is_some();
    let mut port = u.port();
    if opts.scheme_based {
        let drop = match u.port_value() {
            Some(Port::Empty) => true,
            Some(Port::Number(n)) => info.is_some_and(|i| i.default_port == n),
            _ => false,
        };
        if drop {
            port = None;
        }
    }
    let mut path = u.path();
    if has_auth && path.is_empty() && info.is_some_and(|i| i.empty_path_is_root) {
        path = "/";
    }
    Plan {
        scheme,
        authority: if has_auth { Some((u.userinfo(), u.host().unwrap_or(""), port)) } else { None },
        path,
        remove_dots: scheme.is_some() || has_auth || path.starts_with('/'),
        query: u.query(),
        fragment: u.fragment(),
    }
}

/// The normalized octets of one component: unreserved triplets decoded,
/// other triplets' hex digits upper-cased, and (`lower`) ASCII letters
/// outside triplets lower-cased. A `%` that starts no triplet stays.
#[derive(Clone)]
struct NormBytes<'a> {
    b: &'a [u8],
    i: usize,
    lower: bool,
    pend: [u8; 2],
    npend: u8,
}

impl<'a> NormBytes<'a> {
    #[inline]
    fn new(s: &'a str, lower: bool) -> NormBytes<'a> {
        NormBytes { b: s.as_bytes(), i: 0, lower, pend: [0; 2], npend: 0 }
    }
}

impl Iterator for NormBytes<'_> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.npend > 0 {
            let k = 2 - usize::from(self.npend);
            self.npend -= 1;
            return self.pend.get(k).copied();
        }
        let c = *self.b.get(self.i)?;
        if c == b'%' {
            if let Some(v) = triplet_at(self.b, self.i) {
                if UNRESERVED.contains(v) {
                    self.i += 3;
                    return Some(if self.lower { v.to_ascii_lowercase() } else { v });
                }
                let h = self.b.get(self.i + 1).copied().unwrap_or(b'0');
                let l = self.b.get(self.i + 2).copied().unwrap_or(b'0');
                self.pend = [h.to_ascii_uppercase(), l.to_ascii_uppercase()];
                self.npend = 2;
                self.i += 3;
                return Some(b'%');
            }
        }
        self.i += 1;
        Some(if self.lower { c.to_ascii_lowercase() } else { c })
    }
}

/// [`Dot::of`] a segment after percent-encoding normalization (`%2E` is `.`).
#[inline]
fn norm_dot_kind(seg: &str) -> Dot {
    match seg.as_bytes().first() {
        Some(b'.') if seg.len() <= 2 => Dot::of(seg),
        Some(b'.' | b'%') => {
            let mut it = NormBytes::new(seg, false);
            match (it.next(), it.next(), it.next()) {
                (Some(b'.'), None, _) => Dot::Current,
                (Some(b'.'), Some(b'.'), None) => Dot::Parent,
                _ => Dot::Not,
            }
        }
        _ => Dot::Not,
    }
}

/// The segments of the normalized path (before the `/.` guard), last first,
/// each to be read through [`NormBytes`]; computed without allocating by
/// walking `remove_dot_segments` backwards (a `..` cancels the nearest
/// surviving segment to its left, as the stack of §5.2.4 does).
struct RevSegs<'a> {
    rest: Option<core::str::RSplit<'a, char>>,
    /// The segment where §5.2.4's leading rules stop (moved without `/`).
    first: Option<&'a str>,
    trailing: bool,
    pending: usize,
    dots: bool,
}

impl<'a> RevSegs<'a> {
    fn new(path: &'a str, dots: bool) -> RevSegs<'a> {
        if !dots {
            return RevSegs { rest: Some(path.rsplit('/')), first: None, trailing: false, pending: 0, dots };
        }
        let mut rest = path;
        loop {
            let (seg, tail) = match rest.find('/') {
                Some(i) => (rest.get(..i).unwrap_or(""), rest.get(i + 1..)),
                None => (rest, None),
            };
            if norm_dot_kind(seg) != Dot::Not {
                if let Some(t) = tail {
                    rest = t; // rule A
                    continue;
                }
                // Only leading dot segments: the output is empty.
                return RevSegs { rest: None, first: Some(""), trailing: false, pending: 0, dots };
            }
            let trailing = tail.is_some_and(|t| norm_dot_kind(t.rsplit('/').next().unwrap_or("")) != Dot::Not);
            return RevSegs { rest: tail.map(|t| t.rsplit('/')), first: Some(seg), trailing, pending: 0, dots };
        }
    }
}

impl<'a> Iterator for RevSegs<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        if !self.dots {
            return self.rest.as_mut()?.next();
        }
        if self.trailing {
            self.trailing = false;
            return Some("");
        }
        if let Some(it) = self.rest.as_mut() {
            for seg in it.by_ref() {
                match norm_dot_kind(seg) {
                    Dot::Parent => self.pending += 1,
                    Dot::Current => {}
                    _ if self.pending > 0 => self.pending -= 1,
                    _ => return Some(seg),
                }
            }
            self.rest = None;
        }
        let f = self.first.take()?;
        Some(if self.pending == 0 { f } else { "" })
    }
}

#[inline]
fn opt_eq(a: Option<&str>, b: Option<&str>, lower: bool) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => NormBytes::new(x, lower).eq(NormBytes::new(y, lower)),
        _ => false,
    }
}

/// Feeds a hasher in chunks whose boundaries depend only on the normalized
/// octets, so equal normalized forms hash equally with any `Hasher`.
struct ChunkHasher<'h, H: core::hash::Hasher> {
    h: &'h mut H,
    buf: [u8; 64],
    n: usize,
}

impl<H: core::hash::Hasher> ChunkHasher<'_, H> {
    #[inline]
    fn byte(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.n) {
            *slot = b;
            self.n += 1;
        }
        if self.n == self.buf.len() {
            self.h.write(&self.buf);
            self.n = 0;
        }
    }
    #[inline]
    fn bytes(&mut self, it: impl Iterator<Item = u8>) {
        for b in it {
            self.byte(b);
        }
    }
    /// Ends a part with a tag (`0xFF` for absent parts).
    #[inline]
    fn end(&mut self, tag: u8) {
        self.h.write(self.buf.get(..self.n).unwrap_or(&[]));
        self.n = 0;
        self.h.write_u8(tag);
    }
    fn opt(&mut self, s: Option<&str>, lower: bool, tag: u8) {
        match s {
            Some(s) => {
                self.bytes(NormBytes::new(s, lower));
                self.end(tag);
            }
            None => self.end(0xFF),
        }
    }
}

/// Whether `u` and `other` have the same normalized form, compared
/// component by component without building either string
/// ([`UriRef::normalized_eq_with`]).
pub(crate) fn normalized_eq(u: &UriRef<'_>, other: &UriRef<'_>, opts: NormalizeOptions) -> bool {
    let (a, b) = (plan(u, opts), plan(other, opts));
    let scheme_eq = match (a.scheme, b.scheme) {
        (None, None) => true,
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(y),
        _ => false,
    };
    if !scheme_eq || a.remove_dots != b.remove_dots {
        return false;
    }
    let auth_eq = match (a.authority, b.authority) {
        (None, None) => true,
        (Some((ua, ha, pa)), Some((ub, hb, pb))) => {
            pa == pb && opt_eq(ua, ub, false) && opt_eq(Some(ha), Some(hb), true)
        }
        _ => false,
    };
    if !auth_eq || !opt_eq(a.query, b.query, false) || !opt_eq(a.fragment, b.fragment, false) {
        return false;
    }
    let (mut sa, mut sb) = (RevSegs::new(a.path, a.remove_dots), RevSegs::new(b.path, b.remove_dots));
    loop {
        match (sa.next(), sb.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) => {
                if !NormBytes::new(x, false).eq(NormBytes::new(y, false)) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// Feeds `state` a hash of the normalized form of `u`, without building it
/// ([`UriRef::normalized_hash_with`]).
pub(crate) fn normalized_hash<H: core::hash::Hasher>(u: &UriRef<'_>, state: &mut H, opts: NormalizeOptions) {
    let p = plan(u, opts);
    let mut c = ChunkHasher { h: state, buf: [0; 64], n: 0 };
    match p.scheme {
        Some(s) => {
            c.bytes(s.bytes().map(|b| b.to_ascii_lowercase()));
            c.end(1);
        }
        None => c.end(0xFF),
    }
    match p.authority {
        Some((u, h, port)) => {
            c.opt(u, false, 2);
            c.opt(Some(h), true, 3);
            c.opt(port, false, 4);
        }
        None => c.end(0xFF),
    }
    c.end(u8::from(p.remove_dots));
    for seg in RevSegs::new(p.path, p.remove_dots) {
        c.bytes(NormBytes::new(seg, false));
        c.end(5);
    }
    c.end(6);
    c.opt(p.query, false, 7);
    c.opt(p.fragment, false, 8);
}

/// The output of normalization: borrows the input while the output equals a
/// prefix of it, and allocates at the first difference.
#[cfg(feature = "alloc")]
struct CowBuf<'a> {
    src: &'a str,
    pos: usize,
    buf: Option<String>,
}

#[cfg(feature = "alloc")]
impl<'a> CowBuf<'a> {
    fn materialize(&mut self) -> &mut String {
        let (src, pos) = (self.src, self.pos);
        self.buf.get_or_insert_with(|| {
            let mut b = String::with_capacity(src.len() + 8);
            b.push_str(src.get(..pos).unwrap_or(""));
            b
        })
    }

    fn finish(self) -> Cow<'a, str> {
        match self.buf {
            None => Cow::Borrowed(self.src.get(..self.pos).unwrap_or("")),
            Some(b) if b == self.src => Cow::Borrowed(self.src),
            Some(b) => Cow::Owned(b),
        }
    }

    fn insert_str(&mut self, at: usize, s: &str) {
        let b = self.materialize();
        if b.is_char_boundary(at) {
            b.insert_str(at, s);
        }
    }

    fn starts_with_at(&self, at: usize, pat: &str) -> bool {
        match &self.buf {
            Some(b) => b.get(at..).is_some_and(|t| t.starts_with(pat)),
            None => self.src.get(at..self.pos).is_some_and(|t| t.starts_with(pat)),
        }
    }

    /// Appends the normalized octets of `s`, copying unchanged runs whole.
    fn push_norm(&mut self, s: &str, lower: bool) {
        let b = s.as_bytes();
        let mut run = 0;
        let mut i = 0;
        loop {
            // Skip the bytes normalization leaves alone: everything but `%`
            // (and upper-case letters when lowering). A byte that needs work
            // right here (`%7E%7E...`) is taken without a call to the skipper.
            let set = if lower { NOT_PCT_OR_UPPER.set() } else { NOT_PCT.set() };
            if b.get(i).is_some_and(|&c| set.contains(c)) {
                i = crate::simd::skip(b, i, set);
            }
            let Some(&c) = b.get(i) else { break };
            if c == b'%' {
                if let Some(v) = triplet_at(b, i) {
                    let (h, l) = (b.get(i + 1).copied().unwrap_or(b'0'), b.get(i + 2).copied().unwrap_or(b'0'));
                    if UNRESERVED.contains(v) {
                        self.push_str(s.get(run..i).unwrap_or(""));
                        self.push_byte(if lower { v.to_ascii_lowercase() } else { v });
                    } else if h.is_ascii_lowercase() || l.is_ascii_lowercase() {
                        self.push_str(s.get(run..i).unwrap_or(""));
                        self.push_byte(b'%');
                        self.push_byte(h.to_ascii_uppercase());
                        self.push_byte(l.to_ascii_uppercase());
                    } else {
                        i += 3;
                        continue;
                    }
                    i += 3;
                    run = i;
                    continue;
                }
            }
            if lower && c.is_ascii_uppercase() {
                self.push_str(s.get(run..i).unwrap_or(""));
                self.push_byte(c.to_ascii_lowercase());
                run = i + 1;
            }
            i += 1;
        }
        self.push_str(s.get(run..).unwrap_or(""));
    }
}

#[cfg(feature = "alloc")]
impl PathSink for CowBuf<'_> {
    #[inline]
    fn push_str(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        if let Some(b) = self.buf.as_mut() {
            b.push_str(s);
        } else if self.pos + s.len() <= self.src.len()
            && (s.as_ptr() as usize == self.src.as_ptr() as usize + self.pos
                || self.src.as_bytes().get(self.pos..self.pos + s.len()) == Some(s.as_bytes()))
        {
            // The same bytes at the same place (a slice of the input where the
            // output still copies it, the common case), or equal bytes.
            self.pos += s.len();
        } else {
            self.materialize().push_str(s);
        }
    }
    #[inline]
    fn push_byte(&mut self, c: u8) {
        if let Some(b) = self.buf.as_mut() {
            b.push(char::from(c));
        } else if self.src.as_bytes().get(self.pos) == Some(&c) {
            self.pos += 1;
        } else {
            self.materialize().push(char::from(c));
        }
    }
    #[inline]
    fn out_len(&self) -> usize {
        match &self.buf {
            Some(b) => b.len(),
            None => self.pos,
        }
    }
    fn pop_segment(&mut self, start: usize) {
        let out = match &self.buf {
            Some(b) => b.as_str(),
            None => self.src.get(..self.pos).unwrap_or(""),
        };
        let keep = match out.get(start..).and_then(|p| p.rfind('/')) {
            Some(i) => start + i,
            None => start,
        };
        match self.buf.as_mut() {
            Some(b) => b.truncate(keep),
            // The output is still a prefix of the input: shorten it.
            None => self.pos = self.pos.min(keep),
        }
    }
}

/// The normal form of `u` (syntax-based, and scheme-based with
/// `opts.scheme_based`), borrowed when it is `u` or a prefix of it
/// ([`UriRef::normalize_str_with`]).
#[cfg(feature = "alloc")]
pub(crate) fn normalize_str<'a>(u: &UriRef<'a>, opts: NormalizeOptions) -> Cow<'a, str> {
    if !opts.scheme_based && is_syntax_normal(u) {
        return Cow::Borrowed(u.as_str());
    }
    normalize_full(u, opts)
}

/// [`normalize_str`] without the quick test.
#[cfg(feature = "alloc")]
fn normalize_full<'a>(u: &UriRef<'a>, opts: NormalizeOptions) -> Cow<'a, str> {
    let p = plan(u, opts);
    let mut o = CowBuf { src: u.as_str(), pos: 0, buf: None };
    if let Some(s) = p.scheme {
        o.push_norm(s, true);
        o.push_byte(b':');
    }
    if let Some((u, h, port)) = p.authority {
        o.push_str("//");
        if let Some(u) = u {
            o.push_norm(u, false);
            o.push_byte(b'@');
        }
        o.push_norm(h, true);
        if let Some(port) = port {
            o.push_byte(b':');
            o.push_str(port);
        }
    }
    if p.remove_dots && may_have_dot_segment(p.path) {
        let start = o.out_len();
        let mut d = DotRemover::new(&o);
        let mut rest = p.path;
        loop {
            let (seg, tail) = match rest.find('/') {
                Some(i) => (rest.get(..i).unwrap_or(""), rest.get(i + 1..)),
                None => (rest, None),
            };
            d.feed(&mut o, seg, norm_dot_kind(seg), tail.is_none(), |o, s| o.push_norm(s, false));
            match tail {
                Some(t) => rest = t,
                None => break,
            }
        }
        if p.authority.is_none() && o.starts_with_at(start, "//") {
            o.insert_str(start, "/.");
        }
    } else {
        o.push_norm(p.path, false);
    }
    if let Some(q) = p.query {
        o.push_byte(b'?');
        o.push_norm(q, false);
    }
    if let Some(f) = p.fragment {
        o.push_byte(b'#');
        o.push_norm(f, false);
    }
    o.finish()
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The quick test says "normal" only where the full algorithm returns
    /// the input unchanged: every valid reference of the RFC data file, and
    /// variations of each with upper-case letters, `%`, dots and slashes.
    #[test]
    fn quick_test_agrees_with_the_full_algorithm() {
        let data = include_str!("../tests/data/rfc3986_valid.txt");
        let mut inputs: Vec<String> = Vec::new();
        for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let s = line.split('\t').next().unwrap_or("");
            inputs.push(s.to_string());
            for (from, to) in
                [("a", "A"), ("/", "/./"), ("/", "/../"), ("/", "/.a/"), ("e", "%65"), ("e", "%7E"), ("/", "/%2E/")]
            {
                inputs.push(s.replacen(from, to, 1));
                inputs.push(s.replace(from, to));
            }
            inputs.push(format!("{s}/."));
            inputs.push(format!(".{s}"));
        }
        let mut quick = 0;
        for s in &inputs {
            let Ok(u) = UriRef::parse(s) else { continue };
            if is_syntax_normal(&u) {
                quick += 1;
                assert_eq!(normalize_full(&u, NormalizeOptions::SYNTAX), s.as_str(), "{s}");
            }
            assert_eq!(u.normalize_str(), normalize_full(&u, NormalizeOptions::SYNTAX), "{s}");
        }
        assert!(quick > 100, "the quick test accepted only {quick} inputs");
    }
}
