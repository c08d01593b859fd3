//! Moore minimization of a tagged DFA.

use super::automaton::{DState, Op, TagVal, Tdfa};
use std::collections::{HashMap, HashSet};

/// What states must share to start in one block: dead or not, acceptance, context.
type InitialKey = (bool, Option<Vec<TagVal>>, Option<u32>);
/// A state's block and, per class, its target's block and operations.
type Signature = (u32, Vec<(u32, Vec<Op>)>);

/// Moore partition refinement. States are equivalent when they accept with
/// the same tag values, report the same error context, and go to equivalent
/// states with the same operations on every class. The dead state keeps id 0.
pub fn minimize(d: &mut Tdfa) {
    let block = refine(d);
    renumber(d, &block);
}

/// The block of every state once refinement is stable.
fn refine(d: &Tdfa) -> Vec<u32> {
    let n = d.states.len();
    let mut block: Vec<u32> = {
        let mut m: HashMap<InitialKey, u32> = HashMap::new();
        (0..n)
            .map(|i| {
                let s = &d.states[i];
                let k = (i == 0, s.fin.clone(), s.ctx);
                let l = m.len() as u32;
                *m.entry(k).or_insert(l)
            })
            .collect()
    };
    loop {
        let mut m: HashMap<Signature, u32> = HashMap::new();
        let nb: Vec<u32> = (0..n)
            .map(|i| {
                let sig: Vec<(u32, Vec<Op>)> =
                    d.states[i].trans.iter().map(|(t, ops)| (block[*t as usize], ops.clone())).collect();
                let l = m.len() as u32;
                *m.entry((block[i], sig)).or_insert(l)
            })
            .collect();
        let before = block.iter().collect::<HashSet<_>>().len();
        let after = m.len();
        block = nb;
        if after == before {
            return block;
        }
    }
}

/// One state per block: dead first, then in order of first appearance
/// (deterministic).
fn renumber(d: &mut Tdfa, block: &[u32]) {
    let mut newid: HashMap<u32, u32> = HashMap::new();
    newid.insert(block[0], 0);
    let mut order = vec![0usize];
    for (i, b) in block.iter().enumerate() {
        if !newid.contains_key(b) {
            newid.insert(*b, newid.len() as u32);
            order.push(i);
        }
    }
    let states = order
        .iter()
        .map(|&i| {
            let s = &d.states[i];
            DState {
                trans: s.trans.iter().map(|(t, ops)| (newid[&block[*t as usize]], ops.clone())).collect(),
                fin: s.fin.clone(),
                ctx: s.ctx,
            }
        })
        .collect();
    d.states = states;
    for s in d.starts.iter_mut() {
        *s = newid[&block[*s as usize]];
    }
}
