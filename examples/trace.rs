//! Prints the state sequence of the generated automaton over each argument
//! (a development aid for the table layout).
use uriscan_codegen as codegen;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let tags = std::env::var("TAGS").unwrap_or_else(|_| "rfc3986.tags".into());
    let nfas = codegen::load_build(&dir, &tags).unwrap_or_else(|e| panic!("{}", e.join("\n"))).nfas;
    let d = codegen::tdfa::build(&nfas);
    println!("{} states, {} classes", d.states.len(), d.nclasses);
    for (k, &st) in d.starts.iter().enumerate() {
        println!("entry {}: {} reachable states", k, reachable(&d, st));
    }
    for a in std::env::args().skip(1) {
        let mut s = d.starts[0] as usize;
        let mut line = String::new();
        for &b in a.as_bytes() {
            let (t, ops) = &d.states[s].trans[d.classes[b as usize] as usize];
            let selfloop = *t as usize == s && ops.is_empty();
            line.push_str(&format!(
                "{}{}{} ",
                b as char,
                if selfloop { "" } else { "→" },
                if selfloop { String::new() } else { format!("{}{}", t, if ops.is_empty() { "" } else { "*" }) }
            ));
            s = *t as usize;
            if s == 0 {
                break;
            }
        }
        println!("{}\n  {}", a, line);
    }
}

#[allow(dead_code)]
fn reachable(d: &codegen::tdfa::Tdfa, start: u32) -> usize {
    let mut seen = vec![false; d.states.len()];
    let mut stack = vec![start as usize];
    while let Some(s) = stack.pop() {
        if std::mem::replace(&mut seen[s], true) {
            continue;
        }
        for (t, _) in &d.states[s].trans {
            stack.push(*t as usize);
        }
    }
    seen.iter().filter(|&&x| x).count()
}
