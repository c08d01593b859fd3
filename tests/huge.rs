//! The 4 GiB boundary, for real: inputs just under and at `u32::MAX` bytes
//! (the automaton's registers hold `u32` offsets). `parse` accepts the
//! longest input it can describe and reports `TooLong` beyond it, with the
//! input's length as the index; `split` answers beyond it with its direct
//! search, which must give what the automaton gives on the same shape.
//!
//! Each test allocates 4 GiB or more and scans it, which a debug build does
//! slowly: they are ignored in the ordinary run, and CI runs them in the
//! optimized, overflow-checked profile (`cargo test --profile ci-checked
//! --test huge -- --include-ignored`, see `.ci/run`).

use uriscan::{split_bytes, ErrorKind, Syntax};

/// The longest input the automaton can describe.
const MAX: usize = u32::MAX as usize - 1;

/// `prefix`, then `fill` up to `len - suffix.len()` bytes, then `suffix`.
fn build(prefix: &[u8], fill: u8, suffix: &[u8], len: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(len + 1);
    v.extend_from_slice(prefix);
    v.resize(len - suffix.len(), fill);
    v.extend_from_slice(suffix);
    v
}

#[test]
#[ignore = "allocates 4 GiB twice; CI runs it optimized with --include-ignored"]
fn parse_at_the_boundary() {
    // The longest input: valid, every offset right.
    let v = build(b"s://h/", b'a', b"?q#f", MAX);
    let u = Syntax::UriReference.parse_bytes(&v).expect("the longest describable input parses");
    assert_eq!((u.scheme(), u.host(), u.query(), u.fragment()), (Some("s"), Some("h"), Some("q"), Some("f")));
    assert_eq!(u.path().len(), MAX - "s://h?q#f".len());
    // An error at its very last byte has that index.
    let mut v = v;
    if let Some(last) = v.last_mut() {
        *last = b' ';
    }
    let e = Syntax::UriReference.parse_bytes(&v).unwrap_err();
    assert_eq!((e.index(), e.kind()), (MAX - 1, ErrorKind::Fragment));
    // One byte more is too long: reported at the end, never misread.
    v.push(b'f');
    let e = Syntax::UriReference.parse_bytes(&v).unwrap_err();
    assert_eq!((e.index(), e.kind()), (u32::MAX as usize, ErrorKind::TooLong));
    assert_eq!(
        e.to_string(),
        format!("input of {} bytes is longer than the {} bytes a reference can hold", u32::MAX, MAX)
    );
    // A batch reports the same for that item, and goes on with the next.
    let mut results = Vec::new();
    Syntax::UriReference.parse_bytes_each([v.as_slice(), b"s://h/"], |_, r| {
        results.push(r.map(|u| u.host()));
    });
    assert_eq!(results, [Err(e), Ok(Some("h"))]);
}

#[test]
#[ignore = "allocates 4 GiB; CI runs it optimized with --include-ignored"]
fn split_beyond_the_boundary_agrees_with_the_automaton() {
    // Shapes that exercise every boundary of Appendix B; each is split by
    // the automaton when short and by the direct search when 4 GiB long,
    // and the components must be the same pieces of the input.
    let shapes: [(&[u8], &[u8]); 4] = [(b"s://h/", b"?q#f"), (b"//a:b@c", b"/p"), (b"x", b"#:/?"), (b"s:", b"")];
    for (prefix, suffix) in shapes {
        let short = build(prefix, b'z', suffix, prefix.len() + suffix.len() + 3);
        let long = build(prefix, b'z', suffix, u32::MAX as usize + 7);
        let (a, b) = (split_bytes(&short), split_bytes(&long));
        let grown = long.len() - short.len();
        // The fill sits between prefix and suffix: the component holding
        // it is longer by exactly `grown`; the others are equal.
        let lens = |c: &uriscan::ByteComponents<'_>| {
            [
                c.scheme.map(<[u8]>::len),
                c.authority.map(<[u8]>::len),
                Some(c.path.len()),
                c.query.map(<[u8]>::len),
                c.fragment.map(<[u8]>::len),
            ]
        };
        let (la, lb) = (lens(&a), lens(&b));
        let differ: Vec<usize> = (0..5).filter(|&k| la[k] != lb[k]).collect();
        assert_eq!(differ.len(), 1, "{prefix:?}…{suffix:?}: {la:?} vs {lb:?}");
        let k = differ[0];
        assert_eq!(lb[k].zip(la[k]).map(|(x, y)| x - y), Some(grown), "{prefix:?}…{suffix:?}");
        assert_eq!(b.recompose(), long, "{prefix:?}…{suffix:?}: the split recomposes to the input");
    }
}

#[test]
#[ignore = "allocates 4 GiB; CI runs it optimized with --include-ignored"]
fn lenient_beyond_the_boundary() {
    // Too long for a reference: the components still come (the split takes
    // any length), and the one violation is the strict error.
    let v = build(b"s://u@h:8/", b'a', b" ?q#f", u32::MAX as usize + 1);
    let l = Syntax::UriReference.parse_lenient_bytes(&v);
    assert_eq!(
        (l.scheme(), l.userinfo(), l.host(), l.port()),
        (Some(&b"s"[..]), Some(&b"u"[..]), Some(&b"h"[..]), Some(&b"8"[..]))
    );
    assert_eq!((l.query(), l.fragment()), (Some(&b"q"[..]), Some(&b"f"[..])));
    let all: Vec<_> = l.violations().collect();
    let e = Syntax::UriReference.parse_bytes(&v).unwrap_err();
    assert_eq!((e.index(), e.kind()), (v.len(), ErrorKind::TooLong));
    assert_eq!(all, [e]);
}
