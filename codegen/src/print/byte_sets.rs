//! The byte-set constants of a grammar (`STEM_sets.rs`): one `ByteSet` per
//! rule that matches single bytes, documented with the rule, printed from
//! [`RuleBytes`]. The including module brings `ByteSet` into scope (a type
//! with a `const fn from_bits([u64; 4])`).

use super::{const_name, list, Source};
use crate::analysis::byte_sets::RuleBytes;

/// The file's text, after `header`.
pub fn byte_sets(header: &str, rules: &[RuleBytes]) -> String {
    let mut o = Source::new(header);
    for r in rules {
        let what = if r.exact {
            "matches exactly one byte: these"
        } else {
            "also matches longer strings; these are the bytes that match alone"
        };
        o.doc(&format!("`{} = {}`\n\nThe rule {what}.", r.rule, r.abnf.replace('`', "'")));
        let bits = list(r.set.0.iter().map(|w| format!("0x{w:016X}")));
        o.push(&format!("pub const {}: ByteSet = ByteSet::from_bits([{bits}]);\n", const_name(&r.rule)));
    }
    o.finish()
}
