//! Differential properties (feature `oracle`): the table-driven split against
//! the Appendix B regex, the strict parser against the grammar-derived
//! validity regexes for all four entry rules, strict components against the
//! split, and recomposition, on arbitrary strings and bytes, on references
//! generated from the ABNF and on near misses of those.
//!
//! Reproducible: every property runs from a fixed seed (override with
//! `URISCAN_SEED=N`), printed with any failure. Case counts are constants
//! below; they keep the whole file to seconds in a debug build. For a deeper
//! run, `URISCAN_CASES=N` sets the cases per property (and scales the
//! generator check), e.g. `URISCAN_CASES=1000000 cargo test --release
//! --features oracle --test properties`. Every counterexample found goes
//! into `tests/data/split.txt`.
#![cfg(feature = "oracle")]

mod common;
mod engines;
#[path = "engines/generator.rs"]
mod generator;

use generator::{Generator, Rng};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::sync::OnceLock;
use uriscan::{HostKind, Syntax};

/// Cases per quickcheck property.
const CASES: u64 = 10_000;
/// Strings per rule for the generator's valid-ratio check.
const GENERATED_PER_RULE: usize = 5_000;
/// Quickcheck size: the length bound of plain arbitrary strings.
const SIZE: usize = 64;

fn seed() -> u64 {
    std::env::var("URISCAN_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x7572_6973_6361_6e01)
}

/// Cases per property: `CASES`, or `URISCAN_CASES`.
fn cases() -> u64 {
    std::env::var("URISCAN_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(CASES)
}

fn generator() -> &'static Generator {
    static G: OnceLock<Generator> = OnceLock::new();
    G.get_or_init(Generator::load)
}

/// Runs `prop` on `cases()` inputs from the fixed seed; a failure names the
/// property, the seed and the (shrunk) counterexample.
fn run<A: Arbitrary + std::fmt::Debug>(name: &str, prop: fn(A) -> TestResult) {
    let (seed, cases) = (seed(), cases());
    let result =
        QuickCheck::new().rng(Gen::from_size_and_seed(SIZE, seed)).tests(cases).max_tests(cases * 10).quicktest(prop);
    match result {
        Ok(n) => eprintln!("{name}: {n} cases passed (seed {seed})"),
        Err(r) => {
            let r = format!("{r:?}").replace("\\n", "\n    ");
            panic!("property {name} failed; seed {seed} (rerun with URISCAN_SEED={seed}):\n{r}")
        }
    }
}

fn check(input: &[u8]) -> TestResult {
    match engines::check_all(input) {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(e),
    }
}

/// Bytes for long runs: ordinary, delimiter, non-ASCII.
const RUN_UNITS: &[&str] = &["a", "/", ":", "?", "#", "%", "\u{e9}", "0", "@", " "];

/// An arbitrary string, drawn from one of several shapes: empty, any ASCII,
/// delimiter-heavy, delimiters only, any Unicode, long runs, URI-like tokens.
#[derive(Clone, Debug)]
struct AnyStr(String);

fn any_string(g: &mut Gen) -> String {
    let len = |g: &mut Gen| usize::arbitrary(g) % (g.size() + 1);
    match u8::arbitrary(g) % 7 {
        0 => String::new(),
        1 => (0..len(g)).map(|_| (u8::arbitrary(g) & 0x7F) as char).collect(),
        2 => {
            let alphabet: Vec<char> = ":/?#@[]%.aA0-~".chars().collect();
            (0..len(g)).map(|_| *g.choose(&alphabet).unwrap()).collect()
        }
        3 => (0..len(g)).map(|_| *g.choose(&[':', '/', '?', '#']).unwrap()).collect(),
        4 => String::arbitrary(g),
        5 => {
            let mut s = String::new();
            for _ in 0..1 + u8::arbitrary(g) % 4 {
                let n = 1 + usize::arbitrary(g) % 3000;
                s.push_str(&g.choose(RUN_UNITS).unwrap().repeat(n));
                s.push_str(g.choose(&[":", "//", "/", "?", "#", ""]).unwrap());
            }
            s
        }
        _ => (0..len(g) / 2).map(|_| *g.choose(common::TOKENS).unwrap()).collect(),
    }
}

impl Arbitrary for AnyStr {
    fn arbitrary(g: &mut Gen) -> AnyStr {
        AnyStr(any_string(g))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = AnyStr>> {
        Box::new(self.0.shrink().map(AnyStr))
    }
}

/// Arbitrary bytes: an arbitrary string with some bytes replaced by any
/// byte (so often invalid UTF-8), or plain random bytes.
#[derive(Clone, Debug)]
struct AnyBytes(Vec<u8>);

impl Arbitrary for AnyBytes {
    fn arbitrary(g: &mut Gen) -> AnyBytes {
        let mut v = if bool::arbitrary(g) { any_string(g).into_bytes() } else { Vec::<u8>::arbitrary(g) };
        if !v.is_empty() {
            for _ in 0..u8::arbitrary(g) % 4 {
                let i = usize::arbitrary(g) % v.len();
                v[i] = u8::arbitrary(g);
            }
        }
        AnyBytes(v)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = AnyBytes>> {
        Box::new(self.0.shrink().map(AnyBytes))
    }
}

const ENTRY_RULES: [&str; 4] = ["URI-reference", "URI", "absolute-URI", "relative-ref"];

/// A reference generated from the ABNF, from a random entry rule.
#[derive(Clone, Debug)]
struct Generated(Vec<u8>);

impl Arbitrary for Generated {
    fn arbitrary(g: &mut Gen) -> Generated {
        let mut rng = Rng(u64::arbitrary(g));
        let rule = *rng.pick(&ENTRY_RULES);
        Generated(generator().generate(rule, &mut rng))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Generated>> {
        Box::new(self.0.shrink().map(Generated))
    }
}

/// A generated reference with one byte inserted, deleted or replaced.
#[derive(Clone, Debug)]
struct NearMiss(Vec<u8>);

impl Arbitrary for NearMiss {
    fn arbitrary(g: &mut Gen) -> NearMiss {
        let mut rng = Rng(u64::arbitrary(g));
        let rule = *rng.pick(&ENTRY_RULES);
        let valid = generator().generate(rule, &mut rng);
        NearMiss(generator::mutate(&valid, &mut rng))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = NearMiss>> {
        Box::new(self.0.shrink().map(NearMiss))
    }
}

#[test]
fn split_equals_appendix_b_on_strings() {
    run("split_equals_appendix_b_on_strings", |s: AnyStr| {
        let (a, b) = (uriscan::split(&s.0), uriscan::oracle::appendix_b(&s.0));
        if a == b {
            TestResult::passed()
        } else {
            TestResult::error(format!("split {:?}\noracle {:?}", a, b))
        }
    });
}

#[test]
fn split_equals_appendix_b_on_bytes() {
    run("split_equals_appendix_b_on_bytes", |s: AnyBytes| {
        let (a, b) = (uriscan::split_bytes(&s.0), uriscan::oracle::appendix_b_bytes(&s.0));
        if a == b {
            TestResult::passed()
        } else {
            TestResult::error(format!("split {}\noracle {}", engines::show(&a), engines::show(&b)))
        }
    });
}

/// All engines (split, Appendix B oracle, strict x 4 rules, validity oracle
/// x 4 rules, recomposition) on arbitrary strings.
#[test]
fn all_engines_on_arbitrary_strings() {
    run("all_engines_on_arbitrary_strings", |s: AnyStr| check(s.0.as_bytes()));
}

#[test]
fn all_engines_on_arbitrary_bytes() {
    run("all_engines_on_arbitrary_bytes", |s: AnyBytes| check(&s.0));
}

#[test]
fn all_engines_on_generated_references() {
    run("all_engines_on_generated_references", |s: Generated| check(&s.0));
}

#[test]
fn all_engines_on_near_misses() {
    run("all_engines_on_near_misses", |s: NearMiss| check(&s.0));
}

/// The generator produces valid references at the expected rate (all of
/// them), covers every host form and the empty components, and its near
/// misses are invalid often enough to be worth testing; so it cannot
/// silently degrade into producing garbage (or only trivial strings).
#[test]
fn generator_valid_ratio_and_coverage() {
    let rules = [Syntax::UriReference, Syntax::Uri, Syntax::AbsoluteUri, Syntax::RelativeRef];
    let mut rng = Rng(seed());
    let (mut total, mut valid, mut oracle_valid) = (0usize, 0usize, 0usize);
    let (mut near_total, mut near_valid) = (0usize, 0usize);
    let mut kinds = std::collections::BTreeMap::new();
    let (mut pct, mut empty_query, mut empty_fragment, mut empty_path, mut no_authority, mut bytes) =
        (0, 0, 0, 0, 0, 0usize);
    let mut failures = Vec::new();
    for (name, rule) in ENTRY_RULES.iter().zip(rules) {
        for _ in 0..GENERATED_PER_RULE * (cases() / CASES).max(1) as usize {
            let s = generator().generate(name, &mut rng);
            total += 1;
            bytes += s.len();
            oracle_valid += uriscan::oracle::is_valid_bytes(&s, rule) as usize;
            match rule.parse_bytes(&s) {
                Ok(u) => {
                    valid += 1;
                    if let Some(k) = u.host_kind() {
                        *kinds.entry(format!("{k:?}")).or_insert(0usize) += 1;
                    }
                    pct += s.contains(&b'%') as usize;
                    empty_query += (u.query() == Some("")) as usize;
                    empty_fragment += (u.fragment() == Some("")) as usize;
                    empty_path += u.path().is_empty() as usize;
                    no_authority += u.authority().is_none() as usize;
                }
                Err(e) if failures.len() < 10 => failures.push(format!("{rule:?} {}: {e}", engines::quote(&s))),
                Err(_) => {}
            }
            let m = generator::mutate(&s, &mut rng);
            near_total += 1;
            near_valid += rule.parse_bytes(&m).is_ok() as usize;
        }
    }
    let ratio = valid as f64 / total as f64;
    let near_ratio = near_valid as f64 / near_total as f64;
    eprintln!(
        "generator: {total} references (mean {:.1} bytes), {valid} valid by strict ({:.2}%), {oracle_valid} by the oracle; \
         near misses: {near_valid} of {near_total} still valid ({:.1}%); host kinds {kinds:?}; \
         with %: {pct}, empty query: {empty_query}, empty fragment: {empty_fragment}, empty path: {empty_path}, \
         no authority: {no_authority}",
        bytes as f64 / total as f64,
        100.0 * ratio,
        100.0 * near_ratio
    );
    assert!(failures.is_empty(), "generated references rejected:\n{}", failures.join("\n"));
    assert_eq!(valid, total, "every generated reference must be valid");
    assert_eq!(oracle_valid, total, "the validity oracle must accept every generated reference");
    for k in [HostKind::RegName, HostKind::Ipv4, HostKind::Ipv6, HostKind::IpvFuture] {
        let n = kinds.get(&format!("{k:?}")).copied().unwrap_or(0);
        assert!(n >= total / 100, "host kind {k:?} generated only {n} times");
    }
    for (what, n) in [
        ("percent-encoding", pct),
        ("empty query", empty_query),
        ("empty fragment", empty_fragment),
        ("empty path", empty_path),
        ("no authority", no_authority),
    ] {
        assert!(n >= total / 50, "{what}: only {n} of {total}");
    }
    // One mutated byte breaks most references, but not all (a '/' inserted
    // into a path, a deleted path byte...). Outside this band the mutations
    // or the generator have changed character.
    assert!((0.05..0.6).contains(&near_ratio), "near misses valid at {:.1}%", 100.0 * near_ratio);
}

/// The validity patterns compile, and the data-file-independent corner
/// cases of each rule go the same way in both engines.
#[test]
fn validity_oracle_basics() {
    for (rule, yes, no) in [
        (Syntax::UriReference, "", "a b"),
        (Syntax::Uri, "a:", ":"),
        (Syntax::AbsoluteUri, "a:b?c", "a:b#c"),
        (Syntax::RelativeRef, "//h", "a:b"),
    ] {
        assert!(uriscan::oracle::is_valid(yes, rule), "{rule:?} {yes:?}");
        assert!(!uriscan::oracle::is_valid(no, rule), "{rule:?} {no:?}");
        assert!(rule.parse(yes).is_ok());
        assert!(rule.parse(no).is_err());
    }
}
