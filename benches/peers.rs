//! uriscan against its peers, one criterion group per task and corpus:
//! strict parse, resolution (parse both sides + resolve + write), and
//! syntax-based normalization (parse + normalize).
//!
//! ```text
//! URISCAN_BENCH_DATA=../shared/data cargo bench --bench peers
//! ```
//!
//! The ratio table in BENCHMARKS.md comes from `examples/compare.rs`, which
//! interleaves the engines in one process; this bench gives criterion's
//! statistics for the same tasks.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

fn parse(c: &mut Criterion) {
    for (name, lines) in common::corpora() {
        let bytes: usize = lines.iter().map(String::len).sum();
        let mut g = c.benchmark_group(format!("parse/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
        g.bench_function("uriscan", |b| {
            b.iter(|| lines.iter().filter(|l| uriscan::UriRef::parse(black_box(l)).is_ok()).count())
        });
        g.bench_function("fluent-uri", |b| {
            b.iter(|| lines.iter().filter(|l| fluent_uri::UriRef::parse(black_box(l.as_str())).is_ok()).count())
        });
        g.bench_function("oxiri", |b| {
            b.iter(|| lines.iter().filter(|l| oxiri::IriRef::parse(black_box(l.as_str())).is_ok()).count())
        });
        g.bench_function("iri-string", |b| {
            b.iter(|| {
                lines.iter().filter(|l| iri_string::types::UriReferenceStr::new(black_box(l.as_str())).is_ok()).count()
            })
        });
        g.bench_function("http", |b| {
            b.iter(|| lines.iter().filter(|l| black_box(l).parse::<http::Uri>().is_ok()).count())
        });
        g.bench_function("url", |b| b.iter(|| lines.iter().filter(|l| url::Url::parse(black_box(l)).is_ok()).count()));
        g.finish();
    }
}

fn resolve(c: &mut Criterion) {
    let (name, pairs) = common::pairs();
    let bytes: usize = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
    let mut g = c.benchmark_group(format!("resolve/{name}"));
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    g.bench_function("uriscan", |bench| {
        let mut out = String::new();
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(b), Ok(r)) = (uriscan::UriRef::parse(b), uriscan::UriRef::parse(r)) {
                    n += r.resolve_into(&b, &mut out).is_ok() as usize + out.len();
                }
            }
            n
        })
    });
    g.bench_function("oxiri", |bench| {
        let mut out = String::new();
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(b), Ok(r)) = (oxiri::Iri::parse(b.as_str()), oxiri::IriRef::parse(r.as_str())) {
                    out.clear();
                    n += b.resolve_into(&r, &mut out).is_ok() as usize + out.len();
                }
            }
            n
        })
    });
    g.bench_function("fluent-uri", |bench| {
        bench.iter(|| {
            let mut n = 0;
            for (b, r) in &pairs {
                if let (Ok(b), Ok(r)) = (fluent_uri::Uri::parse(b.as_str()), fluent_uri::UriRef::parse(r.as_str())) {
                    n += r.resolve_against(&b).map_or(0, |x| x.as_str().len());
                }
            }
            n
        })
    });
    g.finish();
}

fn normalize(c: &mut Criterion) {
    let (name, pairs) = common::pairs();
    let bases: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
    let bytes: usize = bases.iter().map(|b| b.len()).sum();
    let mut g = c.benchmark_group(format!("normalize/{name}"));
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    g.bench_function("uriscan", |b| {
        b.iter(|| {
            bases
                .iter()
                .map(|s| uriscan::UriRef::parse(black_box(s)).map_or(0, |u| u.normalize_str().len()))
                .sum::<usize>()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            bases
                .iter()
                .map(|s| fluent_uri::UriRef::parse(black_box(*s)).map_or(0, |u| u.normalize().as_str().len()))
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, parse, resolve, normalize);
criterion_main!(benches);
