//! SURT keys and the web-archive canonical form, computed the way the
//! Internet Archive's `surt` package (0.3.1) computes them by default.
//!
//! The steps, in order (each is a rule of the reference, surprising ones
//! included; `tests/data/surt.txt` has a case for every one):
//!
//! **Reading the line**
//! 1. An empty input gives `-`; an input starting with `filedesc` is returned
//!    unchanged (ARC file headers).
//! 2. ASCII white space (space, tab, CR, LF, VT, FF) is trimmed at both ends,
//!    then every tab, CR and LF inside is deleted (spaces inside stay).
//! 3. Without a leading `scheme:` (`[A-Za-z][A-Za-z0-9+.-]*:`), `http://` is
//!    prepended, so `example.com/x` is `http://example.com/x`.
//! 4. A run of `http://` / `https://` prefixes keeps only its last one
//!    (`http://https://a/` is `https://a/`).
//! 5. The line is split as RFC 3986 Appendix B does. The host is the
//!    authority after its last `@` (userinfo is dropped), before the first
//!    `:`, or between `[` and `]` (the brackets are dropped). Colons at the
//!    end of the authority are ignored; a port of all digits is read as a
//!    number (`:0` and `:` mean no port, `:0080` is 80).
//! 6. When the scheme starts with `http` (case-sensitive) and there is no
//!    host, the path's first segment after its leading slashes becomes the
//!    host (`http:////a/b` has host `a`, path `/b`).
//!
//! **Google-style canonicalization**
//! 7. The fragment is dropped. The query is percent-decoded to a fixpoint and
//!    minimally escaped (controls, space, `#`, `%`, and bytes from 0x7F up
//!    become `%XX`).
//! 8. The host is percent-decoded to a fixpoint. A host with non-ASCII bytes
//!    has its invalid UTF-8 dropped and each label converted with IDNA
//!    (labels split on `.`, `。`, `．`, `｡`; a failing label keeps the whole
//!    host as it was). Then `..` becomes `.` (one pass, left to right),
//!    leading and trailing dots go. An all-digits host is a 32-bit number
//!    (modulo 2^32) written as a dotted quad; a host of one to four
//!    digit-only parts starting with a non-zero digit (decimal) or with `0`
//!    (octal) is read as `inet_aton` does; otherwise the host is lowercased
//!    and minimally escaped.
//! 9. The path is percent-decoded to a fixpoint. When the host is not empty,
//!    dot segments are removed (a `..` above the root stays), empty segments
//!    go and an empty path becomes `/`. Then it is minimally escaped (so a
//!    decoded `?` stays in the path).
//!
//! **Internet Archive canonicalization**
//! 10. The host is lowercased and one leading `www`, `www2`, `www123`... label
//!     is dropped (not for the `dns` scheme).
//! 11. Port 80 for `http` and 443 for `https` is dropped.
//! 12. The path is lowercased (hex escapes included: `%C3` becomes `%c3`);
//!     ASP.NET session ids in the path (`/(S(24 chars))/…x.aspx`,
//!     `/(24 chars)/…x.aspx`) are cut; a trailing `/` of a path longer than
//!     `/` is dropped.
//! 13. Session ids are cut from the query (case-insensitively, each form once,
//!     its last occurrence that ends the query or is followed by `&`):
//!     `jsessionid=` + 32 alphanumerics, `phpsessid=` + 32, `sid=` + 32,
//!     `ASPSESSIONID` + 8 letters `=` + 24 letters, `cfid=…&cftoken=…`. What
//!     came before the id is kept as it is, so `a=1&sid=…` leaves `a=1&`.
//!     Then the query is lowercased and its `&`-separated parameters are
//!     sorted by name, then value (a parameter without `=` sorts before the
//!     same name with one). An empty query is dropped.
//!
//! **The key**
//! 14. The host's labels are reversed and joined with `,`, then `)`: with
//!     the path (or `/` when there is a query but no path) and `?query`.
//!     Without a host the key is `scheme:` and the path.
//!
//! Where the reference raises an exception, a key is still produced: a
//! white-space-only line gives `-`; a port that is not a number or above
//! 65535 is kept as text (lowercased, minimally escaped) after the host.
//! IDNA follows UTS #46 (the `idna` crate) where Python's codec follows IDNA
//! 2003: they differ on `ß`, `ς`, joiners and symbols (see
//! `tests/data/surt_differences.txt`).

