//! Readers for the data files under `tests/data/`, shared by every engine's tests.
#![allow(dead_code)]

/// Decodes `\xHH` escapes (any other byte stands for itself).
pub fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') && i + 4 <= b.len() {
            out.push(u8::from_str_radix(&s[i + 2..i + 4], 16).expect("bad \\x escape in test data"));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// Data lines are the lines that hold a tab (every record has several
/// fields); comments (`#` ...) and blank lines hold none.
pub fn records(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines().enumerate().filter(|(_, l)| l.contains('\t')).map(|(n, l)| (n + 1, l.split('\t').collect()))
}

/// `(none)` is an undefined component.
pub fn opt(s: &str) -> Option<&str> {
    if s == "(none)" {
        None
    } else {
        Some(s)
    }
}

/// One valid case of `tests/data/rfc3986_valid.txt`.
pub struct Valid<'a> {
    pub line: usize,
    pub input: &'a str,
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub host_kind: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

pub const VALID: &str = include_str!("../data/rfc3986_valid.txt");
pub const INVALID: &str = include_str!("../data/rfc3986_invalid.txt");

/// The inputs (first field) of every data file the engines' tests read.
pub fn data_inputs() -> Vec<Vec<u8>> {
    let files = [
        VALID,
        INVALID,
        include_str!("../data/rfc2396.txt"),
        include_str!("../data/rfc1630.txt"),
        include_str!("../data/rfc3987_examples.txt"),
        include_str!("../data/rfc3987_utf8.txt"),
        include_str!("../data/split.txt"),
    ];
    files.iter().flat_map(|text| records(text).map(|(_, f)| unescape(f[0]))).collect()
}

pub fn valid_cases() -> Vec<Valid<'static>> {
    records(VALID)
        .map(|(line, f)| {
            assert_eq!(f.len(), 10, "rfc3986_valid.txt:{}: expected 10 fields", line);
            Valid {
                line,
                input: f[0],
                scheme: opt(f[1]),
                authority: opt(f[2]),
                userinfo: opt(f[3]),
                host: opt(f[4]),
                host_kind: opt(f[5]),
                port: opt(f[6]),
                path: f[7],
                query: opt(f[8]),
                fragment: opt(f[9]),
            }
        })
        .collect()
}

/// One invalid case: input bytes, rule name, index, kind name.
pub struct Invalid {
    pub line: usize,
    pub input: Vec<u8>,
    pub rule: String,
    pub index: usize,
    pub kind: String,
}

pub fn invalid_cases() -> Vec<Invalid> {
    records(INVALID)
        .map(|(line, f)| {
            assert_eq!(f.len(), 4, "rfc3986_invalid.txt:{}: expected 4 fields", line);
            Invalid {
                line,
                input: unescape(f[0]),
                rule: f[1].to_string(),
                index: f[2].parse().expect("index"),
                kind: f[3].to_string(),
            }
        })
        .collect()
}

/// RFC 3986 §5.2.4's two-buffer `remove_dot_segments` loop, transcribed
/// literally from the RFC: the oracle for the linear-time implementation.
pub fn rds_oracle(path: &str) -> String {
    let mut input = path.to_string();
    let mut out = String::new();
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") {
            input.drain(..2);
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
        } else if input == "/." {
            input = "/".into();
        } else if input.starts_with("/../") || input == "/.." {
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            match out.rfind('/') {
                Some(i) => out.truncate(i),
                None => out.clear(),
            }
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            out.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    out
}

/// Pieces that URI-like strings are made of, valid and not.
pub const TOKENS: &[&str] = &[
    "http",
    "a",
    "Z9+.-",
    ":",
    "//",
    "/",
    "?",
    "#",
    "@",
    "[",
    "]",
    "::1",
    "v1.x",
    "1.2.3.4",
    "256",
    "%41",
    "%4",
    "%",
    "%zz",
    "\u{e9}",
    " ",
    "..",
    ".",
    ":80",
    "~",
    "!$&'()*+,;=",
    "\u{1F600}",
    "\t",
    "\"",
    "\\",
    "{",
];
