//! The tagged DFA as data: states, transitions with their register
//! operations, acceptance with the tags' values, error contexts; and a
//! reference runner over it (for tests), and the ordering of a parallel
//! register copy ([`sequence`]).

/// Where a register gets its new value on a transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Src {
    /// The current position (the index of the byte being consumed, or the
    /// input length at the end).
    Pos,
    /// No position (the tag is not on the winning path).
    Unset,
    /// Another register's old value.
    Reg(u16),
}

/// `regs[dst] = src`, executed in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op {
    pub dst: u16,
    pub src: Src,
}

/// The value of a tag when the input ends in an accepting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TagVal {
    Unset,
    Pos,
    Reg(u16),
}

/// One state of a [`Tdfa`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DState {
    /// Per byte class: target state and operations.
    pub trans: Vec<(u32, Vec<Op>)>,
    /// Tag values on acceptance, or `None` if the state does not accept.
    pub fin: Option<Vec<TagVal>>,
    /// Error context: index into the tags file's contexts, or `None` for the root.
    pub ctx: Option<u32>,
}

/// A tagged DFA over byte classes.
pub struct Tdfa {
    /// Byte -> class.
    pub classes: [u8; 256],
    pub nclasses: usize,
    /// State 0 is the dead state.
    pub states: Vec<DState>,
    /// Start state of each entry, in the tags file's order.
    pub starts: Vec<u32>,
    /// Registers used, including one scratch register for copy cycles.
    pub nregs: usize,
    pub ntags: usize,
    /// States before minimization (for the report).
    pub unminimized: usize,
}

/// Orders a parallel copy so that no register is overwritten before it is
/// read; a cycle goes through the scratch register `tmp`.
pub fn sequence(mut pending: Vec<Op>, tmp: u16) -> Vec<Op> {
    let mut out = Vec::new();
    while !pending.is_empty() {
        let free = pending.iter().position(|o| !pending.iter().any(|p| p.src == Src::Reg(o.dst) && p.dst != o.dst));
        match free {
            Some(i) => out.push(pending.remove(i)),
            None => {
                let r = pending[0].dst;
                out.push(Op { dst: tmp, src: Src::Reg(r) });
                for p in pending.iter_mut() {
                    if p.src == Src::Reg(r) {
                        p.src = Src::Reg(tmp);
                    }
                }
            }
        }
    }
    out
}

impl Tdfa {
    /// Runs the automaton (reference implementation, used by the generator's
    /// tests): `Ok(tag values)` or `Err((index, context))`.
    pub fn run(&self, entry: usize, input: &[u8]) -> Result<Vec<Option<usize>>, (usize, Option<u32>)> {
        let mut regs = vec![usize::MAX; self.nregs];
        let mut s = self.starts[entry] as usize;
        for (i, &b) in input.iter().enumerate() {
            let (t, ops) = &self.states[s].trans[self.classes[b as usize] as usize];
            for op in ops {
                regs[op.dst as usize] = match op.src {
                    Src::Pos => i,
                    Src::Unset => usize::MAX,
                    Src::Reg(r) => regs[r as usize],
                };
            }
            if *t == 0 {
                return Err((i, self.states[s].ctx));
            }
            s = *t as usize;
        }
        match &self.states[s].fin {
            None => Err((input.len(), self.states[s].ctx)),
            Some(f) => Ok(f
                .iter()
                .map(|v| match v {
                    TagVal::Unset => None,
                    TagVal::Pos => Some(input.len()),
                    TagVal::Reg(r) => Some(regs[*r as usize]).filter(|&v| v != usize::MAX),
                })
                .collect()),
        }
    }
}
