//! [`UriRef`], the borrowed view of a parsed reference, and all of its
//! methods, one file per topic (`tests/api.rs` checks that every inherent
//! method of `UriRef` is defined in this folder, and that this list names
//! every file of it):
//!
//! - `parse.rs`: parsing (§4.1): [`UriRef::parse`], and the parse and
//!   validation entry points of [`Syntax`], which give a `UriRef`;
//! - `components.rs`: the components (§3);
//! - `host.rs`: the host and the port (§3.2.2, §3.2.3);
//! - `iter.rs`: iterators over the path's segments and the query's pairs;
//! - `resolve.rs`: resolution (§5) and relativization, its inverse;
//! - `normalize.rs`: normalization and comparison (§6);
//! - `iri.rs`: IRIs (RFC 3987): mapping to URIs and back, comparison;
//! - `owned.rs`: an owned copy ([`UriBuf`](crate::UriBuf));
//! - `edit.rs`: editing through a [`Builder`](crate::Builder) (§5.3);
//! - `security.rs`: the security considerations (§7).
//!
//! A [`UriBuf`](crate::UriBuf) operation that repeats one of `UriRef`'s
//! (`resolve`, `normalize`, `relativize`, `edit`) sits beside it.
//!
//! Layers: this file, `parse.rs`, `components.rs` and `host.rs` are the
//! view, below the modules that implement the operations (`resolve`,
//! `normalize`, `iri`, `security`, ...); the other files put those
//! operations on the view, above them.

mod components;
mod edit;
mod host;
#[cfg(feature = "std")]
mod iri;
mod iter;
mod normalize;
#[cfg(feature = "alloc")]
mod owned;
mod parse;
#[cfg(feature = "alloc")]
mod resolve;
mod security;

use crate::error::ParseError;
use crate::scan::Captures;

/// A parsed URI reference: the input and the offsets of its components.
///
/// Parsing validates the whole input against the grammar compiled from
/// `grammar/rfc3986.abnf` and allocates nothing. Every accessor returns a
/// slice of the input; undefined components are `None`, distinct from empty.
///
/// ```
/// use uriscan::UriRef;
/// let u = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(u.scheme(), Some("foo"));
/// assert_eq!(u.authority(), Some("user@example.com:8042"));
/// assert_eq!(u.userinfo(), Some("user"));
/// assert_eq!(u.host(), Some("example.com"));
/// assert_eq!(u.port(), Some("8042"));
/// assert_eq!(u.path(), "/over/there");
/// assert_eq!(u.query(), Some("name=ferret"));
/// assert_eq!(u.fragment(), Some("nose"));
/// ```
///
/// # Methods by topic
///
/// One file of `src/uri_ref/` per topic: parsing (and the parse entry
/// points of [`Syntax`](crate::Syntax)), components, host and port, iterators, resolution
/// and relativization, normalization and comparison, IRIs, the owned copy,
/// editing, security. Names follow the crate's [naming rule](crate#naming):
/// a bare verb gives a parsed value ([`resolve`](UriRef::resolve),
/// [`normalize`](UriRef::normalize)), `_str` the text
/// ([`resolve_str`](UriRef::resolve_str)), `_into` writes into the
/// caller's buffer ([`resolve_into`](UriRef::resolve_into)), and `_with`
/// takes one options value ([`resolve_with`](UriRef::resolve_with)).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    s: &'a str,
    caps: Captures,
}

impl<'a> UriRef<'a> {
    /// The view of bytes a grammar accepted (ASCII, or UTF-8 for RFC 3987's,
    /// whose automaton takes only well-formed UTF-8).
    #[inline]
    fn from_accepted(input: &'a [u8], caps: Captures) -> Result<UriRef<'a>, ParseError> {
        match core::str::from_utf8(input) {
            Ok(s) => Ok(UriRef { s, caps }),
            Err(e) => Err(ParseError {
                index: e.valid_up_to(),
                kind: crate::ErrorKind::Reference,
                found: input.get(e.valid_up_to()).copied(),
            }),
        }
    }

    /// The view of `s` with the captures a scan of `s` gave (for `UriBuf`).
    #[inline]
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn from_parts(s: &'a str, caps: Captures) -> UriRef<'a> {
        UriRef { s, caps }
    }

    /// Byte offsets of capture `cap` (`scan::CAP_*`), when defined.
    #[inline]
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(crate) fn offsets(&self, cap: usize) -> Option<(usize, usize)> {
        self.caps.span(cap)
    }

    /// The text of capture `cap`, when defined.
    #[inline]
    fn span(&self, cap: usize) -> Option<&'a str> {
        let (a, b) = self.caps.span(cap)?;
        self.s.get(a..b)
    }
}

impl core::fmt::Display for UriRef<'_> {
    /// Recomposition (§5.3), which gives back the input.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.s)
    }
}

impl core::fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("host_kind", &self.host_kind())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl AsRef<str> for UriRef<'_> {
    fn as_ref(&self) -> &str {
        self.s
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;
    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(s)
    }
}
