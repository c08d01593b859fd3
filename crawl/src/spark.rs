//! Spark's `parse_url` and `try_parse_url`: a URL read as `java.net.URI`
//! reads it, on RFC 2396's grammar ([`uriscan::Syntax::Rfc2396UriReference`]).
//!
//! Spark 4 computes `parse_url(url, part [, key])` with `new
//! java.net.URI(url)` and the raw getters, and gives NULL when the
//! constructor throws (with ANSI mode off; `try_parse_url` always).
//! `java.net.URI` parses RFC 2396 with the amendments its documentation
//! lists; [`JavaUri::parse`] runs uriscan's RFC 2396 tables and adds exactly
//! those amendments, each found by the data file `tests/data/spark_url.txt`
//! (Spark 4.3's own answers):
//!
//! 1. **RFC 2732 IPv6 literals** (`http://[::1]/`): allowed as the host, as
//!    `java.net.URI` parses them (RFC 2373 text form, at most 16 bytes, `::`
//!    standing for at least one group, an embedded IPv4 address whose parts
//!    may have leading zeros, a `%scope` of letters, digits, `_` and `.`).
//!    RFC 2732 also adds `[` and `]` to `reserved`, so they may appear in a
//!    query, a fragment and an opaque part (not in a path).
//! 2. **"Other" characters**: a non-ASCII character that is neither a
//!    Unicode space separator (`Zs`, `Zl`, `Zp`) nor a C1 control may stand
//!    wherever RFC 2396 allows an escaped octet (`http://h/café`).
//! 3. **An empty relative path before a query** (`?q`), which RFC 2396's
//!    `relativeURI` lacks.
//! 4. **An empty authority needs something after it**: `http://` and `//`
//!    are errors (RFC 2396 allows them).
//! 5. **Server or registry**: the authority is a server (userinfo, host,
//!    port) when `java.net.URI`'s server parser accepts it, else a registry
//!    name (no host, no userinfo). That parser differs from RFC 2396's
//!    `server` rule: a one-label host name may start with a digit
//!    (`http://123/`), an IPv4 address has parts of at most 255 (`1.2.3.256`
//!    is a registry name, not RFC 2396's IPv4 address), and a port must fit
//!    a Java `int`.
//!
//! Everything else is RFC 2396 as written, from the grammar's tables.
//! Every answer is a slice of the input: no function allocates for an
//! ASCII URL without brackets, and the others copy the URL once.
//!
//! ```
//! use uriscan_crawl::spark::{parse_url, JavaUri};
//! let u = "http://user@Example.com:8080/a/b.html?x=1&y=2#frag";
//! assert_eq!(parse_url(u, "HOST"), Some("Example.com"));
//! assert_eq!(parse_url(u, "FILE"), Some("/a/b.html?x=1&y=2"));
//! assert_eq!(parse_url("http://[::1]:80/", "HOST"), Some("[::1]"));
//! assert_eq!(parse_url("http://a_b.example/", "HOST"), None); // a registry name
//! assert_eq!(parse_url("http://a_b.example/", "AUTHORITY"), Some("a_b.example"));
//! assert!(JavaUri::parse("http://h/a b").is_none());
//! ```

use core::ops::Range;

use uriscan::{Syntax, UriRef};

/// A URI reference as `java.net.URI` reads it: its raw components, each a
/// slice of the input (see the [module documentation](self)).
///
/// ```
/// use uriscan_crawl::spark::JavaUri;
/// let u = JavaUri::parse("mailto:a@b.example?subject=hi").unwrap();
/// assert_eq!((u.scheme(), u.path(), u.query()), (Some("mailto"), None, None)); // opaque
/// let u = JavaUri::parse("//u@[fe80::1%eth0]:8/p?q#f").unwrap();
/// assert_eq!((u.userinfo(), u.host(), u.path(), u.fragment()), (Some("u"), Some("[fe80::1%eth0]"), Some("/p"), Some("f")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JavaUri<'a> {
    input: &'a str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    path: Option<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Component ranges of one parse (in the input's offsets).
