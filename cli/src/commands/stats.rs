//! `stats`: counts of valid and invalid lines, error kinds, the top
//! schemes, hosts, ports and registrable domains. No record per line: the
//! report is written at the end, as text, or as rows `section, key, count`
//! in JSON Lines, TSV, CSV or Parquet (through the same writers as every
//! other command's records), to standard output or `-o FILE`.
//!
//! Memory is bounded ([`Counts`]): each list counts exactly up to
//! [`CAPACITY`] distinct keys, then becomes a Misra-Gries summary (the
//! mergeable variant of Agarwal et al.: over capacity, the counts lose the
//! (capacity/2 + 1)-th largest count and those left at 0 go), whose counts
//! are at most its stated error below the true ones, and whose distinct
//! count is a HyperLogLog estimate.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use uriscan::Syntax;
use uriscan_crawl::DomainOptions;

use super::{fields_help, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::record::{Column, Format, Layout, Row, Sink, Val};
use crate::run::{self, Summary};

/// Counts of valid/invalid lines, error kinds, top schemes, hosts, ports and domains
///
/// The report is written at the end: text by default, or rows section,key,count with -f
/// (jsonl, tsv, csv, parquet), to standard output or -o FILE. Memory is bounded: each of the
/// scheme, host, port and domain lists counts exactly up to 65536 distinct keys; past that it
/// is a Misra-Gries summary: every key with more than N/32769 of its N values is listed, each
/// count is at most the stated error below the true count (text: 'counts up to E low'; rows:
/// total,count_error_hosts,...), and the distinct count is an estimate (HyperLogLog, about
/// 1.6 %).
#[derive(Debug, clap::Parser)]
#[command(name = "stats", after_help = fields_help(COLUMNS))]
pub struct Stats {
    /// How many schemes, hosts, ports and registrable domains to list
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub top: usize,
    #[command(flatten)]
    pub syntax: SyntaxArgs,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Stats {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let job = StatsJob { syntax: self.syntax.syntax()? };
        let c = &cx.options;
        let format = c.format.unwrap_or(Format::Text);
        let rows = Layout::new(format, COLUMNS, c.fields.as_deref(), |_| true, None, c.terminator())
            .map_err(|e| Stop::Usage(e.0))?;
        let held = cx.report_inputs(format)?;
        // No records per line: the report is written at the end.
        let none = Layout::new(Format::Text, &[], None, |_| false, None, b'\n').map_err(|e| Stop::Usage(e.0))?;
        let opts = cx.run_opts::<StatsJob>();
        let s = run::run(&job, &none, &cx.files, &opts, held, &mut std::io::sink());
        let text = format == Format::Text && c.fields.is_none();
        let report = if text { self::text(&s, self.top).into_bytes() } else { report(&s, self.top, &rows) };
        Ok(s.status(cx.write_report(&rows, &report, !s.input_error)))
    }
}

/// The columns of `stats`' report (written at the end, not per line).
const COLUMNS: &[Column] = crate::columns![section: Str, key: Str, count: UInt];

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
    pub schemes: Counts,
    pub hosts: Counts,
    pub ports: Counts,
    /// Registrable domains (Public Suffix List, ICANN section) of the hosts.
    pub domains: Counts,
}

/// The most distinct keys a list counts exactly (and keeps: about 16 MB for
/// the four lists of long host names).
pub const CAPACITY: usize = 1 << 16;

/// HyperLogLog registers of a summary's distinct count (2^12: a standard
/// error of 1.04/64, about 1.6 %).
const REGISTERS: usize = 1 << 12;

/// Counts of keys in bounded memory: exact while there are at most
/// [`CAPACITY`] distinct keys; then a Misra-Gries summary whose counts are
/// each at most `error` below the true count (a key missing has a true
/// count of at most `error`), `error` being at most N / (CAPACITY/2 + 1)
/// for N counted values (each reduction takes its amount from at least
/// CAPACITY/2 + 1 counts).
#[derive(Default)]
pub struct Counts {
    map: HashMap<String, u64>,
    /// What reductions took from every count (0: exact).
    error: u64,
    /// Once reduced, the HyperLogLog registers of every key seen.
    sketch: Option<Box<[u8; REGISTERS]>>,
}

