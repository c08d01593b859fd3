//! What the command line asks for, converted and checked into one value
//! before any command runs: `args.rs` defines what can be typed (clap), this
//! module turns it into [`Settings`] (every option validated, every library
//! value built: syntaxes, bases, modes, filters), and `main.rs` only runs
//! them. (ripgrep's low-level and high-level arguments are the model.)

use clap_complete::Shell;
use uriscan::{Grammar, NormalizeOptions, ResolveMode, UriRef};
use uriscan_crawl::{DomainOptions, SurtOptions};

use crate::args::{syntax_of, Cli, Cmd, Common, ResolveGrammar};
use crate::commands::{
    CanonJob, CheckJob, DecodeJob, DomainJob, EncodeJob, ExtractJob, IriJob, LenientJob, NormalizeJob, ParseJob,
    ResolveJob, SecurityJob, SplitJob, StatsJob, SurtJob,
};
use crate::functions::{CcIndexJob, FnJob};
use crate::line::FileCtx;
use crate::record::Format;

/// How records are written, from the options every command has.
pub struct Output {
    /// `--format`, or `None` for the command's own default.
    pub format: Option<Format>,
    /// `--fields`.
    pub fields: Option<Vec<String>>,
    /// `--echo`.
    pub echo: bool,
    /// `--null`: lines and records end in NUL.
    pub null: bool,
    /// `--with-filename`, or several input files.
    pub with_file: bool,
    /// Worker threads (`--threads`, 0 made the number of cores).
    pub threads: usize,
    /// Whether a progress bar may be drawn (not `--no-progress`).
    pub progress: bool,
    /// `--column`: read this column of Parquet or CSV files instead of lines.
    pub column: Option<String>,
    /// `--output`: write records to this file instead of stdout.
    pub path: Option<String>,
}

/// The query parameters `strip-params` removes or keeps.
pub struct ParamSettings<'a> {
    pub names: Vec<&'a str>,
    pub prefixes: Vec<&'a str>,
    pub keep_only: bool,
    pub sort: bool,
}

/// What to do: a job over the lines, or one of the commands that write
/// something else.
pub enum Task<'a> {
    Parse(ParseJob),
    ParseLenient(LenientJob),
    Split(SplitJob),
    Resolve(ResolveJob<'a>),
    Normalize(NormalizeJob),
    Check(CheckJob),
    Stats(StatsJob, usize),
    Extract(ExtractJob),
    Encode(EncodeJob),
    Decode(DecodeJob),
    Security(SecurityJob),
    Iri(IriJob),
    Surt(SurtJob),
    Canon(CanonJob),
    Domain(DomainJob),
    StripParams(ParamSettings<'a>),
    Fn(FnJob<'a>),
    CcIndex(CcIndexJob),
    /// `fn --list`.
    FnList,
    Completions(Shell),
    Man,
}

/// Everything a run needs, checked.
pub struct Settings<'a> {
    pub output: Output,
    pub files: Vec<FileCtx>,
    pub task: Task<'a>,
}

/// A `--base` argument: it must parse and have a scheme. The message never
/// echoes a password (RFC 3986 section 7.5).
fn base(b: Option<&str>, grammar: Grammar) -> Result<Option<UriRef<'_>>, String> {
    let Some(b) = b else { return Ok(None) };
    match grammar.reference().parse(b) {
        Ok(u) if u.scheme().is_some() => Ok(Some(u)),
        Ok(_) => {
            Err(format!("--base {}: a base URI needs a scheme (RFC 3986 section 5.1)", uriscan::security::redact(b)))
        }
        Err(e) => Err(format!("--base {}: {e}", uriscan::security::redact(b))),
    }
}

impl Output {
    fn new(c: &Common, files: usize) -> Output {
        let threads =
            if c.threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { c.threads };
        Output {
            format: c.format,
            fields: c.fields.clone(),
            echo: c.echo,
            null: c.null,
            with_file: c.with_filename || files > 1,
            threads,
            progress: !c.no_progress,
            column: c.column.clone(),
            path: c.output.clone(),
        }
    }

    /// The byte that ends lines and records.
    pub fn terminator(&self) -> u8 {
        if self.null {
            b'\0'
        } else {
            b'\n'
        }
    }
}

