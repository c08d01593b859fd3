//! The owned type and serde, measured in one process, interleaved, over
//! several rounds; prints medians and ratios as Markdown tables.
//!
//! ```sh
//! URISCAN_BENCH_DATA=../shared/data cargo run --release --features serde --example owned_serde
//! ```
//!
//! - Parse: `UriRef::parse` against `UriBuf::parse` (a copy into a new
//!   `String`) and `UriBuf::try_from(String)` (the `String` is made in the
//!   loop too, as a reader would), on `kasztp.txt` from `URISCAN_BENCH_DATA`
//!   (a generated list when unset).
//! - serde: a JSON array of 100,000 URLs (the list's lines accepted by both
//!   uriscan and fluent-uri, repeated), deserialized into `Vec<&str>` and
//!   `Vec<String>` (serde_json alone), `Vec<uriscan::UriRef>` (borrowed),
//!   `Vec<uriscan::UriBuf>`, `Vec<fluent_uri::UriRef<&str>>` and
//!   `Vec<fluent_uri::UriRef<String>>`.
//! - Relativize: every Common Crawl pair of `relative_urls_cc_10k.csv`
//!   (when present): resolve, relativize the result, resolve that again and
//!   count the round trips that give the target back exactly.
//!
//! `ROUNDS` sets the round count (default 21).
use std::hint::black_box;
use std::time::Instant;

use uriscan::{UriBuf, UriRef};

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(|a, b| a.total_cmp(b));
    t[t.len() / 2]
}

/// Runs every job once per round, in order; the median seconds of each.
fn time<T>(rounds: usize, jobs: &[(&str, &dyn Fn() -> T)]) -> Vec<f64> {
    let mut times = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds {
        for (k, (_, f)) in jobs.iter().enumerate() {
            let t = Instant::now();
            black_box(f());
            times[k].push(t.elapsed().as_secs_f64());
        }
    }
    times.into_iter().map(median).collect()
}

