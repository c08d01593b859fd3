//! The generated automaton as one typed value: what the generator emits for
//! a grammar and what the walker reads. The generator writes each grammar's
//! tables as a [`Tables`] implementation whose [`Tables::AUTOMATON`] is an
//! [`Automaton`] literal, its acceleration data one [`Accels`] value; the
//! walker is generic over [`Tables`]. Both sides compile against these
//! definitions, so a field one side drops or renames fails the other's
//! build.

/// The tables of one generated automaton (every field a `'static` table).
///
/// `C` is the error-context type and `M` the mark type the grammar's tags
/// file names (`types ErrorKind Reference HostKind`).
#[derive(Debug)]
pub struct Automaton<C: 'static, M: 'static> {
    /// The number of byte classes; state ids are premultiplied by it.
    pub nclasses: usize,
    /// The byte class of each byte.
    pub classes: &'static [u8; 256],
    /// The start of each entry rule, packed like `trans` (no operations).
    pub starts: &'static [u32],
    /// Transitions by `state + class`, packed as [`pack`](crate::pack) defines.
    pub trans: &'static [u32],
    /// Acceptance of each state ([`accept_list`](crate::accept_list)).
    pub finals: &'static [u16],
    /// The error context of each state.
    pub contexts: &'static [C],
    /// The mark of each mark tag (the tags after the captures), outermost first.
    pub marks: &'static [M],
    /// What the walker skips: runs, triplets and UTF-8 runs.
    pub accels: Accels,
}

/// The acceleration data of an automaton: for each self-loop state (named by
/// the self-loop field of the transitions into it, see the crate docs) the
/// run of bytes that keep it there, the triplets, and the UTF-8 runs. Run
/// set `k` is self-loop field `k + 1`; triplet `t` is field
/// `triplet_base + t`.
#[derive(Debug)]
pub struct Accels {
    /// Run sets as bit tables, [`SETS_PER_LUT`](crate::SETS_PER_LUT) sets a
    /// row: set `k` holds byte `b` when
    /// `lut[lut_row(k)][b] & lut_bit(k) != 0`.
    pub lut: &'static [[u8; 256]],
    /// Per run set: its SIMD nibble tables ([`Nibbles::table`](crate::Nibbles)).
    pub nibbles: &'static [[u8; 32]],
    /// Per run set: its bytes >= 0x80 ([`Nibbles::high`](crate::Nibbles)).
    pub high: &'static [u8],
    /// Whether any entry of `high` is not [`HIGH_NONE`](crate::HIGH_NONE):
    /// when none is, the walker, which reads this at compile time, tests
    /// no set's `high` at all.
    pub any_high: bool,
    /// Per run set: the triplet whose whole occurrences its runs may hold
    /// ([`ext_triplet`](crate::ext_triplet)).
    pub ext: &'static [u8],
    /// Per run set: 1 + the index of the code points its runs may hold as
    /// UTF-8 (`utf8_full`, `utf8_ranges`), 0 for none.
    pub utf8: &'static [u8],
    /// The first self-loop field that names a triplet.
    pub triplet_base: u32,
    /// Per triplet: the [`TRIPLET_FIRST`](crate::TRIPLET_FIRST),
    /// [`TRIPLET_SECOND`](crate::TRIPLET_SECOND) and
    /// [`TRIPLET_AGAIN`](crate::TRIPLET_AGAIN) bits of each byte.
    pub triplet_lut: &'static [[u8; 256]],
    /// Per triplet: the state it returns to, packed like `trans`.
    pub triplet_to: &'static [u32],
    /// Per triplet: nibble tables of its leading, first and second bytes.
    pub triplet_nibbles: &'static [[[u8; 32]; 3]],
    /// Whether every triplet takes the same bytes second as first (`"%"
    /// HEXDIG HEXDIG`): the SIMD blocks, which read this at compile time,
    /// then find a block's second bytes with its first bytes' mask.
    pub triplet_repeats: bool,
    /// Per UTF-8 run set: the 64-code-point blocks of the Basic
    /// Multilingual Plane wholly in the set, as a bitmap.
    pub utf8_full: &'static [[u64; 16]],
    /// Per UTF-8 run set: its code points as sorted inclusive ranges
    /// (empty for a grammar of bytes).
    pub utf8_ranges: &'static [&'static [(u32, u32)]],
    /// Per UTF-8 run set: its safe leading bytes as nibble tables
    /// ([`utf8_leads`](crate::utf8_leads)).
    pub utf8_leads: &'static [[u8; 32]],
}

/// A generated automaton: its tables, and its tag operations as code.
///
/// The generator writes one implementation per grammar; the walker runs any
/// of them.
pub trait Tables {
    /// The error-context type (for example `ErrorKind`).
    type Context: Copy + 'static;
    /// The mark type (for example `HostKind`).
    type Mark: Copy + 'static;
    /// The registers (`[u32; NREGS]`).
    type Regs;
    /// The tags (`[u32; NTAGS]`).
    type Tags;
    /// The tables.
    const AUTOMATON: Automaton<Self::Context, Self::Mark>;
    /// Registers, all unset.
    fn new_regs() -> Self::Regs;
    /// Runs operation list `list` at position `pos`. Run with the input's
    /// length, the list of an accepting state's `finals` entry moves the tag
    /// values into their home registers (tag `k` in register `k`).
    fn apply(list: u32, pos: u32, regs: &mut Self::Regs);
    /// The tag values, once acceptance's list has run.
    fn tags(regs: &Self::Regs) -> Self::Tags;
}
