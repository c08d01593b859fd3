//! The automata `build.rs` generates (with `uriscan-codegen`) from the
//! grammars in `grammar/`: one module per grammar, each with its byte
//! classes, packed transitions (laid out as `uriscan-layout` defines),
//! self-loop sets, error contexts and tag operations. The walker
//! (`automaton.rs`) runs any of them; nothing here is written by hand.
//!
//! Every grammar but Appendix B's has its captures in the same slots
//! (`uriscan_codegen::URI_CAPTURE_SLOTS`); the checks at the end of this file fail
//! the build if a grammar's slots ever differ from RFC 3986's.

/// Includes a generated automaton with the names its code refers to.
macro_rules! generated {
    ($(#[$doc:meta])* $name:ident, $file:literal) => {
        $(#[$doc])*
        #[allow(clippy::all, missing_docs, dead_code, unused_imports)]
        pub(crate) mod $name {
            use crate::automaton::Tables as TablesTrait;
            use crate::error::ErrorKind;
            use crate::host::HostKind;
            include!(concat!(env!("OUT_DIR"), "/", $file));
        }
    };
}

generated!(
    /// RFC 3986 Appendix A (`grammar/rfc3986.abnf`): the strict parser.
    rfc3986,
    "rfc3986_dfa.rs"
);
generated!(
    /// RFC 3986 Appendix B's split (`grammar/appendix-b.abnf`).
    appendix_b,
    "appendix_b_dfa.rs"
);
generated!(
    /// RFC 2396 Appendix A (`grammar/rfc2396.abnf`).
    rfc2396,
    "rfc2396_dfa.rs"
);
generated!(
    /// RFC 1630's generic URI BNF (`grammar/rfc1630.abnf`).
    rfc1630,
    "rfc1630_dfa.rs"
);
generated!(
    /// RFC 3987 §2.2 (`grammar/rfc3987.abnf`): IRI references, with the
    /// code points of `ucschar` and `iprivate` matched as UTF-8.
    rfc3987,
    "rfc3987_dfa.rs"
);

/// Whether two capture layouts are the same.
// Evaluated at compile time only: an index out of range fails the build.
#[allow(clippy::indexing_slicing)]
const fn same_slots(a: [usize; 9], b: [usize; 9]) -> bool {
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

macro_rules! slots {
    ($m:ident) => {
        [
            $m::NCAPTURES,
            $m::CAP_SCHEME,
            $m::CAP_AUTHORITY,
            $m::CAP_USERINFO,
            $m::CAP_HOST,
            $m::CAP_PORT,
            $m::CAP_PATH,
            $m::CAP_QUERY,
            $m::CAP_FRAGMENT,
        ]
    };
}

const _: () = assert!(same_slots(slots!(rfc3986), slots!(rfc2396)), "RFC 2396's capture slots differ from RFC 3986's");
const _: () = assert!(same_slots(slots!(rfc3986), slots!(rfc1630)), "RFC 1630's capture slots differ from RFC 3986's");
const _: () = assert!(same_slots(slots!(rfc3986), slots!(rfc3987)), "RFC 3987's capture slots differ from RFC 3986's");
