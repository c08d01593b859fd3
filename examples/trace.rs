//! Prints the state sequence of the generated automaton over each argument
//! (a development aid for the table layout).
#[path = "../codegen/mod.rs"]
mod codegen;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar");
    let tags = std::env::var("TAGS").unwrap_or_else(|_| "rfc3986.tags".into());
    let cfg = codegen::config::parse("t", &std::fs::read_to_string(dir.join(&tags)).unwrap()).unwrap();
    let texts: Vec<(String, String)> =
        cfg.files.iter().map(|f| (f.clone(), std::fs::read_to_string(dir.join(f)).unwrap())).collect();
    let files: Vec<(&str, &str)> = texts.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let g = codegen::abnf::Grammar::load(&files).unwrap();
    let nfas: Vec<_> = cfg
        .entries
        .iter()
        .map(|(_, r)| {
            let mut n = codegen::nfa::build(&g, &cfg, r).unwrap();
            n.trim();
            n
        })
        .collect();
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
