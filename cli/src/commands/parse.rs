//! `parse`: the components of every line (errors for invalid lines), and
//! `parse --lenient`: components for invalid lines too, and every
//! violation of the grammar.

use std::cell::Cell;

use uriscan::{ParseError, Syntax, UriRef};

use uriscan_crawl::record::{port_number_bytes, FieldKind, ParseField, PARSE_RECORD};

use super::{fields_help, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{joined, ColType, Column, Fields, Fill, Sink, Val};

/// The components of every line (errors for invalid lines)
#[derive(Debug, clap::Parser)]
#[command(name = "parse", after_help = fields_help(ParseJob::COLUMNS))]
pub struct Parse {
    /// Components for invalid lines too (the Appendix B split, then userinfo, host and
    /// port), and every violation of the grammar: adds the fields violation_count and
    /// violations (INDEX:KIND items joined by ',')
    #[arg(long)]
    pub lenient: bool,
    #[command(flatten)]
    pub syntax: SyntaxArgs,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Parse {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let syntax = self.syntax.syntax()?;
        if self.lenient {
            cx.write(&LenientJob { syntax })
        } else {
            cx.write(&ParseJob { syntax })
        }
    }
}

pub struct ParseJob {
    pub syntax: Syntax,
}

impl Records for ParseJob {
    const COLUMNS: &'static [Column] = &PARSE_COLUMNS;
}

/// The parse record's columns ([`uriscan_crawl::record::PARSE_RECORD`]),
/// typed: text `Str`, the port's number `Int32` (Arrow's type for it, as
/// `uriscan_arrow::parse` writes it), the error's index `UInt`.
const RECORD_COLUMNS: [Column; PARSE_RECORD.len()] = {
    let mut all = [Column::new("", ColType::Str); PARSE_RECORD.len()];
    let mut k = 0;
    while k < all.len() {
        let f = PARSE_RECORD[k];
        let ty = match f.kind {
            FieldKind::Bool => ColType::Bool,
            FieldKind::Text => ColType::Str,
            FieldKind::Port => ColType::Int32,
            FieldKind::Index => ColType::UInt,
        };
        all[k] = Column::new(f.name, ty);
        k += 1;
    }
    all
};

/// `parse`'s record: the line's columns, then the parse record's.
const PARSE_COLUMNS: [Column; 3 + PARSE_RECORD.len()] = joined(line_columns![], &RECORD_COLUMNS);

impl Job for ParseJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        out.write(self, l);
    }

    /// A chunk of text goes through the library's batch parser
    /// ([`Syntax::parse_each`]: its SIMD code entered once per chunk, not
    /// once per line); each record is what [`line`](Job::line) writes.
    #[inline(always)]
    fn lines<'a, I: Iterator<Item = Line<'a>>>(&self, mut lines: I, out: &mut Sink<'_>, acc: &mut ()) {
        // The first line tells whether the chunk is text.
        let Some(first) = lines.next() else { return };
        self.line(&first, out, acc);
        if first.text.is_none() {
            for l in lines {
                self.line(&l, out, acc);
            }
            return;
        }
        let current = Cell::new(first);
        let texts = Texts { lines, current: &current };
        self.syntax.parse_each(texts, |_, r| {
            let l = current.get();
            if l.text.is_some() {
                out.write(&Parsed(r), &l);
            } else {
                out.write(self, &l);
            }
        });
    }
}

/// The text of each of `lines` (empty when a line has none), the line
/// itself left in `current`: the batch parser takes the next text only
/// after its callback for this one, which finds the line there. (A `map`
/// closure was not inlined into the parser's loop: a call per line.)
struct Texts<'c, 'a, I> {
    lines: I,
    current: &'c Cell<Line<'a>>,
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for Texts<'_, 'a, I> {
    type Item = &'a str;

    #[inline(always)]
    fn next(&mut self) -> Option<&'a str> {
        let l = self.lines.next()?;
        self.current.set(l);
        Some(l.text.unwrap_or_default())
    }
}

impl Fill for ParseJob {
    #[inline]
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        fill_parse(l, l.parse(self.syntax), r);
    }
}

/// The record of `parse` of a line, whose parse is given.
struct Parsed<'u>(Result<UriRef<'u>, ParseError>);

impl Fill for Parsed<'_> {
    #[inline(always)]
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        fill_parse(l, self.0, r);
    }
}

