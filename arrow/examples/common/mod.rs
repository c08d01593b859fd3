//! What the Arrow benchmarks share: the corpus and the median timer.

use std::time::{Duration, Instant};

/// The lines of `$URISCAN_BENCH_DATA/kasztp.txt` and its path, or (when the
/// variable is unset or the file unreadable) 10,000 generated URLs whose
/// hosts cycle through `hosts`, and `"generated"`.
pub fn corpus(hosts: &[&str]) -> (Vec<String>, String) {
    if let Ok(dir) = std::env::var("URISCAN_BENCH_DATA") {
        let path = std::path::Path::new(&dir).join("kasztp.txt");
        if let Ok(text) = std::fs::read_to_string(&path) {
            let text = text.trim_start_matches('\u{feff}');
            let lines: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(String::from).collect();
            if !lines.is_empty() {
                return (lines, path.display().to_string());
            }
        }
    }
    let n = hosts.len().max(1);
    let lines = (0..10_000)
        .map(|i| {
            let host = hosts.get(i % n).copied().unwrap_or("example.com");
            format!("https://{}/path/{}/item-{}.html?id={}&ref=x#s{}", host, i % 97, i, i * 7, i % 3)
        })
        .collect();
    (lines, "generated".to_string())
}

/// The median time of `rounds` calls of `f`.
pub fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> Duration {
    let v: Vec<Duration> = (0..rounds.max(1))
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    median(v)
}

/// The median of `times` (at least one).
pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}
