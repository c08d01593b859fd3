//! The check behind the `arrow` fuzz target (`fuzz/fuzz_targets/arrow.rs`,
//! which includes this file), replayed by `tests/fuzz_regressions.rs` of
//! this crate. It lives here and not beside the library's checks in
//! `tests/fuzz_checks/mod.rs` at the root because it needs the arrow crates,
//! which the `uriscan` package does not depend on (and must not, to keep its
//! dependency list as it is); this crate's tests have them, and so does the
//! fuzz crate. A check panics when its property fails. `tests/kernels.rs`
//! uses [`part`] from here too.
#![allow(dead_code)]

use arrow_array::cast::AsArray;
use arrow_array::types::{Int32Type, UInt64Type};
use arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};
use std::sync::Arc;
use uriscan::{iri, Component, NormalizeOptions, Port, ResolveMode, Syntax, UriRef};
use uriscan_arrow::registry::{call_function, call_scalar_loop, Arg};
use uriscan_arrow::COMPONENTS;
use uriscan_crawl::function_set::{ParamKind, ResultType, FUNCTIONS};
use uriscan_crawl::DomainOptions;

/// The base of `resolve_scalar` (RFC 3986 §5.4's).
const BASE: &str = "http://a/b/c/d;p?q";

/// The components `split_component` gives (Appendix B has no userinfo,
/// host or port).
const SPLIT: [Component; 5] =
    [Component::Scheme, Component::Authority, Component::Path, Component::Query, Component::Fragment];

/// Row `i` of a view column, `None` when null.
fn get(a: &StringViewArray, i: usize) -> Option<&str> {
    a.is_valid(i).then(|| a.value(i))
}

/// `text` parsed as a URI reference, if it is one.
fn parse(text: &str) -> Option<UriRef<'_>> {
    UriRef::parse(text).ok()
}

/// The host of `text` parsed as an IRI reference (as the domain kernels
/// read rows), if it has one.
fn iri_host(text: &str) -> Option<&str> {
    Syntax::IriReference.parse(text).ok()?.host()
}

/// The slice of `u` that `c` names.
pub fn part<'a>(u: &UriRef<'a>, c: Component) -> Option<&'a str> {
    match c {
        Component::Scheme => u.scheme(),
        Component::Authority => u.authority(),
        Component::Userinfo => u.userinfo(),
        Component::Host => u.host(),
        Component::Port => u.port(),
        Component::Path => Some(u.path()),
        Component::Query => u.query(),
        Component::Fragment => u.fragment(),
        // `Component` is non-exhaustive; `COMPONENTS` names the eight above.
        _ => None,
    }
}

