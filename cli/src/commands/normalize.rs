//! `normalize`: syntax-based (and `--scheme-based`) normalization (RFC 3986
//! sections 6.2.2, 6.2.3).

use uriscan::{NormalizeOptions, Syntax};

use super::{fields_help, push_error, Command, Stop, CONVERSION_COLUMNS};
use crate::args::{rule_names, syntax_of, Input};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::record::{Column, Format, Sink, Val};

/// Syntax-based (and --scheme-based) normalization (sections 6.2.2, 6.2.3)
#[derive(Debug, clap::Parser)]
#[command(name = "normalize", after_help = fields_help(NormalizeJob::COLUMNS))]
pub struct Normalize {
    /// Also scheme-based normalization (default port, empty path)
    #[arg(long)]
    pub scheme_based: bool,
    /// Write the comparison key only (text by default): 'normalize --key | sort -u' dedups
    #[arg(long)]
    pub key: bool,
    /// The RFC 3986 rule lines must match
    #[arg(long, ignore_case = true, value_parser = rule_names(uriscan::Grammar::Rfc3986.syntaxes()))]
    pub rule: Option<String>,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Normalize {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let opts = if self.scheme_based { NormalizeOptions::SCHEME_BASED } else { NormalizeOptions::SYNTAX };
        let rule = syntax_of(uriscan::Grammar::Rfc3986, self.rule.as_deref())?;
        cx.write(&NormalizeJob { rule, opts, key: self.key })
    }
}

pub struct NormalizeJob {
    pub rule: Syntax,
    pub opts: NormalizeOptions,
    /// `--key`: text by default.
    pub key: bool,
}

impl Records for NormalizeJob {
    const COLUMNS: &'static [Column] = CONVERSION_COLUMNS;
    fn default_format(&self) -> Format {
        if self.key {
            Format::Text
        } else {
            Format::Jsonl
        }
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for NormalizeJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        match l.parse(self.rule) {
            Ok(u) => {
                // The comparison key is the normalized form: two references
                // are `normalized_eq` exactly when these strings are equal.
                r.push(Val::Bool(true));
                r.push(Val::owned(u.normalize_str_with(self.opts).to_string()));
                r.nulls(3);
            }
            Err(e) => {
                r.push(Val::Bool(false));
                r.push(Val::Null);
                push_error(&mut r, &e);
            }
        }
        out.emit(&r);
    }
}

