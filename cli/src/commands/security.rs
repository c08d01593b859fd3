//! `security`: the security findings of RFC 3986 section 7 (7.3 to 7.6),
//! one record each.

use uriscan::security::FindingKind;
use uriscan::Syntax;

use super::check::check_message;
use super::{fields_help, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Fields, Sink, Val};

/// The security findings of section 7 (7.3 to 7.6), one record each
#[derive(Debug, clap::Parser)]
#[command(name = "security", after_help = fields_help(SecurityJob::COLUMNS))]
pub struct Security {
    #[command(flatten)]
    pub input: Input,
}

impl Command for Security {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        cx.write(&SecurityJob)
    }
}

pub struct SecurityJob;

/// A stable name for a finding kind.
fn finding_name(k: &FindingKind) -> &'static str {
    match k {
        FindingKind::UserinfoLooksLikeHost => "userinfo-looks-like-host",
        FindingKind::Password => "password",
        FindingKind::AmbiguousIpv4(_) => "ambiguous-ipv4",
        FindingKind::EncodedNul => "encoded-nul",
        FindingKind::EncodedSlash => "encoded-slash",
        FindingKind::EncodedBackslash => "encoded-backslash",
        FindingKind::EncodedDotSegment => "encoded-dot-segment",
        _ => "other",
    }
}

impl Records for SecurityJob {
    const COLUMNS: &'static [Column] =
        line_columns![valid: Bool, col: UInt, section: Str, kind: Str, index: UInt, message: Str];
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{file}:{line}:{col}: {message}")
    }
}

impl Job for SecurityJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        match l.parse(Syntax::UriReference) {
            Ok(u) => {
                for f in u.security_findings() {
                    let mut r = l.row();
                    r.push(Val::Bool(true));
                    r.push(Val::Int(f.index as u64 + 1));
                    r.push(Val::s(f.section()));
                    r.push(Val::s(finding_name(&f.kind)));
                    r.push(Val::Int(f.index as u64));
                    r.push(Val::owned(f.kind.to_string()));
                    out.emit(&r);
                }
            }
            Err(e) => {
                let mut r = l.row();
                r.push(Val::Bool(false));
                r.push(Val::Int(e.index() as u64 + 1));
                r.push(Val::Null);
                r.name(e.kind().name());
                r.push(Val::Int(e.index() as u64));
                r.push(Val::owned(check_message(&e)));
                out.emit(&r);
            }
        }
    }
}
