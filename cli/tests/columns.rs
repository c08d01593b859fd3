//! The command line speaks columns: `--column NAME` reads a URL column of
//! CSV and Parquet files (written here with the parquet crate), and
//! `-f parquet` writes typed, nullable columns, read back and checked.
#![cfg(feature = "parquet")]

mod common;

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, UInt16Type, UInt64Type};
use arrow_array::{Array, ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use common::{code, run, TempDir};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;

/// A Parquet file of `columns` in `dir`.
fn write_parquet(dir: &TempDir, name: &str, columns: Vec<(&str, ArrayRef)>) -> String {
    let path = dir.0.join(name);
    let fields: Vec<Field> = columns.iter().map(|(n, a)| Field::new(*n, a.data_type().clone(), true)).collect();
    let schema = Arc::new(Schema::new(fields));
    let batch = RecordBatch::try_new(schema.clone(), columns.into_iter().map(|(_, a)| a).collect()).unwrap();
    let mut w = ArrowWriter::try_new(std::fs::File::create(&path).unwrap(), schema, None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    path.to_str().unwrap().to_string()
}

/// The one record batch of a small Parquet file.
fn read_parquet(data: Vec<u8>) -> RecordBatch {
    let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(data)).unwrap().build().unwrap();
    let batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
    arrow_select::concat::concat_batches(&batches[0].schema(), &batches).unwrap()
}

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn column_from_csv() {
    let dir = TempDir::new("csv");
    // A BOM, a quoted field with a line break and a comma, an empty field.
    let csv = "\u{FEFF}id,url,n\n1,http://a.example/x?q=1,5\n2,\"http://b.example/a,b\nc\",6\n3,,7\n";
    let f = dir.file("in.csv", csv.as_bytes());
    let out = run(&["parse", "--column", "url", "-f", "jsonl", "--echo", "--fields", "line,input,host", &f], b"");
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        text(&out),
        "{\"line\":1,\"input\":\"http://a.example/x?q=1\",\"host\":\"a.example\"}\n\
         {\"line\":2,\"input\":\"http://b.example/a,b\\nc\",\"host\":null}\n\
         {\"line\":3,\"input\":\"\",\"host\":null}\n"
    );
    let out = run(&["fn", "extractURLParameter", "--arg", "q", "--column", "url", &f], b"");
    assert_eq!(text(&out), "1\n\n\n");
    // check reports the row numbers; standard input works too.
    let out = run(&["check", "--column", "url", "-"], csv.as_bytes());
    assert_eq!(code(&out), 1);
    assert!(text(&out).starts_with("<stdin>:2:"), "{}", text(&out));
    // The same from several threads.
    let big: String = std::iter::once("url\n".to_string())
        .chain((0..30_000).map(|i| format!("\"http://h{i}.example/p?i={i}\"\n")))
        .collect();
    let f = dir.file("big.csv", big.as_bytes());
    let one = run(&["fn", "domain", "--column", "url", &f], b"");
    let three = run(&["fn", "domain", "--column", "url", "-j", "3", &f], b"");
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(text(&one).lines().nth(29_999), Some("h29999.example"));
}

#[test]
fn column_errors() {
    let dir = TempDir::new("errors");
    let csv = dir.file("in.csv", b"id,link\n1,http://a.b/\n2\n");
    let out = run(&["parse", "--column", "url", &csv], b"");
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("in.csv: no column 'url' in the CSV header row (its columns: id, link)"));
    // A short row: the rows before it are written, then the error.
    let out = run(&["fn", "domain", "--column", "link", &csv], b"");
    assert_eq!(code(&out), 2);
    assert_eq!(text(&out), "a.b\n");
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("in.csv: CSV row 2 has 1 field where the header row has 2 (the column is field 2)"));
    // Not Parquet, though named so; a missing file; a column of numbers.
    let fake = dir.file("fake.parquet", b"url\nhttp://a/\n");
    let out = run(&["parse", "--column", "url", &fake, "/no/such/file.csv"], b"");
    assert_eq!(code(&out), 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fake.parquet: not Parquet"), "{err}");
    assert!(err.contains("/no/such/file.csv: No such file"), "{err}");
    let nums = write_parquet(&dir, "n.parquet", vec![("url", Arc::new(Int64Array::from(vec![1, 2])))]);
    let out = run(&["parse", "--column", "url", &nums], b"");
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("n.parquet: column 'url' is Int64, not a string column"));
    // extract reads whole files, not values.
    let out = run(&["extract", "--column", "url", &csv], b"");
    assert_eq!(code(&out), 2);
}

