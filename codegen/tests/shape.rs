//! The generator's shape, checked over its own sources (`codegen/src`): no
//! function longer than 100 lines, and no import loop between its modules.
//! A module uses another when it names one of its items, through a `use`
//! declaration or a path (`crate::tdfa::Tdfa`, `super::accel::Plan`,
//! `print::registry::registry`); a parent module only declaring its
//! children (`pub mod accel;`) does not use them. Unit tests inside a file
//! (`#[cfg(test)] mod tests`) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The longest a function may be, from its `fn` to its closing brace.
const MAX_FN_LINES: usize = 100;

/// A module's path in the crate (`[]` for the root, `["tdfa", "classes"]`).
type Module = Vec<String>;

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The crate's modules below `src`, each with its file's parsed contents.
fn modules(src: &Path) -> BTreeMap<Module, (PathBuf, syn::File)> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(src).unwrap().with_extension("");
            let mut m: Module = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if matches!(m.last().map(String::as_str), Some("lib" | "mod" | "main")) {
                m.pop();
            }
            let text = std::fs::read_to_string(&p).unwrap();
            let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (m, (p, file))
        })
        .collect()
}

fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test"))
}

/// What one file names: its functions' lengths and the paths it uses.
#[derive(Default)]
struct Reader {
    /// `(name, first line, lines)` of every function with a body.
    fns: Vec<(String, usize, usize)>,
    /// Every path of a `use` declaration (globs and renames as their path).
    uses: Vec<Vec<String>>,
    /// Every other path.
    paths: Vec<Vec<String>>,
}

impl Reader {
    fn function(&mut self, sig: &syn::Signature, body: &syn::Block) {
        let (first, last) = (sig.fn_token.span.start().line, body.brace_token.span.close().end().line);
        self.fns.push((sig.ident.to_string(), first, last - first + 1));
    }

    fn use_tree(&mut self, prefix: &[String], tree: &syn::UseTree) {
        let with = |s: String| [prefix, &[s]].concat();
        match tree {
            syn::UseTree::Path(p) => self.use_tree(&with(p.ident.to_string()), &p.tree),
            syn::UseTree::Name(n) => self.uses.push(with(n.ident.to_string())),
            syn::UseTree::Rename(r) => self.uses.push(with(r.ident.to_string())),
            syn::UseTree::Glob(_) => self.uses.push(prefix.to_vec()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }
}

impl<'a> Visit<'a> for Reader {
    fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
        self.function(&f.sig, &f.block);
        syn::visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
        self.function(&f.sig, &f.block);
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
        if !is_cfg_test(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
        self.use_tree(&[], &u.tree);
    }

    fn visit_path(&mut self, p: &'a syn::Path) {
        self.paths.push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, p);
    }
}

/// The module a path names (the deepest module it goes through), from
/// module `from`, with `aliases` the modules `from` imported by name.
fn resolve(
    all: &BTreeSet<Module>,
    from: &Module,
    path: &[String],
    aliases: &BTreeMap<String, Module>,
) -> Option<Module> {
    let (first, rest) = path.split_first()?;
    let child = |m: &Module, s: &str| -> Module { [m.as_slice(), &[s.to_string()]].concat() };
    let (mut m, rest) = match first.as_str() {
        "crate" => (Vec::new(), rest),
        "self" => (from.clone(), rest),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            (from[..from.len().checked_sub(ups)?].to_vec(), &path[ups..])
        }
        s if all.contains(&child(from, s)) => (child(from, s), rest),
        s => (aliases.get(s)?.clone(), rest),
    };
    for s in rest {
        if !all.contains(&child(&m, s)) {
            break;
        }
        m = child(&m, s);
    }
    Some(m)
}

