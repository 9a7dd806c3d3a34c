//! Character limits: RFC 3987 §6.1 (look-alikes of delimiters and spaces, invisible and
//! unassigned characters), §7.5 (NFKC, mixed scripts, confusables), §5.3.2.2 (NFC) and the
//! `iprivate` rule of §2.2.
//!
//! **What is checked.** Every component's characters as RFC 3987 §3.2 would leave them: the
//! literal characters, and also the percent-encoded UTF-8 of characters that `to_iri` would
//! decode (a `%E2%80%8B` is as invisible once converted as a literal U+200B). A decoded
//! character's span covers its `%HH` triplets. Triplets that §3.2 keeps encoded (reserved
//! ASCII, illegal UTF-8, bidi formatting characters, characters outside `ucschar`, private use
//! outside the query) are left to the security checks and act as boundaries here, as
//! delimiters do.
//!
//! **NFC and NFKC** are checked on the text between ASCII delimiters (anything but
//! `unreserved`) and kept triplets, as [`crate::Normalizer`] normalizes it, so a delimiter never
//! composes with a following mark. `not-nfc` points at the smallest run that NFC changes, with
//! the NFC form as the suggestion. `not-nfkc` points at runs of compatibility characters
//! outside that run only, so one problem never gets both codes; characters reported as
//! look-alikes or invisible are not reported again as compatibility characters (the
//! look-alike message is the more specific one). Suggestions keep the structure: an ASCII
//! character made by the mapping that is not `unreserved` (`;` from U+037E, `,` from U+FF0C)
//! is percent-encoded, as the normalizer does, and a suggestion for percent-encoded text is
//! percent-encoded.
//!
//! **Mixed scripts** use the UTS #39 single-script test on each subcomponent: the userinfo,
//! each path segment, each part of the query between `&` and `=`, and the fragment (host
//! labels are the security check's `mixed-script-host-label`). Common and Inherited
//! characters (digits, punctuation, marks) count for every script; unassigned and private-use
//! characters, which have no script, are left out (they have their own codes).
//!
//! **Confusables**: a host label or path segment with non-ASCII characters whose UTS #39
//! skeleton is ASCII letters and digits (with `-`, `.`, `_`, `~`) can pass for an ASCII name;
//! the message shows the text with each non-ASCII character replaced by its skeleton
//! (`раураl` → `paypal`). The rule follows UTS #39 to the letter, so a single-script word can
//! trigger it too (Turkish `kırmızı` passes for `kirmizi`). Text that is ASCII once invisible
//! characters are dropped and NFKC is applied (`ｐａｙ`, `pay\u{200B}pal`) is left to
//! `not-nfkc` and `invisible-character`. With the `idna` feature, `xn--` labels are checked in
//! their Unicode form (the span is the `xn--` label).
//!
//! **Joiners.** U+200C ZWNJ and U+200D ZWJ are reported unless a language needs them there: after
//! a virama (canonical combining class 9, RFC 5892 Appendix A.1 and A.2), or, for ZWNJ, between
//! two letters of a joining script (Arabic, Syriac, N'Ko, Mongolian, …; a simplification of A.1's
//! joining-type rule, which would need the `Joining_Type` data). Emoji ZWJ sequences are
//! reported.
//!
//! **Character lists.** White space comes from `char::is_whitespace` (the Unicode
//! `White_Space` property; U+0085 reaches the check only in strings that fail to parse).
//! Invisible characters are those of UTS #39 identifier type `Default_Ignorable`
//! plus an explicit list of well-known ones (U+200B, U+00AD,
//! U+2060–U+2064, U+FEFF, U+180E, variation selectors, U+034F, the Hangul fillers, tag
//! characters, U+200C/U+200D), whatever type UTS #39 gives them. The bidi formatting
//! characters of §4.1 (`is_bidi_formatting`) are the bidi check's; U+061C ARABIC LETTER MARK,
//! default-ignorable but not one of them, is reported here. Unassigned code points have the
//! script Unknown (Zzzz) in the Unicode data and are neither private use nor noncharacters.
//! The look-alike delimiters are a short list of punctuation whose glyphs copy
//! `/ . ? # @ : ; \ & = %`: the full-width and small forms of those delimiters, and the
//! characters that UTS #39 `confusables.txt` maps to them (U+2044, U+2215, U+2236, U+0589, …),
//! each named in the message.
//!
//! **Private use** is `iprivate`: a warning in the query, where RFC 3987 §2.2 allows it; outside
//! the query it is a parse error, and reported here too (with a message saying so) for strings
//! that fail to parse. Every finding has the code's severity: a [`super::Policy`] changes
//! severities per code, not per finding.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use icu_properties::props::Script;

