//! The public API holds to the naming rule of the crate docs (`src/lib.rs`,
//! "Naming"): every public signature under `src/` (and in the generated
//! registry) is read by a small parser and checked, so a new method that
//! breaks the rule fails here; `UriRef`'s methods live in `src/uri_ref/`,
//! whose module docs name every file; the `Syntax` variants are named by
//! the rule written in `grammar/rfc3986.tags`; and the public types can
//! cross threads.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One public function or method as written.
#[derive(Clone, Debug)]
struct Sig {
    /// `src/...` path and line, for messages.
    at: String,
    /// The type of the inherent `impl` block, `None` for a free function.
    owner: Option<String>,
    name: String,
    /// `self`, `&self`, `&mut self`, `mut self`, or `None`.
    receiver: Option<String>,
    /// The other parameters' types.
    params: Vec<String>,
    /// The return type, `()` when there is none.
    ret: String,
    /// Generic parameter -> its bounds (from `<...>` and `where`).
    bounds: BTreeMap<String, String>,
}

impl Sig {
    fn words(&self) -> Vec<&str> {
        self.name.split('_').collect()
    }

    fn id(&self) -> String {
        match &self.owner {
            Some(o) => format!("{o}::{} ({})", self.name, self.at),
            None => format!("{} ({})", self.name, self.at),
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`, sorted.
fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The sources the public API is written in: `src/` and the registry
/// `build.rs` generates (the methods of `Grammar` and `Syntax`).
fn sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rs_files(&root().join("src"), &mut files);
    let mut out: Vec<(String, String)> = files
        .iter()
        .map(|p| (p.strip_prefix(root()).unwrap().display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect();
    let registry = Path::new(env!("OUT_DIR")).join("registry.rs");
    out.push(("OUT_DIR/registry.rs".to_string(), std::fs::read_to_string(registry).unwrap()));
    out
}

/// The code of a file without its test module (which this code base keeps
/// last, after `#[cfg(test)]` or `#[cfg(all(test, ...))]`).
fn without_tests(text: &str) -> &str {
    let mut offset = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, l) in lines.iter().enumerate() {
        if (l.starts_with("#[cfg(test)]") || l.starts_with("#[cfg(all(test"))
            && lines.get(i + 1).is_some_and(|n| n.starts_with("mod "))
        {
            return &text[..offset];
        }
        offset += l.len();
    }
    text
}

/// The index just past the bracket that closes the one at `s[open]`
/// (`<`, `(` or `[`), counting all three kinds and skipping `->`.
fn close(s: &str, open: usize) -> usize {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' | b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    panic!("unbalanced brackets in {s:?}");
}

/// `s` split at its top-level commas, trimmed, empty pieces dropped.
fn split_top(s: &str) -> Vec<String> {
    let b = s.as_bytes();
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for i in 0..b.len() {
        match b[i] {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                out.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim().to_string());
    out.retain(|p| !p.is_empty());
    out
}

/// Parses `pub [const] fn NAME<...>(...) -> RET where ...` (the text up to
/// the body).
fn parse_sig(text: &str, owner: Option<&str>, at: String) -> Sig {
    let text = text.split('{').next().unwrap().trim_end().trim_end_matches(';');
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let start = text.find("fn ").unwrap() + 3;
    let name: String = text[start..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let mut i = start + name.len();
    let mut bounds = BTreeMap::new();
    let mut add_bounds = |list: &str| {
        for g in split_top(list) {
            if let Some((n, b)) = g.split_once(':') {
                let n = n.trim().trim_start_matches("const ").to_string();
                let e = bounds.entry(n).or_insert_with(String::new);
                e.push_str(b.trim());
                e.push(' ');
            }
        }
    };
    if text[i..].starts_with('<') {
        let j = close(&text, i);
        add_bounds(&text[i + 1..j - 1]);
        i = j;
    }
    assert!(text[i..].starts_with('('), "{at}: cannot read {text:?}");
    let j = close(&text, i);
    let mut receiver = None;
    let mut params = Vec::new();
    for p in split_top(&text[i + 1..j - 1]) {
        match p.split_once(':') {
            Some((_, t)) if !p.starts_with("self") => params.push(t.trim().to_string()),
            _ => receiver = Some(p),
        }
    }
    let rest = text[j..].trim();
    let (ret, where_) = match rest.strip_prefix("->") {
        Some(r) => match r.find(" where ") {
            Some(w) => (r[..w].trim(), &r[w + 7..]),
            None => (r.trim(), ""),
        },
        None => ("()", rest.strip_prefix("where").unwrap_or("")),
    };
    add_bounds(where_);
    Sig { at, owner: owner.map(str::to_string), name, receiver, params, ret: ret.to_string(), bounds }
}

/// The self type of an inherent `impl` line (`None` for a trait impl).
fn impl_type(line: &str) -> Option<String> {
    if line.contains(" for ") {
        return None;
    }
    let mut s = line.trim_start_matches("impl").trim();
    if s.starts_with('<') {
        s = s[close(s, 0)..].trim();
    }
    Some(s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect())
}

/// Every public function and method of the sources, and the types whose
/// inherent `impl` blocks hold them (file -> types).
fn public_api() -> (Vec<Sig>, BTreeMap<String, BTreeSet<String>>) {
    let mut sigs = Vec::new();
    let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, text) in sources() {
        let code = without_tests(&text);
        let lines: Vec<&str> = code.lines().collect();
        let mut owner: Option<String> = None;
        let mut in_accessors = false;
        let mut k = 0;
        while k < lines.len() {
            let line = lines[k];
            let at = format!("{file}:{}", k + 1);
            if line.starts_with("impl") {
                owner = impl_type(line);
                if let Some(o) = &owner {
                    impls.entry(file.clone()).or_default().insert(o.clone());
                }
            } else if line == "}" {
                owner = None;
            }
            let t = line.trim_start();
            // `UriBuf`'s accessors, written by a macro (src/owned.rs).
            if t.starts_with("accessors! {") {
                in_accessors = true;
            } else if in_accessors && t == "}" {
                in_accessors = false;
            } else if in_accessors {
                if let Some((name, rest)) = t.split_once(" -> ") {
                    let ret = rest.split(", \"").next().unwrap();
                    let text = format!("pub fn {name}(&self) -> {ret} {{");
                    sigs.push(parse_sig(&text, owner.as_deref(), at.clone()));
                }
            }
            let public = t.starts_with("pub fn ") || t.starts_with("pub const fn ");
            // A method is indented once inside its impl, a free function not at all.
            let indent = line.len() - t.len();
            if public && indent == if owner.is_some() { 4 } else { 0 } {
                let mut text = String::new();
                while !(lines[k].contains('{') || lines[k].trim_end().ends_with(';')) {
                    text.push_str(lines[k]);
                    text.push(' ');
                    k += 1;
                }
                text.push_str(lines[k]);
                let sig = parse_sig(&text, owner.as_deref(), at);
                if !sig.name.starts_with('$') {
                    sigs.push(sig);
                }
            }
            k += 1;
        }
    }
    (sigs, impls)
}

/// The names of the options types: public structs and enums named
/// `...Options` or `...Mode`.
fn options_types() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, text) in sources() {
        for l in without_tests(&text).lines() {
            for kw in ["pub struct ", "pub enum "] {
                if let Some(rest) = l.strip_prefix(kw) {
                    let n: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
                    if n.ends_with("Options") || n.ends_with("Mode") {
                        out.insert(n);
                    }
                }
            }
        }
    }
    out
}

/// What a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Input {
    Text,
    Bytes,
    /// Generic over `AsRef<[u8]>`: text or bytes.
    Either,
    OwnedString,
    /// A callback, an output buffer (`&mut`), or anything else.
    Other,
}

