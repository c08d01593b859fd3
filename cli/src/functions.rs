//! `uriscan fn NAME [--arg VALUE]... [FILE]...`: one function of the URL
//! function set ([`uriscan_crawl::function_set`], the one table of names,
//! arguments and descriptions; `--list` and the help are generated from it)
//! applied to every line. One record per line, in input order: the `result`
//! column, or the Common Crawl index columns for `uri_cc_index`.

use std::borrow::Cow;

use uriscan_crawl::cc_index::CcIndexColumns;
use uriscan_crawl::function_set::{Args, Function, ResultType, Value, FUNCTIONS};

use crate::commands::Records;
use crate::driver::{joined, Job};
use crate::line::Line;
use crate::line_columns;
use crate::record::{ColType, Fields, Fill, Format, Sink, Val};

/// A function of the set over the lines (every function but `uri_cc_index`).
pub struct FnJob<'s> {
    pub f: &'static Function,
    pub args: Args<'s>,
}

impl Records for FnJob<'_> {
    const COLUMNS: &'static [&'static str] = line_columns!["result"];
    fn default_format(&self) -> Format {
        match self.f.result {
            ResultType::List | ResultType::CcIndex => Format::Jsonl,
            _ => Format::Text,
        }
    }
    fn text(&self, _: bool) -> Option<&'static str> {
        Some("{result}")
    }
    fn column_type(&self, name: &str) -> ColType {
        match (name, self.f.result) {
            ("result", ResultType::Port) => ColType::Port,
            ("result", ResultType::Count) => ColType::UInt,
            ("result", ResultType::List) => ColType::List,
            ("result", _) => ColType::Str,
            (other, _) => crate::record::column_type(other),
        }
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
            Value::Null | Value::CcIndex(_) => r.push(Val::Null),
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

/// The Common Crawl index columns (cc-index-table's flat schema, in its
/// order), as the crawl crate names them.
pub const CC_COLUMNS: &[&str] = &CcIndexColumns::NAMES;

/// `uri_cc_index`'s record: the line's columns, then [`CC_COLUMNS`].
const CC_RECORD: [&str; 19] = joined(line_columns![], &CcIndexColumns::NAMES);

impl Records for CcIndexJob {
    const COLUMNS: &'static [&'static str] = &CC_RECORD;
    fn column_type(&self, name: &str) -> ColType {
        match name {
            "url_port" => ColType::Int32,
            other => crate::record::column_type(other),
        }
    }
}

impl Job for CcIndexJob {
    type Acc = ();

    fn line(&self, l: &Line<'_>, out: &mut Sink<'_>, _: &mut ()) {
        let mut r = l.row();
        match call(self.f, &Args::default(), l) {
            Value::CcIndex(c) => {
                let (text, port, rest) = c.into_columns();
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

/// `uriscan fn --list`: every function with its arguments and what it gives.
pub fn list() -> String {
    let sigs: Vec<String> = FUNCTIONS.iter().map(Function::signature).collect();
    let width = sigs.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (f, sig) in FUNCTIONS.iter().zip(&sigs) {
        let kind = match f.result {
            ResultType::Str => "string",
            ResultType::Bytes => "bytes",
            ResultType::Port => "port",
            ResultType::Count => "number",
            ResultType::List => "list",
            ResultType::CcIndex => "columns",
        };
        out.push_str(&format!("{sig:width$}  {kind:7}  {}\n", f.doc));
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
         the others give null. A line that is not UTF-8 gives null, except to the encoders and decoders,\n\
         which read bytes. Names are matched ignoring ASCII case.\n\n\
         Functions (result type; 'uriscan fn --list' prints this list):\n{}\n\
         See 'uriscan --help' for the input rules, the output formats and the exit status.",
        FnJob::COLUMNS.join(", "),
        CC_COLUMNS.join(", "),
        list().lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cc_columns_once() {
        assert_eq!(&CcIndexJob::COLUMNS[3..], CC_COLUMNS);
        assert!(CcIndexJob::COLUMNS.len() <= crate::record::MAX_COLUMNS);
        let list = list();
        assert_eq!(list.lines().count(), FUNCTIONS.len());
        assert!(list.contains("port(url [, default])"));
    }
}
