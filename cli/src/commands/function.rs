//! `uriscan fn NAME [--arg VALUE]... [FILE]...`: one function of the URL
//! function set ([`uriscan_crawl::function_set`], the one table of names,
//! arguments and descriptions; `--list` and the help are generated from it)
//! applied to every line. One record per line, in input order: the `result`
//! column, or the Common Crawl index columns for `uri_cc_index`.

use std::borrow::Cow;

use uriscan_crawl::cc_index::CcIndexColumns;
use uriscan_crawl::function_set::{Args, Function, ResultType, Value, FUNCTIONS};

use super::{write_out, Command, Stop};
use crate::args::Input;
use crate::context::Context;
use crate::input::Line;
use crate::job::{Job, Records};
use crate::line_columns;
use crate::record::{joined, names, ColType, Column, Fields, Fill, Format, Sink, Val};

/// One function of the URL function set (ClickHouse's names, extras, Spark's, uri_cc_index) on every line
///
/// 'uriscan fn NAME FILE' writes NAME(line) for every line: 'uriscan fn domain urls.txt',
/// 'uriscan fn extractURLParameter --arg q urls.txt', 'uriscan fn uri_cc_index -f tsv
/// --fields url_host_name,url_host_tld urls.txt'. Strings and numbers are written as text
/// by default, lists and the cc-index columns as JSON Lines.
#[derive(Debug, clap::Parser)]
#[command(name = "fn", after_help = help())]
pub struct FnCmd {
    /// The function (see --list; ASCII case-insensitive)
    #[arg(value_name = "NAME", required_unless_present = "list")]
    pub name: Option<String>,
    /// An argument after the URL (repeatable, in order)
    #[arg(short, long = "arg", value_name = "VALUE", allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Print every function with its arguments and result type
    #[arg(long)]
    pub list: bool,
    #[command(flatten)]
    pub input: Input,
}

impl Command for FnCmd {
    fn files(&self) -> &[String] {
        &self.input.files
    }

    fn run(&self, cx: &Context) -> Result<u8, Stop> {
        if self.list {
            cx.no_records()?;
            return Ok(write_out(list().as_bytes()));
        }
        let name = self.name.as_deref().unwrap_or_default();
        let Some(f) = uriscan_crawl::function_set::find(name) else {
            return Err(Stop::Usage(format!("fn: unknown function '{name}' ('uriscan fn --list' lists them)")));
        };
        let raw: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let args = f.args(&raw)?;
        if f.result == ResultType::Parse {
            return Err(Stop::Usage(format!("fn: {} gives a struct: 'uriscan parse' writes its columns", f.name)));
        }
        if f.result == ResultType::CcIndex {
            cx.write(&CcIndexJob { f })
        } else {
            cx.write(&FnJob { f, args })
        }
    }
}

/// A function of the set over the lines (every function but `uri_cc_index`).
pub struct FnJob<'s> {
    pub f: &'static Function,
    pub args: Args<'s>,
}

/// `fn`'s record with a `result` of type `ty`.
const fn fn_columns(ty: ColType) -> [Column; 4] {
    joined(line_columns![], &[Column::new("result", ty)])
}

const STR_RESULT: [Column; 4] = fn_columns(ColType::Str);
const PORT_RESULT: [Column; 4] = fn_columns(ColType::Port);
const COUNT_RESULT: [Column; 4] = fn_columns(ColType::UInt);
const LIST_RESULT: [Column; 4] = fn_columns(ColType::List);
const INT_RESULT: [Column; 4] = fn_columns(ColType::Int32);
const BOOL_RESULT: [Column; 4] = fn_columns(ColType::Bool);

impl Records for FnJob<'_> {
    const COLUMNS: &'static [Column] = &STR_RESULT;
    /// The `result` column's type is the function's result type.
    fn columns(&self) -> &'static [Column] {
        match self.f.result {
            ResultType::Port => &PORT_RESULT,
            ResultType::Count => &COUNT_RESULT,
            ResultType::List => &LIST_RESULT,
            ResultType::Int => &INT_RESULT,
            ResultType::Bool => &BOOL_RESULT,
            ResultType::Str | ResultType::Bytes | ResultType::CcIndex | ResultType::Parse => &STR_RESULT,
        }
    }
    fn default_format(&self) -> Format {
        match self.f.result {
            ResultType::List | ResultType::CcIndex | ResultType::Parse => Format::Jsonl,
            _ => Format::Text,
        }
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
}


/// The function of a line: through its text when the chunk was UTF-8.
fn call<'a>(f: &Function, args: &Args<'_>, l: &Line<'a>) -> Value<'a> {
    match l.text {
        Some(t) => f.call(t, args),
        None => f.call_bytes(l.bytes, args),
    }
}

