//! Reference resolution (RFC 3986 §5.2): the §5.2.2 transform, merge
//! (§5.2.3) and `remove_dot_segments` (§5.2.4).
//!
//! ```
//! use uriscan::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! let r = UriRef::parse("../g?y#s").unwrap();
//! assert_eq!(r.resolve_str(&base).unwrap(), "http://a/b/g?y#s");
//! ```

#[cfg(feature = "alloc")]
use crate::dot_segments::{dot_segment_in, DotRemover, NOT_DOT};
#[cfg(feature = "alloc")]
use crate::uri_ref::UriRef;
#[cfg(feature = "alloc")]
use alloc::string::String;

/// The resolution algorithm: RFC 3986 §5.2 (strict, or with §5.2.2's
/// backward-compatible treatment of a reference whose scheme equals the
/// base's), or the algorithms of the RFCs it obsoletes.
///
/// ```
/// use uriscan::{ResolveMode, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
/// let r = UriRef::parse("http:g").unwrap();
/// assert_eq!(r.resolve_str_with(&base, ResolveMode::Strict).unwrap(), "http:g");
/// assert_eq!(r.resolve_str_with(&base, ResolveMode::NonStrict).unwrap(), "http://a/b/c/g");
/// let r = UriRef::parse("../../../g").unwrap();
/// assert_eq!(r.resolve_str_with(&base, ResolveMode::Strict).unwrap(), "http://a/g");
/// assert_eq!(r.resolve_str_with(&base, ResolveMode::Rfc2396).unwrap(), "http://a/../g");
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
    /// RFC 2396 §5.2, step by step, with the choices its Appendix C shows:
    ///
    /// - an empty reference, or one with only a fragment, is the current
    ///   document (step 2): the base without its fragment, then the
    ///   reference's fragment;
    /// - a reference with a scheme is absolute and taken as it is (step 3;
    ///   `http:g` stays `http:g`, as for validating parsers in C.2), and a
    ///   network-path or absolute-path reference keeps its path as written
    ///   (steps 4, 5: `/./g` gives `http://a/./g`): dot segments are only
    ///   interpreted in a merged relative path;
    /// - a relative path is merged (step 6) with the base path up to its
    ///   last `/`, even when the reference's path is empty (`?y` gives
    ///   `http://a/b/c/?y`, where RFC 3986 keeps `d;p`), then `./` and a
    ///   final `.` are removed (6c, 6d), `segment/../` pairs leftmost first
    ///   (6e) and a final `segment/..` (6f), where a segment is a complete
    ///   path segment other than `..` (an empty one, between two `/`,
    ///   counts; the root's `/` does not start one);
    /// - `..` segments left at the start are retained (6g, the first
    ///   choice the RFC allows; C.2: `../../../g` gives `http://a/../g`).
    ///
    /// RFC 2396 has no rule for a base with an authority and an empty path
    /// (RFC 3986 §5.2.3 added one): as written, `g` against `http://a`
    /// gives `http://ag`, and so it does here.
    Rfc2396,
    /// RFC 1630's rules for partial forms ("Partial (relative) form"),
    /// as written there, on the reference's text:
    ///
    /// - a reference with a scheme (a colon before any `/`) is absolute and
    ///   taken as it is;
    /// - otherwise the scheme is the base's; a reference that starts with
    ///   `n` slashes keeps the base (without query and fragment) up to, not
    ///   including, the first run of exactly `n` slashes after the scheme
    ///   (all of it when there is none), and is appended there, unchanged
    ///   (`/g` against `magic://a/b/c//d/e/f` gives `magic://a/g`, `//g`
    ///   gives `magic://g`);
    /// - any other reference (including an empty one, or one that is only a
    ///   query or a fragment: RFC 1630 has no same-document rule) replaces
    ///   everything after the last `/` of the base's path; then, in the path
    ///   only, every `/.` where `.` is a complete element is removed, then
    ///   every `xxx/../` (leftmost first, until none is left) where `xxx` is
    ///   a complete, non-empty element other than `..`. A final `xxx/..`
    ///   stays, as the RFC names only `xxx/../`.
    ///
    /// The RFC's rule for slashes adds "which has no greater number of
    /// consecutive slashes anywhere to the right of it"; read literally, that
    /// contradicts the RFC's own example (`/g` gives `magic://a/g`), so the
    /// example is followed. RFC 1630 has no authority: `..` can remove the
    /// host (`../../g` against `magic://a/b/c` gives `magic://g`).
    Rfc1630,
}

