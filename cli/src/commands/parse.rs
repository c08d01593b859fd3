//! `parse`: the components of every line (errors for invalid lines), and
//! `parse --lenient`: components for invalid lines too, and every
//! violation of the grammar.

use std::cell::Cell;

use uriscan::{ParseError, Syntax, UriRef};

use super::{fields_help, push_error, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{joined, Column, Fields, Fill, Sink, Val};

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
    const COLUMNS: &'static [Column] = line_columns![
        valid: Bool,
        scheme: Str,
        authority: Str,
        userinfo: Str,
        host: Str,
        host_kind: Str,
        // RFC 3986's `*DIGIT`: a port beyond 65535 is null in Parquet
        // (and counted in a warning).
        port: Port,
        path: Str,
        query: Str,
        fragment: Str,
        error_kind: Str,
        error_index: UInt,
        error_message: Str,
    ];
}

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

/// The values of the record of `parse` of line `l`, parsed as `parse`.
#[inline(always)]
fn fill_parse<'a, F: Fields<'a>>(l: &Line<'a>, parse: Result<UriRef<'_>, ParseError>, r: &mut F) {
    l.first_fields(r);
    match parse {
        Ok(u) => {
            // Each component as its range in the line (`u` views it).
            r.push(Val::Bool(true));
            r.part(l, u.range(uriscan::Component::Scheme));
            r.part(l, u.range(uriscan::Component::Authority));
            r.part(l, u.range(uriscan::Component::Userinfo));
            r.part(l, u.range(uriscan::Component::Host));
            match u.host_kind() {
                Some(k) => r.name(k.name()),
                None => r.push(Val::Null),
            }
            r.part(l, u.range(uriscan::Component::Port));
            r.part(l, u.range(uriscan::Component::Path));
            r.part(l, u.range(uriscan::Component::Query));
            r.part(l, u.range(uriscan::Component::Fragment));
            r.nulls(3);
        }
        Err(e) => {
            // The Appendix B split of the invalid line.
            let c = uriscan::split_bytes(l.bytes);
            r.push(Val::Bool(false));
            r.push(Val::opt_b(c.scheme));
            r.push(Val::opt_b(c.authority));
            r.nulls(4);
            r.push(Val::b(c.path));
            r.push(Val::opt_b(c.query));
            r.push(Val::opt_b(c.fragment));
            push_error(r, &e);
        }
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

/// `parse --lenient`'s record.
const LENIENT_COLUMNS: [Column; 18] =
    joined(ParseJob::COLUMNS, crate::columns![violation_count: UInt, violations: Str]);

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
        r.push(Val::Bool(p.is_valid()));
        r.push(Val::opt_b(p.scheme()));
        r.push(Val::opt_b(p.authority()));
        r.push(Val::opt_b(p.userinfo()));
        r.push(Val::opt_b(p.host()));
        match p.host_kind() {
            Some(k) => r.name(k.name()),
            None => r.push(Val::Null),
        }
        r.push(Val::opt_b(p.port()));
        r.push(Val::b(p.path()));
        r.push(Val::opt_b(p.query()));
        r.push(Val::opt_b(p.fragment()));
        match p.error() {
            Some(e) => push_error(r, &e),
            None => r.nulls(3),
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