/// A type with its generic parameters replaced by their bounds.
fn expand(sig: &Sig, ty: &str) -> String {
    let mut out = String::new();
    for tok in ty.split_inclusive(|c: char| !(c.is_alphanumeric() || c == '_')) {
        let word = tok.trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '_'));
        match sig.bounds.get(word) {
            Some(b) => {
                out.push_str(b);
                out.push_str(&tok[word.len()..]);
            }
            None => out.push_str(tok),
        }
    }
    out
}

fn has_word(s: &str, w: &str) -> bool {
    s.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|x| x == w)
}

fn input(sig: &Sig, ty: &str) -> Input {
    if ty.starts_with("&mut") {
        return Input::Other;
    }
    let t = expand(sig, ty);
    if t.contains("Fn(") || t.contains("FnMut(") || t.contains("FnOnce(") || t.contains("Hasher") {
        Input::Other
    } else if t.contains("AsRef<[u8]>") {
        Input::Either
    } else if t.contains("[u8]") {
        Input::Bytes
    } else if has_word(&t, "String") {
        Input::OwnedString
    } else if has_word(&t, "str") {
        Input::Text
    } else {
        Input::Other
    }
}

/// `t` without leading `&`, `mut` and lifetimes.
fn strip_ref(t: &str) -> &str {
    let mut t = t.trim();
    loop {
        if let Some(r) = t.strip_prefix('&').or_else(|| t.strip_prefix("mut ")) {
            t = r.trim_start();
        } else if t.starts_with('\'') {
            t = t[t.find(' ').unwrap_or(t.len())..].trim_start();
        } else {
            return t;
        }
    }
}

