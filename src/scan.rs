//! INTERIM: replaced by the table-driven scanner.
use crate::error::{ErrorKind, ParseError};
use crate::uri::HostKind;

/// The grammar's entry rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `URI-reference`
    UriReference,
    /// `URI`
    Uri,
    /// `absolute-URI`
    AbsoluteUri,
    /// `relative-ref`
    RelativeRef,
}

pub(crate) const CAP_SCHEME: usize = 0;
pub(crate) const CAP_AUTHORITY: usize = 1;
pub(crate) const CAP_USERINFO: usize = 2;
pub(crate) const CAP_HOST: usize = 3;
pub(crate) const CAP_PORT: usize = 4;
pub(crate) const CAP_PATH: usize = 5;
pub(crate) const CAP_QUERY: usize = 6;
pub(crate) const CAP_FRAGMENT: usize = 7;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Captures {
    pos: [u32; 16],
    kind: Option<HostKind>,
}

impl Captures {
    pub(crate) fn span(&self, cap: usize) -> Option<(usize, usize)> {
        let a = *self.pos.get(2 * cap)?;
        let b = *self.pos.get(2 * cap + 1)?;
        if a == u32::MAX || b == u32::MAX {
            None
        } else {
            Some((a as usize, b as usize))
        }
    }
    pub(crate) fn host_kind(&self) -> Option<HostKind> {
        self.kind
    }
}

pub(crate) fn scan(input: &[u8], _rule: Rule) -> Result<Captures, ParseError> {
    if let Some(i) = input.iter().position(|&b| b == b' ' || b >= 0x80) {
        return Err(ParseError { index: i, kind: ErrorKind::Reference, found: Some(input[i]) });
    }
    let mut pos = [u32::MAX; 16];
    let n = input.len() as u32;
    let mut i = 0u32;
    let at = |i: u32| input[i as usize];
    while i < n && !b":/?#".contains(&at(i)) { i += 1; }
    if i < n && i > 0 && at(i) == b':' { pos[0] = 0; pos[1] = i; i += 1; } else { i = 0; }
    let mut kind = None;
    if i + 1 < n && at(i) == b'/' && at(i + 1) == b'/' {
        i += 2; let a = i;
        while i < n && !b"/?#".contains(&at(i)) { i += 1; }
        pos[2] = a; pos[3] = i;
        let auth = &input[a as usize..i as usize];
        let h0 = match auth.iter().position(|&b| b == b'@') { Some(k) => { pos[4] = a; pos[5] = a + k as u32; a + k as u32 + 1 } None => a };
        let rest = &input[h0 as usize..i as usize];
        let h1 = match rest.iter().rposition(|&b| b == b':') { Some(k) if !rest[k..].contains(&b']') => { pos[8] = h0 + k as u32 + 1; pos[9] = i; h0 + k as u32 } _ => i };
        pos[6] = h0; pos[7] = h1; kind = Some(HostKind::RegName);
    }
    let p = i;
    while i < n && !b"?#".contains(&at(i)) { i += 1; }
    pos[10] = p; pos[11] = i;
    if i < n && at(i) == b'?' { i += 1; let q = i; while i < n && at(i) != b'#' { i += 1; } pos[12] = q; pos[13] = i; }
    if i < n && at(i) == b'#' { pos[14] = i + 1; pos[15] = n; }
    Ok(Captures { pos, kind })
}
