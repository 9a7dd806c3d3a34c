//! The URI→IRI conversion (RFC 3987 §3.2) leaves encoded what is not appropriate for
//! presentation (step 4): the bidi formatting characters that §4.1 forbids, U+061C ARABIC
//! LETTER MARK (a bidi control since Unicode 6.3), and the other Default_Ignorable_Code_Point
//! characters, which show nothing (a zero-width space, a BOM, the Hangul fillers, the
//! combining grapheme joiner, the variation selectors, the tags).

use iri::UriRef;

fn to_iri(s: &str) -> String {
    UriRef::parse(s).unwrap().to_iri().as_str().to_owned()
}

#[test]
fn invisible_characters_stay_encoded() {
    for (encoded, what) in [
        ("%D8%9C", "U+061C ARABIC LETTER MARK"),
        ("%E2%80%8E", "U+200E LEFT-TO-RIGHT MARK"),
        ("%E2%80%AE", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("%EF%BB%BF", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("%E2%80%8B", "U+200B ZERO WIDTH SPACE"),
        ("%E1%85%9F", "U+115F HANGUL CHOSEONG FILLER"),
        ("%E3%85%A4", "U+3164 HANGUL FILLER"),
        ("%CD%8F", "U+034F COMBINING GRAPHEME JOINER"),
        ("%C2%AD", "U+00AD SOFT HYPHEN"),
        ("%EF%B8%8F", "U+FE0F VARIATION SELECTOR-16"),
        ("%F3%A0%81%81", "U+E0041 TAG LATIN CAPITAL LETTER A"),
    ] {
        for at in ["http://a/x{}y", "http://a/?q={}", "http://a/#{}"] {
            let uri = at.replace("{}", encoded);
            assert_eq!(to_iri(&uri), uri, "{what} in {at}");
        }
    }
}

#[test]
fn visible_characters_around_them_are_decoded() {
    // RFC 3987 §3.2.1's example is decoded as before.
    assert_eq!(
        to_iri("http://www.example.org/r%C3%A9sum%C3%A9.html"),
        "http://www.example.org/résumé.html"
    );
    assert_eq!(
        to_iri("http://a/%C3%A9%E2%80%8B%C3%A9"),
        "http://a/é%E2%80%8Bé"
    );
    // A no-break space and an ideographic space are visible (as spaces): decoded.
    assert_eq!(
        to_iri("http://a/%C2%A0%E3%80%80"),
        "http://a/\u{A0}\u{3000}"
    );
}
