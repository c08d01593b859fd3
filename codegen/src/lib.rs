//! The grammar compiler behind uriscan: ABNF text in, Rust tables out.
//!
//! A pure function from files to source text: an RFC 5234 ABNF parser
//! ([`abnf`]), the tags file that says which rules are entry points,
//! captures, marks and error contexts ([`config`]), a tagged Thompson NFA
//! ([`nfa`]), a tagged DFA with leftmost-first priorities, minimized, with
//! merged byte classes ([`tdfa`]), and the emitted tables ([`emit`]) and the registry of grammars
//! ([`registry`]), laid
//! out as the [`uriscan_layout`] crate defines (the walker reads them with
//! the same crate). `uriscan`'s `build.rs` calls [`generate`]; tests and
//! tools call [`load`] to get at the intermediate stages.
//!
//! ```
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
//! let out = uriscan_codegen::generate(&dir, "digits.tags", &uriscan_codegen::Options::default()).unwrap();
//! assert!(out.automaton.starts_with("// DO NOT EDIT."));
//! assert!(out.automaton.contains("impl uriscan_layout::Tables for Tables {"));
//! ```

pub mod abnf;
pub mod byteset;
pub mod config;
pub mod emit;
pub mod nfa;
pub mod regex;
pub mod registry;
pub mod schemes;
pub mod tdfa;
pub mod utf8;

use std::path::Path;

/// A grammar loaded and checked: its tags file, its rules, and one trimmed
/// NFA per entry, in the tags file's order (what [`tdfa::build`] takes).
pub struct Loaded {
    /// The parsed tags file (captures in slot order when [`Options::capture_slots`]
    /// was given, marks outermost first).
    pub config: config::Config,
    /// The merged ABNF rules of the tags file's `files`.
    pub grammar: abnf::Grammar,
    /// One NFA per entry rule, trimmed so that every state can still accept.
    pub nfas: Vec<nfa::Nfa>,
    /// `grammar/NAME` of every file read, the tags file first.
    pub inputs: Vec<String>,
    /// The text of every file read, in the order of `inputs`.
    pub texts: Vec<String>,
}

/// How a grammar is compiled.
#[derive(Clone, Debug, Default)]
pub struct Options<'a> {
    /// When not empty: the captures' names in the order every grammar must
    /// use (capture `i` is always slot `i`); a capture this grammar lacks is
    /// a slot that is never set, and a capture not listed is an error.
    pub capture_slots: &'a [&'a str],
}

/// The order of every URI grammar's captures in uriscan: capture `i` is
/// slot `i` in each automaton (a grammar without a component leaves its
/// slot unset), so the runtime reads all of them the same way; the
/// registry checks at compile time that each grammar's `CAP_*` constants
/// agree.
pub const URI_CAPTURE_SLOTS: &[&str] =
    &["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/// What a grammar of the registry is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A URI syntax: its entries are parse syntaxes (the runtime's
    /// `Syntax`), its captures in the [`URI_CAPTURE_SLOTS`].
    Syntax,
    /// A split with captures of its own, read by its own code (Appendix B).
    Split,
}

/// One grammar that uriscan's `build.rs` compiles: a tags file in
/// `grammar/` (which names the grammar, its ABNF files and its entries).
#[derive(Clone, Debug)]
pub struct Build {
    /// The tags file in `grammar/`.
    pub tags: &'static str,
    /// What it is for.
    pub role: Role,
    /// The cargo feature of `uriscan` that the grammar needs, if any.
    pub feature: Option<&'static str>,
}

impl Build {
    /// A URI syntax.
    pub const fn syntax(tags: &'static str) -> Build {
        Build { tags, role: Role::Syntax, feature: None }
    }

    /// The stem of the generated files and the module name: the tags file's
    /// name without `.tags`, `-` as `_` (`appendix-b.tags` -> `appendix_b`).
    pub fn stem(&self) -> String {
        self.tags.trim_end_matches(".tags").replace('-', "_")
    }

    /// How it is compiled.
    pub fn options(&self) -> Options<'static> {
        match self.role {
            Role::Syntax => Options { capture_slots: URI_CAPTURE_SLOTS },
            Role::Split => Options { capture_slots: &[] },
        }
    }
}

