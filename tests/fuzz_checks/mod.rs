//! The checks behind the fuzz targets (`fuzz/fuzz_targets/*.rs`, which
//! include this file), one function per target, so that every input a
//! fuzzer found is replayed by `tests/fuzz_regressions.rs` with exactly the
//! target's assertions. A check panics when its property fails.
#![allow(dead_code)]

use std::borrow::Cow;
use std::hash::{DefaultHasher, Hasher};
use uriscan::iri;
use uriscan::percent::{self, DecodeError, DecodeIter, Encoded};
use uriscan::security::{self, FindingKind};
use uriscan::{remove_dot_segments, sets, ByteComponents, Grammar, NormalizeOptions, ResolveMode, Syntax, UriRef};

/// A per-component encoder of `uriscan::percent`.
type Encoder = fn(&[u8]) -> Cow<'_, str>;

const RULES: [Syntax; 4] = [Syntax::UriReference, Syntax::Uri, Syntax::AbsoluteUri, Syntax::RelativeRef];

/// Parse: all four entry rules, over bytes and (when UTF-8) over `str`; the
/// two agree, an accepted input's components recompose to it, and every
/// accessor runs.
pub fn parse(data: &[u8]) {
    let text = std::str::from_utf8(data).ok();
    for rule in RULES {
        let b = rule.parse_bytes(data);
        if let Some(s) = text {
            let t = rule.parse(s);
            assert_eq!(b, t, "{rule:?}: bytes and str disagree");
        }
        match b {
            Ok(u) => {
                assert_eq!(u.as_str().as_bytes(), data);
                assert_eq!(u.components().to_string().as_bytes(), data);
                let _ = (u.host_kind(), u.ipv4(), u.ipv6(), u.port_value(), u.is_uri());
                let _ = (u.path_segments().count(), u.query_pairs().count());
                let _ = format!("{u:?}");
                if rule == Syntax::AbsoluteUri {
                    assert!(u.fragment().is_none());
                }
                if rule == Syntax::RelativeRef {
                    assert!(u.scheme().is_none());
                }
            }
            Err(e) => {
                assert!(e.index() <= data.len(), "error index {} past the end", e.index());
                let _ = e.to_string();
            }
        }
    }
    if let Some(s) = text {
        assert_eq!(Syntax::Uri.parse(s).is_ok(), UriRef::parse(s).is_ok_and(|u| u.is_uri()));
    }
    let _ = Syntax::UriReference.parse_bytes(data);
}

/// Split (Appendix B): never fails, recomposes to the input, `split` and
/// `split_bytes` agree, and a strictly parsed reference has the same components.
pub fn split(data: &[u8]) {
    let b = uriscan::split_bytes(data);
    assert_eq!(b.recompose(), data);
    if let Ok(s) = std::str::from_utf8(data) {
        let c = uriscan::split(s);
        assert_eq!(ByteComponents::from(c), b);
        assert_eq!(c.to_string(), s);
        if let Ok(u) = UriRef::parse(s) {
            assert_eq!(u.components(), c);
        }
    }
}

/// Resolve: the input is `base \n reference`. Both modes run; a result is
/// always a `URI` the strict parser accepts; `resolve_into` and
/// `resolve_against` agree; the result is no longer than base + reference + 2
/// (the `/.` that keeps a `//` path from reading as an authority); and, in
/// strict mode and when the base path has no dot segments, resolving the
/// result again against the same base gives it back (it is absolute and its
/// dot segments are gone). The base path condition: an empty reference takes
/// the base path as it is (RFC 3986 §5.2.2, no `remove_dot_segments`), so
/// `` against `http://a/b/c../../g` is that, and resolving it again removes
/// the dots (found by this target). Non-strict mode is not idempotent that
/// way: `s:a/c` against `s:a/b` is `s:a/a/c`.
pub fn resolve(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let _ = remove_dot_segments(s);
    let (b, r) = s.split_once('\n').unwrap_or((s, ""));
    let (Ok(base), Ok(reference)) = (UriRef::parse(b), UriRef::parse(r)) else { return };
    let mut buf = String::new();
    for mode in [ResolveMode::Strict, ResolveMode::NonStrict] {
        let out = reference.resolve_str_with(&base, mode);
        let into = reference.resolve_into_with(&base, &mut buf, mode);
        match out {
            Ok(t) => {
                assert_eq!(into, Ok(()));
                assert_eq!(t, buf);
                assert!(t.len() <= b.len() + r.len() + 2, "output {} > input {}", t.len(), b.len() + r.len());
                let u = match Syntax::Uri.parse(&t) {
                    Ok(u) => u,
                    Err(e) => panic!("resolved {r:?} against {b:?} = {t:?} does not parse: {e}"),
                };
                if mode == ResolveMode::Strict && remove_dot_segments(base.path()) == base.path() {
                    let again = u.resolve_str(&base);
                    assert_eq!(again.as_deref(), Ok(t.as_str()), "resolving the result again changed it");
                }
            }
            Err(e) => {
                assert!(base.scheme().is_none(), "{e}");
                assert!(into.is_err() && buf.is_empty());
            }
        }
    }
}
fn hash(u: &UriRef<'_>, o: NormalizeOptions) -> u64 {
    let mut h = DefaultHasher::new();
    u.normalized_hash_with(&mut h, o);
    h.finish()
}