use super::uts39::{script, AugmentedScripts};

use super::{excerpt, Code, Ctx, Diagnostic, Excerpt, Sink};
use crate::chars::{self, is, UNRESERVED};
use crate::error::Component;
use crate::pct;
pub(super) use crate::pct::pct_at;

/// A character of a component as RFC 3987 §3.2 would leave it.
#[derive(Debug, Clone)]
pub(super) struct Ch {
    /// The character; `'%'` for a `%HH` triplet that stays encoded.
    pub(super) c: char,
    /// Its bytes in the input: the character, or its `%HH` triplets.
    pub(super) span: Range<usize>,
    /// Whether it was percent-encoded (and is decoded here).
    pub(super) encoded: bool,
}

/// The characters of `text[range]` with the percent-encodings that `to_iri` decodes (RFC 3987
/// §3.2: unreserved ASCII, and strictly legal UTF-8 of characters appropriate there) decoded,
/// one at a time: the checks keep no table of a component's characters, so that their memory
/// does not grow with the input.
pub(super) fn decode(text: &str, range: Range<usize>, in_query: bool) -> Decode<'_> {
    Decode {
        text,
        i: range.start,
        stop: range.end,
        end: range.end,
        in_query,
    }
}

/// The characters of [`decode`]`(text, range)` that start in `piece` (a part of `range` that
/// starts at a character's start, as the pieces between separators do).
pub(super) fn decode_piece(
    text: &str,
    piece: Range<usize>,
    range: Range<usize>,
    in_query: bool,
) -> Decode<'_> {
    Decode {
        text,
        i: piece.start,
        stop: piece.end,
        end: range.end,
        in_query,
    }
}

/// The iterator of [`decode`].
#[derive(Clone)]
pub(super) struct Decode<'a> {
    text: &'a str,
    i: usize,
    /// Where to stop.
    stop: usize,
    /// The end of the component (for the triplets).
    end: usize,
    in_query: bool,
}

impl Iterator for Decode<'_> {
    type Item = Ch;

    fn next(&mut self) -> Option<Ch> {
        let (b, i, end) = (self.text.as_bytes(), self.i, self.end);
        if i >= self.stop {
            return None;
        }
        let Some(o) = pct_at(b, i, end) else {
            let c = self.text[i..].chars().next().unwrap_or('\0');
            let n = c.len_utf8();
            self.i += n;
            return Some(Ch {
                c,
                span: i..i + n,
                encoded: false,
            });
        };
        if o < 0x80 {
            let c = if is(o, UNRESERVED) { o as char } else { '%' };
            self.i += 3;
            return Some(Ch {
                c,
                span: i..i + 3,
                encoded: c != '%',
            });
        }
        match crate::convert::decodable_char(b, i, end, self.in_query) {
            Some((c, len)) => {
                self.i += 3 * len;
                Some(Ch {
                    c,
                    span: i..i + 3 * len,
                    encoded: true,
                })
            }
            None => {
                self.i += 3;
                Some(Ch {
                    c: '%',
                    span: i..i + 3,
                    encoded: false,
                })
            }
        }
    }
}

/// The byte ranges of the non-empty pieces of `range` between the characters (as [`decode`]
/// gives them) for which `sep` holds.
pub(super) fn pieces<'a>(
    text: &'a str,
    range: Range<usize>,
    in_query: bool,
    sep: impl Fn(&Ch) -> bool + 'a,
) -> impl Iterator<Item = Range<usize>> + 'a {
    let mut chars = decode(text, range, in_query);
    core::iter::from_fn(move || {
        let mut piece: Option<Range<usize>> = None;
        for ch in chars.by_ref() {
            if sep(&ch) {
                if piece.is_some() {
                    return piece;
                }
                continue;
            }
            match &mut piece {
                Some(p) => p.end = ch.span.end,
                None => piece = Some(ch.span),
            }
        }
        piece
    })
}

/// Whether the character ends a run of text for normalization: an ASCII delimiter, or a
/// triplet that stays encoded.
fn is_boundary(c: char) -> bool {
    c.is_ascii() && !is(c as u8, UNRESERVED)
}

/// Whether the character has no script: unassigned, private use, noncharacter (Zzzz).
pub(super) fn no_script(c: char) -> bool {
    script(c) == Script::Unknown
}

