//! The http/https query exception of the IRI→URI mapping (RFC 3987 §3.1 note; IRI processing
//! draft §6.1).
//!
//! For compatibility with deployed HTTP servers, when an IRI with the scheme `http` or
//! `https` comes from a document whose charset is not a Unicode encoding, its query is
//! mapped to a URI through the document's charset rather than UTF-8 before percent-encoding.
//! Nothing else changes: other schemes, and the other components of http(s) IRIs, use the
//! UTF-8 mapping of §3.1 step 2, and so does every IRI from a UTF-8 or UTF-16 document.
//! In the query, ASCII characters and existing percent-encodings stay as they are. Of the
//! octets the charset gives for a non-ASCII character, those of the ASCII characters that the
//! query allows and does not use as delimiters stay as those characters: the unreserved ones,
//! which producers should not percent-encode (RFC 3986 §2.3), and `:`, `@`, `/`, `?` (§3.4).
//! Every other octet becomes `%HH`: the octets ≥ 0x80, the sub-delimiters (`&`, `=`, `;`, `+`
//! delimit the data of most queries, and data that would conflict with a delimiter must be
//! percent-encoded, §2.2), and the characters no URI holds (`\`, `[`, `{`, `|`, …). So
//! Shift_JIS, whose second octet may be ASCII, gives `%83p` for パ (0x83 0x70), as browsers
//! send it, and `%83%5C` for ソ (0x83 0x5C).
//!
//! A character the charset cannot represent is handled as [`Unmappable`] says: by default
//! the mapping fails with the character and its offset; [`Unmappable::Utf8`] writes its
//! UTF-8 octets instead; [`Unmappable::NumericReference`] does what HTML forms do (the
//! character as `&#NNNN;` in the charset, percent-encoded). `encoding_rs`'s own fallback
//! (`&#NNNN;` with `had_errors` set) is never taken silently.

use alloc::string::String;
use core::fmt;

use super::charset::{encode_into, Charset, Kept, Unmappable, UnmappableError};
use crate::parser::Positions;
use crate::{IriRef, UriRef};

/// The document charset of an IRI and what to do with characters it cannot represent: the
/// query exception of RFC 3987 §3.1.
///
/// ```
/// use iri::legacy::{Charset, DocumentCharset, Unmappable};
/// use iri::IriRef;
/// let doc = DocumentCharset::new(Charset::for_label("iso-8859-1").unwrap());
/// let r = IriRef::parse("http://example.org/März?q=März#März").unwrap();
/// assert_eq!(doc.to_uri(&r).unwrap(), "http://example.org/M%C3%A4rz?q=M%E4rz#M%C3%A4rz");
/// // Not for other schemes.
/// let f = IriRef::parse("ftp://example.org/?q=März").unwrap();
/// assert_eq!(doc.to_uri(&f).unwrap(), "ftp://example.org/?q=M%C3%A4rz");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DocumentCharset {
    charset: Charset,
    unmappable: Unmappable,
}

impl DocumentCharset {
    /// The exception for a document in `charset`, failing on characters it cannot represent.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// let doc = DocumentCharset::new(Charset::utf8());
    /// assert_eq!(doc.charset(), Charset::utf8());
    /// ```
    pub fn new(charset: Charset) -> Self {
        DocumentCharset {
            charset,
            unmappable: Unmappable::Fail,
        }
    }

    /// Sets what to do with characters the charset cannot represent.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset, Unmappable};
    /// use iri::IriRef;
    /// let doc = DocumentCharset::new(Charset::for_label("shift_jis").unwrap());
    /// let r = IriRef::parse("http://a/?q=日本€").unwrap();
    /// assert!(doc.to_uri(&r).is_err());
    /// let forms = doc.unmappable(Unmappable::NumericReference);
    /// assert_eq!(forms.to_uri(&r).unwrap(), "http://a/?q=%93%FA%96%7B%26%238364%3B");
    /// let utf8 = doc.unmappable(Unmappable::Utf8);
    /// assert_eq!(utf8.to_uri(&r).unwrap(), "http://a/?q=%93%FA%96%7B%E2%82%AC");
    /// ```
    pub fn unmappable(mut self, unmappable: Unmappable) -> Self {
        self.unmappable = unmappable;
        self
    }

    /// The charset.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// let c = Charset::for_label("koi8-r").unwrap();
    /// assert_eq!(DocumentCharset::new(c).charset(), c);
    /// ```
    pub fn charset(&self) -> Charset {
        self.charset
    }

