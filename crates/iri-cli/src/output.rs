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

use iri::bytes::{find_in_pairs_from, find_outside, ByteSet, PairSet};

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

/// Where a character of [`is_hidden`] may start, from its first two bytes: the ASCII
/// controls and DEL, and C2 (U+0080–U+00BF) alone; the other lead bytes of hidden characters
/// are shared with shown ones (Arabic, Hangul, punctuation, kana, emoji, …) and count only
/// with the second bytes of the hidden ones' blocks: CD 8F (U+034F); D8 9C (U+061C); E1 85,
/// 9A, 9E, A0 (U+115F–U+1160, U+1680, U+17B4–U+17B5, U+180B–U+180F); E2 80–81
/// (U+2000–U+207F); E3 80, 85 (U+3000, U+3164); EF B8, BB, BE, BF (U+FE00–U+FE0F, U+FEFF,
/// U+FFA0, U+FFF0–U+FFFB); F0 9B, 9D (U+1BCA0–U+1BCA3, U+1D173–U+1D17A); F3 A0
/// (U+E0000–U+E0FFF). A character that starts anywhere else is shown; a test checks every
/// character against the set.
const MAY_HIDE: PairSet = PairSet::new(ByteSet::range(0x00, 0x1F).with(0x7F).with(0xC2))
    .with_pairs(0xCD, ByteSet::of(&[0x8F]))
    .with_pairs(0xD8, ByteSet::of(&[0x9C]))
    .with_pairs(0xE1, ByteSet::of(&[0x85, 0x9A, 0x9E, 0xA0]))
    .with_pairs(0xE2, ByteSet::of(&[0x80, 0x81]))
    .with_pairs(0xE3, ByteSet::of(&[0x80, 0x85]))
    .with_pairs(0xEF, ByteSet::of(&[0xB8, 0xBB, 0xBE, 0xBF]))
    .with_pairs(0xF0, ByteSet::of(&[0x9B, 0x9D]))
    .with_pairs(0xF3, ByteSet::of(&[0xA0]));

/// The text with each character of [`is_hidden`] written `<U+XXXX>` (borrowed when there is
/// none): the one escape of every text and TSV output.
///
/// A range test finds the first byte that is not printable ASCII (16 bytes a step); from
/// there, the places where a hidden character may start ([`MAY_HIDE`], each byte looked at
/// with the next) are searched (32 or 16 bytes at a time), and only the characters found
/// there are decoded, so text in most scripts is skipped nearly as fast as ASCII.
pub fn escaped(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    // Most outputs are printable ASCII throughout: a range test settles them (16 bytes a
    // step, cheaper than the pairs'); the pairs are searched from the first other byte.
    let Some(other) = find_outside(b, b' ', b'~') else {
        return Cow::Borrowed(text);
    };
    // Searched in the whole text from there (not in a shorter slice), so that the search
    // takes its longest steps.
    let Some(mut at) = find_in_pairs_from(b, other, &MAY_HIDE) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::new();
    let mut start = 0;
    // `at` starts a character: the set's singles and first bytes are ASCII bytes and lead
    // bytes only.
    while let Some(c) = text[at..].chars().next() {
        let next = at + c.len_utf8();
        if is_hidden(c) {
            if out.is_empty() {
                out.reserve(text.len() + 16);
            }
            out.push_str(&text[start..at]);
            push_token(&mut out, c);
            start = next;
        }
        match find_in_pairs_from(b, next, &MAY_HIDE) {
            Some(k) => at = k,
            None => break,
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
    fn every_hidden_character_starts_where_one_may_hide() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if is_hidden(c) {
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                assert!(MAY_HIDE.matches_at(bytes, 0), "{c:?} is {bytes:x?}");
            }
        }
        // And no continuation byte starts a place of the set, whatever follows it (the
        // escape steps from character to character).
        for b in 0x80..=0xBF {
            assert!((0..=255).all(|next| !MAY_HIDE.matches_at(&[b, next], 0)));
        }
    }

    #[test]
    fn the_escape_agrees_with_the_one_character_version_on_every_character() {
        let mut hidden = Vec::new();
        let mut shown = Vec::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            // Alone.
            let s = c.to_string();
            assert_eq!(escaped(&s), escaped_one_by_one(&s), "{s:?}");
            if is_hidden(c) {
                hidden.push(c);
            } else {
                shown.push(c);
            }
        }
        // The search for hidden characters starts at the first byte that is not printable
        // ASCII, and again after each character it stops at: each hidden character is put 0
        // to 33 bytes after such a start (after DEL and ASCII letters, after non-ASCII text),
        // so that it meets every place of the 16- and 32-byte steps, with text after it.
        let non_ascii = |k: usize| -> Option<String> {
            let (twos, threes) = match k % 3 {
                0 => (0, k / 3),
                1 if k >= 4 => (2, (k - 4) / 3),
                2 => (1, (k - 2) / 3),
                _ => return None,
            };
            Some("\u{E9}".repeat(twos) + &"\u{4F8B}".repeat(threes))
        };
        for &c in &hidden {
            for k in 0..=33usize {
                let mut prefixes = vec![format!("\u{7F}{}", "a".repeat(k))];
                prefixes.extend(non_ascii(k));
                for prefix in prefixes {
                    for suffix in ["b", "\u{627}\u{200F}x"] {
                        let s = format!("{prefix}{c}{suffix}");
                        assert_eq!(escaped(&s), escaped_one_by_one(&s), "{s:?}");
                    }
                }
            }
        }
        // The shown characters, 48 at a time, side by side and with an ASCII letter after
        // each, after a first non-ASCII character and 0 to 31 ASCII letters.
        for between in ["", "a"] {
            for group in shown.chunks(48) {
                let text: String = group.iter().map(|c| format!("{c}{between}")).collect();
                for shift in 0..32 {
                    let s = format!("\u{E9}{}{text}", "a".repeat(shift));
                    assert_eq!(escaped(&s), escaped_one_by_one(&s), "{s:?}");
                }
            }
        }
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
