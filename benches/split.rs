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

mod common;
use common::corpora;

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