/// Normalize: the input is `a \n b`. For both option sets: the result parses
/// (as the same rule as the input), normalization is idempotent,
/// `normalized_eq` agrees with comparing normalized strings, and
/// normalized-equal references hash alike.
pub fn normalize(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let (a, b) = s.split_once('\n').unwrap_or((s, ""));
    let (Ok(a), Ok(b)) = (UriRef::parse(a), UriRef::parse(b)) else { return };
    for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
        let na = a.normalize_str_with(o);
        let pa = match UriRef::parse(&na) {
            Ok(p) => p,
            Err(e) => panic!("normalize({a}) = {na:?} does not parse: {e}"),
        };
        assert_eq!(pa.is_uri(), a.is_uri());
        let nna = pa.normalize_str_with(o);
        assert_eq!(nna, na, "not idempotent on {a}");
        assert!(a.normalized_eq_with(&pa, o), "normalized_eq({a}, {na}) is false");
        assert_eq!(hash(&a, o), hash(&pa, o), "hash differs for {a} and {na}");
        let nb = b.normalize_str_with(o);
        assert_eq!(a.normalized_eq_with(&b, o), na == nb, "normalized_eq({a}, {b}) vs {na:?} {nb:?}");
        if na == nb {
            assert_eq!(hash(&a, o), hash(&b, o));
        }
    }
    let _ = a.normalize_str();
}

/// Percent-decoding and encoding: every decoder runs; the lenient ones agree
/// with `DecodeIter`; strict decoding fails exactly where a `%` starts no
/// triplet; encoding with any set decodes back to the input.
pub fn percent(data: &[u8]) {
    percent_decoders(data);
    for k in 0..PERCENT_CODECS {
        percent_codec(data, k);
    }
}

/// [`percent`] as the fuzz target runs it: every decoder, and one of the
/// [`PERCENT_CODECS`] encodings, chosen by the input's first byte (each
/// execution pays for one set, not six; the fuzzer reaches every set).
pub fn percent_one(data: &[u8]) {
    percent_decoders(data);
    percent_codec(data, usize::from(data.first().copied().unwrap_or(0)) % PERCENT_CODECS);
}

/// How many encodings [`percent_codec`] knows.
pub const PERCENT_CODECS: usize = 6;

/// The decoders agree with `DecodeIter`, strict decoding fails exactly at
/// a `%` that starts no triplet.
fn percent_decoders(data: &[u8]) {
    let lenient = percent::decode_lenient(data);
    let iter: Vec<u8> = DecodeIter::new(data).collect();
    assert_eq!(&*lenient, &iter[..]);
    match percent::decode(data) {
        Ok(d) => assert_eq!(&*d, &iter[..]),
        Err(DecodeError::MalformedPercent { index }) => assert_eq!(data.get(index), Some(&b'%')),
        Err(e) => panic!("decode gave {e:?}"),
    }
    match percent::decode_str(data) {
        Ok(d) => assert_eq!(d.as_bytes(), &iter[..]),
        Err(e) => assert!(e.index() <= data.len().max(iter.len())),
    }
    let lossy = percent::decode_str_lossy(data);
    if let Ok(t) = std::str::from_utf8(&iter) {
        assert_eq!(lossy, t);
    }
    let form = percent::decode_form(data);
    assert_eq!(form.len(), lenient.len());
    let _ = percent::decode_form_str_lossy(data);
}

