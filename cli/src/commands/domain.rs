//! `domain`: the public suffix, registrable domain and subdomain of every
//! line's host (the Public Suffix List compiled into the `psl` crate).

use uriscan::Syntax;
use uriscan_crawl::{DomainOptions, HostClass, Section};

use super::{fields_help, Command, Stop};
use crate::args::{Input, SyntaxArgs};
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{Column, Sink, Val};

/// Public suffix, registrable domain and subdomain of every line's host
///
/// The host is the parsed reference's; for a line that does not parse (the `valid` field is
/// false), the host of its RFC 3986 Appendix B authority (after the last '@', before a
/// port), since crawl logs are dirty; with --hosts the line itself (`valid` is then
/// undefined). A line without an authority has no host; a host that is not UTF-8 has no
/// parts. The Public Suffix List is the one compiled into the `psl` crate; ICANN section
/// only unless --private.
#[derive(Debug, clap::Parser)]
#[command(name = "domain", after_help = fields_help(DomainJob::COLUMNS))]
pub struct Domain {
    /// Lines are hosts, not URIs
    #[arg(long)]
    pub hosts: bool,
    /// Also the Public Suffix List's private section (github.io, blogspot.com, ...)
    #[arg(long)]
    pub private: bool,
    #[command(flatten)]
    pub syntax: SyntaxArgs,
    #[command(flatten)]
    pub input: Input,
}

impl Command for Domain {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        let opts = DomainOptions { private: self.private, ..DomainOptions::default() };
        cx.write(&DomainJob { hosts: self.hosts, syntax: self.syntax.syntax()?, opts })
    }
}

pub struct DomainJob {
    /// Lines are hosts (`--hosts`), else URI references parsed so.
    pub hosts: bool,
    pub syntax: Syntax,
    pub opts: DomainOptions,
}

impl Records for DomainJob {
    const COLUMNS: &'static [Column] = line_columns![
        valid: Bool,
        host: Str,
        subdomain: Str,
        domain: Str,
        suffix: Str,
        registrable_domain: Str,
        section: Str,
        host_class: Str,
    ];
}

/// a port's `:` (an IP literal's brackets kept whole).
fn authority_host(authority: &[u8]) -> &[u8] {
    let hostport = authority.rsplit(|&b| b == b'@').next().unwrap_or_default();
    let from = if hostport.starts_with(b"[") { memchr::memchr(b']', hostport).unwrap_or(0) } else { 0 };
    match hostport.get(from..).and_then(|t| memchr::memchr(b':', t)) {
        Some(i) => hostport.get(..from + i).unwrap_or_default(),
        None => hostport,
    }
}

/// The `section` column.
fn section_name(s: Section) -> &'static str {
    match s {
        Section::Icann => "icann",
        Section::Private => "private",
    }
}

impl Job for DomainJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        // The host: text, or bytes that are not UTF-8. (`l.text` is `None`
        // for every line of a chunk that is not all UTF-8, so it is no guide.)
        let text = |b| std::str::from_utf8(b).map_err(|_| b);
        let (valid, host) = if self.hosts {
            (Val::Null, Some(text(l.bytes)))
        } else {
            match l.parse(self.syntax) {
                Ok(u) => (Val::Bool(true), u.host().map(Ok)),
                Err(_) => (Val::Bool(false), uriscan::split_bytes(l.bytes).authority.map(|a| text(authority_host(a)))),
            }
        };
        r.push(valid);
        match host {
            None => r.nulls(7),
            // Not UTF-8: the host as it is, no parts.
            Some(Err(bytes)) => {
                r.push(Val::b(bytes));
                r.nulls(6);
            }
            Some(Ok(h)) => {
                let p = uriscan_crawl::domain_parts(h, self.opts);
                r.push(Val::s(h));
                r.push(Val::s(p.subdomain));
                r.push(Val::s(p.domain));
                r.push(Val::s(p.suffix));
                r.push(Val::opt(p.registrable_domain()));
                r.push(Val::opt(p.section.map(section_name)));
                r.push(Val::s(match p.class {
                    HostClass::Ip => "ip",
                    HostClass::Name => "name",
                }));
            }
        }
        out.emit(&r);
    }
}

