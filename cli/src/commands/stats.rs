//! `stats`: counts of valid and invalid lines, error kinds, the top
//! schemes, hosts, ports and registrable domains. No record per line: the
//! report is written at the end, as text, or as rows `section, key, count`
//! in JSON Lines, TSV or CSV (through the same writers as every other
//! command's records).

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use uriscan::Syntax;
use uriscan_crawl::DomainOptions;

use super::{fields_help, write_out, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::{Context, Options};
use crate::input::Line;
use crate::job::{Job, Records};
use crate::record::{Column, Format, Layout, Row, Sink, Val};
use crate::run::{self, Summary};

/// Counts of valid/invalid lines, error kinds, top schemes, hosts, ports and domains
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
        cx.no_records()?;
        // No records per line: the report is written at the end.
        let layout = Layout::new(Format::Text, &[], None, |_| false, None, b'\n').map_err(|e| Stop::Usage(e.0))?;
        let opts = cx.run_opts::<StatsJob>();
        let s = run::run(&job, &layout, &cx.files, &opts, Vec::new(), &mut std::io::stdout());
        let report = report(&s, self.top, &cx.options)?;
        Ok(if write_out(&report) == 0 { s.status(0) } else { 3 })
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
    let totals = [
        ("lines", s.lines),
        ("valid", a.valid),
        ("invalid", a.invalid),
        ("empty", a.empty),
        ("files", s.files as u64),
        ("bytes", s.bytes),
        ("distinct_schemes", a.schemes.len() as u64),
        ("distinct_hosts", a.hosts.len() as u64),
        ("distinct_ports", a.ports.len() as u64),
        ("distinct_registrable_domains", a.domains.len() as u64),
    ];
    vec![
        ("total", totals.iter().map(|(k, v)| (k.to_string(), *v)).collect()),
        ("error_kind", top(&a.by_kind, usize::MAX)),
        ("host_kind", top(&a.host_kinds, usize::MAX)),
        ("scheme", top(&a.schemes, n)),
        ("host", top(&a.hosts, n)),
        ("port", top(&a.ports, n)),
        ("registrable_domain", top(&a.domains, n)),
    ]
}

/// The report in the format the output options `c` ask for (text by
/// default); `Err` after a usage error of `--fields`.
fn report(s: &Summary<StatsAcc>, n: usize, c: &Options) -> Result<Vec<u8>, Stop> {
    let format = c.format.unwrap_or(Format::Text);
    if format == Format::Text && c.fields.is_none() {
        return Ok(text(s, n).into_bytes());
    }
    let layout =
        Layout::new(format, COLUMNS, c.fields.as_deref(), |_| true, None, c.terminator()).map_err(|e| Stop::Usage(e.0))?;
    let mut sink = Sink::new(&layout, Vec::new());
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
    Ok(out)
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
    section(&format!("top schemes (of {})", a.schemes.len()), top(&a.schemes, n));
    section(&format!("top hosts (of {})", a.hosts.len()), top(&a.hosts, n));
    section(&format!("top ports (of {})", a.ports.len()), top(&a.ports, n));
    section(&format!("top registrable domains (of {})", a.domains.len()), top(&a.domains, n));
    r
}
