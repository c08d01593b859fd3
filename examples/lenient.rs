//! Times the lenient parse (`Syntax::parse_lenient_bytes`) against the strict
//! parse and the Appendix B split, in one process, interleaved, over
//! several rounds; prints a Markdown table of medians (ns per line).
//!
//! ```sh
//! URISCAN_BENCH_DATA=../shared/data cargo run --release --example lenient
//! ```
//!
//! Corpora: the URL lists of `URISCAN_BENCH_DATA` (`kasztp.txt`,
//! `node_files.txt`, `isaacs_files.txt`, as `benches/common` reads them),
//! or the generated corpus of the benches when it is unset. Each list is
//! timed twice:
//!
//! - *valid*: its lines that are valid RFC 3986 references, where the
//!   lenient parse is compared with the strict parse (`parse_bytes`), both
//!   reading every component;
//! - *dirty*: each of its lines spoiled at 1 to 3 pseudo-random places (a
//!   byte replaced by one of ` "<>\^`{|}`, NUL, 0xFF or a `%` without hex
//!   digits), where the lenient parse (components and every violation
//!   counted) is compared with the split (`split_bytes`, every component
//!   read); so is the lenient parse that reads the components and only
//!   the first violation (`Lenient::error`, the strict error: the walk of
//!   the violations is lazy, and not run).
//!
//! `ROUNDS` sets the round count (default 21). `ONLY=ENGINE` (`strict`,
//! `lenient`, `split`, `lenient, first violation`) and `SET=valid` or
//! `SET=dirty` keep one engine and one set, for counting instructions per
//! line under callgrind (the run with `ROUNDS=2` minus the run with
//! `ROUNDS=1`, divided by the line count):
//!
//! ```sh
//! for r in 1 2; do ONLY=lenient SET=dirty ROUNDS=$r valgrind --tool=callgrind \
//!   --callgrind-out-file=/dev/null target/release/examples/lenient 2>&1 | grep Collected; done
//! ```

use std::hint::black_box;
use std::time::Instant;
use uriscan::Syntax;

#[path = "../benches/common/mod.rs"]
mod common;

/// The bytes a spoiled line gets.
const JUNK: &[u8] = b" \"<>\\^`{|}\x00\xFF%";

/// Each line spoiled at 1 to 3 pseudo-random places (fixed seed).
fn spoil(lines: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut x: u64 = 0x1e41_e47d;
    let mut next = move |m: usize| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((x >> 33) as usize) % m.max(1)
    };
    lines
        .iter()
        .map(|l| {
            let mut v = l.clone();
            for _ in 0..1 + next(3) {
                let at = next(v.len());
                let b = JUNK[next(JUNK.len())];
                match v.get_mut(at) {
                    Some(slot) => *slot = b,
                    None => v.push(b),
                }
            }
            v
        })
        .collect()
}

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

type Engine = (&'static str, fn(&[u8]) -> usize);

fn strict(l: &[u8]) -> usize {
    match Syntax::UriReference.parse_bytes(l) {
        Ok(u) => {
            black_box((u.scheme(), u.authority(), u.userinfo(), u.host(), u.port(), u.path(), u.query(), u.fragment()));
            1
        }
        Err(e) => e.index(),
    }
}

fn lenient(l: &[u8]) -> usize {
    let p = Syntax::UriReference.parse_lenient_bytes(l);
    black_box((p.scheme(), p.authority(), p.userinfo(), p.host(), p.port(), p.path(), p.query(), p.fragment()));
    p.violations().count()
}

/// The lenient parse without walking the violations: the components and
/// the first violation (the strict error) only.
fn lenient_first(l: &[u8]) -> usize {
    let p = Syntax::UriReference.parse_lenient_bytes(l);
    black_box((p.scheme(), p.authority(), p.userinfo(), p.host(), p.port(), p.path(), p.query(), p.fragment()));
    p.error().map_or(0, |e| e.index())
}

fn split(l: &[u8]) -> usize {
    let c = uriscan::split_bytes(l);
    black_box((c.scheme, c.authority, c.path, c.query, c.fragment));
    1
}

/// Median ns per line of each engine over `rounds` interleaved rounds.
fn time(engines: &[Engine], lines: &[Vec<u8>], rounds: usize) -> Vec<f64> {
    let mut times = vec![Vec::new(); engines.len()];
    for _ in 0..rounds {
        for (k, (_, f)) in engines.iter().enumerate() {
            let t = Instant::now();
            let mut acc = 0usize;
            for l in lines {
                acc = acc.wrapping_add(f(black_box(l)));
            }
            black_box(acc);
            times[k].push(t.elapsed().as_nanos() as f64 / lines.len().max(1) as f64);
        }
    }
    times.into_iter().map(median).collect()
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(21);
    let all: [Engine; 4] =
        [("strict", strict), ("lenient", lenient), ("split", split), ("lenient, first violation", lenient_first)];
    let only = std::env::var("ONLY").ok();
    let only_set = std::env::var("SET").ok();
    if let Some(o) = &only {
        let engines: Vec<Engine> = all.iter().copied().filter(|(n, _)| n == o).collect();
        for (name, lines) in common::corpora() {
            let bytes: Vec<Vec<u8>> = lines.into_iter().map(String::into_bytes).collect();
            let set: Vec<Vec<u8>> = match only_set.as_deref() {
                Some("dirty") => {
                    spoil(&bytes).into_iter().filter(|l| Syntax::UriReference.parse_bytes(l).is_err()).collect()
                }
                _ => bytes.into_iter().filter(|l| Syntax::UriReference.parse_bytes(l).is_ok()).collect(),
            };
            let t = time(&engines, &set, rounds);
            println!("{name}: {} lines, {o}: {:.1} ns/line", set.len(), t.first().copied().unwrap_or(0.0));
        }
        return;
    }
    let engines = all;
    println!(
        "| corpus | lines | strict | lenient | lenient, first violation only | split | lenient / strict | lenient / split | first only / split | violations |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, lines) in common::corpora() {
        let bytes: Vec<Vec<u8>> = lines.into_iter().map(String::into_bytes).collect();
        let valid: Vec<Vec<u8>> =
            bytes.iter().filter(|l| Syntax::UriReference.parse_bytes(l).is_ok()).cloned().collect();
        let dirty: Vec<Vec<u8>> =
            spoil(&bytes).into_iter().filter(|l| Syntax::UriReference.parse_bytes(l).is_err()).collect();
        for (kind, set) in [("valid", &valid), ("dirty", &dirty)] {
            let violations: usize = set.iter().map(|l| lenient(l)).sum();
            let t = time(&engines, set, rounds);
            println!(
                "| {name} ({kind}) | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.2}× | {:.2}× | {:.2}× | {violations} |",
                set.len(),
                t[0],
                t[1],
                t[3],
                t[2],
                t[1] / t[0],
                t[1] / t[2],
                t[3] / t[2]
            );
        }
    }
}