/// Encoding number `k` (a set, and a per-component encoder): the result
/// is ASCII, the same through `Encoded`, and decodes back to the input.
fn percent_codec(data: &[u8], k: usize) {
    let sets = [&sets::UNRESERVED, &sets::PCHAR, &sets::QUERY, &sets::REG_NAME, &sets::USERINFO, &percent::PATH];
    let encoders: [Encoder; PERCENT_CODECS] = [
        percent::encode_userinfo,
        percent::encode_reg_name,
        percent::encode_path_segment,
        percent::encode_path,
        percent::encode_query,
        percent::encode_fragment,
    ];
    if let Some(set) = sets.get(k) {
        let e = percent::encode(data, set);
        assert_eq!(e, Encoded::new(data, set).to_string());
        assert!(e.is_ascii());
        // '%' itself is in no set, so decoding gives the input back.
        assert_eq!(&*percent::decode(e.as_bytes()).unwrap_or_default(), data);
    }
    if let Some(f) = encoders.get(k) {
        assert_eq!(&*percent::decode_lenient(f(data).as_bytes()), data);
    }
}

/// Security checks (RFC 3986 §7): on any parsed reference every check runs,
/// findings come in order with indexes inside the input, path hazards point
/// at a `%`, the redacted display differs from the input only by the masked
/// password; on any string `redact` and `ambiguous_ipv4` run.
pub fn security(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let _ = security::ambiguous_ipv4(s);
    let r = security::redact(s).to_string();
    if !r.contains("****") {
        assert_eq!(r, s);
    }
    let Ok(u) = UriRef::parse(s) else { return };
    let mut last = 0;
    for f in u.security_findings() {
        assert!(f.index >= last && f.index < s.len(), "{f:?} in {s:?}");
        last = f.index;
        let at = s.as_bytes()[f.index];
        match f.kind {
            FindingKind::EncodedNul | FindingKind::EncodedSlash | FindingKind::EncodedBackslash => {
                assert_eq!(at, b'%')
            }
            FindingKind::Password => assert_eq!(at, b':'),
            _ => {}
        }
        let _ = f.to_string();
    }
    assert!(u.path_hazards().count() + 3 >= u.security_findings().count());
    if let Some(a) = u.ambiguous_ipv4_host() {
        let _ = (a.address(), a.form().is_mixed(), a.to_string());
    }
    let _ = u.userinfo_looks_like_host();
    let red = u.redacted().to_string();
    match u.userinfo().and_then(|ui| ui.split_once(':')) {
        Some((user, pw)) => {
            assert_eq!(red.len(), s.len() - pw.len() + 4);
            assert!(red.contains(&format!("{user}:****@")));
            assert_eq!(red, r, "redact and redacted disagree on {s:?}");
        }
        None => assert_eq!(red, s),
    }
}

/// Differential: the table-driven strict parser against the validity regexes
/// written out from the ABNF (`uriscan::oracle::is_valid_bytes`), for all four
/// entry rules; and every syntax's validator against its parser.
#[cfg(feature = "oracle")]
pub fn strict_vs_oracle(data: &[u8]) {
    for rule in RULES {
        let strict = rule.parse_bytes(data);
        let valid = uriscan::oracle::is_valid_bytes(data, rule);
        assert_eq!(strict.is_ok(), valid, "{rule:?}: strict {strict:?}, oracle {valid}");
    }
    // Every syntax's validator (the automaton without tags) gives what its
    // parser gives: acceptance, or the same error.
    for &syntax in uriscan::Syntax::ALL {
        assert_eq!(syntax.validate_bytes(data), syntax.parse_bytes(data).map(|_| ()), "{syntax}");
    }
}

/// Every SIMD run skipper the CPU has (AVX2 and SSSE3 where it has them)
/// against the scalar twin, over every run set of every grammar's automata
/// and every start position (`uriscan::oracle::skip_twin_disagreement`).
#[cfg(feature = "oracle")]
pub fn skip_twin(data: &[u8]) {
    // Longer inputs add nothing a 300-byte one does not (blocks are 16 or
    // 32 bytes), and cost a skip per set, start and instruction set.
    let data = data.get(..300).unwrap_or(data);
    if let Some(d) = uriscan::oracle::skip_twin_disagreement_bytes(data) {
        panic!("{d}: {data:?}");
    }
}