impl Counts {
    /// Counts `s` once (ASCII-lowercased when `lower`).
    fn bump(&mut self, s: &str, lower: bool) {
        let key: Cow<'_, str> = if lower && s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        };
        match self.map.get_mut(key.as_ref()) {
            Some(c) => *c += 1,
            None => {
                if let Some(sk) = &mut self.sketch {
                    sketch_add(sk, &key);
                }
                self.map.insert(key.into_owned(), 1);
                if self.map.len() > CAPACITY {
                    self.reduce();
                }
            }
        }
    }

    /// Takes the (CAPACITY/2 + 1)-th largest count from every count and
    /// drops those left at 0 (so at most CAPACITY/2 keys stay).
    fn reduce(&mut self) {
        let map = &self.map;
        self.sketch.get_or_insert_with(|| sketch_of(map));
        let mut counts: Vec<u64> = self.map.values().copied().collect();
        let (_, &mut cut, _) = counts.select_nth_unstable_by(CAPACITY / 2, |a, b| b.cmp(a));
        self.map.retain(|_, c| {
            *c = c.saturating_sub(cut);
            *c > 0
        });
        self.error += cut;
    }

    /// Adds the counts of `from` (a later chunk's).
    fn merge(&mut self, from: Counts) {
        if self.sketch.is_some() || from.sketch.is_some() {
            let (map, fmap) = (&self.map, &from.map);
            let sk = self.sketch.get_or_insert_with(|| sketch_of(map));
            match &from.sketch {
                Some(f) => sk.iter_mut().zip(f.iter()).for_each(|(a, &b)| *a = (*a).max(b)),
                None => fmap.keys().for_each(|k| sketch_add(sk, k)),
            }
        }
        merge_map(&mut self.map, from.map);
        self.error += from.error;
        while self.map.len() > CAPACITY {
            self.reduce();
        }
    }

    /// The number of distinct keys: exact, or the estimate once reduced.
    pub fn distinct(&self) -> u64 {
        let Some(sk) = &self.sketch else { return self.map.len() as u64 };
        let m = REGISTERS as f64;
        let sum: f64 = sk.iter().map(|&r| 2f64.powi(-i32::from(r))).sum();
        let zeros = sk.iter().filter(|&&r| r == 0).count();
        let e = 0.7213 / (1.0 + 1.079 / m) * m * m / sum;
        let e = if e <= 2.5 * m && zeros > 0 { m * (m / zeros as f64).ln() } else { e };
        e.round() as u64
    }
}

/// The HyperLogLog registers of the keys of `map`.
fn sketch_of(map: &HashMap<String, u64>) -> Box<[u8; REGISTERS]> {
    let mut sk = Box::new([0; REGISTERS]);
    map.keys().for_each(|k| sketch_add(&mut sk, k));
    sk
}

/// Adds `key` to HyperLogLog registers `sk` (a 64-bit hash: 12 bits pick
/// the register, the rest's leading zeros are the rank).
fn sketch_add(sk: &mut [u8; REGISTERS], key: &str) {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    key.hash(&mut h);
    let h = h.finish();
    let index = (h >> 52) as usize;
    let rank = ((h << 12) | (1 << 11)).leading_zeros() as u8 + 1;
    sk[index] = sk[index].max(rank);
}

fn merge_map<K: std::hash::Hash + Eq>(into: &mut HashMap<K, u64>, from: HashMap<K, u64>) {
    for (k, v) in from {
        *into.entry(k).or_insert(0) += v;
    }
}

impl Records for StatsJob {
    /// Stats writes no records per line; its report has its own layout.
    const COLUMNS: &'static [Column] = &[];
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
                    acc.schemes.bump(s, true);
                }
                if let Some(h) = u.host() {
                    acc.hosts.bump(h, true);
                    if let Some(d) = uriscan_crawl::registrable_domain(h, DomainOptions::default()) {
                        acc.domains.bump(d, true);
                    }
                }
                if let Some(k) = u.host_kind() {
                    *acc.host_kinds.entry(k.name()).or_insert(0) += 1;
                }
                if let Some(p) = u.port() {
                    acc.ports.bump(p, false);
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
        into.schemes.merge(from.schemes);
        into.hosts.merge(from.hosts);
        into.ports.merge(from.ports);
        into.domains.merge(from.domains);
    }
}


