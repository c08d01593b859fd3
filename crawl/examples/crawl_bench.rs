//! Throughput of SURT keys and registrable domains, beside the `psl` and
//! `addr` crates, measured in one process.
//!
//! ```sh
//! URISCAN_BENCH_DATA=/path/to/data cargo run --release -p uriscan-crawl --example crawl_bench
//! cargo run --release -p uriscan-crawl --example crawl_bench -- surt FILE   # keys to stdout (for benches/python_peers.sh)
//! ```
//! Reads the URL lists `kasztp.txt`, `node_files.txt`, `isaacs_files.txt` from
//! the directory in `URISCAN_BENCH_DATA`; without it, a generated corpus.
//! Each figure is the median of 11 runs.

use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::time::Instant;

use uriscan_crawl::{domain_parts, surt_bytes_into, surt_with, DomainOptions, SurtOptions};

const RUNS: usize = 11;

fn generated() -> Vec<String> {
    let hosts =
        ["www.example.com", "news.bbc.co.uk", "a.b.github.io", "shop.example.co.jp", "10.0.0.1", "xn--bcher-kva.de"];
    let paths = ["/", "/index.html", "/a/b/../c/", "/search", "/p/%7Efoo/Bar.aspx"];
    let queries = ["", "?q=rust&page=2", "?utm_source=x&id=9", "?b=2&a=1&jsessionid=0123456789abcdef0123456789abcdef"];
    let mut v = Vec::new();
    for i in 0..20_000usize {
        let h = hosts[i % hosts.len()];
        v.push(format!("http://{h}{}{}", paths[(i / 7) % paths.len()], queries[(i / 3) % queries.len()]));
    }
    v
}

fn corpora() -> Vec<(String, Vec<String>)> {
    match std::env::var_os("URISCAN_BENCH_DATA") {
        Some(dir) => ["kasztp.txt", "node_files.txt", "isaacs_files.txt"]
            .iter()
            .filter_map(|f| {
                let text = std::fs::read_to_string(std::path::Path::new(&dir).join(f)).ok()?;
                Some(((*f).to_owned(), text.lines().filter(|l| !l.is_empty()).map(str::to_owned).collect()))
            })
            .collect(),
        None => vec![("generated".to_owned(), generated())],
    }
}

/// Median items per second over `RUNS` runs of `f` (which handles `n` items).
fn median_rate(n: usize, mut f: impl FnMut() -> usize) -> f64 {
    let mut rates: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            n as f64 / t.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[RUNS / 2]
}

fn host_of(url: &str) -> Option<&str> {
    let a = uriscan::split(url).authority?;
    let a = a.rsplit('@').next()?;
    let h = if a.starts_with('[') { a.split_inclusive(']').next()? } else { a.split(':').next()? };
    Some(h)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("surt") {
        let opts = SurtOptions::default();
        let out = std::io::stdout();
        let mut out = BufWriter::new(out.lock());
        let mut key = Vec::new();
        for f in &args[1..] {
            let data = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
            for line in data.split(|&b| b == b'\n') {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                surt_bytes_into(line, &mut key, &opts);
                out.write_all(&key).and_then(|()| out.write_all(b"\n")).expect("stdout");
            }
        }
        return;
    }
    let opts = SurtOptions::default();
    println!("median of {RUNS} runs, single thread");
    println!("{:<18} {:>8} {:>20} {:>20}", "corpus", "lines", "surt_bytes_into/s", "surt_with (new Vec)/s");
    let mut all_hosts: Vec<String> = Vec::new();
    for (name, urls) in corpora() {
        let mut key = Vec::new();
        let reused = median_rate(urls.len(), || {
            urls.iter()
                .map(|u| {
                    surt_bytes_into(u.as_bytes(), &mut key, &opts);
                    key.len()
                })
                .sum()
        });
        let fresh = median_rate(urls.len(), || urls.iter().map(|u| surt_with(u.as_bytes(), &opts).len()).sum());
        println!("{name:<18} {:>8} {reused:>20.0} {fresh:>20.0}", urls.len());
        all_hosts.extend(urls.iter().filter_map(|u| host_of(u)).map(str::to_ascii_lowercase));
    }
    let n = all_hosts.len();
    println!("\nregistrable domain of {n} hosts (lowercased), hosts/s:");
    let icann = DomainOptions::default();
    let ours_icann =
        median_rate(n, || all_hosts.iter().filter_map(|h| domain_parts(h, icann).registrable_domain()).count());
    let ours_all = median_rate(n, || {
        all_hosts.iter().filter_map(|h| domain_parts(h, DomainOptions::WITH_PRIVATE).registrable_domain()).count()
    });
    let psl_rate = median_rate(n, || all_hosts.iter().filter_map(|h| psl::domain(h.as_bytes())).count());
    let addr_rate = median_rate(n, || all_hosts.iter().filter_map(|h| addr::parse_domain_name(h).ok()?.root()).count());
    println!("  uriscan-crawl (ICANN)        {ours_icann:>14.0}");
    println!("  uriscan-crawl (ICANN+private){ours_all:>14.0}");
    println!("  psl::domain (both sections)  {psl_rate:>14.0}   ours(ICANN+private)/psl = {:.2}", ours_all / psl_rate);
    println!(
        "  addr::parse_domain_name      {addr_rate:>14.0}   ours(ICANN+private)/addr = {:.2}",
        ours_all / addr_rate
    );
    // Agreement with psl where both answer (sanity, not a test).
    let differ = all_hosts
        .iter()
        .filter(|h| {
            let ours = domain_parts(h, DomainOptions { implicit_wildcard: true, private: true }).registrable_domain();
            let theirs = psl::domain(h.as_bytes()).and_then(|d| std::str::from_utf8(d.as_bytes()).ok());
            ours.is_some() && theirs.is_some() && ours != theirs
        })
        .count();
    println!("  hosts where ours (with the implicit rule) and psl both answer and differ: {differ}");
}
