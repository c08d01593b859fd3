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

use crate::abnf::{Expr, Grammar};
use crate::tags::Tags;
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

/// One entry rule as a regular expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRegex {
    /// The entry's name (the tags file's `entry NAME rule`).
    pub entry: String,
    /// The entry rule.
    pub rule: String,
    /// The rule's expansion, as ABNF.
    pub abnf: String,
    /// The anchored pattern.
    pub pattern: String,
}

/// The pattern of every entry of `tags`, in entry order.
pub fn entry_regexes(tags: &Tags, g: &Grammar) -> Vec<EntryRegex> {
    tags.entries
        .iter()
        .map(|(entry, rule)| EntryRegex {
            entry: entry.clone(),
            rule: rule.clone(),
            abnf: g.rule(rule).map(|r| r.expr.to_string()).unwrap_or_default(),
            pattern: anchored(g, rule),
        })
        .collect()
}
