//! The entry regexes of a grammar (`STEM_regex.rs`): one `pub const` per
//! entry rule, named after the rule (`URI-reference` -> `URI_REFERENCE`),
//! and `ENTRY_REGEXES` in entry order, printed from
//! [`EntryRegex`] values.

use super::{const_name, Source};
use crate::analysis::regex::EntryRegex;

/// The file's text, after `header`.
pub fn entry_regexes(header: &str, entries: &[EntryRegex]) -> String {
    let mut o = Source::new(header);
    for e in entries {
        o.doc(&format!(
            "`{} = {}`\n\nEntry `{}`, as an anchored regular expression over bytes ({} bytes of pattern),\nwritten out from the ABNF with every rule inlined. Compile it with Unicode mode off.",
            e.rule,
            e.abnf.replace('`', "'"),
            e.entry,
            e.pattern.len()
        ));
        o.push(&format!("pub const {}: &str = r\"{}\";\n", const_name(&e.rule), e.pattern));
    }
    let list: Vec<String> = entries.iter().map(|e| format!("(\"{}\", {})", e.entry, const_name(&e.rule))).collect();
    o.doc("`(entry name, pattern)` for every entry, in the order of the tags file.");
    o.push(&format!("pub static ENTRY_REGEXES: [(&str, &str); {}] = [{}];\n", list.len(), list.join(", ")));
    o.finish()
}
