//! Compares uriscan with its peers on URL lists, in one process, interleaved,
//! over several rounds; prints a Markdown table of medians.
//!
//! ```sh
//! cargo run --release --example compare -- ../shared/data/kasztp.txt ../shared/data/node_files.txt ../shared/data/isaacs_files.txt
//! ```
//!
//! Each file holds one URL per line (a leading BOM is skipped); a `.csv` file
//! holds `base,reference` pairs after a header line and is used for the
//! resolution and normalization tables. With no file, a deterministic
//! generated corpus is used; the argument `:percent` adds a generated list
//! of URLs with percent-encoded UTF-8 paths and queries. `ROUNDS` sets the
//! round count.
//!
//! The IRI section (RFC 3987) follows: uriscan's IRI parse
//! (`Grammar::Rfc3987`) against its URI parse on the ASCII lists; then a
//! non-ASCII corpus (the `:percent` list decoded with `uriscan::iri::to_iri`,
//! plus the `.csv` links that are not ASCII) parsed by uriscan, fluent-uri's
//! `IriRef`, oxiri and iri-string's `IriReferenceStr`, and mapped to URIs
//! (§3.1) by uriscan, fluent-uri and iri-string; then the same for
//! `generated-percent-wide`, that list with `E2` characters (U+2013,
//! U+2019, U+20AC, ...) and four-byte ones (U+1F600, U+20000, ...) in its
//! words.
//!
//! The batch entry points (`Syntax::parse_each`, `Syntax::validate_each`) are timed
//! beside the one-call engines: one call per list instead of one per line.
use std::hint::black_box;
use std::time::Instant;

type Engine = (&'static str, fn(&str) -> bool);

/// How an engine is timed: called once per line (`Each`, the peers' and
/// the single-call APIs), or once per list (`Batch`, a batch API; returns
/// the count of valid lines).
#[derive(Clone, Copy)]
enum Run {
    Each(fn(&str) -> bool),
    Batch(fn(&[&str]) -> usize),
}

/// The batch APIs, shown beside the engines of [`engines`].
fn batch_engines() -> Vec<(&'static str, Run)> {
    vec![
        (
            "uriscan parse_each (strict, batch)",
            Run::Batch(|lines| {
                let mut n = 0;
                uriscan::Syntax::UriReference.parse_each(lines.iter().copied(), |_, r| {
                    if let Ok(u) = r {
                        black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment(), u.host_kind()));
                        n += 1;
                    }
                });
                n
            }),
        ),
        (
            "uriscan validate_each (batch, no components)",
            Run::Batch(|lines| {
                let mut n = 0;
                uriscan::Syntax::UriReference.validate_each(lines.iter().copied(), |_, r| n += usize::from(r.is_ok()));
                n
            }),
        ),
    ]
}

fn each(engines: Vec<Engine>) -> Vec<(&'static str, Run)> {
    engines.into_iter().map(|(n, f)| (n, Run::Each(f))).collect()
}

fn engines() -> Vec<Engine> {
    vec![
        ("uriscan (strict)", |s| match uriscan::UriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment(), u.host_kind()));
                true
            }
            Err(_) => false,
        }),
        ("uriscan validate (no components)", |s| uriscan::Syntax::UriReference.validate(s).is_ok()),
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
        // ada (C++, WHATWG), for context: it parses absolute URLs only and
        // normalizes while parsing (an allocation per URL), so it does other work.
        ("ada-url 4 (WHATWG, C++)", |s| match ada_url::Url::parse(s, None) {
            Ok(u) => {
                black_box((u.protocol(), u.host(), u.pathname(), u.search(), u.hash()));
                true
            }
            Err(_) => false,
        }),
        ("ada-url 4 can_parse (validation only)", |s| ada_url::Url::can_parse(s, None)),
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

/// A deterministic list of URLs whose paths and queries are percent-encoded
/// UTF-8 (as links to non-English pages are), for the `:percent` argument.
fn generated_percent() -> String {
    generated_percent_of(&["日本", "東京", "Ελληνικά", "русский", "中文", "عربى", "ñandú", "Zürich"])
}

