//! The row encoding that carries records from the jobs to the Parquet
//! writer (`crate::output::parquet`), which decodes it.

use super::Val;

/// The tags of the row encoding the Parquet writer reads
/// ([`encode_val`]).
pub mod tag {
    pub const NULL: u8 = 0;
    pub const FALSE: u8 = 1;
    pub const TRUE: u8 = 2;
    /// Then the number, 8 bytes little-endian.
    pub const INT: u8 = 3;
    /// Then the length, 8 bytes little-endian, and the bytes.
    pub const STR: u8 = 4;
    /// Then the number of items, 8 bytes little-endian, and each item as
    /// its length and bytes.
    pub const LIST: u8 = 5;
}

/// `v` in the row encoding that carries records from the jobs to the
/// Parquet writer: a tag, then the value (see [`tag`]). A record is its
/// selected values in order, nothing between records.
pub fn encode_val(out: &mut Vec<u8>, v: &Val<'_>) {
    let bytes = |out: &mut Vec<u8>, s: &[u8]| {
        out.extend_from_slice(&(s.len() as u64).to_le_bytes());
        out.extend_from_slice(s);
    };
    match v {
        Val::Null => out.push(tag::NULL),
        Val::Bool(false) => out.push(tag::FALSE),
        Val::Bool(true) => out.push(tag::TRUE),
        Val::Int(n) => {
            out.push(tag::INT);
            out.extend_from_slice(&n.to_le_bytes());
        }
        Val::Str(s) => {
            out.push(tag::STR);
            bytes(out, s);
        }
        Val::List(items) => {
            out.push(tag::LIST);
            out.extend_from_slice(&(items.len() as u64).to_le_bytes());
            for item in items {
                bytes(out, item);
            }
        }
    }
}
