//! Reference resolution (RFC 3986 §5.2): the §5.2.2 transform, merge
//! (§5.2.3) and `remove_dot_segments` (§5.2.4).
//!
//! ```
//! use uriscan::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! let r = UriRef::parse("../g?y#s").unwrap();
//! assert_eq!(r.resolve_against(&base).unwrap(), "http://a/b/g?y#s");
//! ```

#[cfg(feature = "std")]
use crate::UriRef;
#[cfg(feature = "std")]
use std::{borrow::Cow, string::String};

/// How to treat a reference whose scheme equals the base's (RFC 3986 §5.2.2).
///
/// ```
/// use uriscan::{ResolveMode, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
/// let r = UriRef::parse("http:g").unwrap();
/// assert_eq!(r.resolve_against_with(&base, ResolveMode::Strict).unwrap(), "http:g");
/// assert_eq!(r.resolve_against_with(&base, ResolveMode::NonStrict).unwrap(), "http://a/b/c/g");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ResolveMode {
    /// A scheme in the reference always makes it absolute (the RFC's default).
    #[default]
    Strict,
    /// The backward-compatible reading of §5.2.2 and §5.4.2: a reference
    /// scheme equal (ignoring ASCII case) to the base's is ignored, so
    /// `http:g` is resolved like `g`.
    NonStrict,
}

/// Why a reference could not be resolved.
///
/// ```
/// use uriscan::{ResolveError, UriRef};
/// let base = UriRef::parse("//a/b").unwrap();
/// let e = UriRef::parse("g").unwrap().resolve_against(&base).unwrap_err();
/// assert_eq!(e, ResolveError::BaseWithoutScheme);
/// assert_eq!(e.to_string(), "base URI has no scheme (RFC 3986 §5.1 requires an absolute base)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is a relative reference; §5.1 requires a base URI with a scheme.
    BaseWithoutScheme,
}

impl core::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ResolveError::BaseWithoutScheme => {
                f.write_str("base URI has no scheme (RFC 3986 §5.1 requires an absolute base)")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ResolveError {}

/// Where §5.2.4 writes its output buffer: a `String`, or the lazily
/// allocated buffer of normalization.
#[cfg(feature = "std")]
pub(crate) trait PathSink {
    /// Appends `s`.
    fn push_str(&mut self, s: &str);
    /// Appends an ASCII byte.
    fn push_byte(&mut self, b: u8);
    /// The output length so far.
    fn out_len(&self) -> usize;
    /// Truncates to the last `/` at or after `start`, or to `start` (rule C).
    fn pop_segment(&mut self, start: usize);
}

#[cfg(feature = "std")]
impl PathSink for String {
    #[inline]
    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }
    #[inline]
    fn push_byte(&mut self, b: u8) {
        self.push(char::from(b));
    }
    #[inline]
    fn out_len(&self) -> usize {
        self.len()
    }
    #[inline]
    fn pop_segment(&mut self, start: usize) {
        let keep = match self.get(start..).and_then(|p| p.rfind('/')) {
            Some(i) => start + i,
            None => start,
        };
        self.truncate(keep);
    }
}

/// The state of §5.2.4's loop, fed one segment of the input buffer at a time.
///
/// The input buffer `s0 "/" s1 "/" ... "/" sn` is consumed segment by
/// segment: while the input does not start with `/`, rules A and D drop `.`
/// and `..` and rule E moves the first other segment (without a `/`); after
/// that every step consumes `"/" si`: `.` is dropped (rule B), `..` drops the
/// last output segment (rule C), anything else is moved (rule E); a final `.`
/// or `..` leaves `/` in the input, which rule E then moves. Each output byte
/// is written once and removed at most once, so the whole is linear.
#[cfg(feature = "std")]
pub(crate) struct DotRemover {
    /// Where the path starts in the output; pops never go below it.
    start: usize,
    /// Still before the first `/` of the input buffer (rules A, D apply).
    leading: bool,
}

/// `0` for an ordinary segment, `1` for `.`, `2` for `..`.
#[inline]
pub(crate) fn dot_kind(seg: &str) -> u8 {
    match seg.as_bytes() {
        b"." => 1,
        b".." => 2,
        _ => 0,
    }
}

