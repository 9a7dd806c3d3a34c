//! IRI→URI mapping (RFC 3987 §3.1, step 2) and URI→IRI conversion (RFC 3987 §3.2).
//!
//! **IRI→URI.** Every `ucschar` and `iprivate` character becomes the `%HH` triplets of its
//! UTF-8 octets, with upper-case hex (§3.1 step 2.2). Existing percent-encodings and ASCII
//! characters stay exactly as they are, so the mapping is the identity on URIs and idempotent.
//! ASCII-only input is returned borrowed. Step 1 (NFC for text from paper or legacy
//! encodings) and the optional ToASCII of host names are not part of this module.
//!
//! **URI→IRI.** The five steps of §3.2, in one pass:
//! 1. the input is read as octets;
//! 2. `%HH` is decoded unless it encodes `%`, a `reserved` character, or an ASCII character
//!    not allowed in URIs: of ASCII, only `unreserved` characters are decoded;
//! 3. decoded octets that are not part of strictly legal UTF-8 are re-encoded: overlong forms
//!    (`%C0%AF`), surrogates (`%ED%A0%80`), code points above U+10FFFF, truncated sequences,
//!    stray continuation octets;
//! 4. characters not appropriate in an IRI are re-encoded: the bidi formatting characters of
//!    §4.1 (and the isolates U+2066–U+2069), code points outside `ucschar`, and `iprivate`
//!    outside the query (§2.2);
//! 5. the result is read as UTF-8.
//!
//! Octets re-encoded in steps 3–4 are written with upper-case hex (as in the §3.2.1 example
//! `%e2%80%ae` → `%E2%80%AE`); percent-encodings that step 2 keeps are left untouched.
//! The further choices that §6.1 allows (keeping look-alike or non-NFC characters encoded)
//! belong to the linter, not here. `xn--` labels are not converted here.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::chars::{self, is, UNRESERVED};
use crate::parser::Positions;
use crate::pct::{pct_at, push_pct};
use crate::scan::{self, NonAscii};
use crate::{Iri, IriRef, Uri, UriRef};

/// Rewrites each component region of `s` with `f(region, in_query, out)`, appending to `out`,
/// and returns the new positions (relative to `out`'s length on entry).
fn map_regions(
    s: &str,
    p: Positions,
    out: &mut String,
    mut f: impl FnMut(&str, bool, &mut String),
) -> Positions {
    let base = out.len();
    let at = |out: &String| (out.len() - base) as u32;
    out.push_str(&s[..p.scheme_end as usize]);
    let scheme_end = at(out);
    f(&s[p.scheme_end as usize..p.auth_end as usize], false, out);
    let auth_end = at(out);
    f(&s[p.auth_end as usize..p.path_end as usize], false, out);
    let path_end = at(out);
    f(&s[p.path_end as usize..p.query_end() as usize], true, out);
    let query_end = at(out);
    f(&s[p.query_end() as usize..], false, out);
    Positions::new(scheme_end, auth_end, path_end, query_end)
}

/// Appends `s` with every non-ASCII character percent-encoded as UTF-8 (upper-case hex).
pub(crate) fn encode_non_ascii(s: &str, out: &mut String) {
    if push_uri_octets(out, s, [0; 3]).is_none() {
        out.push_str(s);
    }
}

/// The IRI→URI mapping of `s` (positions `p`) appended to `out` (RFC 3987 §3.1 step 2), and
/// the positions of the result (relative to where it starts in `out`); `None`, with nothing
/// appended, when `s` is ASCII and the mapping is the identity. Positions that know the
/// text is ASCII (a parsed one's do) answer without reading it.
#[inline(always)]
fn to_uri_append(s: &str, p: Positions, out: &mut String) -> Option<Positions> {
    if p.known_ascii() {
        return None;
    }
    let ends = [p.auth_end, p.path_end, p.query_end()].map(|e| e as usize);
    let [auth_end, path_end, query_end] = push_uri_octets(out, s, ends)?.map(|e| e as u32);
    // Every octet of the result is ASCII.
    Some(Positions::new(p.scheme_end, auth_end, path_end, query_end).ascii_if(true))
}

