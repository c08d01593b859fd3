//! RFC 3986 §7 checks (`uriscan::security`): tables of inputs and what each
//! check finds.

use std::net::Ipv4Addr;
use uriscan::security::{self, AmbiguousIpv4, FindingKind, Ipv4Form};
use uriscan::UriRef;

/// A form as a short string: the part count, then the flags that are set.
fn form(f: Ipv4Form) -> String {
    let mut s = f.parts.to_string();
    for (on, name) in [
        (f.decimal, "dec"),
        (f.octal, "oct"),
        (f.hex, "hex"),
        (f.trailing_dot, "dot"),
        (f.percent_encoded, "pct"),
        (f.unicode_mapped, "uni"),
    ] {
        if on {
            s.push(' ');
            s.push_str(name);
        }
    }
    s
}

/// `Some(address or "-", form)`: what `ambiguous_ipv4_host` found.
fn ipv4(uri: &str) -> Option<(String, String)> {
    let u = UriRef::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
    u.ambiguous_ipv4_host().map(|a| {
        let addr = match a {
            AmbiguousIpv4::Address { addr, .. } => addr.to_string(),
            AmbiguousIpv4::EndsInNumber { .. } => "-".to_string(),
            _ => unreachable!(),
        };
        (addr, form(a.form()))
    })
}

