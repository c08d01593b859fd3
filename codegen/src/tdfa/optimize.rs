//! Removes the register operations nothing can observe, by two data-flow
//! analyses over the whole automaton:
//!
//! - *unset propagation* (forward): a register that is unset on every path
//!   into a state (all registers start unset) needs no copy from it, and a
//!   write of "unset" into a register already unset is dropped;
//! - *liveness* (backward): an operation whose register is overwritten or
//!   never read (by a later operation or an accepting state's tag values)
//!   before the input can end is dropped, and so is every operation on a
//!   transition to the dead state (an error reads no register).
//!
//! The tag values of every input stay the same; `tests/codegen.rs` checks
//! that against [`build_unoptimized`](super::build_unoptimized).

use super::automaton::{DState, Op, Src, TagVal, Tdfa};

/// A set of registers (the generator keeps fewer than 128).
type RegSet = u128;

fn bit(r: u16) -> RegSet {
    1u128 << r
}

/// Drops the operations nothing observes (see the module docs).
pub fn optimize_ops(d: &mut Tdfa) {
    assert!(d.nregs <= 128, "more than 128 registers");
    // Operations on transitions to the dead state are never observed.
    for s in d.states.iter_mut() {
        for (t, ops) in s.trans.iter_mut() {
            if *t == 0 {
                ops.clear();
            }
        }
    }
    let unset = unset_on_entry(d);
    drop_unset_reads(d, &unset);
    let live = live_on_entry(d);
    drop_dead_writes(d, &live);
}

/// The registers unset after `ops`, given those unset before (`k`).
fn unset_after(mut k: RegSet, ops: &[Op]) -> RegSet {
    for op in ops {
        let now_unset = match op.src {
            Src::Pos => false,
            Src::Unset => true,
            Src::Reg(r) => k & bit(r) != 0,
        };
        if now_unset {
            k |= bit(op.dst);
        } else {
            k &= !bit(op.dst);
        }
    }
    k
}

/// Per state: the registers unset on every path into it from a start
/// (forward fixpoint; a state no start reaches keeps them all).
fn unset_on_entry(d: &Tdfa) -> Vec<RegSet> {
    let n = d.states.len();
    let all: RegSet = if d.nregs == 128 { !0 } else { (1u128 << d.nregs) - 1 };
    let mut reached = vec![false; n];
    let mut unset = vec![all; n];
    for &st in &d.starts {
        reached[st as usize] = true;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for s in 1..n {
            if !reached[s] {
                continue;
            }
            for (t, ops) in &d.states[s].trans {
                let t = *t as usize;
                if t == 0 {
                    continue;
                }
                let k = unset_after(unset[s], ops);
                let meet = if reached[t] { unset[t] & k } else { k };
                if !reached[t] || meet != unset[t] {
                    reached[t] = true;
                    unset[t] = meet;
                    changed = true;
                }
            }
        }
    }
    unset
}

/// Reads of a register known unset become `Unset`, writes of `Unset` into
/// a register known unset go, and so do acceptance reads of one.
fn drop_unset_reads(d: &mut Tdfa, unset: &[RegSet]) {
    for (st, &entry) in d.states.iter_mut().zip(unset) {
        for (_, ops) in st.trans.iter_mut() {
            let mut k = entry;
            let mut out = Vec::with_capacity(ops.len());
            for op in ops.iter() {
                let mut op = *op;
                if let Src::Reg(r) = op.src {
                    if k & bit(r) != 0 {
                        op.src = Src::Unset;
                    }
                }
                let keep = !(op.src == Src::Unset && k & bit(op.dst) != 0);
                k = unset_after(k, std::slice::from_ref(&op));
                if keep {
                    out.push(op);
                }
            }
            *ops = out;
        }
        for v in st.fin.iter_mut().flatten() {
            if let TagVal::Reg(r) = *v {
                if entry & bit(r) != 0 {
                    *v = TagVal::Unset;
                }
            }
        }
    }
}

/// The registers an accepting state's tag values read.
fn read_on_acceptance(st: &DState) -> RegSet {
    st.fin.as_ref().map_or(0, |f| f.iter().fold(0, |a, v| if let TagVal::Reg(r) = v { a | bit(*r) } else { a }))
}

/// The registers live before `ops`, given those live after.
fn live_before(mut live: RegSet, ops: &[Op]) -> RegSet {
    for op in ops.iter().rev() {
        if live & bit(op.dst) != 0 {
            live &= !bit(op.dst);
            if let Src::Reg(r) = op.src {
                live |= bit(r);
            }
        }
    }
    live
}

/// Per state: the registers some continuation from it reads before
/// writing them (backward fixpoint; none in the dead state).
fn live_on_entry(d: &Tdfa) -> Vec<RegSet> {
    let n = d.states.len();
    let mut live: Vec<RegSet> = d.states.iter().map(read_on_acceptance).collect();
    live[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for s in (1..n).rev() {
            let mut l = live[s];
            for (t, ops) in &d.states[s].trans {
                if *t != 0 {
                    l |= live_before(live[*t as usize], ops);
                }
            }
            if l != live[s] {
                live[s] = l;
                changed = true;
            }
        }
    }
    live
}

/// Drops every operation whose register is not live after it.
fn drop_dead_writes(d: &mut Tdfa, live: &[RegSet]) {
    for s in d.states.iter_mut() {
        for (t, ops) in s.trans.iter_mut() {
            let mut l = live[*t as usize];
            let mut keep = vec![false; ops.len()];
            for (i, op) in ops.iter().enumerate().rev() {
                if l & bit(op.dst) != 0 {
                    keep[i] = true;
                    l &= !bit(op.dst);
                    if let Src::Reg(r) = op.src {
                        l |= bit(r);
                    }
                }
            }
            let mut i = 0;
            ops.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
    }
}
