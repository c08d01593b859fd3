//! Replays `tests/data/fuzz_regressions.txt`, every input a fuzz target
//! (`fuzz/`) ever failed on plus hand-picked edge cases, through the same
//! checks the targets run (`tests/fuzz_checks/mod.rs`).

mod fuzz_checks;

const DATA: &str = include_str!("data/fuzz_regressions.txt");

/// `\xHH`, `\n` and `\\` escapes.
fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = s.get(i + 2..i + 4).and_then(|h| u8::from_str_radix(h, 16).ok());
        match (c, b.get(i + 1), hex) {
            (b'\\', Some(b'x'), Some(v)) => {
                out.push(v);
                i += 4;
            }
            (b'\\', Some(b'n'), _) => {
                out.push(b'\n');
                i += 2;
            }
            (b'\\', Some(b'\\'), _) => {
                out.push(b'\\');
                i += 2;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

#[test]
fn replay() {
    let mut n = 0;
    for (line, l) in DATA.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let mut f = l.split('\t');
        let (target, input) = (f.next().unwrap_or(""), unescape(f.next().unwrap_or("")));
        let run = || match target {
            "parse" => fuzz_checks::parse(&input),
            "split" => fuzz_checks::split(&input),
            "resolve" => fuzz_checks::resolve(&input),
            "normalize" => fuzz_checks::normalize(&input),
            "percent" => fuzz_checks::percent(&input),
            "security" => fuzz_checks::security(&input),
            "extract" => fuzz_checks::extract(&input),
            "peers_parse" => fuzz_checks::peers_parse(&input),
            "peers_resolve" => fuzz_checks::peers_resolve(&input),
            "peers_normalize" => fuzz_checks::peers_normalize(&input),
            #[cfg(feature = "oracle")]
            "strict_vs_oracle" => fuzz_checks::strict_vs_oracle(&input),
            #[cfg(feature = "oracle")]
            "split_vs_oracle" => fuzz_checks::split_vs_oracle(&input),
            #[cfg(not(feature = "oracle"))]
            "strict_vs_oracle" | "split_vs_oracle" => {}
            other => panic!("fuzz_regressions.txt:{}: unknown target {other:?}", line + 1),
        };
        if let Err(e) = std::panic::catch_unwind(run) {
            let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            panic!(
                "fuzz_regressions.txt:{}: {target} on {:?}: {}",
                line + 1,
                String::from_utf8_lossy(&input),
                msg.unwrap_or_default()
            );
        }
        n += 1;
    }
    assert!(n >= 9, "only {n} cases");
}
