//! SURT keys and archive canonical forms against the reference package's
//! outputs (tests/data/surt.txt, produced by tests/data/gen_surt.py).

mod common;

use common::{rows, unescape};
use uriscan_crawl::{archive_canonical, surt_with, SurtOptions};

fn options(names: &str) -> SurtOptions {
    let mut o = SurtOptions::default();
    for name in names.split(',').filter(|n| *n != "-") {
        match name {
            "with_scheme" => o.with_scheme = true,
            "no_massage" => o.host_massage = false,
            "trailing_comma" => o.trailing_comma = true,
            "no_reverse_ip" => o.reverse_ipaddr = false,
            _ => panic!("unknown option {name}"),
        }
    }
    o
}

fn compute(opts: &str, input: &[u8]) -> Vec<u8> {
    if opts == "canon" {
        archive_canonical(input).unwrap_or_else(|| b"(none)".to_vec())
    } else {
        surt_with(input, &options(opts))
    }
}

#[test]
fn reference_outputs() {
    let text = include_str!("data/surt.txt");
    let differences = include_str!("data/surt_differences.txt");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, cols) in rows(text) {
        let [opts, input, expected] = cols[..] else { panic!("surt.txt:{line}: three columns expected") };
        let input = unescape(input);
        let got = compute(opts, &input);
        if let Some(exception) = expected.strip_prefix('!') {
            // The reference raises; the crate's documented key is listed with the reason.
            let ours = rows(differences).into_iter().find(|(_, c)| c[0] == opts && unescape(c[1]) == input);
            match ours {
                Some((_, c)) if unescape(c[2]) == got => {}
                _ => failures.push(format!(
                    "surt.txt:{line}: reference raises {exception}; no matching row in surt_differences.txt for {opts}\t{}\t{}",
                    String::from_utf8_lossy(&input).escape_debug(),
                    String::from_utf8_lossy(&got)
                )),
            }
            continue;
        }
        checked += 1;
        if got != unescape(expected) {
            failures.push(format!(
                "surt.txt:{line}: [{opts}] {:?}\n  expected {expected}\n  got      {}",
                String::from_utf8_lossy(&input),
                String::from_utf8_lossy(&got)
            ));
        }
    }
    assert!(checked > 1000, "only {checked} rows checked");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
