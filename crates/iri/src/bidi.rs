//! Bidirectional IRIs: display forms and visual order (RFC 3987 §4).
//!
//! Implements:
//!
//! - RFC 3987 §4.1, safe display: [`display`] wraps an IRI that holds right-to-left characters
//!   in a left-to-right embedding (LRE … PDF) or isolate (LRI … PDI), so that it renders "as if
//!   preceded by LRE and followed by PDF" whatever the surrounding text.
//! - The July 2002 IRI draft's rendering (its §4.2, "Visual Rendering of Bidi IRIs"):
//!   [`display_2002`] puts an LRM before and after each component with right-to-left characters
//!   and an LRE … PDF around the whole in a right-to-left context.
//! - The visual order the Unicode Bidirectional Algorithm gives an IRI in a left-to-right
//!   paragraph ([`visual_order`]), which is what the figures of RFC 3987 §4.4 show, and in a
//!   paragraph of either direction ([`visual_order_in`]).
//! - RFC 3987's Bidi Notation (§1.4): upper-case letters stand for right-to-left letters;
//!   [`notation`] turns them into real Hebrew or Arabic letters and back.
//!
//! The §4.2 component rules (a component should not mix directions; one with right-to-left
//! characters should start and end with one) and §4.1's ban on bidi formatting characters are
//! diagnostics: see [`crate::lint`] (codes `bidi-mixed-direction`, `bidi-rtl-boundary`,
//! `bidi-formatting-character`).
//!
//! Right-to-left means bidi class R or AL, left-to-right means bidi class L; everything else
//! (digits, punctuation, marks) is neither.
//!
//! # The RFC 3987 §4.4 figures today
//!
//! The figures of §4.4 were drawn in 2005, with Unicode 4.0's data and algorithm. This module
//! uses `unicode-bidi` 0.3.18, which implements UAX #9 for Unicode 16. For Examples 1–8 and 10
//! (Hebrew and Arabic readings alike) today's visual order is the RFC's figure. Example 9
//! differs in both readings:
//!
//! | | logical | RFC 3987 figure | today |
//! |---|---|---|---|
//! | Hebrew | `…/GH%31/%32IJ/KL.html` | `…/%31HG/LK/JI%32.html` | `…/LK/JI%32/%31HG.html` |
//! | Arabic | `…/GH%31/%32IJ/KL.html` | `…/31%HG/%LK/JI32.html` | `…/LK/JI32%/31%HG.html` |
//!
//! The figures end the first right-to-left run after `%31` and set the `/` (and, in the Arabic
//! reading, the `%` after it) left to right, at the paragraph's level. Rule N1 of the algorithm
//! says that for the neutrals between them European and Arabic numbers count as R, so the `/`
//! between the numbers `%31` and `%32` (Hebrew: `%` joins the digits by rule W5), or between
//! `31` and `%32` (Arabic: the digits became AN by rule W2, and the `%` stays neutral), resolves
//! to R, and `GH%31/%32IJ/KL` is one right-to-left run, whose numbers keep their inner order.
//! Unicode 4.0.1 (March 2005, after the RFC) changed U+002F SOLIDUS from ES to CS and U+002B,
//! U+002D from ET to ES; in this example that does not matter (ES and CS act alike next to
//! European numbers, and neither joins Arabic numbers across an ET), so the difference is not
//! explained by a change of the algorithm that we can point to: the figures do not follow rule
//! N1 as written. The RFC's point stands either way: partly percent-encoded components break
//! apart in display and should not be used (§4.2: "the whole component has to be mapped").
//!
//! The solidus change does matter for Example 8 read with Arabic letters (the RFC draws one
//! figure): the digits after Arabic letters are Arabic numbers (rule W2), and a single CS between
//! two Arabic numbers joins them (rule W4), so `1/2` is one number and today's picture is the
//! RFC's `…/LK/JI1/2HG.html`; with Unicode 4.0.0's ES the `/` would have stayed neutral and the
//! picture been `…/LK/JI2/1HG.html`.
//!
//! The integration tests (`tests/bidi.rs`) pin today's results.
//!
//! Left out on purpose: rule L4 of the algorithm (mirrored glyphs such as brackets) is left
//! to the renderer: [`visual_order`] returns characters, not glyphs; line breaking (an IRI is
//! one line); and any claim that [`display`] makes a string safe that is not an IRI: bidi
//! formatting characters inside the text (which §4.1 forbids; the parser rejects them) can
//! defeat the embedding.

use alloc::borrow::Cow;
use alloc::string::String;

