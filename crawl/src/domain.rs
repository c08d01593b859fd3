//! Public suffixes and registrable domains (eTLD+1) from the Public Suffix
//! List, split into subdomain / domain / suffix as Python's `tldextract`
//! does.
//!
//! The list is compiled into match code by the [`psl`] crate; a new list
//! comes with `cargo update -p psl` (the crate is republished when the list
//! changes). Both sections are there: a rule's section is reported, and
//! [`DomainOptions::private`] chooses whether private rules
//! (`blogspot.com`, `github.io`) count.
//!
//! How a host is answered:
//! - ASCII letters are matched case-insensitively (the parts keep the input's
//!   case); Unicode labels match the list's Unicode rules and punycode labels
//!   its `xn--` rules, so `公司.cn` and `xn--55qx5d.cn` are both suffixes.
//! - One trailing dot is ignored (`example.com.`); the parts never include it.
//! - An IPv4 dotted quad or a bracketed IP literal is its own domain, with no
//!   suffix and no registrable domain.
//! - A host whose last label no rule names (`localhost`, `printer.lan`) has no
//!   suffix, as in `tldextract`, unless [`DomainOptions::implicit_wildcard`]
//!   applies the list's implicit `*` rule.
//! - A host that is itself a public suffix (`co.uk`) has an empty domain and
//!   no registrable domain; so has a host whose label before the suffix is
//!   empty (`.co.uk`, `a..co.uk`).

use psl::{List, Psl, Type};

/// The section of the Public Suffix List a rule comes from.
///
/// ```
/// use uriscan_crawl::{domain_parts, DomainOptions, Section};
/// let p = domain_parts("a.github.io", DomainOptions::WITH_PRIVATE);
/// assert_eq!(p.section, Some(Section::Private));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The ICANN section (`com`, `co.uk`, `公司.cn`).
    Icann,
    /// The private section (`blogspot.com`, `github.io`).
    Private,
}

/// What a host is, for [`DomainParts`].
///
/// ```
/// use uriscan_crawl::{domain_parts, DomainOptions, HostClass};
/// assert_eq!(domain_parts("[::1]", DomainOptions::default()).class, HostClass::Ip);
/// assert_eq!(domain_parts("localhost", DomainOptions::default()).class, HostClass::Name);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostClass {
    /// A registered name (anything that is not an IP address), even empty.
    Name,
    /// An IPv4 dotted quad or a bracketed IP literal.
    Ip,
}

/// How [`domain_parts`] reads the list.
///
/// ```
/// use uriscan_crawl::{registrable_domain, DomainOptions};
/// assert_eq!(registrable_domain("x.blogspot.com", DomainOptions::default()), Some("blogspot.com"));
/// assert_eq!(registrable_domain("x.blogspot.com", DomainOptions::WITH_PRIVATE), Some("x.blogspot.com"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DomainOptions {
    /// Count the private section's rules (default `false`, as `tldextract`
    /// and Common Crawl's `url_host_registered_domain`).
    pub private: bool,
    /// Apply the list's implicit `*` rule, making an unknown last label a
    /// suffix (default `false`, as `tldextract`).
    pub implicit_wildcard: bool,
}

impl DomainOptions {
    /// ICANN and private rules.
    pub const WITH_PRIVATE: DomainOptions = DomainOptions { private: true, implicit_wildcard: false };
}

/// A host split into subdomain, domain and suffix, all slices of the input.
///
/// ```
/// use uriscan_crawl::{domain_parts, DomainOptions, Section};
/// let p = domain_parts("forums.news.cnn.co.uk.", DomainOptions::default());
/// assert_eq!((p.subdomain, p.domain, p.suffix), ("forums.news", "cnn", "co.uk"));
/// assert_eq!(p.registrable_domain(), Some("cnn.co.uk"));
/// assert_eq!(p.section, Some(Section::Icann));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DomainParts<'a> {
    /// The labels before the domain (empty when there are none).
    pub subdomain: &'a str,
    /// The label before the suffix; the last label of a host without a
    /// suffix; the whole host for an IP address; empty when the host is a
    /// suffix.
    pub domain: &'a str,
    /// The public suffix (empty when no rule matched).
    pub suffix: &'a str,
    /// The section of the matching rule (`None`: no rule, or the implicit one).
    pub section: Option<Section>,
    /// Name or IP address.
    pub class: HostClass,
    registrable: Option<&'a str>,
    host: &'a str,
}

