//! Internationalized Resource Identifiers (RFC 3987) and URIs (RFC 3986), done strictly.
//!
//! # A tour
//!
//! Parse and take apart (RFC 3987 §2.2); every accessor is a slice of the text:
//!
//! ```
//! use iri::{Host, IriRef};
//!
//! let r = IriRef::parse("http://user@例え.テスト:8080/δοκιμή?q=1#ñ").unwrap();
//! assert_eq!(r.scheme(), Some("http"));
//! assert_eq!(r.userinfo(), Some("user"));
//! assert_eq!(r.host(), Some(Host::RegName("例え.テスト")));
//! assert_eq!(r.port_number(), Some(8080));
//! assert_eq!(r.path(), "/δοκιμή");
//! assert_eq!(r.query(), Some("q=1"));
//! assert_eq!(r.fragment(), Some("ñ"));
//! ```
//!
//! Errors say what, where and why:
//!
//! ```
//! let err = iri::IriRef::parse("http://a/b\u{202E}c").unwrap_err();
//! assert_eq!(err.kind(), iri::ErrorKind::BidiFormatting);
//! assert_eq!(
//!     err.to_string(),
//!     "invalid IRI reference: U+202E RIGHT-TO-LEFT OVERRIDE at byte 10 in the path is a \
//!      bidi formatting character, which IRIs must not contain (RFC 3987 §4.1)"
//! );
//! ```
//!
//! Resolve and relativize (RFC 3986 §5.2):
//!
//! ```
//! use iri::{Iri, IriRef};
//!
//! let base = Iri::parse("http://example.org/wiki/Zürich").unwrap();
//! let target = base.resolve(&IriRef::parse("../w/index.php?title=Genève").unwrap());
//! assert_eq!(target, "http://example.org/w/index.php?title=Genève");
//! assert_eq!(base.relativize(&target).unwrap(), "/w/index.php?title=Genève");
//! let page = Iri::parse("http://example.org/wiki/Genève").unwrap();
//! assert_eq!(base.relativize(&page).unwrap(), "Genève");
//! ```
//!
//! Map to a URI (RFC 3987 §3.1) and back (§3.2):
//!
//! ```
//! use iri::{Iri, Uri};
//!
//! let iri = Iri::parse("http://example.org/résumé").unwrap();
//! let uri = iri.to_uri();
//! assert_eq!(uri, "http://example.org/r%C3%A9sum%C3%A9");
//! assert_eq!(uri.to_iri(), "http://example.org/résumé");
//! ```
//!
//! # Types
//!
//! | type | grammar | |
//! |---|---|---|
//! | [`IriRef`] | `IRI-reference` | IRI or relative reference |
//! | [`Iri`] | `IRI` | absolute, optional fragment; the base of resolution |
//! | [`UriRef`] | `URI-reference` | ASCII; converts into [`IriRef`] for free |
//! | [`Uri`] | `URI` | ASCII; converts into [`Iri`] for free |
//!
//! Each is generic over its storage (`&str`, `String`, `Box<str>`, `Arc<str>`, `Cow<str>`)
//! and holds 16 bytes of offsets besides it. `absolute-IRI` and `irelative-ref` are parsed by
//! [`Iri::parse_absolute`] and [`IriRef::parse_relative`]; [`validate`] checks any [`Kind`]
//! without building a value.
//!
//! # Features
//!
//! - `std` (default): nothing in the core needs it; the crate is `no_std` + `alloc` without it.
//! - `unicode` (default): NFC and NFKC in [`Normalizer`] (RFC 3987 §5.3.2.2, §7.5), with
//!   `icu_normalizer`; the bidi rules and display forms of [`bidi`] (§4), with `unicode-bidi`
//!   (the algorithm); the diagnostics of [`lint`] (§4, §6.1, §7.5, §8); finding IRIs in text
//!   and documents ([`extract`], §7.3). The Unicode data (normalization, bidi classes, general
//!   categories, scripts, blocks) is ICU4X's (`icu_normalizer`, `icu_properties`), which `idna`
//!   brings too, so that each table is carried once; the diagnostics add small UTS #39 tables
//!   of their own (skeletons that are ASCII, `Default_Ignorable`).
//! - `idna` (default): UTS #46 for host names ([`idn`]): IDN equivalence at
//!   [`Level::Scheme`] and ToASCII / ToUnicode in the mappings, with the `idna` crate.
//!   With `unicode`, it brings [`inspect`]: everything the library says about one reference,
//!   as one plain value.
//! - `encoding`: legacy charsets with `encoding_rs` ([`legacy`]): step 1 of the IRI→URI
//!   mapping from bytes in a known charset, the http/https query exception, legacy
//!   percent-encoding and readings of incoming URIs (RFC 3987 §3.1, §7.7), and IRIs in
//!   documents in any charset ([`extract::extract_document`]). Pre-processing and the lenient
//!   grammar of [`legacy`] are in the core.
//! - `serde`: `Serialize` for every type, `Deserialize` for the `String`-backed ones.
//!
//! # Legacy input (RFC 3987 §3.1, §7.7; the IRI processing draft §4)
//!
//! Lenient parsing is an explicit mode: each character only the wider grammar allows is a
//! warning, and the value holds the strict IRI with those characters percent-encoded.
//!
//! ```
//! use iri::legacy::{LenientIriRef, ParseMode};
//! let r = LenientIriRef::parse("http://example.org/a b", ParseMode::Lenient).unwrap();
//! assert_eq!(r.warnings()[0].offset, 20);
//! assert_eq!(r.to_uri(), "http://example.org/a%20b");
//! ```
//!
//! # IRIs in text and documents (RFC 3987 §7.3)
//!
//! [`extract`] finds IRI candidates in running text, HTML and XML, with their spans:
//!
//! ```
//! let found: Vec<_> = iri::extract::find_iris("see <http://example.org/ä> or http://a/b.")
//!     .map(|c| c.text)
//!     .collect();
//! assert_eq!(found, ["http://example.org/ä", "http://a/b"]);
//! ```
//!
//! # Scheme knowledge
//!
//! [`scheme`] holds what is known per scheme: default ports and DNS hosts for the comparison
//! ladder ([`SchemeRegistry`]), and views of `mailto`, `data`, `file`, `urn` and `javascript`
//! IRIs ([`scheme::mailto`], [`scheme::data`], [`scheme::file`](mod@scheme::file),
//! [`scheme::urn`], [`scheme::javascript`]).
//!
//! # The comparison ladder (RFC 3987 §5)
//!
//! ```
//! use iri::{equivalence_level, IriRef, Level, Normalizer};
//! let a = IriRef::parse("http://example.com").unwrap();
//! let b = IriRef::parse("HTTP://example.com:80/").unwrap();
//! assert_eq!(equivalence_level(&a, &b), Some(Level::Scheme));
//! assert_eq!(Normalizer::scheme().normalize(&b), "http://example.com/");
//! ```
#![cfg_attr(not(test), no_std)]
// docs.rs builds with `--cfg docsrs` and shows which feature each gated item needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` appears only in `scan` (SIMD loads and calls), which allows it for itself alone.
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

