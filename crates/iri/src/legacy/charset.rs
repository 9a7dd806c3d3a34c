//! Legacy charsets: step 1 of the IRI→URI mapping in its three variants (RFC 3987 §3.1), and
//! percent-encoding text through a legacy charset, as URIs made before UTF-8 were (the 2001
//! IUC paper, Table 1).
//!
//! **Step 1** makes a UCS character sequence from the IRI's original form ([`Source`]):
//! - a. text independent of any encoding (written on paper, read aloud): NFC;
//! - b. bytes in a known non-Unicode charset: transcoded (`encoding_rs`), then NFC;
//! - c. text in a Unicode encoding (UTF-8, UTF-16): left exactly as it is.
//!
//! The Vietnamese note of §3.1 is why b normalizes: windows-1258 writes "Việt" as `ê` plus
//! U+0323 COMBINING DOT BELOW, and NFC makes U+1EC7 of it.
//!
//! **Legacy URIs.** Before UTF-8, the characters of a resource name were turned into bytes in
//! some charset and each non-ASCII byte into `%HH` ([`encode_in`]): `März` became `M%E4rz`
//! in iso-8859-1 and `M%8Arz` in macintosh. Those URIs are IRIs as they are: the paper's
//! Table 2 gives `M%E4rz` as both the IRI and the URI, because writing `ä` in the IRI would
//! mean the UTF-8 octets `%C3%A4`, another resource; and RFC 3987 §3.2 leaves `%E4` and `%8A`
//! encoded, since they are not UTF-8.
//!
//! Charsets are those of the WHATWG Encoding Standard, by label ([`Charset::for_label`]):
//! `iso-8859-1` and `us-ascii` are labels of windows-1252 there, and the labels that map to
//! the "replacement" encoding are refused. A leading byte order mark of the charset is a
//! signature, not text, and is removed.
//!
//! Characters a charset cannot represent are handled as [`Unmappable`] says. Before that
//! policy applies, a character is tried in a canonically equivalent, partly decomposed form
//! (a base letter composed with some of its marks, the other marks after it): windows-1258
//! represents `ệ` only as `ê` + U+0323.

use alloc::borrow::Cow;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use encoding_rs::{DecoderResult, EncoderResult, Encoding};

use crate::chars::{is, UNRESERVED};
use crate::pct::{push_pct, push_pct_char};

/// A character encoding of the WHATWG Encoding Standard (through `encoding_rs`).
///
/// ```
/// use iri::legacy::Charset;
/// let latin1 = Charset::for_label("ISO-8859-1").unwrap();
/// assert_eq!(latin1.name(), "windows-1252");
/// assert!(!latin1.is_unicode());
/// assert!(Charset::for_label("utf-16le").unwrap().is_unicode());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Charset(&'static Encoding);

impl Charset {
    /// The charset a label names (case-insensitive, surrounding ASCII whitespace ignored, as
    /// the Encoding Standard says).
    ///
    /// ```
    /// use iri::legacy::Charset;
    /// assert_eq!(Charset::for_label("Shift_JIS").unwrap().name(), "Shift_JIS");
    /// let err = Charset::for_label("klingon").unwrap_err();
    /// assert_eq!(err.to_string(), "unknown charset label \"klingon\" (the labels of the WHATWG Encoding Standard are accepted)");
    /// assert!(Charset::for_label("iso-2022-kr").is_err()); // the replacement encoding
    /// ```
    pub fn for_label(label: &str) -> Result<Charset, UnknownCharset> {
        match Encoding::for_label(label.as_bytes()) {
            Some(e) if e == encoding_rs::REPLACEMENT => Err(UnknownCharset {
                label: label.to_string(),
                replacement: true,
            }),
            Some(e) => Ok(Charset(e)),
            None => Err(UnknownCharset {
                label: label.to_string(),
                replacement: false,
            }),
        }
    }

    /// UTF-8.
    ///
    /// ```
    /// assert_eq!(iri::legacy::Charset::utf8().name(), "UTF-8");
    /// ```
    pub fn utf8() -> Charset {
        Charset(encoding_rs::UTF_8)
    }

