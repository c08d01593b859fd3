//! Replays `tests/data/fuzz_regressions.txt`, every input a fuzz target
//! (`fuzz/`) ever failed on plus hand-picked edge cases, through the same
//! checks the targets run (`tests/fuzz_checks/mod.rs`). The `arrow` and
//! `registry` targets' cases are replayed by `arrow/tests/fuzz_regressions.rs`.

mod fuzz_checks;
#[path = "fuzz_checks/replay.rs"]
mod replay;

#[test]
fn replay() {
    let n = replay::replay(|target, input| {
        match target {
            "parse" => fuzz_checks::parse(input),
            "split" => fuzz_checks::split(input),
            "resolve" => fuzz_checks::resolve(input),
            "normalize" => fuzz_checks::normalize(input),
            "percent" => fuzz_checks::percent(input),
            "security" => fuzz_checks::security(input),
            "extract" => fuzz_checks::extract(input),
            "lenient" => fuzz_checks::lenient(input),
            "iri_mapping" => fuzz_checks::iri_mapping(input),
            "peers_parse" => fuzz_checks::peers_parse(input),
            "peers_parse_iri" => fuzz_checks::peers_parse_iri(input),
            "peers_resolve" => fuzz_checks::peers_resolve(input),
            "peers_normalize" => fuzz_checks::peers_normalize(input),
            #[cfg(feature = "oracle")]
            "strict_vs_oracle" => fuzz_checks::strict_vs_oracle(input),
            #[cfg(feature = "oracle")]
            "split_vs_oracle" => fuzz_checks::split_vs_oracle(input),
            #[cfg(feature = "oracle")]
            "skip_twin" => fuzz_checks::skip_twin(input),
            #[cfg(not(feature = "oracle"))]
            "strict_vs_oracle" | "split_vs_oracle" | "skip_twin" => return false,
            "arrow" | "registry" => return false,
            other => panic!("unknown target {other:?}"),
        }
        true
    });
    assert!(n >= 9, "only {n} cases");
}