/// Why a reference could not be resolved.
///
/// ```
/// use uriscan::{ResolveError, UriRef};
/// let base = UriRef::parse("//a/b").unwrap();
/// let e = UriRef::parse("g").unwrap().resolve_str(&base).unwrap_err();
/// assert_eq!(e, ResolveError::BaseWithoutScheme);
/// assert_eq!(e.to_string(), "base URI has no scheme (RFC 3986 §5.1 requires an absolute base)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is a relative reference; §5.1 requires a base URI with a scheme.
    BaseWithoutScheme,
    /// The resolved text is not an RFC 3986 reference, so it cannot be a
    /// [`UriBuf`](crate::UriBuf) ([`UriRef::resolve`]): only possible with
    /// a reference or base parsed by RFC 2396 or RFC 1630, or with
    /// [`ResolveMode::Rfc2396`] or [`ResolveMode::Rfc1630`].
    /// [`UriRef::resolve_str_with`] gives the text.
    NotAReference(crate::ParseError),
}

impl core::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ResolveError::BaseWithoutScheme => {
                f.write_str("base URI has no scheme (RFC 3986 §5.1 requires an absolute base)")
            }
            ResolveError::NotAReference(e) => write!(f, "the resolved reference is not an RFC 3986 reference: {e}"),
        }
    }
}

impl core::error::Error for ResolveError {}

#[cfg(feature = "alloc")]
crate::simd::skipping_fn! {
    /// Whether `dir` or `path` may hold a dot segment (one starts the path or
    /// follows a "/" and begins with "."); without one, remove_dot_segments
    /// changes nothing.
    fn may_have_dots<'p>(dir: Option<&'p str>, path: &'p str) -> bool = |s| {
        let dots = |p: &str| dot_segment_in(p.as_bytes(), 0, p.len(), s, NOT_DOT.set());
        dir.is_some_and(dots) || dots(path)
    }
}

/// Appends `p` with §5.2.4 applied, and, when there is no authority, keeps a
/// path that would start with `//` from being read as one by prefixing `/.`.
#[cfg(feature = "alloc")]
#[inline]
fn push_path(out: &mut String, dir: Option<&str>, path: &str, has_authority: bool) {
    // Without a dot segment, copy straight through.
    if !may_have_dots(dir, path) {
        if let Some(d) = dir {
            out.push_str(d);
            out.push('/');
        }
        out.push_str(path);
        return;
    }
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

/// Resolves `r` against `base` into `out`, which is cleared first
/// ([`UriRef::resolve_into_with`]).
#[cfg(feature = "alloc")]
pub(crate) fn resolve_into(
    r: &UriRef<'_>,
    base: &UriRef<'_>,
    mode: ResolveMode,
    out: &mut String,
) -> Result<(), ResolveError> {
    out.clear();
    let b_scheme = base.scheme().ok_or(ResolveError::BaseWithoutScheme)?;
    out.reserve(base.as_str().len() + r.as_str().len());
    match mode {
        ResolveMode::Rfc2396 => {
            resolve_rfc2396(r, base, b_scheme, out);
            return Ok(());
        }
        ResolveMode::Rfc1630 => {
            resolve_rfc1630(r, base, b_scheme, out);
            return Ok(());
        }
        ResolveMode::Strict | ResolveMode::NonStrict => {}
    }
    let mut r_scheme = r.scheme();
    if mode == ResolveMode::NonStrict && r_scheme.is_some_and(|s| s.eq_ignore_ascii_case(b_scheme)) {
        r_scheme = None;
    }
    let r_path = r.path();
    let query;
    if let Some(s) = r_scheme {
        out.push_str(s);
        out.push(':');
        let auth = r.authority();
        if let Some(a) = auth {
            out.push_str("//");
            out.push_str(a);
        }
        push_path(out, None, r_path, auth.is_some());
        query = r.query();
    } else {
        out.push_str(b_scheme);
        out.push(':');
        if let Some(a) = r.authority() {
            out.push_str("//");
            out.push_str(a);
            push_path(out, None, r_path, true);
            query = r.query();
        } else {
            let b_auth = base.authority();
            if let Some(a) = b_auth {
                out.push_str("//");
                out.push_str(a);
            }
            if r_path.is_empty() {
                out.push_str(base.path());
                query = r.query().or(base.query());
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
                        b_path.bytes().rposition(|c| c == b'/').and_then(|i| b_path.get(..i))
                    };
                    push_path(out, dir, r_path, b_auth.is_some());
                }
                query = r.query();
            }
        }
    }
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        out.push_str(f);
    }
    Ok(())
}