/// Appends the IRI→URI mapping of `s` to `out`: every non-ASCII octet written as `%HH`
/// (upper-case hex), every ASCII one as it is (the octets of RFC 3987 §3.1 step 2.2), and
/// returns where each of `ends` (ascending indexes of `s`, at most its length) went,
/// relative to the start of what it appended. An ASCII `s` appends nothing and gives `None`.
///
/// The result's length is known before it is written (`scan::NonAscii`), so `out` gets room
/// for it (and `scan::URI_SLACK` more) once: a new string is allocated once, at that size.
///
/// Where the processor has one (`scan::uri_kernel`: SSSE3 and POPCNT on x86-64, simd128 in
/// WebAssembly), a SIMD kernel writes sixteen octets at a time straight into the string's
/// spare capacity, the counts one instruction each; otherwise [`push_uri_octets_portable`] writes them one octet at a time.
/// Every byte written is ASCII, so the result needs no UTF-8 check.
#[inline]
pub(crate) fn push_uri_octets(out: &mut String, s: &str, ends: [usize; 3]) -> Option<[usize; 3]> {
    if let Some(kernel) = scan::uri_kernel() {
        return kernel.push_uri_octets(out, s, ends);
    }
    push_uri_octets_portable(out, s, ends)
}

/// [`push_uri_octets`] without SIMD: the ASCII run before the first non-ASCII octet is
/// copied in one piece, each later octet appended as its entry of `pct::URI_OCTET` (`%HH`
/// or the octet itself; `scan::push_octet_entries`).
#[inline]
pub(crate) fn push_uri_octets_portable(
    out: &mut String,
    s: &str,
    ends: [usize; 3],
) -> Option<[usize; 3]> {
    let non_ascii = NonAscii::of(s.as_bytes());
    let (_, moved) = non_ascii.make_room(out, ends)?;
    let first = non_ascii.first();
    out.push_str(&s[..first]);
    scan::push_octet_entries(out, &s.as_bytes()[first..], &crate::pct::URI_OCTET);
    Some(moved)
}

/// The length of a strictly legal UTF-8 sequence starting with `lead`, and the allowed
/// range of its second octet (RFC 3629 §4), or `None` for a byte that cannot start one.
#[inline]
fn utf8_lead(lead: u8) -> Option<(usize, u8, u8)> {
    Some(match lead {
        0xC2..=0xDF => (2, 0x80, 0xBF),
        0xE0 => (3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
        0xED => (3, 0x80, 0x9F),
        0xF0 => (4, 0x90, 0xBF),
        0xF1..=0xF3 => (4, 0x80, 0xBF),
        0xF4 => (4, 0x80, 0x8F),
        _ => return None,
    })
}

/// The non-ASCII character that the `%HH` triplets at `b[i..end]` encode when RFC 3987 §3.2
/// decodes it (steps 3 and 4): strictly legal UTF-8 of a character allowed unencoded here.
/// Returns the character and the number of triplets.
pub(crate) fn decodable_char(
    b: &[u8],
    i: usize,
    end: usize,
    in_query: bool,
) -> Option<(char, usize)> {
    let lead = pct_at(b, i, end)?;
    let (len, lo, hi) = utf8_lead(lead)?;
    let mut cp = (lead as u32) & (0x7F >> len);
    for k in 1..len {
        let next = pct_at(b, i + 3 * k, end)?;
        let ok = if k == 1 {
            (lo..=hi).contains(&next)
        } else {
            (0x80..=0xBF).contains(&next)
        };
        if !ok {
            return None;
        }
        cp = (cp << 6) | (next as u32 & 0x3F);
    }
    let c = char::from_u32(cp).filter(|_| chars::allowed_unencoded(cp, in_query))?;
    Some((c, len))
}

/// How the `%HH` triplets that stay encoded are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum HexCase {
    /// RFC 3987 §3.2: triplets step 2 keeps stay as written; re-encoded octets are upper case.
    Convert,
    /// Every triplet as written (normalization without the case step).
    AsWritten,
    /// Every triplet in upper case (normalization with the case step, §5.3.2.1).
    Upper,
}