/// `"Latin and Cyrillic"`: the scripts of the text other than Common, Inherited and Unknown,
/// in order of appearance; `None` when fewer than two.
pub(super) fn script_names(text: impl Iterator<Item = char>) -> Option<String> {
    let mut seen: Vec<Script> = Vec::new();
    for c in text {
        let s = script(c);
        if !matches!(s, Script::Common | Script::Inherited | Script::Unknown) && !seen.contains(&s)
        {
            seen.push(s);
        }
    }
    if seen.len() < 2 {
        return None;
    }
    let mut out = String::new();
    for (k, s) in seen.iter().enumerate() {
        if k > 0 {
            out.push_str(if k + 1 == seen.len() { " and " } else { ", " });
        }
        out.push_str(super::uts39::script_name(*s));
    }
    Some(out)
}

/// Whether text (its characters with a script) fails the UTS #39 single-script test.
pub(super) fn is_mixed(text: impl Iterator<Item = char>) -> bool {
    let mut set = AugmentedScripts::ALL;
    let mut ascii = true;
    for c in text.filter(|&c| !no_script(c)) {
        ascii &= c.is_ascii();
        set.intersect_with(c);
    }
    !ascii && set.is_empty()
}

/// A host label: its span; [`decode`] gives its characters.
pub(super) struct Label {
    pub(super) span: Range<usize>,
}

/// The labels of a registered-name host (none for IP literals and IPv4 addresses), split at
/// `.` and at the three ideographic and full-width full stops that UTS #46 maps to `.`.
pub(super) fn host_labels<'a>(ctx: &Ctx<'a>) -> impl Iterator<Item = Label> + 'a {
    let part = ctx.part(Component::Host).filter(|part| {
        let host = ctx.slice(part);
        !host.starts_with('[') && crate::parser::parse_ipv4(host.as_bytes()).is_none()
    });
    let span = part.map_or(0..0, |p| p.span.clone());
    pieces(ctx.text, span, false, |ch| {
        matches!(ch.c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
    })
    .map(|span| Label { span })
}

/// The text of a label, decoded.
pub(super) fn label_text<'a>(
    text: &'a str,
    label: &Label,
) -> impl Iterator<Item = char> + Clone + 'a {
    decode(text, label.span.clone(), false).map(|ch| ch.c)
}

/// The Unicode form of an `xn--` label (feature `idna`), when it is not ASCII.
pub(super) fn ace_label(label: &str) -> Option<String> {
    #[cfg(feature = "idna")]
    {
        let b = label.as_bytes();
        if b.len() > 4 && b[..4].eq_ignore_ascii_case(b"xn--") && label.is_ascii() {
            let u = crate::idn::to_unicode(label).ok()?;
            return (!u.is_ascii()).then(|| String::from(u.as_ref()));
        }
        None
    }
    #[cfg(not(feature = "idna"))]
    {
        let _ = label;
        None
    }
}

/// Look-alikes of delimiters: the character, its name and the delimiter it copies. Chosen
/// from the full-width and small forms of the delimiters and from the entries of UTS #39
/// `confusables.txt` for `/ . ? # @ : \ & = % ;`; the names are the Unicode names.
const LOOKALIKE_DELIMITERS: &[(char, &str, &str)] = &[
    ('\u{037E}', "GREEK QUESTION MARK", ";"),
    ('\u{0589}', "ARMENIAN FULL STOP", ":"),
    ('\u{05C3}', "HEBREW PUNCTUATION SOF PASUQ", ":"),
    ('\u{2024}', "ONE DOT LEADER", "."),
    ('\u{2025}', "TWO DOT LEADER", ".."),
    ('\u{2044}', "FRACTION SLASH", "/"),
    ('\u{2215}', "DIVISION SLASH", "/"),
    ('\u{2216}', "SET MINUS", "\\"),
    ('\u{2236}', "RATIO", ":"),
    ('\u{29F5}', "REVERSE SOLIDUS OPERATOR", "\\"),
    ('\u{29F8}', "BIG SOLIDUS", "/"),
    ('\u{3002}', "IDEOGRAPHIC FULL STOP", "."),
    ('\u{A789}', "MODIFIER LETTER COLON", ":"),
    ('\u{FE52}', "SMALL FULL STOP", "."),
    ('\u{FE55}', "SMALL COLON", ":"),
    ('\u{FE56}', "SMALL QUESTION MARK", "?"),
    ('\u{FE5F}', "SMALL NUMBER SIGN", "#"),
    ('\u{FE60}', "SMALL AMPERSAND", "&"),
    ('\u{FE66}', "SMALL EQUALS SIGN", "="),
    ('\u{FE68}', "SMALL REVERSE SOLIDUS", "\\"),
    ('\u{FE6A}', "SMALL PERCENT SIGN", "%"),
    ('\u{FE6B}', "SMALL COMMERCIAL AT", "@"),
    ('\u{FF03}', "FULLWIDTH NUMBER SIGN", "#"),
    ('\u{FF05}', "FULLWIDTH PERCENT SIGN", "%"),
    ('\u{FF06}', "FULLWIDTH AMPERSAND", "&"),
    ('\u{FF0E}', "FULLWIDTH FULL STOP", "."),
    ('\u{FF0F}', "FULLWIDTH SOLIDUS", "/"),
    ('\u{FF1A}', "FULLWIDTH COLON", ":"),
    ('\u{FF1D}', "FULLWIDTH EQUALS SIGN", "="),
    ('\u{FF1F}', "FULLWIDTH QUESTION MARK", "?"),
    ('\u{FF20}', "FULLWIDTH COMMERCIAL AT", "@"),
    ('\u{FF3C}', "FULLWIDTH REVERSE SOLIDUS", "\\"),
    ('\u{FF61}', "HALFWIDTH IDEOGRAPHIC FULL STOP", "."),
];