/// Resolves many references against one base (RFC 3986 §5.2), as a
/// crawler does for the links of a page: the base is checked once, the
/// part of the output every relative-path reference shares (scheme,
/// authority and the base's directory with §5.2.4 applied) is built once,
/// and one output buffer serves every call.
///
/// The results are those of [`UriRef::resolve_str_with`] with the same
/// base and mode.
///
/// ```
/// use uriscan::{Resolver, UriRef};
/// let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
/// let mut r = Resolver::new(base).unwrap();
/// for (link, want) in [("g;x?y#s", "http://a/b/c/g;x?y#s"), ("../../g", "http://a/g"), ("//example.com/x", "http://example.com/x")] {
///     assert_eq!(r.resolve_str(&UriRef::parse(link).unwrap()), want);
/// }
/// ```
#[cfg(feature = "std")]
#[derive(Clone, Debug)]
pub struct Resolver<'b> {
    base: UriRef<'b>,
    mode: ResolveMode,
    /// For a base with an authority in the strict or non-strict mode:
    /// `scheme ":" "//" authority`, then the base path up to its last "/"
    /// with §5.2.4 applied, ending with "/" (the merge of §5.2.3 for a
    /// reference path without dot segments); empty otherwise.
    dir: String,
    /// The result buffer.
    out: String,
    /// Whether `dir` is built (it is built when first needed).
    dir_ready: bool,
}