/// Appends `s` with the percent-encodings that §3.2 allows decoded, decoded.
fn decode_region(s: &str, in_query: bool, out: &mut String) {
    decode_region_with(s, in_query, HexCase::Convert, out)
}

/// Appends `s` with the percent-encodings that §3.2 allows decoded, writing the triplets
/// that stay encoded as `case` says.
pub(crate) fn decode_region_with(s: &str, in_query: bool, case: HexCase, out: &mut String) {
    let b = s.as_bytes();
    let mut from = 0;
    let mut i = 0;
    while i < b.len() {
        let Some(o) = pct_at(b, i, b.len()) else {
            i += 1;
            continue;
        };
        out.push_str(&s[from..i]);
        let decoded = decoded_char(b, i, o, in_query)
            // RFC 3987 §3.2 step 4: what is not appropriate for presentation stays encoded;
            // the default-ignorable characters (with U+061C, a bidi control) show nothing.
            .filter(|&(c, _)| case != HexCase::Convert || !chars::is_default_ignorable(c as u32));
        if let Some((c, len)) = decoded {
            out.push(c);
            i += 3 * len;
        } else {
            // Kept: an ASCII octet (step 2) as written unless `case` is `Upper`, a non-ASCII
            // one (steps 3 and 4: re-encoded) in upper case unless `case` is `AsWritten`.
            // The octets after a lead that is not decoded are continuation octets, which no
            // sequence starts with, so each is kept on its own turn.
            let upper = if o < 0x80 {
                case == HexCase::Upper
            } else {
                case != HexCase::AsWritten
            };
            if upper {
                push_pct(out, o);
            } else {
                out.push_str(&s[i..i + 3]);
            }
            i += 3;
        }
        from = i;
    }
    out.push_str(&s[from..]);
}

/// The character that RFC 3987 §3.2 decodes from the `%HH` triplets at `b[i..]`, whose
/// first octet is `octet`, and the number of triplets: an unreserved ASCII character (step 2)
/// or a non-ASCII one as [`decodable_char`] decides (steps 3 and 4). `None` keeps the first
/// triplet encoded. Both the writing path and the check that normalization leaves a text
/// unchanged decide with this.
#[inline]
pub(crate) fn decoded_char(b: &[u8], i: usize, octet: u8, in_query: bool) -> Option<(char, usize)> {
    if octet < 0x80 {
        is(octet, UNRESERVED).then_some((octet as char, 1))
    } else {
        decodable_char(b, i, b.len(), in_query)
    }
}

/// The IRI→URI mapping, borrowed when `s` is ASCII already.
#[inline]
fn to_uri_cow(s: &str, p: Positions) -> (Cow<'_, str>, Positions) {
    let mut out = String::new();
    match to_uri_append(s, p, &mut out) {
        None => (Cow::Borrowed(s), p.ascii_if(true)),
        Some(pos) => (Cow::Owned(out), pos),
    }
}

/// Maps `text`, an IRI reference with positions `p`, to a URI reference in place (RFC 3987
/// §3.1 step 2), and returns its positions: untouched when it is ASCII, else replaced by one
/// new string.
pub(crate) fn to_uri_in_place(text: &mut String, p: Positions) -> Positions {
    let mut out = String::new();
    match to_uri_append(text, p, &mut out) {
        None => p.ascii_if(true),
        Some(pos) => {
            *text = out;
            pos
        }
    }
}

