//! RFC 5234 ABNF (with RFC 7405 `%s`/`%i`) parser and grammar loader.
//!
//! The generator knows ABNF, not any particular grammar. `parse_file` turns
//! one file's text into rules; `Grammar::load` merges files (so a grammar can
//! take the core rules from a second file), applies `=/`, and checks that every
//! referenced rule is defined and that no rule is recursive. Every problem is
//! reported as `FILE:LINE:COL: message`, all of them, not just the first.
//!
//! Numeric values (`%x41`, `%x30-39`) are bytes by default, as RFC 3986's
//! grammar means them. Read with [`Encoding::Utf8`] (a tags file's
//! `encoding utf-8`), they are Unicode scalar values, as RFC 3987's
//! `ucschar = %xA0-D7FF / ...` means them, and each compiles into the
//! byte sequences of its UTF-8 encodings ([`crate::utf8`]).

use super::byteset::ByteSet;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// A position in a grammar file (1-based line and column, column in bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// One diagnostic; `Display` gives `FILE:LINE:COL: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub pos: Pos,
    pub message: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}", self.pos.file, self.pos.line, self.pos.col, self.message)
    }
}

/// What a numeric value (`%x...`, `%d...`, `%b...`) stands for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// A byte, `0..=255` (RFC 3986, RFC 2396, RFC 1630).
    #[default]
    Bytes,
    /// A Unicode scalar value, matched as its UTF-8 encoding (RFC 3987).
    Utf8,
}

/// An ABNF expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// `a / b / c`, in the order written (the first listed has priority).
    Alt(Vec<Expr>),
    /// `a b c`.
    Seq(Vec<Expr>),
    /// `min*max element`; `max == None` means unbounded. `[x]` is `0*1 x`.
    Repeat { min: u32, max: Option<u32>, expr: Box<Expr> },
    /// A reference to a rule, by its name as written, with the position of the reference.
    Rule(String, Pos),
    /// One byte from a set: a `%x41-5A` range, one character of a quoted
    /// string (both cases when case-insensitive), one value of `%x41.42`.
    Class(ByteSet),
    /// The empty string (for example `0<prose>` or `0element`).
    Empty,
}

/// One rule as defined in a file (`=/` alternatives already merged).
#[derive(Clone, Debug)]
pub struct Rule {
    /// The name as first written (rule names compare case-insensitively).
    pub name: String,
    pub expr: Expr,
    pub pos: Pos,
}

impl Diagnostic {
    pub fn new(pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic { pos, message: message.into() }
    }
}

/// One rule definition as written in a file, before `=/` merging.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    pub name: String,
    /// `true` for `=/` (adds alternatives to an existing rule).
    pub incremental: bool,
    pub expr: Expr,
    /// The position of the rule name.
    pub pos: Pos,
}

/// Parse one file. Returns the rule definitions found (in order) and all
/// diagnostics. A rule with a syntax error is left out; parsing resumes at the
/// next rule (the next line starting in column 1).
pub fn parse_file(file: &str, text: &str) -> (Vec<Definition>, Vec<Diagnostic>) {
    let (defs, diags, _) = parse(file, text, Encoding::Bytes, &[]);
    (defs, diags)
}

