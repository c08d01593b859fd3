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
mod commands;
mod driver;
mod line;
mod record;
mod stats;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, Cmd, Common, ResolveGrammar};
use commands::Records;
use driver::{RunOpts, Summary};
use line::FileCtx;
use record::{Format, Layout};
use uriscan::{Grammar, NormalizeOptions, ResolveMode, UriRef};
use uriscan_crawl::{DomainOptions, ParamFilter, SurtOptions};

/// The `Fields:` section of a command's help, from its column list.
fn fields_help(name: &str) -> Option<String> {
    let cols: &[&str] = match name {
        "parse" => commands::ParseJob::COLUMNS,
        "split" => commands::SplitJob::COLUMNS,
        "resolve" | "relativize" => commands::ResolveJob::COLUMNS,
        "normalize" => commands::NormalizeJob::COLUMNS,
        "check" => commands::CheckJob::COLUMNS,
        "stats" => stats::COLUMNS,
        "extract" => commands::ExtractJob::COLUMNS,
        "encode" => commands::EncodeJob::COLUMNS,
        "decode" => commands::DecodeJob::COLUMNS,
        "security" => commands::SecurityJob::COLUMNS,
        "to-uri" | "to-iri" => commands::IriJob::COLUMNS,
        "surt" => commands::SurtJob::COLUMNS,
        "canon" => commands::CanonJob::COLUMNS,
        "domain" => commands::DomainJob::COLUMNS,
        "strip-params" => commands::StripParamsJob::COLUMNS,
        _ => return None,
    };
    Some(format!(
        "Fields (for --fields; by default all but file, unless -H or several FILEs, and input, \
         unless --echo):\n  {}\n\nSee 'uriscan --help' for the input rules, the output formats and the exit status.",
        cols.join(", ")
    ))
}

/// The clap command with the generated parts of the help.
fn command() -> clap::Command {
    let mut cmd = Cli::command();
    let names: Vec<String> = cmd.get_subcommands().map(|s| s.get_name().to_string()).collect();
    for name in names {
        if let Some(help) = fields_help(&name) {
            cmd = cmd.mut_subcommand(&name, |s| s.after_help(help));
        }
    }
    cmd
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
fn records<J: Records>(job: &J, c: &Common, files: &[FileCtx]) -> Result<Summary<J::Acc>, u8> {
    let format = c.format.unwrap_or_else(|| job.default_format());
    let with_file = c.with_filename || files.len() > 1;
    let term = if c.null { b'\0' } else { b'\n' };
    let show = |name: &str| match name {
        "file" => with_file,
        "input" => c.echo,
        _ => true,
    };
    let layout = Layout::new(format, J::COLUMNS, c.fields.as_deref(), show, job.text(with_file), term)
        .map_err(|e| usage(e.0))?;
    Ok(driver::run(job, &layout, files, &run_opts::<J>(c)))
}

fn run_opts<J: Records>(c: &Common) -> RunOpts {
    let threads = if c.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { c.threads };
    RunOpts {
        threads,
        progress: !c.no_progress,
        streams: !J::COLUMNS.is_empty(),
        sep: if c.null { b'\0' } else { b'\n' },
        whole: J::WHOLE,
    }
}

/// The exit status of a command that writes records.
fn status<A>(r: Result<Summary<A>, u8>) -> u8 {
    match r {
        Ok(s) => s.status(0),
        Err(code) => code,
    }
}

/// A `--base` argument: it must parse and have a scheme. The message never
/// echoes a password (RFC 3986 section 7.5).
fn parse_base(b: &str, grammar: Grammar) -> Result<UriRef<'_>, String> {
    match grammar.reference().parse(b) {
        Ok(u) if u.scheme().is_some() => Ok(u),
        Ok(_) => {
            Err(format!("--base {}: a base URI needs a scheme (RFC 3986 section 5.1)", uriscan::security::redact(b)))
        }
        Err(e) => Err(format!("--base {}: {e}", uriscan::security::redact(b))),
    }
}

