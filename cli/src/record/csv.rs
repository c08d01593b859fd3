//! The CSV writer (RFC 4180, the `csv` crate): bytes as they are, an
//! undefined value as an empty field, a list as a PostgreSQL array literal.

use std::borrow::Cow;

use super::{Row, Val};

/// A CSV writer into `buf`, records ending in `term`.
pub fn csv_writer(term: u8, buf: Vec<u8>) -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new().terminator(csv::Terminator::Any(term)).flexible(true).from_writer(buf)
}

/// The bytes `w` wrote.
pub fn csv_finish(w: csv::Writer<Vec<u8>>) -> Vec<u8> {
    // Writing into a Vec cannot fail.
    w.into_inner().unwrap_or_default()
}

/// Writes the values `fields` (indexes) of `row` as one record.
pub fn csv_record(w: &mut csv::Writer<Vec<u8>>, row: &Row<'_>, fields: &[usize]) {
    let mut num = itoa::Buffer::new();
    for &i in fields {
        let _ = match row.get(i) {
            Val::Null => w.write_field(b""),
            Val::Bool(b) => w.write_field(if *b { "true" } else { "false" }),
            Val::Int(n) => w.write_field(num.format(*n)),
            Val::Str(s) => w.write_field(s),
            Val::List(items) => w.write_field(array_literal(items)),
        };
    }
    let _ = w.write_record(None::<&[u8]>);
}

/// `items` as a PostgreSQL array literal: `{"a","b\"c"}`, every item
/// quoted, `"` and `\` escaped with a backslash.
pub fn array_literal(items: &[Cow<'_, [u8]>]) -> Vec<u8> {
    let mut out = vec![b'{'];
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        out.push(b'"');
        for &b in item.iter() {
            if b == b'"' || b == b'\\' {
                out.push(b'\\');
            }
            out.push(b);
        }
        out.push(b'"');
    }
    out.push(b'}');
    out
}
