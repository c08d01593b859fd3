//! The grammar compiler: ABNF text in, Rust tables out. Used by `build.rs`
//! (and by the tests, which include these files directly); none of it is
//! compiled into the runtime library.
#![allow(dead_code)]

pub mod abnf;
pub mod byteset;