/// Names of the other characters these checks point at (Unicode names), for messages.
const NAMES: &[(char, &str)] = &[
    ('\u{0085}', "NEXT LINE"),
    ('\u{00A0}', "NO-BREAK SPACE"),
    ('\u{00AD}', "SOFT HYPHEN"),
    ('\u{034F}', "COMBINING GRAPHEME JOINER"),
    ('\u{061C}', "ARABIC LETTER MARK"),
    ('\u{115F}', "HANGUL CHOSEONG FILLER"),
    ('\u{1160}', "HANGUL JUNGSEONG FILLER"),
    ('\u{1680}', "OGHAM SPACE MARK"),
    ('\u{180E}', "MONGOLIAN VOWEL SEPARATOR"),
    ('\u{2000}', "EN QUAD"),
    ('\u{2001}', "EM QUAD"),
    ('\u{2002}', "EN SPACE"),
    ('\u{2003}', "EM SPACE"),
    ('\u{2004}', "THREE-PER-EM SPACE"),
    ('\u{2005}', "FOUR-PER-EM SPACE"),
    ('\u{2006}', "SIX-PER-EM SPACE"),
    ('\u{2007}', "FIGURE SPACE"),
    ('\u{2008}', "PUNCTUATION SPACE"),
    ('\u{2009}', "THIN SPACE"),
    ('\u{200A}', "HAIR SPACE"),
    ('\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200C}', "ZERO WIDTH NON-JOINER"),
    ('\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{2028}', "LINE SEPARATOR"),
    ('\u{2029}', "PARAGRAPH SEPARATOR"),
    ('\u{202F}', "NARROW NO-BREAK SPACE"),
    ('\u{205F}', "MEDIUM MATHEMATICAL SPACE"),
    ('\u{2060}', "WORD JOINER"),
    ('\u{2061}', "FUNCTION APPLICATION"),
    ('\u{2062}', "INVISIBLE TIMES"),
    ('\u{2063}', "INVISIBLE SEPARATOR"),
    ('\u{2064}', "INVISIBLE PLUS"),
    ('\u{3000}', "IDEOGRAPHIC SPACE"),
    ('\u{3164}', "HANGUL FILLER"),
    ('\u{FEFF}', "ZERO WIDTH NO-BREAK SPACE"),
    ('\u{FFA0}', "HALFWIDTH HANGUL FILLER"),
    ('\u{E0001}', "LANGUAGE TAG"),
];

/// `U+2215 DIVISION SLASH`, `U+0378`, or `U+00E9 'é'`.
pub(super) fn describe(c: char) -> String {
    let name = LOOKALIKE_DELIMITERS
        .iter()
        .find(|(d, _, _)| *d == c)
        .map(|(_, n, _)| *n)
        .or_else(|| NAMES.iter().find(|(d, _)| *d == c).map(|(_, n)| *n))
        .or_else(|| crate::error::char_name(c));
    match name {
        Some(n) => format!("U+{:04X} {n}", c as u32),
        None if !c.is_control() && !c.is_whitespace() && !is_invisible(c) && !no_script(c) => {
            format!("U+{:04X} '{c}'", c as u32)
        }
        None => format!("U+{:04X}", c as u32),
    }
}

