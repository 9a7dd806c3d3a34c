//! The legacy world: lenient input, legacy charsets, incoming URIs in old encodings.
//!
//! | what | spec | where | needs |
//! |---|---|---|---|
//! | trimming, splitting, `%20`, numeric character references | IRI processing draft §4 | [`preprocess`](self#pre-processing) | core |
//! | the wider grammar (space, `<`, `>`, `"`, `{`, `}`, `\|`, `\`, `^`, `` ` ``; LEIRI controls) as a parse mode | RFC 3987 §3.1; 2002 draft §2.2; W3C LEIRI note | [`LenientIriRef`] | core |
//! | IPv6 zone identifiers (`[fe80::a%25en1]`), opt-in | RFC 6874 §2 | [`ZonedIriRef`] | core |
//! | step 1 of the IRI→URI mapping: paper (NFC), legacy bytes (transcode + NFC), Unicode (as is) | RFC 3987 §3.1 | [`Source`] | `encoding` |
//! | legacy percent-encoding (`M%E4rz`) | 2001 IUC paper, Tables 1–2 | [`encode_in`] | `encoding` |
//! | the http/https query exception | RFC 3987 §3.1 note; processing draft §6.1 | [`DocumentCharset`] | `encoding` |
//! | readings of incoming URIs in several charsets | RFC 3987 §7.7 | [`interpret`] | `encoding` |
//!
//! Pre-processing and the lenient grammar need no dependency, so they are in the `no_std`
//! core; the charset work uses `encoding_rs` (and NFC from `unicode-normalization`) and is
//! behind the `encoding` feature.
//!
//! # Pre-processing
//!
//! ```
//! use iri::legacy::{CharRefs, Preprocessor, Whitespace};
//! let p = Preprocessor::new(Whitespace::EncodeSpaces).char_refs(CharRefs::Decode);
//! assert_eq!(p.single("  http://example.org/r&#xE9;sum&#233; 2024.pdf\r\n")?, "http://example.org/résumé%202024.pdf");
//! # Ok::<(), iri::legacy::CharRefError>(())
//! ```
//!
//! # The wider grammar
//!
//! ```
//! use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
//! let r = LenientIriRef::parse("http://example.org/{id}/a b", ParseMode::Lenient)?;
//! assert_eq!(r.warnings().len(), 3);
//! assert_eq!(r.to_uri(), "http://example.org/%7Bid%7D/a%20b");
//! assert!(r.to_uri_with(ExtraChars::Fail).is_err());
//! # Ok::<(), iri::ParseError>(())
//! ```
//!
//! Left out here: finding IRIs in running text and documents, and scheme-specific views,
//! which are other modules' work.

mod lenient;
mod preprocess;
mod zone;

#[cfg(feature = "encoding")]
mod charset;
#[cfg(feature = "encoding")]
mod incoming;
#[cfg(feature = "encoding")]
mod query;

pub use lenient::{ExtraCharError, ExtraChars, LenientIriRef, ParseMode, WideKind, Widened};
pub use preprocess::{
    decode_char_refs, split_references, trim, CharRefError, CharRefErrorKind, CharRefs,
    Preprocessor, Reference, SplitReferences, Whitespace,
};
pub use zone::ZonedIriRef;

#[cfg(feature = "encoding")]
pub use charset::{
    encode_in, Charset, DecodeError, Source, UnknownCharset, Unmappable, UnmappableError,
};
#[cfg(feature = "encoding")]
pub use incoming::{interpret, Candidate, InterpretError};
#[cfg(feature = "encoding")]
pub use query::DocumentCharset;
