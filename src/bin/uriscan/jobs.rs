//! What each command does with a line: the record formats.

use std::collections::HashMap;

use uriscan::{NormalizeOptions, ParseError, ResolveMode, UriRef};

use crate::args::Format;
use crate::out::{self, Cursor, LineNo, Out};
use crate::run::{FileCtx, Job, Line, Syntax};

/// The record prefix shared by all record-writing commands.
pub struct Prefix {
    pub format: Format,
    pub with_file: bool,
    pub echo: bool,
}

impl Prefix {
    /// Room for a record of a line of `n` bytes written through a cursor:
    /// the prefix, the echoed line, and the components (at most twice the
    /// line: the authority and its parts), keys and separators.
    #[inline]
    fn room(&self, f: &FileCtx, n: usize) -> usize {
        f.json_name.len().max(f.tsv_name.len()) + 3 * n + 512
    }

    /// `{"file":..,"line":N` or `FILE\tN`.
    #[inline(always)]
    fn start_c(&self, f: &FileCtx, line: &LineNo, c: &mut Cursor<'_>) {
        match self.format {
            Format::Jsonl => {
                c.push(b'{');
                if self.with_file {
                    c.extend(b"\"file\":");
                    c.extend(&f.json_name);
                    c.push(b',');
                }
                c.extend(b"\"line\":");
                c.line(line);
            }
            Format::Tsv => {
                if self.with_file {
                    c.extend(&f.tsv_name);
                    c.push(b'\t');
                }
                c.line(line);
            }
            Format::Text => {}
        }
    }

    /// [`start_c`](Prefix::start_c) on an [`Out`].
    #[inline]
    fn start(&self, f: &FileCtx, line: &LineNo, out: &mut Out) {
        out.with(self.room(f, 0), |c| self.start_c(f, line, c));
    }

    /// `,"valid":true[,"input":..]` or `\ttrue[\tINPUT]` for a valid URI
    /// (which needs no escaping).
    #[inline(always)]
    fn valid_c(&self, input: &[u8], tail: &[u8], c: &mut Cursor<'_>) {
        match self.format {
            Format::Jsonl => {
                c.extend(b",\"valid\":true");
                if self.echo {
                    c.extend(b",\"input\":");
                    c.json_opt(tail, Some(input));
                }
            }
            Format::Tsv => {
                c.extend(b"\ttrue");
                if self.echo {
                    c.push(b'\t');
                    c.put(tail, input);
                }
            }
            Format::Text => {}
        }
    }

    /// `,"valid":B[,"input":..]` or `\tB[\tINPUT]`.
    #[inline]
    fn valid(&self, valid: bool, input: &[u8], out: &mut Out) {
        match self.format {
            Format::Jsonl => {
                out.extend_from_slice(if valid { b",\"valid\":true" } else { b",\"valid\":false" });
                if self.echo {
                    out.extend_from_slice(b",\"input\":");
                    out::json_str(out, input);
                }
            }
            Format::Tsv => {
                out.extend_from_slice(if valid { b"\ttrue" } else { b"\tfalse" });
                if self.echo {
                    out.push(b'\t');
                    out::tsv_str(out, input);
                }
            }
            Format::Text => {}
        }
    }

    /// `,"input":..` or `\tINPUT` when echoing (for `split`, which has no `valid`).
    #[inline]
    fn input(&self, input: &[u8], out: &mut Out) {
        if !self.echo {
            return;
        }
        match self.format {
            Format::Jsonl => {
                out.extend_from_slice(b",\"input\":");
                out::json_str(out, input);
            }
            Format::Tsv => {
                out.push(b'\t');
                out::tsv_str(out, input);
            }
            Format::Text => {}
        }
    }

    /// The TSV header: `[file\t]line[\tvalid][\tinput]` then `rest`.
    fn header(&self, has_valid: bool, rest: &[&str], out: &mut Out) {
        if self.format != Format::Tsv {
            return;
        }
        let mut cols: Vec<&str> = Vec::new();
        if self.with_file {
            cols.push("file");
        }
        cols.push("line");
        if has_valid {
            cols.push("valid");
        }
        if self.echo {
            cols.push("input");
        }
        cols.extend_from_slice(rest);
        out.extend_from_slice(cols.join("\t").as_bytes());
        out.push(b'\n');
    }
}

/// A component as bytes.
#[inline]
fn b(s: Option<&str>) -> Option<&[u8]> {
    s.map(str::as_bytes)
}