/// The delimiter a character looks like.
fn lookalike_delimiter(c: char) -> Option<&'static str> {
    LOOKALIKE_DELIMITERS
        .iter()
        .find(|(d, _, _)| *d == c)
        .map(|(_, _, l)| *l)
}

/// A non-ASCII `White_Space` character: a space look-alike or a line separator.
fn is_lookalike_space(c: char) -> bool {
    !c.is_ascii() && c.is_whitespace()
}

/// Default-ignorable or invisible (the bidi formatting characters are the bidi check's).
fn is_invisible(c: char) -> bool {
    let listed = matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}'
    );
    (listed || super::uts39::is_default_ignorable_type(c)) && !chars::is_bidi_formatting(c as u32)
}

/// A private-use character (`iprivate`, and the noncharacter-free private-use planes).
fn is_private_use(c: char) -> bool {
    chars::is_iprivate(c as u32)
}

/// A code point with no script that is not private use or a noncharacter: unassigned.
fn is_unassigned(c: char) -> bool {
    no_script(c) && !is_private_use(c) && !chars::is_noncharacter(c as u32)
}

/// Scripts that join letters and use ZWNJ to prevent it (RFC 5892 Appendix A.1's joining
/// types are defined for these).
fn is_joining_script(c: Option<char>) -> bool {
    c.is_some_and(|c| {
        matches!(
            script(c),
            Script::Arabic
                | Script::Syriac
                | Script::Nko
                | Script::Mongolian
                | Script::PhagsPa
                | Script::Manichaean
                | Script::PsalterPahlavi
                | Script::Adlam
                | Script::HanifiRohingya
                | Script::Sogdian
                | Script::OldUyghur
                | Script::Mandaic
        )
    })
}

/// Whether a ZWJ/ZWNJ is where a language needs it: after a virama (RFC 5892 A.1, A.2), or a
/// ZWNJ between two letters of a joining script (a simplification of A.1's joining types).
fn joiner_needed(c: char, prev: Option<char>, next: Option<char>) -> bool {
    let after_virama = prev.is_some_and(|p| crate::nf::combining_class(p) == 9);
    after_virama || (c == '\u{200C}' && is_joining_script(prev) && is_joining_script(next))
}

/// The per-character code of a character, if it has one.
fn char_code(c: char, prev: Option<char>, next: Option<char>) -> Option<Code> {
    // No ASCII character has one (all have a script, none is invisible or a look-alike).
    if c.is_ascii() || chars::is_bidi_formatting(c as u32) {
        None
    } else if is_lookalike_space(c) {
        Some(Code::LookalikeSpace)
    } else if lookalike_delimiter(c).is_some() {
        Some(Code::LookalikeDelimiter)
    } else if is_invisible(c) {
        let joiner = matches!(c, '\u{200C}' | '\u{200D}');
        (!(joiner && joiner_needed(c, prev, next))).then_some(Code::InvisibleCharacter)
    } else if is_private_use(c) {
        Some(Code::PrivateUse)
    } else if is_unassigned(c) {
        Some(Code::UnassignedCodePoint)
    } else {
        None
    }
}

/// Text to put in place of a span: characters the component holds unencoded stay; others,
/// and every non-ASCII character when `encode` is set, are percent-encoded as UTF-8.
fn suggestion(s: impl Iterator<Item = char>, component: Component, encode: bool) -> String {
    let (host, in_query) = (component == Component::Host, component == Component::Query);
    let mut out = String::new();
    for c in s {
        if (c.is_ascii() || !encode) && chars::kept_between_delimiters(c, host, in_query) {
            out.push(c);
        } else {
            pct::push_pct_char(&mut out, c);
        }
    }
    out
}

/// `'é' (U+0065 U+0301)`: text with its code points, for messages about normalization.
fn quoted(text: impl Iterator<Item = char> + Clone) -> String {
    let mut out = format!("'{}' (", Excerpt::of(text.clone()));
    for (k, c) in text.enumerate() {
        if k == 8 {
            out.push_str(" …");
            break;
        }
        if k > 0 {
            out.push(' ');
        }
        out.push_str(&format!("U+{:04X}", c as u32));
    }
    out.push(')');
    out
}

