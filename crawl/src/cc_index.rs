//! The URL columns of Common Crawl's columnar index (the cc-index-table
//! schema, `cc-index-schema-flat.json`) for one URL in one call:
//! [`cc_index_columns`].
//!
//! The columns mean what the index's converter (`CCIndex2Table`, with its
//! `HostName` class) writes:
//! - `url_surtkey`: the SURT key ([`crate::surt()`]).
//! - `url_host_name`: the host, lower-cased; a dotted-quad IPv4 address and
//!   a bracketed IPv6 address as written, a decimal IPv4 form with fewer
//!   parts (`10.1`, `3232235777`) as its dotted quad; a name percent-decoded
//!   (form decoding, when every `%` starts a triplet), converted to
//!   punycode when not ASCII (IDNA 2003 mapping: `ß` is `ss`), one trailing
//!   dot cut. A name IDNA refuses has every host column `None`.
//! - `url_host_tld`, `url_host_2nd_last_part` … `url_host_5th_last_part`:
//!   the name's labels from the right ([`crate::hosts::host_nth_last_part`]);
//!   `None` for an IP address.
//! - `url_host_registry_suffix`, `url_host_registered_domain`: the public
//!   suffix and the domain below it, ICANN rules only;
//!   `url_host_private_suffix`, `url_host_private_domain`: the same with the
//!   private rules too ([`crate::domain_parts`]). `None` for an IP address,
//!   a name without a known suffix, and (the domains) a name that is a suffix.
//! - `url_host_name_reversed`: the labels reversed, joined by dots; `None`
//!   for an IP address.
//! - `url_protocol`: the scheme, lower-cased; `url_port`: the explicit port
//!   (`None` when absent or empty); `url_path`: the path (`""` when empty);
//!   `url_query`: the query, `None` without `?`.
//!
//! The converter reads URLs with `java.net.URL`, which refuses a URL
//! without a scheme; here such a URL gets only its `url_surtkey`, and a URL
//! without an authority (`mailto:`) no host columns. The components are RFC
//! 3986 Appendix B's ([`uriscan::split`]).

use std::borrow::Cow;

use crate::domain::{domain_parts, DomainOptions};
use crate::hosts::{host_nth_last_part, host_reversed};

/// The URL columns of a Common Crawl index row; see the module documentation.
///
/// ```
/// use uriscan_crawl::cc_index::cc_index_columns;
/// let c = cc_index_columns("https://www.Example.co.uk:8443/a/b.html?q=1#top");
/// assert_eq!(c.url_surtkey, "uk,co,example:8443)/a/b.html?q=1");
/// assert_eq!(c.url_host_name.as_deref(), Some("www.example.co.uk"));
/// assert_eq!(c.url_host_tld.as_deref(), Some("uk"));
/// assert_eq!(c.url_host_registered_domain.as_deref(), Some("example.co.uk"));
/// assert_eq!(c.url_host_name_reversed.as_deref(), Some("uk.co.example.www"));
/// assert_eq!((c.url_protocol.as_deref(), c.url_port), (Some("https"), Some(8443)));
/// assert_eq!((c.url_path.as_deref(), c.url_query.as_deref()), (Some("/a/b.html"), Some("q=1")));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CcIndexColumns {
    /// `url_surtkey`: the SURT key.
    pub url_surtkey: String,
    /// `url_host_name`: the canonical host name.
    pub url_host_name: Option<String>,
    /// `url_host_tld`: the last label of the host name.
    pub url_host_tld: Option<String>,
    /// `url_host_2nd_last_part`.
    pub url_host_2nd_last_part: Option<String>,
    /// `url_host_3rd_last_part`.
    pub url_host_3rd_last_part: Option<String>,
    /// `url_host_4th_last_part`.
    pub url_host_4th_last_part: Option<String>,
    /// `url_host_5th_last_part`.
    pub url_host_5th_last_part: Option<String>,
    /// `url_host_registry_suffix`: the public suffix (ICANN rules).
    pub url_host_registry_suffix: Option<String>,
    /// `url_host_registered_domain`: the domain below the registry suffix.
    pub url_host_registered_domain: Option<String>,
    /// `url_host_private_suffix`: the public suffix (ICANN and private rules).
    pub url_host_private_suffix: Option<String>,
    /// `url_host_private_domain`: the domain below the private suffix.
    pub url_host_private_domain: Option<String>,
    /// `url_host_name_reversed`: `com.example.www`.
    pub url_host_name_reversed: Option<String>,
    /// `url_protocol`: the scheme, lower-cased.
    pub url_protocol: Option<String>,
    /// `url_port`: the explicit port.
    pub url_port: Option<i32>,
    /// `url_path`: the path.
    pub url_path: Option<String>,
    /// `url_query`: the query.
    pub url_query: Option<String>,
}