fn generated() -> String {
    let mut s = String::new();
    for i in 0..20_000u32 {
        s.push_str(&format!("https://host{}.example.com/path/{}/item?id={}&q=x#frag{}\n", i % 97, i, i * 7, i % 5));
    }
    s
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(21);
    let dir = std::env::var_os("URISCAN_BENCH_DATA").map(std::path::PathBuf::from);
    let (name, text) = match dir.as_ref().map(|d| d.join("kasztp.txt")) {
        Some(p) => ("kasztp.txt", std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))),
        None => ("generated", generated()),
    };
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    let n = lines.len() as f64;

    let by_ref =
        || lines.iter().filter(|l| UriRef::parse(black_box(l)).is_ok_and(|u| black_box(u.host()).is_some())).count();
    let by_buf =
        || lines.iter().filter(|l| UriBuf::parse(black_box(l)).is_ok_and(|u| black_box(u.host()).is_some())).count();
    let by_string = || {
        lines
            .iter()
            .filter(|l| UriBuf::try_from(black_box(l.to_string())).is_ok_and(|u| black_box(u.host()).is_some()))
            .count()
    };
    let string_only = || lines.iter().map(|l| black_box(l.to_string()).len()).sum::<usize>();
    let jobs: [(&str, &dyn Fn() -> usize); 4] = [
        ("UriRef::parse", &by_ref),
        ("UriBuf::parse (copies)", &by_buf),
        ("UriBuf::try_from(String) with the String made in the loop", &by_string),
        ("String only (the allocation and copy alone)", &string_only),
    ];
    let med = time(rounds, &jobs);
    println!("Parse of {name} ({} lines), median of {rounds} rounds:\n", lines.len());
    println!("| job | ns/URL | vs UriRef::parse |\n| --- | --- | --- |");
    for ((j, _), m) in jobs.iter().zip(&med) {
        println!("| {j} | {:.1} | {:.3}x time |", m * 1e9 / n, m / med[0]);
    }
    println!(
        "\nUriBuf::parse minus the String-only job: {:.1} ns/URL, {:.3}x UriRef::parse",
        (med[1] - med[3]) * 1e9 / n,
        (med[1] - med[3]) / med[0]
    );

    // serde: a JSON array of 100,000 URLs both parsers accept.
    let both: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| UriRef::parse(l).is_ok() && fluent_uri::UriRef::parse(*l).is_ok() && !l.contains(['"', '\\']))
        .collect();
    let urls: Vec<&str> = both.iter().copied().cycle().take(100_000).collect();
    let json = serde_json::to_string(&urls).unwrap();
    let de_str = || serde_json::from_str::<Vec<&str>>(&json).unwrap().len();
    let de_string = || serde_json::from_str::<Vec<String>>(&json).unwrap().len();
    let de_ref = || serde_json::from_str::<Vec<UriRef<'_>>>(&json).unwrap().len();
    let de_buf = || serde_json::from_str::<Vec<UriBuf>>(&json).unwrap().len();
    let de_fl_ref = || serde_json::from_str::<Vec<fluent_uri::UriRef<&str>>>(&json).unwrap().len();
    let de_fl_buf = || serde_json::from_str::<Vec<fluent_uri::UriRef<String>>>(&json).unwrap().len();
    let jobs: [(&str, &dyn Fn() -> usize); 6] = [
        ("uriscan `Vec<UriRef>` (borrowed)", &de_ref),
        ("fluent-uri 0.4 `Vec<UriRef<&str>>` (borrowed)", &de_fl_ref),
        ("uriscan `Vec<UriBuf>` (owned)", &de_buf),
        ("fluent-uri 0.4 `Vec<UriRef<String>>` (owned)", &de_fl_buf),
        ("serde_json `Vec<&str>` (no parsing)", &de_str),
        ("serde_json `Vec<String>` (no parsing)", &de_string),
    ];
    for (j, f) in &jobs {
        assert_eq!(f(), 100_000, "{j}");
    }
    let med = time(rounds, &jobs);
    println!(
        "\nserde_json deserialization of a JSON array of 100,000 URLs from {name} ({} bytes), median of {rounds} rounds:\n",
        json.len()
    );
    println!("| target | ms | ns/URL | MB/s | vs fluent-uri (same ownership) |\n| --- | --- | --- | --- | --- |");
    for (k, ((j, _), m)) in jobs.iter().zip(&med).enumerate() {
        let peer = match k {
            0 | 1 => format!("{:.2}x", med[1] / m),
            2 | 3 => format!("{:.2}x", med[3] / m),
            _ => "-".into(),
        };
        println!("| {j} | {:.2} | {:.1} | {:.0} | {peer} |", m * 1e3, m * 1e9 / 1e5, json.len() as f64 / m / 1e6);
    }

    // Relativize, on the Common Crawl pairs.
    let Some(csv) = dir.map(|d| d.join("relative_urls_cc_10k.csv")).and_then(|p| std::fs::read_to_string(p).ok())
    else {
        return;
    };
    let (mut pairs, mut back, mut no_answer, mut longer) = (0, 0, 0, 0);
    let mut targets = Vec::new();
    for (b, r) in csv.lines().skip(1).filter_map(|l| l.split_once(',')) {
        let (Ok(base), Ok(rel)) = (UriRef::parse(b), UriRef::parse(r)) else { continue };
        let Ok(target) = rel.resolve_str(&base) else { continue };
        pairs += 1;
        match UriRef::parse(&target).unwrap().relativize(&base) {
            Ok(r2) => {
                back += usize::from(r2.as_uri_ref().resolve_str(&base).unwrap() == target);
                longer += usize::from(r2.as_str().len() > r.len());
            }
            Err(_) => no_answer += 1,
        }
        targets.push((b.to_string(), target));
    }
    let relativize_all = || {
        targets
            .iter()
            .filter(|(b, t)| {
                let (b, t) = (UriRef::parse(b).unwrap(), UriRef::parse(t).unwrap());
                t.relativize(&b).is_ok()
            })
            .count()
    };
    let med = time(rounds, &[("relativize", &relativize_all)]);
    println!(
        "\nRelativize on relative_urls_cc_10k.csv: {pairs} resolvable pairs; resolve(relativize(target)) == target for {back}; \
         no answer for {no_answer}; longer than the original reference for {longer}; \
         {:.1} ns/pair (parse base + parse target + relativize), median of {rounds} rounds",
        med[0] * 1e9 / targets.len() as f64
    );
}
