//! Writing results: the buffered standard output, TSV fields, messages on standard error,
//! and the one rule that keeps untrusted text from reaching a terminal raw. JSON is written
//! by [`crate::json`].
//!
//! Every text and TSV output writes the characters of [`is_hidden`] (C0 and C1 controls,
//! DEL, white space other than the space, the bidi formatting characters of RFC 3987 §4.1 and
//! U+061C, and the other default-ignorable code points) as a visible `<U+XXXX>` token (four to
//! six upper-case hex digits), through [`escaped`]; TSV keeps its own `\\`, `\t`, `\n` and `\r`
//! for those four. A terminal then never receives an escape sequence, a bidi override or a
//! zero-width character from the input.

use std::borrow::Cow;
use std::io::{self, BufWriter, StdoutLock, Write};

/// Standard output, locked and buffered. A write to a closed pipe fails with
/// [`io::ErrorKind::BrokenPipe`], which `main` turns into a quiet exit.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// Locks and buffers standard output.
pub fn stdout() -> Stdout {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `iri: MESSAGE` on standard error, ignoring failures (there is nowhere left to
/// report them); the message's hidden characters but its line breaks are [`escaped`].
pub fn warn(message: impl std::fmt::Display) {
    let shown = escaped_lines(&message.to_string());
    let _ = writeln!(io::stderr().lock(), "iri: {shown}");
}

/// The text [`escaped`] line by line: its line feeds kept, every other hidden character
/// written `<U+XXXX>` (messages of several lines, such as the usage errors).
pub fn escaped_lines(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            shown.push('\n');
        }
        shown.push_str(&escaped(line));
    }
    shown
}

/// Whether a character is written as `<U+XXXX>` in text and TSV output: control characters
/// (C0, DEL, C1), white space other than the ASCII space (tab, line breaks, NEL, U+2028,
/// U+2029, the no-break and wide spaces), the bidi formatting characters of RFC 3987 §4.1
/// with the isolates and U+061C ARABIC LETTER MARK, and the other default-ignorable code
/// points (zero-width characters, Hangul fillers, variation selectors, tags, …), which show
/// nothing, or move, recolour or split the line.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || iri::is_bidi_formatting(c as u32)
        || in_ranges(c, DEFAULT_IGNORABLE)
}

/// Whether a byte may start or be part of a hidden character: an ASCII control or DEL, or
/// any byte of a non-ASCII character (checked by [`is_hidden`]).
#[inline]
fn may_hide(b: u8) -> bool {
    !(0x20..0x7F).contains(&b)
}

/// The index of the first byte of `s` for which [`may_hide`] holds: eight bytes per step,
/// since most outputs have none.
fn first_may_hide(s: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = s.chunks_exact(8);
    let mut at = 0;
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        let x = u64::from_le_bytes(b);
        // Some byte is below 0x20, or above 0x7E (these two tests are exact for "some").
        let below = x.wrapping_sub(0x20 * ONES) & !x & HIGH;
        let above = (x.wrapping_add(ONES) | x) & HIGH;
        if below | above != 0 {
            return w.iter().position(|&b| may_hide(b)).map(|i| at + i);
        }
        at += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| may_hide(b))
        .map(|i| at + i)
}

/// The text with each character of [`is_hidden`] written `<U+XXXX>` (borrowed when there is
/// none): the one escape of every text and TSV output.
pub fn escaped(text: &str) -> Cow<'_, str> {
    let Some(first) = first_may_hide(text.as_bytes()) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::new();
    let mut start = 0;
    for (i, c) in text[first..].char_indices() {
        if is_hidden(c) {
            let at = first + i;
            if out.is_empty() {
                out.reserve(text.len() + 16);
            }
            out.push_str(&text[start..at]);
            push_token(&mut out, c);
            start = at + c.len_utf8();
        }
    }
    if start == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[start..]);
    Cow::Owned(out)
}

/// Appends `<U+XXXX>` for `c`.
fn push_token(out: &mut String, c: char) {
    use std::fmt::Write as _;
    let _ = write!(out, "<U+{:04X}>", c as u32);
}

/// The length of the `<U+XXXX>` token of `c`: the hex has four to six digits.
pub fn token_len(c: char) -> usize {
    let hex = match c as u32 {
        0..=0xFFFF => 4,
        0x10000..=0xFFFFF => 5,
        _ => 6,
    };
    hex + 4
}

/// Whether `c` is in one of the sorted, disjoint inclusive ranges.
fn in_ranges(c: char, ranges: &[(u32, u32)]) -> bool {
    let cp = c as u32;
    let k = ranges.partition_point(|&(_, hi)| hi < cp);
    ranges.get(k).is_some_and(|&(lo, _)| lo <= cp)
}