/// What a function gives: its kind (`reference`, `text or bytes`, `Self`,
/// or a type name, `Byte`/`Bytes` taken out) and its error type.
fn output(sig: &Sig) -> (String, Option<String>) {
    let mut t = sig.ret.trim().to_string();
    let mut err = None;
    if let Some(inner) = t.strip_prefix("Result<") {
        let parts = split_top(&inner[..inner.len() - 1]);
        err = parts.get(1).cloned();
        t = parts[0].clone();
    }
    if let Some(inner) = t.strip_prefix("Option<") {
        t = inner[..inner.len() - 1].to_string();
    }
    let kind = if ["UriRef", "UriBuf", "UriCow"].iter().any(|r| has_word(&t, r)) {
        "reference".to_string()
    } else if has_word(&t, "str") || has_word(&t, "String") || t.contains("[u8]") || t.contains("Vec<u8>") {
        "text or bytes".to_string()
    } else {
        let path: String =
            strip_ref(&t).chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
        let head = path.rsplit("::").next().unwrap().to_string();
        if head == "Self" || sig.owner.as_deref() == Some(head.as_str()) {
            "Self".to_string()
        } else {
            head.replace("Bytes", "").replace("Byte", "")
        }
    };
    (kind, err)
}

/// Whether the return type is text (`str`, `String`, `Cow<str>`).
fn gives_text(sig: &Sig) -> bool {
    let t = &sig.ret;
    (has_word(t, "str") || has_word(t, "String")) && !t.contains("[u8]")
}

/// Whether the return type is new text (`String` or `Cow<str>`), not a
/// slice of what the value holds.
fn gives_new_text(sig: &Sig) -> bool {
    let t = &sig.ret;
    has_word(t, "String") || (t.contains("Cow<") && has_word(t, "str"))
}

