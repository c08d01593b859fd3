//! Composing a reference from its parts (RFC 3986 §5.3), refusing the
//! combinations the grammar forbids.
//!
//! ```
//! use uriscan::Builder;
//! let s = Builder::new().scheme("https").host("example.com").port("8443").path("/a").query("x=1").build().unwrap();
//! assert_eq!(s, "https://example.com:8443/a?x=1");
//! ```

use crate::byteset::ByteSet;
use crate::components::Component;
use crate::sets;

#[cfg(feature = "alloc")]
use crate::owned::UriBuf;
#[cfg(feature = "alloc")]
use alloc::string::String;

// Editing a parsed reference: `Builder::from_uri_ref` and the `set_*`
// methods.
mod edit;

/// Why a [`Builder`] refused its parts.
///
/// ```
/// use uriscan::{BuildError, Builder};
/// let e = Builder::new().host("h").path("p").check().unwrap_err();
/// assert_eq!(e, BuildError::RelativePathWithAuthority);
/// assert_eq!(e.to_string(), "with an authority, the path must be empty or start with \"/\" (RFC 3986 §3.3)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildError {
    /// There is an authority and the path is neither empty nor starts with `/`.
    RelativePathWithAuthority,
    /// There is no authority and the path starts with `//` (it would be read
    /// as an authority).
    PathStartsWithDoubleSlash,
    /// There is no scheme and the first segment of a relative path has a `:`
    /// (it would be read as a scheme).
    ColonInFirstSegment,
    /// A component has a byte (at `index` within it) its rule does not allow,
    /// or a `%` that does not start a `%XX` triplet.
    InvalidByte {
        /// The component.
        component: Component,
        /// The byte index within the component.
        index: usize,
    },
    /// The composed text does not parse back as an RFC 3986 reference
    /// ([`Builder::build`]); the checks above are meant to make this
    /// impossible, so this names a gap in them.
    NotAReference(crate::ParseError),
}

impl core::fmt::Display for BuildError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BuildError::RelativePathWithAuthority => {
                f.write_str("with an authority, the path must be empty or start with \"/\" (RFC 3986 §3.3)")
            }
            BuildError::PathStartsWithDoubleSlash => {
                f.write_str("without an authority, the path cannot start with \"//\" (RFC 3986 §3.3)")
            }
            BuildError::ColonInFirstSegment => f.write_str(
                "without a scheme, the first segment of a relative path cannot contain \":\" (RFC 3986 §4.2)",
            ),
            BuildError::InvalidByte { component, index } => {
                write!(f, "invalid byte at index {index} in {}", component.name())
            }
            BuildError::NotAReference(e) => write!(f, "the composed reference does not parse: {e}"),
        }
    }
}

impl core::error::Error for BuildError {}

/// A port given as text or as a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum PortPart<'a> {
    Text(&'a str),
    Number(u16),
}

/// Composes a URI reference from components (RFC 3986 §5.3) and checks it:
/// each component against its rule (percent-encode data first with
/// [`crate::percent`]), and the combinations the grammar forbids. The output
/// parses back with [`UriRef::parse`](crate::UriRef::parse) into the same
/// components.
///
/// The authority is given whole ([`authority`](Builder::authority)) or in
/// parts ([`userinfo`](Builder::userinfo), [`host`](Builder::host),
/// [`port`](Builder::port)); setting one way clears the other. The path
/// defaults to empty; other components to undefined.
///
/// ```
/// use uriscan::{BuildError, Builder};
/// assert_eq!(Builder::new().path("a:b").check(), Err(BuildError::ColonInFirstSegment));
/// assert_eq!(Builder::new().path("//x").check(), Err(BuildError::PathStartsWithDoubleSlash));
/// assert_eq!(Builder::new().path("./a:b").build().unwrap(), "./a:b");
/// assert_eq!(Builder::new().scheme("mailto").path("a@b").build().unwrap(), "mailto:a@b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<PortPart<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Checks `s` byte by byte: bytes in `set`, or well-formed `%XX` triplets.
fn check_chars(s: &str, set: &ByteSet, component: Component) -> Result<(), BuildError> {
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            if crate::percent::triplet_at(b, i).is_none() {
                return Err(BuildError::InvalidByte { component, index: i });
            }
            i += 3;
            continue;
        }
        if c >= 0x80 || !set.contains(c) {
            return Err(BuildError::InvalidByte { component, index: i });
        }
        i += 1;
    }
    Ok(())
}

