//! The batch entry points (`Syntax::parse_each`,
//! `Syntax::parse_bytes_each`) against the one-input ones: for every grammar,
//! over every input of the data files and over random batches, each item
//! comes back once, in order, with exactly the result the single call gives.
//! And the validators (`Syntax::validate`, `validate_bytes` and the batches
//! `validate_each`, `validate_bytes_each`: the automata without tags) against the parsers,
//! for every syntax, on the same inputs.

mod common;
use common::*;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use uriscan::{Grammar, ParseError, Syntax, UriRef};

const GRAMMARS: [Grammar; 4] = [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc1630, Grammar::Rfc3987];

/// Runs the byte batch over `inputs` and checks every item against
/// `Syntax::parse_bytes`; returns how many were valid.
fn check_bytes(inputs: &[Vec<u8>], grammar: Grammar) -> Result<usize, String> {
    let mut k = 0;
    let mut valid = 0;
    let mut bad = None;
    grammar.reference().parse_bytes_each(inputs.iter().map(Vec::as_slice), |b, r| {
        let expected = grammar.reference().parse_bytes(&inputs[k]);
        if bad.is_none() && (!std::ptr::eq(b, inputs[k].as_slice()) || r != expected) {
            bad = Some(format!("{grammar}: item {k} {:?}: batch {r:?}, single {expected:?}", inputs[k]));
        }
        valid += usize::from(r.is_ok());
        k += 1;
    });
    match bad {
        Some(b) => Err(b),
        None if k != inputs.len() => Err(format!("{grammar}: {k} results for {} inputs", inputs.len())),
        None => Ok(valid),
    }
}

/// The same with the `&str` batch, over the inputs that are UTF-8.
fn check_strs(inputs: &[&str], grammar: Grammar) -> Result<(), String> {
    let mut k = 0;
    let mut bad = None;
    grammar.reference().parse_each(inputs.iter().copied(), |s, r| {
        let expected = grammar.reference().parse(inputs[k]);
        if bad.is_none() && (!std::ptr::eq(s, inputs[k]) || r != expected) {
            bad = Some(format!("{grammar}: item {k} {:?}: batch {r:?}, single {expected:?}", inputs[k]));
        }
        k += 1;
    });
    match bad {
        Some(b) => Err(b),
        None if k != inputs.len() => Err(format!("{grammar}: {k} results for {} inputs", inputs.len())),
        None => Ok(()),
    }
}

#[test]
fn batches_of_the_data_files_equal_single_parses() {
    let inputs = data_inputs();
    assert!(inputs.len() > 300, "the data files lost their cases: {}", inputs.len());
    let strs: Vec<&str> = inputs.iter().filter_map(|b| std::str::from_utf8(b).ok()).collect();
    for grammar in GRAMMARS {
        let valid = check_bytes(&inputs, grammar).unwrap();
        // Both outcomes occur, so the comparison covers results and errors.
        assert!(valid > 20 && valid < inputs.len(), "{grammar}: {valid} of {} valid", inputs.len());
        check_strs(&strs, grammar).unwrap();
    }
    // `Syntax::parse_each` for RFC 3986's reference rule.
    let mut k = 0;
    Syntax::UriReference.parse_each(strs.iter().copied(), |s, r| {
        assert_eq!(r, UriRef::parse(s), "{s:?}");
        k += 1;
    });
    assert_eq!(k, strs.len());
}

/// The validator of `syntax` accepts and refuses each input exactly as
/// its parser does, with the same error (index, context, byte), one input
/// at a time and as one batch (`validate_bytes_each`: every item back once,
/// in order; and `validate_each` over the inputs that are UTF-8).
fn check_validator(inputs: &[Vec<u8>], syntax: Syntax) -> Result<usize, String> {
    let mut valid = 0;
    let mut want = Vec::with_capacity(inputs.len());
    for b in inputs {
        let w = syntax.parse_bytes(b).map(|_| ());
        let got = syntax.validate_bytes(b);
        if let Ok(text) = std::str::from_utf8(b) {
            if syntax.validate(text) != got {
                return Err(format!("{syntax}: {text:?}: validate and validate_bytes differ"));
            }
        }
        if got != w {
            return Err(format!("{syntax}: {:?}: validate {got:?}, parse {w:?}", String::from_utf8_lossy(b)));
        }
        valid += usize::from(got.is_ok());
        want.push(w);
    }
    let mut k = 0;
    let mut bad = None;
    syntax.validate_bytes_each(inputs.iter().map(Vec::as_slice), |b, r| {
        if bad.is_none() && (!inputs.get(k).is_some_and(|x| std::ptr::eq(b, x.as_slice())) || want.get(k) != Some(&r)) {
            bad = Some(format!(
                "{syntax}: batch item {k} {:?}: {r:?}, want {:?}",
                String::from_utf8_lossy(b),
                want.get(k)
            ));
        }
        k += 1;
    });
    match bad {
        Some(b) => Err(b),
        None if k != inputs.len() => {
            Err(format!("{syntax}: validate_bytes_each gave {k} results for {} inputs", inputs.len()))
        }
        None => check_text_validator(inputs, syntax, &want).map(|()| valid),
    }
}

