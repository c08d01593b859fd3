//! The byte set of every rule that matches single bytes (`STEM_sets.rs`):
//! the runtime's byte predicates come from the grammar, not from lists
//! written by hand.

use crate::abnf::Grammar;
use crate::byteset::ByteSet;
use crate::nfa;

/// The one-byte strings of one rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleBytes {
    /// The rule's name, as the grammar writes it.
    pub rule: String,
    /// The rule's expansion, as ABNF.
    pub abnf: String,
    /// The bytes `b` for which the one-byte string `b` matches the rule.
    pub set: ByteSet,
    /// Whether the rule matches one-byte strings only.
    pub exact: bool,
}

/// The bytes `b` for which the one-byte string `b` matches `rule`, and
/// whether the rule matches only one-byte strings.
pub fn one_byte_set(g: &Grammar, rule: &str) -> (ByteSet, bool) {
    let n = nfa::build_plain(g, rule);
    let mut set = ByteSet::EMPTY;
    for b in 0..=255u8 {
        if n.accepts(&[b]) {
            set.insert(b);
        }
    }
    // Exactly one byte: nothing empty, nothing of two bytes starting in the set.
    let exact = !n.accepts(b"") && set.iter().all(|b| (0..=255u8).all(|c| !n.accepts(&[b, c])));
    (set, exact)
}

/// Every rule of `g` that matches some one-byte string, in definition order.
pub fn byte_sets(g: &Grammar) -> Vec<RuleBytes> {
    g.rules()
        .filter_map(|r| {
            let (set, exact) = one_byte_set(g, &r.name);
            (!set.is_empty()).then(|| RuleBytes { rule: r.name.clone(), abnf: r.expr.to_string(), set, exact })
        })
        .collect()
}
