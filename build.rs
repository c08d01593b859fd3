//! Compiles the ABNF grammars in `grammar/` into tables in `OUT_DIR`.
//! The generator lives in `codegen/`; nothing of it reaches the library.

#[path = "codegen/mod.rs"]
mod codegen;

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=codegen");
    let mut failed = false;
    for (tags, stem) in [
        ("rfc3986.tags", "rfc3986"),
        ("appendix-b.tags", "appendix_b"),
        ("rfc2396.tags", "rfc2396"),
        ("rfc1630.tags", "rfc1630"),
    ] {
        let t0 = std::time::Instant::now();
        match codegen::generate(&root.join("grammar"), tags, "crate::ByteSet", "TablesTrait") {
            Ok(o) => {
                for f in &o.inputs {
                    println!("cargo:rerun-if-changed={}", f);
                }
                std::fs::write(out.join(format!("{}_dfa.rs", stem)), &o.automaton).expect("write tables");
                std::fs::write(out.join(format!("{}_sets.rs", stem)), &o.sets).expect("write sets");
                std::fs::write(out.join(format!("{}_regex.rs", stem)), &o.regexes).expect("write regexes");
                let r = &o.report;
                let report = format!(
                    "{}: {} states ({} before minimization), {} byte classes, {} registers, {} accelerated states, {} triplet states, ~{} table bytes, generated in {:?}\n",
                    stem, r.states, r.unminimized, r.classes, r.registers, r.accelerated, r.triplet_states, r.table_bytes, t0.elapsed()
                );
                std::fs::write(out.join(format!("{}_report.txt", stem)), report).expect("write report");
            }
            Err(errs) => {
                for e in errs {
                    println!("cargo:warning={}", e);
                    eprintln!("{}", e);
                }
                failed = true;
            }
        }
    }
    std::fs::write(out.join("schemes.rs"), codegen::schemes::emit_scheme_table()).expect("write scheme table");
    if failed {
        std::process::exit(1);
    }
}