/// Every grammar uriscan compiles, in the order of the runtime's `Grammar`
/// (the first is the default). Adding a grammar is adding its `.abnf` and
/// `.tags` files to `grammar/` and a line here; the registry
/// ([`registry`]) gives the runtime its tables, its `Grammar` variant and
/// a `Syntax` per entry.
pub const URISCAN_BUILDS: [Build; 6] = [
    Build::syntax("rfc3986.tags"),
    Build::syntax("rfc2396.tags"),
    Build::syntax("rfc1630.tags"),
    // RFC 3987's IRIs: the code points of `ucschar` and `iprivate` as UTF-8.
    Build::syntax("rfc3987.tags"),
    // Appendix B's split has its own five captures, read by its own code.
    Build { tags: "appendix-b.tags", role: Role::Split, feature: None },
    // The demonstration grammar of tests/registry.rs.
    Build { tags: "tiny.tags", role: Role::Syntax, feature: Some("tiny-grammar") },
];

/// What the generator produced for one grammar.
pub struct Output {
    /// The automaton module (`include!`d by the runtime).
    pub automaton: String,
    /// Byte-set constants, one per rule that matches single bytes.
    pub sets: String,
    /// Sizes, for the build report.
    pub report: emit::Report,
    /// One anchored regular expression per entry rule, written out from the
    /// ABNF independently of the automaton (for the validity oracle).
    pub regexes: String,
    /// Files read (for `cargo:rerun-if-changed`), as `grammar/NAME`.
    pub inputs: Vec<String>,
    /// What the registry needs of the grammar (its name, title, entries).
    pub grammar: registry::Entry,
}

/// Reads the tags file `dir/tags_name` and the grammar files it names,
/// checks them, and builds one trimmed NFA per entry. Errors are
/// `grammar/FILE:LINE:COL: message` lines, all of them.
pub fn load(dir: &Path, tags_name: &str, options: &Options) -> Result<Loaded, Vec<String>> {
    let rel = |n: &str| format!("grammar/{}", n);
    let read =
        |n: &str| std::fs::read_to_string(dir.join(n)).map_err(|e| vec![format!("{}: cannot read: {}", rel(n), e)]);
    let strings = |d: Vec<abnf::Diagnostic>| d.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let tags_text = read(tags_name)?;
    let mut cfg = config::parse(&rel(tags_name), &tags_text).map_err(strings)?;
    let mut inputs = vec![rel(tags_name)];
    let mut texts = vec![tags_text];
    for f in &cfg.files {
        inputs.push(rel(f));
        texts.push(read(f)?);
    }
    let files: Vec<(&str, &str)> = inputs[1..].iter().zip(&texts[1..]).map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let g = abnf::Grammar::load_with(&files, cfg.encoding, &cfg.exclude).map_err(strings)?;
    if !options.capture_slots.is_empty() {
        order_captures(&mut cfg, options.capture_slots).map_err(|e| vec![format!("{}: {}", rel(tags_name), e)])?;
    }
    order_marks(&mut cfg, &g);
    let mut nfas = Vec::new();
    for (_, rule) in &cfg.entries {
        let mut n = nfa::build(&g, &cfg, rule)?;
        n.trim();
        nfas.push(n);
    }
    Ok(Loaded { config: cfg, grammar: g, nfas, inputs, texts })
}

/// Puts the captures in slot order, with an empty capture (one no rule
/// sets) for each slot the grammar lacks.
fn order_captures(cfg: &mut config::Config, slots: &[&str]) -> Result<(), String> {
    if let Some((extra, _)) = cfg.captures.iter().find(|(n, _)| !slots.contains(&n.as_str())) {
        return Err(format!("capture '{}' has no slot (slots: {})", extra, slots.join(" ")));
    }
    let mut ordered = Vec::new();
    for s in slots {
        let rules = cfg.captures.iter().find(|(n, _)| n == s).map(|(_, r)| r.clone()).unwrap_or_default();
        ordered.push((s.to_string(), rules));
    }
    cfg.captures = ordered;
    Ok(())
}