impl<'a> DomainParts<'a> {
    /// The registrable domain: domain and suffix, when both are non-empty.
    ///
    /// ```
    /// use uriscan_crawl::{domain_parts, DomainOptions};
    /// assert_eq!(domain_parts("co.uk", DomainOptions::default()).registrable_domain(), None);
    /// assert_eq!(domain_parts("1.2.3.4", DomainOptions::default()).registrable_domain(), None);
    /// ```
    #[must_use]
    pub const fn registrable_domain(&self) -> Option<&'a str> {
        self.registrable
    }

    /// The key a crawler groups a host by: the registrable domain, or else
    /// the host itself (an IP address, `localhost`, a bare suffix), without
    /// a trailing dot.
    ///
    /// ```
    /// use uriscan_crawl::{domain_parts, DomainOptions};
    /// assert_eq!(domain_parts("a.b.example.com", DomainOptions::default()).site(), "example.com");
    /// assert_eq!(domain_parts("10.0.0.1", DomainOptions::default()).site(), "10.0.0.1");
    /// assert_eq!(domain_parts("localhost.", DomainOptions::default()).site(), "localhost");
    /// ```
    #[must_use]
    pub const fn site(&self) -> &'a str {
        match self.registrable {
            Some(r) => r,
            None => self.host,
        }
    }
}

/// Whether `host` is a dotted-quad IPv4 address or a bracketed literal. The
/// address is parsed only when the host ends with a digit.
fn is_ip(host: &str) -> bool {
    match host.as_bytes() {
        [b'[', .., b']'] => true,
        [.., last] if last.is_ascii_digit() => host.parse::<std::net::Ipv4Addr>().is_ok(),
        _ => false,
    }
}

/// `(before, last label)` of `name`, split at its last dot.
fn split_last_label(name: &str) -> (&str, &str) {
    match name.as_bytes().iter().rposition(|&b| b == b'.') {
        // The dot is ASCII, so both sides are on character boundaries.
        Some(i) => (name.get(..i).unwrap_or_default(), name.get(i + 1..).unwrap_or_default()),
        None => ("", name),
    }
}

/// Splits a host (a URL's host, not a URL) into subdomain, domain and
/// public suffix. Never panics; any string gets an answer.
///
/// ```
/// use uriscan_crawl::{domain_parts, DomainOptions};
/// let p = domain_parts("www.bücher.example.公司.cn", DomainOptions::default());
/// assert_eq!((p.subdomain, p.domain, p.suffix), ("www.bücher", "example", "公司.cn"));
/// let p = domain_parts("a.xn--55qx5d.cn", DomainOptions::default());
/// assert_eq!((p.domain, p.suffix), ("a", "xn--55qx5d.cn"));
/// ```
#[must_use]
pub fn domain_parts<'a>(host: &'a str, options: DomainOptions) -> DomainParts<'a> {
    let name = match host.as_bytes().last() {
        Some(b'.') => host.get(..host.len() - 1).unwrap_or_default(),
        _ => host,
    };
    let mut parts = DomainParts {
        subdomain: "",
        domain: name,
        suffix: "",
        section: None,
        class: HostClass::Ip,
        registrable: None,
        host: name,
    };
    if is_ip(name) {
        return parts;
    }
    parts.class = HostClass::Name;
    let (suffix_len, section) = suffix_len(name.as_bytes(), options);
    if suffix_len == 0 || suffix_len > name.len() {
        (parts.subdomain, parts.domain) = split_last_label(name);
        return parts;
    }
    let split = name.len() - suffix_len;
    parts.suffix = name.get(split..).unwrap_or_default();
    parts.section = section;
    if split == 0 {
        parts.domain = "";
        return parts;
    }
    // The byte before the suffix is its dot.
    (parts.subdomain, parts.domain) = split_last_label(name.get(..split - 1).unwrap_or_default());
    parts.registrable = (!parts.domain.is_empty()).then(|| name.get(split - 1 - parts.domain.len()..)).flatten();
    parts
}

