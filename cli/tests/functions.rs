//! `uriscan fn`: every function of the set reachable by name, its records
//! equal to the library's answers line for line, arguments, `--fields`,
//! list values in every format, bad input and usage errors.

mod common;

use common::{code, run};
use serde_json::Value as Json;
use uriscan_crawl::function_set::{find, ParamKind, Value, FUNCTIONS};

/// Lines for every function: the sample, dirty lines, an empty line, CRLF.
fn lines() -> Vec<u8> {
    let mut v = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../sample/urls.txt")).unwrap();
    v.extend_from_slice(b"http://www.a.b.co.uk:8080/x/y.tar.gz?a=1&b=%41%zz&a=2#f?g\r\n");
    v.extend_from_slice(b"\n");
    v.extend_from_slice(b"HTTP://u:p@www.example.com/a b/%C3%A9?q=a+b\n");
    v.extend_from_slice(b"not a url at all\n");
    v.extend_from_slice("https://bücher.example/é?ü=1\n".as_bytes());
    v.extend_from_slice(b"http://\"q\"\\/\t?\x01\n");
    v
}

/// The library's answer as the JSON the CLI writes for it.
fn expected(v: Value<'_>) -> Json {
    let bytes = |b: &[u8]| match std::str::from_utf8(b) {
        Ok(s) => Json::String(s.to_string()),
        Err(_) => {
            use base64::Engine as _;
            serde_json::json!({ "bytes": base64::engine::general_purpose::STANDARD.encode(b) })
        }
    };
    match v {
        Value::Null | Value::CcIndex(_) | Value::Parsed(_) => Json::Null,
        Value::Bool(b) => Json::Bool(b),
        Value::Int(n) => Json::from(n),
        Value::Str(s) => Json::String(s.into_owned()),
        Value::Bytes(b) => bytes(&b),
        Value::UInt(n) => Json::from(n),
        Value::List(items) => Json::Array(items.into_iter().map(|s| Json::String(s.to_string())).collect()),
    }
}