pub(crate) fn check(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    for part in &ctx.parts {
        let (comp, range) = (part.component, part.span.clone());
        let in_query = comp == Component::Query;
        if decode(ctx.text, range.clone(), in_query).all(|ch| ch.c.is_ascii()) {
            continue;
        }
        for piece in pieces(ctx.text, range.clone(), in_query, |ch| is_boundary(ch.c)) {
            normalization(ctx.text, comp, piece, range.clone(), out);
        }
        per_char(comp, decode(ctx.text, range.clone(), in_query), out);
        mixed_scripts(ctx.text, comp, range.clone(), out);
        if comp == Component::Path {
            for seg in pieces(ctx.text, range.clone(), false, |ch| {
                ch.c == '/' && !ch.encoded
            }) {
                let chars =
                    || decode_piece(ctx.text, seg.clone(), range.clone(), false).map(|ch| ch.c);
                confusable(ctx, Component::Path, seg.clone(), chars, out);
            }
        }
    }
    for label in host_labels(ctx) {
        let text = || label_text(ctx.text, &label);
        match ace_of(ctx, &label) {
            Some(u) => confusable(ctx, Component::Host, label.span, || u.chars(), out),
            None => confusable(ctx, Component::Host, label.span.clone(), text, out),
        }
    }
}

/// The Unicode form of a label that is an `xn--` label once decoded (see [`ace_label`]).
pub(super) fn ace_of(ctx: &Ctx<'_>, label: &Label) -> Option<String> {
    let head: String = label_text(ctx.text, label).take(4).collect();
    if !head.eq_ignore_ascii_case("xn--") {
        return None;
    }
    ace_label(&label_text(ctx.text, label).collect::<String>())
}

/// `not-nfc` and `not-nfkc` on one run of text between delimiters (`piece`, in the component
/// `range`).
fn normalization(
    text: &str,
    component: Component,
    piece: Range<usize>,
    range: Range<usize>,
    out: &mut Sink<'_>,
) {
    let in_query = component == Component::Query;
    let chars = || decode_piece(text, piece.clone(), range.clone(), in_query);
    if chars().all(|ch| ch.c.is_ascii()) {
        return;
    }
    let mut changed = 0..0;
    let orig: Vec<char> = chars().map(|ch| ch.c).collect();
    let nfc: Vec<char> = crate::nf::nfc(&orig.iter().collect::<String>()).collect();
    if nfc != orig {
        let max = orig.len().min(nfc.len());
        let p = orig.iter().zip(&nfc).take_while(|(a, b)| a == b).count();
        let s = orig
            .iter()
            .rev()
            .zip(nfc.iter().rev())
            .take(max - p)
            .take_while(|(a, b)| a == b)
            .count();
        let (mut a, b) = (p, orig.len() - s);
        if a == b {
            a = a.saturating_sub(1);
        }
        changed = a..b;
        let run = || chars().skip(a).take(b - a);
        let span = span_of(run());
        let encoded = run().any(|ch| ch.encoded);
        let replacement = &nfc[a..nfc.len() - (orig.len() - b)];
        out.push(
            Diagnostic::new(
                Code::NotNfc,
                Some(component),
                span,
                format!(
                    "{} in the {component} is not in Unicode Normalization Form C; its NFC \
                         form is {} (RFC 3987 §5.3.2.2: IRIs should be created in NFC)",
                    quoted(run().map(|ch| ch.c)),
                    quoted(replacement.iter().copied()),
                ),
            )
            .with_suggestion(suggestion(
                replacement.iter().copied(),
                component,
                encoded,
            )),
        );
    }
    // Runs of compatibility characters outside what NFC changes.
    let compat = |k: usize, c: char| {
        !changed.contains(&k)
            && !c.is_ascii()
            && !is_lookalike_space(c)
            && lookalike_delimiter(c).is_none()
            && !is_invisible(c)
            && !crate::nf::is_nfkc_char(c)
    };
    // The run being read: its span, its text, its length and whether it was encoded.
    let mut run: Option<(Range<usize>, String, usize, bool)> = None;
    let mut flush = |run: &mut Option<(Range<usize>, String, usize, bool)>| {
        let Some((span, text, n, encoded)) = run.take() else {
            return;
        };
        let nfkc: String = crate::nf::nfkc(&text).collect();
        out.push(
            Diagnostic::new(
                Code::NotNfkc,
                Some(component),
                span,
                format!(
                    "{} in the {component} {} compatibility {}; NFKC makes it {} \
                     (RFC 3987 §7.5: new names should be in NFKC)",
                    quoted(text.chars()),
                    if n == 1 { "is a" } else { "are" },
                    if n == 1 { "character" } else { "characters" },
                    quoted(nfkc.chars()),
                ),
            )
            .with_suggestion(suggestion(nfkc.chars(), component, encoded)),
        );
    };
    for (k, ch) in chars().enumerate() {
        if !compat(k, ch.c) {
            flush(&mut run);
            continue;
        }
        match &mut run {
            Some((span, text, n, encoded)) => {
                span.end = ch.span.end;
                text.push(ch.c);
                *n += 1;
                *encoded |= ch.encoded;
            }
            None => run = Some((ch.span, String::from(ch.c), 1, ch.encoded)),
        }
    }
    flush(&mut run);
}

