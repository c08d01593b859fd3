//! What each command does with a line: the record formats.

use std::collections::HashMap;

use uriscan::{HostKind, NormalizeOptions, ParseError, ResolveMode, Rule, UriRef};

use crate::args::Format;
use crate::out::{self, LineNo, Out};
use crate::run::{FileCtx, Job};

/// The name of a host kind in records.
pub fn host_kind_name(k: HostKind) -> &'static str {
    match k {
        HostKind::RegName => "reg-name",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::IpvFuture => "ipvfuture",
    }
}

/// The record prefix shared by all record-writing commands.
pub struct Prefix {
    pub format: Format,
    pub with_file: bool,
    pub echo: bool,
}

impl Prefix {
    /// `{"file":..,"line":N` or `FILE\tN`.
    #[inline]
    fn start(&self, f: &FileCtx, line: &LineNo, out: &mut Out) {
        match self.format {
            Format::Jsonl => {
                out.push(b'{');
                if self.with_file {
                    out.extend_from_slice(b"\"file\":");
                    out.extend_from_slice(&f.json_name);
                    out.push(b',');
                }
                out.extend_from_slice(b"\"line\":");
                line.write(out);
            }
            Format::Tsv => {
                if self.with_file {
                    out.extend_from_slice(&f.tsv_name);
                    out.push(b'\t');
                }
                line.write(out);
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
    pub rule: Rule,
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
    #[inline]
    fn valid_json(&self, u: &UriRef<'_>, t: &[u8], out: &mut Out) {
        let c = u.components();
        out.reserve(u.as_str().len() * 2 + 200);
        key(out, b",\"scheme\":");
        out::json_put_opt(out, t, b(c.scheme));
        key(out, b",\"authority\":");
        out::json_put_opt(out, t, b(c.authority));
        if c.authority.is_some() {
            key(out, b",\"userinfo\":");
            out::json_put_opt(out, t, b(u.userinfo()));
            key(out, b",\"host\":");
            out::json_put_opt(out, t, b(u.host()));
            key(out, b",\"host_kind\":");
            out::json_plain_opt(out, u.host_kind().map(|k| host_kind_name(k).as_bytes()));
            key(out, b",\"port\":");
            out::json_put_opt(out, t, b(u.port()));
        } else {
            key(out, b",\"userinfo\":null,\"host\":null,\"host_kind\":null,\"port\":null");
        }
        key(out, b",\"path\":");
        out::json_put_opt(out, t, Some(c.path.as_bytes()));
        key(out, b",\"query\":");
        out::json_put_opt(out, t, b(c.query));
        key(out, b",\"fragment\":");
        out::json_put_opt(out, t, b(c.fragment));
        out.extend_from_slice(b"}\n");
    }

    #[inline]
    fn valid_tsv(&self, u: &UriRef<'_>, t: &[u8], out: &mut Out) {
        let c = u.components();
        out.reserve(u.as_str().len() * 2 + 64);
        out.push(b'\t');
        out::tsv_put_opt(out, t, b(c.scheme));
        out.push(b'\t');
        out::tsv_put_opt(out, t, b(c.authority));
        if c.authority.is_some() {
            out.push(b'\t');
            out::tsv_put_opt(out, t, b(u.userinfo()));
            out.push(b'\t');
            out::tsv_put_opt(out, t, b(u.host()));
            out.push(b'\t');
            out::tsv_plain_opt(out, u.host_kind().map(|k| host_kind_name(k).as_bytes()));
            out.push(b'\t');
            out::tsv_put_opt(out, t, b(u.port()));
        } else {
            out.extend_from_slice(b"\t\\N\t\\N\t\\N\t\\N");
        }
        out.push(b'\t');
        out::put(out, t, c.path.as_bytes());
        out.push(b'\t');
        out::tsv_put_opt(out, t, b(c.query));
        out.push(b'\t');
        out::tsv_put_opt(out, t, b(c.fragment));
        out.extend_from_slice(b"\t\\N\t\\N\t\\N\n");
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
    fn line(&self, f: &FileCtx, line: &LineNo, bytes: &[u8], tail: &[u8], out: &mut Out, _: &mut ()) {
        self.p.start(f, line, out);
        match UriRef::parse_bytes_as(bytes, self.rule) {
            Ok(u) => {
                self.p.valid(true, bytes, out);
                match self.p.format {
                    Format::Jsonl => self.valid_json(&u, tail, out),
                    _ => self.valid_tsv(&u, tail, out),
                }
            }
            Err(e) => {
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
    fn line(&self, f: &FileCtx, line: &LineNo, bytes: &[u8], _tail: &[u8], out: &mut Out, _: &mut ()) {
        self.p.start(f, line, out);
        self.p.input(bytes, out);
        let c = uriscan::split_bytes(bytes);
        match self.p.format {
            Format::Jsonl => {
                key(out, b",\"scheme\":");
                out::json_opt(out, c.scheme);
                key(out, b",\"authority\":");
                out::json_opt(out, c.authority);
                key(out, b",\"path\":");
                out::json_str(out, c.path);
                key(out, b",\"query\":");
                out::json_opt(out, c.query);
                key(out, b",\"fragment\":");
                out::json_opt(out, c.fragment);
                out.extend_from_slice(b"}\n");
            }
            _ => {
                for v in [c.scheme, c.authority, Some(c.path), c.query, c.fragment] {
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

    fn line(&self, f: &FileCtx, line: &LineNo, bytes: &[u8], _tail: &[u8], out: &mut Out, scratch: &mut String) {
        self.p.start(f, line, out);
        let r = self.resolve(bytes, scratch);
        result_record(&self.p, true, bytes, r.map(|()| scratch.as_str()), out);
    }

    fn merge(&self, _: &mut String, _: String) {}
}

pub struct NormalizeJob {
    pub p: Prefix,
    pub rule: Rule,
    pub opts: NormalizeOptions,
}

impl Job for NormalizeJob {
    type Acc = ();

    fn header(&self, out: &mut Out) {
        self.p.header(true, &["result", "error_kind", "error_index", "error_message"], out);
    }

    fn line(&self, f: &FileCtx, line: &LineNo, bytes: &[u8], _tail: &[u8], out: &mut Out, _: &mut ()) {
        self.p.start(f, line, out);
        match UriRef::parse_bytes_as(bytes, self.rule) {
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
    pub rule: Rule,
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
    fn line(&self, f: &FileCtx, line: &LineNo, bytes: &[u8], _tail: &[u8], out: &mut Out, acc: &mut CheckAcc) {
        if let Err(e) = UriRef::parse_bytes_as(bytes, self.rule) {
            acc.invalid += 1;
            out.extend_from_slice(f.name.as_bytes());
            out.push(b':');
            line.write(out);
            out.push(b':');
            out::u64(out, e.index() as u64 + 1);
            out.extend_from_slice(b": ");
            out.extend_from_slice(check_message(&e).as_bytes());
            out.push(b'\n');
        }
    }

    fn merge(&self, into: &mut CheckAcc, from: CheckAcc) {
        into.invalid += from.invalid;
    }
}

// ---------------------------------------------------------------- stats

pub struct StatsJob {
    pub rule: Rule,
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

    fn line(&self, _: &FileCtx, _: &LineNo, bytes: &[u8], _tail: &[u8], _: &mut Out, acc: &mut StatsAcc) {
        if bytes.is_empty() {
            acc.empty += 1;
        }
        match UriRef::parse_bytes_as(bytes, self.rule) {
            Ok(u) => {
                acc.valid += 1;
                if let Some(s) = u.scheme() {
                    bump(&mut acc.schemes, &mut acc.scratch, s, true);
                }
                if let Some(h) = u.host() {
                    bump(&mut acc.hosts, &mut acc.scratch, h, true);
                }
                if let Some(k) = u.host_kind() {
                    *acc.host_kinds.entry(host_kind_name(k)).or_insert(0) += 1;
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