#[derive(Default)]
struct Ranges {
    scheme: Option<Range<usize>>,
    authority: Option<Range<usize>>,
    path: Range<usize>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

impl Ranges {
    /// The ranges of `u`, a parse of `text`, moved `shift` bytes left.
    fn of(u: &UriRef<'_>, text: &str, shift: usize) -> Ranges {
        let range = |s: &str| {
            let start = (s.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize).saturating_sub(shift);
            start..start.saturating_add(s.len())
        };
        let query = u.query().map(range);
        // The `/` put before a leading `?` is no path; an empty path (which
        // need not point into `text`) sits before the query, if any.
        let path = match u.path() {
            p if p.is_empty() || shift > 0 => {
                let at = empty_path_at(query.as_ref().map(|q| q.start));
                at..at
            }
            p => range(p),
        };
        Ranges {
            scheme: u.scheme().map(range),
            authority: u.authority().map(range),
            path,
            query,
            fragment: u.fragment().map(range),
        }
    }
}

/// Where an empty path sits: before the `?` of a query that starts at
/// `query_start`, or at the start.
fn empty_path_at(query_start: Option<usize>) -> usize {
    query_start.map_or(0, |q| q.saturating_sub(1))
}

impl<'a> JavaUri<'a> {
    /// `input` read as `new java.net.URI(input)` reads it; `None` where that
    /// throws. Never panics.
    ///
    /// ```
    /// use uriscan_crawl::spark::JavaUri;
    /// assert_eq!(JavaUri::parse("http://123/").unwrap().host(), Some("123"));
    /// assert_eq!(JavaUri::parse("http://1.2.3.256/").unwrap().host(), None);
    /// assert_eq!(JavaUri::parse("?q").unwrap().query(), Some("q"));
    /// assert!(JavaUri::parse("http://").is_none());
    /// assert!(JavaUri::parse("http://[v1.x]/").is_none());
    /// assert!(JavaUri::parse("http://h/\u{a0}").is_none());
    /// ```
    #[must_use]
    pub fn parse(input: &'a str) -> Option<JavaUri<'a>> {
        Self::parse_with(input, true)
    }

    /// [`JavaUri::parse`], where `read_server` says whether the userinfo and
    /// host are wanted: without it an authority of a URL RFC 2396 accepts
    /// as written is not read as a server (`userinfo` and `host` stay
    /// `None`); every other component, and whether the URL parses, are the
    /// same.
    fn parse_with(input: &'a str, read_server: bool) -> Option<JavaUri<'a>> {
        // A URL RFC 2396's tables accept as written is ASCII, has no
        // bracket and does not start with `?` (its grammar has none of
        // them): none of the amendments applies. Only another URL is
        // looked at for them.
        let (scheme, authority, path, query, fragment, plain);
        match Syntax::Rfc2396UriReference.parse(input) {
            // The components are slices of `input` already; an empty path
            // is put before the query, if any ([`empty_path_at`]).
            Ok(u) => {
                (scheme, authority, query, fragment, plain) =
                    (u.scheme(), u.authority(), u.query(), u.fragment(), true);
                path = match u.path() {
                    "" => {
                        let offset = |q: &str| (q.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
                        let at = empty_path_at(query.map(offset));
                        input.get(at..at)?
                    }
                    p => p,
                };
            }
            Err(_) if is_plain(input) => return None,
            Err(_) => {
                let (text, shift) = amended(input)?;
                let r = Ranges::of(&Syntax::Rfc2396UriReference.parse(&text).ok()?, &text, shift);
                let get = |r: Option<Range<usize>>| r.and_then(|r| input.get(r));
                (scheme, authority, query, fragment, plain) =
                    (get(r.scheme), get(r.authority), get(r.query), get(r.fragment), false);
                path = input.get(r.path)?;
            }
        }
        debug_assert!(!plain || is_plain(input));
        // Amendment 4: `java.net.URI` needs a path, query or fragment after an empty authority.
        if authority == Some("") && path.is_empty() && query.is_none() && fragment.is_none() {
            return None;
        }
        let opaque = scheme.is_some() && authority.is_none() && !path.starts_with('/');
        let (mut userinfo, mut host) = (None, None);
        // A plain URL's authority has no bracket, so whether it is a server
        // changes nothing but the userinfo and the host.
        if let Some(a) = authority.filter(|a| !a.is_empty() && (read_server || !plain)) {
            match server(a) {
                Some(s) => (userinfo, host) = (s.userinfo, Some(s.host)),
                // Brackets are not registry-name characters.
                None if a.contains(['[', ']']) => return None,
                None => {}
            }
        }
        Some(JavaUri {
            input,
            scheme,
            authority: authority.filter(|a| !a.is_empty()),
            userinfo,
            host,
            path: (!opaque).then_some(path),
            query: query.filter(|_| !opaque),
            fragment,
        })
    }

    /// `getScheme()`.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("HTTP://h/").unwrap().scheme(), Some("HTTP"));
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    /// `getRawAuthority()`: `None` when absent or empty.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("file:///x").unwrap().authority(), None);
    /// ```
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.authority
    }

    /// `getRawUserInfo()`: `None` unless the authority is a server.
    ///
    /// ```
    /// use uriscan_crawl::spark::JavaUri;
    /// assert_eq!(JavaUri::parse("http://u:p@h/").unwrap().userinfo(), Some("u:p"));
    /// assert_eq!(JavaUri::parse("http://u@h_/").unwrap().userinfo(), None);
    /// ```
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }

    /// `getHost()`: a host name, an IPv4 address or a bracketed IPv6
    /// literal; `None` unless the authority is a server.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("http://[::1]:8/").unwrap().host(), Some("[::1]"));
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.host
    }