/// A kernel's view column: as many rows as the input, valid as Arrow data
/// (every view in bounds and UTF-8: the library builds them unchecked in
/// release builds), and equal row by row to `want`, which gives the scalar
/// library's answer for a non-null row (a null row must give a null).
#[track_caller]
fn check_column<'r>(
    name: &str,
    out: &StringViewArray,
    rows: &[Option<&'r str>],
    mut want: impl FnMut(usize, &'r str) -> Option<String>,
) {
    assert_eq!(out.len(), rows.len(), "{name}: length");
    if let Err(e) = out.to_data().validate_full() {
        panic!("{name}: invalid array: {e}");
    }
    for (i, row) in rows.iter().enumerate() {
        let expected = row.and_then(|t| want(i, t));
        assert_eq!(get(out, i), expected.as_deref(), "{name}, row {i}: {row:?}");
    }
}

/// The `parse` struct against `UriRef::parse` row by row: null rows null in
/// every column, the `valid` flag, every component, host kind, port and the
/// error's index and kind.
fn check_parse(array: &dyn Array, rows: &[Option<&str>], parsed: &[Option<UriRef<'_>>]) {
    let s = uriscan_arrow::parse(array).expect("parse of a string array");
    assert_eq!(s.len(), rows.len());
    let col = |name: &str| s.column_by_name(name).unwrap_or_else(|| panic!("no column {name}")).clone();
    let valid = col("valid");
    let valid = valid.as_boolean();
    let port = col("port");
    let port = port.as_primitive::<Int32Type>();
    let error_index = col("error_index");
    let error_index = error_index.as_primitive::<UInt64Type>();
    let host_kind = col("host_kind");
    let error_kind = col("error_kind");
    for (name, c) in COMPONENTS {
        let want = |i: usize| parsed[i].as_ref().and_then(|u| part(u, c)).map(String::from);
        check_column(name, col(name).as_string_view(), rows, |i, _| want(i));
    }
    check_column("host_kind", host_kind.as_string_view(), rows, |i, _| {
        parsed[i].as_ref()?.host_kind().map(|k| k.name().to_string())
    });
    check_column("error_kind", error_kind.as_string_view(), rows, |_, t| {
        UriRef::parse(t).err().map(|e| e.kind().name().to_string())
    });
    for (i, row) in rows.iter().enumerate() {
        let Some(t) = row else {
            assert!(s.is_null(i) && valid.is_null(i) && port.is_null(i) && error_index.is_null(i), "row {i}");
            continue;
        };
        assert!(s.is_valid(i) && valid.is_valid(i), "row {i}: {t:?}");
        let parsed = UriRef::parse(t);
        assert_eq!(valid.value(i), parsed.is_ok(), "valid, row {i}: {t:?}");
        let want_port = parsed.as_ref().ok().and_then(|u| match u.port_value() {
            Some(Port::Number(n)) => Some(i32::from(n)),
            _ => None,
        });
        assert_eq!(port.is_valid(i).then(|| port.value(i)), want_port, "port, row {i}: {t:?}");
        let want_index = parsed.as_ref().err().map(|e| e.index() as u64);
        assert_eq!(error_index.is_valid(i).then(|| error_index.value(i)), want_index, "error_index, row {i}");
    }
}

/// Every kernel of `uriscan-arrow` on `array` (whose rows are `rows`)
/// against the scalar libraries (`uriscan`, `uriscan-crawl`) row by row.
fn check_kernels(array: &dyn Array, rows: &[Option<&str>]) {
    let parsed: Vec<Option<UriRef<'_>>> = rows.iter().map(|r| r.and_then(parse)).collect();
    check_parse(array, rows, &parsed);
    for (name, c) in COMPONENTS {
        let out = uriscan_arrow::component(array, c).expect("component");
        check_column(name, &out, rows, |i, _| parsed[i].as_ref().and_then(|u| part(u, c)).map(String::from));
    }
    for c in SPLIT {
        let out = uriscan_arrow::split_component(array, c).expect("split_component");
        check_column(c.name(), &out, rows, |_, t| {
            let s = uriscan::split(t);
            match c {
                Component::Scheme => s.scheme,
                Component::Authority => s.authority,
                Component::Path => Some(s.path),
                Component::Query => s.query,
                _ => s.fragment,
            }
            .map(String::from)
        });
    }
    let n = rows.len();
    let valid = uriscan_arrow::is_valid(array).expect("is_valid");
    let valid: Vec<Option<bool>> = valid.iter().collect();
    let want: Vec<Option<bool>> = rows.iter().zip(&parsed).map(|(r, u)| r.map(|_| u.is_some())).collect();
    assert_eq!(valid, want, "is_valid");
    let ports = uriscan_arrow::port(array).expect("port");
    let want_ports = parsed.iter().map(|u| match u.as_ref()?.port_value() {
        Some(Port::Number(p)) => Some(i32::from(p)),
        _ => None,
    });
    assert_eq!(ports.iter().collect::<Vec<_>>(), want_ports.collect::<Vec<_>>(), "port");
    let errors = uriscan_arrow::error(array).expect("error");
    check_column("error", &errors, rows, |_, t| UriRef::parse(t).err().map(|e| e.to_string()));
    for o in [NormalizeOptions::SYNTAX, NormalizeOptions::SCHEME_BASED] {
        let out = uriscan_arrow::normalize(array, o).expect("normalize");
        check_column("normalize", &out, rows, |i, _| parsed[i].as_ref().map(|u| u.normalize_str_with(o).into_owned()));
    }
    let base = UriRef::parse(BASE).expect("the fixed base");
    let out = uriscan_arrow::resolve_scalar(array, BASE).expect("resolve_scalar");
    let resolve = |r: &str, b: &UriRef<'_>| parse(r)?.resolve_str_with(b, ResolveMode::Strict).ok();
    check_column("resolve_scalar", &out, rows, |_, t| resolve(t, &base));
    // Per-row bases: the rows in reverse order.
    let bases: Vec<Option<&str>> = rows.iter().rev().copied().collect();
    let out = uriscan_arrow::resolve(array, &StringArray::from(bases.clone())).expect("resolve");
    check_column("resolve", &out, rows, |i, t| resolve(t, &parse(bases[i]?)?));
    let out = uriscan_arrow::query_param(array, "a").expect("query_param");
    let param = |t: &str, name: &str| {
        parse(t)?.query_pairs().find(|p| p.key == name).map(|p| p.value.unwrap_or("").to_string())
    };
    check_column("query_param", &out, rows, |_, t| param(t, "a"));
    let out = uriscan_arrow::query_param_each(array, &StringViewArray::from(bases.clone())).expect("query_param_each");
    assert_eq!(out.len(), n);
    for (i, row) in rows.iter().enumerate() {
        match (row, bases[i]) {
            // `query_pairs` skips empty pieces, which an empty name would
            // find (`?&`): compare non-empty names only.
            (Some(t), Some(name)) if !name.is_empty() => {
                assert_eq!(get(&out, i).map(String::from), param(t, name), "query_param_each, row {i}")
            }
            (Some(_), Some(_)) => {}
            _ => assert!(out.is_null(i), "query_param_each, row {i}"),
        }
    }
    let out = uriscan_arrow::slices(array, |i, t| (i % 2 == 0).then_some(t)).expect("slices");
    check_column("slices", &out, rows, |i, t| (i % 2 == 0).then(|| t.to_string()));
    let out = uriscan_arrow::to_uri(array).expect("to_uri");
    check_column("to_uri", &out, rows, |_, t| {
        Syntax::IriReference.parse(t).ok().map(|_| iri::to_uri_str(t).into_owned())
    });
    let out = uriscan_arrow::to_iri(array).expect("to_iri");
    check_column("to_iri", &out, rows, |_, t| parse(t).map(|_| iri::to_iri_str(t).into_owned()));
    let out = uriscan_arrow::surt(array).expect("surt");
    check_column("surt", &out, rows, |_, t| Some(uriscan_crawl::surt(t)));
    for o in [DomainOptions::default(), DomainOptions::WITH_PRIVATE] {
        let out = uriscan_arrow::registrable_domain(array, o).expect("registrable_domain");
        check_column("registrable_domain", &out, rows, |_, t| {
            uriscan_crawl::registrable_domain(iri_host(t)?, o).map(String::from)
        });
        let out = uriscan_arrow::public_suffix(array, o).expect("public_suffix");
        check_column("public_suffix", &out, rows, |_, t| {
            uriscan_crawl::public_suffix(iri_host(t)?, o).map(String::from)
        });
    }
}

/// The input split into rows at `\n` (empty rows included; a row that is
/// not UTF-8 is a null).
fn rows_of(data: &[u8]) -> Vec<Option<&str>> {
    data.split(|&b| b == b'\n').map(|r| std::str::from_utf8(r).ok()).collect()
}

/// `rows` as array form `form` (of [`ARRAY_FORMS`]): a `StringArray`, a
/// `LargeStringArray` or a `StringViewArray` (`form % 3`), sliced past its
/// first row (offsets that do not start at zero) when `form >= 3` and there is
/// more than one row; with the rows the array holds.
fn array_form<'r>(rows: &'r [Option<&'r str>], form: usize) -> (ArrayRef, &'r [Option<&'r str>]) {
    let array: ArrayRef = match form % 3 {
        0 => Arc::new(StringArray::from(rows.to_vec())),
        1 => Arc::new(LargeStringArray::from(rows.to_vec())),
        _ => Arc::new(StringViewArray::from(rows.to_vec())),
    };
    if form >= 3 && rows.len() > 1 {
        (array.slice(1, rows.len() - 1), &rows[1..])
    } else {
        (array, rows)
    }
}

/// The forms [`array_form`] makes (three types, each whole and sliced).
pub const ARRAY_FORMS: usize = 6;

/// The Arrow kernels on arbitrary bytes, the fuzz target's check: the input
/// split into rows (a row that is not UTF-8 is a null) as one array form,
/// which the input's length picks (a `StringArray`, a `LargeStringArray`, a
/// `StringViewArray`, or one of them sliced past its first row). Every kernel
/// returns one row per input row, a null for a null, a valid Arrow array, and
/// row by row what the scalar library gives for that row. One form per input,
/// not all of them: every kernel on every form made an execution cost 20 ms
/// under the fuzzer's instrumentation; the fuzzer's mutations of the length
/// reach every form. [`arrow_every_form`] checks them all (the replay).
pub fn arrow(data: &[u8]) {
    let rows = rows_of(data);
    let (array, rows) = array_form(&rows, data.len() % ARRAY_FORMS);
    check_kernels(array.as_ref(), rows);
}

/// [`arrow`]'s check on every array form of `data` (for the replay of the
/// regressions, where each input should meet every form).
pub fn arrow_every_form(data: &[u8]) {
    let rows = rows_of(data);
    for form in 0..ARRAY_FORMS {
        let (array, rows) = array_form(&rows, form);
        check_kernels(array.as_ref(), rows);
    }
}

/// The arguments each function is called with: its required ones, and
/// once more with its optional ones.
pub fn argument_sets(f: &uriscan_crawl::function_set::Function) -> Vec<Vec<Arg>> {
    let value = |p: &uriscan_crawl::function_set::Param, i: usize| match (f.name, i, p.kind) {
        ("parse_url" | "try_parse_url", 0, _) => "QUERY".to_string(),
        ("uri_resolve", _, _) => "../g?a=1".to_string(),
        ("uri_canon", _, _) => "archive".to_string(),
        (_, _, ParamKind::Count) => "2".to_string(),
        (_, _, ParamKind::Port) => "80".to_string(),
        (_, _, ParamKind::Text) => "a".to_string(),
        (_, _, ParamKind::OneOf(names)) => names[0].to_string(),
    };
    let required: Vec<Arg> =
        f.params.iter().enumerate().filter(|(_, p)| !p.optional).map(|(i, p)| Arg::Scalar(Some(value(p, i)))).collect();
    let all: Vec<Arg> = f.params.iter().enumerate().map(|(i, p)| Arg::Scalar(Some(value(p, i)))).collect();
    let mut sets = vec![required];
    if f.params.iter().any(|p| p.optional) {
        sets.push(all);
    }
    if f.params.iter().any(|p| p.repeated) {
        sets.push(vec![Arg::List(Some(vec!["a".into(), "q".into()]))]);
    }
    sets
}

/// Every function of the registry (`uriscan_crawl::function_set`) on
/// arbitrary bytes: the first byte picks the function, the rest is split
/// into rows as for [`arrow`] (a row that is not UTF-8 is a null), as one of
/// the three string array types, sliced past its first row when the input
/// says so. For each of the function's argument sets its kernel
/// (`registry::call_function`) returns one row per input row, a null for a
/// null, and row by row what the loop over its scalar function gives
/// (`registry::call_scalar_loop`). Spark's `url_decode` may fail the call
/// instead (on a malformed escape, as Spark does); its scalar function then
/// has a null for that row.
pub fn registry(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let f = &FUNCTIONS[usize::from(pick) % FUNCTIONS.len()];
    let rows = rows_of(rest);
    // The type by the length, sliced when the first byte's high bit is set.
    let form = rest.len() % 3 + usize::from(pick & 0x80 != 0) * 3;
    let (array, rows) = array_form(&rows, form);
    for rest in argument_sets(f) {
        let mut args = vec![Arg::Column(array.clone())];
        args.extend(rest);
        let scalar = || call_scalar_loop(f, &args, rows.len()).expect("the scalar loop");
        let out = match call_function(f, &args, rows.len()) {
            Ok(out) => out,
            Err(e) => {
                assert_eq!(f.name, "url_decode", "{}: {e}", f.name);
                assert!(scalar().null_count() > rows.iter().filter(|r| r.is_none()).count(), "url_decode: {e}");
                continue;
            }
        };
        assert_eq!(out.len(), rows.len(), "{}", f.name);
        out.to_data().validate_full().unwrap_or_else(|e| panic!("{}: {e}", f.name));
        for (i, row) in rows.iter().enumerate() {
            if row.is_none() {
                assert!(out.is_null(i), "{} row {i}: a null row gives null", f.name);
            }
        }
        if matches!(f.result, ResultType::Parse | ResultType::CcIndex) {
            continue; // structs (no scalar loop): checked field by field by `arrow`
        }
        let scalar = scalar();
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(
                out.slice(i, 1).to_data(),
                scalar.slice(i, 1).to_data(),
                "{} row {i} ({:?}): kernel {:?} scalar {:?}",
                f.name,
                row,
                out.slice(i, 1),
                scalar.slice(i, 1)
            );
        }
    }
}
