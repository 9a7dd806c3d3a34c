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
//! (`unicode-security`) plus an explicit list of well-known ones (U+200B, U+00AD,
//! U+2060–U+2064, U+FEFF, U+180E, variation selectors, U+034F, the Hangul fillers, tag
//! characters, U+200C/U+200D), whatever type UTS #39 gives them. The bidi formatting
//! characters of §4.1 (`is_bidi_formatting`) are the bidi check's; U+061C ARABIC LETTER MARK,
//! default-ignorable but not one of them, is reported here. Unassigned code points have the
//! script Unknown (Zzzz) in `unicode-script` and are neither private use nor noncharacters.
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

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{GeneralSecurityProfile, MixedScript};

use super::{excerpt, Code, Ctx, Diagnostic, Sink};
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
/// §3.2: unreserved ASCII, and strictly legal UTF-8 of characters appropriate there) decoded.
pub(super) fn decode(text: &str, range: Range<usize>, in_query: bool) -> Vec<Ch> {
    let b = text.as_bytes();
    let end = range.end;
    let mut out = Vec::new();
    let mut i = range.start;
    while i < end {
        let Some(o) = pct_at(b, i, end) else {
            let c = text[i..].chars().next().unwrap_or('\0');
            let n = c.len_utf8();
            out.push(Ch {
                c,
                span: i..i + n,
                encoded: false,
            });
            i += n;
            continue;
        };
        if o < 0x80 {
            let c = if is(o, UNRESERVED) { o as char } else { '%' };
            out.push(Ch {
                c,
                span: i..i + 3,
                encoded: c != '%',
            });
            i += 3;
            continue;
        }
        let c = crate::convert::decodable_char(b, i, end, in_query);
        match c {
            Some((c, len)) => {
                out.push(Ch {
                    c,
                    span: i..i + 3 * len,
                    encoded: true,
                });
                i += 3 * len;
            }
            None => {
                out.push(Ch {
                    c: '%',
                    span: i..i + 3,
                    encoded: false,
                });
                i += 3;
            }
        }
    }
    out
}

/// Whether the character ends a run of text for normalization: an ASCII delimiter, or a
/// triplet that stays encoded.
fn is_boundary(c: char) -> bool {
    c.is_ascii() && !is(c as u8, UNRESERVED)
}

/// The text of some characters.
pub(super) fn text_of(chars: &[Ch]) -> String {
    chars.iter().map(|ch| ch.c).collect()
}

/// The bytes the characters cover.
pub(super) fn span_of(chars: &[Ch]) -> Range<usize> {
    match (chars.first(), chars.last()) {
        (Some(a), Some(z)) => a.span.start..z.span.end,
        _ => 0..0,
    }
}

/// Whether the character has no script: unassigned, private use, noncharacter (Zzzz).
pub(super) fn no_script(c: char) -> bool {
    c.script() == Script::Unknown
}

/// `"Latin and Cyrillic"`: the scripts of the text other than Common, Inherited and Unknown,
/// in order of appearance; `None` when fewer than two.
pub(super) fn script_names(text: &str) -> Option<String> {
    let mut seen: Vec<Script> = Vec::new();
    for c in text.chars() {
        let s = c.script();
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
        out.push_str(s.full_name());
    }
    Some(out)
}

/// Whether text (its characters with a script) fails the UTS #39 single-script test.
pub(super) fn is_mixed(text: &str) -> bool {
    let kept: String = text.chars().filter(|&c| !no_script(c)).collect();
    !kept.is_ascii() && !kept.as_str().is_single_script()
}

/// A host label: its span and its characters (decoded), split at `.` and at the three
/// ideographic and full-width full stops that UTS #46 maps to `.`.
pub(super) struct Label {
    pub(super) span: Range<usize>,
    pub(super) chars: Vec<Ch>,
}

/// The labels of a registered-name host (none for IP literals and IPv4 addresses).
pub(super) fn host_labels(ctx: &Ctx<'_>) -> Vec<Label> {
    let Some(part) = ctx.part(Component::Host) else {
        return Vec::new();
    };
    let host = ctx.slice(part);
    if host.starts_with('[') || crate::parser::parse_ipv4(host.as_bytes()).is_some() {
        return Vec::new();
    }
    decode(ctx.text, part.span.clone(), false)
        .split(|ch| matches!(ch.c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'))
        .filter(|l| !l.is_empty())
        .map(|l| Label {
            span: span_of(l),
            chars: l.to_vec(),
        })
        .collect()
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
    (listed || c.identifier_type() == Some(IdentifierType::Default_Ignorable))
        && !chars::is_bidi_formatting(c as u32)
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
            c.script(),
            Script::Arabic
                | Script::Syriac
                | Script::Nko
                | Script::Mongolian
                | Script::Phags_Pa
                | Script::Manichaean
                | Script::Psalter_Pahlavi
                | Script::Adlam
                | Script::Hanifi_Rohingya
                | Script::Sogdian
                | Script::Old_Uyghur
                | Script::Mandaic
        )
    })
}