/// The lenient parse (`Syntax::parse_lenient_bytes`, and `parse_lenient`
/// of text, which gives the same), for every syntax: the components
/// recompose to the input; a valid input has the strict parse's
/// components and view and no violation; an invalid one has the Appendix B
/// split, authority parts inside its authority, and violations in strictly
/// increasing order of index whose first is the strict error (index, kind
/// and byte) and each of which names the byte at its index. And the parts
/// of the dirty path agree with the grammar's: a valid RFC 3986 or 3987
/// reference spoiled at its very end (a DEL in its fragment) keeps every
/// other component, userinfo, host and port as the strict parse gave them.
pub fn lenient(data: &[u8]) {
    for &syntax in Syntax::ALL {
        let l = syntax.parse_lenient_bytes(data);
        assert_eq!((l.as_bytes(), l.syntax()), (data, syntax));
        assert_eq!(l.components().recompose(), data, "{syntax}");
        let v: Vec<uriscan::ParseError> = l.violations().collect();
        if let Ok(text) = std::str::from_utf8(data) {
            let t = syntax.parse_lenient(text);
            assert_eq!((t.as_bytes(), t.uri(), t.components()), (data, l.uri(), l.components()));
            assert!(t.violations().eq(v.iter().copied()), "{syntax}");
        }
        match syntax.parse_bytes(data) {
            Ok(u) => {
                assert!(l.is_valid() && l.error().is_none() && v.is_empty(), "{syntax}: {v:?}");
                assert_eq!(l.uri(), Some(u));
                assert_eq!(l.components(), ByteComponents::from(u.components()));
                let parts = (u.userinfo(), u.host(), u.port());
                let parts = (parts.0.map(str::as_bytes), parts.1.map(str::as_bytes), parts.2.map(str::as_bytes));
                assert_eq!((l.userinfo(), l.host(), l.port()), parts);
                assert_eq!(l.host_kind(), u.host_kind());
                if matches!(syntax.grammar(), Grammar::Rfc3986 | Grammar::Rfc3987) {
                    let mut dirty = data.to_vec();
                    if u.fragment().is_none() {
                        dirty.push(b'#');
                    }
                    dirty.push(0x7F);
                    let d = syntax.parse_lenient_bytes(&dirty);
                    assert!(!d.is_valid() && d.violations().count() >= 1, "{syntax}");
                    fn parts<'a>(x: &uriscan::Lenient<'a>) -> [Option<&'a [u8]>; 7] {
                        [x.scheme(), x.authority(), x.userinfo(), x.host(), x.port(), Some(x.path()), x.query()]
                    }
                    assert_eq!(parts(&d), parts(&l), "{syntax}: the dirty path splits {dirty:?} otherwise");
                }
            }
            Err(e) => {
                assert!(!l.is_valid() && l.uri().is_none() && l.host_kind().is_none());
                assert_eq!(l.error(), Some(e));
                assert_eq!(v.first(), Some(&e), "{syntax}: the first violation is not the strict error");
                assert!(v.windows(2).all(|w| w[0].index() < w[1].index()), "{syntax}: {v:?}");
                assert!(v.len() <= data.len() + 1);
                for x in &v {
                    assert_eq!(x.found(), data.get(x.index()).copied(), "{syntax}: {x:?}");
                    let _ = x.to_string();
                }
                assert_eq!(l.components(), uriscan::split_bytes(data));
                match l.authority() {
                    None => assert_eq!((l.userinfo(), l.host(), l.port()), (None, None, None)),
                    Some(a) => {
                        let r = a.as_ptr_range();
                        let inside = |p: Option<&[u8]>| match p {
                            None => true,
                            Some(p) => r.start <= p.as_ptr() && p.as_ptr_range().end <= r.end,
                        };
                        assert!(l.host().is_some() && inside(l.userinfo()) && inside(l.host()) && inside(l.port()));
                    }
                }
            }
        }
    }
}

/// Differential: the table-driven split against the Appendix B regex
/// (`uriscan::oracle::appendix_b`), over bytes and `str`.
#[cfg(feature = "oracle")]
pub fn split_vs_oracle(data: &[u8]) {
    assert_eq!(uriscan::split_bytes(data), uriscan::oracle::appendix_b_bytes(data));
    if let Ok(s) = std::str::from_utf8(data) {
        assert_eq!(uriscan::split(s), uriscan::oracle::appendix_b(s));
    }
}

/// Extraction (Appendix C): over bytes and `str`, with the default
/// extractor and a lenient one, matches come in order without overlapping,
/// inside the text; a valid match parses and an invalid one has an error.
pub fn extract(data: &[u8]) {
    fn check(ms: uriscan::Matches<'_, '_>, len: usize) {
        let mut last = 0;
        for m in ms {
            let r = m.span();
            assert!(last <= r.start && r.start <= r.end && r.end <= len, "match {r:?} after {last} in {len} bytes");
            last = r.end;
            assert_eq!(m.is_valid(), m.parse().is_ok());
            assert_eq!(m.is_valid(), m.error().is_none());
            let _ = (m.as_str(), m.uri_str(), m.is_contiguous(), m.delimiter());
        }
    }
    let lenient = uriscan::Extractor::new().any_scheme().accept_invalid(true);
    check(uriscan::extract_bytes(data), data.len());
    check(lenient.extract_bytes(data), data.len());
    if let Ok(s) = std::str::from_utf8(data) {
        check(uriscan::extract(s), s.len());
        check(lenient.extract(s), s.len());
        check(uriscan::Extractor::new().schemes(["http", "https"]).extract(s), s.len());
    }
}

