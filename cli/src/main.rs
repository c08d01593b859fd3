//! `uriscan`: RFC 3986 URI references, one per line, for log and crawl
//! pipelines. See `uriscan --help` and `uriscan COMMAND --help`.
//!
//! Layout: `args` is the command line (clap), `driver` reads the inputs and
//! writes the records (every command goes through it), `record` holds the
//! values and the JSON/TSV/CSV/text writers, `commands` what each command
//! does with a line and its column list, `stats` the report of `stats`.
//! A new command is a `Cmd` variant, a [`commands::Records`] job with its
//! column list, and its arm in [`run`].

// The doc comments of `args` are the `--help` texts users read, where
// `<stdin>` and `BASE<TAB>REFERENCE` are words, not HTML tags.
#![allow(rustdoc::invalid_html_tags)]

mod args;
mod columns;
mod commands;
mod driver;
mod functions;
mod line;
#[cfg(feature = "parquet")]
mod parquet_out;
mod record;
mod settings;
mod stats;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use args::Cli;
use commands::Records;
use driver::{RunOpts, Summary};
use line::FileCtx;
use record::{Format, Layout};
use settings::{Output, Settings, Task};
use uriscan_crawl::ParamFilter;

/// The clap command (its help, completions and man page).
fn command() -> clap::Command {
    Cli::command()
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    ExitCode::from(run(&cli))
}

/// A usage error: message, exit status 2.
fn usage(msg: impl std::fmt::Display) -> u8 {
    eprintln!("uriscan: {msg}");
    2
}

/// Runs `job` over the inputs with the layout the options ask for.
fn records<J: Records>(job: &J, o: &Output, files: &[FileCtx]) -> Result<Summary<J::Acc>, u8> {
    let format = o.format.unwrap_or_else(|| job.default_format());
    let show = |name: &str| match name {
        "file" => o.with_file,
        "input" => o.echo,
        _ => true,
    };
    let layout = Layout::new(format, J::COLUMNS, o.fields.as_deref(), show, job.text(o.with_file), o.terminator())
        .map_err(|e| usage(e.0))?;
    if o.column.is_some() && J::WHOLE {
        return Err(usage("--column reads a column's values as lines; this command reads whole files"));
    }
    let out: Box<dyn std::io::Write + Send> = match &o.path {
        None => Box::new(std::io::stdout()),
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Box::new(std::io::BufWriter::with_capacity(1 << 16, f)),
            Err(e) => {
                eprintln!("uriscan: {p}: cannot create: {}", driver::plain_error(&e));
                return Err(3);
            }
        },
    };
    if format != Format::Parquet {
        let mut out = out;
        return Ok(driver::run(job, &layout, files, &run_opts::<J>(o), &mut out));
    }
    parquet(job, &layout, o, files, out)
}

/// `-f parquet`: the records through [`parquet_out::ParquetDest`].
#[cfg(feature = "parquet")]
fn parquet<J: Records>(
    job: &J,
    layout: &Layout,
    o: &Output,
    files: &[FileCtx],
    out: Box<dyn std::io::Write + Send>,
) -> Result<Summary<J::Acc>, u8> {
    use std::io::IsTerminal;
    if o.path.is_none() && std::io::stdout().is_terminal() {
        return Err(usage("-f parquet writes a binary file: give -o FILE (or redirect standard output)"));
    }
    let names: Vec<&str> = layout.names().collect();
    let types: Vec<_> = names.iter().map(|n| job.column_type(n)).collect();
    let mut dest = match parquet_out::ParquetDest::new(out, &names, &types) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("uriscan: cannot write Parquet: {e}");
            return Err(3);
        }
    };
    let mut s = driver::run(job, layout, files, &run_opts::<J>(o), &mut dest);
    if !s.output_error {
        if let Err(e) = dest.finish() {
            eprintln!("uriscan: cannot write output: {e}");
            s.output_error = true;
        }
    }
    Ok(s)
}

#[cfg(not(feature = "parquet"))]
fn parquet<J: Records>(
    _: &J,
    _: &Layout,
    _: &Output,
    _: &[FileCtx],
    _: Box<dyn std::io::Write + Send>,
) -> Result<Summary<J::Acc>, u8> {
    Err(usage("-f parquet: this uriscan was built without Parquet (cargo feature 'parquet')"))
}

