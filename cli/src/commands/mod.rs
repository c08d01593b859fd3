//! The commands, one file each (or one per family: `resolve.rs` holds
//! `resolve` and `relativize`). A command's file holds all of it:
//!
//! - its arguments and help: a `clap::Parser` struct whose doc comment is
//!   the command's help, whose `#[command(name = "...")]` is its name, and
//!   whose `after_help` lists its fields ([`fields_help`]);
//! - what it does: `impl Command` ([`Command::run`], usually a job handed
//!   to [`Context::write`], which reads the inputs and writes the records);
//! - its records: the job's [`Records::COLUMNS`](crate::job::Records),
//!   each column declared with its type (`line_columns![host: Str, port:
//!   Port]`), and what it puts in them ([`Job`](crate::job::Job), and
//!   [`Fill`](crate::record::Fill) for the direct writers).
//!
//! **A new command** `foo` is one new file and one list entry:
//!
//! 1. `cli/src/commands/foo.rs`, with `pub struct Foo` (`#[derive(Debug,
//!    clap::Parser)]`, `#[command(name = "foo", after_help =
//!    fields_help(FooJob::COLUMNS))]`, its options and `#[command(flatten)]
//!    pub input: Input`), `impl Command for Foo` (`files` returns
//!    `&self.input.files`; `run` builds the job and returns
//!    `cx.write(&job)`), and `FooJob` with `impl Job` and `impl Records`
//!    (`split.rs` is the smallest example);
//! 2. the entry `foo => Foo;` in the [`commands!`] list below, where the
//!    command is to appear in `uriscan --help`.
//!
//! The help, the completions, the man page, `--fields`, every output format
//! (Parquet's column types included), `-o` and the dispatch follow from
//! these two.

use crate::context::Context;
pub use crate::context::Stop;

/// A command of the command line.
pub trait Command {
    /// Its input operands (none: standard input).
    fn files(&self) -> &[String];
    /// Runs it: its exit status.
    fn run(&self, cx: &Context) -> Result<u8, Stop>;
}

/// The list of commands: `module => Struct, ...;` for each file of this
/// directory, in the order of `uriscan --help`. Declares the modules, the
/// enum [`Cmd`] of their argument structs (clap's subcommands, each built
/// by its own struct's `Parser` derive) and [`Cmd::command`], the one
/// dispatch.
macro_rules! commands {
    ($($module:ident => $($name:ident),+;)*) => {
        $(pub mod $module;)*

        /// A parsed command: one variant per command struct.
        #[derive(Debug)]
        pub enum Cmd {
            $($($name($module::$name),)+)*
        }

        impl Cmd {
            /// The command, to run.
            pub fn command(&self) -> &dyn Command {
                match self {
                    $($(Cmd::$name(c) => c,)+)*
                }
            }
        }

        impl clap::FromArgMatches for Cmd {
            fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
                let Some((name, sub)) = m.subcommand() else {
                    return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
                };
                $($(
                    if name == <$module::$name as clap::CommandFactory>::command().get_name() {
                        return Ok(Cmd::$name(<$module::$name as clap::FromArgMatches>::from_arg_matches(sub)?));
                    }
                )+)*
                Err(clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))
            }

            fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(m)?;
                Ok(())
            }
        }

        impl clap::Subcommand for Cmd {
            fn augment_subcommands(cmd: clap::Command) -> clap::Command {
                cmd$($(.subcommand(<$module::$name as clap::CommandFactory>::command()))+)*
            }

            fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
                Self::augment_subcommands(cmd)
            }

            fn has_subcommand(name: &str) -> bool {
                [$($(<$module::$name as clap::CommandFactory>::command()),+),*]
                    .iter()
                    .any(|c| c.get_name() == name)
            }
        }
    };
}

commands! {
    parse => Parse;
    split => Split;
    resolve => Resolve, Relativize;
    normalize => Normalize;
    check => Check;
    stats => Stats;
    extract => Extract;
    encode => Encode, Decode;
    security => Security;
    iri => ToUri, ToIri;
    surt => Surt;
    canon => Canon;
    domain => Domain;
    strip_params => StripParams;
    function => FnCmd;
    completions => Completions, Man;
}

/// The `Fields:` section of a command's help, from its column list.
pub fn fields_help(cols: &[crate::record::Column]) -> String {
    format!(
        "Fields (for --fields; by default all but file, unless -H or several FILEs, and input, \
         unless --echo):\n  {}\n\nSee 'uriscan --help' for the input rules, the output formats and the exit status.",
        crate::record::names(cols, ", ")
    )
}

/// `error_kind`, `error_index`, `error_message` of a parse error.
fn push_error<'a>(r: &mut impl crate::record::Fields<'a>, e: &uriscan::ParseError) {
    use crate::record::Val;
    r.name(e.kind().name());
    r.push(Val::Int(e.index() as u64));
    r.push(Val::owned(e.to_string()));
}

/// The columns of a conversion: the result, or why there is none
/// ([`converted`]).
const CONVERSION_COLUMNS: &[crate::record::Column] = crate::line_columns![
    valid: Bool,
    result: Str,
    error_kind: Str,
    error_index: UInt,
    error_message: Str,
];

/// Why a conversion has no result: error kind, index (if any), message.
type ConvError = (&'static str, Option<usize>, String);

/// `valid`, `result`, then the error columns of [`CONVERSION_COLUMNS`].
fn converted<'a>(
    mut r: crate::record::Row<'a>,
    res: Result<crate::record::Val<'a>, ConvError>,
) -> crate::record::Row<'a> {
    use crate::record::Val;
    match res {
        Ok(v) => {
            r.push(Val::Bool(true));
            r.push(v);
            r.nulls(3);
        }
        Err((kind, index, message)) => {
            r.push(Val::Bool(false));
            r.push(Val::Null);
            r.push(Val::s(kind));
            r.push(index.map_or(Val::Null, |i| Val::Int(i as u64)));
            r.push(Val::owned(message));
        }
    }
    r
}

/// A parse error as a conversion's error.
fn parse_failure(e: &uriscan::ParseError) -> ConvError {
    (e.kind().name(), Some(e.index()), e.to_string())
}

/// Writes `out` to stdout (a report written at the end): exit status 0,
/// or 3 when it could not be written.
fn write_out(out: &[u8]) -> u8 {
    if crate::run::write_stdout(out) {
        3
    } else {
        0
    }
}
