//! What each command does with a line, and the columns of its records. A
//! command is a [`Records`] job: its column list, declared once here, is
//! what `--fields` selects from and what every writer takes its fields from.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::HashMap;

use uriscan::security::FindingKind;
use uriscan::{percent, Grammar, NormalizeOptions, ParseError, ResolveMode, Syntax, UriRef};
use uriscan_crawl::{CanonError, DomainOptions, HostClass, ParamFilter, Profile, Section, SurtOptions};

use crate::driver::{joined, Job};
use crate::line::Line;
use crate::line_columns;
use crate::record::{ColType, Fields, Fill, Format, Row, Sink, Val};

/// A command that writes records.
pub trait Records: Job {
    /// The columns of its records, in the order `Row`s are filled.
    const COLUMNS: &'static [&'static str];
    /// Read whole files rather than lines.
    const WHOLE: bool = false;
    /// The format without `--format`.
    fn default_format(&self) -> Format {
        Format::Jsonl
    }
    /// The text layout (`{column}` placeholders); `None`: the fields joined by TAB.
    fn text(&self, _with_file: bool) -> Option<&'static str> {
        None
    }
    /// The type of a column in typed output (Parquet).
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    fn column_type(&self, name: &str) -> ColType {
        crate::record::column_type(name)
    }
}

/// `error_kind`, `error_index`, `error_message` of a parse error.
fn push_error<'a>(r: &mut impl Fields<'a>, e: &ParseError) {
    r.name(e.kind().name());
    r.push(Val::Int(e.index() as u64));
    r.push(Val::owned(e.to_string()));
}

/// The columns of a conversion: the result, or why there is none.
macro_rules! conversion_columns {
    () => {
        line_columns!["valid", "result", "error_kind", "error_index", "error_message"]
    };
}

// ---------------------------------------------------------------- parse

pub struct ParseJob {
    pub syntax: Syntax,
}

impl Records for ParseJob {
    const COLUMNS: &'static [&'static str] = line_columns![
        "valid",
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
}

impl Job for ParseJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        out.write(self, l);
    }

    /// A chunk of text goes through the library's batch parser
    /// ([`Syntax::parse_each`]: its SIMD code entered once per chunk, not
    /// once per line); each record is what [`line`](Job::line) writes.
    #[inline(always)]
    fn lines<'a, I: Iterator<Item = Line<'a>>>(&self, mut lines: I, out: &mut Sink<'_>, acc: &mut ()) {
        // The first line tells whether the chunk is text.
        let Some(first) = lines.next() else { return };
        self.line(&first, out, acc);
        if first.text.is_none() {
            for l in lines {
                self.line(&l, out, acc);
            }
            return;
        }
        let current = Cell::new(first);
        let texts = Texts { lines, current: &current };
        self.syntax.parse_each(texts, |_, r| {
            let l = current.get();
            if l.text.is_some() {
                out.write(&Parsed(r), &l);
            } else {
                out.write(self, &l);
            }
        });
    }
}

/// The text of each of `lines` (empty when a line has none), the line
/// itself left in `current`: the batch parser takes the next text only
/// after its callback for this one, which finds the line there. (A `map`
/// closure was not inlined into the parser's loop: a call per line.)
struct Texts<'c, 'a, I> {
    lines: I,
    current: &'c Cell<Line<'a>>,
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for Texts<'_, 'a, I> {
    type Item = &'a str;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a str> {
        let l = self.lines.next()?;
        self.current.set(l);
        Some(l.text.unwrap_or_default())
    }
}

impl Fill for ParseJob {
    #[inline]
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        fill_parse(l, l.parse(self.syntax), r);
    }
}

/// The record of `parse` of a line, whose parse is given.
struct Parsed<'u>(Result<UriRef<'u>, ParseError>);

impl Fill for Parsed<'_> {
    #[inline(always)]
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        fill_parse(l, self.0, r);
    }
}