/// The bytes the characters cover.
pub(super) fn span_of(mut chars: impl Iterator<Item = Ch>) -> Range<usize> {
    match chars.next() {
        Some(a) => a.span.start..chars.last().map_or(a.span.end, |z| z.span.end),
        None => 0..0,
    }
}

/// A run of characters with the same code in [`per_char`]: its span, its length, its first
/// three characters and whether its first was percent-encoded.
struct CodeRun {
    code: Code,
    span: Range<usize>,
    n: usize,
    first: [char; 3],
    first_encoded: bool,
}

/// Look-alikes, invisible, private-use and unassigned characters.
fn per_char(component: Component, chars: Decode<'_>, out: &mut Sink<'_>) {
    let mut chars = chars.peekable();
    let mut prev: Option<char> = None;
    let mut run: Option<CodeRun> = None;
    while let Some(ch) = chars.next() {
        let next = chars.peek().map(|n| n.c);
        let code = char_code(ch.c, prev, next);
        prev = Some(ch.c);
        // Look-alikes one by one; the others in runs (a tag sequence is one finding).
        if let Some(r) = &mut run {
            let lookalike = matches!(r.code, Code::LookalikeDelimiter | Code::LookalikeSpace);
            if code == Some(r.code) && !lookalike {
                if r.n < 3 {
                    r.first[r.n] = ch.c;
                }
                r.n += 1;
                r.span.end = ch.span.end;
                continue;
            }
            per_char_finding(component, run.take(), out);
        }
        if let Some(code) = code {
            run = Some(CodeRun {
                code,
                span: ch.span,
                n: 1,
                first: [ch.c, '\0', '\0'],
                first_encoded: ch.encoded,
            });
        }
    }
    per_char_finding(component, run, out);
}

/// The diagnostic of one run of [`per_char`].
fn per_char_finding(component: Component, run: Option<CodeRun>, out: &mut Sink<'_>) {
    let Some(run) = run else {
        return;
    };
    let one = run.n == 1;
    let c = run.first[0];
    let what = if one {
        let enc = if run.first_encoded {
            " (percent-encoded)"
        } else {
            ""
        };
        format!("{}{enc}", describe(c))
    } else {
        let mut names = String::new();
        for (n, &c) in run.first.iter().take(run.n.min(3)).enumerate() {
            if n > 0 {
                names.push_str(", ");
            }
            names.push_str(&describe(c));
        }
        if run.n > 3 {
            names.push_str(", …");
        }
        format!("{} characters ({names})", run.n)
    };
    let code = run.code;
    let message = match code {
        Code::LookalikeDelimiter => format!(
            "{what} looks like '{}' but is not a delimiter: readers see a structure the \
             {component} does not have (RFC 3987 §6.1: avoid look-alikes of delimiters)",
            lookalike_delimiter(c).unwrap_or("?"),
        ),
        Code::LookalikeSpace => {
            let (like, kind) = if matches!(c, '\u{2028}' | '\u{2029}' | '\u{0085}') {
                ("breaks the line", "line breaks")
            } else {
                ("looks like a space", "spaces")
            };
            format!(
                "{what} {like}, but IRIs cannot hold {kind}: the {component} looks cut in \
                 two (RFC 3987 §6.1: avoid look-alikes of space)"
            )
        }
        Code::InvisibleCharacter => format!(
            "{what} in the {component} {} invisible: the IRI looks the same without {} \
             (RFC 3987 §6.1)",
            if one { "is" } else { "are" },
            if one { "it" } else { "them" },
        ),
        Code::PrivateUse if component == Component::Query => format!(
            "{what} in the query {} private use: {} meaning depends on a private agreement \
             (RFC 3987 §2.2 allows private use only in the query)",
            if one { "is" } else { "are" },
            if one { "its" } else { "their" },
        ),
        Code::PrivateUse => format!(
            "{what} in the {component} {} private use, which is allowed only in the query \
             (RFC 3987 §2.2)",
            if one { "is" } else { "are" },
        ),
        _ => {
            format!(
                "{what} in the {component} {} not assigned in Unicode {}: \
                 {} no meaning yet and may display as a box (RFC 3987 §6.1)",
                if one { "is" } else { "are" },
                super::uts39::UNICODE_VERSION,
                if one { "it has" } else { "they have" },
            )
        }
    };
    out.push(Diagnostic::new(code, Some(component), run.span, message));
}