#[cfg(feature = "std")]
impl<'b> Resolver<'b> {
    /// A resolver for `base` in the strict mode of §5.2.2.
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme (§5.1).
    ///
    /// ```
    /// use uriscan::{ResolveError, Resolver, UriRef};
    /// assert!(Resolver::new(UriRef::parse("http://a/b").unwrap()).is_ok());
    /// assert_eq!(Resolver::new(UriRef::parse("/b").unwrap()).unwrap_err(), ResolveError::BaseWithoutScheme);
    /// ```
    pub fn new(base: UriRef<'b>) -> Result<Resolver<'b>, ResolveError> {
        Resolver::new_with(base, ResolveMode::Strict)
    }

    /// A resolver for `base` in the given mode ([`new`](Resolver::new) is
    /// the strict mode).
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme (§5.1).
    ///
    /// ```
    /// use uriscan::{ResolveMode, Resolver, UriRef};
    /// let mut r = Resolver::new_with(UriRef::parse("http://a/b/c/d;p?q").unwrap(), ResolveMode::Rfc2396).unwrap();
    /// assert_eq!(r.resolve_str(&UriRef::parse("../../../g").unwrap()), "http://a/../g");
    /// ```
    pub fn new_with(base: UriRef<'b>, mode: ResolveMode) -> Result<Resolver<'b>, ResolveError> {
        let mut r = Resolver { base, mode, dir: String::new(), out: String::new(), dir_ready: false };
        r.rebase(base)?;
        Ok(r)
    }

    /// Makes `base` the base, keeping the mode and reusing the buffers (for
    /// a run of pages, each with its links).
    ///
    /// # Errors
    /// [`ResolveError::BaseWithoutScheme`] if `base` has no scheme (§5.1);
    /// the resolver then keeps its previous base.
    ///
    /// ```
    /// use uriscan::{Resolver, UriRef};
    /// let mut r = Resolver::new(UriRef::parse("http://a/b/c").unwrap()).unwrap();
    /// let d = UriRef::parse("d").unwrap();
    /// assert_eq!(r.resolve_str(&d), "http://a/b/d");
    /// r.rebase(UriRef::parse("https://x/y/").unwrap()).unwrap();
    /// assert_eq!(r.resolve_str(&d), "https://x/y/d");
    /// assert!(r.rebase(UriRef::parse("y/").unwrap()).is_err());
    /// ```
    pub fn rebase(&mut self, base: UriRef<'b>) -> Result<(), ResolveError> {
        base.scheme().ok_or(ResolveError::BaseWithoutScheme)?;
        self.base = base;
        self.dir_ready = false;
        Ok(())
    }

    /// Builds `dir` (see its doc) for the current base: empty when the
    /// base has no authority or the mode is not RFC 3986's.
    fn build_dir(&mut self) {
        self.dir.clear();
        self.dir_ready = true;
        let base = self.base;
        if let (Some(scheme), Some(a), ResolveMode::Strict | ResolveMode::NonStrict) =
            (base.scheme(), base.authority(), self.mode)
        {
            self.dir.push_str(scheme);
            self.dir.push_str("://");
            self.dir.push_str(a);
            let b_path = base.path();
            let parent = if b_path.is_empty() {
                Some("")
            } else {
                b_path.bytes().rposition(|c| c == b'/').and_then(|i| b_path.get(..i))
            };
            // With an authority the path is empty or starts with "/", so
            // `parent` is `Some`; the merge of an empty path is `dir "/"`.
            push_path(&mut self.dir, parent, "", true);
        }
    }

    /// The base.
    ///
    /// ```
    /// let r = uriscan::Resolver::new(uriscan::UriRef::parse("s://h/p").unwrap()).unwrap();
    /// assert_eq!(r.base().host(), Some("h"));
    /// ```
    #[must_use]
    pub fn base(&self) -> &UriRef<'b> {
        &self.base
    }

    /// Resolves `reference` against the base, as text
    /// ([`UriRef::resolve_str_with`] with the resolver's base and mode,
    /// which cannot fail: the base was checked). The text lives in the
    /// resolver's buffer until the next call. Never panics.
    ///
    /// ```
    /// use uriscan::{Resolver, UriRef};
    /// let mut r = Resolver::new(UriRef::parse("http://a/b/c/d;p?q").unwrap()).unwrap();
    /// assert_eq!(r.resolve_str(&UriRef::parse("?y").unwrap()), "http://a/b/c/d;p?y");
    /// ```
    pub fn resolve_str(&mut self, reference: &UriRef<'_>) -> &str {
        let path = reference.path();
        let relative_path = reference.authority().is_none()
            && !path.is_empty()
            && !path.starts_with('/')
            && match (reference.scheme(), self.mode) {
                (None, _) => true,
                (Some(s), ResolveMode::NonStrict) => self.base.scheme().is_some_and(|b| s.eq_ignore_ascii_case(b)),
                _ => false,
            };
        if relative_path && !self.dir_ready {
            self.build_dir();
        }
        if relative_path && !self.dir.is_empty() && !may_have_dots(None, path) {
            // §5.2.2 with a merged path (§5.2.3): the prepared directory,
            // then the reference's path, query and fragment.
            self.out.clear();
            self.out.push_str(&self.dir);
            self.out.push_str(path);
            push_query_fragment(&mut self.out, reference.query(), reference.fragment());
        } else if resolve_into(reference, &self.base, self.mode, &mut self.out).is_err() {
            // Not reached: `new` checked that the base has a scheme.
            self.out.clear();
        }
        &self.out
    }
}

/// Appends `?query` and `#fragment` of `r`.
#[cfg(feature = "alloc")]
fn push_query_fragment(out: &mut String, query: Option<&str>, fragment: Option<&str>) {
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
}

/// RFC 2396 §5.2 (see [`ResolveMode::Rfc2396`]).
#[cfg(feature = "alloc")]
fn resolve_rfc2396(r: &UriRef<'_>, base: &UriRef<'_>, b_scheme: &str, out: &mut String) {
    // Step 2: a reference to the current document.
    if r.path().is_empty() && r.scheme().is_none() && r.authority().is_none() && r.query().is_none() {
        let mut doc = base.components();
        doc.fragment = r.fragment();
        let _ = core::fmt::Write::write_fmt(out, format_args!("{}", doc));
        return;
    }
    // Step 3: an absolute URI.
    if r.scheme().is_some() {
        out.push_str(r.as_str());
        return;
    }
    out.push_str(b_scheme);
    out.push(':');
    if let Some(a) = r.authority() {
        // Step 4: a network-path reference.
        out.push_str("//");
        out.push_str(a);
        out.push_str(r.path());
    } else {
        if let Some(a) = base.authority() {
            out.push_str("//");
            out.push_str(a);
        }
        if r.path().starts_with('/') {
            // Step 5: an absolute-path reference.
            out.push_str(r.path());
        } else {
            // Step 6: a relative-path reference, merged.
            let b_path = base.path();
            let dir = b_path.rfind('/').and_then(|i| b_path.get(..=i)).unwrap_or("");
            let mut buffer = String::with_capacity(dir.len() + r.path().len());
            buffer.push_str(dir);
            buffer.push_str(r.path());
            push_merged_rfc2396(out, &buffer);
        }
    }
    push_query_fragment(out, r.query(), r.fragment());
}

/// Steps 6c to 6g of RFC 2396 §5.2 on the merged `buffer`, appended to `out`.
#[cfg(feature = "alloc")]
fn push_merged_rfc2396(out: &mut String, buffer: &str) {
    // Segments, after the root "/" if there is one (`abs_path = "/"
    // path_segments`; the empty string before the root is not a segment).
    let (root, rest) = match buffer.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, buffer),
    };
    let mut segs: alloc::vec::Vec<&str> = rest.split('/').collect();
    // 6c: every "./" where "." is a complete segment; 6d: a final ".".
    let last = segs.len() - 1;
    let mut i = 0;
    segs.retain(|s| {
        let keep = *s != "." || i == last;
        i += 1;
        keep
    });
    if let Some(l) = segs.last_mut() {
        if *l == "." {
            *l = "";
        }
    }
    // 6e: "<segment>/../", leftmost first, until none is left: as a stack,
    // each ".." followed by "/" cancels the segment before it unless that
    // is "..". 6f: a final "<segment>/.." leaves "" (the "/" before it).
    let n = segs.len();
    let mut kept: alloc::vec::Vec<&str> = alloc::vec::Vec::with_capacity(n);
    for (k, s) in segs.into_iter().enumerate() {
        if s == ".." && kept.last().is_some_and(|t| *t != "..") {
            kept.pop();
            if k + 1 == n {
                kept.push("");
            }
        } else {
            kept.push(s);
        }
    }
    let segs = kept;
    // 6g: leading ".." segments are retained; 6h: the rest is the path.
    if root {
        out.push('/');
    }
    for (k, s) in segs.iter().enumerate() {
        if k > 0 {
            out.push('/');
        }
        out.push_str(s);
    }
}