/// The values of the record of `parse` of line `l`, parsed as `parse`.
#[inline(always)]
fn fill_parse<'a, F: Fields<'a>>(l: &Line<'a>, parse: Result<UriRef<'_>, ParseError>, r: &mut F) {
    l.first_fields(r);
    match parse {
        Ok(u) => {
            // Each component as its range in the line (`u` views it).
            r.push(Val::Bool(true));
            r.part(l, u.range(uriscan::Component::Scheme));
            r.part(l, u.range(uriscan::Component::Authority));
            r.part(l, u.range(uriscan::Component::Userinfo));
            r.part(l, u.range(uriscan::Component::Host));
            match u.host_kind() {
                Some(k) => r.name(k.name()),
                None => r.push(Val::Null),
            }
            r.part(l, u.range(uriscan::Component::Port));
            r.part(l, u.range(uriscan::Component::Path));
            r.part(l, u.range(uriscan::Component::Query));
            r.part(l, u.range(uriscan::Component::Fragment));
            r.nulls(3);
        }
        Err(e) => {
            // The Appendix B split of the invalid line.
            let c = uriscan::split_bytes(l.bytes);
            r.push(Val::Bool(false));
            r.push(Val::opt_b(c.scheme));
            r.push(Val::opt_b(c.authority));
            r.nulls(4);
            r.push(Val::b(c.path));
            r.push(Val::opt_b(c.query));
            r.push(Val::opt_b(c.fragment));
            push_error(r, &e);
        }
    }
}

// ------------------------------------------------------- parse --lenient

/// `parse --lenient`: the columns of `parse` for every line (an invalid
/// line's components are the library's lenient ones: the Appendix B split,
/// then userinfo, host and port), and every violation of the grammar.
pub struct LenientJob {
    pub syntax: Syntax,
}

impl Records for LenientJob {
    /// `parse`'s columns, then the violations.
    const COLUMNS: &'static [&'static str] = &LENIENT_COLUMNS;
}

/// `parse --lenient`'s record.
const LENIENT_COLUMNS: [&str; 18] = joined(ParseJob::COLUMNS, &["violation_count", "violations"]);

impl Job for LenientJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        out.write(self, l);
    }
}

impl Fill for LenientJob {
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        l.first_fields(r);
        let p = self.syntax.parse_lenient_bytes(l.bytes);
        r.push(Val::Bool(p.is_valid()));
        r.push(Val::opt_b(p.scheme()));
        r.push(Val::opt_b(p.authority()));
        r.push(Val::opt_b(p.userinfo()));
        r.push(Val::opt_b(p.host()));
        match p.host_kind() {
            Some(k) => r.name(k.name()),
            None => r.push(Val::Null),
        }
        r.push(Val::opt_b(p.port()));
        r.push(Val::b(p.path()));
        r.push(Val::opt_b(p.query()));
        r.push(Val::opt_b(p.fragment()));
        match p.error() {
            Some(e) => push_error(r, &e),
            None => r.nulls(3),
        }
        // `INDEX:KIND` items joined by ',' (kind names hold neither).
        let mut list = String::new();
        let mut n = 0u64;
        for v in p.violations() {
            if n > 0 {
                list.push(',');
            }
            list.push_str(&v.index().to_string());
            list.push(':');
            list.push_str(v.kind().name());
            n += 1;
        }
        r.push(Val::Int(n));
        r.push(Val::owned(list));
    }
}

// ---------------------------------------------------------------- split

pub struct SplitJob;

impl Records for SplitJob {
    const COLUMNS: &'static [&'static str] = line_columns!["scheme", "authority", "path", "query", "fragment"];
}

impl Job for SplitJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let c = uriscan::split_bytes(l.bytes);
        let mut r = l.row();
        r.push(Val::opt_b(c.scheme));
        r.push(Val::opt_b(c.authority));
        r.push(Val::b(c.path));
        r.push(Val::opt_b(c.query));
        r.push(Val::opt_b(c.fragment));
        out.emit(&r);
    }
}

// ------------------------------------------------------ resolve, normalize

pub struct ResolveJob<'b> {
    /// The `--base`, or `None` for `--pairs`.
    pub base: Option<UriRef<'b>>,
    /// Relativize (the line is the target) instead of resolve (the line is
    /// the reference).
    pub relativize: bool,
    pub mode: ResolveMode,
    /// What base and reference are parsed as: RFC 3986 or RFC 3987.
    pub grammar: Grammar,
    /// Write IRIs: with RFC 3987, results are mapped to URIs unless set.
    pub iri: bool,
}

impl Records for ResolveJob<'_> {
    const COLUMNS: &'static [&'static str] =
        line_columns!["valid", "result", "error_in", "error_kind", "error_index", "error_message"];
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

/// Why a line has no result: where, kind, index, message.
type Failure = (&'static str, &'static str, Option<usize>, String);