use icu_properties::{CodePointMapData, CodePointMapDataBorrowed};
use unicode_bidi::data_source::BidiDataSource;
use unicode_bidi::{BidiClass, BidiInfo, Level};

use crate::chars::is_bidi_formatting;

/// LEFT-TO-RIGHT MARK.
const LRM: char = '\u{200E}';
/// LEFT-TO-RIGHT EMBEDDING.
const LRE: char = '\u{202A}';
/// POP DIRECTIONAL FORMATTING.
const PDF: char = '\u{202C}';
/// LEFT-TO-RIGHT ISOLATE.
const LRI: char = '\u{2066}';
/// POP DIRECTIONAL ISOLATE.
const PDI: char = '\u{2069}';

/// The bidi classes (UAX #9): ICU4X's data, which the IDNA checks read too.
const BIDI_CLASSES: CodePointMapDataBorrowed<'static, icu_properties::props::BidiClass> =
    CodePointMapData::new();

/// The bidi class of a character (UAX #9, `Bidi_Class`).
#[inline]
pub(crate) fn bidi_class(c: char) -> BidiClass {
    BIDI_CLASSES.bidi_class(c)
}

/// Whether a character is right-to-left: bidi class R (Hebrew, …) or AL (Arabic, …).
#[inline]
pub(crate) fn is_rtl(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

/// Whether a character is left-to-right: bidi class L (Latin, Han, …).
#[inline]
pub(crate) fn is_ltr(c: char) -> bool {
    bidi_class(c) == BidiClass::L
}

/// Whether the text holds a right-to-left character (bidi class R or AL): whether it is a
/// "bidirectional IRI" in the sense of RFC 3987 §4.
///
/// ```
/// assert!(iri::bidi::is_bidi("http://example.org/\u{5E9}\u{5DC}\u{5D5}\u{5DD}"));
/// assert!(iri::bidi::is_bidi("http://\u{645}\u{62B}\u{627}\u{644}.example/"));
/// // Arabic-Indic digits are numbers (AN), not right-to-left letters.
/// assert!(!iri::bidi::is_bidi("http://example.org/\u{661}\u{662}"));
/// ```
pub fn is_bidi(text: &str) -> bool {
    text.chars().any(is_rtl)
}

/// How [`display`] wraps an IRI.
///
/// ```
/// use iri::bidi::{display, Wrap};
/// let heb = "http://example.org/\u{5D0}";
/// assert!(display(heb, Wrap::Embedding).starts_with('\u{202A}'));
/// assert!(display(heb, Wrap::Isolate).starts_with('\u{2066}'));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// LRE (U+202A) … PDF (U+202C), as RFC 3987 §4.1 says.
    Embedding,
    /// LRI (U+2066) … PDI (U+2069): the same inside, and the surrounding text is not affected
    /// by the IRI's characters (Unicode 6.3 and later; what UAX #9 now recommends).
    Isolate,
}

/// The direction of a paragraph or of the text around an IRI.
///
/// ```
/// use iri::bidi::{display_2002, Direction};
/// assert_eq!(display_2002("http://a/", Direction::Ltr), "http://a/");
/// assert_eq!(display_2002("http://a/", Direction::Rtl), "\u{202A}http://a/\u{202C}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right (English, Cyrillic, …).
    Ltr,
    /// Right to left (Arabic, Hebrew, …).
    Rtl,
}

/// The text to display for an IRI, per RFC 3987 §4.1: wrapped in a left-to-right embedding
/// (LRE … PDF) or isolate (LRI … PDI) when it holds a right-to-left character (bidi class R or
/// AL), borrowed unchanged otherwise.
///
/// §4.1: "Bidirectional IRIs MUST be rendered in the same way as they would be if they were in
/// a left-to-right embedding; i.e., as if they were preceded by U+202A, LEFT-TO-RIGHT EMBEDDING
/// (LRE), and followed by U+202C, POP DIRECTIONAL FORMATTING (PDF)." The wrapping characters are
/// for display only: they are not part of the IRI, and an IRI must not contain them.
///
/// Only IRIs with right-to-left characters are wrapped. In a right-to-left paragraph, an IRI
/// without any can still be displaced at its ends (a trailing `/` takes the paragraph's
/// direction); [`display_2002`] with [`Direction::Rtl`] always wraps. The input is meant to be an
/// IRI: bidi formatting characters inside it (§4.1 forbids them) are not neutralized.
///
/// ```
/// use std::borrow::Cow;
/// use iri::bidi::{display, Wrap};
///
/// let heb = "http://example.org/\u{5E9}\u{5DC}\u{5D5}\u{5DD}";
/// assert_eq!(display(heb, Wrap::Embedding), format!("\u{202A}{heb}\u{202C}"));
/// assert_eq!(display(heb, Wrap::Isolate), format!("\u{2066}{heb}\u{2069}"));
/// assert!(matches!(display("http://example.org/ümlaut", Wrap::Embedding), Cow::Borrowed(_)));
/// ```
pub fn display(iri: &str, wrap: Wrap) -> Cow<'_, str> {
    if !is_bidi(iri) {
        return Cow::Borrowed(iri);
    }
    let (open, close) = match wrap {
        Wrap::Embedding => (LRE, PDF),
        Wrap::Isolate => (LRI, PDI),
    };
    let mut s = String::with_capacity(iri.len() + 6);
    s.push(open);
    s.push_str(iri);
    s.push(close);
    Cow::Owned(s)
}