/// RFC 1630's partial forms (see [`ResolveMode::Rfc1630`]).
#[cfg(feature = "alloc")]
fn resolve_rfc1630(r: &UriRef<'_>, base: &UriRef<'_>, b_scheme: &str, out: &mut String) {
    if r.scheme().is_some() {
        out.push_str(r.as_str());
        return;
    }
    // The base after its scheme, without query and fragment; the reference
    // without query and fragment.
    let join = |auth: Option<&str>, path: &str| match auth {
        Some(a) => alloc::format!("//{}{}", a, path),
        None => String::from(path),
    };
    let context = join(base.authority(), base.path());
    let partial = join(r.authority(), r.path());
    out.push_str(b_scheme);
    out.push(':');
    let n = partial.bytes().take_while(|&b| b == b'/').count();
    if n > 0 {
        let cut = first_run_of(&context, n).unwrap_or(context.len());
        out.push_str(context.get(..cut).unwrap_or(""));
        out.push_str(&partial);
    } else {
        let dir = context.rfind('/').and_then(|i| context.get(..=i)).unwrap_or("");
        let mut buffer = String::with_capacity(dir.len() + partial.len());
        buffer.push_str(dir);
        buffer.push_str(&partial);
        push_merged_rfc1630(out, &buffer);
    }
    push_query_fragment(out, r.query(), r.fragment());
}

/// The index of the first run of exactly `n` slashes in `s`.
#[cfg(feature = "alloc")]
fn first_run_of(s: &str, n: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(rest) = b.get(i..).filter(|r| !r.is_empty()) {
        if rest.first() == Some(&b'/') {
            let len = rest.iter().take_while(|&&c| c == b'/').count();
            if len == n {
                return Some(i);
            }
            i += len;
        } else {
            i += 1;
        }
    }
    None
}

/// RFC 1630's removal of `/.` and `xxx/../` from the merged `buffer`,
/// appended to `out`.
#[cfg(feature = "alloc")]
fn push_merged_rfc1630(out: &mut String, buffer: &str) {
    let mut elems: alloc::vec::Vec<&str> = buffer.split('/').collect();
    // "/." where "." is a complete element: a "." after a "/".
    let mut i = 0;
    elems.retain(|e| {
        let keep = i == 0 || *e != ".";
        i += 1;
        keep
    });
    // "xxx/../": a complete non-empty element other than "..", then "..",
    // then a "/"; removed leftmost first until none is left, which a stack
    // does in one pass.
    let n = elems.len();
    let mut kept: alloc::vec::Vec<&str> = alloc::vec::Vec::with_capacity(n);
    for (k, e) in elems.into_iter().enumerate() {
        if e == ".." && k + 1 < n && kept.last().is_some_and(|t| !t.is_empty() && *t != "..") {
            kept.pop();
        } else {
            kept.push(e);
        }
    }
    for (k, e) in kept.iter().enumerate() {
        if k > 0 {
            out.push('/');
        }
        out.push_str(e);
    }
}