use std::borrow::Cow;

use regex::bytes::Regex;
use std::sync::OnceLock;

use crate::bytes::{escape_once, inet_aton_digits, minimal_escape, push_ipv4, unescape_repeatedly};

/// Options of [`surt_with`], named as the reference names them.
///
/// ```
/// use uriscan_crawl::{surt_with, SurtOptions};
/// let o = SurtOptions { with_scheme: true, host_massage: false, trailing_comma: true, ..SurtOptions::default() };
/// assert_eq!(surt_with(b"http://www.example.com/", &o), b"http://(com,example,www,)/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurtOptions {
    /// Start with `scheme://(` (default `false`).
    pub with_scheme: bool,
    /// Drop a leading `www`, `www2`… label (default `true`).
    pub host_massage: bool,
    /// Write `,` after the last host label (default `false`).
    pub trailing_comma: bool,
    /// Reverse dotted-quad IPv4 hosts like names (default `true`).
    pub reverse_ipaddr: bool,
}

impl Default for SurtOptions {
    fn default() -> Self {
        SurtOptions { with_scheme: false, host_massage: true, trailing_comma: false, reverse_ipaddr: true }
    }
}

/// The SURT key of `url`, as `surt.surt(url)` computes it.
///
/// ```
/// assert_eq!(uriscan_crawl::surt("http://www.Archive.org:80/goo/?b=2&a=1#x"), "org,archive)/goo?a=1&b=2");
/// assert_eq!(uriscan_crawl::surt("dns:archive.org"), "dns:archive.org");
/// assert_eq!(uriscan_crawl::surt(""), "-");
/// ```
#[must_use]
pub fn surt(url: &str) -> String {
    let key = surt_with(url.as_bytes(), &SurtOptions::default());
    // Keys are ASCII except a `filedesc` line, returned as it was (valid UTF-8 here).
    String::from_utf8(key).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The SURT key of any bytes, with options. The key is ASCII, except for a
/// line starting with `filedesc`, returned as it is.
///
/// ```
/// use uriscan_crawl::{surt_with, SurtOptions};
/// let o = SurtOptions { reverse_ipaddr: false, ..SurtOptions::default() };
/// assert_eq!(surt_with(b"http://127.0.0.1:8080/A", &o), b"127.0.0.1:8080)/a");
/// ```
#[must_use]
pub fn surt_with(url: &[u8], options: &SurtOptions) -> Vec<u8> {
    let canon = match read(url) {
        Read::Verbatim(v) => return v.to_vec(),
        Read::Dash => return b"-".to_vec(),
        Read::Url(u) => canonicalize(u, options.host_massage),
    };
    let mut out = Vec::with_capacity(url.len() + 8);
    canon.write_surt(options, &mut out);
    out
}

/// The web-archive canonical form of `url` (the reference's default
/// canonicalizer, written back as a URL rather than reordered). `None` for an
/// empty or `filedesc` line.
///
/// ```
/// assert_eq!(
///     uriscan_crawl::archive_canonical(b"http://www.Archive.org:80/goo/?b=2&a=1#x").as_deref(),
///     Some(&b"http://archive.org/goo?a=1&b=2"[..])
/// );
/// ```
#[must_use]
pub fn archive_canonical(url: &[u8]) -> Option<Vec<u8>> {
    match read(url) {
        Read::Url(u) => {
            let canon = canonicalize(u, true);
            let mut out = Vec::with_capacity(url.len() + 8);
            canon.write_url(&mut out);
            Some(out)
        }
        _ => None,
    }
}

enum Read<'a> {
    Verbatim(&'a [u8]),
    Dash,
    Url(Parsed),
}

/// A port as the reference reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Port {
    None,
    Number(u16),
    /// Not a number, or out of range (the reference raises an exception).
    Text(Vec<u8>),
}

