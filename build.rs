//! Compiles the ABNF grammars in `grammar/` into tables in `OUT_DIR` with the
//! generator crate (`codegen/`, `uriscan-codegen`); nothing of it reaches the
//! library but the tables.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    let mut failed = false;
    for b in &uriscan_codegen::URISCAN_BUILDS {
        let (tags, stem) = (b.tags, b.stem);
        let t0 = std::time::Instant::now();
        match uriscan_codegen::generate(&root.join("grammar"), tags, &b.options) {
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
    std::fs::write(out.join("schemes.rs"), uriscan_codegen::schemes::emit_scheme_table()).expect("write scheme table");
    if failed {
        std::process::exit(1);
    }
}
