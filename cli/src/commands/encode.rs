//! `encode` (RFC 3986 section 2.1) and `decode` (section 2.4): percent-
//! encoding every line with a component's set of allowed bytes, and
//! decoding it.

use std::borrow::Cow;

use uriscan::percent;

use super::{fields_help, Command, Stop, CONVERSION_COLUMNS};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Format, Sink, Val};

/// Percent-encode every line (section 2.1) with a component's set of allowed bytes
#[derive(Debug, clap::Parser)]
#[command(name = "encode", after_help = fields_help(EncodeJob::COLUMNS))]
pub struct Encode {
    /// The component whose characters stay as they are
    #[arg(short, long, value_enum, default_value_t = Component::Segment)]
    pub component: Component,
    /// application/x-www-form-urlencoded: only unreserved bytes stay, space is '+'
    #[arg(long, conflicts_with = "component")]
    pub form: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Encode {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&EncodeJob { component: if self.form { None } else { Some(self.component) } })
    }
}

/// Percent-decode every line (section 2.4); a malformed '%' is an error
#[derive(Debug, clap::Parser)]
#[command(name = "decode", after_help = fields_help(DecodeJob::COLUMNS))]
pub struct Decode {
    /// application/x-www-form-urlencoded: '+' is a space; a malformed '%' stays
    #[arg(long)]
    pub form: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Decode {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&DecodeJob { form: self.form })
    }
}

/// The component whose encode set `encode` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Component {
    Userinfo,
    Host,
    Path,
    Segment,
    Query,
    Fragment,
}

pub struct EncodeJob {
    /// `None`: form encoding.
    pub component: Option<Component>,
}

impl Records for EncodeJob {
    const COLUMNS: &'static [Column] = line_columns![result: Str];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

/// `application/x-www-form-urlencoded`: unreserved bytes stay, a space is
/// `+`, everything else `%XX`.
fn encode_form(s: &[u8]) -> String {
    let mut out = String::with_capacity(s.len());
    for part in s.split(|&b| b == b' ').enumerate() {
        if part.0 > 0 {
            out.push('+');
        }
        percent::encode_into(part.1, &uriscan::sets::UNRESERVED, &mut out);
    }
    out
}

impl Job for EncodeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        use Component as C;
        let s = l.bytes;
        let e = match self.component {
            None => Cow::Owned(encode_form(s)),
            Some(C::Userinfo) => percent::encode_userinfo(s),
            Some(C::Host) => percent::encode_reg_name(s),
            Some(C::Path) => percent::encode_path(s),
            Some(C::Segment) => percent::encode_path_segment(s),
            Some(C::Query) => percent::encode_query(s),
            Some(C::Fragment) => percent::encode_fragment(s),
        };
        let mut r = l.row();
        r.push(match e {
            Cow::Borrowed(b) => Val::s(b),
            Cow::Owned(o) => Val::owned(o),
        });
        out.emit(&r);
    }
}

pub struct DecodeJob {
    pub form: bool,
}

impl Records for DecodeJob {
    const COLUMNS: &'static [Column] = CONVERSION_COLUMNS;
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for DecodeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let d = if self.form { Ok(percent::decode_form(l.bytes)) } else { percent::decode(l.bytes) };
        let mut r = l.row();
        match d {
            Ok(b) => {
                r.push(Val::Bool(true));
                r.push(Val::Str(b));
                r.nulls(3);
            }
            Err(e) => {
                r.push(Val::Bool(false));
                r.push(Val::Null);
                r.push(Val::s("percent-encoding"));
                r.push(Val::Int(e.index() as u64));
                r.push(Val::owned(e.to_string()));
            }
        }
        out.emit(&r);
    }
}

