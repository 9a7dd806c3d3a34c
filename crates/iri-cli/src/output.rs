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

use iri::bytes::{find_in_set, find_outside, ByteSet};

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
        || iri::is_default_ignorable(c as u32)
        // The interlinear annotation characters: format characters that show nothing either.
        || ('\u{FFF9}'..='\u{FFFB}').contains(&c)
}

/// The bytes that may start a character of [`is_hidden`]: the ASCII controls and DEL, and the
/// lead bytes of the non-ASCII hidden characters (U+0080–U+00AD: C2; U+034F: CD; U+061C: D8;
/// U+115F–U+180F: E1; U+2000–U+206F: E2; U+3000, U+3164: E3; U+FE00–U+FFFB: EF;
/// U+1BCA0–U+1D17A: F0; U+E0000–U+E0FFF: F3). Any other byte starts a character that is
/// shown, or continues one; a test checks every character against the set.
const MAY_HIDE: ByteSet = ByteSet::range(0x00, 0x1F).with(0x7F).union(ByteSet::of(&[
    0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3,
]));

/// The text with each character of [`is_hidden`] written `<U+XXXX>` (borrowed when there is
/// none): the one escape of every text and TSV output.
///
/// A range test finds the first byte that is not printable ASCII (16 bytes a step); from
/// there, the bytes that may start a hidden character ([`MAY_HIDE`]) are searched (32 or 16
/// at a time), and only the characters they start are looked at, so text in most scripts is
/// skipped nearly as fast as ASCII.
pub fn escaped(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    // Most outputs are printable ASCII throughout: a range test settles them (16 bytes a
    // step, cheaper than the set's); the set is searched from the first other byte.
    let Some(other) = find_outside(b, b' ', b'~') else {
        return Cow::Borrowed(text);
    };
    let Some(mut at) = find_in_set(&b[other..], &MAY_HIDE).map(|k| other + k) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::new();
    let mut start = 0;
    loop {
        // `at` starts a character: the set holds ASCII bytes and lead bytes only.
        let next = if may_start_hidden(b, at) {
            let Some(c) = text[at..].chars().next() else {
                break;
            };
            let next = at + c.len_utf8();
            if is_hidden(c) {
                if out.is_empty() {
                    out.reserve(text.len() + 16);
                }
                out.push_str(&text[start..at]);
                push_token(&mut out, c);
                start = next;
            }
            next
        } else {
            // Its continuation bytes are not in the set: the search goes on after the lead.
            at + 1
        };
        match find_in_set(&b[next..], &MAY_HIDE) {
            Some(k) => at = next + k,
            None => break,
        }
    }
    if start == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[start..]);
    Cow::Owned(out)
}

/// Whether the character at `at` (a byte of [`MAY_HIDE`]) may be hidden, from its first two
/// bytes: for the lead bytes shared with common letters (Arabic, Vietnamese, Hangul, emoji,
/// …), the second byte tells the blocks of the hidden ones (U+034F; U+061C; U+115F–U+1160,
/// U+1680, U+17B4–U+17B5, U+180B–U+180F; U+2000–U+207F; U+3000, U+3164; U+FE00–U+FE0F,
/// U+FEFF, U+FFA0, U+FFF0–U+FFFB; U+1BCA0–U+1BCA3, U+1D173–U+1D17A) from the others. A test
/// checks every hidden character against it.
#[inline]
fn may_start_hidden(b: &[u8], at: usize) -> bool {
    let second = b.get(at + 1).copied().unwrap_or(0);
    match b[at] {
        0xCD => second == 0x8F,
        0xD8 => second == 0x9C,
        0xE1 => matches!(second, 0x85 | 0x9A | 0x9E | 0xA0),
        0xE2 => matches!(second, 0x80 | 0x81),
        0xE3 => matches!(second, 0x80 | 0x85),
        0xEF => matches!(second, 0xB8 | 0xBB | 0xBE | 0xBF),
        0xF0 => matches!(second, 0x9B | 0x9D),
        _ => true,
    }
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
    fn every_hidden_character_starts_with_a_byte_that_may_hide() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if is_hidden(c) {
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                assert!(MAY_HIDE.contains(bytes[0]), "{c:?} starts with {bytes:x?}");
                assert!(may_start_hidden(bytes, 0), "{c:?} is {bytes:x?}");
            }
        }
        // And no continuation byte is in the set (the escape steps from character to
        // character).
        assert!((0x80..=0xBF).all(|b| !MAY_HIDE.contains(b)));
    }

    /// The escape one character at a time: what [`escaped`] must give.
    fn escaped_one_by_one(text: &str) -> String {
        let mut out = String::new();
        for c in text.chars() {
            if is_hidden(c) {
                push_token(&mut out, c);
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn the_escape_agrees_with_the_one_character_version() {
        // Every hidden and shown character of interest, alone, between others, at every
        // place of texts longer than one 16-byte step.
        let chars = [
            'a',
            '~',
            ' ',
            '\u{0}',
            '\t',
            '\u{1F}',
            '\u{7F}',
            '\u{80}',
            '\u{9F}',
            '\u{A0}',
            '\u{A1}',
            '\u{AD}',
            'é',
            '\u{34F}',
            '\u{350}',
            '\u{61C}',
            '\u{61D}',
            '\u{1680}',
            '\u{2000}',
            '\u{200B}',
            '\u{2010}',
            '\u{202E}',
            '\u{2066}',
            '\u{3000}',
            '\u{3001}',
            '例',
            '\u{3164}',
            '\u{FE0F}',
            '\u{FEFF}',
            '\u{FF21}',
            '\u{FFA0}',
            '\u{FFFB}',
            '\u{FFFC}',
            '\u{1BCA0}',
            '\u{1D173}',
            '\u{1F600}',
            '\u{627}',
            '\u{1EA1}',
            '\u{115F}',
            '\u{17B5}',
            '\u{180E}',
            '\u{2060}',
            '\u{2070}',
            '\u{1D174}',
            '\u{1BC9F}',
            '\u{E0041}',
            '\u{F0000}',
            '\u{10FFFF}',
        ];
        for &c in &chars {
            for &d in &chars {
                for n in [0usize, 1, 5, 15, 16, 17, 31, 40] {
                    for at in [0, n / 2, n] {
                        let mut s: String = "x".repeat(n);
                        s.insert(at, c);
                        s.push(d);
                        assert_eq!(escaped(&s), escaped_one_by_one(&s), "{s:?}");
                    }
                }
            }
        }
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