/// What kind of host the converter sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ip,
    Name,
}

/// One dotted-quad part as the converter's canonical pattern accepts it: one
/// or two digits, or three from 100 to 255.
fn is_quad_part(p: &str) -> bool {
    let b = p.as_bytes();
    b.iter().all(u8::is_ascii_digit)
        && match b.len() {
            1 | 2 => true,
            3 => matches!(b[0], b'1' | b'2') && p.parse::<u16>().is_ok_and(|v| v <= 255),
            _ => false,
        }
}

/// A decimal IPv4 form of one to four parts (the last filling the remaining
/// bytes), as Java's `InetAddress.getByName` reads it; `None` when it is not
/// one or a part is out of range.
fn decimal_ipv4(host: &str) -> Option<std::net::Ipv4Addr> {
    let parts: Vec<&str> = host.split('.').collect();
    let (last, init) = parts.split_last()?;
    if init.len() > 3
        || !init.iter().all(|p| is_quad_part(p))
        || last.is_empty()
        || !last.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut value: u32 = 0;
    for p in init {
        let v: u8 = p.parse().ok()?;
        value = (value << 8) | u32::from(v);
    }
    let rest_bits = 8 * (4 - init.len() as u32);
    let last: u64 = last.parse().ok()?;
    if last >> rest_bits != 0 {
        return None;
    }
    // `init.len()` ≤ 3, so `rest_bits` ≥ 8 and the shift below is in range.
    let value = (u64::from(value) << rest_bits) | last;
    u32::try_from(value).ok().map(std::net::Ipv4Addr::from)
}

/// The converter's host name and kind, from the raw host of the URL.
fn canonical_host(raw: &str) -> Option<(Cow<'_, str>, Kind)> {
    let lower: Cow<'_, str> =
        if raw.chars().any(char::is_uppercase) { Cow::Owned(raw.to_lowercase()) } else { Cow::Borrowed(raw) };
    let parts: Vec<&str> = lower.split('.').collect();
    if parts.len() == 4 && parts.iter().all(|p| is_quad_part(p)) {
        return Some((lower, Kind::Ip));
    }
    if let Some(ip) = decimal_ipv4(&lower) {
        return Some((Cow::Owned(ip.to_string()), Kind::Ip));
    }
    let b = lower.as_bytes();
    if b.len() > 2
        && b[0] == b'['
        && b[b.len() - 1] == b']'
        && b[1..b.len() - 1].iter().all(|&c| c.is_ascii_hexdigit() || c == b':')
    {
        return Some((lower, Kind::Ip));
    }
    let mut name = lower;
    if name.contains('%') && uriscan::percent::decode(name.as_bytes()).is_ok() {
        name = Cow::Owned(uriscan::percent::decode_form_str_lossy(&*name).into_owned());
    }
    if !name.is_ascii() {
        name = Cow::Owned(crate::host_forms::idna2003_to_ascii(&name)?);
    }
    if let Some(cut) = name.strip_suffix('.') {
        name = Cow::Owned(cut.to_owned());
    }
    Some((name, Kind::Name))
}

impl CcIndexColumns {
    /// The columns' names, in the cc-index-table flat schema's order (the
    /// order of this struct's fields): every interface that writes them
    /// (the Arrow struct, the command line) takes them from here.
    ///
    /// ```
    /// use uriscan_crawl::cc_index::CcIndexColumns;
    /// assert_eq!((CcIndexColumns::NAMES[0], CcIndexColumns::NAMES[13]), ("url_surtkey", "url_port"));
    /// ```
    pub const NAMES: [&'static str; 16] = [
        "url_surtkey",
        "url_host_name",
        "url_host_tld",
        "url_host_2nd_last_part",
        "url_host_3rd_last_part",
        "url_host_4th_last_part",
        "url_host_5th_last_part",
        "url_host_registry_suffix",
        "url_host_registered_domain",
        "url_host_private_suffix",
        "url_host_private_domain",
        "url_host_name_reversed",
        "url_protocol",
        "url_port",
        "url_path",
        "url_query",
    ];