/// `parse_file`, plus the names of rules whose definitions failed to parse
/// (so that `Grammar::load` does not also call them undefined).
fn parse(
    file: &str,
    text: &str,
    encoding: Encoding,
    exclude: &[(u32, u32)],
) -> (Vec<Definition>, Vec<Diagnostic>, Vec<String>) {
    let src = text.as_bytes();
    let mut line_starts = vec![0];
    line_starts.extend((0..src.len()).filter(|&i| src[i] == b'\n').map(|i| i + 1));
    let mut p = Parser {
        file,
        text,
        src,
        line_starts,
        pos: 0,
        end: 0,
        last_end: 0,
        ws_done: 0,
        zero: 0,
        name: None,
        encoding,
        exclude,
    };
    let (mut defs, mut diags, mut failed) = (Vec::new(), Vec::new(), Vec::new());
    let mut i = 0;
    // `i` is always at the start of a line.
    while i < src.len() {
        let next_line = line_end(src, i);
        let first = src[i..].iter().position(|&b| b != b' ' && b != b'\t').map_or(src.len(), |k| i + k);
        if first == src.len() || matches!(src[first], b'\r' | b'\n' | b';') {
            i = next_line; // blank or comment line
        } else if first > i {
            diags.push(p.err(first, "indented line outside of a rule (a rule name must start in column 1)"));
            i = next_rule_start(src, next_line);
        } else {
            // The rule runs up to the next line that starts a rule: blank
            // lines, comment lines and indented lines continue it.
            (p.pos, p.end) = (i, next_rule_start(src, next_line));
            match p.rule() {
                Ok(def) => defs.push(def),
                Err(diag) => {
                    diags.push(diag);
                    failed.extend(p.name.take());
                }
            }
            i = p.end;
        }
    }
    (defs, diags, failed)
}

/// The index just past the end of the line holding `i`.
fn line_end(src: &[u8], i: usize) -> usize {
    src[i..].iter().position(|&b| b == b'\n').map_or(src.len(), |k| i + k + 1)
}

/// The start of the first line at or after `i` (a line start) that begins a rule.
fn next_rule_start(src: &[u8], mut i: usize) -> usize {
    while i < src.len() && matches!(src[i], b' ' | b'\t' | b'\r' | b'\n' | b';') {
        i = line_end(src, i);
    }
    i
}

/// A byte as shown in a message.
fn describe(b: u8) -> String {
    match b {
        b'\r' | b'\n' => "end of line".to_string(),
        b'\t' => "tab".to_string(),
        b' ' => "space".to_string(),
        b if b.is_ascii_graphic() => format!("'{}'", b as char),
        b => format!("byte 0x{b:02X}"),
    }
}

/// A concatenation (`alt == false`) or alternation, simplified: nested ones of
/// the same kind flattened (same order, same meaning), `Empty` dropped from a
/// concatenation, a single item unwrapped.
fn join(items: Vec<Expr>, alt: bool) -> Expr {
    let mut flat = Vec::new();
    for item in items {
        match item {
            Expr::Alt(inner) if alt => flat.extend(inner),
            Expr::Seq(inner) if !alt => flat.extend(inner),
            Expr::Empty if !alt => {}
            e => flat.push(e),
        }
    }
    match flat.len() {
        0 => Expr::Empty,
        1 => flat.pop().unwrap(),
        _ if alt => Expr::Alt(flat),
        _ => Expr::Seq(flat),
    }
}

/// A repetition, simplified: `0*0 x` and `n*m ""` are `Empty`, `1*1 x` is `x`.
fn repeat(min: u32, max: Option<u32>, expr: Expr) -> Expr {
    match (min, max) {
        _ if max == Some(0) || expr == Expr::Empty => Expr::Empty,
        (1, Some(1)) => expr,
        _ => Expr::Repeat { min, max, expr: Box::new(expr) },
    }
}

type PResult<T> = Result<T, Diagnostic>;

struct Parser<'a> {
    file: &'a str,
    text: &'a str,
    src: &'a [u8],
    line_starts: Vec<usize>,
    /// The cursor, and the end of the current rule's text.
    pos: usize,
    end: usize,
    /// The end of the last token before the last whitespace skip, and where
    /// that skip stopped (to place "expected ..." errors at the end of a rule
    /// right after its last token rather than on the next rule's line).
    last_end: usize,
    ws_done: usize,
    /// How many enclosing `0`/`0*0` repetitions (where prose is allowed).
    zero: u32,
    /// The name of the rule being parsed, once read.
    name: Option<String>,
    /// What numeric values mean.
    encoding: Encoding,
    /// Code points no numeric value matches (with [`Encoding::Utf8`]).
    exclude: &'a [(u32, u32)],
}