/// Orders the marks so that a mark whose rules can contain another mark's
/// rules comes first (an `IPv6address` holds an `IPv4address` in its
/// `ls32`), keeping the tags file's order otherwise. Marks that match at
/// the same time are nested, and the outermost names the match, so the
/// runtime takes the first mark that is set.
fn order_marks(cfg: &mut config::Config, g: &abnf::Grammar) {
    let contains = |outer: &[String], inner: &[String]| {
        outer.iter().any(|o| inner.iter().any(|i| o != i && abnf_reaches(g, o, i)))
    };
    let mut rest = std::mem::take(&mut cfg.marks);
    while !rest.is_empty() {
        let pick = (0..rest.len())
            .find(|&k| !rest.iter().enumerate().any(|(j, m)| j != k && contains(&m.1, &rest[k].1)))
            .unwrap_or(0);
        cfg.marks.push(rest.remove(pick));
    }
}

/// Whether rule `from`'s expansion refers to rule `to`, directly or not.
fn abnf_reaches(g: &abnf::Grammar, from: &str, to: &str) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![from.to_ascii_lowercase()];
    while let Some(r) = todo.pop() {
        if !seen.insert(r.clone()) {
            continue;
        }
        let Some(rule) = g.rule(&r) else { continue };
        for (n, _) in abnf::refs(&rule.expr) {
            if n.eq_ignore_ascii_case(to) {
                return true;
            }
            todo.push(n.to_ascii_lowercase());
        }
    }
    false
}

/// Compiles the grammar described by the tags file `dir/tags_name`.
/// Errors are `grammar/FILE:LINE:COL: message` lines, all of them.
pub fn generate(dir: &Path, tags_name: &str, options: &Options) -> Result<Output, Vec<String>> {
    let l = load(dir, tags_name, options)?;
    let d = tdfa::build(&l.nfas);
    let hashed: Vec<&str> = l.texts.iter().map(String::as_str).collect();
    let header = format!(
        "// DO NOT EDIT. Generated by uriscan-codegen (codegen/, run by build.rs) from {}.\n// Input hash (FNV-1a 64 over those files): {:016x}\n\n",
        l.inputs.join(", "),
        emit::fnv1a64(&hashed)
    );
    let (automaton, report) = emit::automaton(&header, &l.config, &d).map_err(|e| vec![e])?;
    let sets = emit::byte_sets(&header, &l.grammar);
    let regexes = regex::emit(&header, &l.config, &l.grammar);
    let grammar = registry::Entry::new(&l.config, &l.grammar);
    Ok(Output { automaton, sets, report, regexes, inputs: l.inputs, grammar })
}

/// What [`build_all`] produced.
pub struct Built {
    /// `(file name, text)`: per grammar `STEM_dfa.rs`, `STEM_sets.rs`,
    /// `STEM_regex.rs` and `STEM_report.txt`, then `registry.rs` and
    /// `schemes.rs`.
    pub files: Vec<(String, String)>,
    /// Every file read, as `grammar/NAME`, sorted.
    pub inputs: Vec<String>,
}

/// Everything `build.rs` writes for a list of grammars. Errors are
/// `grammar/FILE:LINE:COL: message` lines, all of them, from every grammar.
pub fn build_all(dir: &Path, builds: &[Build]) -> Result<Built, Vec<String>> {
    let mut files = Vec::new();
    let mut inputs = Vec::new();
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for b in builds {
        let stem = b.stem();
        let t0 = std::time::Instant::now();
        match generate(dir, b.tags, &b.options()) {
            Ok(o) => {
                let r = &o.report;
                let report = format!(
                    "{}: {} states ({} before minimization), {} byte classes, {} registers, {} accelerated states, {} triplet states, ~{} table bytes, generated in {:?}\n",
                    stem, r.states, r.unminimized, r.classes, r.registers, r.accelerated, r.triplet_states, r.table_bytes, t0.elapsed()
                );
                files.push((format!("{stem}_dfa.rs"), o.automaton));
                files.push((format!("{stem}_sets.rs"), o.sets));
                files.push((format!("{stem}_regex.rs"), o.regexes));
                files.push((format!("{stem}_report.txt"), report));
                inputs.extend(o.inputs);
                entries.push((b.clone(), o.grammar));
            }
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    files.push(("registry.rs".to_string(), registry::emit(&entries)?));
    files.push(("schemes.rs".to_string(), schemes::emit_scheme_table()));
    inputs.sort();
    inputs.dedup();
    Ok(Built { files, inputs })
}
