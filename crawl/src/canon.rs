//! Canonicalization profiles: one call, a profile, any bytes.
//!
//! - [`Profile::Rfc3986`]: uriscan's RFC 3986 §6 normalization, scheme-based
//!   ([`uriscan::NormalizeOptions::SCHEME_BASED`]: case, percent-encoding,
//!   dot segments, default port, empty path). A line that is not a valid URI
//!   reference is an error: this profile never guesses.
//! - [`Profile::Archive`]: the web-archive canonical form, steps 1–13 of the
//!   [SURT module](mod@crate::surt) written back as a URL instead of reordered
//!   (`http://www.Archive.org:80/goo/?b=2&a=1#x` → `http://archive.org/goo?a=1&b=2`).
//!   As in the reference, the scheme keeps its case (`HTTP://Example.COM/A` →
//!   `HTTP://example.com/a`) and an IPv6 host loses its brackets
//!   (`http://[::1]/` → `http://::1/`): the form is a de-duplication key, not
//!   a URL to fetch.
//! - [`Profile::SafeBrowsing`]: Google Safe Browsing's canonicalization, step
//!   by step:
//!   1. trim ASCII white space at both ends, delete every tab, CR and LF;
//!      without a `scheme:`, prepend `http://`;
//!   2. split (RFC 3986 Appendix B); drop the fragment and the userinfo; the
//!      scheme is lowercased, the port kept;
//!   3. the host is percent-decoded until nothing changes; leading and
//!      trailing dots go and runs of dots become one; an IPv4 address in any
//!      form `inet_aton` reads (octal, hex, fewer than four parts) becomes a
//!      dotted quad; a bracketed IPv6 address is written in its shortest form,
//!      and an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`)
//!      one becomes its IPv4 address; the host is lowercased;
//!   4. the path is percent-decoded until nothing changes; with an authority,
//!      `.` and `..` segments are resolved (never above the root) and runs of
//!      `/` become one, an empty path is `/`;
//!   5. the query is percent-decoded until nothing changes (an empty query
//!      keeps its `?`);
//!   6. host, path and query are escaped: bytes up to 0x20, from 0x7F up,
//!      `#` and `%` become `%XX` with upper-case hex.

use std::borrow::Cow;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use uriscan::{NormalizeOptions, ParseError, Syntax};

use crate::escapes::{escape_once_into, unescape_repeatedly};
use crate::host_forms::push_ipv4;

/// A canonicalization profile for [`canon`].
///
/// ```
/// use uriscan_crawl::{canon, Profile};
/// assert_eq!(&*canon(b"HTTP://Example.COM:80/a/./b", Profile::Rfc3986).unwrap(), b"http://example.com/a/b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// RFC 3986 §6, scheme-based (uriscan's normalization).
    Rfc3986,
    /// The web-archive canonical form (the SURT canonicalizer).
    Archive,
    /// Google Safe Browsing's canonicalization.
    SafeBrowsing,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 3] = [Profile::Rfc3986, Profile::Archive, Profile::SafeBrowsing];

    /// The names of [`Profile::ALL`], in its order (the registry's choices
    /// for `uri_canon`'s profile).
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::Profile::NAMES, ["rfc3986", "archive", "safe-browsing"]);
    /// ```
    pub const NAMES: [&'static str; 3] = names_of!(Profile, 3);

    /// The profile's name: `"rfc3986"`, `"archive"` or `"safe-browsing"`.
    ///
    /// ```
    /// assert_eq!(uriscan_crawl::Profile::SafeBrowsing.name(), "safe-browsing");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Rfc3986 => "rfc3986",
            Profile::Archive => "archive",
            Profile::SafeBrowsing => "safe-browsing",
        }
    }

    /// One line on what the profile does (for help texts).
    ///
    /// ```
    /// assert!(uriscan_crawl::Profile::Archive.about().contains("SURT"));
    /// ```
    #[must_use]
    pub const fn about(self) -> &'static str {
        match self {
            Profile::Rfc3986 => "RFC 3986 section 6, syntax- and scheme-based (invalid lines are errors)",
            Profile::Archive => "The web-archive canonical form (the SURT canonicalizer, not reordered)",
            Profile::SafeBrowsing => "Google Safe Browsing's canonicalization",
        }
    }
}

impl std::str::FromStr for Profile {
    type Err = String;

    /// A profile by its [`name`](Profile::name), ASCII case ignored.
    ///
    /// ```
    /// use uriscan_crawl::Profile;
    /// assert_eq!("Archive".parse::<Profile>(), Ok(Profile::Archive));
    /// assert!("w3c".parse::<Profile>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Profile, String> {
        Profile::ALL.into_iter().find(|p| p.name().eq_ignore_ascii_case(s)).ok_or_else(|| {
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            format!("unknown profile '{s}' (expected one of: {})", names.join(", "))
        })
    }
}

/// Why [`canon`] gives no canonical form.
///
/// ```
/// use uriscan_crawl::{canon, CanonError, Profile};
/// assert!(matches!(canon(b"http://[::1", Profile::Rfc3986), Err(CanonError::Invalid(_))));
/// assert!(matches!(canon(b"", Profile::Archive), Err(CanonError::Empty)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonError {
    /// Not an RFC 3986 URI reference (for [`Profile::Rfc3986`]).
    Invalid(ParseError),
    /// An empty or white-space-only line, or an ARC `filedesc` header.
    Empty,
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::Invalid(e) => write!(f, "not a URI reference: {e}"),
            CanonError::Empty => f.write_str("nothing to canonicalize"),
        }
    }
}