/// Disagreements with the peers that are known and explained, one per line:
/// `peer<TAB>key<TAB>example<TAB>why` (see the file's header). A differential
/// check fails only on a disagreement whose peer and key are not listed; a
/// key is the kind of disagreement, refined by the kind of input where one
/// is known (`resolve-result/pct-dot`), so a listed kind hides no other.
const KNOWN_DISAGREEMENTS: &str = include_str!("../data/known_disagreements.txt");

/// Whether `peer` disagreeing on `key` is known and explained.
pub fn known_disagreement(peer: &str, key: &str) -> bool {
    KNOWN_DISAGREEMENTS.lines().filter(|l| !l.starts_with('#')).any(|l| {
        let mut f = l.split('\t');
        f.next() == Some(peer) && f.next() == Some(key)
    })
}

#[track_caller]
fn disagree(peer: &str, key: &str, input: &str, detail: &str) {
    assert!(
        known_disagreement(peer, key),
        "new disagreement with {peer} ({key}) on {input:?}: {detail}\n\
         (if uriscan is right, explain it in tests/data/known_disagreements.txt)"
    );
}

/// The eight components of a reference, `None` when undefined.
type Parts = [Option<String>; 8];
const PART_NAMES: [&str; 8] = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

fn ours_parts(s: &str, grammar: Grammar) -> Option<Parts> {
    let u = grammar.reference().parse(s).ok()?;
    Some(
        [u.scheme(), u.authority(), u.userinfo(), u.host(), u.port(), Some(u.path()), u.query(), u.fragment()]
            .map(|x| x.map(String::from)),
    )
}

/// fluent-uri's `UriRef` and `IriRef` have the same accessors (no common trait).
macro_rules! fluent_parts {
    ($t:ty, $s:expr) => {{
        let u = <$t>::parse($s).ok()?;
        let a = u.authority();
        Some([
            u.scheme().map(|x| x.as_str().to_string()),
            a.as_ref().map(|a| a.as_str().to_string()),
            a.as_ref().and_then(|a| a.userinfo()).map(|x| x.as_str().to_string()),
            a.as_ref().map(|a| a.host().to_string()),
            a.as_ref().and_then(|a| a.port()).map(|x| x.as_str().to_string()),
            Some(u.path().as_str().to_string()),
            u.query().map(|x| x.as_str().to_string()),
            u.fragment().map(|x| x.as_str().to_string()),
        ])
    }};
}

fn fluent_parts(s: &str) -> Option<Parts> {
    fluent_parts!(fluent_uri::UriRef<&str>, s)
}

fn fluent_iri_parts(s: &str) -> Option<Parts> {
    fluent_parts!(fluent_uri::IriRef<&str>, s)
}

/// iri-string's URI (`UriSpec`) or IRI (`IriSpec`) reference.
fn iri_string_parts<S: iri_string::spec::Spec>(s: &str) -> Option<Parts> {
    let u = iri_string::types::RiReferenceStr::<S>::new(s).ok()?;
    let a = u.authority_components();
    Some([
        u.scheme_str().map(String::from),
        u.authority_str().map(String::from),
        a.as_ref().and_then(|a| a.userinfo()).map(String::from),
        a.as_ref().map(|a| a.host().to_string()),
        a.as_ref().and_then(|a| a.port()).map(String::from),
        Some(u.path_str().to_string()),
        u.query().map(|x| x.as_str().to_string()),
        u.fragment().map(|x| x.as_str().to_string()),
    ])
}

/// oxiri's IRI reference: it gives no userinfo, host or port (`None` there,
/// and [`compare_parts`] skips them).
fn oxiri_parts(s: &str) -> Option<Parts> {
    let u = oxiri::IriRef::parse(s).ok()?;
    Some([
        u.scheme().map(String::from),
        u.authority().map(String::from),
        None,
        None,
        None,
        Some(u.path().to_string()),
        u.query().map(String::from),
        u.fragment().map(String::from),
    ])
}