/// The line after steps 1–6.
struct Parsed {
    scheme: Vec<u8>,
    host: Option<Vec<u8>>,
    port: Port,
    path: Option<Vec<u8>>,
    query: Option<Vec<u8>>,
}

const fn is_strip_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn scheme_len(s: &[u8]) -> Option<usize> {
    let first = *s.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let n = s.iter().position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    (s[n] == b':').then_some(n)
}

fn http_prefix_len(s: &[u8]) -> usize {
    if s.starts_with(b"http://") {
        7
    } else if s.starts_with(b"https://") {
        8
    } else {
        0
    }
}

fn empty_to_none(s: Option<&[u8]>) -> Option<Vec<u8>> {
    s.filter(|s| !s.is_empty()).map(<[u8]>::to_vec)
}

fn read(url: &[u8]) -> Read<'_> {
    if url.is_empty() {
        return Read::Dash;
    }
    if url.starts_with(b"filedesc") {
        return Read::Verbatim(url);
    }
    let start = url.iter().position(|&b| !is_strip_space(b)).unwrap_or(url.len());
    let end = url.iter().rposition(|&b| !is_strip_space(b)).map_or(start, |e| e + 1);
    let trimmed = &url[start..end];
    if trimmed.is_empty() {
        return Read::Dash;
    }
    let mut line: Vec<u8> = Vec::with_capacity(trimmed.len() + 7);
    if trimmed.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        line.extend(trimmed.iter().copied().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r')));
    } else {
        line.extend_from_slice(trimmed);
    }
    if scheme_len(&line).is_none() {
        line.splice(0..0, *b"http://");
    }
    // Step 4: keep the last of a run of http:// and https:// prefixes.
    let mut skip = 0;
    loop {
        let n = http_prefix_len(&line[skip..]);
        if n == 0 || http_prefix_len(&line[skip + n..]) == 0 {
            break;
        }
        skip += n;
    }
    let line = &line[skip..];
    let c = uriscan::split_bytes(line);
    let scheme = c.scheme.unwrap_or_default().to_vec();
    let (mut host, port) = match c.authority {
        Some(netloc) => read_netloc(netloc),
        None => (None, Port::None),
    };
    let mut path = empty_to_none(Some(c.path));
    if scheme.starts_with(b"http") && host.is_none() {
        if let Some(p) = path.take() {
            let stripped = &p[p.iter().position(|&b| b != b'/').unwrap_or(p.len())..];
            let (h, rest) = match stripped.iter().position(|&b| b == b'/') {
                Some(i) => (&stripped[..i], &stripped[i + 1..]),
                None => (stripped, &b""[..]),
            };
            host = Some(h.to_vec());
            let mut np = Vec::with_capacity(rest.len() + 1);
            np.push(b'/');
            np.extend_from_slice(rest);
            path = Some(np);
        }
    }
    Read::Url(Parsed { scheme, host, port, path, query: empty_to_none(c.query) })
}

fn read_netloc(netloc: &[u8]) -> (Option<Vec<u8>>, Port) {
    let end = netloc.iter().rposition(|&b| b != b':').map_or(0, |e| e + 1);
    let netloc = &netloc[..end];
    let hostinfo = match netloc.iter().rposition(|&b| b == b'@') {
        Some(i) => &netloc[i + 1..],
        None => netloc,
    };
    let (hostname, port) = match hostinfo.iter().position(|&b| b == b'[') {
        Some(i) => {
            let bracketed = &hostinfo[i + 1..];
            match bracketed.iter().position(|&b| b == b']') {
                Some(j) => {
                    let after = &bracketed[j + 1..];
                    let port = after.iter().position(|&b| b == b':').map_or(&b""[..], |k| &after[k + 1..]);
                    (&bracketed[..j], port)
                }
                None => (bracketed, &b""[..]),
            }
        }
        None => match hostinfo.iter().position(|&b| b == b':') {
            Some(i) => (&hostinfo[..i], &hostinfo[i + 1..]),
            None => (hostinfo, &b""[..]),
        },
    };
    let port = if port.is_empty() {
        Port::None
    } else if port.iter().all(u8::is_ascii_digit) {
        let digits = &port[port.iter().position(|&b| b != b'0').unwrap_or(port.len())..];
        match digits.len() {
            0 => Port::None,
            1..=5 => match std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u16>().ok()) {
                Some(n) => Port::Number(n),
                None => Port::Text(port.to_vec()),
            },
            _ => Port::Text(port.to_vec()),
        }
    } else {
        Port::Text(port.to_vec())
    };
    (empty_to_none(Some(hostname)), port)
}