    /// The charset of an `encoding_rs` encoding (`None` for the replacement encoding).
    ///
    /// ```
    /// use iri::legacy::Charset;
    /// assert_eq!(Charset::from_encoding(encoding_rs::EUC_JP).unwrap().name(), "EUC-JP");
    /// ```
    pub fn from_encoding(encoding: &'static Encoding) -> Option<Charset> {
        (encoding != encoding_rs::REPLACEMENT).then_some(Charset(encoding))
    }

    /// The `encoding_rs` encoding.
    ///
    /// ```
    /// assert_eq!(iri::legacy::Charset::utf8().encoding(), encoding_rs::UTF_8);
    /// ```
    pub fn encoding(self) -> &'static Encoding {
        self.0
    }

    /// The canonical name.
    ///
    /// ```
    /// assert_eq!(iri::legacy::Charset::for_label("mac").unwrap().name(), "macintosh");
    /// ```
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Whether the charset is a Unicode encoding (UTF-8, UTF-16LE, UTF-16BE): step 1
    /// variant c, and no query exception.
    ///
    /// ```
    /// assert!(!iri::legacy::Charset::for_label("euc-jp").unwrap().is_unicode());
    /// ```
    pub fn is_unicode(self) -> bool {
        self.0 == encoding_rs::UTF_8
            || self.0 == encoding_rs::UTF_16LE
            || self.0 == encoding_rs::UTF_16BE
    }
}

impl fmt::Display for Charset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A charset label that names no usable charset.
///
/// ```
/// let err = iri::legacy::Charset::for_label("csiso2022kr").unwrap_err();
/// assert_eq!(err.label(), "csiso2022kr");
/// assert!(err.to_string().contains("replacement"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownCharset {
    label: String,
    replacement: bool,
}

impl UnknownCharset {
    /// The kind of this failure, a stable kebab-case name (`"unknown-charset"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// assert_eq!(iri::legacy::Charset::for_label("x").unwrap_err().kind(), "unknown-charset");
    /// ```
    pub fn kind(&self) -> &'static str {
        "unknown-charset"
    }

    /// The label as given.
    ///
    /// ```
    /// assert_eq!(iri::legacy::Charset::for_label("x").unwrap_err().label(), "x");
    /// ```
    pub fn label(&self) -> &str {
        &self.label
    }
}

impl fmt::Display for UnknownCharset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.replacement {
            write!(
                f,
                "the charset label {:?} names the Encoding Standard's replacement encoding, \
                 which decodes nothing and encodes nothing",
                self.label
            )
        } else {
            write!(
                f,
                "unknown charset label {:?} (the labels of the WHATWG Encoding Standard are \
                 accepted)",
                self.label
            )
        }
    }
}

impl core::error::Error for UnknownCharset {}

