//! How many of the walker's transitions a fold of forced chains could
//! save (issue 39, item 4): a *forced* state is one that does not accept
//! and whose every live byte leads to the same transition (one way on), so
//! the step into it and the step out of it could be one. For each input
//! file (one reference per line) this walks the grammar's tagged DFA from
//! its first entry and counts, per line, the transitions (bytes that leave
//! their state or apply tag operations; run bytes are not transitions) and
//! the transitions into forced states, by the byte that enters them:
//! the bytes of a triplet (into its start state or out of it, as the
//! generator's plan finds them: the walker steps over them in its runs,
//! or two bytes at once from a triplet state),
//! `>= 0x80` (a UTF-8 character, which the runs take whole where the
//! grammar allows), and any other ASCII byte, the only ones a fold could
//! remove from the walk.
//!
//! ```text
//! cargo run --release --example forced_chains -- sample/urls.txt
//! TAGS=rfc3987.tags cargo run --release --example forced_chains -- FILE...
//! ```
use uriscan_codegen as codegen;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let tags = std::env::var("TAGS").unwrap_or_else(|_| "rfc3986.tags".into());
    let nfas = codegen::load_build(&dir, &tags).unwrap_or_else(|e| panic!("{}", e.join("\n"))).nfas;
    let d = codegen::tdfa::build(&nfas);
    let plan = codegen::analysis::accel::plan(&d).unwrap_or_else(|e| panic!("{e}"));
    let triplet_start = |q: usize| plan.field[q] >= plan.triplet_base;
    // One way on: no acceptance, and every live class to the same target
    // with the same operations.
    let forced: Vec<bool> = d
        .states
        .iter()
        .map(|st| {
            let mut live = st.trans.iter().filter(|(t, _)| *t != 0);
            st.fin.is_none() && live.next().is_some_and(|first| live.all(|x| x == first))
        })
        .collect();
    println!("{tags}: {} states, {} forced", d.states.len(), forced.iter().filter(|&&f| f).count());
    for path in std::env::args().skip(1) {
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (mut lines, mut trans) = (0u64, 0u64);
        let mut into = [0u64; 3]; // a triplet's, >= 0x80, other ASCII
        for line in text.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            lines += 1;
            let mut s = d.starts[0] as usize;
            for &b in line {
                let (t, ops) = &d.states[s].trans[d.classes[b as usize] as usize];
                let t = *t as usize;
                if t == 0 {
                    break;
                }
                if t != s || !ops.is_empty() {
                    trans += 1;
                    if forced[t] {
                        into[if triplet_start(t) || triplet_start(s) {
                            0
                        } else if b >= 0x80 {
                            1
                        } else {
                            2
                        }] += 1;
                    }
                }
                s = t;
            }
        }
        let per = |x: u64| x as f64 / lines.max(1) as f64;
        println!(
            "{path}: {lines} lines, {:.2} transitions a line; into forced states a line: {:.3} in triplets, {:.3} on bytes >= 0x80, {:.3} on other ASCII",
            per(trans),
            per(into[0]),
            per(into[1]),
            per(into[2])
        );
    }
}
