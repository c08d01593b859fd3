//! Replays the `arrow` and `registry` cases of the library's
//! `tests/data/fuzz_regressions.txt` (every input the `arrow` fuzz target
//! ever failed on, plus hand-picked ones) through the targets' checks
//! (`tests/fuzz_checks/mod.rs` of this crate).

mod fuzz_checks;
#[path = "../../tests/fuzz_checks/replay.rs"]
mod replay;

#[test]
fn replay() {
    let n = replay::replay(|target, input| match target {
        "arrow" => {
            fuzz_checks::arrow_every_form(input);
            true
        }
        "registry" => {
            fuzz_checks::registry(input);
            true
        }
        _ => false,
    });
    assert!(n >= 6, "only {n} arrow and registry cases");
}
