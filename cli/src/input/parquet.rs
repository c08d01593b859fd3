//! `--column` over a Parquet file: a string column's values, a record
//! batch at a time.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::arrow::ProjectionMask;
use parquet::file::reader::ChunkReader;

/// A Parquet file's string column, a record batch at a time.
pub struct Values {
    reader: ParquetRecordBatchReader,
}

fn is_text(t: &DataType) -> bool {
    matches!(
        t,
        DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Binary
            | DataType::LargeBinary
            | DataType::BinaryView
    )
}

impl Values {
    /// The column `column` of the Parquet data `input`.
    pub fn open<R: ChunkReader + 'static>(input: R, column: &str) -> Result<Values, String> {
        let builder = ParquetRecordBatchReaderBuilder::try_new(input).map_err(|e| format!("not Parquet: {e}"))?;
        let schema = builder.schema().clone();
        let Some(index) = schema.fields().iter().position(|f| f.name() == column) else {
            let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
            return Err(format!("no column '{column}' in the Parquet file (its columns: {})", names.join(", ")));
        };
        let t = schema.field(index).data_type();
        let text = match t {
            DataType::Dictionary(_, v) => is_text(v),
            t => is_text(t),
        };
        if !text {
            return Err(format!("column '{column}' is {t}, not a string column"));
        }
        let mask = ProjectionMask::roots(builder.parquet_schema(), [index]);
        let reader = builder
            .with_projection(mask)
            .with_batch_size(8192)
            .build()
            .map_err(|e| format!("cannot read Parquet: {e}"))?;
        Ok(Values { reader })
    }

    /// See [`ColumnReader::next_chunk`](super::ColumnReader::next_chunk).
    pub fn next_chunk(&mut self, data: &mut Vec<u8>, ends: &mut Vec<usize>, min: usize) -> Result<(), String> {
        while data.len() < min {
            let batch = match self.reader.next() {
                None => break,
                Some(Err(e)) => return Err(format!("cannot read Parquet: {e}")),
                Some(Ok(b)) => b,
            };
            let Some(col) = batch.columns().first() else { break };
            append(col, data, ends)?;
        }
        Ok(())
    }
}

/// Appends the values of `col` (null as empty).
fn append(col: &ArrayRef, data: &mut Vec<u8>, ends: &mut Vec<usize>) -> Result<(), String> {
    let mut push = |v: Option<&[u8]>| {
        data.extend_from_slice(v.unwrap_or_default());
        ends.push(data.len());
    };
    match col.data_type() {
        DataType::Utf8 => col.as_string::<i32>().iter().for_each(|v| push(v.map(str::as_bytes))),
        DataType::LargeUtf8 => col.as_string::<i64>().iter().for_each(|v| push(v.map(str::as_bytes))),
        DataType::Utf8View => col.as_string_view().iter().for_each(|v| push(v.map(str::as_bytes))),
        DataType::Binary => col.as_binary::<i32>().iter().for_each(push),
        DataType::LargeBinary => col.as_binary::<i64>().iter().for_each(push),
        DataType::BinaryView => col.as_binary_view().iter().for_each(push),
        DataType::Dictionary(_, v) => {
            let target = if matches!(**v, DataType::Binary | DataType::LargeBinary | DataType::BinaryView) {
                DataType::LargeBinary
            } else {
                DataType::LargeUtf8
            };
            let plain = arrow_cast::cast(col.as_ref(), &target).map_err(|e| format!("cannot read Parquet: {e}"))?;
            return append(&plain, data, ends);
        }
        other => return Err(format!("a column of {other}, not strings")),
    }
    Ok(())
}
