//! `strip-params`: query parameters removed (tracking ones by default),
//! kept (`--keep-only`) or sorted.

use uriscan_crawl::ParamFilter;

use super::{fields_help, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Format, Sink, Val};

/// Remove query parameters (tracking ones by default), or keep only some, or sort them
#[derive(Debug, clap::Parser)]
#[command(name = "strip-params", after_help = fields_help(StripParamsJob::COLUMNS))]
pub struct StripParams {
    /// Also remove this parameter (repeatable, comma-separated; ASCII case-insensitive)
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    pub remove: Vec<String>,
    /// Also remove parameters whose name starts with this (repeatable, comma-separated)
    #[arg(long, value_delimiter = ',', value_name = "PREFIX")]
    pub remove_prefix: Vec<String>,
    /// Do not remove the default tracking parameters (utm_*, fbclid, gclid, ...)
    #[arg(long)]
    pub no_tracking: bool,
    /// Keep only these parameters (repeatable, comma-separated); removes every other one
    #[arg(long, value_delimiter = ',', value_name = "NAME", conflicts_with_all = ["remove", "remove_prefix", "no_tracking"])]
    pub keep_only: Vec<String>,
    /// Sort the remaining parameters by decoded name (stable)
    #[arg(long)]
    pub sort: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for StripParams {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let (mut names, mut prefixes): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
        if self.keep_only.is_empty() && !self.no_tracking {
            names.extend(uriscan_crawl::TRACKING_NAMES);
            prefixes.extend(uriscan_crawl::TRACKING_PREFIXES);
        }
        names.extend(self.remove.iter().chain(&self.keep_only).map(String::as_str));
        prefixes.extend(self.remove_prefix.iter().map(String::as_str));
        let filter = ParamFilter { names: &names, prefixes: &prefixes, keep_only: !self.keep_only.is_empty(), sort: self.sort };
        cx.write(&StripParamsJob { filter })
    }
}

pub struct StripParamsJob<'f> {
    pub filter: ParamFilter<'f>,
}

impl Records for StripParamsJob<'_> {
    const COLUMNS: &'static [Column] = line_columns![result: Str];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}

impl Job for StripParamsJob<'_> {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        r.push(Val::Str(uriscan_crawl::filter_params_bytes(l.bytes, &self.filter)));
        out.emit(&r);
    }
}