    /// The columns by value, in the order of [`NAMES`](CcIndexColumns::NAMES):
    /// the 13 text columns before `url_port` (the first, `url_surtkey`,
    /// always defined), `url_port`, and the 2 text columns after it. The
    /// strings are moved out, not copied: for writers that take the
    /// columns in order without naming each field.
    ///
    /// ```
    /// use uriscan_crawl::cc_index::{cc_index_columns, CcIndexColumns};
    /// let (text, port, rest) = cc_index_columns("https://www.example.com:8443/a?q=1").into_columns();
    /// let names = CcIndexColumns::NAMES;
    /// assert_eq!((names[0], text[0].as_deref()), ("url_surtkey", Some("com,example:8443)/a?q=1")));
    /// assert_eq!((names[1], text[1].as_deref()), ("url_host_name", Some("www.example.com")));
    /// assert_eq!((names[12], text[12].as_deref()), ("url_protocol", Some("https")));
    /// assert_eq!((names[13], port), ("url_port", Some(8443)));
    /// assert_eq!((names[14], rest[0].as_deref()), ("url_path", Some("/a")));
    /// assert_eq!((names[15], rest[1].as_deref()), ("url_query", Some("q=1")));
    /// ```
    #[must_use]
    pub fn into_columns(self) -> ([Option<String>; 13], Option<i32>, [Option<String>; 2]) {
        let CcIndexColumns {
            url_surtkey,
            url_host_name,
            url_host_tld,
            url_host_2nd_last_part,
            url_host_3rd_last_part,
            url_host_4th_last_part,
            url_host_5th_last_part,
            url_host_registry_suffix,
            url_host_registered_domain,
            url_host_private_suffix,
            url_host_private_domain,
            url_host_name_reversed,
            url_protocol,
            url_port,
            url_path,
            url_query,
        } = self;
        let text = [
            Some(url_surtkey),
            url_host_name,
            url_host_tld,
            url_host_2nd_last_part,
            url_host_3rd_last_part,
            url_host_4th_last_part,
            url_host_5th_last_part,
            url_host_registry_suffix,
            url_host_registered_domain,
            url_host_private_suffix,
            url_host_private_domain,
            url_host_name_reversed,
            url_protocol,
        ];
        (text, url_port, [url_path, url_query])
    }
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

/// The Common Crawl index's URL columns of `url`. Never panics.
///
/// ```
/// use uriscan_crawl::cc_index::cc_index_columns;
/// let c = cc_index_columns("http://user@a.b.blogspot.com/");
/// assert_eq!(c.url_host_registry_suffix.as_deref(), Some("com"));
/// assert_eq!(c.url_host_registered_domain.as_deref(), Some("blogspot.com"));
/// assert_eq!(c.url_host_private_suffix.as_deref(), Some("blogspot.com"));
/// assert_eq!(c.url_host_private_domain.as_deref(), Some("b.blogspot.com"));
/// assert_eq!((c.url_port, c.url_path.as_deref(), c.url_query), (None, Some("/"), None));
///
/// let ip = cc_index_columns("http://10.1:8080/x?");
/// assert_eq!(ip.url_host_name.as_deref(), Some("10.0.0.1"));
/// assert_eq!((ip.url_host_tld, ip.url_host_name_reversed), (None, None));
/// assert_eq!(ip.url_query.as_deref(), Some(""));
/// ```
#[must_use]
pub fn cc_index_columns(url: &str) -> CcIndexColumns {
    let mut c = CcIndexColumns { url_surtkey: crate::surt(url), ..CcIndexColumns::default() };
    let split = uriscan::split(url);
    let Some(scheme) = split.scheme else { return c };
    c.url_protocol = Some(scheme.to_ascii_lowercase());
    c.url_path = Some(crate::paths::path(url).to_owned());
    c.url_query = owned(split.query);
    c.url_port = crate::paths::port_raw(url)
        .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|p| p.parse().ok());
    let Some(raw) = crate::hosts::host_of(url) else { return c };
    let Some((host, kind)) = canonical_host(raw) else { return c };
    if kind == Kind::Name {
        let part = |n| owned(host_nth_last_part(&host, n));
        c.url_host_tld = part(1);
        c.url_host_2nd_last_part = part(2);
        c.url_host_3rd_last_part = part(3);
        c.url_host_4th_last_part = part(4);
        c.url_host_5th_last_part = part(5);
        c.url_host_name_reversed = Some(host_reversed(&host));
        let icann = domain_parts(&host, DomainOptions::default());
        let private = domain_parts(&host, DomainOptions::WITH_PRIVATE);
        c.url_host_registry_suffix = non_empty(icann.suffix);
        c.url_host_registered_domain = owned(icann.registrable_domain());
        c.url_host_private_suffix = non_empty(private.suffix);
        c.url_host_private_domain = owned(private.registrable_domain());
    }
    c.url_host_name = Some(host.into_owned());
    c
}
