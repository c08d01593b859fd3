//! `canon`: the canonical form of every line under a profile (rfc3986,
//! archive, safe-browsing).

use clap::builder::{PossibleValue, PossibleValuesParser};
use uriscan_crawl::{CanonError, Profile};

use super::{converted, fields_help, parse_failure, Command, Stop, CONVERSION_COLUMNS};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::record::{Column, Sink, Val};

/// The canonical form of every line under a profile (rfc3986, archive, safe-browsing)
#[derive(Debug, clap::Parser)]
#[command(name = "canon", after_help = fields_help(CanonJob::COLUMNS))]
pub struct Canon {
    /// The canonicalization profile
    #[arg(short, long, value_parser = profiles(), default_value = "rfc3986")]
    pub profile: Profile,
    #[command(flatten)]
    pub input: Input,
}

/// The canonicalization profiles, from the crawl crate's list.
fn profiles() -> impl clap::builder::TypedValueParser<Value = Profile> {
    use clap::builder::TypedValueParser;
    let values = Profile::ALL.map(|p| PossibleValue::new(p.name()).help(p.about()));
    PossibleValuesParser::new(values).map(|s| s.parse().unwrap_or(Profile::Rfc3986))
}

impl Command for Canon {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&CanonJob { profile: self.profile })
    }
}

pub struct CanonJob {
    pub profile: Profile,
}

impl Records for CanonJob {
    const COLUMNS: &'static [Column] = CONVERSION_COLUMNS;
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for CanonJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let res = match uriscan_crawl::canon(l.bytes, self.profile) {
            Ok(c) => Ok(Val::Str(c)),
            Err(CanonError::Invalid(e)) => Err(parse_failure(&e)),
            Err(e) => Err(("empty", None, e.to_string())),
        };
        out.emit(&converted(l.row(), res));
    }
}
