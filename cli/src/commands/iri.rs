//! `to-uri` and `to-iri`: the mappings between IRI references and URI
//! references of RFC 3987 sections 3.1 and 3.2.

use uriscan::Syntax;

use super::{converted, fields_help, parse_failure, Command, Stop, CONVERSION_COLUMNS};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::record::{Column, Sink, Val};

/// Map every IRI reference to a URI reference (RFC 3987 section 3.1)
///
/// Lines are parsed as RFC 3987 IRI references; an invalid line (also one that is not
/// UTF-8) has no result and the parse error's fields. The text format writes the result
/// only (an empty line for an invalid one).
#[derive(Debug, clap::Parser)]
#[command(name = "to-uri", after_help = fields_help(IriJob::COLUMNS))]
pub struct ToUri {
    /// Convert a non-ASCII host with IDNA ToASCII (xn--) instead of percent-encoding it
    #[arg(long)]
    pub idna: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for ToUri {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&IriJob::ToUri { idna: self.idna })
    }
}

/// Map every URI reference to an IRI reference (RFC 3987 section 3.2)
///
/// Percent-encoded UTF-8 that is a ucschar (an iprivate in the query) is decoded; other
/// escapes stay. Lines are parsed as RFC 3986 URI references; an invalid line has no result
/// and the parse error's fields.
#[derive(Debug, clap::Parser)]
#[command(name = "to-iri", after_help = fields_help(IriJob::COLUMNS))]
pub struct ToIri {
    #[command(flatten)]
    pub input: Input,
}

impl Command for ToIri {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&IriJob::ToIri)
    }
}

/// `to-uri` and `to-iri` (RFC 3987 sections 3.1 and 3.2).
pub enum IriJob {
    /// IRI reference to URI reference; `idna`: IDNA ToASCII for a non-ASCII reg-name.
    ToUri { idna: bool },
    /// URI reference to IRI reference.
    ToIri,
}

impl Records for IriJob {
    const COLUMNS: &'static [Column] = CONVERSION_COLUMNS;
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for IriJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let res = match self {
            IriJob::ToUri { idna } => match l.parse(Syntax::IriReference) {
                Err(e) => Err(parse_failure(&e)),
                Ok(u) if *idna => {
                    u.to_uri_idna_str().map(Val::cow).map_err(|e| ("idna", Some(e.index()), e.to_string()))
                }
                Ok(u) => Ok(Val::cow(u.to_uri_str())),
            },
            IriJob::ToIri => match l.parse(Syntax::UriReference) {
                Ok(u) => Ok(Val::cow(u.to_iri_str())),
                Err(e) => Err(parse_failure(&e)),
            },
        };
        out.emit(&converted(l.row(), res));
    }
}

