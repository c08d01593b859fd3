//! Quick in-process timing of the strict parser over URL lists (one URL per line).
//! `cargo run --release --example quick -- FILE...` (`IRI=1`: with RFC 3987's grammar)
use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("read");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let lines: Vec<&str> = text.lines().collect();
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        let mut times = Vec::new();
        let mut ok = 0;
        let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(15);
        // NOPARSE=1 times the loop alone (to subtract the harness's cost).
        let noparse = std::env::var_os("NOPARSE").is_some();
        // IRI=1 parses with RFC 3987's grammar.
        let grammar =
            if std::env::var_os("IRI").is_some() { uriscan::Grammar::Rfc3987 } else { uriscan::Grammar::Rfc3986 };
        // TO_URI=1 maps each reference to a URI (RFC 3987 §3.1) too.
        let to_uri = std::env::var_os("TO_URI").is_some();
        for _ in 0..rounds {
            let t = Instant::now();
            ok = 0;
            for l in &lines {
                if noparse {
                    std::hint::black_box(l);
                    continue;
                }
                if let Ok(u) = grammar.reference().parse(std::hint::black_box(l)) {
                    ok += 1;
                    if to_uri {
                        std::hint::black_box(u.to_uri_str());
                    }
                    std::hint::black_box(u);
                }
            }
            times.push(t.elapsed().as_nanos() as f64);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let med = times[times.len() / 2];
        println!(
            "{:<40} {:>7} lines {:>7} ok  {:>6.1} ns/URL  {:>7.0} MB/s",
            path,
            lines.len(),
            ok,
            med / lines.len() as f64,
            bytes as f64 / med * 1e3
        );
    }
}
