//! The generator's configuration: which rules of a grammar are entry points,
//! component boundaries (captures), alternatives to report (marks) and error
//! contexts. One small line-oriented file beside each grammar (`*.tags`).

use super::abnf::{Diagnostic, Encoding, Pos};

/// A parsed `.tags` file.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// `grammar NAME TITLE...`: the grammar's name in the registry (a Rust
    /// identifier, the variant of the runtime's `Grammar`) and a one-line
    /// title for its documentation.
    pub grammar: Option<(String, String)>,
    /// Grammar files, relative to the config file's directory.
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

/// Parses a `.tags` file; all problems are reported as `FILE:LINE:COL: message`.
pub fn parse(file: &str, text: &str) -> Result<Config, Vec<Diagnostic>> {
    let mut cfg = Config::default();
    let mut errs = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("");
        let words: Vec<(usize, &str)> = body
            .split([' ', '\t'])
            .scan(0usize, |off, w| {
                let start = *off;
                *off += w.len() + 1;
                Some((start, w))
            })
            .filter(|(_, w)| !w.is_empty())
            .collect();
        let Some(&(col0, key)) = words.first() else {
            continue;
        };
        let pos = |col: usize| Pos { file: file.to_string(), line: ln as u32 + 1, col: col as u32 + 1 };
        let mut err = |col: usize, m: String| errs.push(Diagnostic { pos: pos(col), message: m });
        let args: Vec<&str> = words[1..].iter().map(|w| w.1).collect();
        let need = |n: usize| args.len() >= n;
        match key {
            "grammar" if need(2) && is_ident(args[0]) => {
                cfg.grammar = Some((args[0].to_string(), args[1..].join(" ")));
            }
            "grammar" if need(2) => err(words[1].0, format!("'{}' is not a Rust identifier", args[0])),
            "files" if need(1) => cfg.files.extend(args.iter().map(|s| s.to_string())),
            "types" if args.len() == 3 => {
                cfg.context_type = args[0].to_string();
                cfg.root_context = args[1].to_string();
                cfg.mark_type = args[2].to_string();
            }
            "encoding" if args == ["bytes"] => cfg.encoding = Encoding::Bytes,
            "encoding" if args == ["utf-8"] => cfg.encoding = Encoding::Utf8,
            "encoding" => err(col0, "'encoding' takes 'bytes' or 'utf-8'".to_string()),
            "exclude" if need(1) => {
                for (k, a) in args.iter().enumerate() {
                    match code_points(a) {
                        Ok(r) => cfg.exclude.push(r),
                        Err(m) => err(words[k + 1].0, m),
                    }
                }
            }
            "entry" if args.len() == 2 => cfg.entries.push((args[0].to_string(), args[1].to_string())),
            "capture" | "mark" | "context" if need(2) => {
                if !is_ident(args[0]) {
                    err(words[1].0, format!("'{}' is not a Rust identifier", args[0]));
                    continue;
                }
                let item = (args[0].to_string(), args[1..].iter().map(|s| s.to_string()).collect());
                match key {
                    "capture" => cfg.captures.push(item),
                    "mark" => cfg.marks.push(item),
                    _ => cfg.contexts.push(item),
                }
            }
            "grammar" | "files" | "types" | "exclude" | "entry" | "capture" | "mark" | "context" => {
                err(col0, format!("wrong number of arguments for '{}'", key))
            }
            _ => err(col0, format!("unknown directive '{}'", key)),
        }
    }
    if cfg.entries.is_empty() {
        errs.push(Diagnostic {
            pos: Pos { file: file.to_string(), line: 1, col: 1 },
            message: "no 'entry' directive".into(),
        });
    }
    if !cfg.exclude.is_empty() && cfg.encoding != Encoding::Utf8 {
        errs.push(Diagnostic {
            pos: Pos { file: file.to_string(), line: 1, col: 1 },
            message: "'exclude' needs 'encoding utf-8' (it names code points)".into(),
        });
    }
    if cfg.context_type.is_empty() {
        errs.push(Diagnostic {
            pos: Pos { file: file.to_string(), line: 1, col: 1 },
            message: "no 'types' directive".into(),
        });
    }
    if errs.is_empty() {
        Ok(cfg)
    } else {
        Err(errs)
    }
}
