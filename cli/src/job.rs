//! What a command does with its input: a [`Job`] handles each line (or
//! each chunk of free text) and writes its records; a [`Records`] job also
//! declares the columns of those records.

use crate::line::{Line, Text};
use crate::record::{Column, Format, Sink};

/// What a command does with each line.
pub trait Job: Sync {
    /// Per-chunk state, merged in input order at the end.
    type Acc: Default + Send;
    /// Handles one line: writes its records (through [`Sink::write`], or
    /// [`Line::row`] and [`Sink::emit`]) and counts into `acc`.
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, acc: &mut Self::Acc);
    /// Adds `from` (the state of a later chunk) into `into`. Jobs that
    /// count something override it.
    fn merge(&self, _into: &mut Self::Acc, _from: Self::Acc) {}
    /// Handles the lines of a chunk, in order: [`line`](Job::line) for
    /// each. A job that can take a chunk's lines as a batch (`check`, with
    /// the library's batch validator) overrides it.
    #[inline(always)]
    fn lines<'a, I: Iterator<Item = Line<'a>>>(&self, lines: I, out: &mut Sink<'_>, acc: &mut Self::Acc) {
        for l in lines {
            self.line(&l, out, acc);
        }
    }
    /// Whether the job writes a record for most lines, and so wants each
    /// [`Line::text`] and [`Line::escape_free`] (the chunk's UTF-8 check
    /// and its escape scan, paid once per chunk). A job that writes few
    /// records (`check`, `stats`) says `false`: its lines come with `text`
    /// `None` and `escape_free` `false`, which costs them nothing, and what
    /// it writes is the same (a record's writer scans what it writes).
    const TEXT: bool = true;
    /// Whether the job reads free text rather than lines (`extract`): each
    /// chunk of whole lines goes to [`free_text`](Job::free_text), not [`line`](Job::line).
    const FREE_TEXT: bool = false;
    /// Handles a chunk of free text ([`FREE_TEXT`](Job::FREE_TEXT) jobs).
    fn free_text(&self, _chunk: &Text<'_>, _out: &mut Sink<'_>, _acc: &mut Self::Acc) {}
}

/// A job that writes records: their columns, declared once, are what
/// `--fields` selects from, what every writer takes its fields from and
/// what the typed output's types are.
pub trait Records: Job {
    /// The columns of its records, in the order `Row`s are filled.
    const COLUMNS: &'static [Column];
    /// The columns of this run: [`COLUMNS`](Records::COLUMNS), unless the
    /// job's options change a column's type (`fn`: its function's result).
    fn columns(&self) -> &'static [Column] {
        Self::COLUMNS
    }
    /// The format without `--format`.
    fn default_format(&self) -> Format {
        Format::Jsonl
    }
    /// The text layout (`{column}` placeholders); `None`: the fields joined by TAB.
    fn text(&self, _with_file: bool) -> Option<&'static str> {
        None
    }
}
