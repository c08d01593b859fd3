//! The "methods by topic" table of `UriRef` (its docs, `src/uri.rs`) names
//! every public method of `UriRef`, wherever it is defined, and nothing
//! else: read off the sources, so a new method without a row fails here.

use std::collections::BTreeSet;
use std::path::Path;

/// The public methods of every `impl ... UriRef<...>` block under `src/`.
fn public_methods() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut todo = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let mut inside = false;
            for line in text.lines() {
                if line.starts_with("impl") && line.contains(" UriRef<") && !line.contains(" for ") {
                    inside = true;
                } else if line == "}" {
                    inside = false;
                } else if inside {
                    if let Some(rest) =
                        line.trim_start().strip_prefix("pub fn ").or(line.trim_start().strip_prefix("pub const fn "))
                    {
                        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        out.insert(name);
                    }
                }
            }
        }
    }
    out
}

/// The method names the table's rows list for `UriRef` (in backticks, the
/// first cell of each row and the source column left out).
fn table_methods() -> BTreeSet<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/uri.rs")).unwrap();
    let start = text.find("/// # Methods by topic").unwrap();
    let end = start + text[start..].find("pub struct UriRef").unwrap();
    let mut out = BTreeSet::new();
    for row in text[start..end].lines().filter(|l| l.starts_with("/// | ") && !l.contains("| --- |")) {
        let cells: Vec<&str> = row.split('|').collect();
        let Some(methods) = cells.get(2) else { continue };
        // Only the part before "Syntax's": the parse functions of `Syntax` are not `UriRef`'s.
        let methods = methods.split("[`Syntax`]").next().unwrap();
        for (k, piece) in methods.split('`').enumerate() {
            let word = piece.trim();
            if k % 2 == 1 && word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                out.insert(word.to_string());
            }
        }
    }
    out
}

#[test]
fn the_methods_table_names_every_public_method() {
    let methods = public_methods();
    let table = table_methods();
    assert!(methods.len() > 40, "{methods:?}");
    let missing: Vec<_> = methods.difference(&table).collect();
    let stale: Vec<_> = table.difference(&methods).filter(|m| *m != "iri").collect();
    assert!(missing.is_empty(), "public methods of UriRef the table in src/uri.rs does not list: {missing:?}");
    assert!(stale.is_empty(), "names in the table that are no public method of UriRef: {stale:?}");
}
