//! The writers against each other and against their formats' rules.

use std::borrow::Cow;

use super::escape::find_escape;
use super::json::json_bytes;
use super::tsv::tsv_str;
use super::tsv_all::Decimal;
use super::*;

fn j(s: &[u8]) -> String {
    let mut v = Vec::new();
    json_bytes(&mut v, s);
    String::from_utf8(v).unwrap()
}

fn t(s: &[u8]) -> String {
    let mut v = Vec::new();
    tsv_str(&mut v, s);
    String::from_utf8(v).unwrap()
}

#[test]
fn json_is_plain_json() {
    assert_eq!(j(b"http://a/b"), r#""http://a/b""#);
    assert_eq!(j(b"a\"b\\c\td\x01"), r#""a\"b\\c\td\u0001""#);
    assert_eq!(j("café".as_bytes()), "\"café\"");
    // Not UTF-8: base64 of the bytes.
    assert_eq!(j(b"a\xFF"), r#"{"bytes":"Yf8="}"#);
}

/// `find_escape` finds what a byte-by-byte scan does: each byte it
/// looks for at each offset of strings up to three blocks long, from
/// every start, with and without an excepted separator.
#[test]
fn find_escape_is_a_scan() {
    let bad = |b: u8, except: Option<u8>| (b < 0x20 && Some(b) != except) || b == 0x7F || b == b'"' || b == b'\\';
    for len in 0..200 {
        for (at, byte) in
            (0..len).flat_map(|at| [b'\0', b'\n', b'\t', 0x1F, 0x7F, b'"', b'\\', 0x80, b' '].map(|b| (at, b)))
        {
            let mut data = vec![b'a'; len];
            data[at] = byte;
            for except in [None, Some(b'\n')] {
                for from in [0, 1, 63, 64, 65, len] {
                    let want = (from..len).find(|&i| bad(data[i], except)).unwrap_or(len);
                    assert_eq!(find_escape(&data, from, except), want, "{len} {at} {byte} {from}");
                }
            }
        }
    }
}

#[test]
fn tsv_escapes() {
    assert_eq!(t(b"a b"), "a b");
    assert_eq!(t(b"a\tb\\c\rd\x7F\xFE\xC3\xA9"), "a\\tb\\\\c\\rd\\x7F\\xFE\u{e9}");
}

/// A job that puts every kind of value, parts of its line included
/// (half of it, all of it, none, out of range), so that the writers
/// meet values that need escapes.
struct Probe;

const PROBE: &[Column] = crate::line_columns![
    half: Str,
    all: Str,
    none: Str,
    beyond: Str,
    bytes: Str,
    text: Str,
    list: List,
    n: UInt,
    name: Str,
];

impl Fill for Probe {
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, f: &mut F) {
        l.first_fields(f);
        let mut half = l.bytes.len() / 2;
        while l.text.is_some_and(|t| !t.is_char_boundary(half)) {
            half -= 1;
        }
        f.part(l, Some(0..half));
        f.part(l, Some(0..l.bytes.len()));
        f.part(l, None);
        f.part(l, Some(l.bytes.len()..l.bytes.len() + 3));
        f.push(Val::b(l.bytes));
        f.str(l.text.unwrap_or("not UTF-8"));
        f.push(Val::List(vec![Cow::Borrowed(l.bytes), Cow::Borrowed(b"a\"b")]));
        f.push(Val::Int(l.no * 7));
        f.name("name");
    }
}

/// [`TsvAll`] writes what the selecting writers do, value by value, on
/// lines with bytes to escape, invalid UTF-8 and none.
#[test]
fn tsv_all_equals_direct_and_rows() {
    let lines: &[&[u8]] = &[
        b"",
        b"http://a/b",
        b"a\tb\\c\rd\x00e\x7Ff\"g",
        "caf\u{e9} \u{65e5}\u{672c}".as_bytes(),
        b"bad \xFF\xC3 utf-8\t",
        b"\xE2\x82",
        b"\\N",
    ];
    let file = crate::input::FileCtx::new("f\til\\e");
    for (fi, fo) in [(false, false), (true, false), (false, true), (true, true)] {
        let names: Vec<&str> =
            PROBE.iter().map(|c| c.name).filter(|&c| (c != "file" || fi) && (c != "input" || fo)).collect();
        let fields = vec![names.join(",")];
        let layout = Layout::new(Format::Tsv, PROBE, Some(&fields), |_| true, None, b'\n').unwrap();
        assert!(layout.is_tsv_all());
        let mut sinks = [
            Sink::new(&layout, Vec::new()),
            Sink::new(&layout, Vec::new()).no_tsv_all(),
            Sink::new(&layout, Vec::new()).rows_only(),
        ];
        for (no, &bytes) in (9..).zip(lines) {
            let escape_free = find_escape(bytes, 0, None) == bytes.len();
            // As text when UTF-8, and as bytes (a chunk that is not).
            for text in [std::str::from_utf8(bytes).ok(), None] {
                let l = Line { file: &file, no, bytes, text, escape_free };
                for s in &mut sinks {
                    s.write(&Probe, &l);
                }
            }
        }
        let [a, d, r] = sinks.map(|mut s| s.take());
        assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&r));
        assert_eq!(a, r);
        assert_eq!(d, r);
    }
}

/// The decimal counter of line numbers writes what `itoa` does, for
/// consecutive numbers (carries into a new digit), jumps back and
/// forth, zero and the largest.
#[test]
fn decimal_line_numbers() {
    let mut numbers: Vec<u64> = (0..1_200).collect();
    numbers.extend([5, 9, 10, 99, 100, 100, 7, 999_999, 1_000_000, 1_000_001, 0, 1]);
    numbers.extend((u64::MAX - 3)..=u64::MAX);
    numbers.extend([u64::MAX, 18_446_744_073_709_551_609, 9_999_999_999_999_999_999, 10_000_000_000_000_000_000, 3]);
    let mut d = Decimal::default();
    let mut out = b"x".to_vec();
    let mut want = b"x".to_vec();
    for n in numbers {
        d.write(n, &mut out);
        want.extend_from_slice(n.to_string().as_bytes());
        assert_eq!(out, want, "{n}");
    }
}

#[test]
fn fields_select_and_order() {
    const COLS: &[Column] = crate::columns![a: Str, b: Str, c: UInt];
    let fields = vec!["c,a".to_string()];
    let l = Layout::new(Format::Tsv, COLS, Some(&fields), |_| true, None, b'\n').unwrap();
    assert_eq!(l.names().collect::<Vec<_>>(), ["c", "a"]);
    assert_eq!(l.header(), b"c\ta\n");
    let mut s = Sink::new(&l, Vec::new());
    let mut r = Row::default();
    r.push(Val::s("x"));
    r.push(Val::Null);
    r.push(Val::Int(3));
    s.emit(&r);
    assert_eq!(s.take(), b"3\tx\n");
    let bad = vec!["nope".to_string()];
    assert!(Layout::new(Format::Tsv, COLS, Some(&bad), |_| true, None, b'\n').is_err());
}