fn failure(within: &'static str, e: &ParseError) -> Failure {
    (within, e.kind().name(), Some(e.index()), e.to_string())
}

impl ResolveJob<'_> {
    fn parse<'x>(&self, b: &'x [u8]) -> Result<UriRef<'x>, ParseError> {
        match self.grammar {
            Grammar::Rfc3986 => Syntax::UriReference.parse_bytes(b),
            g => g.reference().parse_bytes(b),
        }
    }

    fn resolve(&self, bytes: &[u8]) -> Result<String, Failure> {
        let (base, reference) = match self.base {
            Some(b) => (b, bytes),
            None => {
                let Some(tab) = memchr::memchr(b'\t', bytes) else {
                    return Err(("line", "format", Some(bytes.len()), "no TAB between base and reference".into()));
                };
                let base = self.parse(&bytes[..tab]).map_err(|e| failure("base", &e))?;
                (base, &bytes[tab + 1..])
            }
        };
        if self.relativize {
            let t = self.parse(reference).map_err(|e| failure("target", &e))?;
            return t.relativize(&base).map(String::from).map_err(|e| ("target", "relativize", None, e.to_string()));
        }
        let r = self.parse(reference).map_err(|e| failure("reference", &e))?;
        let mut s = String::new();
        r.resolve_into_with(&base, &mut s, self.mode).map_err(|e| ("base", "resolution", None, e.to_string()))?;
        if self.grammar == Grammar::Rfc3987 && !self.iri {
            if let Cow::Owned(uri) = uriscan::iri::to_uri_str(&s) {
                return Ok(uri);
            }
        }
        Ok(s)
    }
}

impl Job for ResolveJob<'_> {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        match self.resolve(l.bytes) {
            Ok(s) => {
                r.push(Val::Bool(true));
                r.push(Val::owned(s));
                r.nulls(4);
            }
            Err((within, kind, index, message)) => {
                r.push(Val::Bool(false));
                r.push(Val::Null);
                r.push(Val::s(within));
                r.push(Val::s(kind));
                r.push(index.map_or(Val::Null, |i| Val::Int(i as u64)));
                r.push(Val::owned(message));
            }
        }
        out.emit(&r);
    }
}

pub struct NormalizeJob {
    pub rule: Syntax,
    pub opts: NormalizeOptions,
    /// `--key`: text by default.
    pub key: bool,
}

impl Records for NormalizeJob {
    const COLUMNS: &'static [&'static str] = conversion_columns!();
    fn default_format(&self) -> Format {
        if self.key {
            Format::Text
        } else {
            Format::Jsonl
        }
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for NormalizeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        match l.parse(self.rule) {
            Ok(u) => {
                // The comparison key is the normalized form: two references
                // are `normalized_eq` exactly when these strings are equal.
                r.push(Val::Bool(true));
                r.push(Val::owned(u.normalize_str_with(self.opts).to_string()));
                r.nulls(3);
            }
            Err(e) => {
                r.push(Val::Bool(false));
                r.push(Val::Null);
                push_error(&mut r, &e);
            }
        }
        out.emit(&r);
    }
}

// ---------------------------------------------------------------- check

pub struct CheckJob {
    pub syntax: Syntax,
    /// Also report valid hosts that resolvers may read as an IPv4 address
    /// (RFC 3986 §7.4).
    pub strict_hosts: bool,
    /// Count only.
    pub quiet: bool,
    /// Every violation of a line (`--all`), not only the first.
    pub all: bool,
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

impl Records for CheckJob {
    const COLUMNS: &'static [&'static str] = line_columns!["col", "error_kind", "error_index", "message"];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{file}:{line}:{col}: {message}")
    }
}

impl CheckJob {
    /// Writes one finding of line `l` (unless `--quiet`).
    fn report(&self, l: &Line<'_>, out: &mut Sink<'_>, index: usize, kind: &'static str, msg: String) {
        if !self.quiet {
            let mut r = l.row();
            r.push(Val::Int(index as u64 + 1));
            r.push(Val::s(kind));
            r.push(Val::Int(index as u64));
            r.push(Val::owned(msg));
            out.emit(&r);
        }
    }