#[test]
fn column_from_parquet() {
    let dir = TempDir::new("pq");
    let urls = StringArray::from(vec![
        Some("https://www.example.co.uk:8443/a/b?x=1#f"),
        None,
        Some("http://a.example/\nnext"),
        Some("bad url%zz"),
    ]);
    let f = write_parquet(
        &dir,
        "urls.parquet",
        vec![("n", Arc::new(Int64Array::from(vec![1, 2, 3, 4]))), ("url", Arc::new(urls))],
    );
    let out = run(&["parse", "--column", "url", "-f", "tsv", "--fields", "line,valid,host,port", &f], b"");
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        text(&out),
        "line\tvalid\thost\tport\n1\ttrue\twww.example.co.uk\t8443\n2\ttrue\t\\N\t\\N\n3\tfalse\t\\N\t\\N\n4\tfalse\t\\N\t\\N\n"
    );
    let out = run(&["fn", "uri_cc_index", "--column", "url", "-f", "csv", "-F", "url_host_registered_domain", &f], b"");
    // (A record of one empty field is `""` in CSV, so that it is not an empty line.)
    assert_eq!(text(&out), "url_host_registered_domain\nexample.co.uk\n\"\"\n\"\"\n\"\"\n");
    // Recognized by its magic bytes, also on standard input and under another name.
    let data = std::fs::read(&f).unwrap();
    let other = dir.file("urls.bin", &data);
    let a = run(&["fn", "domain", "--column", "url", &other], b"");
    let b = run(&["fn", "domain", "--column", "url", "-"], &data);
    assert_eq!(text(&a), "www.example.co.uk\n\na.example\n\n");
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn parquet_output_is_typed() {
    let dir = TempDir::new("out");
    let input = b"https://u@h.example:8443/p?q=1#f\nhttp://h:/\nhttp://h:99999/\nnot a uri%\n\xFFx\n";
    let path = dir.0.join("parse.parquet");
    let p = path.to_str().unwrap();
    let out = run(&["parse", "--echo", "-f", "parquet", "-o", p], input);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    // The input of the last line (an invalid line has no components). A
    // port beyond 65535 is a null `port` by the record's rule (its digits
    // are in `port_text`): nothing to warn about.
    assert!(err.contains("1 value(s) were not UTF-8") && !err.contains("did not fit"), "{err}");
    let b = read_parquet(std::fs::read(&path).unwrap());
    assert_eq!(b.num_rows(), 5);
    let schema = b.schema();
    let t = |n: &str| schema.field_with_name(n).unwrap().data_type().clone();
    assert_eq!(
        (t("line"), t("input"), t("valid"), t("port_text"), t("port"), t("error_index")),
        (DataType::UInt64, DataType::Utf8, DataType::Boolean, DataType::Utf8, DataType::Int32, DataType::UInt64)
    );
    assert!(schema.fields().iter().all(|f| f.is_nullable()));
    let col = |n: &str| b.column_by_name(n).unwrap().clone();
    let lines: Vec<u64> = col("line").as_primitive::<UInt64Type>().values().to_vec();
    assert_eq!(lines, [1, 2, 3, 4, 5]);
    let valid = col("valid");
    let valid = valid.as_boolean();
    assert_eq!((valid.value(0), valid.value(3)), (true, false));
    let port = col("port");
    let port = port.as_primitive::<Int32Type>();
    assert_eq!((port.value(0), port.is_null(1), port.is_null(2)), (8443, true, true));
    let port_text = col("port_text");
    let port_text = port_text.as_string::<i32>();
    assert_eq!((port_text.value(0), port_text.value(1), port_text.value(2)), ("8443", "", "99999"));
    let userinfo = col("userinfo");
    let userinfo = userinfo.as_string::<i32>();
    assert_eq!((userinfo.value(0), userinfo.is_null(1)), ("u", true));
    let input_col = col("input");
    assert_eq!(input_col.as_string::<i32>().value(4), "\u{FFFD}x");
    let ei = col("error_index");
    let ei = ei.as_primitive::<UInt64Type>();
    assert_eq!((ei.is_null(0), ei.value(3)), (true, 3));

    // Lists, and --fields; Parquet to a pipe.
    let out = run(&["fn", "URLHierarchy", "-f", "parquet", "--fields", "result"], b"http://h/a/b\nmailto:x\n\xFF\n");
    assert_eq!(code(&out), 0);
    let b = read_parquet(out.stdout);
    assert_eq!(b.num_columns(), 1);
    let list = b.column(0).as_list::<i32>();
    let items =
        |i: usize| -> Vec<String> { list.value(i).as_string::<i32>().iter().map(|s| s.unwrap().to_string()).collect() };
    assert_eq!(items(0), ["http://h/", "http://h/a/", "http://h/a/b"]);
    assert_eq!(items(1), ["mailto:x"]);
    assert!(list.is_null(2));

    // The Common Crawl columns: url_port Int32; a ClickHouse port UInt16.
    let out = run(&["fn", "uri_cc_index", "-f", "parquet"], b"http://a.b.example.com:81/\nmailto:x\n");
    let b = read_parquet(out.stdout);
    let port = b.column_by_name("url_port").unwrap();
    assert_eq!(port.as_primitive::<Int32Type>().value(0), 81);
    assert!(b.column_by_name("url_host_tld").unwrap().is_null(1));
    // (ClickHouse's host extraction wants a dot in the host: `h.example`.)
    let out = run(&["fn", "port", "-f", "parquet", "-F", "result"], b"http://h.example:81/\nhttp://h.example/\n");
    let b = read_parquet(out.stdout);
    assert_eq!(b.column(0).as_primitive::<UInt16Type>().values().to_vec(), [81, 0]);

    // A big input on threads: every row, in order, the same as on one thread.
    let big: Vec<u8> = (0..150_000).flat_map(|i| format!("http://h{i}.example/?i={i}\n").into_bytes()).collect();
    let one = read_parquet(run(&["fn", "extractURLParameter", "-a", "i", "-f", "parquet"], &big).stdout);
    let four = read_parquet(run(&["fn", "extractURLParameter", "-a", "i", "-f", "parquet", "-j", "4"], &big).stdout);
    assert_eq!(one.num_rows(), 150_000);
    assert_eq!(one, four);
    assert_eq!(one.column_by_name("result").unwrap().as_string::<i32>().value(149_999), "149999");

    // A report written at the end, as Parquet rows; -o that cannot be created.
    let out = run(&["stats", "-f", "parquet"], b"http://h/\n");
    assert_eq!(code(&out), 0);
    assert!(read_parquet(out.stdout).num_rows() > 0);
    let out = run(&["parse", "-f", "parquet", "-o", "/no/such/dir/x.parquet"], b"http://h/\n");
    assert_eq!(code(&out), 3);
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/dir/x.parquet: cannot create"));
}