impl<'a> Settings<'a> {
    /// The settings of a parsed command line; `Err` is a usage error's message.
    pub fn new(cli: &'a Cli) -> Result<Settings<'a>, String> {
        let operands = cli.cmd.files();
        let files: Vec<FileCtx> = if operands.is_empty() {
            vec![FileCtx::new("-")]
        } else {
            operands.iter().map(|f| FileCtx::new(f)).collect()
        };
        let output = Output::new(&cli.common, files.len());
        Ok(Settings { output, files, task: task(&cli.cmd)? })
    }
}

/// The task of a command, its options converted and checked.
fn task(cmd: &Cmd) -> Result<Task<'_>, String> {
    Ok(match cmd {
        Cmd::Parse { syntax, lenient: false, .. } => Task::Parse(ParseJob { syntax: syntax.syntax()? }),
        Cmd::Parse { syntax, lenient: true, .. } => Task::ParseLenient(LenientJob { syntax: syntax.syntax()? }),
        Cmd::Split { .. } => Task::Split(SplitJob),
        Cmd::Resolve { base: b, non_strict, grammar, iri, .. } => {
            let mode = if *non_strict { ResolveMode::NonStrict } else { ResolveMode::Strict };
            let grammar = match grammar {
                ResolveGrammar::Rfc3986 => Grammar::Rfc3986,
                ResolveGrammar::Rfc3987 => Grammar::Rfc3987,
            };
            if *iri && grammar != Grammar::Rfc3987 {
                return Err("--iri needs --grammar rfc3987 (RFC 3986 references resolve to URIs)".to_string());
            }
            Task::Resolve(ResolveJob {
                base: base(b.as_deref(), grammar)?,
                relativize: false,
                mode,
                grammar,
                iri: *iri,
            })
        }
        Cmd::Relativize { base: b, .. } => Task::Resolve(ResolveJob {
            base: base(b.as_deref(), Grammar::Rfc3986)?,
            relativize: true,
            mode: ResolveMode::Strict,
            grammar: Grammar::Rfc3986,
            iri: false,
        }),
        Cmd::Normalize { scheme_based, key, rule, .. } => {
            let opts = if *scheme_based { NormalizeOptions::SCHEME_BASED } else { NormalizeOptions::SYNTAX };
            Task::Normalize(NormalizeJob { rule: syntax_of(Grammar::Rfc3986, rule.as_deref())?, opts, key: *key })
        }
        Cmd::Check { strict_hosts, quiet, all, syntax, .. } => {
            Task::Check(CheckJob { syntax: syntax.syntax()?, strict_hosts: *strict_hosts, quiet: *quiet, all: *all })
        }
        Cmd::Stats { top, syntax, .. } => Task::Stats(StatsJob { syntax: syntax.syntax()? }, *top),
        Cmd::Extract { schemes, invalid, iri, .. } => {
            let mut ex = uriscan::Extractor::new().accept_invalid(*invalid).iri(*iri);
            if !schemes.is_empty() {
                ex = ex.schemes(schemes.iter().map(String::as_str));
            }
            Task::Extract(ExtractJob { ex })
        }
        Cmd::Encode { component, form, .. } => {
            Task::Encode(EncodeJob { component: if *form { None } else { Some(*component) } })
        }
        Cmd::Decode { form, .. } => Task::Decode(DecodeJob { form: *form }),
        Cmd::Security { .. } => Task::Security(SecurityJob),
        Cmd::ToUri { idna, .. } => Task::Iri(IriJob::ToUri { idna: *idna }),
        Cmd::ToIri { .. } => Task::Iri(IriJob::ToIri),
        Cmd::Surt { with_scheme, keep_www, trailing_comma, no_reverse_ipaddr, .. } => Task::Surt(SurtJob {
            opts: SurtOptions {
                with_scheme: *with_scheme,
                host_massage: !keep_www,
                trailing_comma: *trailing_comma,
                reverse_ipaddr: !no_reverse_ipaddr,
            },
        }),
        Cmd::Canon { profile, .. } => Task::Canon(CanonJob { profile: *profile }),
        Cmd::Domain { hosts, private, syntax, .. } => {
            let opts = DomainOptions { private: *private, ..DomainOptions::default() };
            Task::Domain(DomainJob { hosts: *hosts, syntax: syntax.syntax()?, opts })
        }
        Cmd::StripParams { remove, remove_prefix, no_tracking, keep_only, sort, .. } => {
            let (mut names, mut prefixes): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
            if keep_only.is_empty() && !no_tracking {
                names.extend(uriscan_crawl::TRACKING_NAMES);
                prefixes.extend(uriscan_crawl::TRACKING_PREFIXES);
            }
            names.extend(remove.iter().chain(keep_only).map(String::as_str));
            prefixes.extend(remove_prefix.iter().map(String::as_str));
            Task::StripParams(ParamSettings { names, prefixes, keep_only: !keep_only.is_empty(), sort: *sort })
        }
        Cmd::Fn { list: true, .. } => Task::FnList,
        Cmd::Fn { name, args, .. } => {
            let name = name.as_deref().unwrap_or_default();
            let Some(f) = uriscan_crawl::function_set::find(name) else {
                return Err(format!("fn: unknown function '{name}' ('uriscan fn --list' lists them)"));
            };
            let raw: Vec<&str> = args.iter().map(String::as_str).collect();
            let args = f.args(&raw)?;
            if f.result == uriscan_crawl::function_set::ResultType::CcIndex {
                Task::CcIndex(CcIndexJob { f })
            } else {
                Task::Fn(FnJob { f, args })
            }
        }
        Cmd::Completions { shell } => Task::Completions(*shell),
        Cmd::Man => Task::Man,
    })
}
