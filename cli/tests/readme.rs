//! The README's "Command line" section holds the real `uriscan --help`
//! output, so that it cannot drift: this test compares them, and with
//! `URISCAN_BLESS=1` rewrites the README's copy from the binary.

use std::process::Command;

const BEGIN: &str = "<!-- BEGIN uriscan --help: generated, checked by cli/tests/readme.rs -->\n```text\n";
const END: &str = "```\n<!-- END uriscan --help -->";

#[test]
fn readme_has_the_real_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_uriscan")).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let start = readme.find(BEGIN).expect("the README has the BEGIN marker") + BEGIN.len();
    let end = start + readme[start..].find(END).expect("the README has the END marker");
    if readme[start..end] != help {
        if std::env::var_os("URISCAN_BLESS").is_some() {
            let new = format!("{}{help}{}", &readme[..start], &readme[end..]);
            std::fs::write(path, new).unwrap();
        } else {
            panic!(
                "README.md's copy of `uriscan --help` is out of date; run\n  \
                 URISCAN_BLESS=1 cargo test -p uriscan-cli --test readme\n(the help is now:\n{help})"
            );
        }
    }
}
