//! `check`: invalid lines reported like a compiler's errors
//! (`FILE:LINE:COL: message`); exit status 1 if there is one.

use uriscan::{ParseError, Syntax};

use super::{fields_help, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Format, Sink, Val};

/// Report invalid lines like a compiler (FILE:LINE:COL: message); exit 1 if any
#[derive(Debug, clap::Parser)]
#[command(name = "check", after_help = fields_help(CheckJob::COLUMNS))]
pub struct Check {
    /// Also report valid hosts that resolvers may read as an IPv4 address (section 7.4)
    #[arg(long)]
    pub strict_hosts: bool,
    /// Write nothing: the exit status only
    #[arg(short, long)]
    pub quiet: bool,
    /// Report every violation of a line, not only the first
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub syntax: SyntaxArgs,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Check {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let syntax = self.syntax.syntax()?;
        let job = CheckJob { syntax, strict_hosts: self.strict_hosts, quiet: self.quiet, all: self.all };
        let s = cx.records(&job)?;
        let invalid = s.acc;
        if !job.quiet {
            let in_files = if s.files > 1 { format!(" in {} files", s.files) } else { String::new() };
            if s.input_error {
                // Not "all valid": some input was not read (named above).
                let plural = if invalid == 1 { "" } else { "s" };
                eprintln!(
                    "uriscan: {invalid} invalid line{plural} of {} read{in_files}; an input could not be read",
                    s.lines
                );
            } else if invalid == 0 {
                eprintln!("uriscan: {} lines checked{in_files}, all valid", s.lines);
            } else {
                let plural = if invalid == 1 { "" } else { "s" };
                eprintln!("uriscan: {invalid} invalid line{plural} of {}{in_files}", s.lines);
            }
        }
        Ok(s.status(u8::from(invalid > 0)))
    }
}

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
    const COLUMNS: &'static [Column] = line_columns![col: UInt, error_kind: Str, error_index: UInt, message: Str];
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