/// The values of the record of `parse` of line `l`, parsed as `parse`: a
/// valid line's components as ranges of the line; an invalid line's error,
/// every other field null (as `uriscan_arrow::parse`; `--lenient` gives an
/// invalid line's components).
#[inline(always)]
fn fill_parse<'a, F: Fields<'a>>(l: &Line<'a>, parse: Result<UriRef<'_>, ParseError>, r: &mut F) {
    l.first_fields(r);
    match parse {
        Ok(u) => {
            for f in &PARSE_RECORD {
                // Each component as its range in the line (`u` views it).
                if let Some(c) = f.field.component() {
                    r.part(l, u.range(c));
                    continue;
                }
                match f.field {
                    ParseField::Valid => r.push(Val::Bool(true)),
                    ParseField::HostKind => match u.host_kind() {
                        Some(k) => r.name(k.name()),
                        None => r.push(Val::Null),
                    },
                    ParseField::Port => r.push(match u.port_value() {
                        Some(uriscan::Port::Number(n)) => Val::Int(u64::from(n)),
                        _ => Val::Null,
                    }),
                    _ => r.push(Val::Null),
                }
            }
        }
        Err(e) => {
            for f in &PARSE_RECORD {
                match f.field {
                    ParseField::Valid => r.push(Val::Bool(false)),
                    ParseField::ErrorKind | ParseField::ErrorIndex | ParseField::ErrorMessage => {
                        push_error_field(r, f.field, &e)
                    }
                    _ => r.push(Val::Null),
                }
            }
        }
    }
}

/// The record's `port`: the number of `port` (digits as written), null
/// when absent, empty or above 65535.
#[inline(always)]
fn port_val<'a>(port: Option<&[u8]>) -> Val<'a> {
    match port.and_then(port_number_bytes) {
        Some(n) => Val::Int(u64::from(n)),
        None => Val::Null,
    }
}

/// Error field `f` of the parse record (`error_kind`, `error_index`,
/// `error_message`) of error `e`.
fn push_error_field<'a>(r: &mut impl Fields<'a>, f: ParseField, e: &ParseError) {
    match f {
        ParseField::ErrorKind => r.name(e.kind().name()),
        ParseField::ErrorIndex => r.push(Val::Int(e.index() as u64)),
        ParseField::ErrorMessage => r.push(Val::owned(e.to_string())),
        _ => r.push(Val::Null),
    }
}

// ------------------------------------------------------- parse --lenient

/// `parse --lenient`: the columns of `parse` for every line (an invalid
/// line's components are the library's lenient ones: the Appendix B split,
/// then userinfo, host and port), and every violation of the grammar.
pub struct LenientJob {
    pub syntax: Syntax,
}

impl Records for LenientJob {
    /// `parse`'s columns, then the violations.
    const COLUMNS: &'static [Column] = &LENIENT_COLUMNS;
}

/// `parse --lenient`'s record: `parse`'s (the same fields, the lenient
/// parse's values), then the violations.
const LENIENT_COLUMNS: [Column; PARSE_COLUMNS.len() + 2] =
    joined(&PARSE_COLUMNS, crate::columns![violation_count: UInt, violations: Str]);

impl Job for LenientJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        out.write(self, l);
    }
}

impl Fill for LenientJob {
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        l.first_fields(r);
        let p = self.syntax.parse_lenient_bytes(l.bytes);
        let error = p.error();
        for f in &PARSE_RECORD {
            match f.field {
                ParseField::Valid => r.push(Val::Bool(p.is_valid())),
                ParseField::Scheme => r.push(Val::opt_b(p.scheme())),
                ParseField::Authority => r.push(Val::opt_b(p.authority())),
                ParseField::Userinfo => r.push(Val::opt_b(p.userinfo())),
                ParseField::Host => r.push(Val::opt_b(p.host())),
                ParseField::HostKind => match p.host_kind() {
                    Some(k) => r.name(k.name()),
                    None => r.push(Val::Null),
                },
                ParseField::PortText => r.push(Val::opt_b(p.port())),
                ParseField::Port => r.push(port_val(p.port())),
                ParseField::Path => r.push(Val::b(p.path())),
                ParseField::Query => r.push(Val::opt_b(p.query())),
                ParseField::Fragment => r.push(Val::opt_b(p.fragment())),
                ParseField::ErrorKind | ParseField::ErrorIndex | ParseField::ErrorMessage => match &error {
                    Some(e) => push_error_field(r, f.field, e),
                    None => r.push(Val::Null),
                },
            }
        }
        // `INDEX:KIND` items joined by ',' (kind names hold neither).
        let mut list = String::new();
        let mut n = 0u64;
        for v in p.violations() {
            if n > 0 {
                list.push(',');
            }
            list.push_str(&v.index().to_string());
            list.push(':');
            list.push_str(v.kind().name());
            n += 1;
        }
        r.push(Val::Int(n));
        r.push(Val::owned(list));
    }
}

