//! Encoders from raw text to a component, and the decoders back (RFC 3986 §2.1, §2.4).
//!
//! Each encoder takes any text and writes a valid component that decodes back to it,
//! percent-encoding (UTF-8 octets as `%HH`, upper-case hex, RFC 3986 §2.1) only what the
//! component's rule does not allow as data:
//!
//! | encoder | rule | encoded besides what the rule forbids |
//! |---|---|---|
//! | [`path_segment`] | `isegment` (RFC 3987 §2.2, RFC 3986 §3.3) | `/`; a whole segment `.` or `..` becomes `%2E`, `%2E%2E`, so that it is data, not a dot-segment (§5.2.4) |
//! | [`query_part`] | a name or value of an `iquery` (§3.4) | `&`, `=`, `;`, `+`, the separators of pairs and the space of forms |
//! | [`form_part`] | `application/x-www-form-urlencoded` (WHATWG URL Standard §5.2) | all but ASCII letters, digits and `*-._`; space becomes `+` |
//! | [`fragment`] | `ifragment` (§3.5) | nothing else |
//! | [`userinfo`] | `iuserinfo` (§3.2.1) | nothing else (`:` stays: it separates user and password) |
//!
//! `%` is always encoded (raw text holds no percent-encodings). In [`Form::Iri`], non-ASCII
//! characters the component allows (`ucschar`; `iprivate` too in a query, RFC 3987 §2.2) stay
//! as they are and the others (bidi formatting characters, §4.1; controls; noncharacters) are
//! encoded; in [`Form::Uri`] every non-ASCII character is encoded, as the mapping of RFC 3987
//! §3.1 step 2.2 would. Each returns the input borrowed when nothing needs encoding.
//!
//! [`decode`] reverses them all, and [`decode_form`] the form encoding (`+` is a space only
//! there). Decoding never loses anything: octets that do not form UTF-8 keep their `%HH` as
//! written.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::chars::{self, is, PATH, QUERY, USERINFO};
use crate::pct::{hex_value, push_pct, push_pct_char};
use crate::Form;

/// What an encoder writes: the component's rule and the extra characters it encodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Segment,
    Query,
    Urlencoded,
    Fragment,
    Userinfo,
}

impl Part {
    /// Whether the ASCII byte `c` stays as it is.
    #[inline]
    fn keeps(self, c: u8) -> bool {
        match self {
            Part::Segment => c != b'/' && is(c, PATH),
            Part::Query => !matches!(c, b'&' | b'=' | b';' | b'+') && is(c, QUERY),
            Part::Urlencoded => c.is_ascii_alphanumeric() || matches!(c, b'*' | b'-' | b'.' | b'_'),
            Part::Fragment => is(c, QUERY),
            Part::Userinfo => is(c, USERINFO),
        }
    }

    fn in_query(self) -> bool {
        matches!(self, Part::Query | Part::Urlencoded)
    }
}

/// Whether `raw` is written as it is.
fn unchanged(raw: &str, part: Part, form: Form) -> bool {
    if part == Part::Segment && (raw == "." || raw == "..") {
        return false;
    }
    raw.chars().all(|c| {
        let cp = c as u32;
        if cp < 0x80 {
            part.keeps(cp as u8)
        } else {
            form == Form::Iri && chars::allowed_unencoded(cp, part.in_query())
        }
    })
}

/// Appends the encoding of `raw` as `part` to `out`.
pub(crate) fn push_encoded(out: &mut String, raw: &str, part: Part, form: Form) {
    if part == Part::Segment && (raw == "." || raw == "..") {
        for _ in 0..raw.len() {
            out.push_str("%2E");
        }
        return;
    }
    for c in raw.chars() {
        let cp = c as u32;
        if cp < 0x80 {
            let b = cp as u8;
            if part.keeps(b) {
                out.push(c);
            } else if part == Part::Urlencoded && b == b' ' {
                out.push('+');
            } else {
                push_pct(out, b);
            }
        } else if form == Form::Iri && chars::allowed_unencoded(cp, part.in_query()) {
            out.push(c);
        } else {
            push_pct_char(out, c);
        }
    }
}

/// The length of the encoding of `raw` as `part`.
pub(crate) fn encoded_len(raw: &str, part: Part, form: Form) -> usize {
    if part == Part::Segment && (raw == "." || raw == "..") {
        return 3 * raw.len();
    }
    raw.chars()
        .map(|c| {
            let cp = c as u32;
            if cp < 0x80 {
                let b = cp as u8;
                if part.keeps(b) || (part == Part::Urlencoded && b == b' ') {
                    1
                } else {
                    3
                }
            } else if form == Form::Iri && chars::allowed_unencoded(cp, part.in_query()) {
                c.len_utf8()
            } else {
                3 * c.len_utf8()
            }
        })
        .sum()
}

fn encode(raw: &str, part: Part, form: Form) -> Cow<'_, str> {
    if unchanged(raw, part, form) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(encoded_len(raw, part, form));
    push_encoded(&mut out, raw, part, form);
    Cow::Owned(out)
}