    /// `getRawPath()`: `None` for an opaque URI (a scheme, then no `/`).
    ///
    /// ```
    /// use uriscan_crawl::spark::JavaUri;
    /// assert_eq!(JavaUri::parse("http://h").unwrap().path(), Some(""));
    /// assert_eq!(JavaUri::parse("urn:a:b").unwrap().path(), None);
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        self.path
    }

    /// `getRawQuery()`: `None` for an opaque URI.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("/p?a=[1]").unwrap().query(), Some("a=[1]"));
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// `getRawFragment()`.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("urn:a#b").unwrap().fragment(), Some("b"));
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// The part `part` names: the getter `parse_url` reads for it.
    ///
    /// ```
    /// use uriscan_crawl::spark::{JavaUri, Part};
    /// let u = JavaUri::parse("http://u@h:8/p?q#f").unwrap();
    /// assert_eq!((u.part(Part::Ref), u.part(Part::File)), (Some("f"), Some("/p?q")));
    /// ```
    #[must_use]
    pub fn part(&self, part: Part) -> Option<&'a str> {
        match part {
            Part::Host => self.host(),
            Part::Path => self.path(),
            Part::Query => self.query(),
            Part::Ref => self.fragment(),
            Part::Protocol => self.scheme(),
            Part::File => self.file(),
            Part::Authority => self.authority(),
            Part::UserInfo => self.userinfo(),
        }
    }

    /// Spark's `FILE`: the raw path, then `?` and the raw query if there is
    /// one (one slice of the input); `None` for an opaque URI.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::JavaUri::parse("http://h/a?b#c").unwrap().file(), Some("/a?b"));
    /// ```
    #[must_use]
    pub fn file(&self) -> Option<&'a str> {
        let path = self.path?;
        let offset = |s: &str| (s.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize);
        let start = offset(path);
        let end = self.query.map_or(start.saturating_add(path.len()), |q| offset(q).saturating_add(q.len()));
        self.input.get(start..end)
    }
}

/// Spark's `parse_url(url, part)` (and `try_parse_url`): the part of `url`
/// named `part` (case-sensitive: `HOST`, `PATH`, `QUERY`, `REF`,
/// `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO`), `None` (NULL) for another
/// part, an absent one, or a URL `java.net.URI` rejects. Never panics.
/// For a column, name the part once ([`Part::from_name`]) and call
/// [`Part::of`] on each row.
///
/// ```
/// use uriscan_crawl::spark::parse_url;
/// assert_eq!(parse_url("http://spark.apache.org/path?query=1", "PROTOCOL"), Some("http"));
/// assert_eq!(parse_url("https://spark.apache.org", "PATH"), Some(""));
/// assert_eq!(parse_url("inva lid://spark.apache.org/path?query=1", "HOST"), None);
/// assert_eq!(parse_url("http://h/", "host"), None);
/// ```
#[must_use]
pub fn parse_url<'a>(url: &'a str, part: &str) -> Option<&'a str> {
    Part::from_name(part)?.of(url)
}

