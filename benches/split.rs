//! Split mode (RFC 3986 Appendix B, table-driven) against the Appendix B
//! regex oracle (feature `oracle`) and the strict parser, in bytes per second.
//!
//! ```text
//! URISCAN_BENCH_DATA=../shared/data cargo bench --bench split --features oracle
//! ```
//!
//! With `URISCAN_BENCH_DATA` set, reads the URL lists `kasztp.txt`,
//! `node_files.txt` and `isaacs_files.txt` (one URL per line; a leading
//! UTF-8 BOM is dropped) from that directory; the corpora are not part of
//! the project. Without it, runs on a deterministic generated corpus.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

const FILES: [&str; 3] = ["kasztp.txt", "node_files.txt", "isaacs_files.txt"];

/// `(name, lines)` of every corpus to run.
fn corpora() -> Vec<(String, Vec<String>)> {
    match std::env::var_os("URISCAN_BENCH_DATA") {
        Some(dir) => FILES
            .iter()
            .map(|f| {
                let path = std::path::Path::new(&dir).join(f);
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("URISCAN_BENCH_DATA: cannot read {}: {e}", path.display()));
                let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
                let lines = text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect();
                (f.trim_end_matches(".txt").to_string(), lines)
            })
            .collect(),
        None => vec![("generated".to_string(), generated(20_000))],
    }
}

/// A deterministic mix of web, file and relative references, with some
/// invalid ones (spaces, `\`, non-ASCII), like a URL log.
fn generated(n: usize) -> Vec<String> {
    let mut x: u64 = 0x5EED;
    let mut next = move |m: u64| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) % m
    };
    let words =
        ["www", "example", "com", "api", "v1", "users", "index.html", "a%20b", "caf\u{e9}", "x y", "node_modules"];
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut s = String::new();
        match next(4) {
            0 => s.push_str("https://"),
            1 => s.push_str("http://user@"),
            2 => s.push_str("file:///"),
            _ => {}
        }
        for i in 0..2 + next(8) {
            if i > 0 {
                s.push(if i == 1 && s.contains("//") { '.' } else { '/' });
            }
            s.push_str(words[next(words.len() as u64) as usize]);
        }
        if next(3) == 0 {
            s.push_str("?q=1&lang=en");
        }
        if next(5) == 0 {
            s.push_str("#top");
        }
        out.push(s);
    }
    out
}

fn bench(c: &mut Criterion) {
    for (name, lines) in corpora() {
        let bytes: usize = lines.iter().map(String::len).sum();
        let mut g = c.benchmark_group(format!("split/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
        g.bench_function("split", |b| {
            b.iter(|| {
                let mut acc = 0usize;
                for l in &lines {
                    let c = uriscan::split(black_box(l));
                    acc += c.path.len() + c.authority.map_or(0, str::len) + c.query.is_some() as usize;
                }
                acc
            })
        });
        g.bench_function("split_bytes", |b| {
            b.iter(|| {
                let mut acc = 0usize;
                for l in &lines {
                    let c = uriscan::split_bytes(black_box(l.as_bytes()));
                    acc += c.path.len() + c.authority.map_or(0, <[u8]>::len) + c.query.is_some() as usize;
                }
                acc
            })
        });
        g.bench_function("strict", |b| {
            b.iter(|| {
                let mut acc = 0usize;
                for l in &lines {
                    if let Ok(u) = uriscan::UriRef::parse(black_box(l)) {
                        let c = u.components();
                        acc += c.path.len() + c.authority.map_or(0, str::len) + c.query.is_some() as usize;
                    }
                }
                acc
            })
        });
        #[cfg(feature = "oracle")]
        g.bench_function("appendix_b_oracle", |b| {
            b.iter(|| {
                let mut acc = 0usize;
                for l in &lines {
                    let c = uriscan::oracle::appendix_b(black_box(l));
                    acc += c.path.len() + c.authority.map_or(0, str::len) + c.query.is_some() as usize;
                }
                acc
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
