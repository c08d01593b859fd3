//! The documents' command lines cannot drift from the binary:
//!
//! - the user guide's "Command line" section holds the real `uriscan --help`
//!   output: this test compares them, and with `URISCAN_BLESS=1` rewrites
//!   the guide's copy from the binary; so is its table of the parse record
//!   (`uriscan_crawl::record::markdown_table`);
//! - every `$ uriscan ...` line of the README's `console` blocks runs from
//!   the repository's root and prints exactly the lines below it.

use std::process::Command;

const BEGIN: &str = "<!-- BEGIN uriscan --help: generated, checked by cli/tests/readme.rs -->\n```text\n";
const END: &str = "```\n<!-- END uriscan --help -->";
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

#[test]
fn guide_has_the_real_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_uriscan")).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    check_generated(BEGIN, END, &help, "copy of `uriscan --help`");
}

/// The user guide's table of the parse record is the declared record's.
#[test]
fn guide_has_the_parse_record() {
    check_generated(RECORD_BEGIN, RECORD_END, &uriscan_crawl::record::markdown_table(), "table of the parse record");
}

/// Fails unless the user guide holds `text` between the markers `begin` and
/// `end`; with `URISCAN_BLESS=1` writes it there instead.
fn check_generated(begin: &str, end: &str, text: &str, what: &str) {
    let path = format!("{ROOT}/GUIDE.md");
    let guide = std::fs::read_to_string(&path).unwrap();
    let start = guide.find(begin).expect("the guide has the BEGIN marker") + begin.len();
    let stop = start + guide[start..].find(end).expect("the guide has the END marker");
    if guide[start..stop] != *text {
        if std::env::var_os("URISCAN_BLESS").is_some() {
            std::fs::write(&path, format!("{}{text}{}", &guide[..start], &guide[stop..])).unwrap();
        } else {
            panic!(
                "GUIDE.md's {what} is out of date; run\n  \
                 URISCAN_BLESS=1 cargo test -p uriscan-cli --test readme\n(it is now:\n{text})"
            );
        }
    }
}

const RECORD_BEGIN: &str = "<!-- BEGIN parse record: generated, checked by cli/tests/readme.rs -->\n";
const RECORD_END: &str = "<!-- END parse record -->";

/// The README's `console` examples of one program: each command line (the
/// words after `$ PROGRAM `, split as a shell splits words in quotes) and
/// the lines printed after it.
fn console_examples(program: &str) -> Vec<(Vec<String>, String)> {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    let prompt = format!("$ {program} ");
    let mut examples: Vec<(Vec<String>, String)> = Vec::new();
    for block in readme.split("```console\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed console block")];
        let mut current: Option<(Vec<String>, String)> = None;
        for line in block.lines() {
            if line.starts_with("$ ") {
                examples.extend(current.take());
                current = line.strip_prefix(&prompt).map(|cmd| (words(cmd), String::new()));
            } else if let Some((_, out)) = current.as_mut() {
                out.push_str(line);
                out.push('\n');
            }
        }
        examples.extend(current);
    }
    examples
}

/// Words as a POSIX shell splits them, for the quotes the README uses
/// (`"..."` and `'...'`, no escapes inside).
fn words(cmd: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut started) = (Vec::new(), String::new(), None, false);
    for c in cmd.chars() {
        match (quote, c) {
            (None, '"' | '\'') => (quote, started) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if started {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (_, c) => (word.push(c), started = true).1,
        }
    }
    assert!(quote.is_none(), "an unclosed quote in {cmd:?}");
    if started {
        out.push(word);
    }
    out
}

#[test]
fn the_readme_console_examples_print_what_they_show() {
    let examples = console_examples("uriscan");
    assert!(examples.len() >= 2, "the README lost its command-line examples");
    for (args, want) in examples {
        let out = Command::new(env!("CARGO_BIN_EXE_uriscan")).args(&args).current_dir(ROOT).output().unwrap();
        // `check` exits 1 when a line is invalid (its summary is on stderr).
        let status = if args[0] == "check" { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(status), "uriscan {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "uriscan {args:?}");
    }
}

#[test]
fn words_split_as_a_shell_does() {
    assert_eq!(words(r#"-f csv "SELECT 'a b'" x"#), ["-f", "csv", "SELECT 'a b'", "x"]);
    assert_eq!(words("a  ''  b"), ["a", "", "b"]);
}