/// The registrable domain (eTLD+1) of a host, or `None` (an IP address, a
/// public suffix, a host without a known suffix).
///
/// ```
/// use uriscan_crawl::{registrable_domain, DomainOptions};
/// assert_eq!(registrable_domain("www.Example.CO.UK", DomainOptions::default()), Some("Example.CO.UK"));
/// ```
#[must_use]
pub fn registrable_domain(host: &str, options: DomainOptions) -> Option<&str> {
    domain_parts(host, options).registrable_domain()
}

/// The public suffix of a host, or `None` when no rule matches.
///
/// ```
/// use uriscan_crawl::{public_suffix, DomainOptions};
/// assert_eq!(public_suffix("a.b.github.io", DomainOptions::WITH_PRIVATE), Some("github.io"));
/// assert_eq!(public_suffix("a.b.github.io", DomainOptions::default()), Some("io"));
/// ```
#[must_use]
pub fn public_suffix(host: &str, options: DomainOptions) -> Option<&str> {
    Some(domain_parts(host, options).suffix).filter(|s| !s.is_empty())
}

/// Length in bytes of the public suffix of `name` (no trailing dot), 0 for none.
fn suffix_len(name: &[u8], options: DomainOptions) -> (usize, Option<Section>) {
    if !name.iter().any(u8::is_ascii_uppercase) {
        return lower_suffix_len(name, options);
    }
    let mut buf = [0u8; 256];
    match buf.get_mut(..name.len()) {
        Some(b) => {
            b.copy_from_slice(name);
            b.make_ascii_lowercase();
            lower_suffix_len(b, options)
        }
        None => lower_suffix_len(&name.to_ascii_lowercase(), options),
    }
}

/// [`suffix_len`] of a name without upper-case ASCII letters.
fn lower_suffix_len(name: &[u8], options: DomainOptions) -> (usize, Option<Section>) {
    let mut rest = name;
    loop {
        let info = List.find(rest.rsplit(|&b| b == b'.'));
        // psl counts the implicit `*` rule as a one-label match of no type.
        let (len, section) = match info.typ {
            Some(Type::Icann) => (info.len, Some(Section::Icann)),
            Some(Type::Private) if options.private => (info.len, Some(Section::Private)),
            Some(Type::Private) => {
                // Look for the ICANN rule inside the private suffix: drop its first label.
                let suffix = rest.get(rest.len().saturating_sub(info.len)..).unwrap_or_default();
                match suffix.iter().position(|&b| b == b'.') {
                    Some(i) if i + 1 < suffix.len() => {
                        rest = &suffix[i + 1..];
                        continue;
                    }
                    _ => (0, None),
                }
            }
            None if options.implicit_wildcard => (info.len, None),
            None => (0, None),
        };
        return (len, section);
    }
}

/// The parts as `tldextract` names them, for callers that want one call.
impl<'a> DomainParts<'a> {
    /// `(subdomain, domain, suffix)`.
    ///
    /// ```
    /// use uriscan_crawl::{domain_parts, DomainOptions};
    /// assert_eq!(domain_parts("a.b.example.com", DomainOptions::default()).triple(), ("a.b", "example", "com"));
    /// ```
    #[must_use]
    pub const fn triple(&self) -> (&'a str, &'a str, &'a str) {
        (self.subdomain, self.domain, self.suffix)
    }
}
