//! Regular expressions written out from the ABNF, one per entry rule, for the
//! validity oracle (`uriscan::oracle::is_valid`, feature `oracle`).
//!
//! The translation is independent of the automaton: rules are inlined as
//! written, `/` becomes `|`, bounded repetitions become `{n,m}`, byte sets
//! become byte classes `[\x41-\x5A\x61-\x7A]`, and every group is
//! non-capturing. Quoted strings were already turned into (case-insensitive)
//! byte classes by the ABNF parser. Every byte is written as `\xHH`, so the
//! patterns mean bytes when compiled with Unicode mode off (and UTF-8 mode off
//! for classes that hold bytes above `\x7F`). Only the language matters here,
//! not which alternative matches, so the oracle compares accept/reject only.

use super::abnf::{Expr, Grammar};
use super::config::Config;
use super::emit::const_name;
use std::collections::HashMap;
use std::fmt::Write;

/// How tightly a piece of pattern binds, to know when it needs a group.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    /// A concatenation: needs a group before a quantifier.
    Concat,
    /// A class, a byte, a group: takes a quantifier as it is.
    Atom,
}

struct Writer<'g> {
    g: &'g Grammar,
    /// Lower-cased rule name -> its pattern (rules are not recursive).
    memo: HashMap<String, (String, Prec)>,
}

fn byte(out: &mut String, b: u8) {
    let _ = write!(out, "\\x{:02X}", b);
}

impl Writer<'_> {
    fn expr(&mut self, e: &Expr) -> (String, Prec) {
        match e {
            Expr::Empty => ("(?:)".to_string(), Prec::Atom),
            Expr::Class(set) => {
                let ranges = set.ranges();
                let mut s = String::new();
                match ranges.as_slice() {
                    // An empty set (a trimmed or impossible class) matches nothing.
                    [] => s.push_str("[^\\x00-\\xFF]"),
                    [(lo, hi)] if lo == hi => byte(&mut s, *lo),
                    _ => {
                        s.push('[');
                        for (lo, hi) in ranges {
                            byte(&mut s, lo);
                            if hi != lo {
                                s.push('-');
                                byte(&mut s, hi);
                            }
                        }
                        s.push(']');
                    }
                }
                (s, Prec::Atom)
            }
            Expr::Seq(items) => {
                let mut s = String::new();
                for it in items {
                    s.push_str(&self.expr(it).0);
                }
                (s, Prec::Concat)
            }
            Expr::Alt(alts) => {
                let parts: Vec<String> = alts.iter().map(|a| self.expr(a).0).collect();
                (format!("(?:{})", parts.join("|")), Prec::Atom)
            }
            Expr::Repeat { min, max, expr } => {
                let (inner, prec) = self.expr(expr);
                let mut s = if prec == Prec::Atom { inner } else { format!("(?:{})", inner) };
                match (*min, *max) {
                    (0, None) => s.push('*'),
                    (1, None) => s.push('+'),
                    (0, Some(1)) => s.push('?'),
                    (a, None) => {
                        let _ = write!(s, "{{{},}}", a);
                    }
                    (a, Some(b)) if a == b => {
                        let _ = write!(s, "{{{}}}", a);
                    }
                    (a, Some(b)) => {
                        let _ = write!(s, "{{{},{}}}", a, b);
                    }
                }
                // A quantified atom is not an atom for a second quantifier.
                (s, Prec::Concat)
            }
            Expr::Rule(name, _) => self.rule(name),
        }
    }

    fn rule(&mut self, name: &str) -> (String, Prec) {
        let key = name.to_ascii_lowercase();
        if let Some(r) = self.memo.get(&key) {
            return r.clone();
        }
        let Some(rule) = self.g.rule(&key) else {
            // The loader refuses undefined rules; nothing to match.
            return ("[^\\x00-\\xFF]".to_string(), Prec::Atom);
        };
        let expr = rule.expr.clone();
        let r = self.expr(&expr);
        self.memo.insert(key, r.clone());
        r
    }
}

/// The pattern for `rule`, anchored at both ends (`^(?:...)$`).
pub fn anchored(g: &Grammar, rule: &str) -> String {
    let mut w = Writer { g, memo: HashMap::new() };
    format!("^(?:{})$", w.rule(rule).0)
}

/// Emits one `pub const` per entry rule of `cfg`, named after the rule
/// (`URI-reference` -> `URI_REFERENCE`), and `ENTRY_REGEXES` in entry order.
pub fn emit(header: &str, cfg: &Config, g: &Grammar) -> String {
    let mut o = String::new();
    o.push_str(header);
    let mut names = Vec::new();
    for (entry, rule) in &cfg.entries {
        let pat = anchored(g, rule);
        let name = const_name(rule);
        let abnf = g.rule(rule).map(|r| super::emit::abnf_text(&r.expr)).unwrap_or_default();
        let _ = writeln!(
            o,
            "/// `{} = {}`\n///\n/// Entry `{}`, as an anchored regular expression over bytes ({} bytes of pattern),\n/// written out from the ABNF with every rule inlined. Compile it with Unicode mode off.\npub const {}: &str = r\"{}\";",
            rule,
            abnf.replace('`', "'"),
            entry,
            pat.len(),
            name,
            pat
        );
        names.push((entry.clone(), name));
    }
    let list: Vec<String> = names.iter().map(|(e, n)| format!("(\"{}\", {})", e, n)).collect();
    let _ = writeln!(
        o,
        "/// `(entry name, pattern)` for every entry, in the order of the tags file.\npub static ENTRY_REGEXES: [(&str, &str); {}] = [{}];",
        list.len(),
        list.join(", ")
    );
    o
}