    /// Writes what is wrong with line `l`, whose first error is `e`: that
    /// error, or with `--all` every violation (the first is the same).
    fn refused(&self, l: &Line<'_>, out: &mut Sink<'_>, e: &ParseError) {
        if self.all {
            for e in self.syntax.parse_lenient_bytes(l.bytes).violations() {
                self.report(l, out, e.index(), e.kind().name(), check_message(&e));
            }
        } else {
            self.report(l, out, e.index(), e.kind().name(), check_message(e));
        }
    }
}

impl Job for CheckJob {
    /// Invalid lines seen.
    type Acc = u64;
    /// Records only for invalid lines.
    const TEXT: bool = false;

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, invalid: &mut u64) {
        // Without --strict-hosts only the error matters: the validator
        // (no components recorded) gives the same one.
        if !self.strict_hosts {
            if let Err(e) = l.validate(self.syntax) {
                self.refused(l, out, &e);
                *invalid += 1;
            }
            return;
        }
        match l.parse(self.syntax) {
            Err(e) => {
                self.refused(l, out, &e);
                *invalid += 1;
            }
            Ok(u) => {
                if let (Some(a), Some(h)) = (u.ambiguous_ipv4_host(), u.host()) {
                    let index = h.as_ptr() as usize - u.as_str().as_ptr() as usize;
                    self.report(l, out, index, "ambiguous-ipv4", format!("{a} (RFC 3986 section 7.4): {h}"));
                    *invalid += 1;
                }
            }
        }
    }

    /// Without `--strict-hosts`, the chunk's lines go through the library's
    /// batch validator ([`Syntax::validate_bytes_each`]: the validator's SIMD code
    /// entered once per chunk, not once per line), with the same errors as
    /// [`line`](Job::line)'s.
    #[inline(always)]
    fn lines<'a, I: Iterator<Item = Line<'a>>>(&self, mut lines: I, out: &mut Sink<'_>, invalid: &mut u64) {
        if self.strict_hosts {
            for l in lines {
                self.line(&l, out, invalid);
            }
            return;
        }
        // The validator gets each line's bytes only (a small item, as in the
        // library's own loops); a refused line is made again from its
        // bytes, the file of the chunk's first line and its number (the
        // validator hands the items back in order): 402.7 instructions per
        // line instead of 422.6 with the whole `Line` as the item.
        // (Lines of a job without text have none: what is rebuilt is whole.)
        const { assert!(!<CheckJob as Job>::TEXT) };
        let Some(first) = lines.next() else { return };
        self.line(&first, out, invalid);
        let mut no = first.no;
        self.syntax.validate_bytes_each(BytesOf(lines), |bytes, r| {
            no += 1;
            if let Err(e) = r {
                let l = Line { file: first.file, no, bytes, text: None, escape_free: false };
                self.refused(&l, out, &e);
                *invalid += 1;
            }
        });
    }

    fn merge(&self, into: &mut u64, from: u64) {
        *into += from;
    }
}

/// The bytes of each of `lines` (always inlined, unlike a `map` closure).
struct BytesOf<I>(I);

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for BytesOf<I> {
    type Item = &'a [u8];

    #[inline(always)]
    fn next(&mut self) -> Option<&'a [u8]> {
        self.0.next().map(|l| l.bytes)
    }
}

// ---------------------------------------------------------------- stats

/// The columns of `stats`' report (written at the end, not per line).
pub const STATS_COLUMNS: &[&str] = &["section", "key", "count"];

pub struct StatsJob {
    pub syntax: Syntax,
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
    /// Registrable domains (Public Suffix List, ICANN section) of the hosts.
    pub domains: HashMap<String, u64>,
}

fn bump(map: &mut HashMap<String, u64>, s: &str, lower: bool) {
    let key: Cow<'_, str> = if lower && s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    };
    match map.get_mut(key.as_ref()) {
        Some(c) => *c += 1,
        None => {
            map.insert(key.into_owned(), 1);
        }
    }
}

fn merge_map<K: std::hash::Hash + Eq>(into: &mut HashMap<K, u64>, from: HashMap<K, u64>) {
    for (k, v) in from {
        *into.entry(k).or_insert(0) += v;
    }
}

impl Records for StatsJob {
    /// Stats writes no records per line; its report has its own layout.
    const COLUMNS: &'static [&'static str] = &[];
}

impl Job for StatsJob {
    type Acc = StatsAcc;
    /// No record per line (the report comes at the end).
    const TEXT: bool = false;