/// Whether a character is a delimiter for [`display_2002`]: the reserved characters of the
/// 2002 draft's grammar (`;` `/` `?` `:` `@` `&` `=` `+` `$` `,` `[` `]`, from RFC 2396 as
/// modified by RFC 2732), the fragment's `#`, and `.`, which the draft's §4.1 names among the
/// structural characters.
fn is_2002_delimiter(c: char) -> bool {
    matches!(
        c,
        ';' | '/' | '?' | ':' | '@' | '&' | '=' | '+' | '$' | ',' | '[' | ']' | '#' | '.'
    )
}

/// The display text of the July 2002 IRI draft (draft-duerst-iri-01, §4.2 "Visual Rendering of
/// Bidi IRIs"), which renders the components left to right, each in its own direction.
///
/// Exactly:
///
/// - The draft's §4.1 separates "structural characters (usually punctuation such as '@', '.',
///   ':', '/', and so on) called delimiters" from "payload components"; it leaves the exact
///   definition open ("ISSUE: Exact definition of components"). Here a component is a maximal
///   run of characters that are not delimiters, and the delimiters are the draft grammar's
///   `reserved` characters (`;/?:@&=+$,[]`), `#` and `.`. A percent-encoding belongs to its
///   component.
/// - §4.2: "Each component with right-to-left characters is preceded and followed by an
///   &lrm;" (U+200E LEFT-TO-RIGHT MARK), which gives the delimiters between components a
///   left-to-right context. A component has right-to-left characters when it holds one of bidi
///   class R or AL.
/// - §4.2: "If the overall context (base directionality) is right-to-left, the identifier is
///   preceded by an &lre; and followed by a &pdf;" (U+202A … U+202C), whatever it holds.
///
/// Borrowed when nothing is added (no right-to-left component, left-to-right context). RFC 3987
/// replaced this with §4.1's single embedding ([`display`]): the marks change the display of
/// series of right-to-left components, which RFC 3987 reads right to left as a whole.
///
/// ```
/// use iri::bidi::{display_2002, visual_order, Direction};
/// use iri::bidi::notation::{from_notation, to_notation, NotationScript::Hebrew};
///
/// let iri = from_notation("http://ab.CD.EF/gh", Hebrew);
/// let shown = display_2002(&iri, Direction::Ltr);
/// assert_eq!(
///     to_notation(&shown, Hebrew),
///     "http://ab.\u{200E}CD\u{200E}.\u{200E}EF\u{200E}/gh"
/// );
/// // Each component reads right to left, the components left to right:
/// assert_eq!(to_notation(&visual_order(&shown), Hebrew), "http://ab.DC.FE/gh");
/// // RFC 3987 reads the two labels as one right-to-left run:
/// assert_eq!(to_notation(&visual_order(&iri), Hebrew), "http://ab.FE.DC/gh");
/// ```
pub fn display_2002(iri: &str, context: Direction) -> Cow<'_, str> {
    let rtl_context = context == Direction::Rtl;
    if !rtl_context && !is_bidi(iri) {
        return Cow::Borrowed(iri);
    }
    let mut s = String::with_capacity(iri.len() + 8);
    if rtl_context {
        s.push(LRE);
    }
    let mut rest = iri;
    while !rest.is_empty() {
        let end = rest.find(is_2002_delimiter).unwrap_or(rest.len());
        let (component, tail) = rest.split_at(end);
        if is_bidi(component) {
            s.push(LRM);
            s.push_str(component);
            s.push(LRM);
        } else {
            s.push_str(component);
        }
        // The delimiter, if any (all are ASCII).
        if let Some(d) = tail.chars().next() {
            s.push(d);
            rest = &tail[1..];
        } else {
            rest = tail;
        }
    }
    if rtl_context {
        s.push(PDF);
    }
    Cow::Owned(s)
}

