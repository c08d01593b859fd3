//! The lenient parse (`Syntax::parse_lenient`, `src/lenient.rs`): its
//! properties (`fuzz_checks::lenient`: equal to the strict parse on every
//! valid input, the strict error first on every invalid one, the dirty
//! path's parts equal to the grammar's) over the data files, references
//! generated from the ABNF, their near misses and random bytes, for every
//! syntax; what its recovery gives on typical dirty input; and bad input
//! (bytes that are not UTF-8, NUL, a million `&`, megabytes of junk), which
//! gets a clear result and never a panic.

mod common;
mod fuzz_checks;
#[path = "engines/generator.rs"]
mod generator;

use common::*;
use generator::{mutate, Generator, Rng};
use uriscan::{ErrorKind, Syntax};

/// Runs the properties over `inputs`; returns how many are valid and how
/// many invalid RFC 3986 references among them.
fn check_all(inputs: &[Vec<u8>]) -> (usize, usize) {
    let mut counts = (0, 0);
    for input in inputs {
        fuzz_checks::lenient(input);
        match Syntax::UriReference.parse_bytes(input) {
            Ok(_) => counts.0 += 1,
            Err(_) => counts.1 += 1,
        }
    }
    counts
}

#[test]
fn properties_hold_on_the_data_files() {
    let inputs = data_inputs();
    assert!(inputs.len() > 300, "the data files lost their cases: {}", inputs.len());
    let (valid, invalid) = check_all(&inputs);
    assert!(valid > 100 && invalid > 100, "{valid} valid, {invalid} invalid");
}

#[test]
fn properties_hold_on_generated_references_and_near_misses() {
    let mut rng = Rng(0x6c65_6e69_656e_7401);
    for (g, rule) in [(Generator::load(), "URI-reference"), (Generator::load_iri(), "IRI-reference")] {
        let mut inputs = Vec::new();
        for _ in 0..1_500 {
            let v = g.generate(rule, &mut rng);
            inputs.push(mutate(&v, &mut rng));
            inputs.push(v);
        }
        let (valid, invalid) = check_all(&inputs);
        assert!(valid > 300 && invalid > 300, "{rule}: {valid} valid, {invalid} invalid");
    }
}

#[test]
fn properties_hold_on_random_bytes() {
    let alphabet = b":/?#[]@%aZ09.-_~!$&'()*+,;= \"<>\\^`{|}\x00\x09\x7F\xC3\xA9\xE6\x97\xA5\xFF";
    let mut rng = Rng(0x6c65_6e69_656e_7402);
    let inputs: Vec<Vec<u8>> = (0..3_000)
        .map(|_| {
            let len = rng.below(48) as usize;
            (0..len).map(|_| *rng.pick(alphabet)).collect()
        })
        .collect();
    check_all(&inputs);
}

/// `(index, kind)` of every violation of `input` as an RFC 3986 reference.
fn violations(input: &[u8]) -> Vec<(usize, ErrorKind)> {
    Syntax::UriReference.parse_lenient_bytes(input).violations().map(|e| (e.index(), e.kind())).collect()
}

/// What the recovery gives on typical dirty input: one violation per stray
/// byte, one per broken escape, one at the end of a cut-off literal.
#[test]
fn recovery_on_typical_dirty_input() {
    use ErrorKind::*;
    // Stray bytes: each dropped, the walk goes on where it was.
    assert_eq!(violations(b"http://h/a b c"), [(10, Path), (12, Path)]);
    assert_eq!(violations(b"http://h/a  b"), [(10, Path), (11, Path)]);
    assert_eq!(violations(b"http://[::1x]/"), [(11, IpLiteral)]);
    assert_eq!(violations(b"http://h/?q={x}#a|b"), [(12, Query), (14, Query), (17, Fragment)]);
    // A broken escape: one violation, its bytes read as the query.
    assert_eq!(violations(b"/?a=%zz&b=%4g&c=%"), [(5, PercentEncoded), (12, PercentEncoded), (17, PercentEncoded)]);
    assert_eq!(violations(b"%&&&&"), [(1, PercentEncoded)]);
    // Cut off: at the end.
    assert_eq!(violations(b"http://[::1"), [(11, IpLiteral)]);
    // A bad byte in every component.
    assert_eq!(
        violations(b"h t://u\"@h^:8/p\\?q`#f<"),
        [(1, Reference), (7, Authority), (10, Host), (15, Path), (18, Query), (21, Fragment)]
    );
}

