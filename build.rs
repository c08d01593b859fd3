//! Compiles the grammars of the registry (`uriscan_codegen::URISCAN_BUILDS`,
//! each a `.tags` and `.abnf` files in `grammar/`) into tables in `OUT_DIR`
//! with the generator crate (`codegen/`, `uriscan-codegen`); nothing of it
//! reaches the library but the tables and `registry.rs`, which
//! `src/tables.rs` includes.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=grammar");
    match uriscan_codegen::build_all(&root.join("grammar"), uriscan_codegen::URISCAN_BUILDS) {
        Ok(built) => {
            for f in built.inputs {
                println!("cargo:rerun-if-changed={}", f);
            }
            for (name, text) in built.files {
                std::fs::write(out.join(name), text).expect("write the generated tables");
            }
        }
        Err(errors) => {
            for e in errors {
                println!("cargo:warning={}", e);
                eprintln!("{}", e);
            }
            std::process::exit(1);
        }
    }
}