/// Validity and, where both accept, the components `which` of `ours`
/// against a peer's; `class` refines every key (empty for URIs).
fn compare_parts(peer: &str, s: &str, ours: &Option<Parts>, theirs: &Option<Parts>, which: &[usize], class: &str) {
    match (ours, theirs) {
        (Some(_), None) => disagree(peer, &format!("rejects-valid{class}"), s, "uriscan accepts it"),
        (None, Some(_)) => {
            let grammar = if class.is_empty() { Grammar::Rfc3986 } else { Grammar::Rfc3987 };
            let e = grammar.reference().parse(s).err().map(|e| e.to_string()).unwrap_or_default();
            disagree(peer, &format!("accepts-invalid{class}"), s, &e)
        }
        (Some(a), Some(b)) => {
            for &k in which {
                if a[k] != b[k] {
                    let detail = format!("uriscan {:?}, {peer} {:?}", a[k], b[k]);
                    disagree(peer, &format!("{}{class}", PART_NAMES[k]), s, &detail);
                }
            }
        }
        (None, None) => {}
    }
}

/// Differential: validity of a URI reference and, where both accept, every
/// component, against fluent-uri and iri-string (both strict RFC 3986).
pub fn peers_parse(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let ours = ours_parts(s, Grammar::Rfc3986);
    let all: Vec<usize> = (0..8).collect();
    compare_parts("fluent-uri", s, &ours, &fluent_parts(s), &all, "");
    compare_parts("iri-string", s, &ours, &iri_string_parts::<iri_string::spec::UriSpec>(s), &all, "");
}

/// The class of an IRI reference for the keys of the known disagreements:
/// `/iri-bidi` when it holds a bidi formatting character (RFC 3987 §4.1),
/// `/iri` otherwise.
fn iri_class(s: &str) -> &'static str {
    if s.chars().any(uriscan::iri::is_bidi_format) {
        "/iri-bidi"
    } else {
        "/iri"
    }
}

/// Differential: validity of an IRI reference (RFC 3987) and, where both
/// accept, every component, against fluent-uri, iri-string and oxiri (which
/// gives no userinfo, host or port).
pub fn peers_parse_iri(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let ours = ours_parts(s, Grammar::Rfc3987);
    let class = iri_class(s);
    let all: Vec<usize> = (0..8).collect();
    compare_parts("fluent-uri", s, &ours, &fluent_iri_parts(s), &all, class);
    compare_parts("iri-string", s, &ours, &iri_string_parts::<iri_string::spec::IriSpec>(s), &all, class);
    compare_parts("oxiri", s, &ours, &oxiri_parts(s), &[0, 1, 5, 6, 7], class);
}

/// Differential: §5 resolution (strict) of `base \n reference` against oxiri
/// and fluent-uri, wherever the peer parses both.
pub fn peers_resolve(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let Some((b, r)) = s.split_once('\n') else { return };
    let (Ok(bu), Ok(ru)) = (UriRef::parse(b), UriRef::parse(r)) else { return };
    if bu.scheme().is_none() {
        return;
    }
    let ours = ru.resolve_str(&bu).ok();
    let oxiri = match (oxiri::Iri::parse(b), oxiri::IriRef::parse(r)) {
        (Ok(b), Ok(r)) => {
            let mut o = String::new();
            Some(b.resolve_into(&r, &mut o).ok().map(|_| o))
        }
        _ => None,
    };
    let fluent = match (fluent_uri::Uri::parse(b), fluent_uri::UriRef::parse(r)) {
        (Ok(b), Ok(r)) => Some(r.resolve_against(&b).ok().map(|x| x.as_str().to_string())),
        _ => None,
    };
    // What kind of reference or result it is, so that a known kind of
    // disagreement does not hide a new one.
    let dot_guard = |o: &str| UriRef::parse(o).is_ok_and(|u| u.authority().is_none() && u.path().starts_with("/.//"));
    let class = if ours.as_deref().is_some_and(dot_guard) {
        "/dot-guard"
    } else if ru.scheme().is_none() && bu.authority().is_none() && !bu.path().starts_with('/') {
        "/rootless-base"
    } else if bu.fragment().is_some() {
        "/base-fragment"
    } else if ru.scheme().is_none() && ru.authority().is_none() && ru.path().is_empty() && has_dot_segment(bu.path()) {
        "/base-dots"
    } else if ru.scheme().is_none()
        && ru.authority().is_none()
        && !ru.path().starts_with('/')
        && matches!(bu.path().rsplit('/').next(), Some("." | ".."))
    {
        "/base-last-dots"
    } else if r.to_ascii_lowercase().contains("%2e") || bu.path().to_ascii_lowercase().contains("%2e") {
        "/pct-dot"
    } else if ru.scheme().is_some() && remove_dot_segments(ru.path()) != ru.path() {
        "/scheme-dots"
    } else {
        ""
    };
    for (peer, theirs) in [("oxiri", oxiri), ("fluent-uri", fluent)] {
        let Some(theirs) = theirs else { continue };
        let key = match (&ours, &theirs) {
            (Some(a), Some(t)) if a == t => continue,
            (None, None) => continue,
            (Some(_), Some(_)) => "resolve-result",
            (Some(_), None) => "resolve-peer-fails",
            (None, Some(_)) => "resolve-fails",
        };
        disagree(peer, &format!("{key}{class}"), s, &format!("uriscan {ours:?}, {peer} {theirs:?}"));
    }
}