impl Parser<'_> {
    fn pos_at(&self, i: usize) -> Pos {
        let line = self.line_starts.partition_point(|&s| s <= i) - 1;
        let col = (i - self.line_starts[line]) as u32 + 1;
        Pos { file: self.file.to_string(), line: line as u32 + 1, col }
    }

    fn err(&self, i: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.pos_at(i), message)
    }

    fn fail<T>(&self, i: usize, message: impl Into<String>) -> PResult<T> {
        Err(self.err(i, message))
    }

    /// Fail at the cursor, or just after the last token if the rule ended.
    fn fail_here<T>(&self, message: impl Into<String>) -> PResult<T> {
        let at_end = self.pos >= self.end && self.pos == self.ws_done;
        self.fail(if at_end { self.last_end } else { self.pos }, message)
    }

    fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.src[self.pos])
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.pos += hit as usize;
        hit
    }

    fn found(&self) -> String {
        self.peek().map_or_else(|| "end of rule".to_string(), describe)
    }

    /// Skip whitespace, line breaks (the rule's text only holds continuation
    /// lines) and comments.
    fn skip_ws(&mut self) {
        if self.pos != self.ws_done {
            self.last_end = self.pos;
        }
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b';' => self.pos = line_end(self.src, self.pos).min(self.end),
                _ => break,
            }
        }
        self.ws_done = self.pos;
    }

    fn rule(&mut self) -> PResult<Definition> {
        let start = self.pos;
        (self.ws_done, self.last_end, self.zero) = (usize::MAX, start, 0);
        self.name = self.rulename();
        let Some(name) = self.name.clone() else {
            return self.fail(start, format!("expected a rule name, found {}", self.found()));
        };
        self.skip_ws();
        let incremental = self.src[self.pos..self.end].starts_with(b"=/");
        if !incremental && self.peek() != Some(b'=') {
            return self.fail_here(format!("expected '=' or '=/' after rule name, found {}", self.found()));
        }
        self.pos += 1 + incremental as usize;
        self.skip_ws();
        let expr = self.alternation()?;
        self.skip_ws();
        match self.peek() {
            None => Ok(Definition { name, incremental, expr, pos: self.pos_at(start) }),
            Some(b @ (b')' | b']')) => {
                self.fail_here(format!("unexpected '{}' with no matching opening bracket", b as char))
            }
            Some(b) => self.fail_here(format!("unexpected {}", describe(b))),
        }
    }

    /// `ALPHA *(ALPHA / DIGIT / "-")`, if there is one at the cursor.
    fn rulename(&mut self) -> Option<String> {
        let start = self.pos;
        if !self.peek()?.is_ascii_alphabetic() {
            return None;
        }
        while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-') {
            self.pos += 1;
        }
        Some(self.text[start..self.pos].to_string())
    }

    fn alternation(&mut self) -> PResult<Expr> {
        let mut items = vec![self.concatenation()?];
        while self.eat(b'/') {
            self.skip_ws();
            items.push(self.concatenation()?);
        }
        Ok(join(items, true))
    }

    /// Ends after a whitespace skip.
    fn concatenation(&mut self) -> PResult<Expr> {
        let mut items = Vec::new();
        loop {
            items.push(self.repetition()?);
            self.skip_ws();
            let next = self.peek().unwrap_or(b' ');
            if !(next.is_ascii_alphanumeric() || b"*([\"%<".contains(&next)) {
                return Ok(join(items, false));
            }
        }
    }

    fn repetition(&mut self) -> PResult<Expr> {
        let start = self.pos;
        let (min, max) = match self.peek() {
            Some(b) if b.is_ascii_digit() || b == b'*' => self.repeat()?,
            _ => (1, Some(1)),
        };
        let zero = max == Some(0);
        self.zero += zero as u32;
        let expr = self.element(start);
        self.zero -= zero as u32;
        Ok(repeat(min, max, expr?))
    }

    /// `1*DIGIT / (*DIGIT "*" *DIGIT)`, as (min, max).
    fn repeat(&mut self) -> PResult<(u32, Option<u32>)> {
        let start = self.pos;
        let min = self.count()?;
        let (min, max) = if self.eat(b'*') { (min.unwrap_or(0), self.count()?) } else { (min.unwrap(), min) };
        match max {
            Some(max) if min > max => self.fail(start, format!("repetition min {min} greater than max {max}")),
            _ => Ok((min, max)),
        }
    }

    fn count(&mut self) -> PResult<Option<u32>> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        match &self.text[start..self.pos] {
            "" => Ok(None),
            digits => match digits.parse() {
                Ok(n) => Ok(Some(n)),
                Err(_) => self.fail(start, format!("repetition count {digits} too large")),
            },
        }
    }

    /// An element; `rep_start` is where its repetition prefix (if any) began.
    fn element(&mut self, rep_start: usize) -> PResult<Expr> {
        let start = self.pos;
        match self.peek() {
            Some(b) if b.is_ascii_alphabetic() => {
                let name = self.rulename().unwrap();
                Ok(Expr::Rule(name, self.pos_at(start)))
            }
            Some(open @ (b'(' | b'[')) => {
                self.pos += 1;
                self.skip_ws();
                let expr = self.alternation()?;
                self.skip_ws();
                let (close, what) = if open == b'(' { (b')', "group") } else { (b']', "option") };
                if !self.eat(close) {
                    let at = self.pos_at(start);
                    let (c, l, col) = (close as char, at.line, at.col);
                    return self.fail_here(format!("expected '{c}' to close {what} opened at {l}:{col}"));
                }
                Ok(if open == b'(' { expr } else { repeat(0, Some(1), expr) })
            }
            Some(b'"') => self.quoted(true),
            Some(b'%') => self.percent(),
            Some(b'<') => {
                self.delimited(b'>', "prose value")?;
                match self.zero {
                    0 => self.fail(start, "prose value is not supported"),
                    _ => Ok(Expr::Empty),
                }
            }
            _ if rep_start < start => {
                let rep = &self.text[rep_start..start];
                self.fail_here(format!("expected an element right after repetition '{rep}', found {}", self.found()))
            }
            _ => self.fail_here(format!("expected an element, found {}", self.found())),
        }
    }

    /// Read `<...>` or `"..."` (the cursor on the opening character) holding
    /// printable ASCII on one line; returns the contents.
    fn delimited(&mut self, close: u8, what: &str) -> PResult<&[u8]> {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.peek() {
                None | Some(b'\r' | b'\n') => return self.fail(start, format!("unterminated {what}")),
                Some(b) if b == close => break,
                Some(0x20..=0x7E) => self.pos += 1,
                Some(b) => return self.fail(self.pos, format!("invalid character {} in {what}", describe(b))),
            }
        }
        self.pos += 1;
        Ok(&self.src[start + 1..self.pos - 1])
    }

    /// A quoted string: a concatenation of one-byte classes.
    fn quoted(&mut self, case_insensitive: bool) -> PResult<Expr> {
        let chars = self.delimited(b'"', "quoted string")?;
        let class = |&b: &u8| {
            let mut set = ByteSet::single(b);
            if case_insensitive {
                set.insert(b.to_ascii_lowercase());
                set.insert(b.to_ascii_uppercase());
            }
            Expr::Class(set)
        };
        Ok(join(chars.iter().map(class).collect(), false))
    }

    /// `%x`, `%d`, `%b` numeric values and `%s`, `%i` strings.
    fn percent(&mut self) -> PResult<Expr> {
        let start = self.pos;
        self.pos += 1;
        let (radix, name) = match self.peek().map(|b| b.to_ascii_lowercase()) {
            Some(c @ (b's' | b'i')) => {
                self.pos += 1;
                if self.peek() != Some(b'"') {
                    let prefix = &self.text[start..self.pos];
                    return self.fail_here(format!("expected '\"' after '{prefix}', found {}", self.found()));
                }
                return self.quoted(c == b'i');
            }
            Some(b'x') => (16, "hex"),
            Some(b'd') => (10, "decimal"),
            Some(b'b') => (2, "binary"),
            _ => {
                return self.fail_here(format!("expected 'x', 'd', 'b', 's' or 'i' after '%', found {}", self.found()))
            }
        };
        self.pos += 1;
        let prefix = &self.text[start..self.pos];
        let mixed = "a numeric value is either a '-' range or a '.' concatenation, not both";
        let lo = self.value(radix, name, prefix)?;
        if self.eat(b'-') {
            let hi = self.value(radix, name, prefix)?;
            if lo > hi {
                let range = &self.text[start..self.pos];
                return self.fail(start, format!("numeric range {range} has start greater than end"));
            }
            if self.peek() == Some(b'.') {
                return self.fail(self.pos, mixed);
            }
            return self.range(start, lo, hi);
        }
        // A range leaves surrogates out; a single value must not be one.
        let single = |p: &Self, at: usize, v: u32| match p.encoding {
            Encoding::Utf8 if crate::utf8::is_surrogate(v) => {
                p.fail(at, format!("numeric value {prefix}{v:X} is a surrogate, not a Unicode scalar value"))
            }
            _ => p.range(at, v, v),
        };
        let mut items = vec![single(self, start, lo)?];
        while self.eat(b'.') {
            let at = self.pos;
            let v = self.value(radix, name, prefix)?;
            items.push(single(self, at, v)?);
        }
        if items.len() > 1 && self.peek() == Some(b'-') {
            return self.fail(self.pos, mixed);
        }
        Ok(join(items, false))
    }

    /// The values `lo..=hi` (checked by [`value`](Parser::value)): a byte
    /// class, or the alternatives of the UTF-8 encodings of those that are
    /// not excluded. `at` is where the value was written (for the error
    /// when the exclusions leave nothing).
    fn range(&self, at: usize, lo: u32, hi: u32) -> PResult<Expr> {
        match self.encoding {
            Encoding::Bytes => Ok(Expr::Class(ByteSet::range(lo as u8, hi as u8))),
            Encoding::Utf8 => {
                let kept = crate::utf8::subtract(lo, hi, self.exclude);
                if kept.is_empty() {
                    let written = &self.text[at..self.pos];
                    return self
                        .fail(at, format!("numeric value {written} is wholly excluded (the tags file's 'exclude')"));
                }
                let seq = |s: Vec<(u8, u8)>| {
                    join(s.into_iter().map(|(a, b)| Expr::Class(ByteSet::range(a, b))).collect(), false)
                };
                let seqs = kept.into_iter().flat_map(|(a, b)| crate::utf8::sequences(a, b));
                Ok(join(seqs.map(seq).collect(), true))
            }
        }
    }

    /// One number of a numeric value: a byte, or with [`Encoding::Utf8`] a
    /// code point.
    fn value(&mut self, radix: u32, name: &str, prefix: &str) -> PResult<u32> {
        let start = self.pos;
        let mut v: u32 = 0;
        while let Some(b) = self.peek().filter(u8::is_ascii_alphanumeric) {
            let Some(d) = (b as char).to_digit(radix) else {
                return self.fail(self.pos, format!("invalid {name} digit '{}' in numeric value", b as char));
            };
            v = v.saturating_mul(radix).saturating_add(d);
            self.pos += 1;
        }
        if self.pos == start {
            return self.fail_here(format!("expected a {name} digit in numeric value, found {}", self.found()));
        }
        let digits = &self.text[start..self.pos];
        match self.encoding {
            Encoding::Bytes if v > 0xFF => {
                self.fail(start, format!("numeric value {prefix}{digits} is greater than 255"))
            }
            Encoding::Utf8 if v > crate::utf8::MAX => {
                self.fail(start, format!("numeric value {prefix}{digits} is greater than 10FFFF, the last code point"))
            }
            _ => Ok(v),
        }
    }
}

