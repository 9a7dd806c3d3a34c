//! Character references in HTML and XML text and attribute values (XML 1.0 §4.1, HTML 4.01
//! §5.3, §24.2), resolved before an IRI is taken from a document.
//!
//! Resolved: every numeric character reference (`&#233;`, `&#xE9;`), the five XML entities
//! (`amp`, `lt`, `gt`, `quot`, `apos`) and, in HTML, the 96 Latin-1 entities of HTML 4.01
//! §24.2 (`nbsp` … `yuml`). A numeric reference to a code point that is not a Unicode scalar
//! value, or to U+0000, becomes U+FFFD (as HTML does), which no IRI may hold, so that the IRI
//! around it is reported invalid rather than changed silently. Left out: the rest of HTML's
//! 2,000-odd named references and entities declared in a DTD; such a reference is kept as it
//! is written (`&hellip;`). A reference must end with `;` (HTML's legacy `&amp` without it is
//! kept as written), and numeric references to U+0080–U+009F stay C1 controls (HTML would read
//! them as windows-1252), which makes the IRI around them invalid, and so reported.

use alloc::string::String;
use alloc::vec::Vec;

/// The Latin-1 entities of HTML 4.01 §24.2, for U+00A0 to U+00FF in order.
const LATIN1: [&str; 96] = [
    "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
    "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
    "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave", "Eacute",
    "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
    "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute",
    "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde",
    "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc",
    "uuml", "yacute", "thorn", "yuml",
];

/// The character a named reference stands for.
fn named(name: &str, html: bool) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ if html => LATIN1
            .iter()
            .position(|&n| n == name)
            .and_then(|i| char::from_u32(0xA0 + i as u32)),
        _ => None,
    }
}

/// The character of a numeric reference's digits (`233` or `xE9`), U+FFFD when out of range.
fn numeric(digits: &str) -> Option<char> {
    let (radix, ds) = match digits.strip_prefix(['x', 'X']) {
        Some(h) => (16, h),
        None => (10, digits),
    };
    if ds.is_empty() || !ds.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let value = u32::from_str_radix(ds, radix).unwrap_or(u32::MAX);
    Some(match char::from_u32(value) {
        Some('\0') | None => '\u{FFFD}',
        Some(c) => c,
    })
}

/// Text with its references resolved, and where each piece came from.
#[derive(Debug, Clone)]
pub(crate) struct Decoded {
    /// The resolved text.
    pub(crate) text: String,
    /// `(offset in text, offset in the source)` at the start and after each reference.
    map: Vec<(usize, usize)>,
}

impl Decoded {
    /// `s`, which starts at `base` in the source, taken as it is (no references in it).
    pub(crate) fn verbatim(s: &str, base: usize) -> Decoded {
        Decoded {
            text: String::from(s),
            map: alloc::vec![(0, base)],
        }
    }

    /// The source offset of a byte offset into [`text`](Self::text).
    pub(crate) fn source_offset(&self, at: usize) -> usize {
        let i = self.map.partition_point(|&(o, _)| o <= at);
        let (o, s) = self.map[i.saturating_sub(1)];
        s + (at - o)
    }
}

/// Resolves the references in `s`, which starts at `base` in the source.
pub(crate) fn decode(s: &str, base: usize, html: bool) -> Decoded {
    let mut out = Decoded {
        text: String::with_capacity(s.len()),
        map: Vec::new(),
    };
    out.map.push((0, base));
    let mut rest = 0;
    while let Some(amp) = s[rest..].find('&').map(|i| rest + i) {
        out.text.push_str(&s[rest..amp]);
        let tail = &s[amp + 1..];
        let semi = tail.bytes().take(32).position(|b| b == b';');
        let c = semi.and_then(|semi| {
            let body = &tail[..semi];
            match body.strip_prefix('#') {
                Some(digits) => numeric(digits),
                None => named(body, html),
            }
            .map(|c| (c, semi))
        });
        match c {
            Some((c, semi)) => {
                out.text.push(c);
                rest = amp + 1 + semi + 1;
                out.map.push((out.text.len(), base + rest));
            }
            None => {
                out.text.push('&');
                rest = amp + 1;
            }
        }
    }
    out.text.push_str(&s[rest..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        let d = decode(
            "a&amp;b&#xE9;&#233;&eacute;&hellip;&#0;&#x110000;&",
            10,
            true,
        );
        assert_eq!(d.text, "a&bééé&hellip;\u{FFFD}\u{FFFD}&");
        assert_eq!(d.source_offset(0), 10);
        assert_eq!(d.source_offset(2), 10 + 6); // 'b' after "a&amp;"
        let x = decode("&eacute;&apos;", 0, false);
        assert_eq!(x.text, "&eacute;'");
    }

    #[test]
    fn latin1_table_ends_at_yuml() {
        assert_eq!(named("yuml", true), Some('\u{FF}'));
        assert_eq!(named("Eacute", true), Some('\u{C9}'));
        assert_eq!(named("szlig", true), Some('\u{DF}'));
    }
}
