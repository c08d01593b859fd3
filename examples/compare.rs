//! Compares uriscan with its peers on URL lists, in one process, interleaved,
//! over several rounds; prints a Markdown table of medians.
//!
//! ```sh
//! cargo run --release --example compare -- ../shared/data/kasztp.txt ../shared/data/node_files.txt ../shared/data/isaacs_files.txt
//! ```
//!
//! Each file holds one URL per line (a leading BOM is skipped). With no file,
//! a deterministic generated corpus is used. `ROUNDS` sets the round count.
use std::hint::black_box;
use std::time::Instant;

type Engine = (&'static str, fn(&str) -> bool);

fn engines() -> Vec<Engine> {
    vec![
        ("uriscan (strict)", |s| match uriscan::UriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment(), u.host_kind()));
                true
            }
            Err(_) => false,
        }),
        ("uriscan split (App. B)", |s| {
            let c = uriscan::split(s);
            black_box((c.scheme, c.authority, c.path, c.query, c.fragment));
            true
        }),
        ("fluent-uri 0.4", |s| match fluent_uri::UriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority().map(|a| a.host()), u.path(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
        ("oxiri 0.3 (IRI)", |s| match oxiri::IriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
        ("iri-string 0.7", |s| match iri_string::types::UriReferenceStr::new(s) {
            Ok(u) => {
                black_box((u.scheme_str(), u.authority_str(), u.path_str(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
        ("http 1 (lenient)", |s| match s.parse::<http::Uri>() {
            Ok(u) => {
                black_box((u.scheme_str(), u.host(), u.path(), u.query()));
                true
            }
            Err(_) => false,
        }),
        ("url 2 (WHATWG)", |s| match url::Url::parse(s) {
            Ok(u) => {
                black_box(u);
                true
            }
            Err(_) => false,
        }),
    ]
}

fn generated() -> String {
    let mut out = String::new();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut r = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let hosts = ["example.com", "www.example.org", "192.0.2.16", "[2001:db8::7]", "a.b.c.example.net"];
    let segs = ["index.html", "a", "very-long-segment-name", "%7Euser", "x.js", "lib", "src"];
    for _ in 0..20000 {
        out.push_str(["http://", "https://", "file:///", "ftp://user@"][r(4) as usize]);
        out.push_str(hosts[r(5) as usize]);
        for _ in 0..r(6) {
            out.push('/');
            out.push_str(segs[r(7) as usize]);
        }
        if r(3) == 0 {
            out.push_str("?q=1&r=two");
        }
        if r(5) == 0 {
            out.push_str("#frag");
        }
        out.push('\n');
    }
    out
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let mut corpora: Vec<(String, String)> = std::env::args()
        .skip(1)
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {}", p, e));
            (std::path::Path::new(&p).file_name().map_or(p.clone(), |f| f.to_string_lossy().into_owned()), t)
        })
        .collect();
    if corpora.is_empty() {
        corpora.push(("generated".into(), generated()));
    }
    let engines = engines();
    println!("Strict parse (validate + component access), median of {} interleaved rounds:\n", rounds);
    print!("| parser |");
    for (name, _) in &corpora {
        print!(" {} |", name);
    }
    println!();
    print!("| --- |");
    for _ in &corpora {
        print!(" --- |");
    }
    println!();
    let mut rows: Vec<Vec<String>> = vec![Vec::new(); engines.len()];
    for (_, text) in &corpora {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().collect();
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        let mut times = vec![Vec::new(); engines.len()];
        let mut ok = vec![0usize; engines.len()];
        for _ in 0..rounds {
            for (k, (_, f)) in engines.iter().enumerate() {
                let t = Instant::now();
                let mut n = 0;
                for l in &lines {
                    n += f(black_box(l)) as usize;
                }
                times[k].push(t.elapsed().as_secs_f64());
                ok[k] = n;
            }
        }
        let med: Vec<f64> = times
            .iter_mut()
            .map(|t| {
                t.sort_by(|a, b| a.total_cmp(b));
                t[t.len() / 2]
            })
            .collect();
        let fluent = med[2];
        for k in 0..engines.len() {
            rows[k].push(format!(
                "{:.1} ns/URL, {:.0} MB/s, {} ok, {:.2}x fluent-uri",
                med[k] * 1e9 / lines.len() as f64,
                bytes as f64 / med[k] / 1e6,
                ok[k],
                fluent / med[k]
            ));
        }
    }
    for (k, (name, _)) in engines.iter().enumerate() {
        println!("| {} | {} |", name, rows[k].join(" | "));
    }
}
