//! Spark's `parse_url(url, part [, key])` on an RFC 3986 parser.
//!
//! Spark computes each part from `java.net.URI` (RFC 2396 with some RFC 3986
//! readings), with the raw (not decoded) getters, and returns NULL for a URL
//! `java.net.URI` rejects (outside ANSI mode). Here the URL must be an RFC
//! 3986 URI reference, and the parts follow Spark's definitions:
//!
//! | part | Spark (`java.net.URI`) | here |
//! |---|---|---|
//! | `PROTOCOL` | `getScheme()` | the scheme |
//! | `HOST` | `getHost()`: NULL when the authority is empty or not a server authority | the host when it is an IP address or a host name by RFC 2396's `hostname` rule (labels of letters, digits and inner `-`; a last label after a `.` starts with a letter), else NULL |
//! | `AUTHORITY` | `getRawAuthority()`, NULL when empty | the authority, NULL when empty |
//! | `USERINFO` | `getRawUserInfo()`, NULL unless a server authority | the userinfo, NULL unless the host is as for `HOST` |
//! | `PATH` | `getRawPath()`, NULL for an opaque URI | the path, NULL when opaque |
//! | `QUERY` | `getRawQuery()`, NULL for an opaque URI | the query, NULL when opaque |
//! | `QUERY`, key | first match of the regex `(&\|^)key=([^&]*)` in the raw query | the raw value of the first `&`-separated piece that starts with `key=` |
//! | `FILE` | raw path, then `?` and the raw query if there is one | the same (one slice of the input) |
//! | `REF` | `getRawFragment()` | the fragment |
//! | anything else (parts are case-sensitive) | NULL | NULL |
//!
//! An *opaque* URI has a scheme and no authority, and a path that does not
//! start with `/` (`mailto:a@b.example`): `java.net.URI` gives it no path,
//! query or file. `foo:` (scheme, nothing else) is an error for
//! `java.net.URI`, so every part is NULL.
//!
//! Where the results differ from Spark's, it is because RFC 3986 and
//! `java.net.URI` disagree on validity:
//!
//! - `java.net.URI` accepts non-ASCII characters ("other" characters) in
//!   every component; RFC 3986 does not, so such URLs give NULL here.
//! - RFC 3986 allows `[` `]` only around an IP literal, as Java does; but
//!   Java rejects `IPvFuture` literals (`http://[v1.x]/`), which RFC 3986
//!   accepts (here `HOST` gives `[v1.x]`).
//! - The key of `QUERY` is a regular expression for Spark (`a.c` matches
//!   `abc=1`) and a literal here.
//! - A key given without `=` (`?flag`) matches neither.
//!
//! DataFusion's own `datafusion-spark` `parse_url` is built on the WHATWG
//! `url` crate instead, which normalizes (lowercases the host, resolves
//! `..`, adds `/` as the path of `http://h`) and fails on relative URLs
//! that contain `://`; this one returns the parts as written.

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::ColumnarValue;
use std::sync::Arc;
use uriscan::{HostKind, UriRef};

use crate::{as_views, literal, nulls};

