//! Byte classes: the partition of `0..=255` that the NFAs' byte sets induce
//! (before determinization), and the merge of classes every state treats
//! alike (after).

use super::automaton::{Op, Tdfa};
use crate::byteset::ByteSet;
use crate::nfa::{Nfa, State};
use std::collections::HashMap;

/// Partition of 0..=255 induced by every byte set of the NFAs: byte -> class,
/// and the number of classes. Classes are numbered by their first byte.
pub fn byte_classes(nfas: &[Nfa]) -> ([u8; 256], usize) {
    let mut sets: Vec<ByteSet> = Vec::new();
    for n in nfas {
        for s in &n.states {
            if let State::Byte { set, .. } = s {
                if !set.is_empty() {
                    sets.push(*set);
                }
            }
        }
    }
    sets.sort();
    sets.dedup();
    let mut sig_to_class: HashMap<Vec<u64>, u8> = HashMap::new();
    let mut classes = [0u8; 256];
    for b in 0..=255u8 {
        let mut sig = vec![0u64; sets.len().div_ceil(64)];
        for (i, s) in sets.iter().enumerate() {
            if s.contains(b) {
                sig[i / 64] |= 1 << (i % 64);
            }
        }
        let n = sig_to_class.len() as u8;
        classes[b as usize] = *sig_to_class.entry(sig).or_insert(n);
    }
    (classes, sig_to_class.len())
}

/// The lowest byte of each class (the byte determinization steps on).
pub fn representatives(classes: &[u8; 256], nclasses: usize) -> Vec<u8> {
    let mut reps = vec![0u8; nclasses];
    for b in (0..=255u8).rev() {
        reps[classes[b as usize] as usize] = b;
    }
    reps
}

/// Merges byte classes that every state treats alike (same target, same
/// operations). The classes of the NFA's byte sets can be finer than the
/// automaton needs: a grammar that spells a set one character at a time
/// (`alpha = "a" / "b" / ...`) makes one class per character, though the
/// characters go the same way everywhere. Classes are renumbered by their
/// first byte, as [`byte_classes`] numbers them, so a grammar whose classes
/// are already minimal gets the same tables.
pub fn merge_classes(d: &mut Tdfa) {
    let column = |c: usize| -> Vec<(u32, Vec<Op>)> { d.states.iter().map(|s| s.trans[c].clone()).collect() };
    let mut seen: HashMap<Vec<(u32, Vec<Op>)>, u8> = HashMap::new();
    let mut old_to_new = vec![u8::MAX; d.nclasses];
    let mut kept = Vec::new();
    for b in 0..=255usize {
        let old = d.classes[b] as usize;
        if old_to_new[old] != u8::MAX {
            continue;
        }
        let n = seen.len() as u8;
        let id = *seen.entry(column(old)).or_insert_with(|| {
            kept.push(old);
            n
        });
        old_to_new[old] = id;
    }
    if kept.len() == d.nclasses {
        return;
    }
    for b in 0..256 {
        d.classes[b] = old_to_new[d.classes[b] as usize];
    }
    for s in d.states.iter_mut() {
        s.trans = kept.iter().map(|&c| s.trans[c].clone()).collect();
    }
    d.nclasses = kept.len();
}