/// The rule of the crate docs, on a list of signatures: every breach.
fn breaches(sigs: &[Sig], options: &BTreeSet<String>) -> Vec<String> {
    let mut bad = Vec::new();
    let is_options = |ty: &str| options.contains(ty.trim_start_matches('&'));
    for s in sigs {
        let words = s.words();
        // A conversion (`as_str`, `to_buf`, `into_string`) is named, as in
        // std, for what it gives: its first word is no marker.
        let conversion = ["as", "to", "into"].contains(&words[0]);
        let pos = |w: &str| {
            words.iter().skip(usize::from(conversion)).position(|x| *x == w).map(|k| k + usize::from(conversion))
        };
        let inputs: Vec<Input> = s.params.iter().map(|p| input(s, p)).collect();
        let bytes_type = s.owner.as_deref().is_some_and(|o| o.contains("Byte"));
        // Input.
        if pos("bytes").is_some() && !conversion {
            if !inputs.contains(&Input::Bytes) || inputs.contains(&Input::Text) {
                bad.push(format!("{}: `_bytes` but its input is not `&[u8]` items", s.id()));
            }
        } else if inputs.contains(&Input::Bytes) && !bytes_type {
            bad.push(format!("{}: takes bytes without `_bytes` in its name", s.id()));
        }
        if inputs.contains(&Input::OwnedString) && pos("string").is_none()
            || pos("string").is_some() && !conversion && !inputs.contains(&Input::OwnedString)
        {
            bad.push(format!("{}: `_string` exactly when it takes an owned `String`", s.id()));
        }
        // Suffix order: input marker, `_each`, output marker, `_with`.
        if let Some(e) = pos("each") {
            if pos("bytes").is_some_and(|b| b > e) || pos("string").is_some_and(|b| b > e) {
                bad.push(format!("{}: the input marker comes before `_each`", s.id()));
            }
            if pos("str").is_some_and(|b| b < e) || pos("into").is_some_and(|b| b < e) {
                bad.push(format!("{}: `_each` comes before the output marker", s.id()));
            }
        }
        if pos("with").is_some_and(|w| w + 1 != words.len()) {
            bad.push(format!("{}: `_with` comes last", s.id()));
        }
        // Output.
        if pos("str").is_some() && !gives_text(s) {
            bad.push(format!("{}: `_str` but gives no text ({})", s.id(), s.ret));
        }
        let makes_references = ["UriRef", "UriBuf", "UriCow", "Builder", "Resolver", "Match"];
        if s.owner.as_deref().is_some_and(|o| makes_references.contains(&o))
            && gives_new_text(s)
            && pos("str").is_none()
            && pos("string").is_none()
        {
            bad.push(format!("{}: gives text ({}) without `_str`", s.id(), s.ret));
        }
        if pos("into").is_some() && !s.params.iter().any(|p| p.starts_with("&mut String")) {
            bad.push(format!("{}: `_into` without a `&mut String` to write into", s.id()));
        }
        // Options.
        let takes: Vec<usize> = (0..s.params.len()).filter(|&k| is_options(&s.params[k])).collect();
        if pos("with").is_some() {
            if takes.len() != 1 || takes[0] + 1 != s.params.len() {
                bad.push(format!("{}: `_with` takes exactly one options value, last", s.id()));
            } else {
                let plain = s.name.trim_end_matches("_with");
                let sibling = sigs.iter().any(|o| {
                    o.owner == s.owner
                        && o.name == plain
                        && (o.owner.is_some() || o.at.split(':').next() == s.at.split(':').next())
                        && o.params == s.params[..s.params.len() - 1]
                });
                if !sibling {
                    bad.push(format!("{}: no `{plain}` beside it with the same arguments but the options", s.id()));
                }
            }
        } else if !takes.is_empty() {
            bad.push(format!("{}: takes an options value without `_with`", s.id()));
        }
    }
    // Same name, same kind of result (builder setters left out).
    let mut by_name: BTreeMap<&str, Vec<&Sig>> = BTreeMap::new();
    for s in sigs {
        let setter = matches!(s.receiver.as_deref(), Some("self" | "mut self")) && output(s).0 == "Self";
        if !setter {
            by_name.entry(&s.name).or_default().push(s);
        }
    }
    for (name, group) in by_name {
        let kinds: BTreeSet<String> = group.iter().map(|s| output(s).0).collect();
        if kinds.len() > 1 {
            let all: Vec<String> = group.iter().map(|s| format!("{} -> {}", s.id(), s.ret)).collect();
            bad.push(format!("`{name}` gives different kinds of results: {all:?}"));
        }
        let errors: BTreeSet<String> = group.iter().filter_map(|s| output(s).1).collect();
        if errors.len() > 1 {
            bad.push(format!("`{name}` fails with different error types: {errors:?}"));
        }
    }
    bad
}

#[test]
fn the_public_api_follows_the_naming_rule() {
    let (sigs, _) = public_api();
    // The reader sees the API: the parse entry points, the generated
    // methods, the macro-written accessors, free functions.
    let names: BTreeSet<String> =
        sigs.iter().map(|s| format!("{}::{}", s.owner.as_deref().unwrap_or(""), s.name)).collect();
    for n in [
        "Syntax::parse_bytes_each",
        "Syntax::validate_bytes",
        "Syntax::rule",
        "UriBuf::port_value",
        "UriRef::resolve_into_with",
        "::decode_form_str_lossy",
    ] {
        assert!(names.contains(n), "{n} not read: {names:?}");
    }
    assert!(sigs.len() > 200, "{}", sigs.len());
    let options = options_types();
    assert_eq!(options, ["InetAtonOptions", "NormalizeOptions", "ResolveMode"].map(String::from).into_iter().collect(),);
    let bad = breaches(&sigs, &options);
    assert!(bad.is_empty(), "names that break the rule of the crate docs (\"Naming\"):\n{}", bad.join("\n"));
}