/// Raw text as one path segment (`isegment`): `/`, `%`, `?`, `#`, spaces, … are encoded, and a
/// segment that is exactly `.` or `..` becomes `%2E` or `%2E%2E`.
///
/// ```
/// use iri::{encode, Form};
/// assert_eq!(encode::path_segment("a/b c?ü", Form::Iri), "a%2Fb%20c%3Fü");
/// assert_eq!(encode::path_segment("a/b c?ü", Form::Uri), "a%2Fb%20c%3F%C3%BC");
/// assert_eq!(encode::path_segment("..", Form::Iri), "%2E%2E");
/// assert_eq!(encode::decode("a%2Fb%20c%3Fü"), "a/b c?ü");
/// ```
pub fn path_segment(raw: &str, form: Form) -> Cow<'_, str> {
    encode(raw, Part::Segment, form)
}

/// Raw text as a name or a value of a query's pairs: what `iquery` forbids, and `&`, `=`,
/// `;` and `+`, which separate pairs or read as a space in forms. `iprivate` stays in
/// [`Form::Iri`] (RFC 3987 §2.2 allows it in the query).
///
/// ```
/// use iri::{encode, Form};
/// assert_eq!(encode::query_part("a&b=c+d é/?", Form::Iri), "a%26b%3Dc%2Bd%20é/?");
/// assert_eq!(encode::decode("a%26b%3Dc%2Bd%20é/?"), "a&b=c+d é/?");
/// ```
pub fn query_part(raw: &str, form: Form) -> Cow<'_, str> {
    encode(raw, Part::Query, form)
}

/// Raw text as a name or value of `application/x-www-form-urlencoded` (WHATWG URL Standard
/// §5.2): ASCII letters, digits and `*-._` stay, a space becomes `+`, every other ASCII
/// character is encoded; non-ASCII text stays in [`Form::Iri`] where the query allows it.
///
/// ```
/// use iri::{encode, Form};
/// assert_eq!(encode::form_part("a b&c/é", Form::Uri), "a+b%26c%2F%C3%A9");
/// assert_eq!(encode::form_part("a b&c/é", Form::Iri), "a+b%26c%2Fé");
/// assert_eq!(encode::decode_form("a+b%26c%2Fé"), "a b&c/é");
/// ```
pub fn form_part(raw: &str, form: Form) -> Cow<'_, str> {
    encode(raw, Part::Urlencoded, form)
}

/// Raw text as a fragment (`ifragment`): `#`, `%`, spaces, … are encoded; `/` and `?` stay.
///
/// ```
/// use iri::{encode, Form};
/// assert_eq!(encode::fragment("§2 #a/b?", Form::Iri), "§2%20%23a/b?");
/// assert_eq!(encode::fragment("\u{202E}x", Form::Iri), "%E2%80%AEx");
/// ```
pub fn fragment(raw: &str, form: Form) -> Cow<'_, str> {
    encode(raw, Part::Fragment, form)
}

/// Raw text as a userinfo (`iuserinfo`): `@`, `/`, `%`, … are encoded; `:` stays.
///
/// ```
/// use iri::{encode, Form};
/// assert_eq!(encode::userinfo("jo@home:pä ss", Form::Uri), "jo%40home:p%C3%A4%20ss");
/// ```
pub fn userinfo(raw: &str, form: Form) -> Cow<'_, str> {
    encode(raw, Part::Userinfo, form)
}

/// Decodes the `%HH` of a component back to text; octets that do not form UTF-8 keep their
/// `%HH` as written, and a `%` that starts no `%HH` stays.
///
/// ```
/// use iri::encode;
/// assert_eq!(encode::decode("r%C3%A9sum%c3%a9"), "résumé");
/// assert_eq!(encode::decode("a+b%FF%41"), "a+b%FFA");
/// ```
pub fn decode(text: &str) -> Cow<'_, str> {
    decode_with(text, false)
}

/// [`decode`], reading `+` as a space first (`application/x-www-form-urlencoded`).
///
/// ```
/// assert_eq!(iri::encode::decode_form("a+b%2B"), "a b+");
/// ```
pub fn decode_form(text: &str) -> Cow<'_, str> {
    decode_with(text, true)
}

/// Decodes `%HH` (and `+` when `plus`), keeping undecodable octets as written.
pub(crate) fn decode_with(text: &str, plus: bool) -> Cow<'_, str> {
    let b = text.as_bytes();
    if !b.iter().any(|&c| c == b'%' || (plus && c == b'+')) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut octets: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // A run of `%HH`: decoded together, since a character's octets follow each other.
        let run_start = i;
        octets.clear();
        while i + 2 < b.len() && b[i] == b'%' {
            match (hex_value(b[i + 1]), hex_value(b[i + 2])) {
                (Some(h), Some(l)) => {
                    octets.push(h << 4 | l);
                    i += 3;
                }
                _ => break,
            }
        }
        if !octets.is_empty() {
            let mut k = 0;
            for chunk in octets.utf8_chunks() {
                out.push_str(chunk.valid());
                k += chunk.valid().len();
                let bad = chunk.invalid().len();
                let from = run_start + 3 * k;
                out.push_str(&text[from..from + 3 * bad]);
                k += bad;
            }
            continue;
        }
        // Up to the next `%` (or `+`), as written.
        let next = b[i + 1..]
            .iter()
            .position(|&c| c == b'%' || (plus && c == b'+'))
            .map_or(b.len(), |p| i + 1 + p);
        if plus && b[i] == b'+' {
            out.push(' ');
            out.push_str(&text[i + 1..next]);
        } else {
            out.push_str(&text[i..next]);
        }
        i = next;
    }
    Cow::Owned(out)
}