/// [`generated_percent`] with characters whose leading byte is `E2` (dashes,
/// quotes, the euro sign, the ellipsis) and four-byte ones (emoji, CJK
/// Extension B) substituted into its words: the `generated-percent-wide`
/// corpus of the non-ASCII tables (decoded there as the other one is).
fn generated_percent_wide() -> String {
    generated_percent_of(&["日本–東京", "it’s", "€100", "😀", "𠀀𠀁", "Zürich…", "“русский”", "中文🎉"])
}

/// The URLs of [`generated_percent`] made of `words` (eight of them).
fn generated_percent_of(words: &[&str; 8]) -> String {
    let enc = |w: &str| -> String {
        w.bytes()
            .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{:02X}", b) })
            .collect()
    };
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut r = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut out = String::new();
    for _ in 0..20000 {
        out.push_str("https://ja.wikipedia.org/wiki/");
        let n = 1 + r(3);
        for k in 0..n {
            if k > 0 {
                out.push('/');
            }
            out.push_str(&enc(words[r(8) as usize]));
        }
        out.push_str("?q=");
        out.push_str(&enc(words[r(8) as usize]));
        out.push('\n');
    }
    out
}

type PairEngine = (&'static str, fn(&str, &str, &mut String) -> bool);

fn resolvers() -> Vec<PairEngine> {
    vec![
        ("uriscan resolve_into", |b, r, out| match (uriscan::UriRef::parse(b), uriscan::UriRef::parse(r)) {
            (Ok(b), Ok(r)) => r.resolve_into(&b, out).is_ok(),
            _ => false,
        }),
        ("oxiri 0.3 resolve_into", |b, r, out| match (oxiri::Iri::parse(b), oxiri::IriRef::parse(r)) {
            (Ok(b), Ok(r)) => {
                out.clear();
                b.resolve_into(&r, out).is_ok()
            }
            _ => false,
        }),
        ("fluent-uri 0.4", |b, r, out| match (fluent_uri::Uri::parse(b), fluent_uri::UriRef::parse(r)) {
            (Ok(b), Ok(r)) => match r.resolve_against(&b) {
                Ok(x) => {
                    out.clear();
                    out.push_str(x.as_str());
                    true
                }
                Err(_) => false,
            },
            _ => false,
        }),
        ("iri-string 0.7", |b, r, out| {
            use iri_string::types::{UriAbsoluteStr, UriReferenceStr};
            match (UriAbsoluteStr::new(b), UriReferenceStr::new(r)) {
                (Ok(b), Ok(r)) => {
                    use std::fmt::Write;
                    out.clear();
                    write!(out, "{}", r.resolve_against(b)).is_ok()
                }
                _ => false,
            }
        }),
        ("url 2 join", |b, r, out| match url::Url::parse(b) {
            Ok(b) => match b.join(r) {
                Ok(x) => {
                    out.clear();
                    out.push_str(x.as_str());
                    true
                }
                Err(_) => false,
            },
            Err(_) => false,
        }),
    ]
}

type NormEngine = (&'static str, fn(&str) -> usize);

fn normalizers() -> Vec<NormEngine> {
    vec![
        ("uriscan normalize (syntax)", |s| uriscan::UriRef::parse(s).map_or(0, |u| u.normalize_str().len())),
        ("fluent-uri 0.4", |s| fluent_uri::UriRef::parse(s).map_or(0, |u| u.normalize().as_str().len())),
        ("iri-string 0.7", |s| {
            iri_string::types::UriStr::new(s).map_or(0, |u| {
                use iri_string::format::ToDedicatedString;
                u.normalize().to_dedicated_string().as_str().len()
            })
        }),
    ]
}

fn median(mut t: Vec<f64>) -> f64 {
    t.sort_by(|a, b| a.total_cmp(b));
    t[t.len() / 2]
}

/// Resolution and normalization over `base,reference` pairs.
fn pairs(name: &str, text: &str, rounds: usize) {
    let pairs: Vec<(&str, &str)> = text.lines().skip(1).filter_map(|l| l.split_once(',')).collect();
    let bytes: usize = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
    // ONLY=prefix keeps the resolvers (and `uriscan Resolver`) whose name
    // starts with it, for counting instructions per pair under callgrind.
    let only = std::env::var("ONLY").ok();
    let keep = |n: &str| only.as_deref().map_or(true, |o| n.starts_with(o));
    let res: Vec<PairEngine> = resolvers().into_iter().filter(|(n, _)| keep(n)).collect();
    let run_resolver = keep("uriscan Resolver");
    let mut times = vec![Vec::new(); res.len()];
    let mut ok = vec![0usize; res.len()];
    let mut out = String::new();
    // uriscan's `Resolver`, one per run of pairs with the same base (as a
    // crawler resolves the links of one page), in the same rounds.
    let mut resolver_times = Vec::new();
    let mut resolver_ok = 0;
    for _ in 0..rounds {
        for (k, (_, f)) in res.iter().enumerate() {
            let t = Instant::now();
            let mut n = 0;
            for (b, r) in &pairs {
                n += f(black_box(b), black_box(r), &mut out) as usize;
                black_box(&out);
            }
            times[k].push(t.elapsed().as_secs_f64());
            ok[k] = n;
        }
        if !run_resolver {
            continue;
        }
        let t = Instant::now();
        let mut n = 0;
        let mut resolver: Option<uriscan::Resolver<'_>> = None;
        let mut current = None;
        let mut valid = false;
        for (b, r) in &pairs {
            let b = black_box(*b);
            if current != Some(b) {
                current = Some(b);
                valid = match (uriscan::UriRef::parse(b), resolver.as_mut()) {
                    (Ok(u), Some(res)) => res.rebase(u).is_ok(),
                    (Ok(u), None) => {
                        resolver = uriscan::Resolver::new(u).ok();
                        resolver.is_some()
                    }
                    (Err(_), _) => false,
                };
            }
            if let (true, Some(res)) = (valid, resolver.as_mut()) {
                if let Ok(u) = uriscan::UriRef::parse(black_box(r)) {
                    let x = res.resolve_str(&u);
                    black_box(x);
                    n += 1;
                }
            }
        }
        resolver_times.push(t.elapsed().as_secs_f64());
        resolver_ok = n;
    }
    let med: Vec<f64> = times.into_iter().map(median).collect();
    let best_peer = med.get(1..).unwrap_or_default().iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "\nResolution of {} ({} pairs): parse base + parse reference + resolve + write, median of {} rounds:\n",
        name,
        pairs.len(),
        rounds
    );
    println!("| resolver | ns/pair | MB/s | resolved | speed vs fastest peer |\n| --- | --- | --- | --- | --- |");
    for (k, (n, _)) in res.iter().enumerate() {
        println!(
            "| {} | {:.1} | {:.0} | {} | {:.2}x |",
            n,
            med[k] * 1e9 / pairs.len() as f64,
            bytes as f64 / med[k] / 1e6,
            ok[k],
            best_peer / med[k]
        );
    }
    if let Some(o) = only.as_deref() {
        if o.starts_with("one base") {
            one_base(&pairs, rounds, &only);
        }
        return;
    }
    let m = median(resolver_times);
    let runs = pairs.iter().zip(pairs.iter().skip(1)).filter(|(a, b)| a.0 != b.0).count() + 1;
    println!(
        "| uriscan Resolver (one per base: {} bases) | {:.1} | {:.0} | {} | {:.2}x |",
        runs,
        m * 1e9 / pairs.len() as f64,
        bytes as f64 / m / 1e6,
        resolver_ok,
        best_peer / m
    );
    one_base(&pairs, rounds, &only);
    let bases: Vec<&str> = pairs.iter().map(|p| p.0).collect();
    let bytes: usize = bases.iter().map(|b| b.len()).sum();
    let norms = normalizers();
    let mut times = vec![Vec::new(); norms.len()];
    for _ in 0..rounds {
        for (k, (_, f)) in norms.iter().enumerate() {
            let t = Instant::now();
            let mut n = 0;
            for b in &bases {
                n += f(black_box(b));
            }
            black_box(n);
            times[k].push(t.elapsed().as_secs_f64());
        }
    }
    let med: Vec<f64> = times.into_iter().map(median).collect();
    let best_peer = med.get(1..).unwrap_or_default().iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "\nSyntax-based normalization of the {} base URLs (parse + normalize), median of {} rounds:\n",
        bases.len(),
        rounds
    );
    println!("| normalizer | ns/URL | MB/s | speed vs fastest peer |\n| --- | --- | --- | --- |");
    for (k, (n, _)) in norms.iter().enumerate() {
        println!(
            "| {} | {:.1} | {:.0} | {:.2}x |",
            n,
            med[k] * 1e9 / bases.len() as f64,
            bytes as f64 / med[k] / 1e6,
            best_peer / med[k]
        );
    }
}

