//! URI extraction from free text (RFC 3986 Appendix C) on a generated Apache
//! combined log (~4 MiB, deterministic), in bytes of text per second.
//!
//! ```text
//! cargo bench --bench extract
//! cargo bench --bench extract --features force-scalar   # without AVX2
//! ```
//!
//! Most lines carry a relative request path, a `-` referrer and a browser
//! user agent; one in ten has a referrer URI, one in twenty a crawler user
//! agent with a `+http://…` link, and one in eight a client IPv6 address, so
//! fewer than 5% of the bytes belong to URIs while every line holds the
//! timestamp's three colons. The bench prints the share of URI bytes.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

/// About `size` bytes of combined-log lines.
fn corpus(size: usize) -> String {
    let mut x: u64 = 0xC0FFEE;
    let mut next = move |m: u64| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) % m
    };
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const PATHS: [&str; 6] = ["/", "/index.html", "/static/app.js", "/api/v1/users", "/img/logo.png", "/search"];
    const AGENTS: [&str; 3] = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1",
        "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    ];
    let mut s = String::with_capacity(size + 512);
    while s.len() < size {
        if next(8) == 0 {
            let _ = write!(s, "2001:db8::{:x} ", next(65536));
        } else {
            let _ = write!(s, "{}.{}.{}.{} ", 1 + next(223), next(256), next(256), 1 + next(254));
        }
        let _ = write!(
            s,
            "- - [{:02}/{}/2024:{:02}:{:02}:{:02} +0000] \"GET {}",
            1 + next(28),
            MONTHS[next(12) as usize],
            next(24),
            next(60),
            next(60),
            PATHS[next(6) as usize]
        );
        if next(3) == 0 {
            let _ = write!(s, "?id={}&page={}", next(100000), next(50));
        }
        let _ = write!(s, " HTTP/1.1\" {} {} ", [200, 200, 200, 304, 404][next(5) as usize], next(50000));
        if next(10) == 0 {
            let _ = write!(s, "\"https://www.example{}.com/articles/{}?ref=feed\" ", next(10), next(10000));
        } else {
            s.push_str("\"-\" ");
        }
        if next(20) == 0 {
            s.push_str("\"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n");
        } else {
            let _ = writeln!(s, "\"{}\"", AGENTS[next(3) as usize]);
        }
    }
    s
}

fn bench(c: &mut Criterion) {
    let text = corpus(4 << 20);
    let uri_bytes: usize = uriscan::extract(&text).map(|m| m.end() - m.start()).sum();
    let count = uriscan::extract(&text).count();
    let share = uri_bytes as f64 / text.len() as f64;
    eprintln!("extract corpus: {} bytes, {} URIs, {:.2}% URI bytes", text.len(), count, 100.0 * share);
    assert!(share < 0.05, "the corpus should be sparse in URIs");

    let mut g = c.benchmark_group("extract/combined-log");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(4));
    g.bench_function("extract", |b| {
        b.iter(|| uriscan::extract(black_box(&text)).map(|m| m.end() - m.start()).sum::<usize>())
    });
    g.bench_function("extract_bytes", |b| {
        b.iter(|| uriscan::extract_bytes(black_box(text.as_bytes())).map(|m| m.end() - m.start()).sum::<usize>())
    });
    let http = uriscan::Extractor::new().schemes(["http", "https"]);
    g.bench_function("schemes_http_https", |b| {
        b.iter(|| http.extract(black_box(&text)).map(|m| m.end() - m.start()).sum::<usize>())
    });
    let lenient = uriscan::Extractor::new().accept_invalid(true);
    g.bench_function("accept_invalid", |b| {
        b.iter(|| lenient.extract(black_box(&text)).map(|m| m.end() - m.start()).sum::<usize>())
    });
    // For scale: counting the colons byte by byte (no extraction at all).
    g.bench_function("baseline_count_colons_bytewise", |b| {
        b.iter(|| black_box(text.as_bytes()).iter().filter(|&&b| b == b':').count())
    });
    // Only the search a memchr-based extractor would start from.
    g.bench_function("baseline_memchr_iter_colons", |b| {
        b.iter(|| {
            // Visits each `:` (`count()` would take memchr's counting shortcut).
            let mut acc = 0usize;
            for i in memchr::memchr_iter(b':', black_box(text.as_bytes())) {
                acc = acc.wrapping_add(i);
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