/// The functions over [`MAX_FN_LINES`] and the module graph of `src`.
fn shape(src: &Path) -> (Vec<String>, BTreeMap<Module, BTreeSet<Module>>) {
    let mods = modules(src);
    let all: BTreeSet<Module> = mods.keys().cloned().collect();
    let mut long = Vec::new();
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, (path, file)) in &mods {
        let mut r = Reader::default();
        r.visit_file(file);
        for (name, line, n) in r.fns.iter().filter(|f| f.2 > MAX_FN_LINES) {
            long.push(format!("{}:{line}: fn {name} has {n} lines", path.display()));
        }
        let mut aliases = BTreeMap::new();
        let edges = graph.entry(m.clone()).or_default();
        for u in &r.uses {
            if let Some(t) = resolve(&all, m, u, &aliases) {
                if u.last() == t.last() {
                    aliases.insert(t.last().cloned().unwrap_or_default(), t.clone());
                }
                edges.insert(t);
            }
        }
        edges.extend(r.paths.iter().filter_map(|p| resolve(&all, m, p, &aliases)));
        edges.remove(m);
    }
    (long, graph)
}

/// A cycle of the graph, if there is one, as the modules along it.
fn cycle(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn walk(
        g: &BTreeMap<Module, BTreeSet<Module>>,
        m: &Module,
        stack: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(k) = stack.iter().position(|x| x == m) {
            return Some([&stack[k..], std::slice::from_ref(m)].concat());
        }
        if !done.insert(m.clone()) {
            return None;
        }
        stack.push(m.clone());
        let found = g.get(m).into_iter().flatten().find_map(|t| walk(g, t, stack, done));
        stack.pop();
        found
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|m| walk(graph, m, &mut Vec::new(), &mut done))
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

#[test]
fn no_function_is_longer_than_100_lines_and_no_module_loop() {
    let (long, graph) = shape(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{}", long.join("\n"));
    if let Some(c) = cycle(&graph) {
        panic!("import loop: {}", c.iter().map(name).collect::<Vec<_>>().join(" -> "));
    }
    // The layers: printing reads analysis, never the other way; the
    // automaton stages never read what comes after them.
    let uses = |a: &str, b: &str| {
        graph
            .iter()
            .any(|(m, ts)| m.first().is_some_and(|x| x == a) && ts.iter().any(|t| t.first().is_some_and(|x| x == b)))
    };
    assert!(uses("print", "analysis"));
    for (before, after) in
        [("analysis", "print"), ("tdfa", "analysis"), ("nfa", "tdfa"), ("abnf", "nfa"), ("tags", "nfa")]
    {
        assert!(!uses(before, after), "{before} uses {after}");
    }
}

/// The checks see what they look for: a loop through a child module's
/// path and a `use crate::...`, and a function one line too long.
#[test]
fn the_checks_find_a_loop_and_a_long_function() {
    let dir = std::env::temp_dir().join(format!("uriscan-codegen-shape-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("emit")).unwrap();
    let body = "    let _ = 1;\n".repeat(MAX_FN_LINES - 2);
    let files = [
        ("lib.rs", "pub mod emit;\npub mod registry;\npub struct Build;\npub fn f() { registry::g(); }\n".to_string()),
        ("registry.rs", "use crate::Build;\npub fn g() -> Option<Build> { None }\n".to_string()),
        (
            "emit/mod.rs",
            format!("pub mod ops;\npub fn fits() {{\n{body}}}\npub fn long() {{\n{body}    let _ = 2;\n}}\n"),
        ),
        (
            "emit/ops.rs",
            "use super::super::registry::g;\n#[cfg(test)]\nmod tests {\n    use crate::f;\n}\n".to_string(),
        ),
    ];
    for (f, text) in &files {
        std::fs::write(dir.join(f), text).unwrap();
    }
    let (long, graph) = shape(&dir);
    assert_eq!(long.len(), 1, "{long:?}");
    assert!(long[0].ends_with("fn long has 101 lines"), "{long:?}");
    let c = cycle(&graph).expect("lib -> registry -> lib");
    assert_eq!(c.iter().map(name).collect::<Vec<_>>(), ["crate", "registry", "crate"]);
    assert_eq!(graph[&vec!["emit".to_string(), "ops".to_string()]], BTreeSet::from([vec!["registry".to_string()]]));
    std::fs::remove_dir_all(&dir).unwrap();
}