#[cfg(feature = "std")]
impl DotRemover {
    pub(crate) fn new<O: PathSink>(out: &O) -> DotRemover {
        DotRemover { start: out.out_len(), leading: true }
    }

    /// Feeds segment `seg` (of kind `kind`, see [`dot_kind`]); `last` when no
    /// `/` follows it in the input buffer. `write` appends the segment's text.
    #[inline]
    pub(crate) fn feed<O: PathSink>(
        &mut self,
        out: &mut O,
        seg: &str,
        kind: u8,
        last: bool,
        write: impl FnOnce(&mut O, &str),
    ) {
        if self.leading {
            if kind != 0 {
                return; // rule A ("./", "../") or D ("." or ".." alone)
            }
            self.leading = false;
            if !seg.is_empty() {
                write(out, seg); // rule E, first segment, no "/"
            }
            // An empty segment here means the input now starts with "/".
            return;
        }
        match kind {
            0 => {
                out.push_byte(b'/');
                write(out, seg);
            }
            k => {
                if k == 2 {
                    out.pop_segment(self.start);
                }
                if last {
                    out.push_byte(b'/');
                }
            }
        }
    }

    /// Feeds every segment of `path`; `more` when segments follow it.
    #[inline]
    fn feed_path(&mut self, out: &mut String, path: &str, more: bool) {
        let mut rest = path;
        loop {
            match rest.find('/') {
                Some(i) => {
                    let (seg, tail) = (rest.get(..i).unwrap_or(""), rest.get(i + 1..).unwrap_or(""));
                    self.feed(out, seg, dot_kind(seg), false, |o, s| o.push_str(s));
                    rest = tail;
                }
                None => {
                    self.feed(out, rest, dot_kind(rest), !more, |o, s| o.push_str(s));
                    return;
                }
            }
        }
    }
}

/// Appends `remove_dot_segments(path)` (RFC 3986 §5.2.4) to `out`, in time
/// linear in `path`. Dot segments never remove anything `out` held before.
/// Never panics.
///
/// ```
/// let mut out = String::from("http://a");
/// uriscan::remove_dot_segments_into("/a/b/c/./../../g", &mut out);
/// assert_eq!(out, "http://a/a/g");
/// ```
#[cfg(feature = "std")]
pub fn remove_dot_segments_into(path: &str, out: &mut String) {
    let mut d = DotRemover::new(out);
    d.feed_path(out, path, false);
}

/// Whether `path` has a `.` or `..` segment (so §5.2.4 would change it).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    let mut i = 0;
    while let Some(off) = b.get(i..).and_then(|r| r.iter().position(|&c| c == b'.')) {
        let at = i + off;
        // A dot segment starts at 0 or after '/', and is "." or ".." up to '/' or the end.
        if at == 0 || b.get(at - 1) == Some(&b'/') {
            let mut j = at + 1;
            if b.get(j) == Some(&b'.') {
                j += 1;
            }
            if matches!(b.get(j), None | Some(&b'/')) {
                return true;
            }
        }
        i = at + 1;
    }
    false
}

/// `remove_dot_segments` (RFC 3986 §5.2.4): interprets and removes the `.`
/// and `..` segments of `path`, in linear time. Borrows when `path` has none.
/// Never panics.
///
/// ```
/// use uriscan::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("../a/./"), "a/");
/// assert!(matches!(remove_dot_segments("/a/b.c/..d"), std::borrow::Cow::Borrowed(_)));
/// ```
#[cfg(feature = "std")]
#[must_use]
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if !has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    Cow::Owned(out)
}

/// Appends `p` with §5.2.4 applied, and, when there is no authority, keeps a
/// path that would start with `//` from being read as one by prefixing `/.`.
#[cfg(feature = "std")]
#[inline]
fn push_path(out: &mut String, dir: Option<&str>, path: &str, has_authority: bool) {
    let start = out.len();
    let mut d = DotRemover::new(out);
    if let Some(dir) = dir {
        d.feed_path(out, dir, true);
    }
    d.feed_path(out, path, false);
    if !has_authority && out.get(start..).is_some_and(|p| p.starts_with("//")) {
        out.insert_str(start, "/.");
    }
}

