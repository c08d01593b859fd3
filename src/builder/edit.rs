//! Editing a parsed reference: a [`Builder`] started from a [`UriRef`] or
//! [`UriBuf`](crate::UriBuf) ([`UriRef::edit`]), and `set_*` methods that
//! can also remove a component. The builder's checks apply to the edited
//! reference as to a new one.
//!
//! ```
//! use uriscan::{BuildError, UriRef};
//! let u = UriRef::parse("http://example.com/a?x=1#top").unwrap();
//! let v = u.edit().set_query(None).set_fragment(Some("end")).build().unwrap();
//! assert_eq!(v, "http://example.com/a#end");
//! assert_eq!(v.fragment(), Some("end"));
//! // A relative path cannot follow an authority.
//! assert_eq!(u.edit().set_path("b").build(), Err(BuildError::RelativePathWithAuthority));
//! ```

use super::{Builder, PortPart};
use crate::uri_ref::UriRef;

impl<'a> Builder<'a> {
    /// A builder holding the components of `u`: scheme, userinfo, host and
    /// port (or, for an RFC 2396 registry-based authority, the whole
    /// authority), path, query and fragment. Built unchanged, it gives `u`
    /// back.
    ///
    /// ```
    /// use uriscan::{Builder, UriRef};
    /// let u = UriRef::parse("foo://u@example.com:8042/over/there?name=ferret#nose").unwrap();
    /// assert_eq!(Builder::from_uri_ref(&u).build().unwrap(), u.as_str());
    /// assert_eq!(Builder::from_uri_ref(&u).host("h").build().unwrap(), "foo://u@h:8042/over/there?name=ferret#nose");
    /// ```
    pub fn from_uri_ref(u: &UriRef<'a>) -> Builder<'a> {
        let mut b = Builder::new();
        b.scheme = u.scheme();
        if u.host().is_some() {
            b.userinfo = u.userinfo();
            b.host = u.host();
            b.port = u.port().map(PortPart::Text);
        } else {
            b.authority = u.authority();
        }
        b.path = u.path();
        b.query = u.query();
        b.fragment = u.fragment();
        b
    }

    /// Sets or removes the scheme.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h/p").unwrap();
    /// assert_eq!(u.edit().set_scheme(None).build().unwrap(), "//h/p");
    /// ```
    pub const fn set_scheme(mut self, scheme: Option<&'a str>) -> Builder<'a> {
        self.scheme = scheme;
        self
    }

    /// Sets the whole authority, or removes it (with userinfo, host and port).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://u@h:1/p").unwrap();
    /// assert_eq!(u.edit().set_authority(Some("g")).build().unwrap(), "http://g/p");
    /// assert_eq!(u.edit().set_authority(None).build().unwrap(), "http:/p");
    /// ```
    pub const fn set_authority(mut self, authority: Option<&'a str>) -> Builder<'a> {
        match authority {
            Some(a) => self.authority(a),
            None => {
                self.authority = None;
                self.userinfo = None;
                self.host = None;
                self.port = None;
                self
            }
        }
    }

    /// Sets or removes the userinfo (the authority stays defined while a
    /// host or port is set).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://u:pw@h/p").unwrap();
    /// assert_eq!(u.edit().set_userinfo(None).build().unwrap(), "http://h/p");
    /// ```
    pub const fn set_userinfo(mut self, userinfo: Option<&'a str>) -> Builder<'a> {
        self.userinfo = userinfo;
        self.authority = None;
        self
    }

    /// Sets the host (to remove the authority, use
    /// [`set_authority(None)`](Builder::set_authority)).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h:8080/p").unwrap();
    /// assert_eq!(u.edit().set_host("[::1]").build().unwrap(), "http://[::1]:8080/p");
    /// ```
    pub const fn set_host(self, host: &'a str) -> Builder<'a> {
        self.host(host)
    }

    /// Sets or removes the port.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h:80/p").unwrap();
    /// assert_eq!(u.edit().set_port(None).build().unwrap(), "http://h/p");
    /// ```
    pub const fn set_port(mut self, port: Option<&'a str>) -> Builder<'a> {
        self.port = match port {
            Some(p) => Some(PortPart::Text(p)),
            None => None,
        };
        self.authority = None;
        self
    }

    /// Sets the path (always defined).
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("http://h/a?q").unwrap();
    /// assert_eq!(u.edit().set_path("/b/c").build().unwrap(), "http://h/b/c?q");
    /// ```
    pub const fn set_path(self, path: &'a str) -> Builder<'a> {
        self.path(path)
    }

    /// Sets or removes the query.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("/a?q#f").unwrap();
    /// assert_eq!(u.edit().set_query(Some("r=1")).build().unwrap(), "/a?r=1#f");
    /// assert_eq!(u.edit().set_query(None).build().unwrap(), "/a#f");
    /// ```
    pub const fn set_query(mut self, query: Option<&'a str>) -> Builder<'a> {
        self.query = query;
        self
    }

    /// Sets or removes the fragment.
    ///
    /// ```
    /// let u = uriscan::UriRef::parse("/a#f").unwrap();
    /// assert_eq!(u.edit().set_fragment(None).build().unwrap(), "/a");
    /// ```
    pub const fn set_fragment(mut self, fragment: Option<&'a str>) -> Builder<'a> {
        self.fragment = fragment;
        self
    }
}

impl<'a> From<UriRef<'a>> for Builder<'a> {
    /// [`Builder::from_uri_ref`].
    fn from(u: UriRef<'a>) -> Builder<'a> {
        Builder::from_uri_ref(&u)
    }
}
