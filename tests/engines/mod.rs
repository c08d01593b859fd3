//! Every engine on one input, for the data-file tests (`tests/split.rs`) and
//! the properties (`tests/properties.rs`): the table-driven split, the strict
//! parser for each of the four entry rules, and (feature `oracle`) the
//! Appendix B regex and the grammar-derived validity regexes.
#![allow(dead_code)]

use std::fmt::Write;
use uriscan::{ByteComponents, Syntax};

pub const RULES: [Syntax; 4] = [Syntax::UriReference, Syntax::Uri, Syntax::AbsoluteUri, Syntax::RelativeRef];

/// `bytes` as a quoted string with `\xHH` escapes (the data files' notation).
pub fn quote(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7E => s.push(b as char),
            _ => {
                let _ = write!(s, "\\x{:02X}", b);
            }
        }
    }
    s.push('"');
    s
}

/// A component as written in the data files: `-` when undefined.
pub fn quote_opt(c: Option<&[u8]>) -> String {
    c.map_or_else(|| "-".to_string(), quote)
}

/// A split as written in the data files.
pub fn show(c: &ByteComponents<'_>) -> String {
    format!(
        "{} {} {} {} {}",
        quote_opt(c.scheme),
        quote_opt(c.authority),
        quote(c.path),
        quote_opt(c.query),
        quote_opt(c.fragment)
    )
}

/// Every engine on `input`; `Err` describes each disagreement, with the
/// outputs of the engines involved.
pub fn check_all(input: &[u8]) -> Result<(), String> {
    let mut errs = Vec::new();
    let q = quote(input);
    let sb = uriscan::split_bytes(input);

    // Split: recomposition is the identity.
    if sb.recompose() != input {
        errs.push(format!("split_bytes({q}) = {} does not recompose to the input", show(&sb)));
    }
    #[cfg(feature = "oracle")]
    {
        let ob = uriscan::oracle::appendix_b_bytes(input);
        if sb != ob {
            errs.push(format!("split_bytes({q}) = {}\n  oracle::appendix_b_bytes = {}", show(&sb), show(&ob)));
        }
    }
    let text = std::str::from_utf8(input).ok();
    if let Some(s) = text {
        let c = uriscan::split(s);
        if ByteComponents::from(c) != sb {
            errs.push(format!("split({q}) = {:?}\n  split_bytes = {}", c, show(&sb)));
        }
        if c.to_string() != s {
            errs.push(format!("split({q}) = {:?} recomposes to {:?}", c, c.to_string()));
        }
        #[cfg(feature = "oracle")]
        {
            let o = uriscan::oracle::appendix_b(s);
            if c != o {
                errs.push(format!("split({q}) = {:?}\n  oracle::appendix_b = {:?}", c, o));
            }
        }
    }

    // Strict, per rule: against the validity oracle; accepted => its
    // components are the split, and recompose to the input.
    for rule in RULES {
        let strict = rule.parse_bytes(input);
        #[cfg(feature = "oracle")]
        {
            let valid = uriscan::oracle::is_valid_bytes(input, rule);
            if strict.is_ok() != valid {
                errs.push(format!(
                    "{rule:?} on {q}: strict {} but oracle::is_valid_bytes = {valid}",
                    match &strict {
                        Ok(_) => "accepts".to_string(),
                        Err(e) => format!("rejects ({e})"),
                    }
                ));
            }
        }
        if let Ok(u) = strict {
            let c = u.components();
            if ByteComponents::from(c) != sb {
                errs.push(format!("{rule:?} on {q}: strict components {:?}\n  split_bytes = {}", c, show(&sb)));
            }
            if c.to_string().as_bytes() != input {
                errs.push(format!("{rule:?} on {q}: strict components recompose to {:?}", c.to_string()));
            }
            if u.to_string().as_bytes() != input {
                errs.push(format!("{rule:?} on {q}: Display gives {:?}", u.to_string()));
            }
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs.join("\n"))
    }
}

/// Decodes `\xHH` escapes; any other byte stands for itself (the notation
/// of the strict parser's data files).
pub fn unescape_hex(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let hex = s.get(i + 2..i + 4).and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(v) if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') => {
                out.push(v);
                i += 4;
            }
            _ => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    out
}

/// One case of a data file: the input and, optionally, its expected split
/// (scheme, authority, path, query, fragment; `None` for `-`).
pub struct Case {
    pub line: usize,
    pub input: Vec<u8>,
    pub expected: Option<[Option<Vec<u8>>; 5]>,
}

/// Parses a quoted string at the start of `s`; returns it and the rest.
fn unquote(s: &str) -> Result<(Vec<u8>, &str), String> {
    let b = s.as_bytes();
    if b.first() != Some(&b'"') {
        return Err(format!("expected '\"' at {:?}", s));
    }
    let mut out = Vec::new();
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'"' => return Ok((out, &s[i + 1..])),
            b'\\' => {
                match b.get(i + 1) {
                    Some(b'\\') => out.push(b'\\'),
                    Some(b'"') => out.push(b'"'),
                    Some(b'n') => out.push(b'\n'),
                    Some(b'r') => out.push(b'\r'),
                    Some(b't') => out.push(b'\t'),
                    Some(b'x') => {
                        let hex = s.get(i + 2..i + 4).ok_or("short \\x escape")?;
                        out.push(u8::from_str_radix(hex, 16).map_err(|e| format!("bad \\x{hex}: {e}"))?);
                        i += 2;
                    }
                    other => return Err(format!("unknown escape {:?}", other.map(|&c| c as char))),
                }
                i += 2;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Err("unterminated string".to_string())
}

/// Parses a data file: one case per line, `"input"` or
/// `"input" => SCHEME AUTHORITY "path" QUERY FRAGMENT` where each optional
/// component is a quoted string or `-`. `#` starts a comment line.
pub fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |m: String| -> ! { panic!("data file line {}: {}: {}", n + 1, m, raw) };
        let (input, rest) = unquote(line).unwrap_or_else(|e| fail(e));
        let rest = rest.trim_start();
        let expected = if rest.is_empty() {
            None
        } else {
            let mut rest = rest.strip_prefix("=>").unwrap_or_else(|| fail("expected '=>'".into())).trim_start();
            let mut parts: Vec<Option<Vec<u8>>> = Vec::new();
            while !rest.is_empty() {
                if let Some(r) = rest.strip_prefix('-') {
                    parts.push(None);
                    rest = r.trim_start();
                } else {
                    let (v, r) = unquote(rest).unwrap_or_else(|e| fail(e));
                    parts.push(Some(v));
                    rest = r.trim_start();
                }
            }
            let arr: [Option<Vec<u8>>; 5] = parts.try_into().unwrap_or_else(|_| fail("expected 5 components".into()));
            if arr[2].is_none() {
                fail("the path is always defined".into());
            }
            Some(arr)
        };
        cases.push(Case { line: n + 1, input, expected });
    }
    cases
}