/// A part `parse_url` knows, by the name Spark gives it.
///
/// ```
/// use uriscan_crawl::spark::Part;
/// let host = Part::from_name("HOST").unwrap();
/// assert_eq!(host.of("http://u@h:8/p?q#f"), Some("h"));
/// assert_eq!(Part::from_name("FILE").unwrap().of("http://u@h:8/p?q#f"), Some("/p?q"));
/// assert_eq!(Part::from_name("Host"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `HOST`: [`JavaUri::host`].
    Host,
    /// `PATH`: [`JavaUri::path`].
    Path,
    /// `QUERY`: [`JavaUri::query`].
    Query,
    /// `REF`: [`JavaUri::fragment`].
    Ref,
    /// `PROTOCOL`: [`JavaUri::scheme`].
    Protocol,
    /// `FILE`: [`JavaUri::file`].
    File,
    /// `AUTHORITY`: [`JavaUri::authority`].
    Authority,
    /// `USERINFO`: [`JavaUri::userinfo`].
    UserInfo,
}

impl Part {
    /// Every part, in Spark's documentation's order.
    pub const ALL: [Part; 8] =
        [Part::Host, Part::Path, Part::Query, Part::Ref, Part::Protocol, Part::File, Part::Authority, Part::UserInfo];

    /// The names of [`Part::ALL`], in its order (the registry's choices for
    /// `parse_url`'s part: `uriscan_crawl::function_set::ParamKind::OneOf`).
    ///
    /// ```
    /// use uriscan_crawl::spark::Part;
    /// assert_eq!(Part::NAMES[0], "HOST");
    /// assert!(Part::NAMES.iter().zip(Part::ALL).all(|(n, p)| Part::from_name(n) == Some(p)));
    /// ```
    pub const NAMES: [&'static str; 8] = names_of!(Part, 8);

    /// The name Spark gives the part.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::Part::UserInfo.name(), "USERINFO");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Part::Host => "HOST",
            Part::Path => "PATH",
            Part::Query => "QUERY",
            Part::Ref => "REF",
            Part::Protocol => "PROTOCOL",
            Part::File => "FILE",
            Part::Authority => "AUTHORITY",
            Part::UserInfo => "USERINFO",
        }
    }

    /// The part Spark names `name` (case-sensitive), or `None`: Spark's
    /// `parse_url` gives NULL for any other name.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::spark::Part::from_name("REF"), Some(uriscan_crawl::spark::Part::Ref));
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }

    /// This part of `url` as `parse_url` gives it: `None` for an absent
    /// part or a URL `java.net.URI` rejects. Only `HOST` and `USERINFO`
    /// read the authority as a server.
    ///
    /// ```
    /// use uriscan_crawl::spark::Part;
    /// assert_eq!(Part::Path.of("http://a_b.example/x"), Some("/x"));
    /// assert_eq!(Part::Host.of("http://a_b.example/x"), None); // a registry name
    /// assert_eq!(Part::Query.of("http://h/a b?q"), None); // rejected
    /// ```
    #[must_use]
    pub fn of(self, url: &str) -> Option<&str> {
        JavaUri::parse_with(url, matches!(self, Part::Host | Part::UserInfo))?.part(self)
    }
}

/// The key of Spark's `parse_url(url, 'QUERY', key)`: Spark finds the first
/// match of the Java regular expression `(&|^)KEY=([^&]*)` in the raw query,
/// `KEY` pasted in as written, and returns its second group. A key with no
/// regular-expression metacharacter is matched as text; another is compiled
/// by the `regex` crate, whose syntax agrees with Java's on the common
/// constructs (classes, groups, alternation, repetition) but lacks
/// look-around and backreferences.
///
/// ```
/// use uriscan_crawl::spark::QueryKey;
/// let k = QueryKey::new("a").unwrap();
/// assert_eq!(k.find("b=2&a=1&a=3"), Some("1"));
/// assert_eq!(QueryKey::new("a.c").unwrap().find("abc=3"), Some("3"));
/// assert!(QueryKey::new("k(").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct QueryKey {
    key: String,
    regex: Option<regex::Regex>,
}