impl Fill for FnJob<'_> {
    #[inline]
    fn fill<'a, F: Fields<'a>>(&self, l: &Line<'a>, r: &mut F) {
        l.first_fields(r);
        match call(self.f, &self.args, l) {
            Value::Null | Value::CcIndex(_) | Value::Parsed(_) => r.push(Val::Null),
            Value::Bool(b) => r.push(Val::Bool(b)),
            // The Int32 answers are ports and counts: never negative.
            Value::Int(n) => r.push(u64::try_from(n).map_or(Val::Null, Val::Int)),
            Value::Str(Cow::Borrowed(s)) => r.str(s),
            Value::Str(Cow::Owned(s)) => r.push(Val::owned(s)),
            Value::Bytes(b) => r.push(Val::Str(b)),
            Value::UInt(n) => r.push(Val::Int(n)),
            Value::List(items) => r.push(Val::List(items.into_iter().map(|s| Cow::Borrowed(s.as_bytes())).collect())),
        }
    }
}

impl Job for FnJob<'_> {
    type Acc = ();

    #[inline]
    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        out.write(self, l);
    }
}

/// `uri_cc_index`: the Common Crawl index's URL columns of every line.
pub struct CcIndexJob {
    pub f: &'static Function,
}

/// Where the port is among the Common Crawl index columns: after the text
/// columns [`CcIndexColumns::into_columns`] gives first (its line in
/// [`CcIndexJob`]'s `line` fails to build if that changes).
const PORT_AT: usize = 13;

/// The Common Crawl index columns (cc-index-table's flat schema, in its
/// order), as the crawl crate names them: text, but the port (`Int32`).
pub const CC_COLUMNS: [Column; 16] = {
    let names = CcIndexColumns::NAMES;
    let mut all = [Column::new("", ColType::Str); 16];
    let mut k = 0;
    while k < all.len() {
        all[k] = Column::new(names[k], if k == PORT_AT { ColType::Int32 } else { ColType::Str });
        k += 1;
    }
    all
};

/// `uri_cc_index`'s record: the line's columns, then [`CC_COLUMNS`].
const CC_RECORD: [Column; 19] = joined(line_columns![], &CC_COLUMNS);

impl Records for CcIndexJob {
    const COLUMNS: &'static [Column] = &CC_RECORD;
}

impl Job for CcIndexJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        match call(self.f, &Args::default(), l) {
            Value::CcIndex(c) => {
                let (text, port, rest): ([_; PORT_AT], _, _) = c.into_columns();
                let s = |v: Option<String>| v.map_or(Val::Null, Val::owned);
                for v in text {
                    r.push(s(v));
                }
                // A port is 0 to 65535: never negative.
                r.push(port.map_or(Val::Null, |p| Val::Int(u64::try_from(p).unwrap_or_default())));
                for v in rest {
                    r.push(s(v));
                }
            }
            // A line that is not UTF-8: no columns.
            _ => r.nulls(CC_COLUMNS.len()),
        }
        out.emit(&r);
    }
}

/// `uriscan fn --list`: every function of the registry, family by family,
/// with its arguments and what it gives.
pub fn list() -> String {
    let sigs: Vec<String> = FUNCTIONS.iter().map(Function::signature).collect();
    let width = sigs.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (f, sig) in FUNCTIONS.iter().zip(&sigs) {
        let (kind, family) = (f.result.name(), f.family.name());
        out.push_str(&format!("{sig:width$}  {kind:7}  {family:10}  {}\n", f.doc));
    }
    out
}

/// The `fn` command's help after its options: fields, argument rules, the list.
pub fn help() -> String {
    format!(
        "Fields (for --fields; by default all but file, unless -H or several FILEs, and input, unless --echo):\n  \
         {}\n  uri_cc_index: {}\n\n\
         Arguments after the URL are given with --arg, in order (--arg q; cutURLParameter: --arg a --arg b).\n\
         ClickHouse's functions give what ClickHouse gives where there is no answer (an empty string, 0, []);\n\
         the others give null (the uri_* functions of a URL for a line that is not a URI reference too).\n\
         A line that is not UTF-8 gives null, except to the encoders and decoders, which read bytes. Names are matched ignoring ASCII case.\n\n\
         Functions (result type, family; 'uriscan fn --list' prints this list):\n{}\n\
         See 'uriscan --help' for the input rules, the output formats and the exit status.",
        names(FnJob::COLUMNS, ", "),
        names(&CC_COLUMNS, ", "),
        list().lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc_columns_once() {
        assert_eq!(&CcIndexJob::COLUMNS[3..], CC_COLUMNS);
        let cc_names: Vec<&str> = CC_COLUMNS.iter().map(|c| c.name).collect();
        assert_eq!(cc_names, CcIndexColumns::NAMES);
        assert_eq!(CC_COLUMNS[PORT_AT], Column::new("url_port", ColType::Int32));
        assert!(CcIndexJob::COLUMNS.len() <= crate::record::MAX_COLUMNS);
        let list = list();
        assert_eq!(list.lines().count(), FUNCTIONS.len());
        assert!(list.contains("port(url [, default])"));
    }
}