/// Whether a path has a `.` or `..` segment, also spelled with `%2E`.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| matches!(seg.to_ascii_lowercase().replace("%2e", ".").as_str(), "." | ".."))
}

/// Differential: syntax-based normalization (§6.2.2) against fluent-uri's.
pub fn peers_normalize(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let (Ok(u), Ok(f)) = (UriRef::parse(s), fluent_uri::UriRef::parse(s)) else { return };
    let ours = u.normalize_str();
    let theirs = f.normalize();
    if ours != theirs.as_str() {
        let class = match (u.port(), u.host_kind()) {
            (Some(""), _) => "/empty-port",
            (_, Some(uriscan::HostKind::Ipv6)) => "/ipv6",
            _ if u.scheme().is_none() && has_dot_segment(u.path()) => "/reference-dots",
            _ if !u.path().starts_with('/') && has_dot_segment(u.path()) => "/rootless-dots",
            _ if u
                .scheme()
                .and_then(uriscan::scheme::default_port)
                .is_some_and(|d| u.port_value() == Some(uriscan::Port::Number(d))) =>
            {
                "/default-port"
            }
            _ => "",
        };
        let detail = format!("uriscan {ours:?}, fluent-uri {:?}", theirs.as_str());
        disagree("fluent-uri", &format!("normalize-result{class}"), s, &detail);
    }
}

/// Whether `to_iri` decodes again, after `to_uri`, every non-ASCII character
/// of `s`: by `to_iri`'s documentation (RFC 3987 §3.2) a `ucschar` that is
/// not a bidi formatting character, or an `iprivate` inside the query as
/// Appendix B finds it. Those are exactly the characters the IRI grammar
/// admits where they stand, so every valid IRI reference passes.
fn raw_chars_map_back(s: &str) -> bool {
    let query = uriscan::split(s).query.map(|q| {
        let start = q.as_ptr() as usize - s.as_ptr() as usize;
        start..start + q.len()
    });
    s.char_indices().filter(|(_, c)| !c.is_ascii()).all(|(i, c)| {
        let in_query = query.as_ref().is_some_and(|q| q.contains(&i));
        !iri::is_bidi_format(c) && (iri::is_ucschar(c) || (in_query && iri::is_iprivate(c)))
    })
}

/// Which components of `u` are defined (scheme, authority, userinfo, host,
/// port, query, fragment; the path always is).
fn shape(u: &UriRef<'_>) -> [bool; 7] {
    [u.scheme(), u.authority(), u.userinfo(), u.host(), u.port(), u.query(), u.fragment()].map(|c| c.is_some())
}

/// The URI reference `uri` against its IRI mapping (RFC 3987 §3.2): the
/// mapping parses as an IRI reference with the same scheme and the same
/// components defined; `UriRef::to_iri_str` (the parsed query) agrees with
/// `iri::to_iri` (the Appendix B query); mapping back with `to_uri` gives
/// `uri` again up to the case of the hex digits `to_iri` decoded; and the two
/// are equivalent by `iri_eq` (§5.3, which compares URI mappings, normalized).
fn check_uri_to_iri(uri: &UriRef<'_>) {
    let s = uri.as_str();
    let mapped = iri::to_iri_str(s);
    assert_eq!(uri.to_iri_str(), mapped, "UriRef::to_iri_str and iri::to_iri disagree on {s:?}");
    let v = match Syntax::IriReference.parse(&mapped) {
        Ok(v) => v,
        Err(e) => panic!("to_iri({s:?}) = {mapped:?} is not an IRI reference: {e}"),
    };
    assert_eq!(v.scheme(), uri.scheme(), "to_iri({s:?}) = {mapped:?}");
    assert_eq!(shape(&v), shape(uri), "to_iri({s:?}) = {mapped:?} has other components");
    let again = iri::to_uri_str(&mapped);
    assert!(again.len() == s.len() && again.eq_ignore_ascii_case(s), "to_uri(to_iri({s:?})) = {again:?}");
    for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
        assert!(uri.iri_eq_with(&v, o) && v.iri_eq_with(uri, o), "{s:?} is not iri_eq to its IRI {mapped:?}");
    }
}

