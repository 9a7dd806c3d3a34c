//! The grammar's character classes, in one place.
//!
//! Implements the terminal rules of RFC 3987 §2.2 (`ucschar`, `iprivate`, `iunreserved`,
//! `ipchar`, …) and the rules RFC 3987 shares with RFC 3986 §2 (`unreserved`, `reserved`,
//! `gen-delims`, `sub-delims`, `HEXDIG`), plus the bidi formatting characters that RFC 3987
//! §4.1 forbids. Writing and reading `%HH` (`pct-encoded`, RFC 3986 §2.1) is `pct.rs`;
//! decoding UTF-8 is `utf8.rs`.
//!
//! ASCII classes are bits in one 256-entry table built by a `const fn`; a byte belongs to a
//! component's class when its entry has that component's bit. Non-ASCII classes are range
//! checks on the code point. No other module spells a character range.
//!
//! The wider grammars that the lenient parser (`legacy::lenient`) accepts are classes here
//! too: the printable US-ASCII characters of the 2002 draft's `space`, `delims` and `unwise`
//! that RFC 3987 §3.1 lets a converter percent-encode, and LEIRI's `leiri-ucschar`.

/// `ALPHA`.
pub(crate) const ALPHA: u16 = 1 << 0;
/// `DIGIT`.
pub(crate) const DIGIT: u16 = 1 << 1;
/// `HEXDIG`.
pub(crate) const HEXDIG: u16 = 1 << 2;
/// `scheme` characters after the first: `ALPHA / DIGIT / "+" / "-" / "."`.
pub(crate) const SCHEME: u16 = 1 << 3;
/// `unreserved` (RFC 3986 §2.3).
pub(crate) const UNRESERVED: u16 = 1 << 4;
/// `sub-delims` (RFC 3986 §2.2).
pub(crate) const SUB_DELIM: u16 = 1 << 5;
/// `gen-delims` (RFC 3986 §2.2).
pub(crate) const GEN_DELIM: u16 = 1 << 6;
/// ASCII part of `iuserinfo`: `unreserved / sub-delims / ":"` (also the tail of `IPvFuture`).
pub(crate) const USERINFO: u16 = 1 << 7;
/// ASCII part of `ireg-name`: `unreserved / sub-delims`.
pub(crate) const REG_NAME: u16 = 1 << 8;
/// ASCII part of `ipath`: `ipchar / "/"` where `ipchar = iunreserved / sub-delims / ":" / "@"`.
pub(crate) const PATH: u16 = 1 << 9;
/// ASCII part of `iquery` and `ifragment`: `ipchar / "/" / "?"`.
pub(crate) const QUERY: u16 = 1 << 10;
/// Every ASCII character a URI reference may hold unencoded (`reserved / unreserved / "%"`).
pub(crate) const URI_CHAR: u16 = 1 << 11;
/// [`USERINFO`] and the octets of the non-ASCII characters that [`fast_ucs`] lets through.
pub(crate) const IUSERINFO: u16 = USERINFO << WIDE_SHIFT;
/// [`REG_NAME`] and the octets of the non-ASCII characters that [`fast_ucs`] lets through.
pub(crate) const IREG_NAME: u16 = REG_NAME << WIDE_SHIFT;
/// [`PATH`] and the octets of the non-ASCII characters that [`fast_ucs`] lets through.
pub(crate) const IPATH: u16 = PATH << WIDE_SHIFT;
/// [`QUERY`] and the octets of the non-ASCII characters that [`fast_ucs`] lets through.
pub(crate) const IQUERY: u16 = QUERY << WIDE_SHIFT;
/// How far an `I…` class's bit lies above its ASCII class's: `class << WIDE_SHIFT` widens
/// [`USERINFO`], [`REG_NAME`], [`PATH`] and [`QUERY`] alike.
pub(crate) const WIDE_SHIFT: u32 = 5;
const _: () =
    assert!(IUSERINFO == 1 << 12 && IREG_NAME == 1 << 13 && IPATH == 1 << 14 && IQUERY == 1 << 15);

/// Whether `b` is a UTF-8 continuation octet or a lead octet all of whose characters are
/// `ucschar` (RFC 3987 §2.2) and none a bidi formatting character (§4.1): C3–DF
/// (U+00C0–U+07FF), E0–E1 (U+0800–U+1FFF) and E3–ED (U+3000–U+D7FF; surrogates cannot occur
/// in a `str`). Excluded are C2 (U+0080–U+009F are controls), E2 (U+2000–U+2FFF holds the
/// bidi formatting characters), EE–EF (private use, noncharacters, U+D800–U+F8FF) and the
/// four-octet leads (planes 1–16 end in noncharacters and hold private use).
///
/// In valid UTF-8 a continuation octet only follows a lead: a scan that resumes after whole
/// characters and stops at any other lead meets continuation octets only behind a lead it
/// let through, so taking them as members of a class is exact. The `I…` classes
/// ([`IPATH`], [`IQUERY`], [`IREG_NAME`], [`IUSERINFO`]) are the ASCII classes plus these
/// octets, which lets the IRI parser take common non-ASCII text eight bytes at a time.
const fn fast_ucs(b: u8) -> bool {
    matches!(b, 0x80..=0xBF | 0xC3..=0xDF | 0xE0 | 0xE1 | 0xE3..=0xED)
}