/// `-o FILE` works for the text formats too.
#[test]
fn output_file() {
    let dir = TempDir::new("o");
    let path = dir.0.join("out.tsv");
    let out =
        run(&["fn", "domain", "-f", "tsv", "-o", path.to_str().unwrap()], b"http://a.example/\nhttp://b.example/\n");
    assert_eq!(code(&out), 0);
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "line\tresult\n1\ta.example\n2\tb.example\n");
}

/// `uriscan parse -f parquet` and `uriscan_arrow::parse` write one record:
/// the fields of `uriscan_crawl::record::PARSE_RECORD`, in its order, of the
/// same types (text is `Utf8` in the file, `Utf8View` in memory: the same
/// Parquet strings) and the same values, row by row.
#[test]
fn parquet_parse_is_the_arrow_record() {
    let urls = [
        "foo://user@example.com:8042/over/there?name=ferret#nose",
        "http://[::1]:80/?",
        "http://[v7.x]/#",
        "urn:a:b",
        "//192.0.2.1:/p",
        "http://h:99999/",
        "http://h:0080",
        "",
        "/relative/path;x?q",
        "http://h/a b?q#f",
        "http://[::1",
        "http://h/%zz",
        "http://r\u{e9}sum\u{e9}.example/",
        "a:b#c#d",
        "http://u:p@h/",
    ];
    let text: String = urls.iter().map(|u| format!("{u}\n")).collect();
    let out = run(&["parse", "-f", "parquet"], text.as_bytes());
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let cli = read_parquet(out.stdout);
    let arrow = uriscan_arrow::parse(&StringArray::from(urls.to_vec())).unwrap();

    // The file's columns: the line number, then the record.
    let schema = cli.schema();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    let record: Vec<&str> = uriscan_crawl::record::PARSE_RECORD.iter().map(|f| f.name).collect();
    assert_eq!(names[0], "line");
    assert_eq!(names[1..], record[..]);
    assert_eq!(arrow.fields().iter().map(|f| f.name().as_str()).collect::<Vec<_>>(), record);
    assert_eq!(cli.num_rows(), arrow.len());
    for (k, a) in arrow.fields().iter().enumerate() {
        let c = schema.field(k + 1);
        let want = match a.data_type() {
            DataType::Utf8View => DataType::Utf8,
            t => t.clone(),
        };
        assert_eq!((c.name(), c.data_type(), c.is_nullable()), (a.name(), &want, a.is_nullable()));
        let mine = arrow_cast::cast(arrow.column(k), &want).unwrap();
        for (row, url) in urls.iter().enumerate() {
            assert_eq!(
                (mine.is_null(row), mine.slice(row, 1).to_data()),
                (cli.column(k + 1).is_null(row), cli.column(k + 1).slice(row, 1).to_data()),
                "{} of {url:?}",
                a.name(),
            );
        }
        assert_eq!(&*mine, &**cli.column(k + 1), "{}", a.name());
    }
    // Each kind of row is there: valid and invalid, a port number, a port
    // beyond 65535, an error message.
    let col = |n: &str| cli.column_by_name(n).unwrap().clone();
    assert_eq!(col("valid").as_boolean().true_count(), 10);
    assert_eq!(col("port").as_primitive::<Int32Type>().value(6), 80);
    assert!(col("port").is_null(5) && col("port_text").as_string::<i32>().value(5) == "99999");
    assert_eq!(col("error_message").as_string::<i32>().value(9), "invalid character ' ' at index 10 in path");
}