fn run(cli: &Cli) -> u8 {
    let c = &cli.common;
    let operands: Vec<&str> =
        if cli.cmd.files().is_empty() { vec!["-"] } else { cli.cmd.files().iter().map(String::as_str).collect() };
    let files: Vec<FileCtx> = operands.iter().map(|f| FileCtx::new(f)).collect();
    match &cli.cmd {
        Cmd::Parse { syntax, .. } => match syntax.syntax() {
            Ok(syntax) => status(records(&commands::ParseJob { syntax }, c, &files)),
            Err(e) => usage(e),
        },
        Cmd::Split { .. } => status(records(&commands::SplitJob, c, &files)),
        Cmd::Resolve { base, non_strict, grammar, iri, .. } => {
            let mode = if *non_strict { ResolveMode::NonStrict } else { ResolveMode::Strict };
            let grammar = match grammar {
                ResolveGrammar::Rfc3986 => Grammar::Rfc3986,
                ResolveGrammar::Rfc3987 => Grammar::Rfc3987,
            };
            if *iri && grammar != Grammar::Rfc3987 {
                return usage("--iri needs --grammar rfc3987 (RFC 3986 references resolve to URIs)");
            }
            let base = match base {
                None => None,
                Some(b) => match parse_base(b, grammar) {
                    Ok(u) => Some(u),
                    Err(e) => return usage(e),
                },
            };
            status(records(&commands::ResolveJob { base, relativize: false, mode, grammar, iri: *iri }, c, &files))
        }
        Cmd::Relativize { base, .. } => {
            let base = match base {
                None => None,
                Some(b) => match parse_base(b, Grammar::Rfc3986) {
                    Ok(u) => Some(u),
                    Err(e) => return usage(e),
                },
            };
            let job = commands::ResolveJob {
                base,
                relativize: true,
                mode: ResolveMode::Strict,
                grammar: Grammar::Rfc3986,
                iri: false,
            };
            status(records(&job, c, &files))
        }
        Cmd::Normalize { scheme_based, key, rule, .. } => {
            let opts = if *scheme_based { NormalizeOptions::SCHEME_BASED } else { NormalizeOptions::SYNTAX };
            match args::syntax_of(uriscan::Grammar::Rfc3986, rule.as_deref()) {
                Ok(rule) => status(records(&commands::NormalizeJob { rule, opts, key: *key }, c, &files)),
                Err(e) => usage(e),
            }
        }
        Cmd::Check { strict_hosts, quiet, syntax, .. } => {
            let syntax = match syntax.syntax() {
                Ok(s) => s,
                Err(e) => return usage(e),
            };
            let job = commands::CheckJob { syntax, strict_hosts: *strict_hosts, quiet: *quiet };
            let s = match records(&job, c, &files) {
                Ok(s) => s,
                Err(code) => return code,
            };
            let invalid = s.acc;
            if !quiet {
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
        Cmd::Stats { top, syntax, .. } => {
            let syntax = match syntax.syntax() {
                Ok(s) => s,
                Err(e) => return usage(e),
            };
            let job = commands::StatsJob { syntax };
            // No records per line: the report is written at the end.
            let layout = Layout::new(Format::Text, &[], None, |_| false, None, b'\n').map_err(|e| usage(e.0));
            let layout = match layout {
                Ok(l) => l,
                Err(code) => return code,
            };
            let s = driver::run(&job, &layout, &files, &run_opts::<commands::StatsJob>(c));
            let report = match stats::report(&s, *top, c) {
                Ok(r) => r,
                Err(code) => return code,
            };
            let failed = driver::write_stdout(&report);
            if failed {
                3
            } else {
                s.status(0)
            }
        }
        Cmd::Extract { schemes, invalid, iri, .. } => {
            let mut ex = uriscan::Extractor::new().accept_invalid(*invalid).iri(*iri);
            if !schemes.is_empty() {
                ex = ex.schemes(schemes.iter().map(String::as_str));
            }
            status(records(&commands::ExtractJob { ex }, c, &files))
        }
        Cmd::Encode { component, form, .. } => {
            let job = commands::EncodeJob { component: if *form { None } else { Some(*component) } };
            status(records(&job, c, &files))
        }
        Cmd::Decode { form, .. } => status(records(&commands::DecodeJob { form: *form }, c, &files)),
        Cmd::Security { .. } => status(records(&commands::SecurityJob, c, &files)),
        Cmd::ToUri { idna, .. } => status(records(&commands::IriJob::ToUri { idna: *idna }, c, &files)),
        Cmd::ToIri { .. } => status(records(&commands::IriJob::ToIri, c, &files)),
        Cmd::Surt { with_scheme, keep_www, trailing_comma, no_reverse_ipaddr, .. } => {
            let opts = SurtOptions {
                with_scheme: *with_scheme,
                host_massage: !keep_www,
                trailing_comma: *trailing_comma,
                reverse_ipaddr: !no_reverse_ipaddr,
            };
            status(records(&commands::SurtJob { opts }, c, &files))
        }
        Cmd::Canon { profile, .. } => status(records(&commands::CanonJob { profile: profile.profile() }, c, &files)),
        Cmd::Domain { hosts, private, syntax, .. } => {
            let opts = DomainOptions { private: *private, ..DomainOptions::default() };
            match syntax.syntax() {
                Ok(syntax) => status(records(&commands::DomainJob { hosts: *hosts, syntax, opts }, c, &files)),
                Err(e) => usage(e),
            }
        }
        Cmd::StripParams { remove, remove_prefix, no_tracking, keep_only, sort, .. } => {
            let (mut names, mut prefixes): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
            if keep_only.is_empty() && !no_tracking {
                names.extend(uriscan_crawl::TRACKING_NAMES);
                prefixes.extend(uriscan_crawl::TRACKING_PREFIXES);
            }
            names.extend(remove.iter().chain(keep_only).map(String::as_str));
            prefixes.extend(remove_prefix.iter().map(String::as_str));
            let filter =
                ParamFilter { names: &names, prefixes: &prefixes, keep_only: !keep_only.is_empty(), sort: *sort };
            status(records(&commands::StripParamsJob { filter }, c, &files))
        }
        Cmd::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(*shell, &mut command(), "uriscan", &mut out);
            if driver::write_stdout(&out) {
                3
            } else {
                0
            }
        }
        Cmd::Man => {
            let mut out = Vec::new();
            if let Err(e) = clap_mangen::Man::new(command()).render(&mut out) {
                eprintln!("uriscan: cannot render the man page: {e}");
                return 3;
            }
            if driver::write_stdout(&out) {
                3
            } else {
                0
            }
        }
    }
}