pub(crate) fn to_iri_cow(s: &str, p: Positions) -> (Cow<'_, str>, Positions) {
    if !s.as_bytes().contains(&b'%') {
        return (Cow::Borrowed(s), p);
    }
    let mut out = String::with_capacity(s.len());
    let pos = map_regions(s, p, &mut out, decode_region);
    if out == s {
        (Cow::Borrowed(s), p)
    } else {
        (Cow::Owned(out), pos)
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// Maps the IRI reference to a URI reference (RFC 3987 §3.1 step 2): non-ASCII
    /// characters become `%HH` of their UTF-8 octets, upper-case. Borrowed when the input is
    /// ASCII already; a parsed reference knows whether it is, so that answer costs nothing.
    ///
    /// ```
    /// use iri::IriRef;
    /// use std::borrow::Cow;
    /// let r = IriRef::parse("http://www.example.org/red%09ros\u{E9}#red").unwrap();
    /// assert_eq!(r.to_uri(), "http://www.example.org/red%09ros%C3%A9#red");
    /// let ascii = IriRef::parse("a/b?c").unwrap();
    /// assert!(matches!(ascii.to_uri().into_inner(), Cow::Borrowed(_)));
    /// ```
    pub fn to_uri(&self) -> UriRef<Cow<'_, str>> {
        let (text, pos) = to_uri_cow(self.as_str(), self.positions());
        UriRef::from_parts(text, pos)
    }

    /// Maps to a URI reference in `buf` (cleared first) and returns a view of it.
    ///
    /// ```
    /// let r = iri::IriRef::parse("/𐌀").unwrap();
    /// let mut buf = String::new();
    /// assert_eq!(r.to_uri_into(&mut buf), "/%F0%90%8C%80");
    /// ```
    pub fn to_uri_into<'b>(&self, buf: &'b mut String) -> UriRef<&'b str> {
        buf.clear();
        let (s, p) = (self.as_str(), self.positions());
        let Some(pos) = to_uri_append(s, p, buf) else {
            buf.push_str(s);
            let buf: &'b String = buf;
            return UriRef::from_parts(buf.as_str(), p.ascii_if(true));
        };
        UriRef::from_parts(buf.as_str(), pos)
    }

    /// Decodes the percent-encodings that RFC 3987 §3.2 allows to decode (see
    /// [`UriRef::to_iri`]); characters already present stay as they are.
    ///
    /// ```
    /// let r = iri::IriRef::parse("/é/%C3%A9").unwrap();
    /// assert_eq!(r.to_iri(), "/é/é");
    /// ```
    pub fn to_iri(&self) -> IriRef<Cow<'_, str>> {
        let (text, pos) = to_iri_cow(self.as_str(), self.positions());
        IriRef::from_parts(text, pos)
    }
}

impl<T: AsRef<str>> IriRef<T> {
    /// Decodes what RFC 3987 §3.2 allows into `buf` (cleared first) and returns a view of it;
    /// a loop that reuses one buffer allocates nothing once it has grown to fit.
    ///
    /// ```
    /// let r = iri::IriRef::parse("/%CE%B4?%EE%80%80").unwrap();
    /// let mut buf = String::new();
    /// assert_eq!(r.to_iri_into(&mut buf), "/δ?\u{E000}");
    /// ```
    pub fn to_iri_into<'b>(&self, buf: &'b mut String) -> IriRef<&'b str> {
        buf.clear();
        let pos = map_regions(self.as_str(), self.positions(), buf, decode_region);
        IriRef::from_parts(buf.as_str(), pos)
    }
}

impl<T: AsRef<str>> Iri<T> {
    /// Maps the IRI to a URI (RFC 3987 §3.1 step 2); see [`IriRef::to_uri`].
    ///
    /// ```
    /// let i = iri::Iri::parse("http://example.com/\u{10300}\u{10301}\u{10302}").unwrap();
    /// assert_eq!(i.to_uri(), "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    /// ```
    pub fn to_uri(&self) -> Uri<Cow<'_, str>> {
        let (text, pos) = to_uri_cow(self.as_str(), self.positions());
        Uri::from_parts(text, pos)
    }

    /// Decodes what RFC 3987 §3.2 allows; see [`UriRef::to_iri`].
    ///
    /// ```
    /// let i = iri::Iri::parse("http://a/%E2%82%AC").unwrap();
    /// assert_eq!(i.to_iri(), "http://a/€");
    /// ```
    pub fn to_iri(&self) -> Iri<Cow<'_, str>> {
        let (text, pos) = to_iri_cow(self.as_str(), self.positions());
        Iri::from_parts(text, pos)
    }
}