/// Appends a JSON key (with its leading comma and trailing colon).
#[inline]
fn key(out: &mut Out, k: &[u8]) {
    out.extend_from_slice(k);
}

/// `"error":{...}` body pieces for a parse error.
fn json_error(out: &mut Out, within: Option<&str>, kind: &str, index: Option<usize>, message: &str) {
    out.extend_from_slice(b",\"error\":{");
    if let Some(w) = within {
        out.extend_from_slice(b"\"in\":");
        out::json_str(out, w.as_bytes());
        out.push(b',');
    }
    out.extend_from_slice(b"\"kind\":");
    out::json_str(out, kind.as_bytes());
    out.extend_from_slice(b",\"index\":");
    match index {
        Some(i) => out::u64(out, i as u64),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"message\":");
    out::json_str(out, message.as_bytes());
    out.push(b'}');
}

fn tsv_error(out: &mut Out, kind: &str, index: Option<usize>, message: &str) {
    out.push(b'\t');
    out::tsv_str(out, kind.as_bytes());
    out.push(b'\t');
    match index {
        Some(i) => out::u64(out, i as u64),
        None => out.extend_from_slice(b"\\N"),
    }
    out.push(b'\t');
    out::tsv_str(out, message.as_bytes());
}

// ---------------------------------------------------------------- parse

pub struct ParseJob {
    pub p: Prefix,
    pub rule: Syntax,
}

const PARSE_COLS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
    "error_kind",
    "error_index",
    "error_message",
];

impl ParseJob {
    #[inline(always)]
    fn valid_json(&self, u: &UriRef<'_>, t: &[u8], c: &mut Cursor<'_>) {
        let p = u.components();
        c.extend(b",\"scheme\":");
        c.json_opt(t, b(p.scheme));
        c.extend(b",\"authority\":");
        c.json_opt(t, b(p.authority));
        if p.authority.is_some() {
            c.extend(b",\"userinfo\":");
            c.json_opt(t, b(u.userinfo()));
            c.extend(b",\"host\":");
            c.json_opt(t, b(u.host()));
            c.extend(b",\"host_kind\":");
            match u.host_kind() {
                Some(k) => {
                    c.push(b'"');
                    c.extend(k.name().as_bytes());
                    c.push(b'"');
                }
                None => c.extend(b"null"),
            }
            c.extend(b",\"port\":");
            c.json_opt(t, b(u.port()));
        } else {
            c.extend(b",\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null");
        }
        c.extend(b",\"path\":");
        c.json_opt(t, Some(p.path.as_bytes()));
        c.extend(b",\"query\":");
        c.json_opt(t, b(p.query));
        c.extend(b",\"fragment\":");
        c.json_opt(t, b(p.fragment));
        c.extend(b"}\n");
    }

    #[inline(always)]
    fn valid_tsv(&self, u: &UriRef<'_>, t: &[u8], c: &mut Cursor<'_>) {
        let p = u.components();
        c.push(b'\t');
        c.tsv_opt(t, b(p.scheme));
        c.push(b'\t');
        c.tsv_opt(t, b(p.authority));
        if p.authority.is_some() {
            c.push(b'\t');
            c.tsv_opt(t, b(u.userinfo()));
            c.push(b'\t');
            c.tsv_opt(t, b(u.host()));
            c.push(b'\t');
            c.extend(u.host_kind().map_or(&b"\\N"[..], |k| k.name().as_bytes()));
            c.push(b'\t');
            c.tsv_opt(t, b(u.port()));
        } else {
            c.extend(b"\t\\N\t\\N\t\\N\t\\N");
        }
        c.push(b'\t');
        c.put(t, p.path.as_bytes());
        c.push(b'\t');
        c.tsv_opt(t, b(p.query));
        c.push(b'\t');
        c.tsv_opt(t, b(p.fragment));
        c.extend(b"\t\\N\t\\N\t\\N\n");
    }