/// `mixed-script` on the userinfo, path segments, query parts and the fragment.
fn mixed_scripts(text: &str, component: Component, range: Range<usize>, out: &mut Sink<'_>) {
    let in_query = component == Component::Query;
    let literal = |ch: &Ch, set: &[char]| !ch.encoded && set.contains(&ch.c);
    let subs: alloc::boxed::Box<dyn Iterator<Item = Range<usize>> + '_> = match component {
        Component::Userinfo | Component::Fragment => {
            alloc::boxed::Box::new(core::iter::once(range.clone()))
        }
        // A segment's name and its extensions (`東京.html`) are separate components, as in
        // the bidi rules (RFC 3987 §4.2 allows treating extensions so).
        Component::Path => alloc::boxed::Box::new(pieces(text, range.clone(), false, move |ch| {
            literal(ch, &['/', '.'])
        })),
        Component::Query => alloc::boxed::Box::new(pieces(text, range.clone(), true, move |ch| {
            literal(ch, &['&', '='])
        })),
        _ => return,
    };
    for sub in subs {
        let chars = || decode_piece(text, sub.clone(), range.clone(), in_query).map(|ch| ch.c);
        if !is_mixed(chars()) {
            continue;
        }
        let what = match component {
            Component::Path => "path segment",
            Component::Query => "query part",
            Component::Userinfo => "userinfo",
            _ => "fragment",
        };
        let scripts = script_names(chars()).unwrap_or_else(|| String::from("scripts"));
        out.push(Diagnostic::new(
            Code::MixedScript,
            Some(component),
            sub.clone(),
            format!(
                "the {what} '{}' mixes {scripts}, which is not single-script by UTS #39 \
                 (RFC 3987 §7.5: use the characters of one language in a component)",
                Excerpt::of(chars())
            ),
        ));
    }
}

/// `confusable`: non-ASCII text whose skeleton is an ASCII name. `chars` gives the text
/// (decoded, or the Unicode form of an `xn--` label) of the bytes `span`.
fn confusable<I: Iterator<Item = char>>(
    ctx: &Ctx<'_>,
    component: Component,
    span: Range<usize>,
    chars: impl Fn() -> I,
    out: &mut Sink<'_>,
) {
    // A bidi formatting character is reported as such (§4.1); what it displays as is not
    // what a skeleton without it reads as.
    let mut ascii = true;
    for c in chars() {
        if c == '%' || crate::chars::is_bidi_formatting(c as u32) {
            return;
        }
        ascii &= c.is_ascii();
    }
    if ascii {
        return;
    }
    // Full-width forms of ASCII and invisible characters in ASCII text are `not-nfkc`'s and
    // `invisible-character`'s problems.
    let visible: String = chars().filter(|&c| !is_invisible(c)).collect();
    if crate::nf::nfkc(&visible).all(|c| c.is_ascii()) {
        return;
    }
    // The skeleton is ASCII exactly when each non-ASCII character's is (ASCII characters map
    // to ASCII ones); ASCII characters are shown as written (`m`, not the skeleton's `rn`).
    let mut passes_for = String::new();
    for c in chars() {
        if c.is_ascii() {
            if !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')) {
                return;
            }
            passes_for.push(c);
        } else {
            let Some(skeleton) = super::uts39::ascii_skeleton(c) else {
                return;
            };
            passes_for.push_str(skeleton);
        }
    }
    if !passes_for.bytes().any(|b| b.is_ascii_alphanumeric()) {
        return;
    }
    let what = if component == Component::Host {
        "host label"
    } else {
        "path segment"
    };
    let written = &ctx.text[span.clone()];
    let shown = if chars().eq(written.chars()) {
        format!("'{}'", excerpt(written))
    } else {
        format!("'{}' ('{}')", excerpt(written), Excerpt::of(chars()))
    };
    out.push(Diagnostic::new(
        Code::Confusable,
        Some(component),
        span,
        format!(
            "the {what} {shown} can pass for the ASCII '{}' (UTS #39 skeleton): a \
             spoofing risk (RFC 3987 §7.5, §8)",
            Excerpt::of(passes_for.chars())
        ),
    ));
}
