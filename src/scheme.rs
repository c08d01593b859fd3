//! The scheme table for scheme-based normalization (RFC 3986 §6.2.3):
//! default ports and whether an empty path with an authority means `/`.
//!
//! The table is generated at build time by `codegen/schemes.rs` as a `phf`
//! map (see that file for the sources of each port).
//!
//! ```
//! let http = uriscan::scheme::lookup("HTTP").unwrap();
//! assert_eq!(http.default_port, 80);
//! assert!(http.empty_path_is_root);
//! assert_eq!(uriscan::scheme::default_port("coaps"), Some(5684));
//! assert_eq!(uriscan::scheme::default_port("mailto"), None);
//! ```

/// What the scheme table knows about one scheme.
///
/// ```
/// let ws = uriscan::scheme::lookup("ws").unwrap();
/// assert_eq!(*ws, uriscan::scheme::SchemeInfo { default_port: 80, empty_path_is_root: true });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeInfo {
    /// The port used when the authority has none; an explicit `:port` equal
    /// to it is dropped by scheme-based normalization.
    pub default_port: u16,
    /// Whether, with an authority, an empty path is equivalent to `/`
    /// (§6.2.3: true for http, https, ws, wss, ...).
    pub empty_path_is_root: bool,
}

// TEMPORARY (until build.rs runs `codegen::schemes::emit_scheme_table()` and
// writes `$OUT_DIR/schemes.rs`): a hand-written copy of the generated table.
// When the build step lands, replace this function's body with
// `SCHEMES.get(lower)` and add:
//     include!(concat!(env!("OUT_DIR"), "/schemes.rs"));
// (the generated file defines `static SCHEMES: phf::Map<&'static str, SchemeInfo>`).
fn lookup_lower(lower: &str) -> Option<&'static SchemeInfo> {
    const fn s(default_port: u16, empty_path_is_root: bool) -> SchemeInfo {
        SchemeInfo { default_port, empty_path_is_root }
    }
    static T: &[(&str, SchemeInfo)] = &[
        ("amqp", s(5672, false)),
        ("amqps", s(5671, false)),
        ("coap", s(5683, true)),
        ("coap+tcp", s(5683, true)),
        ("coap+ws", s(80, true)),
        ("coaps", s(5684, true)),
        ("coaps+tcp", s(5684, true)),
        ("coaps+ws", s(443, true)),
        ("ftp", s(21, true)),
        ("git", s(9418, false)),
        ("gopher", s(70, true)),
        ("http", s(80, true)),
        ("https", s(443, true)),
        ("imap", s(143, false)),
        ("ldap", s(389, false)),
        ("ldaps", s(636, false)),
        ("mqtt", s(1883, false)),
        ("mqtts", s(8883, false)),
        ("news", s(119, false)),
        ("nfs", s(2049, false)),
        ("nntp", s(119, false)),
        ("pop", s(110, false)),
        ("redis", s(6379, false)),
        ("rediss", s(6379, false)),
        ("rsync", s(873, false)),
        ("rtsp", s(554, false)),
        ("rtsps", s(322, false)),
        ("rtspu", s(554, false)),
        ("sftp", s(22, false)),
        ("sip", s(5060, false)),
        ("sips", s(5061, false)),
        ("snmp", s(161, false)),
        ("ssh", s(22, false)),
        ("svn", s(3690, false)),
        ("telnet", s(23, false)),
        ("ws", s(80, true)),
        ("wss", s(443, true)),
    ];
    T.iter().find(|(k, _)| *k == lower).map(|(_, v)| v)
}

/// The longest scheme in the table, in bytes; longer schemes are not looked up.
const MAX_LEN: usize = 16;

/// Looks up `scheme` (ASCII case-insensitive) in the table. Allocates nothing;
/// never panics.
///
/// ```
/// assert_eq!(uriscan::scheme::lookup("Redis").map(|i| i.default_port), Some(6379));
/// assert!(uriscan::scheme::lookup("example").is_none());
/// ```
#[must_use]
pub fn lookup(scheme: &str) -> Option<&'static SchemeInfo> {
    let b = scheme.as_bytes();
    if b.len() > MAX_LEN {
        return None;
    }
    if !b.iter().any(u8::is_ascii_uppercase) {
        return lookup_lower(scheme);
    }
    let mut buf = [0u8; MAX_LEN];
    let dst = buf.get_mut(..b.len())?;
    for (d, s) in dst.iter_mut().zip(b) {
        *d = s.to_ascii_lowercase();
    }
    lookup_lower(core::str::from_utf8(dst).ok()?)
}

/// The scheme's default port, if the table has the scheme.
///
/// ```
/// assert_eq!(uriscan::scheme::default_port("wss"), Some(443));
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    lookup(scheme).map(|i| i.default_port)
}
