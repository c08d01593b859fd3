//! The `uriscan` command-line tool (being written; see issue 6).
fn main() {
    eprintln!("uriscan: the command-line tool is not built yet");
    std::process::exit(2);
}