/// A pipeline counts the kinds of the violations of its rows.
#[test]
fn counting_violation_kinds() {
    let rows: [&[u8]; 4] = [b"http://a/b", b"http://a/b c d", b"//h^/%zz", b"\xFF"];
    let mut kinds = std::collections::BTreeMap::new();
    let mut flagged = 0;
    for row in rows {
        let l = Syntax::UriReference.parse_lenient_bytes(row);
        flagged += usize::from(!l.is_valid());
        for v in l.violations() {
            *kinds.entry(v.kind().name()).or_insert(0) += 1;
        }
    }
    assert_eq!(flagged, 3);
    let want = [("URI reference", 1), ("authority", 1), ("path", 2), ("percent-encoding", 1)];
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), want);
}

#[test]
fn bytes_that_are_not_utf8() {
    let input = b"http://h\xC3/\xC3\x28\xFF?\x80#\xF0\x9F\x98";
    assert_eq!(
        violations(input),
        // No "@" yet: "h" may be userinfo or host, so the context is the authority.
        [
            (8, ErrorKind::Authority),
            (10, ErrorKind::Path),
            (12, ErrorKind::Path),
            (14, ErrorKind::Query),
            (16, ErrorKind::Fragment),
            (17, ErrorKind::Fragment),
            (18, ErrorKind::Fragment)
        ]
    );
    let l = Syntax::UriReference.parse_lenient_bytes(input);
    assert_eq!((l.host(), l.path(), l.query()), (Some(&b"h\xC3"[..]), &b"/\xC3\x28\xFF"[..], Some(&b"\x80"[..])));
    // An IRI takes well-formed UTF-8 only: the stray and cut-off characters
    // are violations, the whole ones are not.
    let v: Vec<usize> = Syntax::IriReference.parse_lenient_bytes(input).violations().map(|e| e.index()).collect();
    assert_eq!(v.first(), Some(&9));
    assert!(!v.contains(&16), "{v:?}");
    for &syntax in Syntax::ALL {
        fuzz_checks::lenient(input);
        assert!(!syntax.parse_lenient_bytes(input).is_valid());
    }
}

#[test]
fn nul_bytes() {
    assert_eq!(violations(b"\x00"), [(0, ErrorKind::Reference)]);
    // "a" may begin a scheme or a path: the context is the reference.
    assert_eq!(
        violations(b"http://h/\x00\x00?\x00"),
        [(9, ErrorKind::Path), (10, ErrorKind::Path), (12, ErrorKind::Query)]
    );
    let e = Syntax::UriReference.parse_lenient_bytes(b"a\x00").error().unwrap();
    assert_eq!(e.to_string(), "control byte 0x00 at index 1 in URI reference");
    let all = vec![0u8; 100_000];
    let l = Syntax::UriReference.parse_lenient_bytes(&all);
    assert_eq!((l.violations().count(), l.path().len()), (100_000, 100_000));
}

#[test]
fn a_million_ampersands() {
    let mut q = b"http://h/p?".to_vec();
    q.resize(q.len() + 1_000_000, b'&');
    let l = Syntax::UriReference.parse_lenient_bytes(&q);
    assert!(l.is_valid());
    assert_eq!(l.query().map(<[u8]>::len), Some(1_000_000));
    // Broken once at each end: two violations, the rest of the query kept.
    q.insert(11, b' ');
    q.push(b'%');
    let l = Syntax::UriReference.parse_lenient_bytes(&q);
    let v: Vec<(usize, ErrorKind)> = l.violations().map(|e| (e.index(), e.kind())).collect();
    assert_eq!(v, [(11, ErrorKind::Query), (1_000_013, ErrorKind::PercentEncoded)]);
    assert_eq!(l.query().map(<[u8]>::len), Some(1_000_002));
    // With no scheme, no authority, nothing else: one long path.
    let amps = vec![b'&'; 1_000_000];
    assert!(Syntax::UriReference.parse_lenient_bytes(&amps).is_valid());
}

/// Megabytes of junk: every violation found, in order, each once.
#[test]
fn megabytes_of_junk() {
    let mut rng = Rng(0x6c65_6e69_656e_7403);
    let junk: Vec<u8> = (0..4 << 20).map(|_| rng.next() as u8).collect();
    for &syntax in Syntax::ALL {
        let l = syntax.parse_lenient_bytes(&junk);
        assert_eq!(l.components().recompose(), junk);
        let mut n = 0;
        let mut last = None;
        for v in l.violations() {
            assert!(last < Some(v.index()) && v.index() <= junk.len());
            if n == 0 {
                assert_eq!(Some(v), l.error());
            }
            last = Some(v.index());
            n += 1;
        }
        // Random bytes are mostly outside every grammar.
        assert!(n > junk.len() / 4, "{syntax}: {n} violations");
    }
}