    /// Whether the exception applies to `iri`: the scheme is http or https (any case), it
    /// has a query, and the charset is not a Unicode encoding.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// use iri::IriRef;
    /// let doc = DocumentCharset::new(Charset::for_label("euc-jp").unwrap());
    /// assert!(doc.applies_to(&IriRef::parse("HTTPS://a/?x").unwrap()));
    /// assert!(!doc.applies_to(&IriRef::parse("https://a/").unwrap()));
    /// assert!(!doc.applies_to(&IriRef::parse("mailto:a@b?subject=x").unwrap()));
    /// assert!(!DocumentCharset::new(Charset::utf8()).applies_to(&IriRef::parse("http://a/?x").unwrap()));
    /// ```
    pub fn applies_to<T: AsRef<str>>(&self, iri: &IriRef<T>) -> bool {
        let http = iri
            .scheme()
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        http && iri.has_query() && !self.charset.is_unicode()
    }

    /// The query of `iri` mapped through the charset, when the exception applies; `None`
    /// when it does not (the UTF-8 mapping is then the right one). Error offsets are in the
    /// IRI's text.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// use iri::IriRef;
    /// let doc = DocumentCharset::new(Charset::for_label("koi8-r").unwrap());
    /// let r = IriRef::parse("http://a/?город").unwrap();
    /// assert_eq!(doc.map_query(&r).unwrap().as_deref(), Some("%C7%CF%D2%CF%C4"));
    /// ```
    pub fn map_query<T: AsRef<str>>(
        &self,
        iri: &IriRef<T>,
    ) -> Result<Option<String>, UnmappableError> {
        if !self.applies_to(iri) {
            return Ok(None);
        }
        let q = iri.query().unwrap_or("");
        let at = q.as_ptr() as usize - iri.as_str().as_ptr() as usize;
        let mut out = String::with_capacity(q.len() * 3);
        encode_into(q, self.charset, self.unmappable, Kept::Query, &mut out)
            .map_err(|e| e.shifted(at))?;
        Ok(Some(out))
    }

    /// Maps `iri` to a URI reference (RFC 3987 §3.1) with the query exception: the query of
    /// an http or https IRI through the charset, everything else through UTF-8.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// use iri::IriRef;
    /// let doc = DocumentCharset::new(Charset::for_label("windows-1258").unwrap());
    /// // windows-1258 writes ệ as ê + COMBINING DOT BELOW.
    /// let r = IriRef::parse("http://a/Vi\u{1EC7}t?q=Vi\u{1EC7}t").unwrap();
    /// assert_eq!(doc.to_uri(&r).unwrap(), "http://a/Vi%E1%BB%87t?q=Vi%EA%F2t");
    /// ```
    pub fn to_uri<T: AsRef<str>>(
        &self,
        iri: &IriRef<T>,
    ) -> Result<UriRef<String>, UnmappableError> {
        let uri = iri.to_uri();
        let query = self.map_query(iri)?;
        Ok(match query {
            None => uri.into_owned(),
            Some(q) => with_query(&uri, &q),
        })
    }

    /// Replaces the query of `uri`, the URI that `iri` was mapped to by any means (for
    /// example with ToASCII on the host), by the query through the charset when the
    /// exception applies to `iri`.
    ///
    /// ```
    /// use iri::legacy::{Charset, DocumentCharset};
    /// use iri::{IriRef, UriRef};
    /// let doc = DocumentCharset::new(Charset::for_label("latin1").unwrap());
    /// let r = IriRef::parse("http://résumé.example/?q=é").unwrap();
    /// let ace = UriRef::parse("http://xn--rsum-bpad.example/?q=%C3%A9").unwrap();
    /// assert_eq!(doc.apply(&r, &ace).unwrap(), "http://xn--rsum-bpad.example/?q=%E9");
    /// ```
    pub fn apply<T: AsRef<str>, U: AsRef<str>>(
        &self,
        iri: &IriRef<T>,
        uri: &UriRef<U>,
    ) -> Result<UriRef<String>, UnmappableError> {
        Ok(match self.map_query(iri)? {
            None => uri.as_borrowed().into_owned(),
            Some(q) => with_query(uri, &q),
        })
    }
}

impl fmt::Display for DocumentCharset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.charset.fmt(f)
    }
}

/// `uri` with its query replaced by `new` (ASCII `query` characters and `%HH`, so the
/// structure is unchanged: only the end of the query moves).
fn with_query<U: AsRef<str>>(uri: &UriRef<U>, new: &str) -> UriRef<String> {
    let text = uri.as_str();
    let pos = uri.positions();
    let Some(q) = uri.query() else {
        return uri.as_borrowed().into_owned();
    };
    let start = q.as_ptr() as usize - text.as_ptr() as usize;
    let end = start + q.len();
    let mut out = String::with_capacity(text.len() - q.len() + new.len());
    out.push_str(&text[..start]);
    out.push_str(new);
    out.push_str(&text[end..]);
    let query_end = (start + new.len()) as u32;
    let pos = Positions::new(pos.scheme_end, pos.auth_end, pos.path_end, query_end);
    UriRef::from_parts(out, pos.ascii_if(true))
}