/// A checked grammar made of one or more files.
#[derive(Clone, Debug, Default)]
pub struct Grammar {
    /// In definition order.
    rules: Vec<Rule>,
    /// Lower-cased name to index in `rules`.
    index: BTreeMap<String, usize>,
}

impl Grammar {
    /// Parse all files, merge them, apply `=/` (appending alternatives in
    /// order), then check for undefined rules, duplicate definitions, `=/`
    /// without `=`, and recursion. Diagnostics are sorted by file (in the order
    /// given), line and column.
    pub fn load(files: &[(&str, &str)]) -> Result<Grammar, Vec<Diagnostic>> {
        Grammar::load_with(files, Encoding::Bytes, &[])
    }

    /// [`load`](Grammar::load), with numeric values read as `encoding` says
    /// and, with [`Encoding::Utf8`], the code points of `exclude` left out of
    /// every one of them.
    pub fn load_with(
        files: &[(&str, &str)],
        encoding: Encoding,
        exclude: &[(u32, u32)],
    ) -> Result<Grammar, Vec<Diagnostic>> {
        let (mut defs, mut diags, mut failed) = (Vec::new(), Vec::new(), BTreeSet::new());
        for (file, text) in files {
            let (d, ds, f) = parse(file, text, encoding, exclude);
            defs.extend(d);
            diags.extend(ds);
            failed.extend(f.iter().map(|n| n.to_ascii_lowercase()));
        }

        let mut g = Grammar::default();
        let (incremental, base): (Vec<_>, Vec<_>) = defs.into_iter().partition(|d| d.incremental);
        for d in base {
            let key = d.name.to_ascii_lowercase();
            if let Some(first) = g.rule(&key).map(|r| &r.pos) {
                let (f, l, c) = (&first.file, first.line, first.col);
                let msg = format!(
                    "duplicate definition of rule '{}' (first defined at {f}:{l}:{c}; use '=/' to add alternatives)",
                    d.name
                );
                diags.push(Diagnostic::new(d.pos, msg));
            } else {
                g.index.insert(key, g.rules.len());
                g.rules.push(Rule { name: d.name, expr: d.expr, pos: d.pos });
            }
        }
        for d in incremental {
            let key = d.name.to_ascii_lowercase();
            if let Some(&i) = g.index.get(&key) {
                let base = std::mem::replace(&mut g.rules[i].expr, Expr::Empty);
                g.rules[i].expr = join(vec![base, d.expr], true);
            } else if !failed.contains(&key) {
                let msg = format!("'=/' adds alternatives to rule '{}', which is never defined with '='", d.name);
                diags.push(Diagnostic::new(d.pos, msg));
            }
        }

        for rule in &g.rules {
            for (name, pos) in refs(&rule.expr) {
                let key = name.to_ascii_lowercase();
                if !g.index.contains_key(&key) && !failed.contains(&key) {
                    diags.push(Diagnostic::new(pos.clone(), format!("undefined rule '{name}'")));
                }
            }
        }

        let mut state = vec![Visit::New; g.rules.len()];
        for i in 0..g.rules.len() {
            g.find_cycles(i, &mut state, &mut Vec::new(), &mut diags);
        }

        if diags.is_empty() {
            return Ok(g);
        }
        let file_index = |d: &Diagnostic| files.iter().position(|(f, _)| *f == d.pos.file);
        diags.sort_by_key(|d| (file_index(d), d.pos.line, d.pos.col));
        Err(diags)
    }

