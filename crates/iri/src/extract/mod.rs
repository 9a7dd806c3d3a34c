//! Finding IRIs in text and in documents (RFC 3987 §7.3; RFC 3986 Appendix C).
//!
//! - [`find_iris`]: IRI candidates in plain text, with byte spans, lines and columns; where
//!   an IRI ends in prose is decided by Unicode properties (general category, script, block),
//!   which is why this module needs the `unicode` feature.
//! - [`extract_text`], [`extract_markup`]: candidates in plain text or in HTML/XML that is
//!   already text, parsed, resolved against the document's base and mapped to URIs.
//! - [`extract_document`] (feature `encoding`): the same over bytes in any charset, detected
//!   from a BOM, `<meta charset>` or the XML declaration, or given by the caller, and brought
//!   to NFC when the charset is not a Unicode one (RFC 3987 §3.1 step 1b).
//!
//! Each module says what it deliberately leaves out.

#[cfg(feature = "encoding")]
pub mod charset;
#[cfg(feature = "encoding")]
pub mod document;
mod entities;
pub mod markup;
pub mod text;

#[cfg(feature = "encoding")]
pub use document::{
    extract_document, extract_document_each, extract_text_each_nfc, sniff_kind, CharsetSource,
    Document, DocumentKind, DocumentOptions, UnknownCharset,
};
pub use markup::{
    extract_markup, extract_markup_each, extract_text, extract_text_each, Found, MarkupKind,
    MarkupOptions, Place, Resolved, URL_ATTRIBUTES,
};
pub use text::{find_iris, Delimiter, TextMatch, TextMatches, OPAQUE_SCHEMES};
