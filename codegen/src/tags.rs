//! Tags files (`grammar/*.tags`): what the generator makes of a grammar.
//! One small line-oriented file beside each grammar names the grammar, its
//! ABNF files and its entry rules, and the rules that are component
//! boundaries (captures), alternatives to report (marks) and error
//! contexts. The generator knows ABNF only; everything it knows about a
//! particular RFC is in its tags file.
//!
//! One directive a line, words separated by blanks, `#` to the end of the
//! line a comment:
//!
//! | directive | meaning |
//! | --- | --- |
//! | `grammar NAME TITLE...` | the grammar's name in the registry (its variant of the runtime's `Grammar`, a Rust identifier) and a one-line title for its docs |
//! | `files FILE...` | the ABNF files, merged in order (`core.abnf`, RFC 5234's core rules, second) |
//! | `types CONTEXT ROOT MARK` | the runtime's Rust types of error contexts and marks, and the context outside all others (`ErrorKind Reference HostKind` for a URI syntax) |
//! | `entry NAME RULE` | an entry point: a `Syntax` variant for a URI syntax; the first is the reference rule |
//! | `capture NAME RULE...` | record where each outermost occurrence of a RULE starts and ends |
//! | `mark NAME RULE...` | record that a RULE matched (which alternative won); when marks nest, the outermost names the match |
//! | `context NAME RULE...` | a failing byte inside a RULE is reported "in NAME" (a variant of the context type) |
//! | `encoding bytes` or `encoding utf-8` | numeric values are bytes (the default) or code points matched as UTF-8 |
//! | `exclude %xLO-HI...` | code points no numeric value matches (with `encoding utf-8` only) |
//!
//! `entry` and `types` are required; every problem is reported as
//! `FILE:LINE:COL: message`, all of them.
//!
//! ```
//! let text = "grammar Demo A demonstration.\nfiles demo.abnf\ntypes K Root M\nentry Top top\ncapture word w\n";
//! let tags = uriscan_codegen::tags::parse("demo.tags", text).unwrap();
//! assert_eq!(tags.entries, [("Top".to_string(), "top".to_string())]);
//! let e = uriscan_codegen::tags::parse("demo.tags", "entry Top\n").unwrap_err();
//! assert_eq!(e[0].to_string(), "demo.tags:1:1: wrong number of arguments for 'entry'");
//! ```

use super::abnf::{Diagnostic, Encoding, Grammar, Pos};

/// A parsed `.tags` file.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    /// `grammar NAME TITLE...`: the grammar's name in the registry (a Rust
    /// identifier, the variant of the runtime's `Grammar`) and a one-line
    /// title for its documentation.
    pub grammar: Option<(String, String)>,
    /// Grammar files, relative to the tags file's directory.
    pub files: Vec<String>,
    /// Rust type names for contexts and marks.
    pub context_type: String,
    /// The context reported when no declared context encloses the failure.
    pub root_context: String,
    pub mark_type: String,
    /// `(name, rule)` entry points, in order.
    pub entries: Vec<(String, String)>,
    /// `(name, rules)` captures, in order; capture `i` owns tags `2i` (start) and `2i+1` (end).
    /// Where the capture's rules nest, the outermost occurrence is recorded.
    pub captures: Vec<(String, Vec<String>)>,
    /// `(name, rules)` marks, in order.
    pub marks: Vec<(String, Vec<String>)>,
    /// `(name, rules)` error contexts.
    pub contexts: Vec<(String, Vec<String>)>,
    /// What the grammar's numeric values mean: `encoding bytes` (the
    /// default) or `encoding utf-8` (code points, matched as UTF-8).
    pub encoding: Encoding,
    /// Code points left out of every numeric value of the grammar
    /// (`exclude %x200E-200F %x202A-202E`, with `encoding utf-8` only): for
    /// a rule of the text outside the ABNF, such as RFC 3987 §4.1's ban on
    /// bidirectional formatting characters.
    pub exclude: Vec<(u32, u32)>,
}

/// One `exclude` argument: `%xHHHH` or `%xHHHH-HHHH`, a scalar value range.
fn code_points(arg: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{arg}' is not a code point or range (%xHHHH or %xHHHH-HHHH)");
    let hex = arg.strip_prefix("%x").or_else(|| arg.strip_prefix("%X")).ok_or_else(bad)?;
    let (lo, hi) = hex.split_once('-').unwrap_or((hex, hex));
    let num = |h: &str| {
        u32::from_str_radix(h, 16).ok().filter(|&v| v <= crate::utf8::MAX && !h.starts_with('+')).ok_or_else(bad)
    };
    let (lo, hi) = (num(lo)?, num(hi)?);
    if lo > hi {
        return Err(format!("'{arg}' has start greater than end"));
    }
    Ok((lo, hi))
}

fn is_ident(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some(ch) if ch.is_ascii_alphabetic() || ch == '_')
        && c.all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
}

