//! `extract`: the URIs found in free text (RFC 3986 Appendix C), each with
//! its line and column (`LINE:COL<TAB>URI`). It reads the input a chunk of
//! whole lines at a time (memory does not grow with the input), each chunk
//! ending outside any `<...>` (a URI there may be wrapped over lines,
//! Appendix C; one waiting more than 1 MiB for its `>` may be cut).

use super::{fields_help, push_error, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::{Line, Text};
use crate::job::{Job, Records};
use crate::record::{Column, Format, Row, Sink, Val};

/// URIs found in free text (Appendix C): LINE:COL<TAB>URI
///
/// Reads the text in chunks of whole lines (memory stays small whatever the input's size); with
/// -0 lines end in NUL and LINE counts them. A URI in <...> may be wrapped over several lines
/// (RFC 3986 Appendix C): a chunk never ends inside one unless it waits more than 1 MiB for its
/// '>'. start and end are byte offsets in the file.
#[derive(Debug, clap::Parser)]
#[command(name = "extract", after_help = fields_help(ExtractJob::COLUMNS))]
pub struct Extract {
    /// Only URIs with this scheme (repeatable; case-insensitive)
    #[arg(long = "scheme", value_name = "SCHEME")]
    pub schemes: Vec<String>,
    /// Also candidates the strict parser rejects (with their error)
    #[arg(long)]
    pub invalid: bool,
    /// Find IRIs (RFC 3987): non-ASCII letters do not end a URI
    #[arg(long)]
    pub iri: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Extract {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let mut ex = uriscan::Extractor::new().accept_invalid(self.invalid).iri(self.iri);
        if !self.schemes.is_empty() {
            ex = ex.schemes(self.schemes.iter().map(String::as_str));
        }
        cx.write(&ExtractJob { ex })
    }
}

pub struct ExtractJob {
    pub ex: uriscan::Extractor,
}

impl Records for ExtractJob {
    const COLUMNS: &'static [Column] = crate::columns![
        file: Str,
        line: UInt,
        col: UInt,
        start: UInt,
        end: UInt,
        uri: Str,
        valid: Bool,
        delimiter: Str,
        error_kind: Str,
        error_index: UInt,
        error_message: Str,
    ];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, with_file: bool) -> Option<&'static str> {
        Some(if with_file { "{file}:{line}:{col}\t{uri}" } else { "{line}:{col}\t{uri}" })
    }
}

impl Job for ExtractJob {
    type Acc = ();
    const FREE_TEXT: bool = true;

    fn line(&self, _: &Line<'_>, _: &mut Sink<'_>, _: &mut ()) {}

    /// The URIs of a chunk of whole lines (lines end in the `-0`
    /// terminator when there is one; a URI in `<...>` may span lines and
    /// the reader does not cut a chunk inside one).
    fn free_text(&self, c: &Text<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let text = c.bytes;
        let (mut line, mut line_start, mut scanned) = (c.before + 1, 0usize, 0usize);
        for m in self.ex.extract_bytes(text) {
            let start = m.start();
            let before = text.get(scanned..start).unwrap_or_default();
            for i in memchr::memchr_iter(c.sep, before) {
                line += 1;
                line_start = scanned + i + 1;
            }
            scanned = start;
            let mut r = Row::default();
            r.push(Val::s(&c.file.name));
            r.push(Val::Int(line));
            r.push(Val::Int((start - line_start + 1) as u64));
            r.push(Val::Int(c.offset + start as u64));
            r.push(Val::Int(c.offset + m.end() as u64));
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