/// The characters of `text` in left-to-right display order, as the Unicode Bidirectional
/// Algorithm lays them out in a left-to-right paragraph: the picture in the figures of RFC 3987
/// §4.4, read from the left.
///
/// The paragraph level is left to right (as in RFC 3987 §4.1); the levels come from
/// `unicode-bidi`'s implementation of UAX #9 (rules P–I), the order from rules L1–L2. Bidi
/// formatting characters (LRM, RLM, the embeddings, overrides and isolates) are invisible and
/// left out of the result. Glyph mirroring (rule L4) is the renderer's job: characters come
/// back unchanged. See the module docs for where today's algorithm draws an example of §4.4
/// differently from the RFC.
///
/// ```
/// use iri::bidi::visual_order;
/// use iri::bidi::notation::{from_notation, to_notation, NotationScript::Hebrew};
///
/// // RFC 3987 §4.4, Example 1.
/// let logical = from_notation("http://ab.CDEFGH.ij/kl/mn/op.html", Hebrew);
/// assert_eq!(to_notation(&visual_order(&logical), Hebrew), "http://ab.HGFEDC.ij/kl/mn/op.html");
/// assert_eq!(visual_order("http://example.org/"), "http://example.org/");
/// ```
pub fn visual_order(text: &str) -> String {
    visual_order_in(text, Direction::Ltr)
}

/// The characters of `text` in left-to-right display order in a paragraph of the given
/// direction; [`visual_order`] is this with [`Direction::Ltr`].
///
/// Useful to see what an IRI looks like in right-to-left running text, and that [`display`]'s
/// embedding keeps it as it is in a left-to-right paragraph. Each paragraph of a text with
/// paragraph separators is laid out on its own line, and the lines are concatenated.
///
/// ```
/// use iri::bidi::{display, visual_order, visual_order_in, Direction, Wrap};
/// use iri::bidi::notation::{from_notation, to_notation, NotationScript::Hebrew};
///
/// let iri = from_notation("http://ab.cd/EF/", Hebrew);
/// let ltr = to_notation(&visual_order(&iri), Hebrew);
/// assert_eq!(ltr, "http://ab.cd/FE/");
/// // Bare in a right-to-left paragraph, the IRI falls apart ...
/// assert_ne!(to_notation(&visual_order_in(&iri, Direction::Rtl), Hebrew), ltr);
/// // ... wrapped, it stays as in a left-to-right one.
/// let wrapped = display(&iri, Wrap::Embedding);
/// assert_eq!(to_notation(&visual_order_in(&wrapped, Direction::Rtl), Hebrew), ltr);
/// ```
pub fn visual_order_in(text: &str, paragraph: Direction) -> String {
    let level = match paragraph {
        Direction::Ltr => Level::ltr(),
        Direction::Rtl => Level::rtl(),
    };
    let info = BidiInfo::new_with_data_source(&BIDI_CLASSES, text, Some(level));
    let mut out = String::with_capacity(text.len());
    for para in &info.paragraphs {
        let line = info.reorder_line(para, para.range.clone());
        out.extend(line.chars().filter(|&c| !is_bidi_formatting(c as u32)));
    }
    out
}

/// RFC 3987's Bidi Notation (§1.4): "Lowercase letters stand for Latin letters or other letters
/// that are written left to right, whereas uppercase letters represent Arabic or Hebrew letters
/// that are written right to left."
///
/// [`from_notation`](notation::from_notation) makes a real string of an example so that the
/// Unicode Bidirectional Algorithm can run on it; [`to_notation`](notation::to_notation) turns
/// the result back. The 26 upper-case ASCII letters map to 26 distinct letters of the script, in
/// alphabetical order:
///
/// - Hebrew: `A`–`Z` → U+05D0 ALEF … U+05E9 SHIN (bidi class R; the final forms are included).
/// - Arabic: `A`–`T` → U+0627 ALEF … U+063A GHAIN, `U`–`Z` → U+0641 FEH … U+0646 NOON (bidi
///   class AL).
///
/// Everything else (lower case, digits, punctuation) stays as it is. The difference matters:
/// European digits after Arabic letters become Arabic numbers (rule W2 of the algorithm), after
/// Hebrew letters they stay European numbers, which is why RFC 3987 §4.4 Example 9 has two
/// pictures. Upper-case hex digits of percent-encodings would be mapped too: write examples with
/// percent-encodings that have digits only, as the RFC does.
///
/// ```
/// use iri::bidi::notation::{from_notation, to_notation, NotationScript};
/// let s = from_notation("ab.CD/1", NotationScript::Hebrew);
/// assert_eq!(s, "ab.\u{5D2}\u{5D3}/1");
/// assert_eq!(to_notation(&s, NotationScript::Hebrew), "ab.CD/1");
/// ```
pub mod notation {
    use alloc::string::String;