#[cfg(feature = "std")]
impl UriRef<'_> {
    /// Resolves this reference against `base` (RFC 3986 §5.2, strict mode).
    ///
    /// The base's fragment is ignored. The result is a URI; when
    /// `remove_dot_segments` leaves a path starting with `//` and there is no
    /// authority (`s:a/..//b`), `/.` is put before it (`s:/.//b`) so that
    /// the path is not read back as an authority.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme. Never panics.
    ///
    /// ```
    /// use uriscan::UriRef;
    /// let base = UriRef::parse("http://a/b/c/d;p?q#frag").unwrap();
    /// assert_eq!(UriRef::parse("").unwrap().resolve_against(&base).unwrap(), "http://a/b/c/d;p?q");
    /// assert_eq!(UriRef::parse("//g").unwrap().resolve_against(&base).unwrap(), "http://g");
    /// ```
    pub fn resolve_against(&self, base: &UriRef<'_>) -> Result<String, ResolveError> {
        self.resolve_against_with(base, ResolveMode::Strict)
    }

    /// Resolves this reference against `base` in the given mode (§5.2.2).
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme. Never panics.
    ///
    /// ```
    /// use uriscan::{ResolveMode, UriRef};
    /// let base = UriRef::parse("HTTP://a/b").unwrap();
    /// let r = UriRef::parse("http:c").unwrap();
    /// assert_eq!(r.resolve_against_with(&base, ResolveMode::NonStrict).unwrap(), "HTTP://a/c");
    /// ```
    pub fn resolve_against_with(&self, base: &UriRef<'_>, mode: ResolveMode) -> Result<String, ResolveError> {
        let mut out = String::new();
        self.resolve_into(base, mode, &mut out)?;
        Ok(out)
    }

    /// Resolves into `out`, which is cleared first, so that one buffer can
    /// serve many resolutions. The output is written directly into `out`.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme (`out` is
    /// then left empty). Never panics.
    ///
    /// ```
    /// use uriscan::{ResolveMode, UriRef};
    /// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// for (r, want) in [("g;x?y#s", "http://a/b/c/g;x?y#s"), ("../../g", "http://a/g")] {
    ///     UriRef::parse(r).unwrap().resolve_into(&base, ResolveMode::Strict, &mut buf).unwrap();
    ///     assert_eq!(buf, want);
    /// }
    /// ```
    pub fn resolve_into(&self, base: &UriRef<'_>, mode: ResolveMode, out: &mut String) -> Result<(), ResolveError> {
        out.clear();
        let b_scheme = base.scheme().ok_or(ResolveError::BaseWithoutScheme)?;
        out.reserve(base.as_str().len() + self.as_str().len());
        let mut r_scheme = self.scheme();
        if mode == ResolveMode::NonStrict && r_scheme.is_some_and(|s| s.eq_ignore_ascii_case(b_scheme)) {
            r_scheme = None;
        }
        let r_path = self.path();
        let query;
        if let Some(s) = r_scheme {
            out.push_str(s);
            out.push(':');
            let auth = self.authority();
            if let Some(a) = auth {
                out.push_str("//");
                out.push_str(a);
            }
            push_path(out, None, r_path, auth.is_some());
            query = self.query();
        } else {
            out.push_str(b_scheme);
            out.push(':');
            if let Some(a) = self.authority() {
                out.push_str("//");
                out.push_str(a);
                push_path(out, None, r_path, true);
                query = self.query();
            } else {
                let b_auth = base.authority();
                if let Some(a) = b_auth {
                    out.push_str("//");
                    out.push_str(a);
                }
                if r_path.is_empty() {
                    out.push_str(base.path());
                    query = self.query().or(base.query());
                } else {
                    if r_path.starts_with('/') {
                        push_path(out, None, r_path, b_auth.is_some());
                    } else {
                        // §5.2.3 merge: the base path up to its last "/", or
                        // "/" for a base with an authority and an empty path.
                        let b_path = base.path();
                        let dir = if b_auth.is_some() && b_path.is_empty() {
                            Some("")
                        } else {
                            b_path.rfind('/').and_then(|i| b_path.get(..i))
                        };
                        push_path(out, dir, r_path, b_auth.is_some());
                    }
                    query = self.query();
                }
            }
        }
        if let Some(q) = query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment() {
            out.push('#');
            out.push_str(f);
        }
        Ok(())
    }
}