/// Default_Ignorable_Code_Point (Unicode DerivedCoreProperties.txt), with the interlinear
/// annotation characters U+FFF9–U+FFFB, which are format characters that show nothing either.
const DEFAULT_IGNORABLE: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

/// `n` and the noun, plural unless `n` is 1: `1 line`, `2 lines`, `3 classes`.
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if noun.ends_with('s') {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

/// Writes one TSV field: `\` as `\\`, tab as `\t`, LF as `\n`, CR as `\r`, the other
/// characters of [`is_hidden`] as `<U+XXXX>` ([`escaped`]), the rest as is.
pub fn tsv_field(w: &mut impl Write, s: &str) -> io::Result<()> {
    let mut start = 0;
    // The four are ASCII: a byte index is a character boundary.
    for (i, b) in s.bytes().enumerate() {
        let esc: &[u8] = match b {
            b'\\' => b"\\\\",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            _ => continue,
        };
        w.write_all(escaped(&s[start..i]).as_bytes())?;
        w.write_all(esc)?;
        start = i + 1;
    }
    w.write_all(escaped(&s[start..]).as_bytes())
}

/// Writes `s` with its hidden characters [`escaped`].
pub fn write_escaped(w: &mut impl Write, s: &str) -> io::Result<()> {
    w.write_all(escaped(s).as_bytes())
}

/// Writes one TSV row: the fields escaped by [`tsv_field`] (`None` as an empty field),
/// separated by tabs, then a newline.
pub fn tsv_row(w: &mut impl Write, fields: &[Option<&str>]) -> io::Result<()> {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            w.write_all(b"\t")?;
        }
        if let Some(s) = field {
            tsv_field(w, s)?;
        }
    }
    w.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count(1, "line"), "1 line");
        assert_eq!(count(0, "line"), "0 lines");
        assert_eq!(count(2, "class"), "2 classes");
    }

    #[test]
    fn tsv_escapes() {
        let mut v = Vec::new();
        tsv_row(
            &mut v,
            &[Some("a\tb\\c\nd\re"), None, Some(""), Some("é\0")],
        )
        .unwrap();
        assert_eq!(v, b"a\\tb\\\\c\\nd\\re\t\t\t\xC3\xA9<U+0000>\n");
    }

    #[test]
    fn escapes() {
        assert_eq!(escaped("a\u{200B}b\tc"), "a<U+200B>b<U+0009>c");
        assert_eq!(escaped("x\u{E0041}"), "x<U+E0041>");
        assert_eq!(escaped("\u{1b}]0;T\u{7}"), "<U+001B>]0;T<U+0007>");
        assert_eq!(escaped("a\u{85}\u{7F}\u{61C}"), "a<U+0085><U+007F><U+061C>");
        assert!(matches!(escaped("例 é"), Cow::Borrowed("例 é")));
        for c in ['\u{0}', '\u{85}', '\u{202E}', '\u{E0041}', '\u{10FFFF}'] {
            assert_eq!(token_len(c), format!("<U+{:04X}>", c as u32).len());
        }
    }

    #[test]
    fn the_word_search_finds_the_first_byte_that_may_hide() {
        // Every byte value at every place of texts of 0 to 19 bytes, after shown bytes.
        for n in 0..20 {
            for at in 0..n {
                for v in 0..=255u8 {
                    let mut s = vec![b'~'; n];
                    s[at] = v;
                    if at + 1 < n {
                        s[n - 1] = 0x7F;
                    }
                    let want = s.iter().position(|&b| may_hide(b));
                    assert_eq!(first_may_hide(&s), want, "{s:?}");
                }
            }
        }
    }

    #[test]
    fn range_table_is_sorted_and_disjoint() {
        let table = DEFAULT_IGNORABLE;
        assert!(table.iter().all(|&(lo, hi)| lo <= hi));
        assert!(table.windows(2).all(|w| w[0].1 < w[1].0), "{table:x?}");
    }

    #[test]
    fn hidden_characters() {
        for hidden in [
            '\u{0}',
            '\u{1B}',
            '\u{7F}',
            '\u{85}',
            '\u{9B}',
            '\u{A0}',
            '\u{AD}',
            '\u{61C}',
            '\u{200B}',
            '\u{202E}',
            '\u{2066}',
            '\u{2028}',
            '\u{3000}',
            '\u{3164}',
            '\u{FE0F}',
            '\u{FEFF}',
            '\u{E0041}',
        ] {
            assert!(is_hidden(hidden), "{:04X}", hidden as u32);
        }
        for shown in [
            ' ',
            'a',
            '例',
            '\u{5D0}',
            '\u{E000}',
            '\u{FB01}',
            '\u{10FFFD}',
        ] {
            assert!(!is_hidden(shown), "{shown}");
        }
    }
}