    fn invalid(&self, bytes: &[u8], e: &ParseError, out: &mut Out) {
        let c = uriscan::split_bytes(bytes);
        let message = e.to_string();
        match self.p.format {
            Format::Jsonl => {
                key(out, b",\"scheme\":");
                out::json_opt(out, c.scheme);
                key(out, b",\"authority\":");
                out::json_opt(out, c.authority);
                out.extend_from_slice(b",\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null");
                key(out, b",\"path\":");
                out::json_str(out, c.path);
                key(out, b",\"query\":");
                out::json_opt(out, c.query);
                key(out, b",\"fragment\":");
                out::json_opt(out, c.fragment);
                json_error(out, None, e.kind().name(), Some(e.index()), &message);
                out.extend_from_slice(b"}\n");
            }
            _ => {
                out.push(b'\t');
                out::tsv_opt(out, c.scheme);
                out.push(b'\t');
                out::tsv_opt(out, c.authority);
                out.extend_from_slice(b"\t\\N\t\\N\t\\N\t\\N\t");
                out::tsv_str(out, c.path);
                out.push(b'\t');
                out::tsv_opt(out, c.query);
                out.push(b'\t');
                out::tsv_opt(out, c.fragment);
                tsv_error(out, e.kind().name(), Some(e.index()), &message);
                out.push(b'\n');
            }
        }
    }
}

impl Job for ParseJob {
    type Acc = ();

    fn header(&self, out: &mut Out) {
        self.p.header(true, PARSE_COLS, out);
    }

    #[inline]
    fn line(&self, f: &FileCtx, l: &Line<'_>, out: &mut Out, _: &mut ()) {
        let (line, bytes, tail) = (l.no, l.bytes, l.tail);
        match l.parse(self.rule) {
            Ok(u) => out.with(self.p.room(f, bytes.len()), |c| {
                self.p.start_c(f, line, c);
                self.p.valid_c(bytes, tail, c);
                match self.p.format {
                    Format::Jsonl => self.valid_json(&u, tail, c),
                    _ => self.valid_tsv(&u, tail, c),
                }
            }),
            Err(e) => {
                self.p.start(f, line, out);
                self.p.valid(false, bytes, out);
                self.invalid(bytes, &e, out);
            }
        }
    }

    fn merge(&self, _: &mut (), _: ()) {}
}

// ---------------------------------------------------------------- split

pub struct SplitJob {
    pub p: Prefix,
}

impl Job for SplitJob {
    type Acc = ();

    fn header(&self, out: &mut Out) {
        self.p.header(false, &["scheme", "authority", "path", "query", "fragment"], out);
    }

    #[inline]
    fn line(&self, f: &FileCtx, l: &Line<'_>, out: &mut Out, _: &mut ()) {
        let (line, bytes, tail) = (l.no, l.bytes, l.tail);
        let c = uriscan::split_bytes(bytes);
        let fields = [c.scheme, c.authority, Some(c.path), c.query, c.fragment];
        const KEYS: [&[u8]; 5] =
            [b",\"scheme\":", b",\"authority\":", b",\"path\":", b",\"query\":", b",\"fragment\":"];
        if out::plain(bytes) {
            // Nothing to escape: copy through a cursor.
            out.with(self.p.room(f, bytes.len()), |c| {
                self.p.start_c(f, line, c);
                match self.p.format {
                    Format::Jsonl => {
                        if self.p.echo {
                            c.extend(b",\"input\":");
                            c.json_opt(tail, Some(bytes));
                        }
                        for (k, v) in KEYS.iter().zip(fields) {
                            c.extend(k);
                            c.json_opt(tail, v);
                        }
                        c.extend(b"}\n");
                    }
                    _ => {
                        if self.p.echo {
                            c.push(b'\t');
                            c.put(tail, bytes);
                        }
                        for v in fields {
                            c.push(b'\t');
                            c.tsv_opt(tail, v);
                        }
                        c.push(b'\n');
                    }
                }
            });
            return;
        }
        self.p.start(f, line, out);
        self.p.input(bytes, out);
        match self.p.format {
            Format::Jsonl => {
                for (k, v) in KEYS.iter().zip(fields) {
                    out.extend_from_slice(k);
                    out::json_opt(out, v);
                }
                out.extend_from_slice(b"}\n");
            }
            _ => {
                for v in fields {
                    out.push(b'\t');
                    out::tsv_opt(out, v);
                }
                out.push(b'\n');
            }
        }
    }

    fn merge(&self, _: &mut (), _: ()) {}
}

// ------------------------------------------------------ resolve, normalize

/// Why a line has no result.
struct Failure {
    within: Option<&'static str>,
    kind: &'static str,
    index: Option<usize>,
    message: String,
}

impl Failure {
    fn parse(within: Option<&'static str>, e: &ParseError) -> Failure {
        Failure { within, kind: e.kind().name(), index: Some(e.index()), message: e.to_string() }
    }
}

