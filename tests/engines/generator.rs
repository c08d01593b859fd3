//! A generator of random valid URI references that walks the ABNF of
//! `grammar/rfc3986.abnf`, loaded with the build's own ABNF parser
//! (`uriscan_codegen::abnf`), and
//! near-miss mutations of its output.
//!
//! The walk is faithful to the grammar: alternatives are chosen uniformly
//! (so every host form, every IPv6 shape, every path form comes up), bounded
//! repetitions uniformly within their bounds, unbounded ones 0 a quarter of
//! the time (empty components) and geometrically otherwise; a byte class
//! yields any of its bytes, so `HEXDIG` gives both cases and `pct-encoded`
//! any triplet. Everything it produces from rule R must match R.
#![allow(dead_code)]

use uriscan_codegen::abnf::{Expr, Grammar};

/// SplitMix64: small, seedable, the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The grammar, ready to walk.
pub struct Generator {
    g: Grammar,
}

/// Longest unbounded repetition the walk produces (keeps strings short).
const MAX_EXTRA: u32 = 12;

impl Generator {
    pub fn load() -> Generator {
        let files = [
            ("grammar/rfc3986.abnf", include_str!("../../grammar/rfc3986.abnf")),
            ("grammar/core.abnf", include_str!("../../grammar/core.abnf")),
        ];
        match Grammar::load(&files) {
            Ok(g) => Generator { g },
            Err(d) => panic!("grammar does not load: {:?}", d),
        }
    }

    /// The same walk over `grammar/rfc3987.abnf` (IRI references), read as
    /// its tags file says (code points as UTF-8, its `exclude` left out), so
    /// the walk yields UTF-8 of every length.
    pub fn load_iri() -> Generator {
        let tags = include_str!("../../grammar/rfc3987.tags");
        let cfg = uriscan_codegen::tags::parse("grammar/rfc3987.tags", tags)
            .unwrap_or_else(|d| panic!("tags file does not load: {d:?}"));
        let files = [
            ("grammar/rfc3987.abnf", include_str!("../../grammar/rfc3987.abnf")),
            ("grammar/core.abnf", include_str!("../../grammar/core.abnf")),
        ];
        match Grammar::load_with(&files, cfg.encoding, &cfg.exclude) {
            Ok(g) => Generator { g },
            Err(d) => panic!("grammar does not load: {:?}", d),
        }
    }

    /// A random string matching `rule`.
    pub fn generate(&self, rule: &str, rng: &mut Rng) -> Vec<u8> {
        let mut out = Vec::new();
        self.rule(rule, rng, &mut out);
        out
    }

    fn rule(&self, name: &str, rng: &mut Rng, out: &mut Vec<u8>) {
        let rule = self.g.rule(name).unwrap_or_else(|| panic!("undefined rule {name}"));
        self.expr(&rule.expr, rng, out);
    }

    fn expr(&self, e: &Expr, rng: &mut Rng, out: &mut Vec<u8>) {
        match e {
            Expr::Empty => {}
            Expr::Class(set) => {
                let n = set.len() as u64;
                assert!(n > 0, "empty byte class in the grammar");
                let k = rng.below(n) as usize;
                out.push(set.iter().nth(k).unwrap());
            }
            Expr::Seq(items) => items.iter().for_each(|x| self.expr(x, rng, out)),
            Expr::Alt(alts) => self.expr(rng.pick(alts), rng, out),
            Expr::Repeat { min, max, expr } => {
                let count = match max {
                    Some(max) => min + rng.below((max - min + 1) as u64) as u32,
                    None => {
                        let mut extra = 0;
                        if rng.below(4) != 0 {
                            extra = 1;
                            while extra < MAX_EXTRA && rng.below(4) != 0 {
                                extra += 1;
                            }
                        }
                        min + extra
                    }
                };
                for _ in 0..count {
                    self.expr(expr, rng, out);
                }
            }
            Expr::Rule(name, _) => self.rule(name, rng, out),
        }
    }
}

/// What a mutation puts in: the bytes that most often break a reference.
pub fn mutation_byte(rng: &mut Rng) -> Vec<u8> {
    match rng.below(5) {
        0 => vec![*rng.pick(b":/?#[]@")],
        1 => vec![b'%'],
        2 => vec![0x80 + rng.below(0x80) as u8],
        3 => vec!["\u{e9}", "\u{20ac}", "\u{1F600}"][rng.below(3) as usize].as_bytes().to_vec(),
        _ => vec![if rng.below(8) == 0 { 0x7F } else { rng.below(0x20) as u8 }],
    }
}

/// A near miss: `input` with one insertion, deletion or replacement.
pub fn mutate(input: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = input.to_vec();
    let op = if out.is_empty() { 0 } else { rng.below(3) };
    match op {
        0 => {
            let at = rng.below(out.len() as u64 + 1) as usize;
            let b = mutation_byte(rng);
            out.splice(at..at, b);
        }
        1 => {
            let at = rng.below(out.len() as u64) as usize;
            out.remove(at);
        }
        _ => {
            let at = rng.below(out.len() as u64) as usize;
            let b = mutation_byte(rng);
            out.splice(at..at + 1, b);
        }
    }
    out
}