/// A canonicalized URL (after step 13).
struct Canon {
    scheme: Vec<u8>,
    host: Vec<u8>,
    port: Port,
    path: Option<Vec<u8>>,
    query: Option<Vec<u8>>,
}

fn canonicalize(p: Parsed, host_massage: bool) -> Canon {
    // Step 7.
    let query = p.query.map(|q| minimal_escape(&q));
    // Step 8.
    let host = p.host.map_or_else(Vec::new, |h| google_host(&h));
    // Step 9.
    let mut path = p.path.map(|p| unescape_repeatedly(&p));
    if !host.is_empty() {
        path = Some(normalize_path(path.as_deref().unwrap_or_default()));
    }
    let path = path.map(|p| escape_once(&p));
    // Step 10.
    let mut host = host;
    host.make_ascii_lowercase();
    if host_massage && !host.is_empty() && p.scheme != b"dns" {
        let digits = host.get(3..).map_or(0, |r| r.iter().take_while(|b| b.is_ascii_digit()).count());
        if host.starts_with(b"www") && host.get(3 + digits) == Some(&b'.') {
            host.drain(..4 + digits);
        }
    }
    // Step 11.
    let default_port = if p.scheme.eq_ignore_ascii_case(b"http") {
        80
    } else if p.scheme.eq_ignore_ascii_case(b"https") {
        443
    } else {
        0
    };
    let mut port = p.port;
    if port == Port::Number(default_port) {
        port = Port::None;
    }
    // Step 12.
    let path = path.map(|mut path| {
        if !path.is_empty() {
            path.make_ascii_lowercase();
            path = strip_path_session_id(path);
            if path.len() > 1 && path.ends_with(b"/") {
                path.pop();
            }
        }
        path
    });
    // Step 13.
    let query = query.and_then(|q| {
        let mut q = strip_query_session_id(q);
        q.make_ascii_lowercase();
        let q = alpha_reorder(&q);
        (!q.is_empty()).then_some(q)
    });
    Canon { scheme: p.scheme, host, port, path, query }
}

const IDNA_DOTS: [char; 4] = ['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'];

/// Python's `bytes.decode('utf-8', 'ignore').encode('idna')`, label by label
/// with UTS #46 for the non-ASCII ones. `None` where it raises.
fn idna_host(host: &[u8]) -> Option<Vec<u8>> {
    let mut text = String::with_capacity(host.len());
    for chunk in host.utf8_chunks() {
        text.push_str(chunk.valid());
    }
    if text.is_ascii() {
        // The codec's ASCII path checks label lengths and returns the text.
        let labels: Vec<&str> = text.split('.').collect();
        let (last, init) = labels.split_last()?;
        if init.iter().any(|l| l.is_empty() || l.len() > 63) || last.len() > 63 {
            return None;
        }
        return Some(text.into_bytes());
    }
    let mut labels: Vec<&str> = text.split(IDNA_DOTS).collect();
    let trailing = labels.len() > 1 && labels.last() == Some(&"");
    if trailing {
        labels.pop();
    }
    let mut out = Vec::with_capacity(host.len() + 8);
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        let ascii: Cow<'_, str> = if label.is_ascii() {
            Cow::Borrowed(label)
        } else {
            use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
            // IDNA 2003 (Python's codec) maps the UTS #46 deviation characters:
            // ß to ss, final sigma to sigma, and drops the joiners.
            let mut mapped = String::with_capacity(label.len() + 2);
            for ch in label.chars() {
                match ch {
                    'ß' => mapped.push_str("ss"),
                    'ς' => mapped.push('σ'),
                    '\u{200c}' | '\u{200d}' => {}
                    _ => mapped.push(ch),
                }
            }
            let ascii = Uts46::new()
                .to_ascii(mapped.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
                .ok()?;
            Cow::Owned(ascii.into_owned())
        };
        if ascii.is_empty() || ascii.len() > 63 {
            return None;
        }
        out.extend_from_slice(ascii.as_bytes());
    }
    if trailing {
        out.push(b'.');
    }
    Some(out)
}

