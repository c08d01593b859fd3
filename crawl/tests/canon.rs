//! The canonicalization profiles against tests/data/canon.txt.

mod common;

use common::{rows, unescape};
use uriscan_crawl::{canon, CanonError, Profile};

#[test]
fn profiles() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, cols) in rows(include_str!("data/canon.txt")) {
        let [profile, input, expected] = cols[..] else { panic!("canon.txt:{line}: three columns expected") };
        let profile = match profile {
            "rfc3986" => Profile::Rfc3986,
            "archive" => Profile::Archive,
            "safe-browsing" => Profile::SafeBrowsing,
            p => panic!("canon.txt:{line}: unknown profile {p}"),
        };
        let input = unescape(input);
        let got = match canon(&input, profile) {
            Ok(c) => String::from_utf8_lossy(&c).into_owned(),
            Err(CanonError::Invalid(_)) => "!invalid".to_owned(),
            Err(CanonError::Empty) => "!empty".to_owned(),
        };
        checked += 1;
        let expected = String::from_utf8(unescape(expected)).expect("UTF-8");
        if got != expected {
            failures.push(format!(
                "canon.txt:{line}: [{profile:?}] {:?}: expected {expected}, got {got}",
                String::from_utf8_lossy(&input)
            ));
        }
    }
    assert!(checked > 50);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
