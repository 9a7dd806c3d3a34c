//! The promises of the public API: layout, storage, borrowing, trait consistency.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use iri::{ErrorKind, Host, Iri, IriRef, Uri, UriRef};

/// A parsed value is its storage plus 16 bytes of offsets (four u32).
#[test]
fn layout_is_storage_plus_16_bytes() {
    use std::mem::size_of;
    assert_eq!(size_of::<IriRef<&str>>(), size_of::<&str>() + 16);
    assert_eq!(size_of::<Iri<String>>(), size_of::<String>() + 16);
    assert_eq!(size_of::<Uri<Box<str>>>(), size_of::<Box<str>>() + 16);
    assert_eq!(size_of::<UriRef<Arc<str>>>(), size_of::<Arc<str>>() + 16);
}

#[test]
fn owned_string_is_moved_not_copied() {
    let s = String::from("http://example.org/ros\u{E9}?q#f");
    let ptr = s.as_ptr();
    let iri = Iri::parse(s).unwrap();
    assert_eq!(iri.as_str().as_ptr(), ptr);
    let back = iri.into_inner();
    assert_eq!(back.as_ptr(), ptr);
}

#[test]
fn every_storage_shares_one_api() {
    let text = "s://h:1/p?q#f";
    let a = IriRef::parse(text).unwrap();
    let b = IriRef::parse(String::from(text)).unwrap();
    let c = IriRef::parse(Box::<str>::from(text)).unwrap();
    let d = IriRef::parse(Arc::<str>::from(text)).unwrap();
    let e = IriRef::parse(Cow::Borrowed(text)).unwrap();
    for r in [
        a.as_borrowed(),
        b.as_borrowed(),
        c.as_borrowed(),
        d.as_borrowed(),
        e.as_borrowed(),
    ] {
        assert_eq!(r.port_number(), Some(1));
        assert_eq!(r.query(), Some("q"));
    }
    assert!(a == b && b == c && c == d && d == e);
}

#[test]
fn uri_converts_into_iri_for_free() {
    let s = String::from("http://xn--rsum-bpad.example.org/a?b#c");
    let ptr = s.as_ptr();
    let uri = Uri::parse(s).unwrap();
    let iri: Iri<String> = uri.into();
    assert_eq!(iri.as_str().as_ptr(), ptr);
    assert_eq!(iri.fragment(), Some("c"));
    let r: IriRef<String> = iri.into();
    assert_eq!(r.scheme(), Some("http"));
    let u = UriRef::parse("../x").unwrap();
    let ir: IriRef<&str> = u.into();
    assert_eq!(ir.path(), "../x");
}

#[test]
fn conversions_borrow_when_nothing_changes() {
    let ascii = Iri::parse("http://a/b%20c").unwrap();
    assert!(matches!(ascii.to_uri().into_inner(), Cow::Borrowed(_)));
    let u = Uri::parse("http://a/b%2Fc%20").unwrap();
    assert!(matches!(u.to_iri().into_inner(), Cow::Borrowed(_)));
    let u = Uri::parse("http://a/%C3%A9").unwrap();
    assert!(matches!(u.to_iri().into_inner(), Cow::Owned(_)));
}

/// Eq, Ord and Hash are simple string comparison (RFC 3987 §5.3.1).
#[test]
fn comparison_is_simple_string_comparison() {
    let a = IriRef::parse("http://example.org/~a").unwrap();
    let b = IriRef::parse("http://example.org/%7Ea").unwrap();
    let c = IriRef::parse("HTTP://example.org/~a").unwrap();
    assert_ne!(a, b);
    assert_ne!(a, c);
    let set: HashSet<_> = [a, b, c, a].into_iter().collect();
    assert_eq!(set.len(), 3);
    assert!(set.contains("http://example.org/~a"));
    let sorted: Vec<_> = [a, b, c]
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(sorted, [c, b, a]);
    assert_eq!(a.to_string(), "http://example.org/~a");
    assert_eq!(format!("{a:?}"), "IriRef(\"http://example.org/~a\")");
}

#[test]
fn from_str_and_try_from() {
    let a: Iri = "urn:example:a".parse().unwrap();
    let b = Iri::try_from("urn:example:a").unwrap();
    let c = Iri::try_from(String::from("urn:example:a")).unwrap();
    assert!(a == b && b == c);
    let e = "no scheme".parse::<Iri>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingScheme);
    let ascii = UriRef::try_from(IriRef::parse("a/b").unwrap()).unwrap();
    assert_eq!(ascii, "a/b");
    let err = Uri::try_from(Iri::parse("http://a/é?x").unwrap()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::NonAscii, 9));
    assert_eq!(err.component(), iri::Component::Path);
}

#[test]
fn hosts_and_ports() {
    let r = IriRef::parse("//[2001:db8::1]:8080").unwrap();
    assert_eq!(r.host(), Some(Host::Ipv6("2001:db8::1".parse().unwrap())));
    assert_eq!(r.port(), Some("8080"));
    assert_eq!(r.path(), "");
    let r = IriRef::parse("//u:p@256.1.1.1:").unwrap();
    assert_eq!(r.host(), Some(Host::RegName("256.1.1.1")));
    assert_eq!(r.userinfo(), Some("u:p"));
    assert_eq!((r.port(), r.port_number()), (Some(""), None));
    let r = IriRef::parse("//").unwrap();
    assert_eq!(
        (r.authority(), r.host(), r.port()),
        (Some(""), Some(Host::RegName("")), None)
    );
    let r = IriRef::parse("/p").unwrap();
    assert_eq!(r.host(), None);
}

#[test]
fn error_display_reads_as_documented() {
    let e = IriRef::parse("http://example.org/a b").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid IRI reference: U+0020 SPACE at byte 20 is not allowed in the path"
    );
    let e = Iri::parse("http://a:12x/").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid IRI: U+0078 'x' at byte 11 is not a digit, and the port holds only digits"
    );
    let e = Uri::parse("http://a/\u{E9}").unwrap_err();
    assert!(e
        .to_string()
        .starts_with("invalid URI: U+00E9 'é' at byte 9 in the path is not ASCII"));
    let e = IriRef::parse("a\u{E000}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid IRI reference: U+E000 at byte 1 is not allowed in the path"
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    let i = Iri::parse(String::from("http://a/é")).unwrap();
    let json = serde_json::to_string(&i).unwrap();
    assert_eq!(json, "\"http://a/é\"");
    let back: Iri = serde_json::from_str(&json).unwrap();
    assert_eq!(back, i);
    assert!(serde_json::from_str::<Iri>("\"not an iri\"").is_err());
}