#[test]
fn rare_ipv4_formats() {
    #[rustfmt::skip]
    let table: &[(&str, Option<(&str, &str)>)] = &[
        // §7.4's examples and their relatives: one address, many spellings.
        ("http://0x7f.1/", Some(("127.0.0.1", "2 dec hex"))),
        ("http://127.1/", Some(("127.0.0.1", "2 dec"))),
        ("http://127.0.1/", Some(("127.0.0.1", "3 dec"))),
        ("http://0177.0.0.1/", Some(("127.0.0.1", "4 dec oct"))),
        ("http://2130706433/", Some(("127.0.0.1", "1 dec"))),
        ("http://0x7f000001/", Some(("127.0.0.1", "1 hex"))),
        ("http://0X7F000001/", Some(("127.0.0.1", "1 hex"))),
        ("http://017700000001/", Some(("127.0.0.1", "1 oct"))),
        ("http://0x7f.0x0.0x0.0x1/", Some(("127.0.0.1", "4 hex"))),
        ("http://0x7f.0.0.01/", Some(("127.0.0.1", "4 dec oct hex"))),
        ("http://0000000000000000177.1/", Some(("127.0.0.1", "2 dec oct"))),
        ("http://1.2.3.4./", Some(("1.2.3.4", "4 dec dot"))),
        ("http://127.1./", Some(("127.0.0.1", "2 dec dot"))),
        ("http://%31%32%37.0.0.1/", Some(("127.0.0.1", "4 dec pct"))),
        ("http://127%2E0%2e0%2E1/", Some(("127.0.0.1", "4 dec pct"))),
        ("http://%30x7f.1/", Some(("127.0.0.1", "2 dec hex pct"))),
        // Full-width digits and ideographic full stops (IDNA maps them).
        ("http://%EF%BC%91%EF%BC%92%EF%BC%97%E3%80%820%E3%80%820%E3%80%821/", Some(("127.0.0.1", "4 dec pct uni"))),
        ("http://0%EF%BD%98%EF%BD%86%EF%BD%86.1/", Some(("255.0.0.1", "2 dec hex pct uni"))),
        ("http://0/", Some(("0.0.0.0", "1 dec"))),
        ("http://00/", Some(("0.0.0.0", "1 oct"))),
        ("http://0x/", Some(("0.0.0.0", "1 hex"))),
        ("http://1.0x/", Some(("1.0.0.0", "2 dec hex"))),
        ("http://4294967295/", Some(("255.255.255.255", "1 dec"))),
        ("http://1.16777215/", Some(("1.255.255.255", "2 dec"))),
        ("http://1.2.65535/", Some(("1.2.255.255", "3 dec"))),
        ("http://01.2.3.4/", Some(("1.2.3.4", "4 dec oct"))),
        ("http://user:pw@0x7f.1:8080/", Some(("127.0.0.1", "2 dec hex"))),
        // Ends in a number, but no address: WHATWG parsers reject these.
        ("http://4294967296/", Some(("-", "1 dec"))),
        ("http://0x100000000/", Some(("-", "1 hex"))),
        ("http://99999999999999999999999/", Some(("-", "1 dec"))),
        ("http://1.2.3.256/", Some(("-", "4 dec"))),
        ("http://256.1/", Some(("-", "2 dec"))),
        ("http://1.16777216/", Some(("-", "2 dec"))),
        ("http://1.2.65536/", Some(("-", "3 dec"))),
        ("http://1.2.3.4.5/", Some(("-", "5 dec"))),
        ("http://1..2/", Some(("-", "3 dec"))),
        ("http://08/", Some(("-", "1"))),
        ("http://09.1/", Some(("-", "2 dec"))),
        ("http://example.123/", Some(("-", "2 dec"))),
        ("http://example.0x1/", Some(("-", "2 hex"))),
        ("http://example.123./", Some(("-", "2 dec dot"))),
        // Not numbers at the end: names.
        ("http://0x7g/", None),
        ("http://1.example/", None),
        ("http://example.com/", None),
        ("http://1a/", None),
        ("http://1.2.3.4../", None),
        ("http://./", None),
        ("http:///", None),
        ("http://%2E/", None),
        ("http://%FF1/", None),
        // Not reg-names.
        ("http://127.0.0.1/", None),
        ("http://[::1]/", None),
        ("http://[::ffff:127.0.0.1]/", None),
        ("http://[v1.0x7f]/", None),
        ("http:0x7f.1", None),
        ("/0x7f.1", None),
    ];
    let mut failures = Vec::new();
    for (uri, want) in table {
        let got = ipv4(uri);
        let want = want.map(|(a, f)| (a.to_string(), f.to_string()));
        if got != want {
            failures.push(format!("{uri}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ambiguous_ipv4_on_any_text() {
    assert_eq!(security::ambiguous_ipv4("127.0.0.1"), None);
    assert_eq!(security::ambiguous_ipv4(""), None);
    assert_eq!(security::ambiguous_ipv4("1.2.3.4").and_then(|a| a.address()), None);
    let a = security::ambiguous_ipv4("0x7f.1").unwrap();
    assert_eq!(a.address(), Some(Ipv4Addr::LOCALHOST));
    assert!(a.form().is_mixed());
    assert_eq!(a.to_string(), "host reads as the IPv4 address 127.0.0.1");
    let e = security::ambiguous_ipv4("a.1").unwrap();
    assert_eq!(e.to_string(), "host ends in a number but is not an IPv4 address");
    // Long inputs: linear, no overflow.
    let long = "0".repeat(1 << 20) + "1";
    assert_eq!(security::ambiguous_ipv4(&long).and_then(|a| a.address()), Some(Ipv4Addr::new(0, 0, 0, 1)));
    let dots = "1.".repeat(1 << 20);
    assert!(matches!(security::ambiguous_ipv4(&dots), Some(AmbiguousIpv4::EndsInNumber { form }) if form.parts == 255));
}

#[test]
fn userinfo_that_looks_like_a_host() {
    #[rustfmt::skip]
    let table: &[(&str, bool)] = &[
        ("http://www.example.com@evil.example/", true),
        ("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", true),
        ("http://www.example.com:443@evil.example/", true),
        ("http://www.example.com.@evil.example/", true),
        ("http://10.0.0.1@evil.example/", true),
        ("http://www%2Eexample%2Ecom@evil.example/", true),
        ("http://xn--bcher-kva.example@evil.example/", true),
        // A dotted user name reads like a host too (no list of TLDs here).
        ("http://john.doe@example.com/", true),
        ("http://alice@example.com/", false),
        ("http://alice:secret@example.com/", false),
        ("http://1.2@example.com/", false),
        ("http://1.2.3@example.com/", false),
        ("http://a..b@example.com/", false),
        ("http://.a.b@example.com/", false),
        ("http://a.b..@example.com/", false),
        ("http://@example.com/", false),
        ("http://example.com/", false),
        ("mailto:www.example.com@evil.example", false),
    ];
    for (uri, want) in table {
        let u = UriRef::parse(uri).unwrap();
        assert_eq!(u.userinfo_looks_like_host(), *want, "{uri}");
    }
}

#[test]
fn path_transcoding_hazards() {
    use FindingKind::*;
    #[rustfmt::skip]
    let table: &[(&str, &[(FindingKind, usize)])] = &[
        ("/a%2Fb", &[(EncodedSlash, 2)]),
        ("/a%2fb%5c%5C%00", &[(EncodedSlash, 2), (EncodedBackslash, 6), (EncodedBackslash, 9), (EncodedNul, 12)]),
        ("/a/%00%2F%5C", &[(EncodedNul, 3), (EncodedSlash, 6), (EncodedBackslash, 9)]),
        ("http://h/x%2F..%2Fetc", &[(EncodedSlash, 10), (EncodedSlash, 15)]),
        ("/%2e%2E/x", &[(EncodedDotSegment, 1)]),
        ("/%2e/", &[(EncodedDotSegment, 1)]),
        ("/.%2e", &[(EncodedDotSegment, 1)]),
        ("%2E/x", &[(EncodedDotSegment, 0)]),
        ("a/%2E%2E", &[(EncodedDotSegment, 2)]),
        ("/%2e%2e%2e", &[]),
        ("/..", &[]),
        ("/./a", &[]),
        ("/%2e%2ex", &[]),
        ("/a?%00", &[]),
        ("/a#%2F", &[]),
        ("/%252F", &[]),
        ("http://h%2F/", &[]),
        ("", &[]),
        ("/", &[]),
        ("//", &[]),
        ("%00", &[(EncodedNul, 0)]),
        ("s:%2F", &[(EncodedSlash, 2)]),
    ];
    for (uri, want) in table {
        let u = UriRef::parse(uri).unwrap_or_else(|e| panic!("{uri}: {e}"));
        let got: Vec<_> = u.path_hazards().map(|f| (f.kind, f.index)).collect();
        assert_eq!(got, *want, "{uri}");
    }
}

#[test]
fn all_findings_in_order() {
    use FindingKind::*;
    let u = UriRef::parse("http://www.example.com:pw@0x7f.1/a/%2e%2e/%00").unwrap();
    let got: Vec<_> = u.security_findings().map(|f| (f.kind, f.index)).collect();
    let a = u.ambiguous_ipv4_host().unwrap();
    assert_eq!(
        got,
        [(UserinfoLooksLikeHost, 7), (Password, 22), (AmbiguousIpv4(a), 26), (EncodedDotSegment, 35), (EncodedNul, 42)]
    );
    let text: Vec<_> = u.security_findings().map(|f| f.to_string()).collect();
    assert_eq!(
        text,
        [
            "userinfo looks like a host name at index 7 (RFC 3986 §7.6)",
            "password in userinfo at index 22 (RFC 3986 §7.5)",
            "host reads as the IPv4 address 127.0.0.1 at index 26 (RFC 3986 §7.4)",
            "percent-encoded dot segment in path at index 35 (RFC 3986 §7.3)",
            "percent-encoded NUL (%00) in path at index 42 (RFC 3986 §7.3)",
        ]
    );
    for clean in ["https://example.com/a/b?c=%2F#%00", "urn:isbn:0451450523", "", "//user@host", "../a"] {
        let u = UriRef::parse(clean).unwrap();
        assert_eq!(u.security_findings().count(), 0, "{clean}");
    }
    // An empty password is still a password.
    let u = UriRef::parse("//u:@h").unwrap();
    assert_eq!(u.security_findings().map(|f| (f.kind, f.index)).collect::<Vec<_>>(), [(Password, 3)]);
}

#[test]
fn redaction() {
    #[rustfmt::skip]
    let table: &[(&str, &str)] = &[
        ("http://user:pass@host/", "http://user:****@host/"),
        ("http://user:@host/", "http://user:****@host/"),
        ("http://:pw@host/", "http://:****@host/"),
        ("http://u:p:q@h/x?y#z", "http://u:****@h/x?y#z"),
        ("http://user@host/", "http://user@host/"),
        ("http://@host/", "http://@host/"),
        ("http://host/p:q@r", "http://host/p:q@r"),
        ("mailto:u:p@h", "mailto:u:p@h"),
        ("//u:p@h", "//u:****@h"),
        ("ftp://a%3Ab:c%40d@h", "ftp://a%3Ab:****@h"),
    ];
    for (uri, want) in table {
        let u = UriRef::parse(uri).unwrap();
        assert_eq!(u.redacted().to_string(), *want, "{uri}");
        assert_eq!(security::redact(uri).to_string(), *want, "redact({uri})");
        assert_eq!(format!("{:>1}", u.redacted()), *want);
    }
    // Text that does not parse: the authority by Appendix B, the userinfo
    // up to its last '@'.
    #[rustfmt::skip]
    let invalid: &[(&str, &str)] = &[
        ("http://u:p w@h/ x", "http://u:****@h/ x"),
        ("http://a@b:c@d/", "http://a@b:****@d/"),
        ("http://u:p@[::1/", "http://u:****@[::1/"),
        ("http://u:p", "http://u:p"),
        ("no scheme u:p@h", "no scheme u:p@h"),
        ("", ""),
    ];
    for (s, want) in invalid {
        assert_eq!(security::redact(s).to_string(), *want, "redact({s})");
    }
}
