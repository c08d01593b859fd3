//! `resolve` (RFC 3986 section 5.2) and `relativize`, its inverse: every
//! line against `--base`, or `BASE<TAB>REFERENCE` lines.

use std::borrow::Cow;

use clap::ValueEnum;
use uriscan::{Grammar, ParseError, ResolveMode, Syntax, UriRef};

use super::{fields_help, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Sink, Val};

/// Resolve every line against --base, or BASE<TAB>REFERENCE lines (--pairs) (section 5.2)
#[derive(Debug, clap::Parser)]
#[command(name = "resolve", after_help = fields_help(ResolveJob::COLUMNS))]
pub struct Resolve {
    /// The base URI (must parse and have a scheme)
    #[arg(short, long, value_name = "URI", required_unless_present = "pairs", conflicts_with = "pairs")]
    pub base: Option<String>,
    /// Lines are BASE<TAB>REFERENCE
    #[arg(long)]
    pub pairs: bool,
    /// The backward-compatible mode of section 5.2.2 (http:g is like g)
    #[arg(long)]
    pub non_strict: bool,
    /// What base and references are parsed as
    #[arg(long, value_enum, default_value_t = ResolveGrammar::Rfc3986)]
    pub grammar: ResolveGrammar,
    /// With --grammar rfc3987: write IRIs, not their URI mapping (RFC 3987 section 3.1)
    #[arg(long)]
    pub iri: bool,
    #[command(flatten)]
    pub input: Input,
}

/// What `resolve` reads: URI references or IRI references.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ResolveGrammar {
    Rfc3986,
    /// IRI references (RFC 3987); results are mapped to URIs unless --iri
    Rfc3987,
}

impl Command for Resolve {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let mode = if self.non_strict { ResolveMode::NonStrict } else { ResolveMode::Strict };
        let grammar = match self.grammar {
            ResolveGrammar::Rfc3986 => Grammar::Rfc3986,
            ResolveGrammar::Rfc3987 => Grammar::Rfc3987,
        };
        if self.iri && grammar != Grammar::Rfc3987 {
            return Err(Stop::Usage("--iri needs --grammar rfc3987 (RFC 3986 references resolve to URIs)".into()));
        }
        let base = base(self.base.as_deref(), grammar)?;
        cx.write(&ResolveJob { base, relativize: false, mode, grammar, iri: self.iri })
    }
}

/// The shortest reference that resolves against --base to each line, or BASE<TAB>TARGET lines (--pairs) (the inverse of section 5.2)
#[derive(Debug, clap::Parser)]
#[command(name = "relativize", after_help = fields_help(ResolveJob::COLUMNS))]
pub struct Relativize {
    /// The base URI (must parse and have a scheme)
    #[arg(short, long, value_name = "URI", required_unless_present = "pairs", conflicts_with = "pairs")]
    pub base: Option<String>,
    /// Lines are BASE<TAB>TARGET
    #[arg(long)]
    pub pairs: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Relativize {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let base = base(self.base.as_deref(), Grammar::Rfc3986)?;
        cx.write(&ResolveJob { base, relativize: true, mode: ResolveMode::Strict, grammar: Grammar::Rfc3986, iri: false })
    }
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
    const COLUMNS: &'static [Column] = line_columns![
        valid: Bool,
        result: Str,
        error_in: Str,
        error_kind: Str,
        error_index: UInt,
        error_message: Str,
    ];
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
