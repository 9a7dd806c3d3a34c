//! Byte searches for callers that cut text into lines or fields before parsing it: the
//! library's own SIMD search (the `scan` module: 16 bytes per step with SSE2 on x86-64, eight
//! with word arithmetic elsewhere), behind a safe, plain interface. Implements no RFC rule.

/// The index of the first byte `byte` in `haystack`, or `None`: what `memchr` does.
///
/// ```
/// assert_eq!(iri::bytes::find_byte(b"http://a/\nnext\n", b'\n'), Some(9));
/// assert_eq!(iri::bytes::find_byte(b"no line feed", b'\n'), None);
/// ```
#[inline]
pub fn find_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    crate::scan::find_byte(haystack, 0, byte)
}

/// The index of the last byte `byte` in `haystack`, or `None`: what `memrchr` does.
///
/// ```
/// assert_eq!(iri::bytes::rfind_byte(b"a\nb\nc", b'\n'), Some(3));
/// assert_eq!(iri::bytes::rfind_byte(b"", b'\n'), None);
/// ```
#[inline]
pub fn rfind_byte(haystack: &[u8], byte: u8) -> Option<usize> {
    crate::scan::rfind_byte(haystack, haystack.len(), byte)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::one_byte;

    #[test]
    fn the_searches_agree_with_the_one_byte_versions() {
        // Every length up to 70 (within and across the 16-byte steps), every position of the
        // byte, with and without another copy of it further on.
        for n in 0..70usize {
            for at in 0..=n {
                for second in [None, Some(n.saturating_sub(1))] {
                    let mut s = vec![b'x'; n];
                    if at < n {
                        s[at] = b'\n';
                    }
                    if let Some(j) = second.filter(|&j| j < n) {
                        s[j] = b'\n';
                    }
                    assert_eq!(
                        find_byte(&s, b'\n'),
                        one_byte::find_byte(&s, 0, b'\n'),
                        "{s:?}"
                    );
                    assert_eq!(
                        rfind_byte(&s, b'\n'),
                        one_byte::rfind_byte(&s, n, b'\n'),
                        "{s:?}"
                    );
                }
            }
        }
    }
}
