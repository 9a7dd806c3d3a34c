//! Warnings for text that was probably read in the wrong charset, so that `iri extract` does
//! not turn it into mojibake silently: UTF-16 without a byte order mark (read as UTF-8 it is
//! every other byte NUL, and no IRI is found), and text that is not UTF-8 and declares no
//! charset, read as windows-1252 (the Encoding Standard's default) while another common charset
//! reads it as words of one script. Each names the `--charset` to try. These are guesses, said
//! as such; they never change what is extracted.

use iri::legacy::Charset;

/// The bytes looked at.
const SAMPLE: usize = 64 << 10;

/// `utf-16le` or `utf-16be` when the first bytes (no byte order mark) look like UTF-16: in at
/// least 8 pairs, two in five have a NUL on one side and at most one in ten on the other.
pub(super) fn utf16_without_bom(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return None;
    }
    let n = head.len().min(1024) / 2;
    if n < 8 {
        return None;
    }
    let (mut even, mut odd) = (0, 0);
    for pair in head[..2 * n].chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    if odd * 5 >= n * 2 && even * 10 <= n {
        Some("utf-16le")
    } else if even * 5 >= n * 2 && odd * 10 <= n {
        Some("utf-16be")
    } else {
        None
    }
}

/// Single-byte and East Asian charsets tried, most common first.
const CANDIDATES: &[&str] = &[
    "windows-1251",
    "koi8-r",
    "windows-1253",
    "windows-1255",
    "windows-1256",
    "windows-874",
    "shift_jis",
    "euc-jp",
    "euc-kr",
    "gbk",
    "big5",
];

/// A rough script of a character: its 256-code-point block below U+2E80 (Greek, Cyrillic,
/// Hebrew, Arabic, Thai, … each have their own), and one for all of East Asia above.
fn block(c: char) -> u32 {
    (c as u32).min(0x2E80) >> 8
}

/// How well a decoding reads as text, in halves: its non-ASCII small letters (2; the wrong
/// one of KOI8-R and windows-1251 gives capitals where the right one gives small letters) and
/// letters without case (1) in the block most of them are in (from U+0370, beyond Latin),
/// less the non-ASCII characters outside that block (2); and twice its non-ASCII characters.
fn score(text: &str) -> (usize, usize) {
    let mut counts: Vec<(u32, usize)> = Vec::new();
    for c in text.chars().filter(|c| !c.is_ascii() && c.is_alphabetic()) {
        match counts.iter_mut().find(|(b, _)| *b == block(c)) {
            Some((_, n)) => *n += 1,
            None => counts.push((block(c), 1)),
        }
    }
    let Some(&(main, _)) = counts.iter().max_by_key(|&&(_, n)| n) else {
        return (0, 0);
    };
    if main < 3 {
        return (0, 0);
    }
    let (mut good, mut other, mut all) = (0usize, 0usize, 0usize);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        all += 1;
        if block(c) != main {
            other += 1;
        } else if c.is_lowercase() {
            good += 2;
        } else if c.is_alphabetic() && !c.is_uppercase() {
            // Letters without case (Arabic, Hebrew, kana, Han) count half: bytes that a cased
            // script reads as small letters read as such letters too in some charset.
            good += 1;
        }
    }
    (good.saturating_sub(2 * other), 2 * all)
}

/// Whether the bytes, read as windows-1252, have most of their non-ASCII characters in runs
/// of three or more (words of another script read as accented Latin: `Ñìîòðèòå`), rather
/// than alone among ASCII letters as in Western text (`été`).
fn looks_like_mojibake(bytes: &[u8]) -> bool {
    let (mut in_runs, mut all, mut run) = (0usize, 0usize, 0usize);
    for &b in bytes.iter().chain([&b' ']) {
        if b >= 0x80 {
            run += 1;
            continue;
        }
        all += run;
        if run >= 3 {
            in_runs += run;
        }
        run = 0;
    }
    all > 0 && in_runs * 2 >= all
}

/// For bytes that are not UTF-8 and were read as windows-1252 by default: the charset that
/// reads them best as text of another script (see [`score`]: at least 8, and four tenths of the
/// most; at most one malformed sequence, where the sample is cut). A guess: bytes of one
/// script can read as another's letters (Greek without accents as Cyrillic).
pub(super) fn legacy_guess(bytes: &[u8]) -> Option<&'static str> {
    let sample = &bytes[..bytes.len().min(SAMPLE)];
    if !looks_like_mojibake(sample) {
        return None;
    }
    let mut best: Option<(&'static str, usize)> = None;
    for &label in CANDIDATES {
        let charset = Charset::for_label(label).ok()?;
        let (text, _) = charset.encoding().decode_without_bom_handling(sample);
        if text.matches('\u{FFFD}').count() > 1 {
            continue;
        }
        let (good, all) = score(&text);
        if good >= 8 && good * 10 >= all * 4 && best.is_none_or(|(_, b)| good > b) {
            best = Some((label, good));
        }
    }
    best.map(|(label, _)| label)
}

/// The East Asian charsets tried, which read each other's bytes as Han characters.
const EAST_ASIAN: &[&str] = &["shift_jis", "euc-jp", "euc-kr", "gbk", "big5"];

/// What to try for a guessed charset: `--charset LABEL`, or for an East Asian one the family.
pub(super) fn advice(label: &str) -> String {
    if EAST_ASIAN.contains(&label) {
        String::from("an East Asian charset: try --charset shift_jis, euc-jp, gbk, big5 or euc-kr")
    } else {
        format!("{label}: try --charset {label}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` encoded in `label`.
    fn encoded(text: &str, label: &str) -> Vec<u8> {
        let charset = Charset::for_label(label).unwrap();
        let (bytes, _, errors) = charset.encoding().encode(text);
        assert!(!errors, "{label}");
        bytes.into_owned()
    }

    #[test]
    fn guesses_the_charset_of_legacy_text() {
        let ru = "Смотрите http://пример.рф/страница и другие ссылки здесь.\n";
        assert_eq!(
            legacy_guess(&encoded(ru, "windows-1251")),
            Some("windows-1251")
        );
        assert_eq!(legacy_guess(&encoded(ru, "koi8-r")), Some("koi8-r"));
        let el = "Δείτε http://παράδειγμα.δοκιμή/σελίδα για περισσότερα.\n";
        assert_eq!(
            legacy_guess(&encoded(el, "windows-1253")),
            Some("windows-1253")
        );
        let ja = "詳しくは http://例え.テスト/ページ を見てください。\n";
        // East Asian charsets read each other's bytes as Han: only the family is told.
        let guess = legacy_guess(&encoded(ja, "shift_jis")).unwrap();
        assert!(EAST_ASIAN.contains(&guess), "{guess}");
        assert!(advice(guess).contains("shift_jis"), "{}", advice(guess));
        // Western text in windows-1252 is not taken for another charset.
        let fr = "Voir http://exemple.fr/été et la résumé de la réunion à côté.\n";
        assert_eq!(legacy_guess(&encoded(fr, "windows-1252")), None);
        assert_eq!(legacy_guess(b"plain ASCII http://a/"), None);
    }

    #[test]
    fn tells_utf16_without_a_byte_order_mark() {
        let text = "see http://a.example/b and more";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(utf16_without_bom(&le), Some("utf-16le"));
        assert_eq!(utf16_without_bom(&be), Some("utf-16be"));
        assert_eq!(utf16_without_bom(text.as_bytes()), None);
        let mut bom = vec![0xFF, 0xFE];
        bom.extend(&le);
        assert_eq!(utf16_without_bom(&bom), None);
    }
}