/// Spark's `parse_url(url, part [, key])` for one URL (see the [module
/// documentation](self)): `None` for NULL. The result is a slice of `url`.
///
/// ```
/// use uriscan_datafusion::spark::parse_url_part;
/// let u = "http://user@Example.com:8080/a/b.html?x=1&y=2#frag";
/// assert_eq!(parse_url_part(u, "HOST", None), Some("Example.com"));
/// assert_eq!(parse_url_part(u, "FILE", None), Some("/a/b.html?x=1&y=2"));
/// assert_eq!(parse_url_part(u, "QUERY", Some("y")), Some("2"));
/// assert_eq!(parse_url_part("mailto:a@b.example", "PATH", None), None);
/// assert_eq!(parse_url_part("http://a_b.example/", "HOST", None), None);
/// ```
#[must_use]
pub fn parse_url_part<'a>(url: &'a str, part: &str, key: Option<&str>) -> Option<&'a str> {
    let u = UriRef::parse(url).ok()?;
    let opaque = u.scheme().is_some() && u.authority().is_none() && !u.path().starts_with('/');
    if opaque && u.path().is_empty() && u.query().is_none() {
        // `java.net.URI`: "Expected scheme-specific part".
        return None;
    }
    let server = || java_server_host(&u);
    match (part, key) {
        ("PROTOCOL", None) => u.scheme(),
        ("HOST", None) => u.host().filter(|_| server()),
        ("AUTHORITY", None) => u.authority().filter(|a| !a.is_empty()),
        ("USERINFO", None) => u.userinfo().filter(|_| server()),
        ("PATH", None) => (!opaque).then(|| u.path()),
        ("QUERY", None) => u.query().filter(|_| !opaque),
        ("QUERY", Some(key)) => u.query().filter(|_| !opaque).and_then(|q| {
            uriscan::QueryPairs::new(q).find(|p| p.key == key && p.value.is_some()).and_then(|p| p.value)
        }),
        ("FILE", None) if !opaque => {
            let path = u.path();
            // Path and query are slices of `url`: FILE is the slice from
            // the start of one to the end of the other.
            let offset = |s: &str| (s.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
            let start = offset(path);
            let end = u.query().map_or(start.wrapping_add(path.len()), |q| offset(q).wrapping_add(q.len()));
            url.get(start..end)
        }
        ("REF", None) => u.fragment(),
        _ => None,
    }
}

/// Whether `java.net.URI` reads the host of `u` as a server host: an IP
/// address, or RFC 2396's `hostname` (the check of
/// `java.net.URI.Parser.parseHostname`).
fn java_server_host(u: &UriRef<'_>) -> bool {
    let (Some(host), Some(kind)) = (u.host(), u.host_kind()) else {
        return false;
    };
    match kind {
        HostKind::Ipv4 | HostKind::Ipv6 => true,
        HostKind::IpvFuture => false,
        _ => {
            let labels = host.strip_suffix('.').unwrap_or(host);
            let good = |label: &str| {
                !label.is_empty()
                    && label.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
                    && !label.starts_with('-')
                    && !label.ends_with('-')
            };
            match labels.rsplit_once('.') {
                // A rightmost label after a `.` starts with a letter.
                Some((_, last)) => {
                    labels.split('.').all(good) && last.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
                }
                None => good(labels),
            }
        }
    }
}

/// `parse_url` over a column of URLs, with `part` and `key` literals or columns.
pub(crate) fn parse_url(urls: &dyn Array, rest: &[ColumnarValue], rows: usize) -> Result<ArrayRef> {
    let Some(part_arg) = rest.first() else {
        return exec_err!("parse_url needs 2 or 3 arguments");
    };
    let key_arg = rest.get(1);
    match (literal(part_arg), key_arg.map(literal)) {
        (Some(None), _) | (_, Some(Some(None))) => Ok(nulls(rows)),
        (Some(Some(part)), None) => {
            Ok(Arc::new(uriscan_arrow::slices(urls, |_, url| parse_url_part(url, part, None))?))
        }
        (Some(Some(part)), Some(Some(Some(key)))) => {
            Ok(Arc::new(uriscan_arrow::slices(urls, |_, url| parse_url_part(url, part, Some(key)))?))
        }
        _ => {
            let parts = as_views(part_arg, rows)?;
            let keys = key_arg.map(|k| as_views(k, rows)).transpose()?;
            Ok(Arc::new(uriscan_arrow::slices(urls, |i, url| {
                let part = parts.is_valid(i).then(|| parts.value(i))?;
                let key = match &keys {
                    Some(k) => Some(k.is_valid(i).then(|| k.value(i))?),
                    None => None,
                };
                parse_url_part(url, part, key)
            })?))
        }
    }
}