/// Every reference of the pairs resolved against the first base, parsed
/// once (the links of one page): parse reference + resolve + write.
fn one_base(pairs: &[(&str, &str)], rounds: usize, only: &Option<String>) {
    let base = pairs[0].0;
    type OneBase = (&'static str, fn(&str, &[(&str, &str)]) -> usize);
    let engines: Vec<OneBase> = vec![
        ("one base: uriscan resolve_into", |base, pairs| {
            let b = uriscan::UriRef::parse(base).unwrap();
            let mut out = String::new();
            let mut n = 0;
            for (_, r) in pairs {
                if let Ok(r) = uriscan::UriRef::parse(black_box(r)) {
                    n += r.resolve_into(&b, &mut out).is_ok() as usize;
                    black_box(&out);
                }
            }
            n
        }),
        ("one base: uriscan Resolver", |base, pairs| {
            let mut res = uriscan::Resolver::new(uriscan::UriRef::parse(base).unwrap()).unwrap();
            let mut n = 0;
            for (_, r) in pairs {
                if let Ok(u) = uriscan::UriRef::parse(black_box(r)) {
                    let x = res.resolve_str(&u);
                    black_box(x);
                    n += 1;
                }
            }
            n
        }),
        ("one base: oxiri 0.3 resolve_into", |base, pairs| {
            let b = oxiri::Iri::parse(base).unwrap();
            let mut out = String::new();
            let mut n = 0;
            for (_, r) in pairs {
                if let Ok(r) = oxiri::IriRef::parse(black_box(*r)) {
                    out.clear();
                    n += b.resolve_into(&r, &mut out).is_ok() as usize;
                    black_box(&out);
                }
            }
            n
        }),
    ];
    let engines: Vec<OneBase> =
        engines.into_iter().filter(|(n, _)| only.as_deref().map_or(true, |o| n.starts_with(o))).collect();
    let mut times = vec![Vec::new(); engines.len()];
    let mut ok = vec![0; engines.len()];
    for _ in 0..rounds {
        for (k, (_, f)) in engines.iter().enumerate() {
            let t = Instant::now();
            ok[k] = f(black_box(base), pairs);
            times[k].push(t.elapsed().as_secs_f64());
        }
    }
    println!(
        "\nThe {} references against one base ({}), parsed once, median of {} rounds:\n",
        pairs.len(),
        base,
        rounds
    );
    println!("| resolver | ns/reference | resolved |\n| --- | --- | --- |");
    for (k, (n, _)) in engines.iter().enumerate() {
        println!("| {} | {:.1} | {} |", n, median(times[k].clone()) * 1e9 / pairs.len() as f64, ok[k]);
    }
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(11);
    let mut corpora: Vec<(String, String)> = std::env::args()
        .skip(1)
        .map(|p| {
            if p == ":percent" {
                return ("generated-percent".to_string(), generated_percent());
            }
            let t = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {}", p, e));
            (std::path::Path::new(&p).file_name().map_or(p.clone(), |f| f.to_string_lossy().into_owned()), t)
        })
        .collect();
    let csv: Vec<(String, String)> = corpora.iter().filter(|(n, _)| n.ends_with(".csv")).cloned().collect();
    corpora.retain(|(n, _)| !n.ends_with(".csv"));
    if corpora.is_empty() && csv.is_empty() {
        corpora.push(("generated".into(), generated()));
    }
    let mut engines = each(engines());
    engines.extend(batch_engines());
    // ONLY=prefix keeps the engines whose name starts with it (for profiling
    // one engine, e.g. under callgrind).
    // With ONLY, the non-ASCII IRI table runs too, with the IRI engines of
    // that prefix (`benches/instructions.sh "uriscan IRI parse (" :percent`).
    let only = std::env::var("ONLY").ok();
    if let Some(only) = &only {
        engines.retain(|(n, _)| n.starts_with(only.as_str()));
    }
    if !corpora.is_empty() && !engines.is_empty() {
        parse_table(&engines, &corpora, rounds);
    }
    for (name, text) in &csv {
        pairs(name, text, rounds);
    }
    iri_tables(&corpora, &csv, rounds, only.as_deref());
}

/// Times `f` over `lines`, `rounds` times interleaved with the other
/// engines; returns the median seconds of each engine and its count.
fn time_engines(engines: &[(&'static str, Run)], lines: &[&str], rounds: usize) -> Vec<(f64, usize)> {
    let mut times = vec![Vec::new(); engines.len()];
    let mut ok = vec![0usize; engines.len()];
    for _ in 0..rounds {
        for (k, (_, run)) in engines.iter().enumerate() {
            let t = Instant::now();
            let mut n = 0;
            match *run {
                Run::Each(f) => {
                    for l in lines {
                        n += f(black_box(l)) as usize;
                    }
                }
                Run::Batch(f) => n = f(black_box(lines)),
            }
            times[k].push(t.elapsed().as_secs_f64());
            ok[k] = n;
        }
    }
    times.into_iter().map(median).zip(ok).collect()
}

fn iri_engines() -> Vec<Engine> {
    vec![
        ("uriscan IRI parse (Rfc3987)", |s| match uriscan::Syntax::IriReference.parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment(), u.host_kind()));
                true
            }
            Err(_) => false,
        }),
        ("fluent-uri 0.4 IriRef", |s| match fluent_uri::IriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority().map(|a| a.host()), u.path(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
        ("oxiri 0.3 IriRef", |s| match oxiri::IriRef::parse(s) {
            Ok(u) => {
                black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
        ("iri-string 0.7 IriReferenceStr", |s| match iri_string::types::IriReferenceStr::new(s) {
            Ok(u) => {
                black_box((u.scheme_str(), u.authority_str(), u.path_str(), u.query(), u.fragment()));
                true
            }
            Err(_) => false,
        }),
    ]
}

fn to_uri_engines() -> Vec<Engine> {
    vec![
        ("uriscan parse + to_uri", |s| match uriscan::Syntax::IriReference.parse(s) {
            Ok(u) => !black_box(u.to_uri_str()).is_empty(),
            Err(_) => false,
        }),
        ("fluent-uri 0.4 parse + to_uri_ref", |s| match fluent_uri::IriRef::parse(s) {
            Ok(u) => !black_box(u.to_uri_ref()).as_str().is_empty(),
            Err(_) => false,
        }),
        ("iri-string 0.7 new + encode_to_uri", |s| match iri_string::types::IriReferenceStr::new(s) {
            Ok(u) => {
                use iri_string::format::ToDedicatedString;
                !black_box(u.encode_to_uri().to_dedicated_string()).as_str().is_empty()
            }
            Err(_) => false,
        }),
    ]
}

/// The IRI tables: IRI vs URI parsing on ASCII lists, and the non-ASCII corpus.
fn iri_tables(corpora: &[(String, String)], csv: &[(String, String)], rounds: usize, only: Option<&str>) {
    let keep = |engines: &mut Vec<(&'static str, Run)>| {
        if let Some(only) = only {
            engines.retain(|(n, _)| n.starts_with(only));
        }
    };
    let uri_iri: Vec<Engine> = vec![engines().remove(0), iri_engines().remove(0)];
    if only.is_none() {
        iri_vs_uri(corpora, &uri_iri, rounds);
    }
    non_ascii_tables(csv, rounds, keep);
}

/// IRI parse against URI parse of the ASCII lists.
fn iri_vs_uri(corpora: &[(String, String)], uri_iri: &[Engine], rounds: usize) {
    println!("\nIRIs (RFC 3987): IRI parse vs URI parse of the same lines, median of {} rounds:\n", rounds);
    println!("| corpus | URI parse ns/URL | IRI parse ns/URL | IRI / URI time | both valid |\n| --- | --- | --- | --- | --- |");
    for (name, text) in corpora {
        let lines: Vec<&str> = text.strip_prefix('\u{feff}').unwrap_or(text).lines().collect();
        if !lines.iter().all(|l| l.is_ascii()) {
            continue;
        }
        let r = time_engines(&each(uri_iri.to_vec()), &lines, rounds);
        let n = lines.len() as f64;
        println!(
            "| {} | {:.1} | {:.1} | {:.3} | {} / {} |",
            name,
            r[0].0 * 1e9 / n,
            r[1].0 * 1e9 / n,
            r[1].0 / r[0].0,
            r[0].1,
            r[1].1
        );
    }
}

/// The non-ASCII corpus: the percent-encoded list decoded, and the
/// non-ASCII links of the csv files (base and reference), parsed and
/// mapped to URIs by the engines `keep` leaves.
fn non_ascii_tables(csv: &[(String, String)], rounds: usize, keep: impl Fn(&mut Vec<(&'static str, Run)>)) {
    let decode =
        |text: String| -> Vec<String> { text.lines().map(|l| uriscan::iri::to_iri_str(l).into_owned()).collect() };
    let mut lines = decode(generated_percent());
    for (_, text) in csv {
        for l in text.lines().skip(1) {
            for part in l.split(',') {
                if !part.is_ascii() {
                    lines.push(part.to_string());
                }
            }
        }
    }
    // NON_ASCII=generated-percent or =generated-percent-wide keeps one of
    // the two corpora (for `benches/instructions.sh`, which counts a run).
    let pick = std::env::var("NON_ASCII").ok();
    let corpora = [
        ("generated-percent", "`:percent` decoded + non-ASCII csv links", lines),
        (
            "generated-percent-wide",
            "generated-percent-wide: `:percent` with E2 and four-byte characters, decoded",
            decode(generated_percent_wide()),
        ),
    ];
    for (name, what, lines) in corpora {
        if pick.as_deref().map_or(true, |p| p == name) {
            non_ascii_table(what, &lines, rounds, &keep);
        }
    }
}

/// The tables of [`non_ascii_tables`] for one corpus.
fn non_ascii_table(what: &str, lines: &[String], rounds: usize, keep: &impl Fn(&mut Vec<(&'static str, Run)>)) {
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let mut parse = each(iri_engines());
    parse.push((
        "uriscan IRI parse_each (Rfc3987, batch)",
        Run::Batch(|lines| {
            let mut n = 0;
            uriscan::Syntax::IriReference.parse_each(lines.iter().copied(), |_, r| {
                if let Ok(u) = r {
                    black_box((u.scheme(), u.authority(), u.path(), u.query(), u.fragment(), u.host_kind()));
                    n += 1;
                }
            });
            n
        }),
    ));
    let mut to_uri = each(to_uri_engines());
    keep(&mut parse);
    keep(&mut to_uri);
    for (title, engines) in
        [("parse (validate + component access)", parse), ("IRI to URI (parse + §3.1 mapping)", to_uri)]
    {
        if engines.is_empty() {
            continue;
        }
        let r = time_engines(&engines, &lines, rounds);
        println!(
            "\nNon-ASCII corpus ({} IRIs, {} bytes: {}), {}, median of {} rounds:\n",
            lines.len(),
            bytes,
            what,
            title,
            rounds
        );
        println!("| engine | ns/IRI | MB/s | ok | uriscan speed vs this |\n| --- | --- | --- | --- | --- |");
        for (k, (n, _)) in engines.iter().enumerate() {
            println!(
                "| {} | {:.1} | {:.0} | {} | {:.2}x |",
                n,
                r[k].0 * 1e9 / lines.len() as f64,
                bytes as f64 / r[k].0 / 1e6,
                r[k].1,
                r[k].0 / r[0].0
            );
        }
    }
}

fn parse_table(engines: &[(&'static str, Run)], corpora: &[(String, String)], rounds: usize) {
    println!("Strict parse (validate + component access), median of {} interleaved rounds:\n", rounds);
    print!("| parser |");
    for (name, _) in corpora {
        print!(" {} |", name);
    }
    println!();
    print!("| --- |");
    for _ in corpora {
        print!(" --- |");
    }
    println!();
    let mut rows: Vec<Vec<String>> = vec![Vec::new(); engines.len()];
    for (_, text) in corpora {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().collect();
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        let (med, ok): (Vec<f64>, Vec<usize>) = time_engines(engines, &lines, rounds).into_iter().unzip();
        let fluent = engines.iter().position(|(n, _)| n.starts_with("fluent")).map_or(med[0], |k| med[k]);
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
