//! Relativization, the inverse of resolution (RFC 3986 §5.2, strict mode):
//! the shortest reference that resolves against a base to a given target.
//!
//! The candidates are the forms of §4.2 that can give the target: a
//! same-document reference (`""`, `#f`), a query (`?q#f`), a relative path
//! (with as many `../` as the base's directory needs), an absolute path, a
//! network path (`//authority/path`), and the target itself. Each candidate
//! is resolved against the base and kept only when the result is the target
//! byte for byte; the shortest kept one is the answer. The target itself
//! always resolves to itself unless its path has dot segments (which
//! resolution removes), so that is the only case with no answer.
//!
//! ```
//! use uriscan::UriRef;
//! let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
//! let target = UriRef::parse("http://a/b/g?y").unwrap();
//! let r = target.relativize(&base).unwrap();
//! assert_eq!(r, "../g?y");
//! assert_eq!(r.as_uri_ref().resolve_str(&base).unwrap(), target.as_str());
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::owned::UriBuf;

use crate::resolve::ResolveMode;

use crate::uri_ref::UriRef;

/// Why no reference resolves against the base to the target.
///
/// ```
/// use uriscan::{RelativizeError, UriRef};
/// let base = UriRef::parse("http://a/b").unwrap();
/// let e = UriRef::parse("http://a/b/../c").unwrap().relativize(&base).unwrap_err();
/// assert_eq!(e, RelativizeError::DotSegments);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RelativizeError {
    /// The base has no scheme (§5.1 resolves only against a URI).
    BaseWithoutScheme,
    /// The target has no scheme; a resolved reference always has one.
    TargetWithoutScheme,
    /// The target's path has `.` or `..` segments, which resolution always
    /// removes (§5.2.4), so no reference resolves to it; normalize it first.
    DotSegments,
}

impl fmt::Display for RelativizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RelativizeError::BaseWithoutScheme => "base URI has no scheme (RFC 3986 §5.1 requires an absolute base)",
            RelativizeError::TargetWithoutScheme => "target has no scheme, and a resolved reference always has one",
            RelativizeError::DotSegments => {
                "target path has dot segments, which resolution removes (RFC 3986 §5.2.4): no reference resolves to it"
            }
        })
    }
}

impl core::error::Error for RelativizeError {}

/// `?query#fragment` of `t`, each part when defined.
fn tail(t: &UriRef<'_>) -> String {
    let mut s = String::new();
    if let Some(q) = t.query() {
        s.push('?');
        s.push_str(q);
    }
    push_fragment(&mut s, t);
    s
}

fn push_fragment(s: &mut String, t: &UriRef<'_>) {
    if let Some(f) = t.fragment() {
        s.push('#');
        s.push_str(f);
    }
}

/// The relative-path candidates for target path `t_path` against a base
/// whose merge directory (§5.2.3, up to and including the last `/`) is
/// `dir`: up from `dir` to the longest common prefix ending in `/`, then
/// down.
fn relative_paths(dir: &str, t_path: &str, tail: &str, out: &mut Vec<String>) {
    // The longest prefix of `dir` ending with "/" that `t_path` starts with.
    let common = dir
        .char_indices()
        .filter(|&(_, c)| c == '/')
        .map(|(i, _)| i + 1)
        .take_while(|&n| dir.get(..n).is_some_and(|p| t_path.starts_with(p)))
        .last()
        .unwrap_or(0);
    let ups = dir.get(common..).map_or(0, |d| d.bytes().filter(|&b| b == b'/').count());
    let rest = t_path.get(common..).unwrap_or("");
    if common == 0 && t_path.starts_with('/') {
        // Nothing shared: the absolute-path candidate covers it.
        return;
    }
    let up = "../".repeat(ups);
    if rest.is_empty() {
        // The directory itself: "." / ".." (and their "/" forms).
        let short = up.strip_suffix('/').map_or_else(|| String::from("."), String::from);
        let long = if ups == 0 { String::from("./") } else { up };
        for p in [short, long] {
            out.push(p + tail);
        }
        return;
    }
    let first = rest.split('/').next().unwrap_or("");
    let mut p = up;
    // A first segment with ":" would read as a scheme, an empty one (a
    // leading "/") as an absolute path: "./" keeps it relative.
    if p.is_empty() && (first.contains(':') || first.is_empty()) {
        p.push_str("./");
    }
    p.push_str(rest);
    p.push_str(tail);
    out.push(p);
}

/// The shortest reference that resolves against `base` to `target`
/// ([`UriRef::relativize`]).
pub(crate) fn relativize(target: &UriRef<'_>, base: &UriRef<'_>) -> Result<UriBuf, RelativizeError> {
    let b_scheme = base.scheme().ok_or(RelativizeError::BaseWithoutScheme)?;
    let t_scheme = target.scheme().ok_or(RelativizeError::TargetWithoutScheme)?;
    let mut cands: Vec<String> = Vec::new();
    if t_scheme == b_scheme {
        let t_path = target.path();
        let tail = tail(target);
        if target.authority() == base.authority() {
            if t_path == base.path() {
                if target.query() == base.query() {
                    let mut s = String::new();
                    push_fragment(&mut s, target);
                    cands.push(s);
                }
                if target.query().is_some() {
                    cands.push(tail.clone());
                }
            }
            let b_path = base.path();
            let dir = if base.authority().is_some() && b_path.is_empty() {
                "/"
            } else {
                b_path.rfind('/').and_then(|i| b_path.get(..=i)).unwrap_or("")
            };
            // The merge removes dot segments from the base's directory
            // too: count from its normal form (and from the raw one; the
            // resolution check below keeps what works).
            let clean = crate::remove_dot_segments(dir);
            relative_paths(&clean, t_path, &tail, &mut cands);
            if clean != dir {
                relative_paths(dir, t_path, &tail, &mut cands);
            }
            if t_path.starts_with("//") {
                cands.push(alloc::format!("/.{t_path}{tail}"));
            } else if t_path.starts_with('/') {
                cands.push(alloc::format!("{t_path}{tail}"));
            }
        }
        if let Some(a) = target.authority() {
            cands.push(alloc::format!("//{a}{t_path}{tail}"));
        }
    }
    cands.push(String::from(target.as_str()));
    // Shortest first; among equals, the order above.
    cands.sort_by_key(String::len);
    let mut out = String::new();
    for c in cands {
        let Ok(r) = UriRef::parse(&c) else { continue };
        if crate::resolve::resolve_into(&r, base, ResolveMode::Strict, &mut out).is_ok() && out == target.as_str() {
            return Ok(r.to_buf());
        }
    }
    Err(RelativizeError::DotSegments)
}