    fn line(&self, l: &Line<'_>, _: &mut Sink<'_>, acc: &mut StatsAcc) {
        if l.bytes.is_empty() {
            acc.empty += 1;
        }
        match l.parse(self.syntax) {
            Ok(u) => {
                acc.valid += 1;
                if let Some(s) = u.scheme() {
                    bump(&mut acc.schemes, s, true);
                }
                if let Some(h) = u.host() {
                    bump(&mut acc.hosts, h, true);
                    if let Some(d) = uriscan_crawl::registrable_domain(h, DomainOptions::default()) {
                        bump(&mut acc.domains, d, true);
                    }
                }
                if let Some(k) = u.host_kind() {
                    *acc.host_kinds.entry(k.name()).or_insert(0) += 1;
                }
                if let Some(p) = u.port() {
                    bump(&mut acc.ports, p, false);
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
        merge_map(&mut into.domains, from.domains);
    }
}

// ---------------------------------------------------------------- extract

pub struct ExtractJob {
    pub ex: uriscan::Extractor,
}

impl Records for ExtractJob {
    const COLUMNS: &'static [&'static str] = &[
        "file",
        "line",
        "col",
        "start",
        "end",
        "uri",
        "valid",
        "delimiter",
        "error_kind",
        "error_index",
        "error_message",
    ];
    const WHOLE: bool = true;
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, with_file: bool) -> Option<&'static str> {
        Some(if with_file { "{file}:{line}:{col}\t{uri}" } else { "{line}:{col}\t{uri}" })
    }
}

impl Job for ExtractJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let text = l.bytes;
        let (mut line, mut line_start, mut scanned) = (1u64, 0usize, 0usize);
        for m in self.ex.extract_bytes(text) {
            let start = m.start();
            for (k, &b) in text.get(scanned..start).unwrap_or_default().iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = scanned + k + 1;
                }
            }
            scanned = start;
            let mut r = Row::default();
            r.push(Val::s(&l.file.name));
            r.push(Val::Int(line));
            r.push(Val::Int((start - line_start + 1) as u64));
            r.push(Val::Int(start as u64));
            r.push(Val::Int(m.end() as u64));
            r.push(Val::owned(m.as_str().to_string()));
            r.push(Val::Bool(m.is_valid()));
            r.push(Val::s(match m.delimiter() {
                uriscan::Delimiter::Angle => "angle",
                uriscan::Delimiter::Quote => "quote",
                uriscan::Delimiter::Bare => "bare",
            }));
            match m.error() {
                None => r.nulls(3),
                Some(e) => push_error(&mut r, &e),
            }
            out.emit(&r);
        }
    }
}

// ---------------------------------------------------------- encode, decode

/// The component whose encode set `encode` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Component {
    Userinfo,
    Host,
    Path,
    Segment,
    Query,
    Fragment,
}

pub struct EncodeJob {
    /// `None`: form encoding.
    pub component: Option<Component>,
}

impl Records for EncodeJob {
    const COLUMNS: &'static [&'static str] = line_columns!["result"];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

/// `application/x-www-form-urlencoded`: unreserved bytes stay, a space is
/// `+`, everything else `%XX`.
fn encode_form(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    for part in s.split(|&b| b == b' ').enumerate() {
        if part.0 > 0 {
            out.push('+');
        }
        percent::encode_into(part.1, &uriscan::sets::UNRESERVED, &mut out);
    }
    out
}

impl Job for EncodeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        use Component as C;
        let s = l.bytes;
        let e = match self.component {
            None => Cow::Owned(encode_form(s)),
            Some(C::Userinfo) => percent::encode_userinfo(s),
            Some(C::Host) => percent::encode_reg_name(s),
            Some(C::Path) => percent::encode_path(s),
            Some(C::Segment) => percent::encode_path_segment(s),
            Some(C::Query) => percent::encode_query(s),
            Some(C::Fragment) => percent::encode_fragment(s),
        };
        let mut r = l.row();
        r.push(match e {
            Cow::Borrowed(b) => Val::s(b),
            Cow::Owned(o) => Val::owned(o),
        });
        out.emit(&r);
    }
}

pub struct DecodeJob {
    pub form: bool,
}