/// The original form of an IRI, for step 1 of the IRI→URI mapping (RFC 3987 §3.1).
///
/// ```
/// use iri::legacy::{Charset, Source};
/// let windows_1258 = Charset::for_label("windows-1258").unwrap();
/// // "Việt" in windows-1258: 'ê' (0xEA) then COMBINING DOT BELOW (0xF2).
/// let b = Source::Bytes { bytes: b"Vi\xEA\xF2t", charset: windows_1258 };
/// assert_eq!(b.to_ucs().unwrap(), "Vi\u{1EC7}t");
/// assert_eq!(Source::Characters("Vie\u{302}\u{323}t").to_ucs().unwrap(), "Vi\u{1EC7}t");
/// assert_eq!(Source::Unicode("Vie\u{302}\u{323}t").to_ucs().unwrap(), "Vie\u{302}\u{323}t");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source<'a> {
    /// Variant a: written on paper, read aloud, or otherwise characters independent of any
    /// encoding; brought to NFC.
    Characters(&'a str),
    /// Bytes in a known charset: variant b (transcoded, then NFC) for a non-Unicode charset,
    /// variant c (decoded, not normalized) for UTF-8 or UTF-16.
    Bytes {
        /// The octets.
        bytes: &'a [u8],
        /// Their charset.
        charset: Charset,
    },
    /// Variant c: text already in a Unicode encoding; not normalized.
    Unicode(&'a str),
}

impl<'a> Source<'a> {
    /// The UCS character sequence that step 2 maps (RFC 3987 §3.1 step 1). Bytes that are
    /// not valid in their charset are an error with their offset.
    ///
    /// ```
    /// use iri::legacy::{Charset, Source};
    /// let sjis = Charset::for_label("shift_jis").unwrap();
    /// let s = Source::Bytes { bytes: b"/\x93\xfa\x96\x7b", charset: sjis };
    /// assert_eq!(s.to_ucs().unwrap(), "/日本");
    /// let bad = Source::Bytes { bytes: b"/\x93", charset: sjis };
    /// assert_eq!(bad.to_ucs().unwrap_err().offset(), 1);
    /// ```
    pub fn to_ucs(&self) -> Result<Cow<'a, str>, DecodeError> {
        match *self {
            Source::Characters(s) => Ok(nfc(s)),
            Source::Unicode(s) => Ok(Cow::Borrowed(s)),
            Source::Bytes { bytes, charset } => {
                let text = decode_strict(bytes, charset)?;
                if charset.is_unicode() {
                    Ok(text)
                } else {
                    Ok(Cow::Owned(nfc(&text).into_owned()))
                }
            }
        }
    }
}

/// `s` in NFC, borrowed when it is already.
fn nfc(s: &str) -> Cow<'_, str> {
    crate::nf::NFC.normalize(s)
}

/// Bytes that are not valid in their charset.
///
/// ```
/// use iri::legacy::{Charset, Source};
/// let utf8 = Charset::utf8();
/// let err = Source::Bytes { bytes: b"M\xE4rz", charset: utf8 }.to_ucs().unwrap_err();
/// assert_eq!(err.to_string(), "byte 1 (0xE4) starts a sequence that is not valid UTF-8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    offset: usize,
    byte: u8,
    charset: Charset,
}

impl DecodeError {
    /// The kind of this failure, a stable kebab-case name (`"undecodable"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// use iri::legacy::{Charset, Source};
    /// let source = Source::Bytes { bytes: b"M\xE4rz", charset: Charset::utf8() };
    /// assert_eq!(source.to_ucs().unwrap_err().kind(), "undecodable");
    /// ```
    pub fn kind(&self) -> &'static str {
        "undecodable"
    }

    /// The offset of the first byte of the malformed sequence.
    ///
    /// ```
    /// use iri::legacy::{Charset, Source};
    /// let s = Source::Bytes { bytes: b"ab\xFF", charset: Charset::utf8() };
    /// assert_eq!(s.to_ucs().unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The charset.
    ///
    /// ```
    /// use iri::legacy::{Charset, Source};
    /// let s = Source::Bytes { bytes: b"\xFF", charset: Charset::utf8() };
    /// assert_eq!(s.to_ucs().unwrap_err().charset(), Charset::utf8());
    /// ```
    pub fn charset(&self) -> Charset {
        self.charset
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "byte {} (0x{:02X}) starts a sequence that is not valid {}",
            self.offset, self.byte, self.charset
        )
    }
}

impl core::error::Error for DecodeError {}

/// Decodes `bytes` in `charset` without replacement (a leading BOM of the charset removed).
pub(crate) fn decode_strict(bytes: &[u8], charset: Charset) -> Result<Cow<'_, str>, DecodeError> {
    if charset.0 == encoding_rs::UTF_8 {
        let b = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        return match core::str::from_utf8(b) {
            Ok(s) => Ok(Cow::Borrowed(s)),
            Err(e) => {
                let offset = e.valid_up_to() + (bytes.len() - b.len());
                Err(DecodeError {
                    offset,
                    byte: bytes[offset],
                    charset,
                })
            }
        };
    }
    let mut decoder = charset.0.new_decoder_with_bom_removal();
    let mut out = String::new();
    let mut read_total = 0;
    loop {
        let need = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len() - read_total)
            .unwrap_or(bytes.len() * 3 + 16);
        out.reserve(need);
        let (result, read) =
            decoder.decode_to_string_without_replacement(&bytes[read_total..], &mut out, true);
        read_total += read;
        match result {
            DecoderResult::InputEmpty => return Ok(Cow::Owned(out)),
            DecoderResult::OutputFull => continue,
            DecoderResult::Malformed(bad, after) => {
                let offset = read_total - after as usize - bad as usize;
                return Err(DecodeError {
                    offset,
                    byte: bytes[offset],
                    charset,
                });
            }
        }
    }
}

