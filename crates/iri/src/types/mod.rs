//! The public types of references and their parts, RFC 3987 §2.2 and RFC 3986 §3–§4:
//! [`IriRef`](crate::IriRef) and [`Iri`](crate::Iri) (`iri.rs`), [`UriRef`](crate::UriRef)
//! and [`Uri`](crate::Uri) (`uri.rs`), [`Host`](crate::Host) (`host.rs`), the errors
//! of parsing (`error.rs`), and how a reference's text is composed from its components
//! (`compose.rs`: `Positions` and the rules every writer of a new text follows).
//!
//! These files hold the types, their constructors and their component accessors. The
//! operations on them are implemented beside the rule each one follows, as further `impl`
//! blocks: the mappings (`to_uri`, `to_iri`) in `crate::convert`, resolution and
//! relativization in `crate::resolve::api`, normalization and comparison in
//! `crate::normalize`; ARCHITECTURE.md lists them.

pub(crate) mod compose;
pub(crate) mod error;
pub(crate) mod host;
pub(crate) mod iri;
pub(crate) mod uri;
