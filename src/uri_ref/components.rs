//! The components of a reference (RFC 3986 §3), as slices of its text.

use super::UriRef;
use crate::components::{Component, Components};
use crate::scan;

/// The components (§3): slices of the input, `None` when undefined.
impl<'a> UriRef<'a> {
    /// The whole reference, as given.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("a/b").unwrap().as_str(), "a/b");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The scheme, without its `:` (§3.1).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("HTTP:x").unwrap().scheme(), Some("HTTP"));
    /// assert_eq!(uriscan::UriRef::parse("x").unwrap().scheme(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.span(scan::CAP_SCHEME)
    }

    /// The authority, without the leading `//` (§3.2).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("file:///etc").unwrap().authority(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("file:/etc").unwrap().authority(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.span(scan::CAP_AUTHORITY)
    }

    /// The userinfo, without its `@` (§3.2.1).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//u:p@h").unwrap().userinfo(), Some("u:p"));
    /// assert_eq!(uriscan::UriRef::parse("//@h").unwrap().userinfo(), Some(""));
    /// ```
    #[inline]
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.span(scan::CAP_USERINFO)
    }

    /// The host (§3.2.2); an IP literal keeps its brackets.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//[::1]:80").unwrap().host(), Some("[::1]"));
    /// assert_eq!(uriscan::UriRef::parse("/p").unwrap().host(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.span(scan::CAP_HOST)
    }

    /// The port digits, without the `:` (§3.2.3).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("//h:").unwrap().port(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("//h").unwrap().port(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.span(scan::CAP_PORT)
    }

    /// The path (§3.3); always defined, possibly empty.
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("mailto:a@b").unwrap().path(), "a@b");
    /// assert_eq!(uriscan::UriRef::parse("?q").unwrap().path(), "");
    /// ```
    #[inline]
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.span(scan::CAP_PATH).unwrap_or("")
    }

    /// The query, without its `?` (§3.4).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("http://h?").unwrap().query(), Some(""));
    /// assert_eq!(uriscan::UriRef::parse("http://h").unwrap().query(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.span(scan::CAP_QUERY)
    }

    /// The fragment, without its `#` (§3.5).
    ///
    /// ```
    /// assert_eq!(uriscan::UriRef::parse("#").unwrap().fragment(), Some(""));
    /// ```
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.span(scan::CAP_FRAGMENT)
    }

    /// The five components of §5.3 as one value.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("s://a/p?q#f").unwrap();
    /// assert_eq!(u.components().to_string(), "s://a/p?q#f");
    /// ```
    #[inline]
    #[must_use]
    pub fn components(&self) -> Components<'a> {
        Components {
            scheme: self.scheme(),
            authority: self.authority(),
            path: self.path(),
            query: self.query(),
            fragment: self.fragment(),
        }
    }

    /// The byte range of component `part` in [`as_str`](UriRef::as_str),
    /// `None` when it is undefined (the path is always defined, and may be
    /// empty). One call and no string slicing: for callers that record
    /// offsets rather than slices (columnar output, indexes).
    ///
    /// ```
    /// use uriscan::{Component, UriRef};
    /// let u = UriRef::parse("http://h:8080/p?q").unwrap();
    /// assert_eq!(u.range(Component::Port), Some(9..13));
    /// assert_eq!(u.range(Component::Path), Some(13..15));
    /// assert_eq!(u.range(Component::Fragment), None);
    /// assert_eq!(&u.as_str()[u.range(Component::Host).unwrap()], "h");
    /// ```
    #[inline]
    #[must_use]
    pub fn range(&self, part: Component) -> Option<core::ops::Range<usize>> {
        let cap = match part {
            Component::Scheme => scan::CAP_SCHEME,
            Component::Authority => scan::CAP_AUTHORITY,
            Component::Userinfo => scan::CAP_USERINFO,
            Component::Host => scan::CAP_HOST,
            Component::Port => scan::CAP_PORT,
            Component::Path => scan::CAP_PATH,
            Component::Query => scan::CAP_QUERY,
            Component::Fragment => scan::CAP_FRAGMENT,
        };
        match self.caps.span(cap) {
            Some((a, b)) => Some(a..b),
            None if matches!(part, Component::Path) => Some(0..0),
            None => None,
        }
    }

    /// Whether the reference has a scheme (is a URI, not a relative reference).
    ///
    /// ```
    /// assert!(uriscan::UriRef::parse("a:b").unwrap().is_uri());
    /// assert!(!uriscan::UriRef::parse("b").unwrap().is_uri());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_uri(&self) -> bool {
        self.scheme().is_some()
    }
}