/// Writes a `result` record (resolve, normalize).
fn result_record(p: &Prefix, has_within: bool, bytes: &[u8], r: Result<&str, Failure>, out: &mut Out) {
    p.valid(r.is_ok(), bytes, out);
    match p.format {
        Format::Jsonl => {
            out.extend_from_slice(b",\"result\":");
            match &r {
                Ok(s) => out::json_str(out, s.as_bytes()),
                Err(e) => {
                    out.extend_from_slice(b"null");
                    json_error(out, e.within, e.kind, e.index, &e.message);
                }
            }
            out.extend_from_slice(b"}\n");
        }
        Format::Tsv => {
            out.push(b'\t');
            match &r {
                Ok(s) => {
                    out::tsv_str(out, s.as_bytes());
                    if has_within {
                        out.extend_from_slice(b"\t\\N");
                    }
                    out.extend_from_slice(b"\t\\N\t\\N\t\\N");
                }
                Err(e) => {
                    out.extend_from_slice(b"\\N");
                    if has_within {
                        out.push(b'\t');
                        out::tsv_opt(out, e.within.map(str::as_bytes));
                    }
                    tsv_error(out, e.kind, e.index, &e.message);
                }
            }
            out.push(b'\n');
        }
        Format::Text => {
            if let Ok(s) = r {
                out.extend_from_slice(s.as_bytes());
            }
            out.push(b'\n');
        }
    }
}

pub struct ResolveJob<'b> {
    pub p: Prefix,
    /// The `--base`, or `None` for `--pairs`.
    pub base: Option<UriRef<'b>>,
    pub mode: ResolveMode,
}

impl ResolveJob<'_> {
    fn resolve(&self, bytes: &[u8], scratch: &mut String) -> Result<(), Failure> {
        let (base, reference) = match self.base {
            Some(b) => (b, bytes),
            None => {
                let Some(tab) = memchr::memchr(b'\t', bytes) else {
                    return Err(Failure {
                        within: Some("line"),
                        kind: "format",
                        index: Some(bytes.len()),
                        message: "no TAB between base and reference".into(),
                    });
                };
                let base = UriRef::parse_bytes(&bytes[..tab]).map_err(|e| Failure::parse(Some("base"), &e))?;
                (base, &bytes[tab + 1..])
            }
        };
        let r = UriRef::parse_bytes(reference).map_err(|e| Failure::parse(Some("reference"), &e))?;
        r.resolve_into(&base, self.mode, scratch).map_err(|e| Failure {
            within: Some("base"),
            kind: "resolution",
            index: None,
            message: e.to_string(),
        })
    }
}

impl Job for ResolveJob<'_> {
    /// A reusable output string.
    type Acc = String;

    fn header(&self, out: &mut Out) {
        self.p.header(true, &["result", "error_in", "error_kind", "error_index", "error_message"], out);
    }

    fn line(&self, f: &FileCtx, l: &Line<'_>, out: &mut Out, scratch: &mut String) {
        let (line, bytes) = (l.no, l.bytes);
        self.p.start(f, line, out);
        let r = self.resolve(bytes, scratch);
        result_record(&self.p, true, bytes, r.map(|()| scratch.as_str()), out);
    }

    fn merge(&self, _: &mut String, _: String) {}
}

pub struct NormalizeJob {
    pub p: Prefix,
    pub rule: Syntax,
    pub opts: NormalizeOptions,
}

impl Job for NormalizeJob {
    type Acc = ();

    fn header(&self, out: &mut Out) {
        self.p.header(true, &["result", "error_kind", "error_index", "error_message"], out);
    }

    fn line(&self, f: &FileCtx, l: &Line<'_>, out: &mut Out, _: &mut ()) {
        let (line, bytes) = (l.no, l.bytes);
        self.p.start(f, line, out);
        match l.parse(self.rule) {
            Ok(u) => {
                // The comparison key is the normalized form: two references
                // are `normalized_eq` exactly when these strings are equal.
                let n = u.normalize_with(self.opts);
                result_record(&self.p, false, bytes, Ok(&*n), out);
            }
            Err(e) => result_record(&self.p, false, bytes, Err(Failure::parse(None, &e)), out),
        }
    }

    fn merge(&self, _: &mut (), _: ()) {}
}

// ---------------------------------------------------------------- check

pub struct CheckJob {
    pub rule: Syntax,
    /// Also report valid hosts that resolvers may read as an IPv4 address
    /// (RFC 3986 §7.4).
    pub strict_hosts: bool,
}