const fn build_table() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0usize;
    while b < 128 {
        let c = b as u8;
        let mut f = 0u16;
        let alpha = c.is_ascii_alphabetic();
        let digit = c.is_ascii_digit();
        if alpha {
            f |= ALPHA;
        }
        if digit {
            f |= DIGIT;
        }
        if c.is_ascii_hexdigit() {
            f |= HEXDIG;
        }
        if alpha || digit || c == b'+' || c == b'-' || c == b'.' {
            f |= SCHEME;
        }
        let unreserved = alpha || digit || c == b'-' || c == b'.' || c == b'_' || c == b'~';
        let sub = matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
        );
        let gen = matches!(c, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@');
        if unreserved {
            f |= UNRESERVED;
        }
        if sub {
            f |= SUB_DELIM;
        }
        if gen {
            f |= GEN_DELIM;
        }
        if unreserved || sub || c == b':' {
            f |= USERINFO;
        }
        if unreserved || sub {
            f |= REG_NAME;
        }
        let pchar = unreserved || sub || c == b':' || c == b'@';
        if pchar || c == b'/' {
            f |= PATH;
        }
        if pchar || c == b'/' || c == b'?' {
            f |= QUERY;
        }
        if unreserved || sub || gen || c == b'%' {
            f |= URI_CHAR;
        }
        if f & PATH != 0 {
            f |= IPATH;
        }
        if f & QUERY != 0 {
            f |= IQUERY;
        }
        if f & REG_NAME != 0 {
            f |= IREG_NAME;
        }
        if f & USERINFO != 0 {
            f |= IUSERINFO;
        }
        t[b] = f;
        b += 1;
    }
    while b < 256 {
        if fast_ucs(b as u8) {
            t[b] = IPATH | IQUERY | IREG_NAME | IUSERINFO;
        }
        b += 1;
    }
    t
}

/// The class table: `TABLE[byte] & CLASS != 0` when the byte belongs to `CLASS`.
/// Bytes ≥ 0x80 belong to no ASCII class; some are members of the `I…` classes (see
/// [`fast_ucs`]).
pub(crate) static TABLE: [u16; 256] = build_table();

/// Whether the byte is in the given ASCII class.
#[inline(always)]
pub(crate) fn is(b: u8, class: u16) -> bool {
    TABLE[b as usize] & class != 0
}

/// `ucschar` (RFC 3987 §2.2), exactly the listed ranges.
///
/// In the BMP: `%xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF`. Above it, every plane 1–13 without
/// its last two code points (`%x10000-1FFFD` … `%xD0000-DFFFD`), and `%xE1000-EFFFD`.
#[inline]
pub const fn is_ucschar(c: u32) -> bool {
    if c < 0x10000 {
        (c >= 0xA0 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFEF)
    } else {
        // `c & 0xFFFE != 0xFFFE` excludes U+xFFFE and U+xFFFF of each plane.
        (c & 0xFFFE) != 0xFFFE && (c < 0xE0000 || (c >= 0xE1000 && c < 0xF0000))
    }
}

/// `iprivate` (RFC 3987 §2.2): `%xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD`.
/// Allowed only in `iquery`.
///
/// ```
/// assert!(iri::is_iprivate(0xE000) && !iri::is_iprivate(0xE9));
/// ```
#[inline]
pub const fn is_iprivate(c: u32) -> bool {
    (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xF0000 && c <= 0x10FFFF && (c & 0xFFFE) != 0xFFFE)
}