/// Whether a ZWJ/ZWNJ is where a language needs it: after a virama (RFC 5892 A.1, A.2), or a
/// ZWNJ between two letters of a joining script (a simplification of A.1's joining types).
fn joiner_needed(c: char, prev: Option<char>, next: Option<char>) -> bool {
    let after_virama = prev.is_some_and(|p| canonical_combining_class(p) == 9);
    after_virama || (c == '\u{200C}' && is_joining_script(prev) && is_joining_script(next))
}

/// The per-character code of a character, if it has one.
fn char_code(c: char, prev: Option<char>, next: Option<char>) -> Option<Code> {
    if chars::is_bidi_formatting(c as u32) {
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
fn quoted(text: &str) -> String {
    let mut out = format!("'{}' (", excerpt(text));
    for (k, c) in text.chars().enumerate() {
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
        let chars = decode(
            ctx.text,
            part.span.clone(),
            part.component == Component::Query,
        );
        if chars.iter().all(|ch| ch.c.is_ascii()) {
            continue;
        }
        normalization(part.component, &chars, out);
        per_char(part.component, &chars, out);
        mixed_scripts(part.component, &chars, out);
        if part.component == Component::Path {
            for seg in chars.split(|ch| ch.c == '/' && !ch.encoded) {
                confusable(ctx, Component::Path, span_of(seg), &text_of(seg), out);
            }
        }
    }
    for label in host_labels(ctx) {
        let text = text_of(&label.chars);
        match ace_label(&text) {
            Some(u) => confusable(ctx, Component::Host, label.span, &u, out),
            None => confusable(ctx, Component::Host, label.span, &text, out),
        }
    }
}

/// `not-nfc` and `not-nfkc` on each run of text between delimiters.
fn normalization(component: Component, chars: &[Ch], out: &mut Sink<'_>) {
    for piece in chars.split(|ch| is_boundary(ch.c)) {
        if piece.iter().all(|ch| ch.c.is_ascii()) {
            continue;
        }
        let orig: Vec<char> = piece.iter().map(|ch| ch.c).collect();
        let nfc: Vec<char> = orig.iter().copied().nfc().collect();
        let mut changed = 0..0;
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
            let run = &piece[a..b];
            let span = span_of(run);
            let encoded = run.iter().any(|ch| ch.encoded);
            let replacement = &nfc[a..nfc.len() - (orig.len() - b)];
            let nfc_text: String = replacement.iter().collect();
            out.push(
                Diagnostic::new(
                    Code::NotNfc,
                    Some(component),
                    span.clone(),
                    format!(
                        "{} in the {component} is not in Unicode Normalization Form C; its NFC \
                         form is {} (RFC 3987 §5.3.2.2: IRIs should be created in NFC)",
                        quoted(&text_of(run)),
                        quoted(&nfc_text),
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
        let compat = |k: usize| {
            let c = piece[k].c;
            !changed.contains(&k)
                && !c.is_ascii()
                && !is_lookalike_space(c)
                && lookalike_delimiter(c).is_none()
                && !is_invisible(c)
                && !core::iter::once(c).nfkc().eq(core::iter::once(c))
        };
        let mut k = 0;
        while k < piece.len() {
            if !compat(k) {
                k += 1;
                continue;
            }
            let start = k;
            while k < piece.len() && compat(k) {
                k += 1;
            }
            let run = &piece[start..k];
            let text = text_of(run);
            let nfkc: String = text.nfkc().collect();
            let encoded = run.iter().any(|ch| ch.encoded);
            out.push(
                Diagnostic::new(
                    Code::NotNfkc,
                    Some(component),
                    span_of(run),
                    format!(
                        "{} in the {component} {} compatibility {}; NFKC makes it {} \
                         (RFC 3987 §7.5: new names should be in NFKC)",
                        quoted(&text),
                        if run.len() == 1 { "is a" } else { "are" },
                        if run.len() == 1 {
                            "character"
                        } else {
                            "characters"
                        },
                        quoted(&nfkc),
                    ),
                )
                .with_suggestion(suggestion(nfkc.chars(), component, encoded)),
            );
        }
    }
}

/// Look-alikes, invisible, private-use and unassigned characters.
fn per_char(component: Component, chars: &[Ch], out: &mut Sink<'_>) {
    let code_at = |k: usize| {
        let prev = k.checked_sub(1).map(|p| chars[p].c);
        let next = chars.get(k + 1).map(|n| n.c);
        char_code(chars[k].c, prev, next)
    };
    let mut k = 0;
    while k < chars.len() {
        let Some(code) = code_at(k) else {
            k += 1;
            continue;
        };
        // Look-alikes one by one; the others in runs (a tag sequence is one finding).
        let start = k;
        k += 1;
        if !matches!(code, Code::LookalikeDelimiter | Code::LookalikeSpace) {
            while k < chars.len() && code_at(k) == Some(code) {
                k += 1;
            }
        }
        let run = &chars[start..k];
        let what = if run.len() == 1 {
            let enc = if run[0].encoded {
                " (percent-encoded)"
            } else {
                ""
            };
            format!("{}{enc}", describe(run[0].c))
        } else {
            let mut names = String::new();
            for (n, ch) in run.iter().take(3).enumerate() {
                if n > 0 {
                    names.push_str(", ");
                }
                names.push_str(&describe(ch.c));
            }
            if run.len() > 3 {
                names.push_str(", …");
            }
            format!("{} characters ({names})", run.len())
        };
        let one = run.len() == 1;
        let c = run[0].c;
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
                let (ma, mi, pa) = unicode_script::UNICODE_VERSION;
                format!(
                    "{what} in the {component} {} not assigned in Unicode {ma}.{mi}.{pa}: \
                     {} no meaning yet and may display as a box (RFC 3987 §6.1)",
                    if one { "is" } else { "are" },
                    if one { "it has" } else { "they have" },
                )
            }
        };
        out.push(Diagnostic::new(
            code,
            Some(component),
            span_of(run),
            message,
        ));
    }
}

/// `mixed-script` on the userinfo, path segments, query parts and the fragment.
fn mixed_scripts(component: Component, chars: &[Ch], out: &mut Sink<'_>) {
    let literal = |ch: &Ch, set: &[char]| !ch.encoded && set.contains(&ch.c);
    let subs: Vec<&[Ch]> = match component {
        Component::Userinfo | Component::Fragment => alloc::vec![chars],
        // A segment's name and its extensions (`東京.html`) are separate components, as in
        // the bidi rules (RFC 3987 §4.2 allows treating extensions so).
        Component::Path => chars.split(|ch| literal(ch, &['/', '.'])).collect(),
        Component::Query => chars.split(|ch| literal(ch, &['&', '='])).collect(),
        _ => Vec::new(),
    };
    for sub in subs {
        let text = text_of(sub);
        if !is_mixed(&text) {
            continue;
        }
        let what = match component {
            Component::Path => "path segment",
            Component::Query => "query part",
            Component::Userinfo => "userinfo",
            _ => "fragment",
        };
        let scripts = script_names(&text).unwrap_or_else(|| String::from("scripts"));
        out.push(Diagnostic::new(
            Code::MixedScript,
            Some(component),
            span_of(sub),
            format!(
                "the {what} '{}' mixes {scripts}, which is not single-script by UTS #39 \
                 (RFC 3987 §7.5: use the characters of one language in a component)",
                excerpt(&text)
            ),
        ));
    }
}

/// `confusable`: non-ASCII text whose skeleton is an ASCII name.
fn confusable(
    ctx: &Ctx<'_>,
    component: Component,
    span: Range<usize>,
    text: &str,
    out: &mut Sink<'_>,
) {
    // A bidi formatting character is reported as such (§4.1); what it displays as is not
    // what a skeleton without it reads as.
    if text.is_ascii()
        || text.contains('%')
        || text
            .chars()
            .any(|c| crate::chars::is_bidi_formatting(c as u32))
    {
        return;
    }
    // Full-width forms of ASCII and invisible characters in ASCII text are `not-nfkc`'s and
    // `invisible-character`'s problems.
    let visible: String = text.chars().filter(|&c| !is_invisible(c)).collect();
    if visible.nfkc().all(|c| c.is_ascii()) {
        return;
    }
    // The skeleton is ASCII exactly when each non-ASCII character's is (ASCII characters map
    // to ASCII ones); ASCII characters are shown as written (`m`, not the skeleton's `rn`).
    let mut passes_for = String::new();
    for c in text.chars() {
        if c.is_ascii() {
            passes_for.push(c);
        } else {
            passes_for.extend(unicode_security::skeleton(c.encode_utf8(&mut [0; 4])));
        }
    }
    let ascii_name = passes_for.chars().any(|c| c.is_ascii_alphanumeric())
        && passes_for
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~'));
    if !ascii_name {
        return;
    }
    let what = if component == Component::Host {
        "host label"
    } else {
        "path segment"
    };
    let written = &ctx.text[span.clone()];
    let shown = if written == text {
        format!("'{}'", excerpt(text))
    } else {
        format!("'{}' ('{}')", excerpt(written), excerpt(text))
    };
    out.push(Diagnostic::new(
        Code::Confusable,
        Some(component),
        span,
        format!(
            "the {what} {shown} can pass for the ASCII '{}' (UTS #39 skeleton): a \
             spoofing risk (RFC 3987 §7.5, §8)",
            excerpt(&passes_for)
        ),
    ));
}
