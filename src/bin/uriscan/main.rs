//! `uriscan`: RFC 3986 URI references, one per line, for log and crawl
//! pipelines. See `uriscan --help` and `uriscan COMMAND --help`.

mod args;
mod jobs;
mod out;
mod run;

use std::io::Write;
use std::process::ExitCode;

use args::{Action, Command, Format, Opts};
use jobs::{CheckJob, NormalizeJob, ParseJob, Prefix, ResolveJob, SplitJob, StatsJob};
use run::{FileCtx, Job, RunOpts, Summary};
use uriscan::{NormalizeOptions, ResolveMode, UriRef};

fn main() -> ExitCode {
    let argv: Vec<String> = match std::env::args_os().skip(1).map(|a| a.into_string()).collect() {
        Ok(v) => v,
        Err(a) => {
            eprintln!("uriscan: argument is not valid UTF-8: {}", a.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    match args::parse_args(argv) {
        Err(args::Usage(msg)) => {
            eprintln!("uriscan: {msg}");
            ExitCode::from(2)
        }
        Ok(Action::Print(text)) => {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(text.as_bytes()).and_then(|()| o.flush());
            ExitCode::SUCCESS
        }
        Ok(Action::Run(opts)) => ExitCode::from(run_command(&opts)),
    }
}

fn run_job<J: Job>(job: &J, files: &[FileCtx], o: &Opts) -> Summary<J::Acc> {
    let ro = RunOpts { threads: o.threads, progress: o.progress, streams: o.cmd.streams() };
    run::run(job, files, &ro)
}

/// 2 after an I/O error, else `status`.
fn status(io_error: bool, status: u8) -> u8 {
    if io_error {
        2
    } else {
        status
    }
}

fn run_command(o: &Opts) -> u8 {
    let operands: Vec<&str> = if o.files.is_empty() { vec!["-"] } else { o.files.iter().map(String::as_str).collect() };
    let files: Vec<FileCtx> = operands.iter().map(|f| FileCtx::new(f)).collect();
    let prefix = || Prefix { format: o.format, with_file: o.with_filename, echo: o.echo };
    match o.cmd {
        Command::Parse => {
            let s = run_job(&ParseJob { p: prefix(), rule: o.rule }, &files, o);
            status(s.io_error, 0)
        }
        Command::Split => {
            let s = run_job(&SplitJob { p: prefix() }, &files, o);
            status(s.io_error, 0)
        }
        Command::Resolve => {
            let mode = if o.non_strict { ResolveMode::NonStrict } else { ResolveMode::Strict };
            let base = match &o.base {
                None => None,
                Some(b) => match UriRef::parse(b) {
                    Ok(u) if u.scheme().is_some() => Some(u),
                    Ok(_) => {
                        let b = uriscan::security::redact(b);
                        eprintln!("uriscan: --base {b}: a base URI needs a scheme (RFC 3986 section 5.1)");
                        return 2;
                    }
                    Err(e) => {
                        // Never echo a password (RFC 3986 section 7.5).
                        let b = uriscan::security::redact(b);
                        eprintln!("uriscan: --base {b}: {e}");
                        return 2;
                    }
                },
            };
            let s = run_job(&ResolveJob { p: prefix(), base, mode }, &files, o);
            status(s.io_error, 0)
        }
        Command::Normalize => {
            let opts = if o.scheme_based { NormalizeOptions::SCHEME_BASED } else { NormalizeOptions::SYNTAX };
            let mut p = prefix();
            if o.key && !o.format_given {
                p.format = Format::Text;
            }
            let s = run_job(&NormalizeJob { p, rule: o.rule, opts }, &files, o);
            status(s.io_error, 0)
        }
        Command::Check => {
            let s = run_job(&CheckJob { rule: o.rule, strict_hosts: o.strict_hosts }, &files, o);
            let invalid = s.acc.invalid;
            let in_files = if s.files > 1 { format!(" in {} files", s.files) } else { String::new() };
            if invalid == 0 {
                eprintln!("uriscan: {} lines checked{in_files}, all valid", s.lines);
            } else {
                let plural = if invalid == 1 { "" } else { "s" };
                eprintln!("uriscan: {invalid} invalid line{plural} of {}{in_files}", s.lines);
            }
            status(s.io_error, u8::from(invalid > 0))
        }
        Command::Extract => extract(o, &operands),
        Command::Stats => {
            let s = run_job(&StatsJob { rule: o.rule }, &files, o);
            let report = stats_report(&s, o.top);
            let mut w = std::io::stdout().lock();
            let ok = w.write_all(report.as_bytes()).and_then(|()| w.flush());
            let write_failed = matches!(ok, Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe);
            status(s.io_error || write_failed, 0)
        }
    }
}

/// `uriscan extract`: every URI in each file (read whole: a `<...>` URI may
/// span lines), as `LINE:COL<TAB>URI` or JSON Lines.
fn extract(o: &Opts, operands: &[&str]) -> u8 {
    use std::io::Read;
    let mut ex = uriscan::Extractor::new().accept_invalid(o.invalid);
    if !o.schemes.is_empty() {
        ex = ex.schemes(o.schemes.iter().map(String::as_str));
    }
    let jsonl = o.format_given && o.format == Format::Jsonl;
    let with_file = o.with_filename || operands.len() > 1;
    let stdout = std::io::stdout();
    let mut w = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut io_error = false;
    let mut buf = Vec::new();
    for &name in operands {
        buf.clear();
        let read = if name == "-" {
            std::io::stdin().lock().read_to_end(&mut buf)
        } else {
            std::fs::File::open(name).and_then(|mut f| f.read_to_end(&mut buf))
        };
        if let Err(e) = read {
            eprintln!("uriscan: {name}: {e}");
            io_error = true;
            continue;
        }
        let shown = if name == "-" { "<stdin>" } else { name };
        let text = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&buf);
        let (mut line, mut line_start, mut scanned) = (1u64, 0usize, 0usize);
        let mut rec = out::Out::with_capacity(256);
        for m in ex.extract_bytes(text) {
            let start = m.start();
            for (k, &b) in text.get(scanned..start).unwrap_or_default().iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = scanned + k + 1;
                }
            }
            scanned = start;
            let col = start - line_start + 1;
            rec.clear();
            if jsonl {
                rec.extend_from_slice(b"{");
                if with_file {
                    rec.extend_from_slice(b"\"file\":");
                    out::json_str(&mut rec, shown.as_bytes());
                    rec.extend_from_slice(b",");
                }
                let delim = match m.delimiter() {
                    uriscan::Delimiter::Angle => "angle",
                    uriscan::Delimiter::Quote => "quote",
                    uriscan::Delimiter::Bare => "bare",
                };
                rec.extend_from_slice(
                    format!("\"line\":{line},\"col\":{col},\"start\":{start},\"end\":{},\"uri\":", m.end()).as_bytes(),
                );
                out::json_str(&mut rec, m.as_str().as_bytes());
                rec.extend_from_slice(
                    format!(",\"valid\":{},\"delimiter\":\"{delim}\",\"error\":", m.is_valid()).as_bytes(),
                );
                match m.error() {
                    None => rec.extend_from_slice(b"null"),
                    Some(e) => {
                        rec.extend_from_slice(
                            format!("{{\"kind\":\"{}\",\"index\":{},\"message\":", e.kind().name(), e.index())
                                .as_bytes(),
                        );
                        out::json_str(&mut rec, e.to_string().as_bytes());
                        rec.extend_from_slice(b"}");
                    }
                }
                rec.extend_from_slice(b"}\n");
            } else {
                if with_file {
                    rec.extend_from_slice(shown.as_bytes());
                    rec.extend_from_slice(b":");
                }
                rec.extend_from_slice(format!("{line}:{col}\t").as_bytes());
                out::tsv_str(&mut rec, m.as_str().as_bytes());
                rec.extend_from_slice(b"\n");
            }
            if let Err(e) = w.write_all(rec.as_slice()) {
                return if e.kind() == std::io::ErrorKind::BrokenPipe { status(io_error, 0) } else { 2 };
            }
        }
    }
    match w.flush() {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => 2,
        _ => status(io_error, 0),
    }
}

fn top<K: AsRef<str>>(map: &std::collections::HashMap<K, u64>, n: usize) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = map.iter().map(|(k, &c)| (k.as_ref().to_string(), c)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v.truncate(n);
    v
}

fn stats_report(s: &Summary<jobs::StatsAcc>, n: usize) -> String {
    use std::fmt::Write as _;
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
    r
}