/// Each part of the rule fails on a signature that breaks it (so the test
/// above cannot pass by reading nothing).
#[test]
fn the_check_fails_on_names_that_break_the_rule() {
    let (sigs, _) = public_api();
    let options = options_types();
    let with = |extra: &str, owner: Option<&str>| {
        let mut v = sigs.clone();
        v.push(parse_sig(extra, owner, "test".to_string()));
        breaches(&v, &options)
    };
    let cases: [(&str, Option<&str>, &str); 13] = [
        // Bytes without `_bytes` (the old `Syntax::validate`).
        ("pub fn validate(self, input: &[u8]) -> Result<(), ParseError> {", Some("Syntax"), "without `_bytes`"),
        // `_bytes` on text.
        ("pub fn split_bytes_x(input: &str) -> Components<'_> {", None, "`_bytes` but"),
        // Batch items that are bytes, under the plain name.
        (
            "pub fn check_each<'a, I>(self, inputs: I) where I: IntoIterator<Item = &'a [u8]>, {",
            Some("Syntax"),
            "without `_bytes`",
        ),
        // The input marker after `_each`.
        (
            "pub fn scan_each_bytes<'a, I: IntoIterator<Item = &'a [u8]>>(self, inputs: I) {",
            Some("Syntax"),
            "before `_each`",
        ),
        // `_with` naming a syntax (the old `UriBuf::from_string_with`).
        (
            "pub fn from_string_with(input: String, syntax: Syntax) -> Result<UriBuf, FromStringError> {",
            Some("UriBuf"),
            "exactly one options value, last",
        ),
        // An owned `String` taken without `_string`.
        (
            "pub fn parse_owned(self, input: String) -> Result<UriBuf, FromStringError> {",
            Some("Syntax"),
            "`_string` exactly",
        ),
        // Options not last (the old `normalized_hash`), and without a sibling.
        (
            "pub fn normalized_hush_with<H: Hasher>(&self, opts: NormalizeOptions, state: &mut H) {",
            Some("UriRef"),
            "exactly one options value, last",
        ),
        (
            "pub fn normalize_iri_x_with(&self, opts: NormalizeOptions) -> Cow<'a, str> {",
            Some("UriRef"),
            "no `normalize_iri_x`",
        ),
        // Options without `_with` (the old `iri_eq`).
        (
            "pub fn iri_eq2(&self, other: &UriRef<'_>, opts: NormalizeOptions) -> bool {",
            Some("UriRef"),
            "without `_with`",
        ),
        // Same name, other kind (the old `Resolver::resolve`, `iri::to_uri`).
        (
            "pub fn resolve(&mut self, reference: &UriRef<'_>) -> &str {",
            Some("Resolver"),
            "`resolve` gives different kinds",
        ),
        ("pub fn to_uri(iri: &str) -> Cow<'_, str> {", None, "`to_uri` gives different kinds"),
        // Same name, other error (the old `Resolver::resolve_str`).
        (
            "pub fn resolve_str(&mut self, reference: &str) -> Result<&str, ParseError> {",
            Some("Resolver"),
            "`resolve_str` fails with different error types",
        ),
        // Text without `_str` (the old `Builder::build`).
        ("pub fn build2(&self) -> Result<String, BuildError> {", Some("Builder"), "without `_str`"),
    ];
    for (sig, owner, want) in cases {
        let bad = with(sig, owner);
        assert!(bad.iter().any(|b| b.contains(want)), "{sig}: {want:?} not in {bad:?}");
    }
    // And a name that keeps the rule passes.
    assert!(with("pub fn parse_bytes_each2<'a, I: IntoIterator<Item = &'a [u8]>>(self, inputs: I) {", Some("Syntax"))
        .is_empty());
}