impl std::error::Error for CanonError {}

/// The canonical form of `input` under `profile`; borrowed when the RFC 3986
/// profile finds it already normal. Never panics.
///
/// ```
/// use uriscan_crawl::{canon, Profile};
/// assert_eq!(&*canon(b"http://www.Archive.org:80/goo/?b=2&a=1#x", Profile::Archive).unwrap(), b"http://archive.org/goo?a=1&b=2");
/// assert_eq!(&*canon(b"http://3279880203/a/../b//c", Profile::SafeBrowsing).unwrap(), b"http://195.127.0.11/b/c");
/// ```
pub fn canon(input: &[u8], profile: Profile) -> Result<Cow<'_, [u8]>, CanonError> {
    match profile {
        Profile::Rfc3986 => {
            let u = Syntax::UriReference.parse_bytes(input).map_err(CanonError::Invalid)?;
            Ok(match u.normalize_str_with(NormalizeOptions::SCHEME_BASED) {
                Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
                Cow::Owned(s) => Cow::Owned(s.into_bytes()),
            })
        }
        Profile::Archive => crate::surt::archive_canonical(input).map(Cow::Owned).ok_or(CanonError::Empty),
        Profile::SafeBrowsing => safe_browsing(input).map(Cow::Owned).ok_or(CanonError::Empty),
    }
}

fn safe_browsing(input: &[u8]) -> Option<Vec<u8>> {
    let line: Vec<u8> = input.trim_ascii().iter().copied().filter(|b| !matches!(b, b'\t' | b'\r' | b'\n')).collect();
    if line.is_empty() {
        return None;
    }
    let has_scheme = line.first().is_some_and(u8::is_ascii_alphabetic)
        && line
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .is_some_and(|i| line[i] == b':');
    let line = if has_scheme { line } else { [&b"http://"[..], &line].concat() };
    let c = uriscan::split_bytes(&line);
    let mut out = Vec::with_capacity(line.len() + 8);
    let scheme = c.scheme.unwrap_or(b"http");
    out.extend(scheme.iter().map(u8::to_ascii_lowercase));
    out.push(b':');
    let path = unescape_repeatedly(c.path);
    if let Some(authority) = c.authority {
        let hostport = authority.rsplit(|&b| b == b'@').next().unwrap_or_default();
        let (host, port) = split_port(hostport);
        out.extend_from_slice(b"//");
        safe_browsing_host(host, &mut out);
        if let Some(p) = port {
            out.push(b':');
            escape_once_into(p, &mut out);
        }
        escape_once_into(&resolve_path(&path), &mut out);
    } else {
        escape_once_into(&path, &mut out);
    }
    if let Some(q) = c.query {
        out.push(b'?');
        escape_once_into(&unescape_repeatedly(q), &mut out);
    }
    Some(out)
}

/// Host and port of `host[:port]`, a bracketed literal kept whole.
fn split_port(hostport: &[u8]) -> (&[u8], Option<&[u8]>) {
    let from = if hostport.starts_with(b"[") { hostport.iter().position(|&b| b == b']').unwrap_or(0) } else { 0 };
    match hostport[from..].iter().position(|&b| b == b':') {
        Some(i) => (&hostport[..from + i], Some(&hostport[from + i + 1..])),
        None => (hostport, None),
    }
}

fn safe_browsing_host(raw: &[u8], out: &mut Vec<u8>) {
    let decoded = unescape_repeatedly(raw);
    if let Some(inner) = decoded.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")) {
        if let Some(v6) = std::str::from_utf8(inner).ok().and_then(|s| s.parse::<Ipv6Addr>().ok()) {
            let [a, b, c, d, e, f, g, h] = v6.segments();
            let v4 = |hi: u16, lo: u16| Ipv4Addr::from(u32::from(hi) << 16 | u32::from(lo));
            match (a, b, c, d, e, f) {
                (0, 0, 0, 0, 0, 0xffff) | (0x64, 0xff9b, 0, 0, 0, 0) => push_ipv4(v4(g, h), out),
                _ => out.extend_from_slice(format!("[{v6}]").as_bytes()),
            }
            return;
        }
    }
    let mut host = Vec::with_capacity(decoded.len());
    for &b in decoded.iter() {
        if !(b == b'.' && (host.is_empty() || host.last() == Some(&b'.'))) {
            host.push(b.to_ascii_lowercase());
        }
    }
    if host.last() == Some(&b'.') {
        host.pop();
    }
    let v4 = std::str::from_utf8(&host).ok().and_then(|h| {
        h.parse::<Ipv4Addr>().ok().or_else(|| uriscan::security::ambiguous_ipv4(h).and_then(|a| a.address()))
    });
    match v4 {
        Some(a) => push_ipv4(a, out),
        None => escape_once_into(&host, out),
    }
}

/// `.` and `..` resolved (never above the root), runs of `/` as one, `/`
/// for an empty path; a trailing `/` (or a final `.`/`..`) keeps its slash.
fn resolve_path(path: &[u8]) -> Vec<u8> {
    let mut segs: Vec<&[u8]> = Vec::new();
    let mut trailing = path.is_empty();
    for seg in path.split(|&b| b == b'/') {
        trailing = matches!(seg, b"" | b"." | b"..");
        match seg {
            b"" | b"." => {}
            b".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    let mut out = Vec::with_capacity(path.len() + 1);
    for s in &segs {
        out.push(b'/');
        out.extend_from_slice(s);
    }
    if trailing || segs.is_empty() {
        out.push(b'/');
    }
    out
}