#[test]
fn validators_of_the_data_files_equal_the_parsers() {
    let inputs = data_inputs();
    for &syntax in Syntax::ALL {
        let valid = check_validator(&inputs, syntax).unwrap();
        assert!(valid > 0 && valid < inputs.len(), "{syntax}: {valid} of {} valid", inputs.len());
    }
}

/// Every batch entry hands each item back before it takes the next one
/// from the iterator (their documented promise, which callers that share
/// state between the iterator and the callback rely on: the Arrow
/// kernels' null flags): the callback always sees the index the iterator
/// set last, for batches of every length from 0 to 9.
#[test]
fn batches_hand_each_item_back_before_taking_the_next() {
    use std::cell::Cell;
    let inputs = ["http://a/b", "", "a b", "//h/%C3%A9", "http://[::1", "/x?y#z", "%", "mailto:a@b", "?q", "#f"];
    for len in 0..=inputs.len() {
        let items = &inputs[..len];
        for &syntax in Syntax::ALL {
            let taken = Cell::new(usize::MAX);
            let next = || items.iter().enumerate().map(|(k, s)| (taken.set(k), *s).1);
            let mut seen = Vec::new();
            let mut check = |s: &str| {
                let k = taken.get();
                assert_eq!(Some(&s), items.get(k), "{syntax}: {len} items");
                seen.push(k);
            };
            syntax.parse_each(next(), |s, _| check(s));
            syntax.validate_each(next(), |s, _| check(s));
            let bytes = || next().map(str::as_bytes);
            syntax.parse_bytes_each(bytes(), |b, _| check(std::str::from_utf8(b).unwrap()));
            syntax.validate_bytes_each(bytes(), |b, _| check(std::str::from_utf8(b).unwrap()));
            let want: Vec<usize> = (0..4).flat_map(|_| 0..len).collect();
            assert_eq!(seen, want, "{syntax}: {len} items");
        }
    }
}

#[test]
fn an_empty_batch_calls_nothing() {
    let mut calls = 0;
    Syntax::UriReference.parse_each(std::iter::empty(), |_, _| calls += 1);
    assert_eq!(calls, 0);
}

/// A batch of byte strings made of URI pieces and random bytes, of mixed
/// lengths (runs long enough for the SIMD skipper among them), with a
/// random byte here and there.
#[derive(Clone, Debug)]
struct Batch(Vec<Vec<u8>>);

impl Arbitrary for Batch {
    fn arbitrary(g: &mut Gen) -> Batch {
        let n = usize::arbitrary(g) % 40;
        let items = (0..n)
            .map(|_| {
                let mut v: Vec<u8> = (0..usize::arbitrary(g) % 12)
                    .flat_map(|_| {
                        let p = g.choose(TOKENS).copied().unwrap_or("a");
                        p.repeat(1 + usize::arbitrary(g) % 40).into_bytes()
                    })
                    .collect();
                if !v.is_empty() && u8::arbitrary(g) % 4 == 0 {
                    let i = usize::arbitrary(g) % v.len();
                    v[i] = u8::arbitrary(g);
                }
                v
            })
            .collect();
        Batch(items)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Batch>> {
        Box::new(self.0.shrink().map(Batch))
    }
}

#[test]
fn random_batches_equal_single_parses() {
    fn prop(b: Batch) -> TestResult {
        for grammar in GRAMMARS {
            if let Err(e) = check_bytes(&b.0, grammar) {
                return TestResult::error(e);
            }
            let strs: Vec<&str> = b.0.iter().filter_map(|v| std::str::from_utf8(v).ok()).collect();
            if let Err(e) = check_strs(&strs, grammar) {
                return TestResult::error(e);
            }
        }
        for &syntax in Syntax::ALL {
            if let Err(e) = check_validator(&b.0, syntax) {
                return TestResult::error(e);
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(64, 0x6261_7463_6865_7301))
        .tests(2_000)
        .quickcheck(prop as fn(Batch) -> TestResult);
}

/// `validate_each` over the inputs of `inputs` that are UTF-8 gives each
/// back once, in order, with the result `want` holds for it.
fn check_text_validator(inputs: &[Vec<u8>], syntax: Syntax, want: &[Result<(), ParseError>]) -> Result<(), String> {
    let texts: Vec<(&str, &Result<(), ParseError>)> =
        inputs.iter().zip(want).filter_map(|(b, w)| Some((std::str::from_utf8(b).ok()?, w))).collect();
    let mut k = 0;
    let mut bad = None;
    syntax.validate_each(texts.iter().map(|(t, _)| *t), |t, r| {
        if bad.is_none() && !texts.get(k).is_some_and(|(x, w)| std::ptr::eq(t, *x) && **w == r) {
            bad = Some(format!("{syntax}: text batch item {k} {t:?}: {r:?}"));
        }
        k += 1;
    });
    match bad {
        Some(b) => Err(b),
        None if k != texts.len() => Err(format!("{syntax}: validate_each gave {k} results for {} inputs", texts.len())),
        None => Ok(()),
    }
}