/// The `n` most frequent keys, most frequent first (ties by key).
fn top<K: AsRef<str>>(map: &HashMap<K, u64>, n: usize) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = map.iter().map(|(k, &c)| (k.as_ref().to_string(), c)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(n);
    v
}

/// The report's sections: title, rows.
fn sections(s: &Summary<StatsAcc>, n: usize) -> Vec<(&'static str, Vec<(String, u64)>)> {
    let a = &s.acc;
    let lists = [("schemes", &a.schemes), ("hosts", &a.hosts), ("ports", &a.ports), ("registrable_domains", &a.domains)];
    let mut totals: Vec<(String, u64)> = [
        ("lines", s.lines),
        ("valid", a.valid),
        ("invalid", a.invalid),
        ("empty", a.empty),
        ("files", s.files as u64),
        ("bytes", s.bytes),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), *v))
    .collect();
    totals.extend(lists.iter().map(|(k, c)| (format!("distinct_{k}"), c.distinct())));
    // Only for a list past its capacity: how far below its counts may be.
    totals.extend(lists.iter().filter(|(_, c)| c.error > 0).map(|(k, c)| (format!("count_error_{k}"), c.error)));
    vec![
        ("total", totals),
        ("error_kind", top(&a.by_kind, usize::MAX)),
        ("host_kind", top(&a.host_kinds, usize::MAX)),
        ("scheme", top(&a.schemes.map, n)),
        ("host", top(&a.hosts.map, n)),
        ("port", top(&a.ports.map, n)),
        ("registrable_domain", top(&a.domains.map, n)),
    ]
}

/// The report as rows laid out by `layout` (its header first).
fn report(s: &Summary<StatsAcc>, n: usize, layout: &Layout) -> Vec<u8> {
    let mut sink = Sink::new(layout, Vec::new());
    for (section, rows) in sections(s, n) {
        for (key, count) in rows {
            let mut r = Row::default();
            r.push(Val::s(section));
            r.push(Val::owned(key));
            r.push(Val::Int(count));
            sink.emit(&r);
        }
    }
    let mut out = layout.header();
    out.extend_from_slice(&sink.take());
    out
}

fn text(s: &Summary<StatsAcc>, n: usize) -> String {
    let a = &s.acc;
    let mut r = String::new();
    let pct = |x: u64| if s.lines == 0 { 0.0 } else { x as f64 * 100.0 / s.lines as f64 };
    let secs = s.elapsed.as_secs_f64().max(1e-9);
    let _ = writeln!(r, "lines      {:>12}", s.lines);
    let _ = writeln!(r, "  valid    {:>12}  {:6.2}%", a.valid, pct(a.valid));
    let _ = writeln!(r, "  invalid  {:>12}  {:6.2}%", a.invalid, pct(a.invalid));
    let _ = writeln!(r, "  empty    {:>12}", a.empty);
    let _ = writeln!(r, "files      {:>12}", s.files);
    let _ = writeln!(r, "bytes      {:>12}", s.bytes);
    let _ = writeln!(r, "time       {:>12.3} s", s.elapsed.as_secs_f64());
    let _ = writeln!(r, "speed      {:>12.0} lines/s  {:.1} MB/s", s.lines as f64 / secs, s.bytes as f64 / secs / 1e6);
    let mut section = |title: &str, items: Vec<(String, u64)>| {
        let _ = writeln!(r, "\n{title}");
        if items.is_empty() {
            let _ = writeln!(r, "  (none)");
        }
        for (k, c) in items {
            let k = if k.is_empty() { "(empty)".to_string() } else { k };
            let _ = writeln!(r, "  {c:>12}  {k}");
        }
    };
    section("invalid lines by error kind", top(&a.by_kind, usize::MAX));
    section("host kinds", top(&a.host_kinds, usize::MAX));
    for (name, c) in [("schemes", &a.schemes), ("hosts", &a.hosts), ("ports", &a.ports), ("registrable domains", &a.domains)]
    {
        let of = match c.error {
            0 => format!("of {}", c.distinct()),
            e => format!("of about {}; counts up to {e} low", c.distinct()),
        };
        section(&format!("top {name} ({of})"), top(&c.map, n));
    }
    r
}