fn check_scheme(s: &str) -> Result<(), BuildError> {
    let err = |index| Err(BuildError::InvalidByte { component: Component::Scheme, index });
    for (i, c) in s.bytes().enumerate() {
        let ok = c.is_ascii_alphabetic() || (i > 0 && (c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.')));
        if !ok {
            return err(i);
        }
    }
    if s.is_empty() {
        return err(0);
    }
    Ok(())
}

fn check_port(p: &str, component: Component, offset: usize) -> Result<(), BuildError> {
    match p.bytes().position(|c| !c.is_ascii_digit()) {
        Some(i) => Err(BuildError::InvalidByte { component, index: offset + i }),
        None => Ok(()),
    }
}

/// `host = IP-literal / IPv4address / reg-name` (§3.2.2).
fn check_host(h: &str, component: Component, offset: usize) -> Result<(), BuildError> {
    let shift = |e: BuildError| match e {
        BuildError::InvalidByte { index, .. } => BuildError::InvalidByte { component, index: offset + index },
        other => other,
    };
    let Some(inner) = h.strip_prefix('[') else {
        return check_chars(h, &sets::REG_NAME, component).map_err(shift);
    };
    let bad = Err(BuildError::InvalidByte { component, index: offset });
    let Some(inner) = inner.strip_suffix(']') else {
        return bad;
    };
    if let Some(rest) = inner.strip_prefix(['v', 'V']) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let Some((hex, tail)) = rest.split_once('.') else { return bad };
        let tail_ok = tail.bytes().all(|c| sets::UNRESERVED.contains(c) || sets::SUB_DELIMS.contains(c) || c == b':');
        if hex.is_empty() || !hex.bytes().all(|c| c.is_ascii_hexdigit()) || tail.is_empty() || !tail_ok {
            return bad;
        }
        return Ok(());
    }
    match inner.parse::<core::net::Ipv6Addr>() {
        Ok(_) => Ok(()),
        Err(_) => bad,
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (§3.2).
fn check_authority(a: &str) -> Result<(), BuildError> {
    let c = Component::Authority;
    let (host_port, off) = match a.split_once('@') {
        Some((u, rest)) => {
            check_chars(u, &sets::USERINFO, c)?;
            (rest, u.len() + 1)
        }
        None => (a, 0),
    };
    let colon = if host_port.starts_with('[') {
        host_port
            .find(']')
            .and_then(|i| host_port.get(i + 1..))
            .and_then(|t| t.strip_prefix(':'))
            .map(|p| host_port.len() - p.len() - 1)
    } else {
        host_port.rfind(':')
    };
    match colon {
        Some(i) => {
            check_host(host_port.get(..i).unwrap_or(""), c, off)?;
            check_port(host_port.get(i + 1..).unwrap_or(""), c, off + i + 1)
        }
        None => check_host(host_port, c, off),
    }
}

impl<'a> Builder<'a> {
    /// An empty builder: no scheme, no authority, empty path.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().build().unwrap(), "");
    /// ```
    pub const fn new() -> Builder<'a> {
        Builder {
            scheme: None,
            authority: None,
            userinfo: None,
            host: None,
            port: None,
            path: "",
            query: None,
            fragment: None,
        }
    }

    /// Sets the scheme (without `:`).
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().scheme("urn").path("x:y").build().unwrap(), "urn:x:y");
    /// ```
    pub const fn scheme(mut self, scheme: &'a str) -> Builder<'a> {
        self.scheme = Some(scheme);
        self
    }

    /// Sets the whole authority (without `//`), clearing userinfo, host and port.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().authority("u@h:1").path("/").build().unwrap(), "//u@h:1/");
    /// ```
    pub const fn authority(mut self, authority: &'a str) -> Builder<'a> {
        self.authority = Some(authority);
        self.userinfo = None;
        self.host = None;
        self.port = None;
        self
    }

    /// Sets the userinfo (without `@`); the authority is then defined.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().userinfo("u:p").host("h").build().unwrap(), "//u:p@h");
    /// ```
    pub const fn userinfo(mut self, userinfo: &'a str) -> Builder<'a> {
        self.userinfo = Some(userinfo);
        self.authority = None;
        self
    }

    /// Sets the host (a reg-name, an IPv4 address, or an IP literal in
    /// brackets); the authority is then defined.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().scheme("ldap").host("[2001:db8::7]").path("/c=GB").build().unwrap(), "ldap://[2001:db8::7]/c=GB");
    /// ```
    pub const fn host(mut self, host: &'a str) -> Builder<'a> {
        self.host = Some(host);
        self.authority = None;
        self
    }

    /// Sets the port as digits (possibly empty); the authority is then defined.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().host("h").port("").build().unwrap(), "//h:");
    /// ```
    pub const fn port(mut self, port: &'a str) -> Builder<'a> {
        self.port = Some(PortPart::Text(port));
        self.authority = None;
        self
    }

    /// Sets the port as a number; the authority is then defined.
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().host("h").port_u16(8080).build().unwrap(), "//h:8080");
    /// ```
    pub const fn port_u16(mut self, port: u16) -> Builder<'a> {
        self.port = Some(PortPart::Number(port));
        self.authority = None;
        self
    }

    /// Sets the path (always defined; empty by default).
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().path("a/b").build().unwrap(), "a/b");
    /// ```
    pub const fn path(mut self, path: &'a str) -> Builder<'a> {
        self.path = path;
        self
    }

    /// Sets the query (without `?`).
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().query("").build().unwrap(), "?");
    /// ```
    pub const fn query(mut self, query: &'a str) -> Builder<'a> {
        self.query = Some(query);
        self
    }

    /// Sets the fragment (without `#`).
    ///
    /// ```
    /// assert_eq!(uriscan::Builder::new().fragment("top").build().unwrap(), "#top");
    /// ```
    pub const fn fragment(mut self, fragment: &'a str) -> Builder<'a> {
        self.fragment = Some(fragment);
        self
    }

    fn has_authority(&self) -> bool {
        self.authority.is_some() || self.userinfo.is_some() || self.host.is_some() || self.port.is_some()
    }

    /// Checks the parts without composing them (available without `std`).
    ///
    /// # Errors
    /// A [`BuildError`] for the first problem found: components are checked
    /// in order (scheme, authority, path, query, fragment), then the
    /// combinations. Never panics.
    ///
    /// ```
    /// use uriscan::{BuildError, Builder, Component};
    /// assert!(Builder::new().scheme("http").host("a").check().is_ok());
    /// assert_eq!(Builder::new().scheme("1x").check(), Err(BuildError::InvalidByte { component: Component::Scheme, index: 0 }));
    /// assert_eq!(Builder::new().path("/a b").check(), Err(BuildError::InvalidByte { component: Component::Path, index: 2 }));
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        if let Some(s) = self.scheme {
            check_scheme(s)?;
        }
        if let Some(a) = self.authority {
            check_authority(a)?;
        }
        if let Some(u) = self.userinfo {
            check_chars(u, &sets::USERINFO, Component::Userinfo)?;
        }
        if let Some(h) = self.host {
            check_host(h, Component::Host, 0)?;
        }
        if let Some(PortPart::Text(p)) = self.port {
            check_port(p, Component::Port, 0)?;
        }
        check_chars(self.path, &crate::percent::PATH, Component::Path)?;
        if let Some(q) = self.query {
            check_chars(q, &sets::QUERY, Component::Query)?;
        }
        if let Some(f) = self.fragment {
            check_chars(f, &sets::FRAGMENT, Component::Fragment)?;
        }
        if self.has_authority() {
            if !self.path.is_empty() && !self.path.starts_with('/') {
                return Err(BuildError::RelativePathWithAuthority);
            }
        } else if self.path.starts_with("//") {
            return Err(BuildError::PathStartsWithDoubleSlash);
        } else if self.scheme.is_none()
            && !self.path.starts_with('/')
            && self.path.split('/').next().is_some_and(|s| s.contains(':'))
        {
            return Err(BuildError::ColonInFirstSegment);
        }
        Ok(())
    }

    /// Checks and composes into `out`, which is cleared first (§5.3).
    ///
    /// # Errors
    /// As for [`check`](Builder::check); `out` is then left empty. Never panics.
    ///
    /// ```
    /// let mut out = String::new();
    /// uriscan::Builder::new().scheme("s").path("/p").fragment("f").build_into(&mut out).unwrap();
    /// assert_eq!(out, "s:/p#f");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build_into(&self, out: &mut String) -> Result<(), BuildError> {
        use core::fmt::Write as _;
        out.clear();
        self.check()?;
        if let Some(s) = self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = self.authority {
            out.push_str("//");
            out.push_str(a);
        } else if self.has_authority() {
            out.push_str("//");
            if let Some(u) = self.userinfo {
                out.push_str(u);
                out.push('@');
            }
            out.push_str(self.host.unwrap_or(""));
            match self.port {
                Some(PortPart::Text(p)) => {
                    out.push(':');
                    out.push_str(p);
                }
                Some(PortPart::Number(n)) => {
                    let _ = write!(out, ":{n}");
                }
                None => {}
            }
        }
        out.push_str(self.path);
        if let Some(q) = self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = self.fragment {
            out.push('#');
            out.push_str(f);
        }
        Ok(())
    }

    /// Checks and composes the reference (§5.3) as text.
    ///
    /// # Errors
    /// As for [`check`](Builder::check). Never panics.
    ///
    /// ```
    /// use uriscan::{Builder, UriRef};
    /// let s = Builder::new().scheme("foo").authority("example.com:8042").path("/over/there").query("name=ferret").fragment("nose").build_str().unwrap();
    /// assert_eq!(s, "foo://example.com:8042/over/there?name=ferret#nose");
    /// assert_eq!(UriRef::parse(&s).unwrap().host(), Some("example.com"));
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build_str(&self) -> Result<String, BuildError> {
        let mut out = String::new();
        self.build_into(&mut out)?;
        Ok(out)
    }

    /// Checks and composes the reference (§5.3) as a parsed [`UriBuf`].
    ///
    /// # Errors
    /// As for [`check`](Builder::check); [`BuildError::NotAReference`] if
    /// the text does not parse back (the checks are meant to exclude it).
    /// Never panics.
    ///
    /// ```
    /// let u = uriscan::Builder::new().scheme("https").host("example.com").path("/a").build().unwrap();
    /// assert_eq!(u.host(), Some("example.com"));
    /// assert_eq!(u, "https://example.com/a");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build(&self) -> Result<UriBuf, BuildError> {
        let s = self.build_str()?;
        UriBuf::try_from(s).map_err(|e| BuildError::NotAReference(e.error()))
    }
}
