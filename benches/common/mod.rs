//! Corpora for the benches: the URL lists in the directory named by
//! `URISCAN_BENCH_DATA` (the project does not ship them), or, when it is
//! unset, a deterministic generated corpus, so `cargo bench` runs anywhere.
#![allow(dead_code)]

pub const FILES: [&str; 3] = ["kasztp.txt", "node_files.txt", "isaacs_files.txt"];

/// `(name, lines)` of every corpus to run.
pub fn corpora() -> Vec<(String, Vec<String>)> {
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
pub fn generated(n: usize) -> Vec<String> {
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

/// `base,reference` pairs: `relative_urls_cc_10k.csv` from `URISCAN_BENCH_DATA`
/// (a header line, then the base, a comma, and the reference: everything after
/// the first comma), or generated pairs.
pub fn pairs() -> (String, Vec<(String, String)>) {
    if let Some(dir) = std::env::var_os("URISCAN_BENCH_DATA") {
        let path = std::path::Path::new(&dir).join("relative_urls_cc_10k.csv");
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("URISCAN_BENCH_DATA: cannot read {}: {e}", path.display()));
        let pairs = text
            .lines()
            .skip(1)
            .filter_map(|l| l.split_once(','))
            .map(|(b, r)| (b.to_string(), r.to_string()))
            .collect();
        return ("relative_urls_cc_10k".into(), pairs);
    }
    let refs =
        ["g", "./g", "../g", "/a/b?x=1", "//cdn.example.net/x.js", "#top", "?page=2", "../../img/a.png", "https:other"];
    let bases = generated(2000).into_iter().filter(|b| b.starts_with("http") && !b.contains(' '));
    let pairs = bases.zip(refs.iter().cycle()).map(|(b, r)| (b, r.to_string())).collect();
    ("generated-pairs".into(), pairs)
}
