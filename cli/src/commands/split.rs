//! `split`: the RFC 3986 Appendix B split of every line (no validation).

use super::{fields_help, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Sink, Val};

/// The RFC 3986 Appendix B split of every line (no validation)
#[derive(Debug, clap::Parser)]
#[command(name = "split", after_help = fields_help(SplitJob::COLUMNS))]
pub struct Split {
    #[command(flatten)]
    pub input: Input,
}

impl Command for Split {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&SplitJob)
    }
}

pub struct SplitJob;

impl Records for SplitJob {
    const COLUMNS: &'static [Column] = line_columns![scheme: Str, authority: Str, path: Str, query: Str, fragment: Str];
}

impl Job for SplitJob {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let c = uriscan::split_bytes(l.bytes);
        let mut r = l.row();
        r.push(Val::opt_b(c.scheme));
        r.push(Val::opt_b(c.authority));
        r.push(Val::b(c.path));
        r.push(Val::opt_b(c.query));
        r.push(Val::opt_b(c.fragment));
        out.emit(&r);
    }
}

