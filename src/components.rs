//! The five components of a URI reference (RFC 3986 §3, Appendix B).

/// The five components of a URI reference, as slices of the input.
///
/// Undefined components are `None`, distinct from empty ones (`Some("")`),
/// as RFC 3986 §5.3 requires: `"http://h?"` has an empty query, `"http://h"`
/// has none. The path is always defined (possibly empty).
///
/// ```
/// use uriscan::Components;
/// let c = Components { scheme: Some("http"), authority: Some("h"), path: "", query: Some(""), fragment: None };
/// assert_eq!(c.to_string(), "http://h?");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    /// `scheme`, without the `:`.
    pub scheme: Option<&'a str>,
    /// `authority`, without the leading `//`.
    pub authority: Option<&'a str>,
    /// `path`, always present.
    pub path: &'a str,
    /// `query`, without the `?`.
    pub query: Option<&'a str>,
    /// `fragment`, without the `#`.
    pub fragment: Option<&'a str>,
}

impl core::fmt::Display for Components<'_> {
    /// Recomposition, RFC 3986 §5.3.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if let Some(s) = self.scheme {
            f.write_str(s)?;
            f.write_str(":")?;
        }
        if let Some(a) = self.authority {
            f.write_str("//")?;
            f.write_str(a)?;
        }
        f.write_str(self.path)?;
        if let Some(q) = self.query {
            f.write_str("?")?;
            f.write_str(q)?;
        }
        if let Some(fr) = self.fragment {
            f.write_str("#")?;
            f.write_str(fr)?;
        }
        Ok(())
    }
}

/// A component of a reference: what [`UriRef::range`](crate::UriRef::range) gives
/// the range of, and what a [`BuildError`](crate::BuildError) names.
///
/// ```
/// assert_eq!(uriscan::Component::Host.name(), "host");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `scheme`
    Scheme,
    /// `authority` given whole
    Authority,
    /// `userinfo`
    Userinfo,
    /// `host`
    Host,
    /// `port`
    Port,
    /// `path`
    Path,
    /// `query`
    Query,
    /// `fragment`
    Fragment,
}

impl Component {
    /// The component's name in messages.
    ///
    /// ```
    /// assert_eq!(uriscan::Component::Fragment.name(), "fragment");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}