fn run_opts<J: Records>(o: &Output) -> RunOpts {
    RunOpts {
        threads: o.threads,
        progress: o.progress,
        streams: !J::COLUMNS.is_empty(),
        sep: o.terminator(),
        whole: J::WHOLE,
        column: o.column.clone(),
    }
}

/// The exit status of a command that writes records.
fn status<A>(r: Result<Summary<A>, u8>) -> u8 {
    match r {
        Ok(s) => s.status(0),
        Err(code) => code,
    }
}

/// Writes `out` to stdout: exit status 0, or 3 when it could not be written.
fn write_out(out: &[u8]) -> u8 {
    if driver::write_stdout(out) {
        3
    } else {
        0
    }
}

fn run(cli: &Cli) -> u8 {
    let settings = match Settings::new(cli) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let (o, files) = (&settings.output, &settings.files[..]);
    let writes_records = !matches!(settings.task, Task::Stats(..) | Task::Completions(_) | Task::Man | Task::FnList);
    if !writes_records && o.path.is_some() {
        return usage("-o applies to commands that write records");
    }
    if !writes_records && o.format == Some(Format::Parquet) {
        return usage("-f parquet applies to commands that write records");
    }
    match &settings.task {
        Task::Parse(job) => status(records(job, o, files)),
        Task::ParseLenient(job) => status(records(job, o, files)),
        Task::Split(job) => status(records(job, o, files)),
        Task::Resolve(job) => status(records(job, o, files)),
        Task::Normalize(job) => status(records(job, o, files)),
        Task::Check(job) => {
            let s = match records(job, o, files) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let invalid = s.acc;
            if !job.quiet {
                let in_files = if s.files > 1 { format!(" in {} files", s.files) } else { String::new() };
                if invalid == 0 {
                    eprintln!("uriscan: {} lines checked{in_files}, all valid", s.lines);
                } else {
                    let plural = if invalid == 1 { "" } else { "s" };
                    eprintln!("uriscan: {invalid} invalid line{plural} of {}{in_files}", s.lines);
                }
            }
            s.status(u8::from(invalid > 0))
        }
        Task::Stats(job, top) => {
            // No records per line: the report is written at the end.
            let layout = match Layout::new(Format::Text, &[], None, |_| false, None, b'\n') {
                Ok(l) => l,
                Err(e) => return usage(e.0),
            };
            let s = driver::run(job, &layout, files, &run_opts::<commands::StatsJob>(o), &mut std::io::stdout());
            match stats::report(&s, *top, o) {
                Ok(report) if write_out(&report) == 0 => s.status(0),
                Ok(_) => 3,
                Err(code) => code,
            }
        }
        Task::Extract(job) => status(records(job, o, files)),
        Task::Encode(job) => status(records(job, o, files)),
        Task::Decode(job) => status(records(job, o, files)),
        Task::Security(job) => status(records(job, o, files)),
        Task::Iri(job) => status(records(job, o, files)),
        Task::Surt(job) => status(records(job, o, files)),
        Task::Canon(job) => status(records(job, o, files)),
        Task::Domain(job) => status(records(job, o, files)),
        Task::StripParams(p) => {
            let filter = ParamFilter { names: &p.names, prefixes: &p.prefixes, keep_only: p.keep_only, sort: p.sort };
            status(records(&commands::StripParamsJob { filter }, o, files))
        }
        Task::Fn(job) => status(records(job, o, files)),
        Task::CcIndex(job) => status(records(job, o, files)),
        Task::FnList => write_out(functions::list().as_bytes()),
        Task::Completions(shell) => {
            let mut out = Vec::new();
            clap_complete::generate(*shell, &mut command(), "uriscan", &mut out);
            write_out(&out)
        }
        Task::Man => {
            let mut out = Vec::new();
            if let Err(e) = clap_mangen::Man::new(command()).render(&mut out) {
                eprintln!("uriscan: cannot render the man page: {e}");
                return 3;
            }
            write_out(&out)
        }
    }
}