impl Records for DecodeJob {
    const COLUMNS: &'static [&'static str] = conversion_columns!();
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for DecodeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let d = if self.form { Ok(percent::decode_form(l.bytes)) } else { percent::decode(l.bytes) };
        let mut r = l.row();
        match d {
            Ok(b) => {
                r.push(Val::Bool(true));
                r.push(Val::Str(b));
                r.nulls(3);
            }
            Err(e) => {
                r.push(Val::Bool(false));
                r.push(Val::Null);
                r.push(Val::s("percent-encoding"));
                r.push(Val::Int(e.index() as u64));
                r.push(Val::owned(e.to_string()));
            }
        }
        out.emit(&r);
    }
}

// ---------------------------------------------------------------- security

pub struct SecurityJob;

/// A stable name for a finding kind.
fn finding_name(k: &FindingKind) -> &'static str {
    match k {
        FindingKind::UserinfoLooksLikeHost => "userinfo-looks-like-host",
        FindingKind::Password => "password",
        FindingKind::AmbiguousIpv4(_) => "ambiguous-ipv4",
        FindingKind::EncodedNul => "encoded-nul",
        FindingKind::EncodedSlash => "encoded-slash",
        FindingKind::EncodedBackslash => "encoded-backslash",
        FindingKind::EncodedDotSegment => "encoded-dot-segment",
        _ => "other",
    }
}

impl Records for SecurityJob {
    const COLUMNS: &'static [&'static str] = line_columns!["valid", "col", "section", "kind", "index", "message"];
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{file}:{line}:{col}: {message}")
    }
}

impl Job for SecurityJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        match l.parse(Syntax::UriReference) {
            Ok(u) => {
                for f in u.security_findings() {
                    let mut r = l.row();
                    r.push(Val::Bool(true));
                    r.push(Val::Int(f.index as u64 + 1));
                    r.push(Val::s(f.section()));
                    r.push(Val::s(finding_name(&f.kind)));
                    r.push(Val::Int(f.index as u64));
                    r.push(Val::owned(f.kind.to_string()));
                    out.emit(&r);
                }
            }
            Err(e) => {
                let mut r = l.row();
                r.push(Val::Bool(false));
                r.push(Val::Int(e.index() as u64 + 1));
                r.push(Val::Null);
                r.name(e.kind().name());
                r.push(Val::Int(e.index() as u64));
                r.push(Val::owned(check_message(&e)));
                out.emit(&r);
            }
        }
    }
}

// ---------------------------------------------------------- to-uri, to-iri

/// Why a conversion has no result: error kind, index (if any), message.
type ConvError = (&'static str, Option<usize>, String);

/// `valid`, `result`, then the error columns ([`conversion_columns`]).
fn converted<'a>(mut r: Row<'a>, res: Result<Val<'a>, ConvError>) -> Row<'a> {
    match res {
        Ok(v) => {
            r.push(Val::Bool(true));
            r.push(v);
            r.nulls(3);
        }
        Err((kind, index, message)) => {
            r.push(Val::Bool(false));
            r.push(Val::Null);
            r.push(Val::s(kind));
            r.push(index.map_or(Val::Null, |i| Val::Int(i as u64)));
            r.push(Val::owned(message));
        }
    }
    r
}

fn parse_failure(e: &ParseError) -> ConvError {
    (e.kind().name(), Some(e.index()), e.to_string())
}

fn cow_val(c: Cow<'_, str>) -> Val<'_> {
    match c {
        Cow::Borrowed(b) => Val::s(b),
        Cow::Owned(o) => Val::owned(o),
    }
}

/// `to-uri` and `to-iri` (RFC 3987 sections 3.1 and 3.2).
pub enum IriJob {
    /// IRI reference to URI reference; `idna`: IDNA ToASCII for a non-ASCII reg-name.
    ToUri { idna: bool },
    /// URI reference to IRI reference.
    ToIri,
}

impl Records for IriJob {
    const COLUMNS: &'static [&'static str] = conversion_columns!();
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for IriJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let res = match self {
            IriJob::ToUri { idna } => match l.parse(Syntax::IriReference) {
                Err(e) => Err(parse_failure(&e)),
                Ok(u) if *idna => {
                    u.to_uri_idna_str().map(cow_val).map_err(|e| ("idna", Some(e.index()), e.to_string()))
                }
                Ok(u) => Ok(cow_val(u.to_uri_str())),
            },
            IriJob::ToIri => match l.parse(Syntax::UriReference) {
                Ok(u) => Ok(cow_val(u.to_iri_str())),
                Err(e) => Err(parse_failure(&e)),
            },
        };
        out.emit(&converted(l.row(), res));
    }
}

