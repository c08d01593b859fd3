//! The walker for the tagged DFAs that `build.rs` generates: one loop shared by
//! every grammar (RFC 3986 strict, the Appendix B split, ...). It knows only
//! the table layout, nothing of any grammar.

/// A generated automaton: borrowed views of the static tables (see
/// `codegen/emit.rs` for what each holds).
#[derive(Debug)]
pub(crate) struct Automaton<C: 'static> {
    pub nclasses: usize,
    pub ntags: usize,
    pub starts: &'static [u16],
    pub classes: &'static [u8; 256],
    pub trans: &'static [u16],
    pub trans_ops: &'static [u8],
    pub op_start: &'static [u16],
    pub ops: &'static [(u8, u8)],
    pub fin: &'static [u8],
    pub final_tags: &'static [u8],
    pub context: &'static [C],
    pub accel: &'static [u8],
    pub accel_sets: &'static [[u64; 4]],
}

/// The value of an unset tag or register.
pub(crate) const NONE: u32 = u32::MAX;

/// Where the automaton stopped without accepting.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop<C> {
    /// Index of the byte with no transition, or the input length.
    pub index: usize,
    /// Context of the last live state.
    pub context: C,
}

#[inline(always)]
fn in_set(set: &[u64; 4], b: u8) -> bool {
    (set[(b >> 6) as usize] >> (b & 63)) & 1 != 0
}

impl<C: Copy> Automaton<C> {
    /// Runs entry `entry` over `input` (which must be shorter than `u32::MAX`
    /// bytes), writing tag values into `tags` (`NONE` when unset).
    ///
    /// Never panics: table indices come from the tables themselves, which
    /// the generator's tests keep consistent; slices are accessed with `get`
    /// where input decides the index.
    #[inline]
    pub(crate) fn run(&self, input: &[u8], entry: usize, regs: &mut [u32], tags: &mut [u32]) -> Result<(), Stop<C>> {
        let nc = self.nclasses;
        let mut s = self.starts[entry] as usize;
        let n = input.len();
        let mut i = 0usize;
        while i < n {
            let st = s / nc;
            let acc = self.accel[st] as usize;
            if acc != 0 {
                let set = &self.accel_sets[acc];
                while i < n && in_set(set, input[i]) {
                    i += 1;
                }
                if i == n {
                    break;
                }
            }
            let b = input[i];
            let idx = s + self.classes[b as usize] as usize;
            let ops = self.trans_ops[idx] as usize;
            if ops != 0 {
                let (a, z) = (self.op_start[ops] as usize, self.op_start[ops + 1] as usize);
                for &(dst, src) in &self.ops[a..z] {
                    regs[dst as usize] = match src {
                        255 => i as u32,
                        254 => NONE,
                        r => regs[r as usize],
                    };
                }
            }
            let t = self.trans[idx] as usize;
            if t == 0 {
                return Err(Stop { index: i, context: self.context[st] });
            }
            s = t;
            i += 1;
        }
        let st = s / nc;
        let f = self.fin[st] as usize;
        if f == 0 {
            return Err(Stop { index: n, context: self.context[st] });
        }
        let row = &self.final_tags[f * self.ntags..(f + 1) * self.ntags];
        for (t, v) in tags.iter_mut().zip(row) {
            *t = match *v {
                255 => n as u32,
                254 => NONE,
                r => regs[r as usize],
            };
        }
        Ok(())
    }
}