/// A `parse_url` key that is not a valid regular expression (Spark fails
/// the query with Java's `PatternSyntaxException` on the first row that has
/// a query).
///
/// ```
/// let e = uriscan_crawl::spark::QueryKey::new("k[]").unwrap_err();
/// assert!(e.to_string().contains("k[]"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryKeyError {
    key: String,
}

impl core::fmt::Display for QueryKeyError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "parse_url: the key {:?} is not a valid regular expression", self.key)
    }
}

impl std::error::Error for QueryKeyError {}

impl QueryKey {
    /// The key `key`, compiled when it holds a metacharacter.
    ///
    /// # Errors
    /// [`QueryKeyError`] when `(&|^)KEY=([^&]*)` is not a valid regular expression.
    ///
    /// ```
    /// assert!(uriscan_crawl::spark::QueryKey::new("a|b").is_ok());
    /// ```
    pub fn new(key: &str) -> Result<QueryKey, QueryKeyError> {
        let literal = !key.contains(['\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$']);
        let regex = if literal {
            None
        } else {
            let pattern = format!("(&|^){key}=([^&]*)");
            Some(regex::Regex::new(&pattern).map_err(|_| QueryKeyError { key: key.to_owned() })?)
        };
        Ok(QueryKey { key: key.to_owned(), regex })
    }

    /// The value Spark's regular expression finds in the raw query `query`.
    ///
    /// ```
    /// use uriscan_crawl::spark::QueryKey;
    /// assert_eq!(QueryKey::new("a").unwrap().find("aa=1&a=2"), Some("2"));
    /// assert_eq!(QueryKey::new("a").unwrap().find("a&a=1"), Some("1"));
    /// assert_eq!(QueryKey::new("").unwrap().find("=1"), Some("1"));
    /// ```
    #[must_use]
    pub fn find<'q>(&self, query: &'q str) -> Option<&'q str> {
        if let Some(re) = &self.regex {
            return re.captures(query).and_then(|c| c.get(2)).map(|m| m.as_str());
        }
        let b = query.as_bytes();
        let k = self.key.as_bytes();
        // Where the pattern can start: the query's start and after each `&`.
        let starts = core::iter::once(0).chain(memchr::memchr_iter(b'&', b).map(|i| i + 1));
        for i in starts {
            let rest = &b[i..];
            if rest.starts_with(k) && rest.get(k.len()) == Some(&b'=') {
                let v = i + k.len() + 1;
                let end = memchr::memchr(b'&', &b[v..]).map_or(b.len(), |e| v + e);
                return query.get(v..end);
            }
        }
        None
    }
}

/// Spark's `parse_url(url, 'QUERY', key)`: the value [`QueryKey::find`]
/// finds in the raw query of `url`; `None` when `url` has no query or
/// `java.net.URI` rejects it. Never panics.
///
/// ```
/// use uriscan_crawl::spark::{parse_url_query, QueryKey};
/// let key = QueryKey::new("query").unwrap();
/// assert_eq!(parse_url_query("http://spark.apache.org/path?query=1", &key), Some("1"));
/// assert_eq!(parse_url_query("mailto:a?query=1", &key), None);
/// ```
#[must_use]
pub fn parse_url_query<'a>(url: &'a str, key: &QueryKey) -> Option<&'a str> {
    key.find(Part::Query.of(url)?)
}