/// What to do with a character that a charset cannot represent (after trying its partly
/// decomposed forms).
///
/// ```
/// use iri::legacy::{encode_in, Charset, Unmappable};
/// let latin1 = Charset::for_label("iso-8859-1").unwrap();
/// assert!(encode_in("€€ α", latin1, Unmappable::Fail).is_err());
/// assert_eq!(encode_in("α", latin1, Unmappable::Utf8).unwrap(), "%CE%B1");
/// assert_eq!(encode_in("α", latin1, Unmappable::NumericReference).unwrap(), "%26%23945%3B");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Unmappable {
    /// Fail with an [`UnmappableError`] (the default: nothing is lost silently).
    #[default]
    Fail,
    /// Percent-encode the character's UTF-8 octets instead; the result then mixes two
    /// charsets, which a server may not expect.
    Utf8,
    /// What HTML forms do: write the character as a decimal numeric character reference
    /// `&#NNNN;` in the charset and percent-encode that (`%26%23NNNN%3B`). A server cannot
    /// tell it from the text `&#NNNN;` typed by a user.
    NumericReference,
}

/// A character that a charset cannot represent, under [`Unmappable::Fail`].
///
/// ```
/// use iri::legacy::{encode_in, Charset, Unmappable};
/// let koi8 = Charset::for_label("koi8-r").unwrap();
/// let err = encode_in("Москва-日", koi8, Unmappable::Fail).unwrap_err();
/// assert_eq!((err.ch(), err.offset()), ('日', 13));
/// assert_eq!(err.to_string(), "U+65E5 '日' at byte 13 cannot be represented in KOI8-R");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnmappableError {
    ch: char,
    offset: usize,
    charset: Charset,
}

impl UnmappableError {
    /// The kind of this failure, a stable kebab-case name (`"unmappable"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// use iri::legacy::{encode_in, Charset, Unmappable};
    /// let koi8 = Charset::for_label("koi8-r").unwrap();
    /// assert_eq!(encode_in("日", koi8, Unmappable::Fail).unwrap_err().kind(), "unmappable");
    /// ```
    pub fn kind(&self) -> &'static str {
        "unmappable"
    }

    /// The character.
    ///
    /// ```
    /// use iri::legacy::{encode_in, Charset, Unmappable};
    /// let e = encode_in("ω", Charset::for_label("latin1").unwrap(), Unmappable::Fail);
    /// assert_eq!(e.unwrap_err().ch(), 'ω');
    /// ```
    pub fn ch(&self) -> char {
        self.ch
    }

    /// Its byte offset in the text given.
    ///
    /// ```
    /// use iri::legacy::{encode_in, Charset, Unmappable};
    /// let e = encode_in("aω", Charset::for_label("latin1").unwrap(), Unmappable::Fail);
    /// assert_eq!(e.unwrap_err().offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The charset.
    ///
    /// ```
    /// use iri::legacy::{encode_in, Charset, Unmappable};
    /// let e = encode_in("ω", Charset::for_label("latin1").unwrap(), Unmappable::Fail);
    /// assert_eq!(e.unwrap_err().charset().name(), "windows-1252");
    /// ```
    pub fn charset(&self) -> Charset {
        self.charset
    }

    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }
}

impl fmt::Display for UnmappableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::error::fmt_char(f, self.ch)?;
        write!(
            f,
            " at byte {} cannot be represented in {}",
            self.offset, self.charset
        )
    }
}