/// The words of a line (before any `#`), each with its column (0-based).
fn words(line: &str) -> Vec<(usize, &str)> {
    let body = line.split('#').next().unwrap_or("");
    body.split([' ', '\t'])
        .scan(0usize, |off, w| {
            let start = *off;
            *off += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect()
}

/// Parses a `.tags` file; all problems are reported as `FILE:LINE:COL: message`.
pub fn parse(file: &str, text: &str) -> Result<Tags, Vec<Diagnostic>> {
    let mut tags = Tags::default();
    let mut errs = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let words = words(line);
        if words.is_empty() {
            continue;
        }
        let pos = |col: usize| Pos { file: file.to_string(), line: ln as u32 + 1, col: col as u32 + 1 };
        for (col, message) in tags.directive(&words) {
            errs.push(Diagnostic { pos: pos(col), message });
        }
    }
    let whole_file = |message: &str| Diagnostic {
        pos: Pos { file: file.to_string(), line: 1, col: 1 },
        message: message.to_string(),
    };
    if tags.entries.is_empty() {
        errs.push(whole_file("no 'entry' directive"));
    }
    if !tags.exclude.is_empty() && tags.encoding != Encoding::Utf8 {
        errs.push(whole_file("'exclude' needs 'encoding utf-8' (it names code points)"));
    }
    if tags.context_type.is_empty() {
        errs.push(whole_file("no 'types' directive"));
    }
    if errs.is_empty() {
        Ok(tags)
    } else {
        Err(errs)
    }
}

impl Tags {
    /// Applies one directive line (`words`, not empty); returns its
    /// problems as `(column, message)`.
    fn directive(&mut self, words: &[(usize, &str)]) -> Vec<(usize, String)> {
        let (col0, key) = words[0];
        let args: Vec<&str> = words[1..].iter().map(|w| w.1).collect();
        let need = |n: usize| args.len() >= n;
        let mut errs = Vec::new();
        match key {
            "grammar" if need(2) && is_ident(args[0]) => {
                self.grammar = Some((args[0].to_string(), args[1..].join(" ")));
            }
            "grammar" if need(2) => errs.push((words[1].0, format!("'{}' is not a Rust identifier", args[0]))),
            "files" if need(1) => self.files.extend(args.iter().map(|s| s.to_string())),
            "types" if args.len() == 3 => {
                self.context_type = args[0].to_string();
                self.root_context = args[1].to_string();
                self.mark_type = args[2].to_string();
            }
            "encoding" if args == ["bytes"] => self.encoding = Encoding::Bytes,
            "encoding" if args == ["utf-8"] => self.encoding = Encoding::Utf8,
            "encoding" => errs.push((col0, "'encoding' takes 'bytes' or 'utf-8'".to_string())),
            "exclude" if need(1) => {
                for (k, a) in args.iter().enumerate() {
                    match code_points(a) {
                        Ok(r) => self.exclude.push(r),
                        Err(m) => errs.push((words[k + 1].0, m)),
                    }
                }
            }
            "entry" if args.len() == 2 => self.entries.push((args[0].to_string(), args[1].to_string())),
            "capture" | "mark" | "context" if need(2) && !is_ident(args[0]) => {
                errs.push((words[1].0, format!("'{}' is not a Rust identifier", args[0])));
            }
            "capture" | "mark" | "context" if need(2) => {
                let item = (args[0].to_string(), args[1..].iter().map(|s| s.to_string()).collect());
                match key {
                    "capture" => self.captures.push(item),
                    "mark" => self.marks.push(item),
                    _ => self.contexts.push(item),
                }
            }
            "grammar" | "files" | "types" | "exclude" | "entry" | "capture" | "mark" | "context" => {
                errs.push((col0, format!("wrong number of arguments for '{}'", key)))
            }
            _ => errs.push((col0, format!("unknown directive '{}'", key))),
        }
        errs
    }

    /// Puts the captures in slot order, with an empty capture (one no rule
    /// sets) for each slot the grammar lacks.
    pub fn order_captures(&mut self, slots: &[&str]) -> Result<(), String> {
        if let Some((extra, _)) = self.captures.iter().find(|(n, _)| !slots.contains(&n.as_str())) {
            return Err(format!("capture '{}' has no slot (slots: {})", extra, slots.join(" ")));
        }
        let mut ordered = Vec::new();
        for s in slots {
            let rules = self.captures.iter().find(|(n, _)| n == s).map(|(_, r)| r.clone()).unwrap_or_default();
            ordered.push((s.to_string(), rules));
        }
        self.captures = ordered;
        Ok(())
    }

    /// Orders the marks so that a mark whose rules can contain another mark's
    /// rules comes first (an `IPv6address` holds an `IPv4address` in its
    /// `ls32`), keeping the tags file's order otherwise. Marks that match at
    /// the same time are nested, and the outermost names the match, so the
    /// runtime takes the first mark that is set.
    pub fn order_marks(&mut self, g: &Grammar) {
        let contains =
            |outer: &[String], inner: &[String]| outer.iter().any(|o| inner.iter().any(|i| o != i && g.reaches(o, i)));
        let mut rest = std::mem::take(&mut self.marks);
        while !rest.is_empty() {
            let pick = (0..rest.len())
                .find(|&k| !rest.iter().enumerate().any(|(j, m)| j != k && contains(&m.1, &rest[k].1)))
                .unwrap_or(0);
            self.marks.push(rest.remove(pick));
        }
    }
}