/// Whether `c` is one of `java.net.URI`'s "other" characters: non-ASCII,
/// not a Unicode space separator (`Character.isSpaceChar`) and not a C1
/// control (`Character.isISOControl`).
fn is_other(c: char) -> bool {
    !matches!(c,
        '\0'..='\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// Whether none of `java.net.URI`'s amendments can apply to `input`: ASCII,
/// no bracket, not starting with `?`.
fn is_plain(input: &str) -> bool {
    !input.starts_with('?') && input.is_ascii() && memchr::memchr2(b'[', b']', input.as_bytes()).is_none()
}

/// `input` with `java.net.URI`'s amendments to RFC 2396 written as bytes
/// RFC 2396 accepts in the same places, byte for byte: an "other"
/// character as `_` bytes (an `unreserved` byte, allowed wherever an escaped
/// octet is and nowhere else an "other" character is not), `[` and `]` in
/// the query, fragment or opaque part as `_`, a valid IPv6 host as `a`
/// bytes (a host name); and `/` before a leading `?`. The second value is
/// the number of bytes put in front. `None` when nothing can match.
fn amended(input: &str) -> Option<(String, usize)> {
    let b = input.as_bytes();
    // java.net.URI's split: a scheme ends at a `:` before any `/ ? #`, an
    // authority follows `//`, brackets are data from the first `?` or `#`
    // on (or from the start of an opaque part).
    let scheme_end = b.iter().position(|&c| matches!(c, b'/' | b'?' | b'#' | b':')).filter(|&i| b[i] == b':' && i > 0);
    let rest = scheme_end.map_or(0, |i| i + 1);
    let authority = b[rest..].starts_with(b"//").then(|| {
        let start = rest + 2;
        start..b[start..].iter().position(|&c| matches!(c, b'/' | b'?' | b'#')).map_or(b.len(), |e| start + e)
    });
    let data_from = if scheme_end.is_some() && b.get(rest) != Some(&b'/') {
        rest
    } else {
        let after = authority.as_ref().map_or(rest, |a| a.end);
        b[after..].iter().position(|&c| c == b'?' || c == b'#').map_or(b.len(), |i| after + i)
    };
    let shift = usize::from(input.starts_with('?'));
    let mut out = Vec::with_capacity(b.len() + shift);
    if shift == 1 {
        out.push(b'/');
    }
    for (i, c) in input.char_indices() {
        if !c.is_ascii() && is_other(c) {
            out.extend(core::iter::repeat_n(b'_', c.len_utf8()));
        } else if (c == '[' || c == ']') && i >= data_from {
            out.push(b'_');
        } else {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    if let Some(a) = authority {
        if let Some(host) = input.get(a.clone()).and_then(server).map(|s| s.host).filter(|h| h.starts_with('[')) {
            let start = (host.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize) + shift;
            out.get_mut(start..start + host.len())?.fill(b'a');
        }
    }
    String::from_utf8(out).ok().map(|s| (s, shift))
}

/// A server authority: `[userinfo@]host[:port]`.
struct Server<'a> {
    userinfo: Option<&'a str>,
    host: &'a str,
}

/// `authority` as `java.net.URI`'s server parser reads it (`parseServer`);
/// `None` when that fails (the authority is then a registry name).
fn server(authority: &str) -> Option<Server<'_>> {
    let b = authority.as_bytes();
    let n = b.len();
    let mut p = 0;
    let mut userinfo = None;
    // (An authority is short: a search in registers, not a `memchr` call.)
    let at = crate::clickhouse_url::find_byte_near(b, 0, b'@');
    if at < n {
        let u = authority.get(..at)?;
        if u.contains(['[', ']']) {
            return None;
        }
        userinfo = Some(u);
        p = at + 1;
    }
    let host_start = p;
    if b.get(p) == Some(&b'[') {
        let close = p + 1 + memchr::memchr(b']', &b[p + 1..])?;
        let inner = &b[p + 1..close];
        let (addr, scope) = match memchr::memchr(b'%', inner) {
            Some(i) => (&inner[..i], Some(&inner[i + 1..])),
            None => (inner, None),
        };
        if inner.is_empty() || !ipv6(addr) {
            return None;
        }
        if let Some(scope) = scope {
            if scope.is_empty() || !scope.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
                return None;
            }
        }
        p = close + 1;
    } else {
        // An IPv4 address starts with a digit.
        let v4 = if b.get(p).is_some_and(u8::is_ascii_digit) { ipv4(b, p, false) } else { None };
        p = match v4 {
            Some(q) if q >= n || b[q] == b':' => q,
            _ => hostname(b, p)?,
        };
    }
    let host = authority.get(host_start..p)?;
    if b.get(p) == Some(&b':') {
        p += 1;
        let q = p + b[p..].iter().take_while(|c| c.is_ascii_digit()).count();
        // The port must be a Java `int`.
        if q > p && authority.get(p..q)?.parse::<i32>().is_err() {
            return None;
        }
        p = q;
    }
    (p == n).then_some(Server { userinfo, host })
}

/// The length of the run of bytes from `start` that satisfy `f`.
fn run(b: &[u8], start: usize, f: impl Fn(u8) -> bool) -> usize {
    b.get(start..).map_or(0, |r| r.iter().take_while(|&&c| f(c)).count())
}

/// `java.net.URI.Parser.scanIPv4Address`: four decimal parts of at most 255
/// (leading zeros allowed) joined by `.`, where the run of digits and dots
/// ends; with `strict`, that run must end at `b`'s end. The end, or `None`.
fn ipv4(b: &[u8], start: usize, strict: bool) -> Option<usize> {
    let m = start + run(b, start, |c| c.is_ascii_digit() || c == b'.');
    if m <= start || (strict && m != b.len()) {
        return None;
    }
    let mut p = start;
    for part in 0..4 {
        let q = p + run(&b[..m], p, |c| c.is_ascii_digit());
        let value = core::str::from_utf8(&b[p..q]).ok()?.parse::<i32>().ok()?;
        if q == p || value > 255 {
            return None;
        }
        p = q;
        if part < 3 {
            if b.get(p) != Some(&b'.') || p >= m {
                return None;
            }
            p += 1;
        }
    }
    (p == m).then_some(p)
}

/// What the host-name scan ([`hostname`]) knows of a byte: its kind in
/// the low three bits (a letter or a digit [`ALNUM`], `-` [`DASH`], `.`
/// [`DOT`], 0 for any other byte, which ends the name), and above them
/// the kinds that may not follow it: after a `.` (as at the start) neither
/// `-` nor `.`, after a `-` no `.` (and no end, checked after the scan).
const HOST_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if b.is_ascii_alphanumeric() {
            ALNUM
        } else if b == b'-' {
            DASH | DOT << 3
        } else if b == b'.' {
            DOT | AFTER_DOT << 3
        } else {
            0
        };
        c += 1;
    }
    t
};
/// A letter or a digit, in [`HOST_BYTE`].
const ALNUM: u8 = 1;
/// `-`, in [`HOST_BYTE`].
const DASH: u8 = 2;
/// `.`, in [`HOST_BYTE`].
const DOT: u8 = 4;
/// The kinds that may not follow a `.` or start a label.
const AFTER_DOT: u8 = DASH | DOT;