// ------------------------------------------------------------ crawl: surt

pub struct SurtJob {
    pub opts: SurtOptions,
}

impl Records for SurtJob {
    const COLUMNS: &'static [&'static str] = line_columns!["surt"];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{surt}")
    }
}

impl Job for SurtJob {
    /// The key buffer, reused from line to line (no allocation per key).
    type Acc = Vec<u8>;

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, key: &mut Vec<u8>) {
        uriscan_crawl::surt_bytes_into(l.bytes, key, &self.opts);
        let mut r = l.row();
        r.push(Val::Str(Cow::Borrowed(key)));
        out.emit(&r);
    }
}

// ----------------------------------------------------------- crawl: canon

pub struct CanonJob {
    pub profile: Profile,
}

impl Records for CanonJob {
    const COLUMNS: &'static [&'static str] = conversion_columns!();
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for CanonJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let res = match uriscan_crawl::canon(l.bytes, self.profile) {
            Ok(c) => Ok(Val::Str(c)),
            Err(CanonError::Invalid(e)) => Err(parse_failure(&e)),
            Err(e) => Err(("empty", None, e.to_string())),
        };
        out.emit(&converted(l.row(), res));
    }
}

// ---------------------------------------------------------- crawl: domain

pub struct DomainJob {
    /// Lines are hosts (`--hosts`), else URI references parsed so.
    pub hosts: bool,
    pub syntax: Syntax,
    pub opts: DomainOptions,
}

impl Records for DomainJob {
    const COLUMNS: &'static [&'static str] =
        line_columns!["valid", "host", "subdomain", "domain", "suffix", "registrable_domain", "section", "host_class"];
}

/// The host of an authority that did not parse: after the last `@`, up to
/// a port's `:` (an IP literal's brackets kept whole).
fn authority_host(authority: &[u8]) -> &[u8] {
    let hostport = authority.rsplit(|&b| b == b'@').next().unwrap_or_default();
    let from = if hostport.starts_with(b"[") { memchr::memchr(b']', hostport).unwrap_or(0) } else { 0 };
    match hostport.get(from..).and_then(|t| memchr::memchr(b':', t)) {
        Some(i) => hostport.get(..from + i).unwrap_or_default(),
        None => hostport,
    }
}

/// The `section` column.
fn section_name(s: Section) -> &'static str {
    match s {
        Section::Icann => "icann",
        Section::Private => "private",
    }
}

impl Job for DomainJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        // The host: text, or bytes that are not UTF-8. (`l.text` is `None`
        // for every line of a chunk that is not all UTF-8, so it is no guide.)
        let text = |b| std::str::from_utf8(b).map_err(|_| b);
        let (valid, host) = if self.hosts {
            (Val::Null, Some(text(l.bytes)))
        } else {
            match l.parse(self.syntax) {
                Ok(u) => (Val::Bool(true), u.host().map(Ok)),
                Err(_) => (Val::Bool(false), uriscan::split_bytes(l.bytes).authority.map(|a| text(authority_host(a)))),
            }
        };
        r.push(valid);
        match host {
            None => r.nulls(7),
            // Not UTF-8: the host as it is, no parts.
            Some(Err(bytes)) => {
                r.push(Val::b(bytes));
                r.nulls(6);
            }
            Some(Ok(h)) => {
                let p = uriscan_crawl::domain_parts(h, self.opts);
                r.push(Val::s(h));
                r.push(Val::s(p.subdomain));
                r.push(Val::s(p.domain));
                r.push(Val::s(p.suffix));
                r.push(Val::opt(p.registrable_domain()));
                r.push(Val::opt(p.section.map(section_name)));
                r.push(Val::s(match p.class {
                    HostClass::Ip => "ip",
                    HostClass::Name => "name",
                }));
            }
        }
        out.emit(&r);
    }
}

// ---------------------------------------------------- crawl: strip-params

pub struct StripParamsJob<'f> {
    pub filter: ParamFilter<'f>,
}

impl Records for StripParamsJob<'_> {
    const COLUMNS: &'static [&'static str] = line_columns!["result"];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for StripParamsJob<'_> {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        r.push(Val::Str(uriscan_crawl::filter_params_bytes(l.bytes, &self.filter)));
        out.emit(&r);
    }
}
