//! Replays the `arrow` cases of the library's
//! `tests/data/fuzz_regressions.txt` (every input the `arrow` fuzz target
//! ever failed on, plus hand-picked ones) through the target's check
//! (`tests/fuzz_checks/mod.rs` of this crate).

mod fuzz_checks;
#[path = "../../tests/fuzz_checks/replay.rs"]
mod replay;

#[test]
fn replay() {
    let n = replay::replay(|target, input| {
        if target == "arrow" {
            fuzz_checks::arrow(input);
        }
        target == "arrow"
    });
    assert!(n >= 3, "only {n} arrow cases");
}