fn google_host(raw: &[u8]) -> Vec<u8> {
    let mut host = unescape_repeatedly(raw);
    if !host.is_ascii() {
        if let Some(h) = idna_host(&host) {
            host = h;
        }
    }
    // `..` → `.` in one pass, then strip dots at both ends.
    let mut collapsed = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        collapsed.push(host[i]);
        i += if host[i] == b'.' && host.get(i + 1) == Some(&b'.') { 2 } else { 1 };
    }
    let start = collapsed.iter().position(|&b| b != b'.').unwrap_or(collapsed.len());
    let end = collapsed.iter().rposition(|&b| b != b'.').map_or(start, |e| e + 1);
    let host = &collapsed[start..end];
    if let Some(ip) = attempt_ip(host) {
        return ip;
    }
    let mut lower = host.to_vec();
    lower.make_ascii_lowercase();
    escape_once(&lower)
}

fn attempt_ip(host: &[u8]) -> Option<Vec<u8>> {
    let first = *host.first()?;
    let mut out = Vec::with_capacity(15);
    if host.iter().all(u8::is_ascii_digit) {
        // A number of any length, modulo 2^32.
        let v = host.iter().fold(0u32, |v, &d| v.wrapping_mul(10).wrapping_add(u32::from(d - b'0')));
        push_ipv4(v.into(), &mut out);
        return Some(out);
    }
    let parts = host.split(|&b| b == b'.');
    let shape_ok = host.iter().all(|&b| b.is_ascii_digit() || b == b'.')
        && host.split(|&b| b == b'.').count() <= 4
        && parts.clone().all(|p| !p.is_empty())
        && if first == b'0' { host.iter().all(|&b| b == b'.' || (b'0'..=b'7').contains(&b)) } else { true };
    if !shape_ok {
        return None;
    }
    push_ipv4(inet_aton_digits(host)?, &mut out);
    Some(out)
}

/// Dot segments and empty segments out, as the reference's path step does.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    if path.is_empty() {
        return b"/".to_vec();
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for seg in path.split(|&b| b == b'/').skip(1) {
        match seg {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(seg);
                }
            }
            _ => kept.push(seg),
        }
    }
    let mut out = Vec::with_capacity(path.len());
    out.push(b'/');
    if let Some((last, init)) = kept.split_last() {
        for seg in init.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(seg);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

fn contains_ci(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

/// Whether some `=` in the query ends a name one of the session-id patterns
/// needs (`…sid=`, `…onid=` of `jsessionid=`, `cfid=`, `aspsessionid` + 8
/// letters + `=`); a fast filter before the patterns run.
fn has_session_marker(q: &[u8]) -> bool {
    let ends_ci = |end: usize, s: &[u8]| end >= s.len() && q[end - s.len()..end].eq_ignore_ascii_case(s);
    q.iter().enumerate().any(|(i, &b)| {
        b == b'='
            && (ends_ci(i, b"sid")
                || ends_ci(i, b"onid")
                || ends_ci(i, b"cfid")
                || (i >= 8 && ends_ci(i - 8, b"aspsessionid")))
    })
}

fn path_session_patterns() -> &'static [Regex; 2] {
    static P: OnceLock<[Regex; 2]> = OnceLock::new();
    P.get_or_init(|| {
        [
            Regex::new(r"(?i-u)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$"),
            Regex::new(r"(?i-u)^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$"),
        ]
        .map(|r| r.unwrap_or_else(|e| unreachable!("fixed pattern: {e}")))
    })
}

fn query_session_patterns() -> &'static [Regex; 5] {
    static P: OnceLock<[Regex; 5]> = OnceLock::new();
    P.get_or_init(|| {
        [
            Regex::new(r"(?i-u)^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$"),
            Regex::new(r"(?i-u)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$"),
        ]
        .map(|r| r.unwrap_or_else(|e| unreachable!("fixed pattern: {e}")))
    })
}

