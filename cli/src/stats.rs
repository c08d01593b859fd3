//! The report of `uriscan stats`: a text summary, or rows
//! `section, key, count` in JSON Lines, TSV or CSV (through the same
//! writers as every other command's records).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::commands::{StatsAcc, STATS_COLUMNS as COLUMNS};
use crate::driver::Summary;
use crate::record::{Format, Layout, Row, Sink, Val};
use crate::settings::Output;

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

/// The report in the format the output settings `c` ask for (text by default); `Err(2)` after
/// a usage error of `--fields`.
pub fn report(s: &Summary<StatsAcc>, n: usize, c: &Output) -> Result<Vec<u8>, u8> {
    let format = c.format.unwrap_or(Format::Text);
    if format == Format::Text && c.fields.is_none() {
        return Ok(text(s, n).into_bytes());
    }
    let layout = Layout::new(format, COLUMNS, c.fields.as_deref(), |_| true, None, c.terminator()).map_err(|e| {
        eprintln!("uriscan: {}", e.0);
        2u8
    })?;
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