impl core::error::Error for UnmappableError {}

/// Percent-encodes `text` through `charset` as URIs were made before UTF-8 (the 2001 IUC
/// paper, Table 1): ASCII characters stay as they are; of the octets that `charset` gives
/// for a non-ASCII character, those of unreserved ASCII characters (letters, digits, `-`,
/// `.`, `_`, `~`) stay as those characters, which producers should not percent-encode
/// (RFC 3986 §2.3), and every other octet becomes `%HH` (upper-case hex), so that a
/// multi-byte charset's trail octet never reads as a delimiter (§2.2). Characters `charset`
/// cannot represent are handled as `unmappable` says. For a Unicode charset this is the
/// UTF-8 mapping of RFC 3987 §3.1.
///
/// ```
/// use iri::legacy::{encode_in, Charset, Unmappable};
/// let cs = |l| Charset::for_label(l).unwrap();
/// // Table 1 of the paper.
/// assert_eq!(encode_in("März", cs("iso-8859-1"), Unmappable::Fail).unwrap(), "M%E4rz");
/// assert_eq!(encode_in("März", cs("macintosh"), Unmappable::Fail).unwrap(), "M%8Arz");
/// assert_eq!(encode_in("März", cs("utf-8"), Unmappable::Fail).unwrap(), "M%C3%A4rz");
/// // Shift_JIS writes パ as 0x83 0x70 ('p') and ソ as 0x83 0x5C ('\').
/// assert_eq!(encode_in("パソ", cs("shift_jis"), Unmappable::Fail).unwrap(), "%83p%83%5C");
/// ```
pub fn encode_in(
    text: &str,
    charset: Charset,
    unmappable: Unmappable,
) -> Result<Cow<'_, str>, UnmappableError> {
    if text.is_ascii() {
        return Ok(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len() * 3);
    encode_into(text, charset, unmappable, Kept::Unreserved, &mut out)?;
    Ok(Cow::Owned(out))
}

/// Which ASCII octets of a character's encoding stay as they are; every other octet becomes
/// `%HH`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kept {
    /// The unreserved characters (RFC 3986 §2.3), which every component allows as data.
    Unreserved,
    /// Those and `:`, `@`, `/`, `?`: what the query allows (RFC 3986 §3.4) and does not use as
    /// a delimiter. The sub-delimiters are percent-encoded, since queries delimit their data
    /// with them (`&`, `=`, `;`, `+`), and RFC 3986 §2.2 says data that would conflict with a
    /// delimiter must be percent-encoded.
    Query,
}

impl Kept {
    /// Writes one octet of a character's encoding: as it is when kept, else `%HH`.
    #[inline]
    fn push(self, out: &mut String, octet: u8) {
        let kept = is(octet, UNRESERVED)
            || (self == Kept::Query && matches!(octet, b':' | b'@' | b'/' | b'?'));
        if kept {
            out.push(octet as char);
        } else {
            push_pct(out, octet);
        }
    }
}

/// [`encode_in`], appending to `out`, keeping the octets `kept` says.
pub(crate) fn encode_into(
    text: &str,
    charset: Charset,
    unmappable: Unmappable,
    kept: Kept,
    out: &mut String,
) -> Result<(), UnmappableError> {
    if charset.is_unicode() {
        // The octets of a Unicode charset are those of UTF-8 (RFC 3987 §3.1 step 2).
        crate::convert::encode_non_ascii(text, out);
        return Ok(());
    }
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(p) = b[from..].iter().position(|&c| c >= 0x80) {
        let start = from + p;
        out.push_str(&text[from..start]);
        // A run of non-ASCII characters, encoded together (ISO-2022-JP shifts once per run).
        let end = b[start..]
            .iter()
            .position(|&c| c < 0x80)
            .map_or(b.len(), |n| start + n);
        encode_run(&text[start..end], start, charset, unmappable, kept, out)?;
        from = end;
    }
    out.push_str(&text[from..]);
    Ok(())
}

