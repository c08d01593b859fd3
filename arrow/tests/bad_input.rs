//! Bad input for every function of the registry (issue 38's list): empty
//! and all-null columns of each string type, sliced arrays, a Binary column
//! whose bytes are not UTF-8, a row of 100 MB, and a column whose built
//! output passes 2 GiB. Each is answered (or refused with an error), never
//! with a panic or a wrong offset.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BinaryArray, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::Buffer;
use arrow_data::ByteView;
use arrow_schema::DataType;
use uriscan_arrow::registry::{call_function, call_scalar_loop, data_type, Arg};
use uriscan_crawl::function_set::FUNCTIONS;

mod fuzz_checks;
use fuzz_checks::argument_sets;

/// `rows` as each of the three string types.
fn typed(rows: &[Option<&str>]) -> Vec<ArrayRef> {
    vec![
        Arc::new(StringArray::from(rows.to_vec())),
        Arc::new(LargeStringArray::from(rows.to_vec())),
        Arc::new(StringViewArray::from(rows.to_vec())),
    ]
}

/// Calls every function of the registry, with each of its argument sets,
/// on `input`: `check` sees the function's name and the result.
fn each_call(input: &ArrayRef, mut check: impl FnMut(&str, Result<ArrayRef, arrow_schema::ArrowError>)) {
    for func in FUNCTIONS {
        for rest in argument_sets(func) {
            let mut args = vec![Arg::Column(input.clone())];
            args.extend(rest);
            let out = call_function(func, &args, input.len());
            check(func.name, out);
        }
    }
}

#[test]
fn empty_and_all_null_columns() {
    let mut calls = 0;
    for input in typed(&[]).into_iter().chain(typed(&[None, None, None])) {
        each_call(&input, |name, out| {
            let out = out.unwrap_or_else(|e| panic!("{name} on {}: {e}", input.data_type()));
            assert_eq!(out.len(), input.len(), "{name}");
            assert_eq!(out.null_count(), input.len(), "{name}: a null row gives null");
            out.to_data().validate_full().unwrap();
            calls += 1;
        });
    }
    assert!(calls >= 6 * FUNCTIONS.len());
}

/// A slice that starts and ends inside the column answers as the same rows
/// in an array of their own.
#[test]
fn sliced_columns_answer_as_their_rows() {
    let rows = [
        Some("http://www.a.example:81/x/y?q=1&r=%41#f"),
        None,
        Some("https://b.example/é?ü=1&q=2"),
        Some("not a url"),
        Some(""),
        Some("//h/p?q#f"),
    ];
    for (whole, part) in typed(&rows).into_iter().zip(typed(&rows[1..5])) {
        let sliced = whole.slice(1, 4);
        for func in FUNCTIONS {
            for rest in argument_sets(func) {
                let call = |input: &ArrayRef| {
                    let mut args = vec![Arg::Column(input.clone())];
                    args.extend(rest.iter().cloned());
                    call_function(func, &args, input.len())
                };
                match (call(&sliced), call(&part)) {
                    (Ok(a), Ok(b)) => assert_eq!(a.to_data(), b.to_data(), "{} on {}", func.name, whole.data_type()),
                    (Err(_), Err(_)) => assert_eq!(func.name, "url_decode"),
                    (a, b) => panic!("{}: sliced {a:?}, alone {b:?}", func.name),
                }
            }
        }
    }
}

/// The rule for bytes that are not a string column (documented in the
/// crate's docs): a Binary column, whatever its bytes, is an error naming
/// the types a kernel takes; the caller casts it first (and Arrow's cast
/// checks the UTF-8).
#[test]
fn binary_columns_are_an_error() {
    let bad: ArrayRef = Arc::new(BinaryArray::from(vec![Some(&b"http://a/\xff\xfe"[..]), None, Some(b"\xc3")]));
    let mut calls = 0;
    each_call(&bad, |name, out| {
        let e = out.expect_err(name).to_string();
        assert!(e.contains("Utf8") && e.contains("Binary"), "{name}: {e}");
        calls += 1;
    });
    assert!(calls >= FUNCTIONS.len());
}

/// A URL of at least `len` bytes: a long path of percent-encoded and
/// non-ASCII text, a few levels, a query and a fragment. (Few levels: a
/// hierarchy has one item per path segment, ten million for 100 MB of
/// `a/`, which the unoptimized test build takes minutes to list.)
fn long_url(len: usize) -> String {
    let mut long = String::from("http://u@www.a.example:8080/p/");
    while long.len() < len {
        long.push_str("a%41b+c%C3%A9d");
    }
    long.push_str("/x.html?q=1&r=2#frag");
    long
}