    /// Depth-first search from rule `i`; reports each reference that closes a cycle.
    fn find_cycles(&self, i: usize, state: &mut [Visit], stack: &mut Vec<usize>, diags: &mut Vec<Diagnostic>) {
        if state[i] != Visit::New {
            return;
        }
        state[i] = Visit::OnStack;
        stack.push(i);
        let mut reported = Vec::new();
        for (name, pos) in refs(&self.rules[i].expr) {
            let Some(&j) = self.index.get(&name.to_ascii_lowercase()) else {
                continue;
            };
            match state[j] {
                Visit::New => self.find_cycles(j, state, stack, diags),
                Visit::OnStack if !reported.contains(&j) => {
                    reported.push(j);
                    let from = stack.iter().position(|&s| s == j).unwrap();
                    let path: Vec<&str> =
                        stack[from..].iter().chain([&j]).map(|&s| self.rules[s].name.as_str()).collect();
                    diags.push(Diagnostic::new(pos.clone(), format!("recursive rule: {}", path.join(" -> "))));
                }
                _ => {}
            }
        }
        stack.pop();
        state[i] = Visit::Done;
    }

    /// Look up a rule case-insensitively.
    pub fn rule(&self, name: &str) -> Option<&Rule> {
        self.index.get(&name.to_ascii_lowercase()).map(|&i| &self.rules[i])
    }