/// `java.net.URI.Parser.parseHostname`: labels of letters, digits and inner
/// `-`, joined by `.` (a trailing `.` allowed), ended by `:` or the end;
/// the last label starts with a letter unless it is the only one. The end,
/// or `None`. One pass over the bytes, each looked up in [`HOST_BYTE`]
/// alone: what may follow a byte comes from its own entry, so no lookup
/// waits for the one before (a state table's next state does: one load's
/// latency a byte). The last label is found afterwards.
fn hostname(b: &[u8], start: usize) -> Option<usize> {
    let mut p = start;
    let mut forbidden = AFTER_DOT;
    let mut bad = 0;
    while let Some(&c) = b.get(p) {
        let e = HOST_BYTE[usize::from(c)];
        let kind = e & 7;
        if kind == 0 {
            break;
        }
        bad |= forbidden & kind;
        forbidden = e >> 3;
        p += 1;
    }
    // A `-` ends neither a label nor the name (`forbidden` is `DOT` only after one).
    if bad != 0 || forbidden == DOT || b.get(p).is_some_and(|&c| c != b':') {
        return None;
    }
    // The last label: after the last `.` but a trailing one.
    let host = b.get(start..p)?;
    let labels = host.strip_suffix(b".").unwrap_or(host);
    if labels.is_empty() {
        return None;
    }
    let last = labels.iter().rposition(|&c| c == b'.').map_or(0, |i| i + 1);
    if last > 0 && !labels[last].is_ascii_alphabetic() {
        return None;
    }
    Some(p)
}

/// `java.net.URI.Parser.parseIPv6Reference` over the whole of `a`.
fn ipv6(a: &[u8]) -> bool {
    let mut bytes = 0usize;
    let Some(end) = ipv6_end(a, &mut bytes) else {
        return false;
    };
    let compressed = a.windows(2).any(|w| w == b"::");
    end == a.len() && bytes <= 16 && (compressed || bytes == 16) && !(compressed && bytes == 16)
}

