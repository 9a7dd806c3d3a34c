//! The scheme-based rung of the comparison ladder (RFC 3987 §5.3.3) applies what the `urn`
//! and `mailto` views know about case: the NID of a URN is case-insensitive (RFC 8141 §3.1),
//! and so is the domain of a mailto address (RFC 6068 §6.1), while the NSS and the local part
//! keep their case.

#![cfg(feature = "idna")]

use iri::{equivalence_level, IriRef, Level, Normalizer};

fn scheme_normal(s: &str) -> String {
    let r = IriRef::parse(s).unwrap();
    Normalizer::scheme().normalize(&r).as_str().to_owned()
}

fn level(a: &str, b: &str) -> Option<Level> {
    equivalence_level(&IriRef::parse(a).unwrap(), &IriRef::parse(b).unwrap())
}

#[test]
fn urn_nid_is_case_insensitive() {
    // RFC 8141 §3.1's examples: these three are equivalent.
    for s in ["URN:example:a123,z456", "urn:EXAMPLE:a123,z456"] {
        assert!(level("urn:example:a123,z456", s).is_some(), "{s}");
    }
    assert_eq!(level("urn:ISBN:1", "urn:isbn:1"), Some(Level::Scheme));
    assert_eq!(
        scheme_normal("urn:ISBN:0-395-36341-1"),
        "urn:isbn:0-395-36341-1"
    );
    // The NSS keeps its case (RFC 8141 §3.1: `urn:example:A123,z456` is another URN).
    assert_eq!(
        level("urn:example:A123,z456", "urn:example:a123,z456"),
        None
    );
    // A path that is no NID is left as it is.
    assert_eq!(scheme_normal("urn:X:y"), "urn:X:y");
    // Below the scheme rung, nothing changes.
    let r = IriRef::parse("urn:ISBN:1").unwrap();
    assert_eq!(Normalizer::syntax().normalize(&r).as_str(), "urn:ISBN:1");
}

#[test]
fn mailto_domain_is_case_insensitive() {
    assert_eq!(
        level("mailto:a@EXAMPLE.com", "mailto:a@example.com"),
        Some(Level::Scheme)
    );
    assert_eq!(
        scheme_normal("mailto:Joe@Example.ORG,Ann@EXAMPLE.net?subject=Hi%2Fthere"),
        "mailto:Joe@example.org,Ann@example.net?subject=Hi%2Fthere"
    );
    // The local part keeps its case; the hex digits of an escape keep theirs.
    assert_eq!(level("mailto:A@example.com", "mailto:a@example.com"), None);
    assert_eq!(scheme_normal("mailto:a@EX%C3%A9.COM"), "mailto:a@exé.com");
    assert_eq!(scheme_normal("mailto:a@B%5B.COM"), "mailto:a@b%5B.com");
}
