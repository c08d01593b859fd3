//! Registrable domains against tldextract's answers (tests/data/domain.txt,
//! produced by tests/data/gen_domain.py), and the cases where this crate
//! answers on purpose differently (IP literals, empty labels, the implicit rule).

mod common;

use common::{rows, unescape};
use uriscan_crawl::{domain_parts, public_suffix, registrable_domain, DomainOptions, HostClass, Section};

#[test]
fn tldextract_outputs() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, cols) in rows(include_str!("data/domain.txt")) {
        let [sections, host, sub, dom, suf] = cols[..] else { panic!("domain.txt:{line}: five columns expected") };
        let options = if sections == "private" { DomainOptions::WITH_PRIVATE } else { DomainOptions::default() };
        let host = String::from_utf8(unescape(host)).expect("UTF-8 host");
        let p = domain_parts(&host, options);
        checked += 1;
        if p.triple() != (sub, dom, suf) {
            failures.push(format!(
                "domain.txt:{line}: [{sections}] {host}: tldextract {:?}, got {:?}",
                (sub, dom, suf),
                p.triple()
            ));
        }
    }
    assert!(checked > 100);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sections_and_ip_literals() {
    let icann = DomainOptions::default();
    let all = DomainOptions::WITH_PRIVATE;
    assert_eq!(domain_parts("x.github.io", all).section, Some(Section::Private));
    assert_eq!(domain_parts("x.github.io", icann).section, Some(Section::Icann));
    assert_eq!(registrable_domain("x.github.io", icann), Some("github.io"));
    assert_eq!(domain_parts("localhost", icann).section, None);
    for ip in ["127.0.0.1", "[::1]", "[v1.x]", "10.0.0.1."] {
        let p = domain_parts(ip, all);
        assert_eq!(p.class, HostClass::Ip, "{ip}");
        assert_eq!((p.subdomain, p.suffix, p.registrable_domain()), ("", "", None), "{ip}");
        assert_eq!(p.site(), ip.trim_end_matches('.'));
    }
    // Not an IPv4 address: a name with an unknown last label.
    assert_eq!(domain_parts("999.1.1.1", icann).class, HostClass::Name);
}

#[test]
fn empty_labels_and_suffix_hosts() {
    let o = DomainOptions::default();
    assert_eq!(registrable_domain("a..co.uk", o), None);
    assert_eq!(registrable_domain(".co.uk", o), None);
    assert_eq!(registrable_domain("co.uk.", o), None);
    assert_eq!(domain_parts("co.uk.", o).site(), "co.uk");
    assert_eq!(registrable_domain("..example.com", o), Some("example.com"));
    assert_eq!(registrable_domain("", o), None);
    assert_eq!(registrable_domain(".", o), None);
    assert_eq!(public_suffix("", o), None);
    assert_eq!(domain_parts("", o).site(), "");
}

#[test]
fn implicit_wildcard_rule() {
    let o = DomainOptions { implicit_wildcard: true, ..DomainOptions::default() };
    assert_eq!(domain_parts("a.printer.lan", o).triple(), ("a", "printer", "lan"));
    assert_eq!(registrable_domain("a.printer.lan", o), Some("printer.lan"));
    assert_eq!(domain_parts("lan", o).triple(), ("", "", "lan"));
    assert_eq!(registrable_domain("a.printer.lan", DomainOptions::default()), None);
}