/// RFC 3987 IRI <-> URI mappings on arbitrary bytes. On any `&str`:
/// `to_uri` is ASCII, borrowed exactly when the input is, and decodes back
/// to the input's bytes; `to_iri` after `to_uri` gives `to_iri` of the input
/// exactly when every non-ASCII character is one `to_iri` decodes
/// ([`raw_chars_map_back`]), so the round trip `to_iri(to_uri(s)) == s`
/// holds exactly when that is so and `to_iri` leaves `s` as it is (as it
/// does when `s` holds no `%`). Bytes that are not UTF-8 are no IRI. On a
/// valid IRI reference: it is a URI reference exactly when it is ASCII; its
/// URI mapping is a URI reference whose every component is the IRI's
/// component mapped alone (as `to_uri` documents), with the same host kind;
/// the IRI is `iri_eq` to itself, to its URI mapping and to its
/// `normalize_iri` form, which is an IRI reference (GUIDE.md, "IRIs: RFC 3987"), and it
/// normalizes as its URI mapping does (what follows from `normalize_iri`'s
/// documentation: RFC 3986 normalization, of case, escapes of ASCII and
/// dot segments, then the escapes `to_iri` decodes, decoded). On every URI reference met (the input,
/// the IRI's mapping): [`check_uri_to_iri`].
pub fn iri_mapping(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        assert!(Syntax::IriReference.parse_bytes(data).is_err(), "not UTF-8 yet an IRI");
        return;
    };
    let uri = iri::to_uri_str(s);
    assert!(uri.is_ascii(), "to_uri({s:?}) = {uri:?}");
    assert_eq!(matches!(uri, Cow::Borrowed(_)), s.is_ascii(), "to_uri({s:?}) borrowed or not");
    assert_eq!(percent::decode_lenient(uri.as_bytes()), percent::decode_lenient(data));
    let decoded = iri::to_iri_str(s);
    assert_eq!(percent::decode_lenient(iri::to_uri_str(&decoded).as_bytes()), percent::decode_lenient(data));
    let round = iri::to_iri_str(&uri);
    let maps_back = raw_chars_map_back(s);
    assert_eq!(round == decoded, maps_back, "to_iri(to_uri({s:?})) = {round:?}, to_iri = {decoded:?}");
    assert_eq!(round == s, maps_back && decoded == s, "to_iri(to_uri({s:?})) = {round:?}");
    if let Ok(u) = UriRef::parse(s) {
        check_uri_to_iri(&u);
    }
    let Ok(i) = Syntax::IriReference.parse(s) else { return };
    assert!(maps_back, "the IRI {s:?} has a character to_iri would not decode");
    if !s.contains('%') {
        assert_eq!(round, s, "no round trip for the IRI {s:?}");
    }
    assert_eq!(UriRef::parse(s).is_ok(), s.is_ascii(), "{s:?}: an IRI is a URI exactly when ASCII");
    assert_eq!(i.to_uri_str(), uri);
    let m = match UriRef::parse(&uri) {
        Ok(m) => m,
        Err(e) => panic!("to_uri({s:?}) = {uri:?} is not a URI reference: {e}"),
    };
    let (Some(iri_parts), Some(uri_parts)) = (ours_parts(s, Grammar::Rfc3987), ours_parts(&uri, Grammar::Rfc3986))
    else {
        unreachable!("both parsed above")
    };
    for (k, (a, b)) in iri_parts.into_iter().zip(uri_parts).enumerate() {
        let a = a.as_deref().map(iri::to_uri_str);
        assert_eq!(a.as_deref(), b.as_deref(), "{} of {s:?} and of its URI {uri:?}", PART_NAMES[k]);
    }
    assert_eq!(i.host_kind(), m.host_kind(), "{s:?}");
    for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
        assert!(i.iri_eq_with(&i, o));
        assert!(i.iri_eq_with(&m, o) && m.iri_eq_with(&i, o), "{s:?} is not iri_eq to its URI {uri:?}");
        let n = i.normalize_iri_str_with(o);
        let nu = match Syntax::IriReference.parse(&n) {
            Ok(nu) => nu,
            Err(e) => panic!("normalize_iri({s:?}) = {n:?} is not an IRI reference: {e}"),
        };
        assert!(i.iri_eq_with(&nu, o), "{s:?} is not iri_eq to its normal form {n:?}");
        assert_eq!(m.normalize_iri_str_with(o), n, "{s:?} and its URI {uri:?} normalize apart");
    }
    check_uri_to_iri(&m);
}
