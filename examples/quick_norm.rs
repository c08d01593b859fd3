//! Development aid: time syntax-based normalization and resolution over a
//! `base,reference` CSV (`cargo run --release --example quick_norm -- FILE.csv`).
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("FILE.csv");
    let text = std::fs::read_to_string(path).expect("read");
    let pairs: Vec<(&str, &str)> = text.lines().skip(1).filter_map(|l| l.split_once(',')).collect();
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let what = std::env::var("WHAT").unwrap_or_default();
    let mut out = String::new();
    let t = Instant::now();
    let mut n = 0usize;
    for _ in 0..rounds {
        for (b, r) in &pairs {
            match what.as_str() {
                "parse" => n += uriscan::UriRef::parse(black_box(b)).is_ok() as usize,
                "resolve" => {
                    if let (Ok(b), Ok(r)) = (uriscan::UriRef::parse(b), uriscan::UriRef::parse(r)) {
                        n += r.resolve_into(&b, &mut out).is_ok() as usize;
                    }
                }
                _ => n += uriscan::UriRef::parse(black_box(b)).map_or(0, |u| u.normalize_str().len()),
            }
        }
    }
    black_box(n);
    println!("{:.1} ns/item", t.elapsed().as_nanos() as f64 / (rounds * pairs.len()) as f64);
}