/// The functions of the registry named by `names` (every one when `None`),
/// each with its first argument set, on a column whose second row is
/// `long`: one row per row, the short rows around it as they are alone,
/// and for the component functions the long row as the scalar function
/// gives it. Returns how many functions ran.
fn around_a_long_row(long: &str, names: Option<&[&str]>) -> usize {
    let short = "http://b.example/p?q=3";
    let rows = [Some(short), Some(long), None, Some(short)];
    let input: ArrayRef = Arc::new(StringArray::from(rows.to_vec()));
    let alone: ArrayRef = Arc::new(StringArray::from(vec![short]));
    let mut ran = 0;
    for func in FUNCTIONS.iter().filter(|f| names.is_none_or(|n| n.contains(&f.name))) {
        let mut args = vec![Arg::Column(input.clone())];
        args.extend(argument_sets(func).swap_remove(0));
        let out = call_function(func, &args, rows.len()).unwrap_or_else(|e| panic!("{}: {e}", func.name));
        assert_eq!(out.len(), rows.len(), "{}", func.name);
        assert!(out.is_null(2), "{}", func.name);
        if matches!(func.name, "domain" | "path" | "uri_host" | "uri_path" | "queryString" | "fragment") {
            let scalar = call_scalar_loop(func, &args, rows.len()).unwrap();
            assert_eq!(out.slice(1, 1).to_data(), scalar.slice(1, 1).to_data(), "{}: the long row", func.name);
        }
        args[0] = Arg::Column(alone.clone());
        let one = call_function(func, &args, 1).unwrap();
        assert_eq!(out.slice(0, 1).to_data(), one.to_data(), "{}: the row before", func.name);
        assert_eq!(out.slice(3, 1).to_data(), one.to_data(), "{}: the row after", func.name);
        ran += 1;
    }
    ran
}

/// Every function of the registry on a row of 1 MB (a row longer than the
/// 1 MiB blocks the built values are written in).
#[test]
fn every_function_on_a_row_of_1_mb() {
    assert_eq!(around_a_long_row(&long_url(1 << 20), None), FUNCTIONS.len());
}

/// A row of 100 MB through one function of each kind of kernel: the
/// ClickHouse readers, a hierarchy, a parameter list, a built value
/// (decoding), a strict component and the strict parse record. (Every
/// function at 100 MB costs minutes in the unoptimized test build; the test
/// above runs each at 1 MB.)
#[test]
fn a_row_of_100_mb() {
    let names = [
        "domain",
        "path",
        "netloc",
        "URLHierarchy",
        "extractURLParameters",
        "decodeURLComponent",
        "uri_host",
        "uri_parse",
    ];
    assert_eq!(around_a_long_row(&long_url(100_000_000), Some(&names)), names.len());
}

/// A column whose encoded output is larger than 2 GiB (more than an i32
/// offset can address): the result is a `Utf8View` column over many
/// buffers, every row whole and at its place.
#[test]
fn built_output_past_2_gib() {
    // One 8 MiB row of 'é' (two bytes each, six once encoded), shared by
    // 96 views: 768 MiB of input in one buffer, 2.25 GiB of output.
    let row = "é".repeat(4 << 20);
    let rows = 96;
    let buffer = Buffer::from(row.as_bytes());
    let view = ByteView {
        length: u32::try_from(row.len()).unwrap(),
        prefix: u32::from_le_bytes(row.as_bytes()[..4].try_into().unwrap()),
        buffer_index: 0,
        offset: 0,
    };
    let views: Vec<u128> = vec![view.as_u128(); rows];
    let input: ArrayRef = Arc::new(StringViewArray::try_new(views.into(), vec![buffer], None).unwrap());
    // Through the registry, as a SQL engine calls it.
    let func = uriscan_crawl::function_set::find("encodeURLComponent").unwrap();
    let out = call_function(func, &[Arg::Column(input)], rows).unwrap();
    assert_eq!(out.data_type(), &data_type(func));
    assert_eq!(out.data_type(), &DataType::Utf8View);
    let out = out.as_string_view();
    assert_eq!(out.len(), rows);
    let want = "%C3%A9".repeat(4 << 20);
    assert!((0..rows).all(|i| out.value(i).len() == want.len()));
    assert!(rows * want.len() > i32::MAX as usize);
    for i in [0, 1, rows / 2, rows - 1] {
        assert!(out.value(i) == want, "row {i}");
    }
}