    /// Which right-to-left letters the upper-case letters of the notation stand for.
    ///
    /// ```
    /// use iri::bidi::notation::{from_notation, NotationScript};
    /// assert_eq!(from_notation("A", NotationScript::Hebrew), "\u{5D0}");
    /// assert_eq!(from_notation("A", NotationScript::Arabic), "\u{627}");
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum NotationScript {
        /// Hebrew letters (bidi class R).
        Hebrew,
        /// Arabic letters (bidi class AL).
        Arabic,
    }

    /// The letter `A` + `i` stands for, `i` < 26.
    fn letter(script: NotationScript, i: u32) -> char {
        let cp = match script {
            NotationScript::Hebrew => 0x05D0 + i,
            NotationScript::Arabic if i < 20 => 0x0627 + i,
            NotationScript::Arabic => 0x0641 + (i - 20),
        };
        char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// The index (0 for `A`) of the upper-case letter a script letter stands for.
    fn index(script: NotationScript, c: char) -> Option<u32> {
        let cp = c as u32;
        match script {
            NotationScript::Hebrew => (0x05D0..0x05D0 + 26).contains(&cp).then(|| cp - 0x05D0),
            NotationScript::Arabic => match cp {
                0x0627..=0x063A => Some(cp - 0x0627),
                0x0641..=0x0646 => Some(cp - 0x0641 + 20),
                _ => None,
            },
        }
    }

    /// Replaces each upper-case ASCII letter by the right-to-left letter it stands for.
    ///
    /// ```
    /// use iri::bidi::notation::{from_notation, NotationScript};
    /// assert_eq!(
    ///     from_notation("http://ab.CDE/", NotationScript::Arabic),
    ///     "http://ab.\u{629}\u{62A}\u{62B}/"
    /// );
    /// ```
    pub fn from_notation(s: &str, script: NotationScript) -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    letter(script, c as u32 - 'A' as u32)
                } else {
                    c
                }
            })
            .collect()
    }

    /// Replaces each of the script's 26 notation letters by its upper-case ASCII letter; other
    /// characters stay as they are.
    ///
    /// ```
    /// use iri::bidi::notation::{to_notation, NotationScript};
    /// assert_eq!(to_notation("/\u{5D3}\u{5D2}/x", NotationScript::Hebrew), "/DC/x");
    /// // Letters outside the 26 (here U+05EA TAV) are kept.
    /// assert_eq!(to_notation("\u{5EA}", NotationScript::Hebrew), "\u{5EA}");
    /// ```
    pub fn to_notation(s: &str, script: NotationScript) -> String {
        s.chars()
            .map(|c| match index(script, c) {
                Some(i) => char::from_u32('A' as u32 + i).unwrap_or(c),
                None => c,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::notation::{from_notation, to_notation, NotationScript};
    use super::*;

    #[test]
    fn notation_letters_have_the_right_class() {
        for c in 'A'..='Z' {
            let s = c.to_string();
            let heb = from_notation(&s, NotationScript::Hebrew);
            let ara = from_notation(&s, NotationScript::Arabic);
            let h = heb.chars().next().unwrap();
            let a = ara.chars().next().unwrap();
            assert_eq!(bidi_class(h), BidiClass::R, "{c}");
            assert_eq!(bidi_class(a), BidiClass::AL, "{c}");
            assert_eq!(to_notation(&heb, NotationScript::Hebrew), s);
            assert_eq!(to_notation(&ara, NotationScript::Arabic), s);
        }
    }

    #[test]
    fn directions() {
        assert!(is_rtl('\u{5D0}') && is_rtl('\u{627}') && !is_rtl('a') && !is_rtl('1'));
        assert!(is_ltr('a') && is_ltr('\u{4E00}') && !is_ltr('1') && !is_ltr('/'));
        assert!(!is_ltr('\u{661}') && !is_rtl('\u{661}'));
    }

    #[test]
    fn visual_order_drops_formatting_characters() {
        assert_eq!(visual_order("\u{202A}a/b\u{202C}"), "a/b");
        assert_eq!(visual_order(""), "");
    }
}
