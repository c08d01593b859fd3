//! The scheme table for scheme-based normalization (RFC 3986 §6.2.3), emitted
//! as a `phf` map by the generator's pipeline (`pipeline.rs`), which `build.rs` runs:
//!
//! ```
//! let src = uriscan_codegen::schemes::emit_scheme_table();
//! // build.rs writes it to `$OUT_DIR/schemes.rs`.
//! assert!(src.contains("static SCHEMES"));
//! ```
//!
//! and included by `src/scheme.rs` with
//! `include!(concat!(env!("OUT_DIR"), "/schemes.rs"))`, which defines
//! `static SCHEMES: phf::Map<&'static str, SchemeInfo>` keyed by the
//! lower-case scheme name. Needs the build-dependency `phf_codegen = "0.11"`
//! and the dependency `phf = { version = "0.11", default-features = false }`.

/// Where a scheme's entry comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A permanent entry of the IANA URI Schemes registry; the port is the one
    /// its defining document gives.
    IanaPermanent,
    /// A provisional entry of the IANA URI Schemes registry.
    IanaProvisional,
    /// Not in the IANA URI Schemes registry: the scheme is de facto; the port
    /// is the IANA service-name port of the same protocol.
    DeFacto,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Scheme {
    /// Lower-case scheme name.
    pub name: &'static str,
    /// Default port.
    pub default_port: u16,
    /// With an authority, an empty path is equivalent to `/`.
    pub empty_path_is_root: bool,
    /// Registration status of the scheme name.
    pub status: Status,
    /// The document that defines the scheme and its default port.
    pub source: &'static str,
}

const fn row(
    name: &'static str,
    default_port: u16,
    empty_path_is_root: bool,
    status: Status,
    source: &'static str,
) -> Scheme {
    Scheme { name, default_port, empty_path_is_root, status, source }
}

use Status::{DeFacto, IanaPermanent, IanaProvisional};

/// The table, sorted by name.
pub const SCHEMES: &[Scheme] = &[
    row("amqp", 5672, false, DeFacto, "AMQP 0-9-1 URI spec; IANA service port amqp/5672"),
    row("amqps", 5671, false, DeFacto, "AMQP 0-9-1 URI spec; IANA service port amqps/5671"),
    row("coap", 5683, true, IanaPermanent, "RFC 7252 §6.1, §6.3 (empty path is \"/\")"),
    row("coap+tcp", 5683, true, IanaPermanent, "RFC 8323 §8.1"),
    row("coap+ws", 80, true, IanaPermanent, "RFC 8323 §8.3"),
    row("coaps", 5684, true, IanaPermanent, "RFC 7252 §6.2"),
    row("coaps+tcp", 5684, true, IanaPermanent, "RFC 8323 §8.2"),
    row("coaps+ws", 443, true, IanaPermanent, "RFC 8323 §8.4"),
    row("ftp", 21, true, IanaPermanent, "RFC 1738 §3.2"),
    row("git", 9418, false, IanaProvisional, "git protocol; IANA service port git/9418"),
    row("gopher", 70, true, IanaPermanent, "RFC 4266 §2.1 (empty path is type 1, as \"/\")"),
    row("http", 80, true, IanaPermanent, "RFC 9110 §4.2.1, §4.2.3"),
    row("https", 443, true, IanaPermanent, "RFC 9110 §4.2.2, §4.2.3"),
    row("imap", 143, false, IanaPermanent, "RFC 5092"),
    row("ldap", 389, false, IanaPermanent, "RFC 4516 §2"),
    row("ldaps", 636, false, DeFacto, "not a registered URI scheme; IANA service port ldaps/636"),
    row("mqtt", 1883, false, DeFacto, "not a registered URI scheme; IANA service port mqtt/1883"),
    row("mqtts", 8883, false, DeFacto, "not a registered URI scheme; IANA service port secure-mqtt/8883"),
    row("news", 119, false, IanaPermanent, "RFC 5538 §2.1"),
    row("nfs", 2049, false, IanaPermanent, "RFC 2224"),
    row("nntp", 119, false, IanaPermanent, "RFC 5538 §2.2"),
    row("pop", 110, false, IanaPermanent, "RFC 2384"),
    row("redis", 6379, false, IanaProvisional, "IANA provisional registration; IANA service port 6379"),
    row("rediss", 6379, false, IanaProvisional, "IANA provisional registration (Redis over TLS)"),
    row("rsync", 873, false, IanaPermanent, "RFC 5781"),
    row("rtsp", 554, false, IanaPermanent, "RFC 7826 §19.2"),
    row("rtsps", 322, false, IanaPermanent, "RFC 7826 §19.2"),
    row("rtspu", 554, false, IanaPermanent, "RFC 2326 §3.2"),
    row("sftp", 22, false, IanaProvisional, "draft-ietf-secsh-scp-sftp-ssh-uri"),
    row("sip", 5060, false, IanaPermanent, "RFC 3261 §19.1.2"),
    row("sips", 5061, false, IanaPermanent, "RFC 3261 §19.1.2"),
    row("snmp", 161, false, IanaPermanent, "RFC 4088"),
    row("ssh", 22, false, IanaProvisional, "draft-ietf-secsh-scp-sftp-ssh-uri"),
    row("svn", 3690, false, IanaProvisional, "Subversion svnserve; IANA service port svn/3690"),
    row("telnet", 23, false, IanaPermanent, "RFC 4248"),
    row("ws", 80, true, IanaPermanent, "RFC 6455 §3 (empty path is \"/\")"),
    row("wss", 443, true, IanaPermanent, "RFC 6455 §3 (empty path is \"/\")"),
];

/// Rust source defining `static SCHEMES: phf::Map<&'static str, SchemeInfo>`
/// (with `SchemeInfo` in scope where it is included). Deterministic: the same
/// table gives the same text.
pub fn emit_scheme_table() -> String {
    let mut map = phf_codegen::Map::new();
    let values: Vec<String> = SCHEMES
        .iter()
        .map(|s| {
            format!("SchemeInfo {{ default_port: {}, empty_path_is_root: {} }}", s.default_port, s.empty_path_is_root)
        })
        .collect();
    for (s, v) in SCHEMES.iter().zip(&values) {
        map.entry(s.name, v);
    }
    let mut out = String::new();
    out.push_str("// DO NOT EDIT: generated by codegen/schemes.rs (emit_scheme_table) from its SCHEMES table.\n");
    out.push_str("//\n// scheme, default port, empty path is \"/\", status, source:\n");
    for s in SCHEMES {
        let status = match s.status {
            Status::IanaPermanent => "IANA permanent",
            Status::IanaProvisional => "IANA provisional",
            Status::DeFacto => "de facto (not IANA-registered)",
        };
        out.push_str(&format!(
            "//   {} {} {} {}: {}\n",
            s.name, s.default_port, s.empty_path_is_root, status, s.source
        ));
    }
    out.push_str("/// Scheme table (RFC 3986 §6.2.3), keyed by lower-case scheme name.\n");
    out.push_str("static SCHEMES: ::phf::Map<&'static str, SchemeInfo> = ");
    out.push_str(&map.build().to_string());
    out.push_str(";\n");
    out
}
