//! How the text of a reference is put together from its components (RFC 3986 §5.3): where
//! each component ends ([`Positions`], which every type and operation carries), and the rules
//! that every writer of a new text follows (a path that starts with `//` in a text without
//! authority gets the prefix `/.`, so that it does not read back with one; RFC 3986 §4.2,
//! §5.2.2 leave it to the writer). Resolution, normalization and the mappings compose their
//! results with these; a builder would too.

use alloc::string::String;

/// Where the components of a parsed reference end; 16 bytes.
///
/// With `s` the text and `n = s.len()`:
/// - scheme: `s[..scheme_end - 1]` when `scheme_end > 0` (the `:` is at `scheme_end - 1`);
/// - authority: `s[scheme_end + 2..auth_end]` when `auth_end > scheme_end` (the `//` is
///   included in `scheme_end..auth_end`);
/// - path: `s[auth_end..path_end]`;
/// - query: `s[path_end + 1..query_end]` when `query_end > path_end`;
/// - fragment: `s[query_end + 1..]` when `query_end < n`.
///
/// The top bit of the last word says that the text is known to be ASCII: the parser sets it
/// exactly (it meets every byte), the operations that build a new text set it when their
/// output is ASCII by construction and leave it clear when they do not know. It lets
/// [`IriRef::to_uri`](crate::IriRef::to_uri) answer for an ASCII text without reading it
/// again. Offsets therefore stay below 2 GiB: the parser rejects longer inputs, and the
/// operations that build a longer text than their inputs (the mapping to a URI triples each
/// non-ASCII octet, resolution joins two texts) are outside what the offsets can address
/// when their result reaches 2 GiB.
///
/// # Invariants
///
/// With `s` the text these positions describe and `n = s.len() < 2^31`:
///
/// - `scheme_end <= auth_end <= path_end <= query_end() <= n`, each on a character boundary;
/// - `scheme_end == 0`, or `s[scheme_end - 1] == b':'` and `s[..scheme_end - 1]` is a scheme;
/// - `auth_end == scheme_end`, or `s[scheme_end..]` starts with `//`;
/// - `query_end() == path_end`, or `s[path_end] == b'?'`;
/// - `query_end() == n`, or `s[query_end()] == b'#'`;
/// - when [`known_ascii`](Self::known_ascii) is `true`, every byte of `s` is ASCII (the
///   converse need not hold).
///
/// Every writer of a new text (resolution, normalization, the mappings) returns positions
/// that keep these for its output; the laws of the fuzz targets check that the output
/// parses back to the same components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Positions {
    pub(crate) scheme_end: u32,
    pub(crate) auth_end: u32,
    pub(crate) path_end: u32,
    /// The end of the query, and [`Positions::ASCII`].
    query_end_ascii: u32,
}

impl Positions {
    /// The bit of `query_end_ascii` that says the text is ASCII.
    const ASCII: u32 = 1 << 31;
    /// The longest text whose offsets fit beside the flag: 2 GiB − 1 bytes.
    pub(crate) const MAX_LEN: usize = (Self::ASCII - 1) as usize;

    /// Positions from the four ends, with the text not known to be ASCII.
    #[inline(always)]
    pub(crate) const fn new(scheme_end: u32, auth_end: u32, path_end: u32, query_end: u32) -> Self {
        Positions {
            scheme_end,
            auth_end,
            path_end,
            query_end_ascii: query_end & !Self::ASCII,
        }
    }

    /// Where the query ends (where the fragment's `#` is, or the text's length).
    #[inline(always)]
    pub(crate) const fn query_end(self) -> u32 {
        self.query_end_ascii & !Self::ASCII
    }

    /// Whether the text is known to be ASCII (`false`: it may or may not be).
    #[inline(always)]
    pub(crate) const fn known_ascii(self) -> bool {
        self.query_end_ascii & Self::ASCII != 0
    }

    /// These positions with the flag set when `ascii` (the text is ASCII), clear otherwise.
    #[inline(always)]
    pub(crate) const fn ascii_if(self, ascii: bool) -> Self {
        Positions {
            query_end_ascii: self.query_end() | if ascii { Self::ASCII } else { 0 },
            ..self
        }
    }
}

/// A path that starts with "//" in a result without authority gets the prefix "/.".
#[inline]
pub(crate) fn fix_double_slash(out: &mut String, path_start: usize, has_auth: bool) {
    if !has_auth && out.as_bytes()[path_start..].starts_with(b"//") {
        out.insert_str(path_start, "/.");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_16_bytes() {
        assert_eq!(core::mem::size_of::<Positions>(), 16);
    }
}