    /// All rules in definition order.
    pub fn rules(&self) -> impl Iterator<Item = &Rule> {
        self.rules.iter()
    }

    /// Whether rule `from`'s expansion refers to rule `to`, directly or not.
    pub fn reaches(&self, from: &str, to: &str) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![from.to_ascii_lowercase()];
        while let Some(r) = todo.pop() {
            if !seen.insert(r.clone()) {
                continue;
            }
            let Some(rule) = self.rule(&r) else { continue };
            for (n, _) in refs(&rule.expr) {
                if n.eq_ignore_ascii_case(to) {
                    return true;
                }
                todo.push(n.to_ascii_lowercase());
            }
        }
        false
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    New,
    OnStack,
    Done,
}

/// The rule references in `expr`, in order.
pub fn refs(expr: &Expr) -> Vec<(&str, &Pos)> {
    match expr {
        Expr::Alt(items) | Expr::Seq(items) => items.iter().flat_map(refs).collect(),
        Expr::Repeat { expr, .. } => refs(expr),
        Expr::Rule(name, pos) => vec![(name.as_str(), pos)],
        Expr::Class(_) | Expr::Empty => Vec::new(),
    }
}

/// The expression written back as ABNF (for doc comments): a
/// case-insensitive letter as its quoted form, other bytes quoted when
/// printable, else as `%xHH` values and ranges.
impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        write_abnf(self, &mut s, true);
        f.write_str(&s)
    }
}

