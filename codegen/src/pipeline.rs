//! The generator's pipeline, one grammar at a time: read the tags file and
//! the ABNF, build the NFAs ([`load`]), determinize, analyse and print
//! ([`generate`]); and every grammar of a list with the registry
//! ([`build_all`]).

use crate::abnf::{Diagnostic, Grammar};
use crate::analysis::automaton::{AutomatonTables, Report};
use crate::analysis::byte_sets::byte_sets;
use crate::analysis::regex::entry_regexes;
use crate::analysis::registry::{Entry, Registry};
use crate::builds::{Build, Options, URISCAN_BUILDS};
use crate::tags::{self, Tags};
use crate::{nfa, print, schemes, tdfa};
use std::path::Path;

/// A grammar loaded and checked: its tags file, its rules, and one trimmed
/// NFA per entry, in the tags file's order (what [`tdfa::build`] takes).
pub struct Loaded {
    /// The parsed tags file (captures in slot order when
    /// [`Options::capture_slots`] was given, marks outermost first).
    pub tags: Tags,
    /// The merged ABNF rules of the tags file's `files`.
    pub grammar: Grammar,
    /// One NFA per entry rule, trimmed so that every state can still accept.
    pub nfas: Vec<nfa::Nfa>,
    /// `grammar/NAME` of every file read, the tags file first.
    pub inputs: Vec<String>,
    /// The text of every file read, in the order of `inputs`.
    pub texts: Vec<String>,
}

/// What the generator produced for one grammar.
pub struct Output {
    /// The automaton module (`include!`d by the runtime).
    pub automaton: String,
    /// The validator: the automaton without tags, for validation only.
    pub validator: String,
    /// The validator's sizes.
    pub validator_report: Report,
    /// Byte-set constants, one per rule that matches single bytes.
    pub sets: String,
    /// Sizes, for the build report.
    pub report: Report,
    /// One anchored regular expression per entry rule, written out from the
    /// ABNF independently of the automaton (for the validity oracle).
    pub regexes: String,
    /// Files read (for `cargo:rerun-if-changed`), as `grammar/NAME`.
    pub inputs: Vec<String>,
    /// What the registry needs of the grammar (its name, title, entries).
    pub grammar: Entry,
}

/// The grammar `tags_name` of [`URISCAN_BUILDS`],
/// loaded as `build.rs` loads it (with its build's options), for tools
/// and tests that look at the intermediate stages. An error line too when
/// the list has no such grammar.
///
/// ```
/// let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar");
/// let l = uriscan_codegen::load_build(&dir, "rfc3986.tags").unwrap();
/// let d = uriscan_codegen::tdfa::build(&l.nfas);
/// assert!(d.states.len() > 100);
/// assert!(uriscan_codegen::load_build(&dir, "nope.tags").is_err());
/// ```
pub fn load_build(dir: &Path, tags_name: &str) -> Result<Loaded, Vec<String>> {
    let build = URISCAN_BUILDS
        .iter()
        .find(|b| b.tags == tags_name)
        .ok_or_else(|| vec![format!("{tags_name}: not a grammar of URISCAN_BUILDS")])?;
    load(dir, tags_name, &build.options())
}

/// Reads the tags file `dir/tags_name` and the grammar files it names,
/// checks them, and builds one trimmed NFA per entry. Errors are
/// `grammar/FILE:LINE:COL: message` lines, all of them.
pub fn load(dir: &Path, tags_name: &str, options: &Options) -> Result<Loaded, Vec<String>> {
    let rel = |n: &str| format!("grammar/{}", n);
    let read =
        |n: &str| std::fs::read_to_string(dir.join(n)).map_err(|e| vec![format!("{}: cannot read: {}", rel(n), e)]);
    let strings = |d: Vec<Diagnostic>| d.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let tags_text = read(tags_name)?;
    let mut tags = tags::parse(&rel(tags_name), &tags_text).map_err(strings)?;
    let mut inputs = vec![rel(tags_name)];
    let mut texts = vec![tags_text];
    for f in &tags.files {
        inputs.push(rel(f));
        texts.push(read(f)?);
    }
    let files: Vec<(&str, &str)> = inputs[1..].iter().zip(&texts[1..]).map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let g = Grammar::load_with(&files, tags.encoding, &tags.exclude).map_err(strings)?;
    if !options.capture_slots.is_empty() {
        tags.order_captures(options.capture_slots).map_err(|e| vec![format!("{}: {}", rel(tags_name), e)])?;
    }
    tags.order_marks(&g);
    let mut nfas = Vec::new();
    for (_, rule) in &tags.entries {
        let mut n = nfa::build(&g, &tags, rule)?;
        n.trim();
        nfas.push(n);
    }
    Ok(Loaded { tags, grammar: g, nfas, inputs, texts })
}

/// FNV-1a, 64 bits: names the inputs in the generated file's header.
pub fn fnv1a64(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in p.as_bytes().iter().chain(std::iter::once(&0u8)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Compiles the grammar described by the tags file `dir/tags_name`.
/// Errors are `grammar/FILE:LINE:COL: message` lines, all of them.
pub fn generate(dir: &Path, tags_name: &str, options: &Options) -> Result<Output, Vec<String>> {
    let l = load(dir, tags_name, options)?;
    let hashed: Vec<&str> = l.texts.iter().map(String::as_str).collect();
    let header = print::header(&l.inputs, fnv1a64(&hashed));
    let tables = AutomatonTables::new(&l.tags, &tdfa::build(&l.nfas)).map_err(|e| vec![e])?;
    let valid = validator(&l)?;
    Ok(Output {
        automaton: print::automaton::automaton(&header, &tables),
        validator: print::automaton::automaton(&header, &valid),
        validator_report: valid.report,
        sets: print::byte_sets::byte_sets(&header, &byte_sets(&l.grammar)),
        report: tables.report,
        regexes: print::regex::entry_regexes(&header, &entry_regexes(&l.tags, &l.grammar)),
        grammar: Entry::new(&l.tags, &l.grammar),
        inputs: l.inputs,
    })
}

/// The validator of a loaded grammar: its automaton determinized with the
/// tags left out (the same NFAs, whose tag states are then plain epsilon
/// moves), so without tag operations and registers, and minimized on its
/// own (states that differed only in their tags merge). The DFA states hold
/// the same NFA threads as the tagged automaton's, so its walk stops at the
/// same byte with the same context and accepts the same inputs.
fn validator(l: &Loaded) -> Result<AutomatonTables, Vec<String>> {
    let plain = Tags { captures: Vec::new(), marks: Vec::new(), ..l.tags.clone() };
    let nfas: Vec<nfa::Nfa> = l.nfas.iter().map(|n| nfa::Nfa { ntags: 0, ..n.clone() }).collect();
    AutomatonTables::new(&plain, &tdfa::build(&nfas)).map_err(|e| vec![e])
}

/// What [`build_all`] produced.
pub struct Built {
    /// `(file name, text)`: per grammar `STEM_dfa.rs`, `STEM_valid.rs`, `STEM_sets.rs`,
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
                let report = print::report::report(&stem, &o.report, &o.validator_report, t0.elapsed());
                files.push((format!("{stem}_dfa.rs"), o.automaton));
                files.push((format!("{stem}_valid.rs"), o.validator));
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
    files.push(("registry.rs".to_string(), print::registry::registry(&Registry::new(&entries)?)));
    files.push(("schemes.rs".to_string(), schemes::emit_scheme_table()));
    inputs.sort();
    inputs.dedup();
    Ok(Built { files, inputs })
}