impl<T: AsRef<str>> UriRef<T> {
    /// Converts the URI reference to an IRI reference (RFC 3987 §3.2): decodes `%HH` of
    /// unreserved ASCII and of strictly legal UTF-8 for characters an IRI may hold there;
    /// keeps `%`, reserved and disallowed ASCII encoded as written; re-encodes, in upper
    /// case, octets that are not legal UTF-8 and characters not appropriate in an IRI.
    /// Borrowed when nothing changes.
    ///
    /// ```
    /// use iri::UriRef;
    /// // The three examples of RFC 3987 §3.2.1.
    /// let conv = |s| UriRef::parse(s).unwrap().to_iri().into_inner().into_owned();
    /// assert_eq!(conv("http://www.example.org/D%C3%BCrst"), "http://www.example.org/Dürst");
    /// assert_eq!(conv("http://www.example.org/D%FCrst"), "http://www.example.org/D%FCrst");
    /// assert_eq!(
    ///     conv("http://xn--99zt52a.example.org/%e2%80%ae"),
    ///     "http://xn--99zt52a.example.org/%E2%80%AE"
    /// );
    /// ```
    pub fn to_iri(&self) -> IriRef<Cow<'_, str>> {
        let (text, pos) = to_iri_cow(self.as_str(), self.positions());
        IriRef::from_parts(text, pos)
    }
}

impl<T: AsRef<str>> UriRef<T> {
    /// Converts into `buf` (cleared first) and returns a view of it; see
    /// [`IriRef::to_iri_into`].
    ///
    /// ```
    /// let u = iri::UriRef::parse("D%C3%BCrst").unwrap();
    /// let mut buf = String::new();
    /// assert_eq!(u.to_iri_into(&mut buf), "Dürst");
    /// ```
    pub fn to_iri_into<'b>(&self, buf: &'b mut String) -> IriRef<&'b str> {
        self.as_iri_ref().to_iri_into(buf)
    }
}

