//! Adversarial inputs (issue: linear time, bounded memory) at 1 MiB and
//! 16 MiB: parse, split, resolve and normalize, in bytes per second, so that
//! time per byte can be compared across the ×16 step. Flat is linear.
//!
//! ```text
//! cargo bench --bench adversarial
//! cargo bench --bench adversarial -- 'adversarial/a:'   # one input
//! ```
//!
//! There is no timing assertion anywhere; `tests/adversarial.rs` checks that
//! outputs and memory are linear.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use uriscan::{NormalizeOptions, UriRef};

const MIB: usize = 1 << 20;
const BASE: &str = "http://a/b/c/d;p?q";

/// `unit` repeated to `n` bytes (rounded down), after `prefix`.
fn rep(prefix: &str, unit: &str, n: usize) -> String {
    let mut s = String::from(prefix);
    s.push_str(&unit.repeat((n - prefix.len()) / unit.len()));
    s
}

fn inputs(n: usize) -> Vec<(&'static str, String)> {
    vec![
        ("/.. repeated", rep("", "/..", n)),
        ("% repeated", rep("", "%", n)),
        ("%7e repeated", rep("http://h/", "%7e", n)),
        ("[ then :", rep("http://[", ":", n)),
        ("a: repeated", rep("", "a:", n)),
        ("segments /a", rep("", "/a", n)),
        ("deep dots", {
            let mut s = rep("http://h", "/a", n / 2);
            s.push_str(&"/..".repeat((n - s.len()) / 3));
            s
        }),
        ("? repeated", rep("", "?", n)),
    ]
}

fn bench(c: &mut Criterion) {
    let base = UriRef::parse(BASE).expect("base");
    let sizes = [MIB, 16 * MIB];
    for (name, _) in inputs(64) {
        let mut g = c.benchmark_group(format!("adversarial/{name}"));
        g.sample_size(10).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
        for &n in &sizes {
            let s = inputs(n).into_iter().find(|(k, _)| *k == name).map(|(_, s)| s).unwrap_or_default();
            let mib = format!("{}MiB", n / MIB);
            g.throughput(Throughput::Bytes(s.len() as u64));
            g.bench_with_input(BenchmarkId::new("parse", &mib), &s, |b, s| {
                b.iter(|| UriRef::parse(black_box(s)).map(|u| u.path().len()))
            });
            g.bench_with_input(BenchmarkId::new("split", &mib), &s, |b, s| {
                b.iter(|| uriscan::split(black_box(s)).path.len())
            });
            let Ok(u) = UriRef::parse(&s) else { continue };
            g.bench_with_input(BenchmarkId::new("resolve", &mib), &u, |b, u| {
                b.iter(|| black_box(u).resolve_str(&base).map(|r| r.len()))
            });
            g.bench_with_input(BenchmarkId::new("normalize", &mib), &u, |b, u| {
                b.iter(|| black_box(u).normalize_str_with(NormalizeOptions::SCHEME_BASED).len())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
