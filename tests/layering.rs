//! No crate of the workspace has an import cycle among its modules: the
//! modules named by each `crate::NAME` path (outside comments and test
//! modules, inline or in a `tests.rs` of their own) form a graph without
//! cycles, read off the sources of every crate. (A layer may use only the
//! layers below it; GUIDE.md, "Layout".)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The top-level module a source file belongs to (`src/builder/edit.rs` is
/// `builder`), `None` for the crate root and binaries. The files of
/// `src/uri_ref/` but `mod.rs` are modules of their own (`uri_ref/resolve`):
/// `mod.rs` and the view's files are below the operation modules, the
/// files that put those operations on the view above them, and no path
/// names them (`crate::uri_ref` is `mod.rs`).
fn module(root: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(root).ok()?;
    let mut parts = rel.components().map(|c| c.as_os_str().to_str().unwrap_or("").trim_end_matches(".rs"));
    let first = parts.next()?.to_string();
    if first == "uri_ref" {
        return Some(match parts.next() {
            Some("mod") | None => first,
            Some(topic) => format!("uri_ref/{topic}"),
        });
    }
    (!matches!(first.as_str(), "lib" | "main" | "bin")).then_some(first)
}

/// Module -> the modules it names through `crate::`.
fn graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(root, &mut all);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in all {
        let Some(m) = module(root, &f) else { continue };
        // A test module in its own file (`src/simd/tests.rs`) is a test module too.
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        let deps = g.entry(m.clone()).or_default();
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (i, _) in line.match_indices("crate::") {
                let name: String = line[i + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if name != m && name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                    deps.insert(name);
                }
            }
        }
    }
    g
}

/// A cycle of `g`, if there is one.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        g: &BTreeMap<String, BTreeSet<String>>,
        m: &str,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(2) => return None,
            Some(1) => {
                let at = path.iter().position(|p| p == m).unwrap_or(0);
                let mut c = path[at..].to_vec();
                c.push(m.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for d in g.get(m).into_iter().flatten().filter(|d| g.contains_key(*d)) {
            if let Some(c) = visit(g, d, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    g.keys().find_map(|m| visit(g, m, &mut state, &mut Vec::new()))
}

#[test]
fn no_crate_has_an_import_cycle() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates =
        ["src", "codegen/src", "layout/src", "cli/src", "crawl/src", "arrow/src", "datafusion/src", "ballista/src"];
    for c in crates {
        let g = graph(&top.join(c));
        assert_eq!(cycle(&g), None, "{c}: modules that import each other");
    }
    // The graph is read: the parse entry points import the scanner, and
    // resolution on the view the resolution module, which imports the view.
    let src = graph(&top.join("src"));
    assert!(src["uri_ref/parse"].contains("scan"));
    assert!(src["uri_ref/resolve"].contains("resolve") && src["resolve"].contains("uri_ref"));
    // The check finds a cycle where there is one.
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&g), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
}