/// Encodes one run of non-ASCII characters (which starts at byte `base` of the text) and
/// percent-encodes every octet that `kept` does not keep.
fn encode_run(
    run: &str,
    base: usize,
    charset: Charset,
    unmappable: Unmappable,
    kept: Kept,
    out: &mut String,
) -> Result<(), UnmappableError> {
    let mut encoder = charset.0.new_encoder();
    let mut bytes: Vec<u8> = Vec::new();
    let mut rest = run;
    let mut consumed = 0;
    let mut pending = String::new();
    loop {
        // A replacement for an unmappable character goes through the same encoder, so that a
        // stateful charset stays in step.
        let src: &str = if pending.is_empty() { rest } else { &pending };
        bytes.clear();
        let need = encoder
            .max_buffer_length_from_utf8_without_replacement(src.len())
            .unwrap_or(src.len() * 8 + 16);
        bytes.reserve(need);
        let last = pending.is_empty();
        let (result, read) =
            encoder.encode_from_utf8_to_vec_without_replacement(src, &mut bytes, last);
        bytes.iter().for_each(|&o| kept.push(out, o));
        if !pending.is_empty() {
            // Replacements are ASCII or mappable by construction; an error would be a bug,
            // and is reported as the character it stands for.
            pending.clear();
            continue;
        }
        consumed += read;
        rest = &run[consumed..];
        match result {
            EncoderResult::InputEmpty => return Ok(()),
            EncoderResult::OutputFull => continue,
            EncoderResult::Unmappable(c) => {
                let at = base + consumed - c.len_utf8();
                if let Some(alt) = decomposed_alternative(c, charset) {
                    pending = alt;
                    continue;
                }
                if unmappable == Unmappable::Fail {
                    return Err(UnmappableError {
                        ch: c,
                        offset: at,
                        charset,
                    });
                }
                // A stateful charset (ISO-2022-JP) goes back to ASCII before the replacement,
                // and a fresh encoder takes the rest.
                bytes.clear();
                bytes.reserve(16);
                let _ = encoder.encode_from_utf8_to_vec_without_replacement("", &mut bytes, true);
                bytes.iter().for_each(|&o| kept.push(out, o));
                encoder = charset.0.new_encoder();
                if unmappable == Unmappable::Utf8 {
                    push_pct_char(out, c);
                } else {
                    // `&#NNNN;` is ASCII, which every charset writes as ASCII in its
                    // initial state.
                    out.push_str("%26%23");
                    out.push_str(&(c as u32).to_string());
                    out.push_str("%3B");
                }
            }
        }
    }
}

/// A canonically equivalent form of `c` that `charset` can represent: the base letter
/// composed with some of its combining marks, followed by the others (as windows-1258 writes
/// Vietnamese). Tries to compose as much as possible first.
fn decomposed_alternative(c: char, charset: Charset) -> Option<String> {
    let nfd: Vec<char> = crate::nf::NFD.normalize_iter(core::iter::once(c)).collect();
    if nfd.len() < 2 || nfd.len() > 5 {
        return None;
    }
    let marks = &nfd[1..];
    let n = marks.len();
    // Subsets of marks to compose, the most marks first.
    let mut masks: Vec<u32> = (0..(1u32 << n)).collect();
    masks.sort_by_key(|m| core::cmp::Reverse(m.count_ones()));
    for mask in masks {
        let mut composed = String::new();
        composed.push(nfd[0]);
        let mut left = String::new();
        for (k, &m) in marks.iter().enumerate() {
            if mask & (1 << k) != 0 {
                composed.push(m);
            } else {
                left.push(m);
            }
        }
        let mut candidate: String = crate::nf::NFC.normalize(&composed).into_owned();
        candidate.push_str(&left);
        if candidate.chars().count() > 1 || candidate != c.to_string() {
            let (_, _, had_errors) = charset.0.encode(&candidate);
            if !had_errors
                && crate::nf::nfc(&candidate).eq(crate::nf::nfc(c.encode_utf8(&mut [0; 4])))
            {
                return Some(candidate);
            }
        }
    }
    None
}