impl<T: AsRef<str>> Uri<T> {
    /// Converts the URI to an IRI (RFC 3987 §3.2); see [`UriRef::to_iri`].
    ///
    /// ```
    /// let u = iri::Uri::parse("http://a/r%C3%A9sum%C3%A9?%EE%80%80#%7Ex").unwrap();
    /// assert_eq!(u.to_iri(), "http://a/résumé?\u{E000}#~x");
    /// ```
    pub fn to_iri(&self) -> Iri<Cow<'_, str>> {
        let (text, pos) = to_iri_cow(self.as_str(), self.positions());
        Iri::from_parts(text, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::{count_non_ascii, first_non_ascii, URI_SLACK};

    fn iri(s: &str) -> String {
        let mut out = String::new();
        decode_region(s, false, &mut out);
        out
    }

    #[test]
    fn step_three_rejects_illegal_utf8() {
        assert_eq!(iri("%C0%AF"), "%C0%AF");
        assert_eq!(iri("%c0%af"), "%C0%AF");
        assert_eq!(iri("%E0%80%AF"), "%E0%80%AF");
        assert_eq!(iri("%ED%A0%80"), "%ED%A0%80");
        assert_eq!(iri("%F4%90%80%80"), "%F4%90%80%80");
        assert_eq!(iri("%E2%82"), "%E2%82");
        assert_eq!(iri("%80"), "%80");
        assert_eq!(iri("%E2%82%ACx"), "€x");
        assert_eq!(iri("%E2%82%41"), "%E2%82A");
    }

    /// RFC 3987 §3.1 step 2.2 read literally: each octet of each character's UTF-8 that is
    /// not ASCII becomes `%HH`.
    fn by_char(s: &str) -> String {
        let mut out = String::new();
        for ch in s.chars() {
            let mut buf = [0u8; 4];
            for &o in ch.encode_utf8(&mut buf).as_bytes() {
                if o < 0x80 {
                    out.push(o as char);
                } else {
                    push_pct(&mut out, o);
                }
            }
        }
        out
    }

    // own: the word-at-a-time encoder and counter against a char-by-char encoding, with
    // the non-ASCII characters at every offset of a word.
    #[test]
    fn encoding_at_every_offset() {
        for pad in 0..17 {
            for c in ['é', '€', '𐌀', 'a'] {
                for tail in ["", "x", "é", "abcdefghij"] {
                    let mut s = "a".repeat(pad);
                    s.push(c);
                    s.push(c);
                    s.push_str(tail);
                    let mut got = String::from("<");
                    encode_non_ascii(&s, &mut got);
                    assert_eq!(got[1..], by_char(&s), "{s}");
                    let count = s.bytes().filter(|&o| o >= 0x80).count();
                    assert_eq!(count_non_ascii(s.as_bytes()), count, "{s}");
                    let first = s.bytes().position(|o| o >= 0x80).unwrap_or(s.len());
                    assert_eq!(first_non_ascii(s.as_bytes(), 0), first, "{s}");
                }
            }
        }
    }

    // own: the IRI→URI mapping of references whose components hold non-ASCII characters
    // at every offset of a word (so that component boundaries fall at every place in a
    // word, in ASCII, mixed and all-non-ASCII words, and near the end where little room is
    // left): each component maps on its own, char by char (RFC 3987 §3.1 step 2.2), and
    // the positions are those of the result parsed again.
    #[test]
    fn components_map_at_every_offset() {
        let mut buf = String::from("left over");
        for pad in 0..17 {
            let p = "a".repeat(pad);
            for c in ["é", "€", "𐌀", "ab", "éé€€𐌀"] {
                for s in [
                    format!("s://{p}{c}@h{c}:1/{p}{c}?{c}{p}#{c}"),
                    format!("s://{c}{p}/{c}{c}{c}{c}"),
                    format!("{p}{c}/{c}?{p}"),
                    format!("s:{c}{p}#{p}{c}{c}{c}"),
                    format!("//{p}{c}{c}{c}{c}{p}?{c}"),
                ] {
                    let r = IriRef::parse(s.as_str()).unwrap();
                    let u = r.to_uri();
                    assert_eq!(u.as_str(), by_char(&s), "{s}");
                    let again = UriRef::parse(u.as_str()).unwrap();
                    assert_eq!(u.authority(), again.authority(), "{s}");
                    assert_eq!(u.path(), by_char(r.path()), "{s}");
                    assert_eq!(u.query(), r.query().map(by_char).as_deref(), "{s}");
                    assert_eq!(u.fragment(), r.fragment().map(by_char).as_deref(), "{s}");
                    assert_eq!(r.to_uri_into(&mut buf).as_str(), u.as_str(), "{s}");
                    // Allocated once, with room for the result and the writer's slack.
                    let len = u.as_str().len();
                    if let Cow::Owned(t) = u.into_inner() {
                        assert_eq!(t.capacity(), len + URI_SLACK, "{s}");
                    }
                }
            }
        }
    }

    /// Texts past the 128 bytes whose non-ASCII bytes are kept as bits (counted in
    /// instead), short and long: the same octets and component ends as one octet at a
    /// time, through the SIMD and the portable writer, and a new result allocated once with
    /// room for itself and `scan::URI_SLACK` more, however early the first non-ASCII
    /// character comes (room for every octet to triple would give three times the length).
    #[test]
    fn long_texts() {
        for (lead, body) in [("é", "a"), ("", "é"), ("a", "€𐌀b"), ("é", "ab/c?d")] {
            for len in [100, 127, 128, 129, 200, 4095, 4097, 65_543] {
                let path = format!("{lead}{}", body.repeat(len / body.len()));
                for s in [
                    format!("s://h/{path}"),
                    format!("s://h/{path}?{path}#{lead}"),
                    format!("s://h{lead}/{path}?{lead}"),
                ] {
                    let r = IriRef::parse(s.as_str()).unwrap();
                    let u = r.to_uri();
                    assert_eq!(u.as_str(), by_char(&s), "{len} {lead}{body}");
                    assert_eq!(u.authority(), r.authority().map(by_char).as_deref());
                    assert_eq!(u.path(), by_char(r.path()));
                    assert_eq!(u.query(), r.query().map(by_char).as_deref());
                    assert_eq!(u.fragment(), r.fragment().map(by_char).as_deref());
                    let mut buf = String::from("reused");
                    assert_eq!(r.to_uri_into(&mut buf).as_str(), u.as_str());
                    // The portable writer, which other processors use.
                    let mut portable = String::new();
                    let p = r.positions();
                    let ends = [p.auth_end, p.path_end, p.query_end()].map(|e| e as usize);
                    let moved = push_uri_octets_portable(&mut portable, &s, ends);
                    assert_eq!(portable, u.as_str());
                    let q = u.positions();
                    let want = [q.auth_end, q.path_end, q.query_end()].map(|e| e as usize);
                    assert_eq!(moved, (!s.is_ascii()).then_some(want));
                    let out = u.as_str().len();
                    if let Cow::Owned(t) = u.into_inner() {
                        assert_eq!(t.capacity(), out + URI_SLACK, "{len} {lead}{body}");
                    }
                }
            }
        }
    }

    /// An ASCII text comes back borrowed (RFC 3987 §3.1: the mapping is the identity on
    /// it), whether its positions know it is ASCII (parsed) or not (a resolution from a
    /// non-ASCII base whose non-ASCII part is gone); non-ASCII results are flagged ASCII.
    #[test]
    fn ascii_borrowed_with_and_without_the_flag() {
        let parsed = IriRef::parse("http://a/b?c#d").unwrap();
        assert!(parsed.positions().known_ascii());
        assert!(matches!(parsed.to_uri().into_inner(), Cow::Borrowed(_)));
        let base = Iri::parse("http://a/\u{E9}?\u{E9}").unwrap();
        assert!(!base.positions().known_ascii());
        for (r, want) in [
            ("//b/c", "http://b/c"),
            ("/x", "http://a/x"),
            ("g", "http://a/g"),
        ] {
            let t = base.resolve(&IriRef::parse(r).unwrap());
            assert!(!t.positions().known_ascii(), "{r}");
            let u = t.to_uri();
            assert_eq!(u, want);
            assert!(u.positions().known_ascii());
            assert!(matches!(u.into_inner(), Cow::Borrowed(_)), "{r}");
            let mut buf = String::new();
            assert_eq!(IriRef::from(t.clone()).to_uri_into(&mut buf), want);
        }
        let t = base.resolve(&IriRef::parse("?q").unwrap());
        let u = t.to_uri();
        assert_eq!(u, "http://a/%C3%A9?q");
        assert!(u.positions().known_ascii());
        assert!(matches!(u.into_inner(), Cow::Owned(_)));
        let both = Iri::parse("http://a/b/").unwrap();
        let t = both.resolve(&IriRef::parse("../c?d").unwrap());
        assert!(t.positions().known_ascii());
    }

    /// The count of non-ASCII octets, which places the offsets inside the mapped part,
    /// against a count octet by octet, on long texts of every ending (own).
    #[test]
    fn non_ascii_count_over_long_texts() {
        let naive = |s: &str| s.bytes().filter(|&b| b >= 0x80).count();
        for unit in ["\u{E9}", "\u{4E2D}", "a\u{10300}", "ab"] {
            for reps in [0, 1, 7, 500, 1019, 1020, 1021, 2040, 4100] {
                let s = unit.repeat(reps);
                for cut in 0..4 {
                    let end = s.len().saturating_sub(cut);
                    let end = (0..=end)
                        .rev()
                        .find(|&e| s.is_char_boundary(e))
                        .unwrap_or(0);
                    let t = &s[..end];
                    assert_eq!(
                        count_non_ascii(t.as_bytes()),
                        naive(t),
                        "{unit} {reps} {cut}"
                    );
                }
            }
        }
    }

    #[test]
    fn step_two_keeps_reserved_and_disallowed() {
        assert_eq!(iri("%2f%2F%25%20%3C%7e%41"), "%2f%2F%25%20%3C~A");
    }
}
