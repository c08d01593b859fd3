//! Hostile input: no public parsing, splitting, resolving, normalizing,
//! decoding or checking function panics on arbitrary bytes (properties from
//! a fixed seed, bounded counts), and on adversarial inputs of megabytes the
//! outputs and the memory allocated are at most linear in the input. There
//! are no timing assertions: time per byte is in `benches/adversarial.rs`.
//!
//! Memory is measured by a counting global allocator (this test binary
//! only) that keeps, per thread, the bytes live and their peak, so tests
//! running in parallel do not disturb each other's figures.
//!
//! Reproducible: the seed is fixed (override with `URISCAN_SEED=N`), and so
//! are the case counts (`URISCAN_CASES=N` for a deeper run).

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult, Testable};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;
use std::hash::{DefaultHasher, Hasher};
use uriscan::{
    percent, security, sets, Builder, NormalizeOptions, PathSegments, QueryPairs, ResolveMode, Syntax, UriRef,
};

// ---------------------------------------------------------------------------
// Counting allocator.

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grow(n: usize) {
    let _ = LIVE.try_with(|l| {
        let v = l.get() + n as isize;
        l.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn shrink(n: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get() - n as isize));
}

// SAFETY: every call is forwarded to `System` unchanged; the bookkeeping
// only touches const-initialized thread-locals, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        shrink(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            shrink(layout.size());
            grow(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f` and returns its result and the most bytes it had allocated at
/// once (on this thread) beyond what was live before.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let r = f();
    let peak = PEAK.with(Cell::get);
    (r, usize::try_from(peak - base).unwrap_or(0))
}

// ---------------------------------------------------------------------------
// Adversarial inputs.

const MIB: usize = 1 << 20;

/// `unit` repeated to about `n` bytes, after `prefix`.
fn rep(prefix: &str, unit: &str, n: usize) -> String {
    let mut s = String::with_capacity(prefix.len() + n + unit.len());
    s.push_str(prefix);
    s.push_str(&unit.repeat(n / unit.len()));
    s
}

/// The adversarial inputs and relatives, each about `n` bytes.
fn adversarial(n: usize) -> Vec<(&'static str, String)> {
    vec![
        ("/.. repeated", rep("", "/..", n)),
        ("/../ after a path", rep("/a/b/c", "/..", n)),
        ("% repeated", rep("", "%", n)),
        ("%41 repeated", rep("/", "%41", n)),
        ("%7e%2f repeated", rep("http://h/", "%7e%2f", n)),
        ("[ then :", rep("http://[", ":", n)),
        ("a: repeated", rep("", "a:", n)),
        ("deep dots", {
            let mut s = rep("http://h", "/a", n / 2);
            s.push_str(&"/..".repeat(n / 6));
            s
        }),
        ("./ repeated", rep("", "./", n)),
        ("../ repeated", rep("", "../", n)),
        ("// repeated", rep("s:", "//", n)),
        ("upper-case host", rep("HTTP://", "A", n)),
        ("@ repeated", rep("//", "@", n)),
        ("0. repeated host", rep("http://", "0.", n)),
        ("million segments", "/a".repeat(1_000_000)),
        ("million dot segments", "/.".repeat(1_000_000)),
    ]
}

/// Every function over one input: checks that outputs are at most linear
/// in the input and that peak allocation is too. Returns a line of figures.
fn check_linear(name: &str, s: &str) -> String {
    let n = s.len();
    let base_text = "http://a/b/c/d;p?q";
    let base = UriRef::parse(base_text).expect("base");
    let mut fig = format!("{name:24} {n:>9} B:");

    // Parsing and splitting allocate nothing.
    let (_, p) = peak_of(|| {
        for rule in [Syntax::UriReference, Syntax::Uri, Syntax::AbsoluteUri, Syntax::RelativeRef] {
            let _ = rule.parse(s);
            let _ = rule.parse_bytes(s.as_bytes());
        }
        let _ = uriscan::split(s);
        let _ = uriscan::split_bytes(s.as_bytes());
    });
    assert_eq!(p, 0, "{name}: parsing or splitting allocated {p} bytes");

    // Resolution: as the reference, and as the base.
    if let Ok(r) = UriRef::parse(s) {
        for mode in [ResolveMode::Strict, ResolveMode::NonStrict] {
            let (out, p) = peak_of(|| r.resolve_str_with(&base, mode));
            let out = out.expect("absolute base");
            let input = n + base_text.len();
            assert!(out.len() <= input + 2, "{name}: resolve output {} for input {input}", out.len());
            assert!(p <= 2 * input + 64, "{name}: resolve allocated {p} bytes for input {input}");
            assert!(Syntax::Uri.parse(&out).is_ok(), "{name}: resolve output does not parse");
            let _ = write!(fig, " resolve {p}");
        }
        if r.is_uri() {
            for rel in ["../g", "g?y#s", ""] {
                let g = UriRef::parse(rel).expect("reference");
                let (out, p) = peak_of(|| g.resolve_str(&r));
                let out = out.expect("absolute base");
                assert!(out.len() <= n + rel.len() + 2, "{name}: resolve against it gave {}", out.len());
                assert!(p <= 2 * (n + rel.len()) + 64, "{name}: resolve against it allocated {p}");
            }
        }
        // Normalization, both option sets.
        for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
            let (out, p) = peak_of(|| r.normalize_str_with(o));
            assert!(out.len() <= n + 3, "{name}: normalize output {} for input {n}", out.len());
            assert!(p <= 2 * n + 64, "{name}: normalize allocated {p} bytes for input {n}");
            let (_, p2) = peak_of(|| {
                let mut h = DefaultHasher::new();
                r.normalized_hash_with(&mut h, o);
                r.normalized_eq_with(&r, o)
            });
            assert_eq!(p2, 0, "{name}: normalized_hash/eq allocated {p2} bytes");
            let _ = write!(fig, " normalize {p}");
        }
        // The §7 checks allocate nothing.
        let (_, p) = peak_of(|| {
            let _ = r.security_findings().count();
            let _ = r.ambiguous_ipv4_host();
            let mut sink = Sink(0);
            let _ = write!(sink, "{}", r.redacted());
            sink.0
        });
        assert_eq!(p, 0, "{name}: security checks allocated {p} bytes");
    }

    let (out, p) = peak_of(|| uriscan::remove_dot_segments(s));
    assert!(out.len() <= n, "{name}: remove_dot_segments output {}", out.len());
    assert!(p <= n + 64, "{name}: remove_dot_segments allocated {p}");

    // Decoding shrinks, encoding at most triples.
    let (out, p) = peak_of(|| percent::decode_lenient(s));
    assert!(out.len() <= n && p <= n + 64, "{name}: decode_lenient {} / {p}", out.len());
    let (out, p) = peak_of(|| percent::decode_str_lossy(s));
    assert!(out.len() <= 3 * n && p <= 6 * n + 64, "{name}: decode_str_lossy {} / {p}", out.len());
    let (out, p) = peak_of(|| percent::decode_form_str_lossy(s));
    assert!(out.len() <= 3 * n && p <= 6 * n + 64, "{name}: decode_form_str_lossy {} / {p}", out.len());
    let (out, p) = peak_of(|| percent::encode(s, &sets::PCHAR));
    assert!(out.len() <= 3 * n && p <= 6 * n + 64, "{name}: encode {} / {p}", out.len());
    let (_, p) = peak_of(|| {
        let _ = security::ambiguous_ipv4(s);
        let mut sink = Sink(0);
        let _ = write!(sink, "{}", security::redact(s));
        let _ = PathSegments::new(s).count();
        let _ = QueryPairs::new(s).count();
    });
    assert_eq!(p, 0, "{name}: checks and iterators allocated {p} bytes");
    fig
}

/// A `fmt::Write` that only counts.
struct Sink(usize);

impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

#[test]
fn adversarial_inputs_linear_output_and_memory() {
    for (name, s) in adversarial(MIB) {
        let fig = check_linear(name, &s);
        eprintln!("{fig}");
    }
}

#[test]
fn sixteen_mib_of_question_marks() {
    let s = "?".repeat(16 * MIB);
    eprintln!("{}", check_linear("16 MiB of ?", &s));
    let u = UriRef::parse(&s).expect("a query");
    assert_eq!(u.query().map(str::len), Some(16 * MIB - 1));
    let s = rep("http://h/", "?", 16 * MIB);
    eprintln!("{}", check_linear("http://h/ + 16 MiB of ?", &s));
}

/// Linear, not just bounded: the figures at 16× the size stay within 16×
/// (plus slack) of those at 1×. Catches a quadratic copy that a constant
/// factor bound at one size would also catch, but says so more plainly.
#[test]
fn memory_scales_linearly() {
    for (name, unit) in [("/..", "/.."), ("a/", "a/"), ("%7e", "%7e"), ("/a/..", "/a/..")] {
        let measure = |n: usize| {
            let s = rep("http://h/", unit, n);
            let u = UriRef::parse(&s).expect("valid");
            let (_, p1) = peak_of(|| u.normalize_str());
            let (_, p2) = peak_of(|| u.resolve_str(&u));
            p1.max(p2)
        };
        let small = measure(64 * 1024);
        let big = measure(16 * 64 * 1024);
        assert!(big <= 16 * small + 4096, "{name}: {small} bytes at 64 KiB but {big} at 1 MiB");
    }
}

// ---------------------------------------------------------------------------
// No panics on arbitrary input.

const CASES: u64 = 3_000;
const SIZE: usize = 48;

fn seed() -> u64 {
    std::env::var("URISCAN_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x0075_7269_7365_6375)
}

fn cases() -> u64 {
    std::env::var("URISCAN_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(CASES)
}

fn run<P: Testable>(name: &str, prop: P) {
    let (seed, cases) = (seed(), cases());
    let result =
        QuickCheck::new().rng(Gen::from_size_and_seed(SIZE, seed)).tests(cases).max_tests(cases * 4).quicktest(prop);
    if let Err(r) = result {
        panic!("property {name} failed; seed {seed} (rerun with URISCAN_SEED={seed}):\n{r:?}");
    }
}

/// Pieces of references, valid and not, for inputs that often parse.
#[rustfmt::skip]
const TOKENS: &[&str] = &[
    "http:", "s:", "//", "/", "?", "#", "@", ":", "u:p@", "a", "Z", "0", "9", ".", "..", "./", "../", "%2F", "%2e",
    "%00", "%5c", "%7E", "%41", "%", "%zz", "%E3%80%82", "%EF%BC%91", "[::1]", "[v7.x]", "[", "]", ":80", ":", "0x7f",
    "127", "1.2.3.4", "0177", "!$&'()*+,;=", "~", "-", "_", " ", "\u{e9}", "\u{0}", "\\", "+", "=", "&",
];

/// Arbitrary bytes in one of several shapes: any bytes, URI-ish bytes,
/// token sequences (which often parse), and long runs of one token.
#[derive(Clone, Debug)]
struct Input(Vec<u8>);

impl Arbitrary for Input {
    fn arbitrary(g: &mut Gen) -> Input {
        let len = usize::arbitrary(g) % (g.size() + 1);
        let bytes = match u8::arbitrary(g) % 5 {
            0 => Vec::<u8>::arbitrary(g),
            1 => {
                let alphabet = b":/?#@[]%.aAfFxX0189-~+ \x00\xff";
                (0..len).map(|_| *g.choose(alphabet).unwrap_or(&b'a')).collect()
            }
            2 => {
                let n = 1 + usize::arbitrary(g) % 2000;
                let t = g.choose(TOKENS).copied().unwrap_or("/..");
                let p = g.choose(&["", "http://h", "s:", "//"]).copied().unwrap_or("");
                format!("{p}{}", t.repeat(n)).into_bytes()
            }
            _ => (0..len).flat_map(|_| g.choose(TOKENS).copied().unwrap_or("a").bytes()).collect(),
        };
        Input(bytes)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Input>> {
        Box::new(self.0.shrink().map(Input))
    }
}

impl Input {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0).into_owned()
    }
}

#[test]
fn no_panic_parse() {
    fn prop(i: Input) -> TestResult {
        let s = i.text();
        for rule in [Syntax::UriReference, Syntax::Uri, Syntax::AbsoluteUri, Syntax::RelativeRef] {
            if let Ok(u) = rule.parse_bytes(&i.0) {
                let _ =
                    (u.host_kind(), u.ipv4(), u.ipv6(), u.port_value(), u.components().to_string(), format!("{u:?}"));
            }
            if let Err(e) = rule.parse(&s) {
                let _ = (e.index(), e.to_string());
            }
        }
        let _ = (Syntax::UriReference.parse_bytes(&i.0), Syntax::Uri.parse(&s));
        TestResult::passed()
    }
    run("no_panic_parse", prop as fn(Input) -> TestResult);
}

#[test]
fn no_panic_split() {
    fn prop(i: Input) -> TestResult {
        let b = uriscan::split_bytes(&i.0);
        let s = i.text();
        let c = uriscan::split(&s);
        TestResult::from_bool(b.recompose() == i.0 && c.to_string() == s)
    }
    run("no_panic_split", prop as fn(Input) -> TestResult);
}

#[test]
fn no_panic_resolve() {
    fn prop(base: Input, r: Input) -> TestResult {
        let (bs, rs) = (base.text(), r.text());
        let _ = uriscan::remove_dot_segments(&rs);
        let (Ok(b), Ok(r)) = (UriRef::parse(&bs), UriRef::parse(&rs)) else { return TestResult::discard() };
        let mut buf = String::new();
        for mode in [ResolveMode::Strict, ResolveMode::NonStrict] {
            match r.resolve_str_with(&b, mode) {
                Ok(t) => {
                    if t.len() > bs.len() + rs.len() + 2 || Syntax::Uri.parse(&t).is_err() {
                        return TestResult::error(format!("{rs:?} against {bs:?} gave {t:?}"));
                    }
                }
                Err(_) if b.scheme().is_none() => {}
                Err(e) => return TestResult::error(e.to_string()),
            }
            let _ = r.resolve_into_with(&b, &mut buf, mode);
        }
        TestResult::passed()
    }
    run("no_panic_resolve", prop as fn(Input, Input) -> TestResult);
}

#[test]
fn no_panic_normalize() {
    fn prop(a: Input, b: Input) -> TestResult {
        let (sa, sb) = (a.text(), b.text());
        let (Ok(a), Ok(b)) = (UriRef::parse(&sa), UriRef::parse(&sb)) else { return TestResult::discard() };
        for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
            let n = a.normalize_str_with(o);
            let Ok(p) = UriRef::parse(&n) else { return TestResult::error(format!("{sa:?} -> {n:?}")) };
            if n.len() > sa.len() + 3 || p.normalize_str_with(o) != n {
                return TestResult::error(format!("{sa:?} -> {n:?} -> {:?}", p.normalize_str_with(o)));
            }
            let _ = a.normalized_eq_with(&b, o);
            let mut h = DefaultHasher::new();
            a.normalized_hash_with(&mut h, o);
            let _ = h.finish();
        }
        TestResult::passed()
    }
    run("no_panic_normalize", prop as fn(Input, Input) -> TestResult);
}

#[test]
fn no_panic_percent() {
    fn prop(i: Input) -> TestResult {
        let d = &i.0[..];
        let lenient = percent::decode_lenient(d);
        let _ = (percent::decode(d), percent::decode_str(d), percent::decode_str_lossy(d));
        let _ = (percent::decode_form_str_lossy(d), percent::decode_form(d));
        let it: Vec<u8> = percent::DecodeIter::new(d).collect();
        let e = percent::encode_path(d);
        let back = percent::decode(e.as_bytes());
        let _ = (percent::encode_userinfo(d), percent::encode_reg_name(d), percent::encode_query(d));
        let _ = (percent::encode_fragment(d), percent::encode_path_segment(d));
        TestResult::from_bool(*lenient == *it && back.as_deref() == Ok(d))
    }
    run("no_panic_percent", prop as fn(Input) -> TestResult);
}

#[test]
fn no_panic_security() {
    fn prop(i: Input) -> TestResult {
        let s = i.text();
        let _ = security::ambiguous_ipv4(&s);
        let _ = security::redact(&s).to_string();
        if let Ok(u) = UriRef::parse(&s) {
            let mut last = 0;
            for f in u.security_findings() {
                if f.index < last || f.index >= s.len() {
                    return TestResult::error(format!("{f:?} in {s:?}"));
                }
                last = f.index;
            }
            let _ = (u.ambiguous_ipv4_host(), u.userinfo_looks_like_host(), u.redacted().to_string());
        }
        TestResult::passed()
    }
    run("no_panic_security", prop as fn(Input) -> TestResult);
}

#[test]
fn no_panic_iterators_and_builder() {
    fn prop(a: Input, b: Input, c: Input) -> TestResult {
        let (sa, sb, sc) = (a.text(), b.text(), c.text());
        if let Ok(u) = UriRef::parse(&sa) {
            let _ = u.path_segments().rev().count();
            for p in u.query_pairs() {
                let _ = (p.key_decoded(), p.value_decoded(), p.key_form_decoded(), p.value_form_decoded());
            }
        }
        let _ = PathSegments::new(&sa).count();
        let _ = QueryPairs::new(&sa).count();
        let built = Builder::new().scheme(&sa).authority(&sb).path(&sc).query(&sb).fragment(&sc).build_str();
        let _ = Builder::new().userinfo(&sa).host(&sb).port(&sc).path(&sa).build_str();
        if let Ok(t) = built {
            if UriRef::parse(&t).is_err() {
                return TestResult::error(format!("built {t:?}, which does not parse"));
            }
        }
        TestResult::passed()
    }
    run("no_panic_iterators_and_builder", prop as fn(Input, Input, Input) -> TestResult);
}