/// Writes `e`; `top` when it needs no group around it.
fn write_abnf(e: &Expr, out: &mut String, top: bool) {
    match e {
        Expr::Empty => out.push_str("\"\""),
        Expr::Rule(n, _) => out.push_str(n),
        Expr::Class(s) => write_class(s, out),
        Expr::Seq(v) | Expr::Alt(v) => {
            let sep = if matches!(e, Expr::Seq(_)) { " " } else { " / " };
            if !top {
                out.push_str("( ");
            }
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(sep);
                }
                write_abnf(x, out, false);
            }
            if !top {
                out.push_str(" )");
            }
        }
        Expr::Repeat { min: 0, max: Some(1), expr } => {
            out.push_str("[ ");
            write_abnf(expr, out, true);
            out.push_str(" ]");
        }
        Expr::Repeat { min, max, expr } => {
            let _ = match (min, max) {
                (a, Some(b)) if a == b => write!(out, "{}", a),
                (0, None) => write!(out, "*"),
                (a, None) => write!(out, "{}*", a),
                (0, Some(b)) => write!(out, "*{}", b),
                (a, Some(b)) => write!(out, "{}*{}", a, b),
            };
            write_abnf(expr, out, false);
        }
    }
}

/// Writes a byte set as alternatives.
fn write_class(s: &ByteSet, out: &mut String) {
    let r = s.ranges();
    // a case-insensitive letter prints as its quoted form
    if r.len() == 2
        && r[0].0 == r[0].1
        && r[1].0 == r[1].1
        && r[0].0.is_ascii_uppercase()
        && r[1].0 == r[0].0.to_ascii_lowercase()
    {
        let _ = write!(out, "\"{}\"", r[1].0 as char);
        return;
    }
    for (i, (lo, hi)) in r.iter().enumerate() {
        if i > 0 {
            out.push_str(" / ");
        }
        if lo == hi && lo.is_ascii_graphic() && *lo != b'"' {
            let _ = write!(out, "\"{}\"", *lo as char);
        } else if lo == hi {
            let _ = write!(out, "%x{:02X}", lo);
        } else {
            let _ = write!(out, "%x{:02X}-{:02X}", lo, hi);
        }
    }
}