/// `UriRef`'s inherent methods are all in `src/uri_ref/`, whose module
/// docs name each of its files.
#[test]
fn uri_ref_methods_live_in_their_folder() {
    let (sigs, impls) = public_api();
    let outside: Vec<&String> = impls
        .iter()
        .filter(|(f, types)| types.contains("UriRef") && !f.starts_with("src/uri_ref/"))
        .map(|(f, _)| f)
        .collect();
    assert!(outside.is_empty(), "`impl UriRef` blocks outside src/uri_ref/: {outside:?}");
    let methods = sigs.iter().filter(|s| s.owner.as_deref() == Some("UriRef")).count();
    assert!(methods > 50, "{methods}");
    let dir = root().join("src/uri_ref");
    let files: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f != "mod.rs")
        .collect();
    let docs = std::fs::read_to_string(dir.join("mod.rs")).unwrap();
    let listed: BTreeSet<String> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//! - `"))
        .map(|l| l.split('`').next().unwrap().to_string())
        .collect();
    assert_eq!(listed, files, "the list in src/uri_ref/mod.rs and the folder's files");
    // Each file holds the methods of its topic (and nothing but impl blocks
    // of UriRef and, for a repeated operation, UriBuf).
    for (f, types) in &impls {
        if f.starts_with("src/uri_ref/") {
            assert!(types.iter().all(|t| ["UriRef", "UriBuf", "Syntax"].contains(&t.as_str())), "{f}: {types:?}");
        }
    }
}

/// The `Syntax` variants follow the rule of `grammar/rfc3986.tags`: the
/// rule's words (split at `-`) in UpperCamelCase, the grammar's name before
/// it only when an earlier grammar of the build list has an entry of that
/// name.
#[test]
fn syntax_variants_are_named_by_their_rule() {
    fn camel(rule: &str) -> String {
        rule.split('-')
            .map(|w| {
                let w = w.to_ascii_lowercase();
                let mut c = w.chars();
                c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
            })
            .collect()
    }
    let mut taken = BTreeSet::new();
    let mut seen = 0;
    for b in uriscan_codegen::URISCAN_BUILDS {
        let text = std::fs::read_to_string(root().join("grammar").join(b.tags)).unwrap();
        let grammar = text.lines().find_map(|l| l.strip_prefix("grammar")).unwrap().split_whitespace().next().unwrap();
        let mut mine = Vec::new();
        for l in text.lines().filter(|l| l.starts_with("entry ")) {
            let f: Vec<&str> = l.split_whitespace().collect();
            let plain = camel(f[2]);
            let want = if taken.contains(&plain) { format!("{grammar}{plain}") } else { plain.clone() };
            assert_eq!(f[1], want, "grammar/{}: the entry of rule {}", b.tags, f[2]);
            mine.push(plain);
            seen += 1;
        }
        taken.extend(mine);
    }
    assert!(seen >= 12, "{seen}");
    // The checker's rule itself, on the cases the docs name.
    assert_eq!(camel("absolute-URI"), "AbsoluteUri");
    assert_eq!(camel("irelative-ref"), "IrelativeRef");
    assert_eq!(camel("fragmentaddress"), "Fragmentaddress");
    // The runtime has the variants the tags files name.
    use uriscan::Syntax;
    assert_eq!(Syntax::Rfc2396UriReference.rule(), "URI-reference");
    assert_eq!(Syntax::Fragmentaddress.rule(), "fragmentaddress");
}

/// Every public type can cross threads (a compile-time check).
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<uriscan::UriRef<'static>>();
    send_sync::<uriscan::UriBuf>();
    send_sync::<uriscan::UriCow<'static>>();
    send_sync::<uriscan::FromStringError>();
    send_sync::<uriscan::ParseError>();
    send_sync::<uriscan::ErrorKind>();
    send_sync::<uriscan::HostKind>();
    send_sync::<uriscan::Port>();
    send_sync::<uriscan::Syntax>();
    send_sync::<uriscan::Grammar>();
    send_sync::<uriscan::UnknownName>();
    send_sync::<uriscan::Components<'static>>();
    send_sync::<uriscan::ByteComponents<'static>>();
    send_sync::<uriscan::ResolveError>();
    send_sync::<uriscan::ResolveMode>();
    send_sync::<uriscan::Resolver<'static>>();
    send_sync::<uriscan::RelativizeError>();
    send_sync::<uriscan::NormalizeOptions>();
    send_sync::<uriscan::Builder<'static>>();
    send_sync::<uriscan::BuildError>();
    send_sync::<uriscan::PathSegments<'static>>();
    send_sync::<uriscan::QueryPairs<'static>>();
    send_sync::<uriscan::Lenient<'static>>();
    send_sync::<uriscan::Extractor>();
    send_sync::<uriscan::Match<'static>>();
    send_sync::<uriscan::security::InetAtonOptions>();
};