/// The message of a parse error without its index (the column says it).
pub fn check_message(e: &ParseError) -> String {
    let k = e.kind().name();
    match e.found() {
        _ if e.kind() == uriscan::ErrorKind::TooLong => e.to_string(),
        None => format!("unexpected end of input in {k}"),
        Some(b) if b.is_ascii_graphic() || b == b' ' => format!("invalid character '{}' in {k}", b as char),
        Some(b) if b >= 0x80 => format!("non-ASCII byte 0x{b:02X} in {k}"),
        Some(b) => format!("control byte 0x{b:02X} in {k}"),
    }
}

/// Invalid lines seen.
#[derive(Default)]
pub struct CheckAcc {
    pub invalid: u64,
}

impl Job for CheckJob {
    type Acc = CheckAcc;

    #[inline]
    fn line(&self, f: &FileCtx, l: &Line<'_>, out: &mut Out, acc: &mut CheckAcc) {
        let line = l.no;
        let mut report = |col: usize, msg: &str| {
            acc.invalid += 1;
            out.extend_from_slice(f.name.as_bytes());
            out.push(b':');
            out.extend_from_slice(line.as_bytes());
            out.push(b':');
            out::u64(out, col as u64);
            out.extend_from_slice(b": ");
            out.extend_from_slice(msg.as_bytes());
            out.push(b'\n');
        };
        match l.parse(self.rule) {
            Err(e) => report(e.index() + 1, &check_message(&e)),
            Ok(u) if self.strict_hosts => {
                if let (Some(a), Some(h)) = (u.ambiguous_ipv4_host(), u.host()) {
                    let col = h.as_ptr() as usize - u.as_str().as_ptr() as usize + 1;
                    report(col, &format!("{a} (RFC 3986 section 7.4): {h}"));
                }
            }
            Ok(_) => {}
        }
    }

    fn merge(&self, into: &mut CheckAcc, from: CheckAcc) {
        into.invalid += from.invalid;
    }
}

// ---------------------------------------------------------------- stats

pub struct StatsJob {
    pub rule: Syntax,
}

#[derive(Default)]
pub struct StatsAcc {
    pub valid: u64,
    pub invalid: u64,
    pub empty: u64,
    pub by_kind: HashMap<&'static str, u64>,
    pub host_kinds: HashMap<&'static str, u64>,
    pub schemes: HashMap<String, u64>,
    pub hosts: HashMap<String, u64>,
    pub ports: HashMap<String, u64>,
    scratch: String,
}

fn bump(map: &mut HashMap<String, u64>, scratch: &mut String, s: &str, lower: bool) {
    scratch.clear();
    scratch.push_str(s);
    if lower {
        scratch.make_ascii_lowercase();
    }
    match map.get_mut(scratch.as_str()) {
        Some(c) => *c += 1,
        None => {
            map.insert(scratch.clone(), 1);
        }
    }
}

fn merge_map<K: std::hash::Hash + Eq>(into: &mut HashMap<K, u64>, from: HashMap<K, u64>) {
    for (k, v) in from {
        *into.entry(k).or_insert(0) += v;
    }
}

impl Job for StatsJob {
    type Acc = StatsAcc;

    fn line(&self, _: &FileCtx, l: &Line<'_>, _: &mut Out, acc: &mut StatsAcc) {
        let bytes = l.bytes;
        if bytes.is_empty() {
            acc.empty += 1;
        }
        match l.parse(self.rule) {
            Ok(u) => {
                acc.valid += 1;
                if let Some(s) = u.scheme() {
                    bump(&mut acc.schemes, &mut acc.scratch, s, true);
                }
                if let Some(h) = u.host() {
                    bump(&mut acc.hosts, &mut acc.scratch, h, true);
                }
                if let Some(k) = u.host_kind() {
                    *acc.host_kinds.entry(k.name()).or_insert(0) += 1;
                }
                if let Some(p) = u.port() {
                    bump(&mut acc.ports, &mut acc.scratch, p, false);
                }
            }
            Err(e) => {
                acc.invalid += 1;
                *acc.by_kind.entry(e.kind().name()).or_insert(0) += 1;
            }
        }
    }

    fn merge(&self, into: &mut StatsAcc, from: StatsAcc) {
        into.valid += from.valid;
        into.invalid += from.invalid;
        into.empty += from.empty;
        merge_map(&mut into.by_kind, from.by_kind);
        merge_map(&mut into.host_kinds, from.host_kinds);
        merge_map(&mut into.schemes, from.schemes);
        merge_map(&mut into.hosts, from.hosts);
        merge_map(&mut into.ports, from.ports);
    }
}
