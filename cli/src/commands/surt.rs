//! `surt`: the SURT key of every line (web-archive sort order), as the
//! Internet Archive's `surt` package computes it by default.

use uriscan_crawl::SurtOptions;

use super::{fields_help, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Format, Sink, Val};

/// The SURT key of every line (web-archive sort order; any line gets one)
///
/// As the Internet Archive's `surt` package computes it by default (uriscan-crawl's
/// README); a line that is not a URI still gets a key.
#[derive(Debug, clap::Parser)]
#[command(name = "surt", after_help = fields_help(SurtJob::COLUMNS))]
pub struct Surt {
    /// Start the key with the scheme: http://(org,example,)/
    #[arg(long)]
    pub with_scheme: bool,
    /// Keep a leading www, www2, ... label (dropped by default)
    #[arg(long)]
    pub keep_www: bool,
    /// Write ',' after the last host label
    #[arg(long)]
    pub trailing_comma: bool,
    /// Reverse dotted-quad IPv4 hosts like names (the default)
    #[arg(long, overrides_with = "no_reverse_ipaddr")]
    pub reverse_ipaddr: bool,
    /// Keep IPv4 hosts in their order: 127.0.0.1)/
    #[arg(long, overrides_with = "reverse_ipaddr")]
    pub no_reverse_ipaddr: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Surt {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let opts = SurtOptions {
            with_scheme: self.with_scheme,
            host_massage: !self.keep_www,
            trailing_comma: self.trailing_comma,
            reverse_ipaddr: !self.no_reverse_ipaddr,
        };
        cx.write(&SurtJob { opts })
    }
}

pub struct SurtJob {
    pub opts: SurtOptions,
}

impl Records for SurtJob {
    const COLUMNS: &'static [Column] = line_columns![surt: Str];
    fn default_format(&self) -> Format {
        Format::Text
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{surt}")
    }
}

impl Job for SurtJob {
    /// The key buffer, reused from line to line (no allocation per key).
    type Acc = Vec<u8>;

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, key: &mut Vec<u8>) {
        uriscan_crawl::surt_bytes_into(l.bytes, key, &self.opts);
        let mut r = l.row();
        r.push(Val::b(key));
        out.emit(&r);
    }
}