/// Applies each pattern in turn; a match keeps group 1 and group `tail`.
fn cut(patterns: &[Regex], mut s: Vec<u8>, tail: usize) -> Vec<u8> {
    for re in patterns {
        if let Some(c) = re.captures(&s) {
            let mut kept = c.get(1).map_or(&b""[..], |m| m.as_bytes()).to_vec();
            kept.extend_from_slice(c.get(tail).map_or(&b""[..], |m| m.as_bytes()));
            s = kept;
        }
    }
    s
}

fn strip_path_session_id(path: Vec<u8>) -> Vec<u8> {
    if !(path.contains(&b'(') && contains_ci(&path, b".aspx")) {
        return path;
    }
    cut(path_session_patterns(), path, 3)
}

fn strip_query_session_id(query: Vec<u8>) -> Vec<u8> {
    if !has_session_marker(&query) {
        return query;
    }
    cut(query_session_patterns(), query, 2)
}

/// Parameters sorted by name, then value; a name without `=` first.
fn alpha_reorder(q: &[u8]) -> Vec<u8> {
    if q.len() <= 1 {
        return q.to_vec();
    }
    let mut pairs: Vec<(&[u8], Option<&[u8]>)> = q
        .split(|&b| b == b'&')
        .map(|p| match p.iter().position(|&b| b == b'=') {
            Some(i) => (&p[..i], Some(&p[i + 1..])),
            None => (p, None),
        })
        .collect();
    pairs.sort_unstable();
    let mut out = Vec::with_capacity(q.len());
    for (i, (name, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(v) = value {
            out.push(b'=');
            out.extend_from_slice(v);
        }
    }
    out
}

impl Canon {
    fn write_port(&self, out: &mut Vec<u8>) {
        match &self.port {
            Port::None => {}
            Port::Number(n) => {
                out.push(b':');
                out.extend_from_slice(n.to_string().as_bytes());
            }
            Port::Text(t) => {
                out.push(b':');
                let mut t = escape_once(t);
                t.make_ascii_lowercase();
                out.extend_from_slice(&t);
            }
        }
    }

    fn write_tail(&self, out: &mut Vec<u8>) {
        match &self.path {
            Some(p) if !p.is_empty() => out.extend_from_slice(p),
            _ if self.query.is_some() => out.push(b'/'),
            _ => {}
        }
        if let Some(q) = &self.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
    }

    fn write_surt(&self, o: &SurtOptions, out: &mut Vec<u8>) {
        let has_host = !self.host.is_empty();
        if o.with_scheme || !has_host {
            out.extend_from_slice(&self.scheme);
            out.push(b':');
            if o.with_scheme && has_host {
                if self.scheme != b"dns" {
                    out.extend_from_slice(b"//");
                }
                out.push(b'(');
            }
        }
        if has_host {
            if !o.reverse_ipaddr && is_dotted_quad(&self.host) {
                out.extend_from_slice(&self.host);
            } else {
                for (i, label) in self.host.rsplit(|&b| b == b'.').enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(label);
                }
            }
            self.write_port(out);
            if o.trailing_comma {
                out.push(b',');
            }
            out.push(b')');
        }
        self.write_tail(out);
    }

    fn write_url(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.scheme);
        out.push(b':');
        if !self.host.is_empty() {
            if self.scheme != b"dns" {
                out.extend_from_slice(b"//");
            }
            out.extend_from_slice(&self.host);
            self.write_port(out);
        }
        self.write_tail(out);
    }
}

/// `\d{1,3}` four times with dots, the whole host.
fn is_dotted_quad(h: &[u8]) -> bool {
    let mut n = 0;
    h.split(|&b| b == b'.').all(|p| {
        n += 1;
        (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit)
    }) && n == 4
}