#[cfg(feature = "unicode")]
pub mod bidi;
mod build;
pub mod bytes;
mod convert;
#[cfg(feature = "unicode")]
pub mod extract;
#[cfg(feature = "idna")]
pub mod idn;
#[cfg(all(feature = "unicode", feature = "idna"))]
pub mod inspect;
pub mod legacy;
#[cfg(feature = "unicode")]
pub mod lint;
#[cfg(feature = "unicode")]
mod nf;
mod normalize;
mod parser;
mod resolve;
mod scan;
pub mod scheme;
mod split;
pub mod template;
mod text;
mod types;

// The byte and character level and the types, under their old paths (`crate::chars`, …).
use text::{buf, chars, pct, utf8};
use types::{error, host, iri, uri};

/// Entry points for the fuzz targets into checks of private code, built only when `cargo
/// fuzz` builds the crate (`--cfg fuzzing`); not part of the API.
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing {
    /// The `scan` target: every version of each byte scan against the one-byte-at-a-time
    /// one, and the IRI→URI octet writers against `%HH` per octet; panics on a difference.
    pub fn scan(data: &[u8]) {
        crate::scan::fuzz::check(data);
    }
}

pub use crate::build::{encode, Builder, PairSyntax, QueryPair, QueryPairs};
pub use crate::chars::{is_bidi_formatting, is_default_ignorable, is_iprivate, is_ucschar};
pub use crate::error::{Component, ErrorKind, Hint, ParseError};
pub use crate::host::{Host, HostKind};
pub use crate::iri::{Iri, IriRef, PathSegments};
pub use crate::legacy::{LenientIriRef, ParseMode};
pub use crate::normalize::{
    equivalence_level, equivalent, Form, Level, NormalizedKey, Normalizer, Steps,
};
pub use crate::parser::{validate, Kind};
pub use crate::resolve::{remove_dot_segments, RelativizeError, ResolveOptions, UnknownPreset};
pub use crate::scheme::{SchemeInfo, SchemeRegistry};
pub use crate::split::Components;
pub use crate::uri::{Uri, UriRef};

/// The crate's own README (the one crates.io shows), run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadmeDoctests;