/// The bidi formatting characters that an IRI must not contain: RFC 3987 §4.1 names
/// U+200E LRM, U+200F RLM and U+202A–U+202E (LRE, RLE, PDF, LRO, RLO); the isolates
/// U+2066–U+2069 (LRI, RLI, FSI, PDI), added to Unicode after RFC 3987, are treated alike.
///
/// ```
/// assert!(iri::is_bidi_formatting(0x202E) && iri::is_bidi_formatting(0x2067));
/// assert!(!iri::is_bidi_formatting(0x200D));
/// ```
#[inline]
pub const fn is_bidi_formatting(c: u32) -> bool {
    matches!(c, 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Default_Ignorable_Code_Point (Unicode DerivedCoreProperties.txt): characters that show
/// nothing where a renderer does not support them (U+00AD SOFT HYPHEN, U+034F, U+061C ARABIC
/// LETTER MARK, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, U+200B–U+200F,
/// U+202A–U+202E, U+2060–U+206F, U+FEFF, the variation selectors, the tags, …). RFC 3987
/// §3.2 step 4 leaves percent-encoded what is not appropriate for presentation: the URI→IRI
/// conversion keeps these encoded.
///
/// ```
/// assert!(iri::is_default_ignorable(0x200B) && iri::is_default_ignorable(0x3164));
/// assert!(!iri::is_default_ignorable(u32::from('a')));
/// ```
#[inline]
pub const fn is_default_ignorable(c: u32) -> bool {
    matches!(
        c,
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

/// A Unicode noncharacter: U+FDD0–U+FDEF, and the last two code points of every plane
/// (U+xFFFE, U+xFFFF).
#[inline]
pub(crate) const fn is_noncharacter(c: u32) -> bool {
    (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE
}

/// Whether a non-ASCII character may stand unencoded in an IRI component: `ucschar` without
/// the bidi formatting characters (RFC 3987 §2.2, §4.1), and `iprivate` in the query.
#[inline]
pub(crate) const fn allowed_unencoded(c: u32, in_query: bool) -> bool {
    (is_ucschar(c) && !is_bidi_formatting(c)) || (in_query && is_iprivate(c))
}

/// Whether `c` may stand as it is in text taken from between a component's delimiters
/// (RFC 3987 §2.2): an unreserved ASCII character (in a host also a sub-delim, which a
/// reg-name may hold), or a non-ASCII character the component allows unencoded. Anything else
/// in such text (a delimiter, a space, a bidi control) is to be percent-encoded.
#[cfg(any(feature = "unicode", feature = "idna"))]
#[inline]
pub(crate) fn kept_between_delimiters(c: char, host: bool, in_query: bool) -> bool {
    let cp = c as u32;
    if cp < 0x80 {
        is(cp as u8, UNRESERVED) || (host && is(cp as u8, SUB_DELIM))
    } else {
        allowed_unencoded(cp, in_query)
    }
}

/// The printable US-ASCII characters that URIs and RFC 3987 IRIs exclude but the July 2002
/// draft's `ichar` (§2.2: `space | delims | unwise`), XML system identifiers and LEIRIs allow:
/// space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and `` ` `` (RFC 3987 §3.1). `#` and `%` of
/// `delims`, and `[`, `]`, are delimiters and never among them.
#[inline]
pub(crate) const fn is_wider_ascii(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`'
    )
}

/// `leiri-ucschar` (W3C LEIRI note, RFC 3987bis §7.1) without the printable ASCII of
/// [`is_wider_ascii`]: `%x0-1F / %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF` (a `char` is
/// never a surrogate).
#[inline]
pub(crate) const fn is_leiri_char(c: u32) -> bool {
    c <= 0x1F || (c >= 0x7F && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table agrees with the Unicode Character Database of `icu_properties` on every
    /// code point.
    #[cfg(feature = "unicode")]
    #[test]
    fn default_ignorable_matches_the_ucd() {
        use icu_properties::props::DefaultIgnorableCodePoint;
        use icu_properties::CodePointSetData;
        let set = CodePointSetData::new::<DefaultIgnorableCodePoint>();
        for cp in 0..=0x10FFFF_u32 {
            assert_eq!(is_default_ignorable(cp), set.contains32(cp), "U+{cp:04X}");
        }
    }

    // Range ends from RFC 3987 §2.2 `ucschar` and `iprivate`.
    #[test]
    fn ucschar_bounds() {
        let inside = [
            0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD, 0x20000, 0x2FFFD,
            0xD0000, 0xDFFFD, 0xE1000, 0xEFFFD,
        ];
        let outside = [
            0x9F, 0xD800, 0xE000, 0xF8FF, 0xFDD0, 0xFDEF, 0xFFF0, 0xFFFF, 0x1FFFE, 0x1FFFF,
            0xDFFFE, 0xE0000, 0xE0FFF, 0xEFFFE, 0xF0000, 0x10FFFD,
        ];
        for c in inside {
            assert!(is_ucschar(c), "{c:X} is ucschar");
        }
        for c in outside {
            assert!(!is_ucschar(c), "{c:X} is not ucschar");
        }
    }

    #[test]
    fn iprivate_bounds() {
        for c in [0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD] {
            assert!(is_iprivate(c), "{c:X}");
        }
        for c in [
            0xDFFF, 0xF900, 0xEFFFD, 0xFFFFE, 0xFFFFF, 0x10FFFE, 0x10FFFF,
        ] {
            assert!(!is_iprivate(c), "{c:X}");
        }
    }

    #[test]
    fn ascii_classes() {
        assert!(is(b'~', UNRESERVED) && !is(b'~', SUB_DELIM));
        assert!(is(b'@', PATH) && !is(b'@', USERINFO) && !is(b'@', REG_NAME));
        assert!(is(b':', USERINFO) && !is(b':', REG_NAME));
        assert!(is(b'?', QUERY) && !is(b'?', PATH) && !is(b'#', QUERY));
        assert!(!is(b' ', URI_CHAR) && is(b'%', URI_CHAR) && !is(b'%', PATH));
        assert!(!is(0xC3, PATH) && !is(0x80, URI_CHAR));
        assert!(is(b'+', SCHEME) && !is(b'_', SCHEME));
    }

    #[test]
    fn noncharacters() {
        for c in [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF] {
            assert!(is_noncharacter(c), "{c:X}");
        }
        for c in [0xFDCF, 0xFDF0, 0xFFFD, 0x10000, 0x10FFFD] {
            assert!(!is_noncharacter(c), "{c:X}");
        }
    }
}