/// Where `parseIPv6Reference` stops, counting the address bytes in `bytes`.
fn ipv6_end(a: &[u8], bytes: &mut usize) -> Option<usize> {
    match hex_seq(a, 0, bytes)? {
        Some(q) if a[q..].starts_with(b"::") => hex_post(a, q + 2, bytes),
        Some(q) if a.get(q) == Some(&b':') => {
            let p = ipv4(a, q + 1, true)?;
            *bytes += 4;
            Some(p)
        }
        Some(q) => Some(q),
        None if a.starts_with(b"::") => hex_post(a, 2, bytes),
        None => Some(0),
    }
}

/// `scanHexSeq`: groups of 1 to 4 hex digits joined by single `:`s, up to
/// a `::` or an embedded IPv4 address. `Some(None)` when there is no group
/// (or the first starts an IPv4 address), `None` on a failure.
fn hex_seq(a: &[u8], start: usize, bytes: &mut usize) -> Option<Option<usize>> {
    let hex = |p: usize| p + run(a, p, |c| c.is_ascii_hexdigit());
    let q = hex(start);
    if q <= start || a.get(q) == Some(&b'.') {
        return Some(None);
    }
    if q > start + 4 {
        return None;
    }
    *bytes += 2;
    let mut p = q;
    while p < a.len() {
        if a[p] != b':' || a.get(p + 1) == Some(&b':') {
            break;
        }
        p += 1;
        let q = hex(p);
        if q <= p {
            return None;
        }
        if a.get(q) == Some(&b'.') {
            p -= 1;
            break;
        }
        if q > p + 4 {
            return None;
        }
        *bytes += 2;
        p = q;
    }
    Some(Some(p))
}

/// `scanHexPost`: what follows a `::`.
fn hex_post(a: &[u8], start: usize, bytes: &mut usize) -> Option<usize> {
    if start == a.len() {
        return Some(start);
    }
    match hex_seq(a, start, bytes)? {
        Some(q) if q > start => {
            if a.get(q) == Some(&b':') {
                let p = ipv4(a, q + 1, true)?;
                *bytes += 4;
                Some(p)
            } else {
                Some(q)
            }
        }
        _ => {
            let p = ipv4(a, start, true)?;
            *bytes += 4;
            Some(p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `java.net.URI.Parser.parseHostname` as Java writes it (label by label, the
    /// shape of `parseHostname`; the twin the one-pass [`hostname`] is tested
    /// against): labels of letters, digits and inner
    /// `-`, joined by `.` (a trailing `.` allowed); the last label starts with a
    /// letter unless it is the only one. The end, or `None`.
    fn hostname_by_labels(b: &[u8], start: usize) -> Option<usize> {
        let n = b.len();
        let mut p = start;
        let mut last = None;
        loop {
            let q = p + run(b, p, |c| c.is_ascii_alphanumeric());
            if q <= p {
                break;
            }
            last = Some(p);
            p = q;
            let q = p + run(b, p, |c| c.is_ascii_alphanumeric() || c == b'-');
            if q > p {
                if b[q - 1] == b'-' {
                    return None;
                }
                p = q;
            }
            if b.get(p) != Some(&b'.') {
                break;
            }
            p += 1;
            if p >= n {
                break;
            }
        }
        if p < n && b[p] != b':' {
            return None;
        }
        let last = last?;
        if last > start && !b[last].is_ascii_alphabetic() {
            return None;
        }
        Some(p)
    }

    /// The one-pass host-name scan against the label-by-label one on every
    /// string of up to 7 bytes over letters, digits, `-`, `.`, `:`, `_`
    /// (each start 0 and 1).
    #[test]
    fn hostname_equals_the_label_by_label_scan() {
        let alphabet = b"a1-.:_Z";
        let mut checked = 0;
        for len in 0..=7u32 {
            for mut k in 0..alphabet.len().pow(len) {
                let mut s = Vec::with_capacity(len as usize);
                for _ in 0..len {
                    s.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                for start in 0..=s.len().min(1) {
                    assert_eq!(
                        hostname(&s, start),
                        hostname_by_labels(&s, start),
                        "{:?} from {start}",
                        String::from_utf8_lossy(&s)
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 900_000);
    }
}