fn records(stdout: &[u8]) -> Vec<Json> {
    String::from_utf8(stdout.to_vec()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Every function without arguments (and the ones with, given some): one
/// record per line, in order, equal to the library's answer for that line.
#[test]
fn every_function_equals_the_library() {
    let input = lines();
    let split: Vec<&[u8]> = {
        let mut v: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        v.pop(); // after the last LF
        v.into_iter().map(|l| l.strip_suffix(b"\r").unwrap_or(l)).collect()
    };
    let mut checked = 0;
    for f in FUNCTIONS {
        if f.name == "uri_cc_index" || f.name == "uri_parse" {
            continue;
        }
        let args: Vec<&str> = f
            .params
            .iter()
            .filter(|p| !p.optional)
            .map(|p| match p.kind {
                ParamKind::Count => "2",
                ParamKind::OneOf(names) => names[0],
                ParamKind::Text | ParamKind::Port => "a",
            })
            .collect();
        let mut cli = vec!["fn", f.name, "-f", "jsonl", "--echo"];
        for a in &args {
            cli.extend(["--arg", a]);
        }
        let out = run(&cli, &input);
        assert_eq!(code(&out), 0, "{}: {}", f.name, String::from_utf8_lossy(&out.stderr));
        let recs = records(&out.stdout);
        assert_eq!(recs.len(), split.len(), "{}", f.name);
        let parsed = f.args(&args).unwrap();
        for (k, (rec, line)) in recs.iter().zip(&split).enumerate() {
            assert_eq!(rec["line"], Json::from(k + 1), "{}", f.name);
            assert_eq!(rec["result"], expected(f.call_bytes(line, &parsed)), "{} of {:?}", f.name, line);
            checked += 1;
        }
    }
    assert!(checked > 40 * 45, "{checked}");
}

#[test]
fn arguments() {
    let input = b"http://h/p?a=1&b=2&a=3&c=x%20y#f\nhttps://h/\n";
    let out = run(&["fn", "extractURLParameter", "--arg", "a"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1\n\n");
    // ClickHouse's cutURLParameter: the first `a=` and the first `c=` go.
    let out = run(&["fn", "cutURLParameter", "--arg", "a", "--arg", "c"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "http://h/p?b=2&a=3#f\nhttps://h/\n");
    let out = run(&["fn", "url_parameter_decoded", "-a", "c", "-f", "tsv"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "line\tresult\n1\tx y\n2\t\\N\n");
    let out = run(&["fn", "url_parameter_values", "-a", "a"], input);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"line\":1,\"result\":[\"1\",\"3\"]}\n{\"line\":2,\"result\":[]}\n"
    );
    let out = run(&["fn", "port", "--arg", "443"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "443\n443\n");
    let out = run(&["fn", "PORT"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0\n0\n");
    // Host functions read host names.
    let hosts = b"a.b.example.co.uk\nlocalhost.\n";
    let out = run(&["fn", "host_nth_last_part", "--arg", "3", "-f", "tsv", "-F", "result"], hosts);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "result\nexample\n\\N\n");
    let out = run(&["fn", "host_reversed"], hosts);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "uk.co.example.b.a\nlocalhost\n");
    let out = run(&["fn", "host_nth_last_part", "--arg", "x"], hosts);
    assert_eq!(code(&out), 2);
    // Name matching ignores ASCII case, and the help lists every function.
    let list = run(&["fn", "--list"], b"");
    let list = String::from_utf8(list.stdout).unwrap();
    for f in FUNCTIONS {
        assert!(list.contains(&f.signature()), "{}", f.name);
    }
    let help = String::from_utf8(run(&["fn", "--help"], b"").stdout).unwrap();
    assert!(help.contains("cutURLParameter(url, name [name...])") && help.contains("url_host_registered_domain"));
    assert!(help.contains("host_nth_last_part(host, n)") && help.contains("decodeURLComponent(s)"));
    assert_eq!(find("urlhierarchy").unwrap().name, "URLHierarchy");
}

#[test]
fn usage_errors() {
    for (args, msg) in [
        (&["fn", "nope"][..], "unknown function 'nope'"),
        (&["fn", "extractURLParameter"][..], "extractURLParameter takes 1 argument after the URL, not 0"),
        (&["fn", "domain", "--arg", "x"][..], "domain takes 0 arguments after the URL, not 1"),
        (&["fn", "port", "--arg", "http"][..], "the default must be a number from 0 to 65535"),
        (&["fn", "domain", "--fields", "nope"][..], "unknown field 'nope'"),
        (&["fn"][..], "NAME"),
    ] {
        let out = run(args, b"http://h/\n");
        assert_eq!(code(&out), 2, "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(msg), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

/// Lists in every format, and lines that are not UTF-8.
#[test]
fn lists_and_bytes() {
    let input = b"http://h/a/b?x\"y\nmailto:a\n";
    let out = run(&["fn", "URLPathHierarchy", "-f", "tsv"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "line\tresult\n1\t{\"/a/\",\"/a/b?\",\"/a/b?x\\\\\"y\"}\n2\t{}\n");
    let out = run(&["fn", "URLPathHierarchy", "-f", "csv"], input);
    let mut r = csv::Reader::from_reader(&out.stdout[..]);
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(&rows[0][1], "{\"/a/\",\"/a/b?\",\"/a/b?x\\\"y\"}");
    assert_eq!(&rows[1][1], "{}");
    let out = run(&["fn", "URLPathHierarchy", "-f", "text"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "/a/ /a/b? /a/b?x\"y\n\n");

    // Not UTF-8: null for a text function, bytes for the decoders, every
    // line kept in order.
    let input = b"http://a\xFF/\n%41%FF\nhttp://b.c/\n";
    let out = run(&["fn", "domain", "-f", "jsonl", "-F", "result"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "{\"result\":null}\n{\"result\":\"\"}\n{\"result\":\"b.c\"}\n");
    let out = run(&["fn", "decodeURLComponent", "-f", "jsonl", "--echo"], input);
    let recs = records(&out.stdout);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[1]["result"], serde_json::json!({"bytes": "Qf8="}));
    assert_eq!(recs[1]["input"], "%41%FF");
    let out = run(&["fn", "decodeURLComponent", "-f", "tsv"], input);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "line\tresult\n1\thttp://a\\xFF/\n2\tA\\xFF\n3\thttp://b.c/\n");
}

#[test]
fn cc_index_columns_and_fields() {
    let input = b"https://www.Example.co.uk:8443/a?q=1\nmailto:x@y\n";
    let out =
        run(&["fn", "uri_cc_index", "-f", "tsv", "--fields", "url_host_registered_domain,url_port,url_query"], input);
    assert_eq!(code(&out), 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "url_host_registered_domain\turl_port\turl_query\nexample.co.uk\t8443\tq=1\n\\N\t\\N\t\\N\n"
    );
    let out = run(&["fn", "uri_cc_index"], input);
    let recs = records(&out.stdout);
    assert_eq!(recs[0]["url_surtkey"], "uk,co,example:8443)/a?q=1");
    assert_eq!(recs[0]["url_host_name_reversed"], "uk.co.example.www");
    assert_eq!(recs[1]["url_protocol"], "mailto");
    // Several threads: the same records in the same order.
    let big: Vec<u8> = (0..20_000).flat_map(|i| format!("http://h{i}.example.com/p?i={i}\n").into_bytes()).collect();
    let one = run(&["fn", "extractURLParameter", "--arg", "i"], &big);
    let four = run(&["fn", "extractURLParameter", "--arg", "i", "-j", "4"], &big);
    assert_eq!(one.stdout, four.stdout);
    assert_eq!(one.stdout.iter().filter(|&&b| b == b'\n').count(), 20_000);
}

/// The guide's commands of "Functions, columns and Parquet" run from the
/// repository's root and succeed (check: exit status 1, one invalid row).
#[test]
fn readme_commands_run() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/GUIDE.md")).unwrap();
    let section = &readme[readme.find("### Functions, columns and Parquet").unwrap()..];
    let block = &section[section.find("```sh\n").unwrap() + 6..];
    let block = &block[..block.find("```").unwrap()];
    let dir = common::TempDir::new("readme");
    let tmp = dir.0.to_str().unwrap().to_string();
    let mut ran = 0;
    for line in block.lines() {
        let cmd = line.split(" #").next().unwrap().replace("/tmp", &tmp);
        let args: Vec<&str> = cmd.split_whitespace().collect();
        assert_eq!(args[0], "uriscan", "{line}");
        if cfg!(not(feature = "parquet")) && cmd.contains("parquet") {
            continue;
        }
        let out = std::process::Command::new(common::BIN).args(&args[1..]).current_dir(root).output().unwrap();
        let want = if args[1] == "check" { 1 } else { 0 };
        assert_eq!(code(&out), want, "{line}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(args.contains(&"-o") || !out.stdout.is_empty(), "{line}");
        ran += 1;
    }
    assert!(ran >= if cfg!(feature = "parquet") { 10 } else { 8 }, "{ran}");
}

/// The command line's functions are the registry's, which DataFusion
/// registers family by family (`datafusion/tests/registry.rs` checks that
/// side): ClickHouse's convention is exactly the ClickHouse family's.
#[test]
fn same_clickhouse_names_as_datafusion() {
    use uriscan_crawl::function_set::Family;
    let convention: Vec<&str> = FUNCTIONS.iter().filter(|f| f.clickhouse).map(|f| f.name).collect();
    let family: Vec<&str> = Family::ClickHouse.functions().map(|f| f.name).collect();
    assert!(family.len() >= 35, "{family:?}");
    assert_eq!(convention, family);
    assert_eq!(Family::CcIndex.functions().map(|f| f.name).collect::<Vec<_>>(), ["uri_cc_index"]);
}

/// `uriscan fn --help` and `--list` name every function of the registry,
/// each on its own line with its family; `uri_parse` points to `parse`.
#[test]
fn help_lists_every_registry_function() {
    let help = run(&["fn", "--help"], b"");
    assert_eq!(code(&help), 0);
    let help = String::from_utf8(help.stdout).unwrap();
    let list = run(&["fn", "--list"], b"");
    let list = String::from_utf8(list.stdout).unwrap();
    assert_eq!(list.lines().count(), FUNCTIONS.len());
    for (f, line) in FUNCTIONS.iter().zip(list.lines()) {
        assert!(line.starts_with(&format!("{}(", f.name)), "{line}");
        assert!(line.contains(&format!(" {} ", f.family.name())), "{line}");
        assert!(help.contains(&format!("\n  {}(", f.name)), "fn --help lacks {}", f.name);
    }
    let parse = run(&["fn", "uri_parse"], b"http://h/\n");
    assert_eq!(code(&parse), 2);
    assert!(String::from_utf8_lossy(&parse.stderr).contains("uriscan parse"));
}
