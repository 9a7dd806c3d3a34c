//! The laws of the entry points that read text from outside before it is an IRI:
//! pre-processing (IRI processing draft §4), lenient parsing (RFC 3987 §3.1, LEIRI) and legacy
//! charsets (§3.1 step 1, the query exception, §7.7; feature `encoding`). Part of `laws`,
//! with its conventions.

use super::*;

/// Whether `s` starts or ends with the ASCII whitespace of the processing draft, §4 step 1.
pub fn ascii_ws_at_ends(s: &str) -> bool {
    let ws = |c: char| matches!(c, ' ' | '\r' | '\n' | '\t');
    s.starts_with(ws) || s.ends_with(ws)
}

/// Checks a character-reference error: its offset is that of a `&#` in `s`.
fn check_char_ref_error(s: &str, e: &iri::legacy::CharRefError, what: &str) {
    assert!(
        s.get(e.offset()..).is_some_and(|t| t.starts_with("&#")),
        "{what} {s:?}: error offset {} is not at a \"&#\"",
        e.offset()
    );
    assert!(!e.to_string().is_empty());
}

/// Pre-processing (IRI processing draft §4): `trim` removes exactly the leading and trailing
/// SP, CR, LF and TAB; `split_references` gives the runs between U+0020, each at its offset in
/// the input, which join back (with single spaces) to the trimmed text with its runs of spaces
/// collapsed; `Preprocessor::single` without references is `trim` followed by removing the
/// whitespace or encoding the spaces; `multiple` without references is `split_references`;
/// `decode_char_refs` leaves a text without `&#` alone and every error points at a `&#`; with
/// references decoded, `single` and `multiple` agree with `decode_char_refs` where the
/// whitespace rule cannot interfere. The first byte chooses nothing: every function runs.
pub fn preprocess(data: &[u8]) {
    use iri::legacy::{
        decode_char_refs, split_references, trim, CharRefs, Preprocessor, Whitespace,
    };
    let s = &*text(data);
    let ws = |c: char| matches!(c, ' ' | '\r' | '\n' | '\t');
    // trim
    let t = trim(s);
    assert!(
        !ascii_ws_at_ends(t),
        "trim {s:?}: {t:?} has whitespace at an end"
    );
    let start = t.as_ptr() as usize - s.as_ptr() as usize;
    assert!(
        s[..start].chars().all(ws) && s[start + t.len()..].chars().all(ws),
        "trim {s:?}: removed more than whitespace"
    );
    assert_eq!(trim(t), t, "trim {s:?}: not idempotent");
    // split_references
    let refs: Vec<_> = split_references(s).collect();
    let mut last_end = 0;
    for r in &refs {
        assert!(!r.text.is_empty(), "split {s:?}: an empty reference");
        assert!(
            !r.text.contains(' '),
            "split {s:?}: {:?} holds a space",
            r.text
        );
        assert!(r.offset >= last_end, "split {s:?}: references out of order");
        assert_eq!(
            s.get(r.offset..r.offset + r.text.len()),
            Some(r.text),
            "split {s:?}: offset {} does not point at {:?}",
            r.offset,
            r.text
        );
        last_end = r.offset + r.text.len();
    }
    let joined: Vec<&str> = refs.iter().map(|r| r.text).collect();
    let collapsed: Vec<&str> = t.split(' ').filter(|p| !p.is_empty()).collect();
    assert_eq!(
        joined, collapsed,
        "split {s:?}: not the runs between spaces"
    );
    // single and multiple, references kept
    let remove = Preprocessor::new(Whitespace::Remove);
    let encode = Preprocessor::new(Whitespace::EncodeSpaces);
    let r = remove.single(s).expect("no references: no error");
    let expected: String = t.chars().filter(|&c| !ws(c)).collect();
    assert_eq!(r, expected, "single(remove) {s:?}");
    let e = encode.single(s).expect("no references: no error");
    assert_eq!(e, t.replace(' ', "%20"), "single(encode) {s:?}");
    assert!(
        !ascii_ws_at_ends(&e),
        "single(encode) {s:?}: whitespace at an end"
    );
    let m = remove.multiple(s).expect("no references: no error");
    let split: Vec<(usize, &str)> = refs.iter().map(|r| (r.offset, r.text)).collect();
    let got: Vec<(usize, &str)> = m.iter().map(|(o, t)| (*o, &**t)).collect();
    assert_eq!(got, split, "multiple {s:?}: not split_references");
    // decode_char_refs
    let decoded = decode_char_refs(s);
    match &decoded {
        Ok(d) => {
            if !s.contains("&#") {
                assert_eq!(d, s, "decode {s:?}: changed a text without \"&#\"");
            }
            assert!(d.len() <= s.len(), "decode {s:?}: longer than its input");
        }
        Err(e) => check_char_ref_error(s, e, "decode"),
    }
    // single and multiple, references decoded
    for p in [remove, encode] {
        let p = p.char_refs(CharRefs::Decode);
        match p.single(s) {
            Ok(out) => {
                if !s.contains("&#") {
                    let keep = if p == remove.char_refs(CharRefs::Decode) {
                        &r
                    } else {
                        &e
                    };
                    assert_eq!(
                        &out, keep,
                        "single(decode) {s:?}: differs without references"
                    );
                }
                // With no whitespace inside, decoding is all that happens after trimming.
                if !t.contains(ws) {
                    assert_eq!(
                        Ok(&out),
                        decode_char_refs(t).as_ref(),
                        "single(decode) {s:?}: not decode_char_refs of the trimmed text"
                    );
                }
            }
            Err(err) => check_char_ref_error(s, &err, "single(decode)"),
        }
        match p.multiple(s) {
            Ok(many) => {
                assert_eq!(many.len(), refs.len(), "multiple(decode) {s:?}: count");
                for ((o, d), r) in many.iter().zip(&refs) {
                    assert_eq!(*o, r.offset, "multiple(decode) {s:?}: offset");
                    assert_eq!(
                        Ok(d),
                        decode_char_refs(r.text).as_ref(),
                        "multiple(decode) {s:?}"
                    );
                }
            }
            Err(err) => {
                check_char_ref_error(s, &err, "multiple(decode)");
                assert!(
                    refs.iter().any(|r| decode_char_refs(r.text).is_err()),
                    "multiple(decode) {s:?}: an error where every reference decodes"
                );
            }
        }
    }
}

/// The kinds a lenient parse is asked for.
const KINDS: [Kind; 4] = [
    Kind::IriReference,
    Kind::Iri,
    Kind::AbsoluteIri,
    Kind::RelativeIri,
];

/// Lenient parsing (RFC 3987 §3.1; LEIRI) in each mode and kind: strict mode is the strict
/// parser; a strictly valid text is taken as it is, without warnings, in every mode; the strict
/// form parses strictly as the kind asked for; each warning's offset holds its character,
/// in order, never `#`, `%`, `[` or `]`; the original components join back to the input and
/// the strict form is the input with exactly the warned characters percent-encoded; the URI
/// form parses as a URI; `to_uri_with(Fail)` fails exactly when there are warnings, at the
/// first; the LEIRI grammar accepts whatever the lenient one does. Errors lie on character
/// boundaries and point at the reported character.
pub fn lenient(data: &[u8]) {
    use iri::legacy::{ExtraChars, LenientIriRef, ParseMode};
    let s = &*text(data);
    for kind in KINDS {
        let strict_ok = validate(s, kind).is_ok();
        let mut accepted = Vec::new();
        for mode in [ParseMode::Strict, ParseMode::Lenient, ParseMode::Leiri] {
            let what = format!("{} {kind} {s:?}", mode.as_str());
            let r = LenientIriRef::parse_kind(s, mode, kind);
            if kind == Kind::IriReference {
                assert_eq!(
                    r.as_ref().ok().map(|r| r.as_iri_ref().as_str().to_string()),
                    LenientIriRef::parse(s, mode)
                        .ok()
                        .map(|r| r.as_iri_ref().as_str().to_string()),
                    "{what}: parse and parse_kind differ"
                );
            }
            if mode == ParseMode::Strict {
                assert_eq!(
                    r.is_ok(),
                    strict_ok,
                    "{what}: strict mode is not the strict parser"
                );
            }
            accepted.push(r.is_ok());
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    assert!(
                        e.offset() <= s.len() && s.is_char_boundary(e.offset()),
                        "{what}: error offset {} not a boundary",
                        e.offset()
                    );
                    if let Some(c) = e.char() {
                        assert!(
                            s[e.offset()..].starts_with(c),
                            "{what}: error char {c:?} not at {}",
                            e.offset()
                        );
                    }
                    assert!(!strict_ok, "{what}: a strictly valid text refused");
                    continue;
                }
            };
            let strict = r.as_iri_ref();
            assert_eq!(r.original(), s);
            assert!(
                validate(strict.as_str(), kind).is_ok(),
                "{what}: the strict form {:?} does not parse",
                strict.as_str()
            );
            if strict_ok {
                assert_eq!(strict.as_str(), s, "{what}: a strict text changed");
                assert!(
                    r.is_strict() && r.warnings().is_empty(),
                    "{what}: warnings on a strict text"
                );
            }
            assert_eq!(r.is_strict(), r.warnings().is_empty());
            // Warnings point at their characters, and encoding exactly them gives the strict form.
            let mut expected = String::new();
            let mut from = 0;
            for w in r.warnings() {
                assert!(w.offset >= from, "{what}: warnings out of order");
                assert!(
                    s.get(w.offset..).is_some_and(|t| t.starts_with(w.ch)),
                    "{what}: warning {:?} not at {}",
                    w.ch,
                    w.offset
                );
                assert_eq!(w.span(), w.offset..w.offset + w.ch.len_utf8());
                assert!(!"#%[]".contains(w.ch), "{what}: {:?} converted", w.ch);
                assert!(!w.to_string().is_empty());
                expected.push_str(&s[from..w.offset]);
                let mut buf = [0u8; 4];
                for b in w.ch.encode_utf8(&mut buf).bytes() {
                    expected.push_str(&format!("%{b:02X}"));
                }
                from = w.offset + w.ch.len_utf8();
            }
            expected.push_str(&s[from..]);
            assert_eq!(strict.as_str(), expected, "{what}: strict form");
            // The original components join back to the input.
            let mut joined = String::new();
            if let Some(sc) = r.original_scheme() {
                assert_eq!(Some(sc), strict.scheme(), "{what}: scheme");
                joined.push_str(sc);
                joined.push(':');
            }
            assert_eq!(
                r.original_authority().is_some(),
                strict.authority().is_some()
            );
            if let Some(a) = r.original_authority() {
                joined.push_str("//");
                joined.push_str(a);
            }
            joined.push_str(r.original_path());
            assert_eq!(r.original_query().is_some(), strict.query().is_some());
            if let Some(q) = r.original_query() {
                joined.push('?');
                joined.push_str(q);
            }
            assert_eq!(r.original_fragment().is_some(), strict.fragment().is_some());
            if let Some(f) = r.original_fragment() {
                joined.push('#');
                joined.push_str(f);
            }
            assert_eq!(joined, s, "{what}: original components do not join back");
            // The URI form.
            let uri = r.to_uri();
            let uri_kind = match kind {
                Kind::IriReference => Kind::UriReference,
                Kind::Iri => Kind::Uri,
                Kind::AbsoluteIri => Kind::AbsoluteUri,
                _ => Kind::RelativeUri,
            };
            assert!(
                uri.as_str().is_ascii() && validate(uri.as_str(), uri_kind).is_ok(),
                "{what}: to_uri gave {:?}, not a {uri_kind}",
                uri.as_str()
            );
            assert_eq!(uri.as_str(), strict.to_uri().as_str(), "{what}: to_uri");
            let pe = r
                .to_uri_with(ExtraChars::PercentEncode)
                .expect("percent-encoding never fails");
            assert_eq!(pe.as_str(), uri.as_str());
            match r.to_uri_with(ExtraChars::Fail) {
                Ok(u) => {
                    assert!(
                        r.warnings().is_empty(),
                        "{what}: Fail succeeded with warnings"
                    );
                    assert_eq!(u.as_str(), uri.as_str());
                }
                Err(e) => {
                    assert_eq!(
                        Some(&e.widened()),
                        r.warnings().first(),
                        "{what}: Fail's error"
                    );
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        assert!(
            !accepted[1] || accepted[2],
            "{kind} {s:?}: lenient but not LEIRI"
        );
    }
}

/// The charsets the first byte chooses from (WHATWG labels), single-byte ones first.
#[cfg(feature = "encoding")]
const CHARSETS: [&str; 16] = [
    "utf-8",
    "windows-1252",
    "koi8-r",
    "windows-1251",
    "iso-8859-7",
    "macintosh",
    "x-user-defined",
    "windows-1258",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gb18030",
    "big5",
    "euc-kr",
    "utf-16le",
    "utf-16be",
];

/// How many of `CHARSETS` decode each byte sequence to at most one text that encodes back to
/// it: UTF-8 and the single-byte charsets whose non-ASCII bytes are all non-ASCII characters.
#[cfg(feature = "encoding")]
const BIJECTIVE: usize = 7;

/// Bytes as a legacy URI writes them: ASCII as it is, other octets as `%HH`.
#[cfg(feature = "encoding")]
fn legacy_form(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        if b.is_ascii() {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Legacy charsets (RFC 3987 §3.1 step 1, the query exception, §7.7), with the charset chosen
/// by the first byte (low four bits) and the unmappable policy by its next bits:
/// - step 1 on the other bytes: a decoding error lies inside them; UTF-8 fails exactly on
///   invalid UTF-8; a non-Unicode charset's text comes out in NFC;
/// - `interpret` of those bytes, all percent-encoded: UTF-8 comes first, one reading per
///   distinct charset, each the same with the charset repeated; a strict reading in UTF-8 or a
///   single-byte charset encodes back (`encode_in`) to the bytes in legacy form;
/// - `interpret` of the other bytes as text: an error points at a `%`;
/// - `DocumentCharset::to_uri` of the text, when it is an IRI reference: the output is a URI
///   reference; it is the UTF-8 mapping wherever the exception does not apply, and where it
///   does, only the query differs (it is `map_query`); `apply` on the UTF-8 mapping agrees;
///   an unmappable character is reported in the query, only under `Unmappable::Fail`.
#[cfg(feature = "encoding")]
pub fn charset(data: &[u8]) {
    use iri::legacy::{encode_in, interpret, Charset, DocumentCharset, Source, Unmappable};
    let Some((&sel, raw)) = data.split_first() else {
        return;
    };
    let idx = (sel & 0x0F) as usize;
    let cs = Charset::for_label(CHARSETS[idx]).expect("a known label");
    let policy = [
        Unmappable::Fail,
        Unmappable::Utf8,
        Unmappable::NumericReference,
    ][(sel >> 4) as usize % 3];
    // Step 1.
    match (Source::Bytes {
        bytes: raw,
        charset: cs,
    })
    .to_ucs()
    {
        Ok(t) => {
            if cs == Charset::utf8() {
                let b = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
                assert_eq!(Ok(&*t), std::str::from_utf8(b), "to_ucs utf-8 {raw:?}");
            }
            if !cs.is_unicode() {
                let nfc = Source::Characters(&t).to_ucs().unwrap();
                assert_eq!(nfc, t, "to_ucs {cs} {raw:?}: not NFC");
            }
        }
        Err(e) => {
            assert!(
                e.offset() < raw.len(),
                "to_ucs {cs} {raw:?}: offset {}",
                e.offset()
            );
            assert_eq!(e.charset(), cs);
            if cs == Charset::utf8() {
                let b = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
                assert!(
                    std::str::from_utf8(b).is_err(),
                    "to_ucs utf-8 {raw:?}: refused valid UTF-8"
                );
            }
            assert!(!e.to_string().is_empty());
        }
    }
    // Interpreting the bytes, percent-encoded.
    let pct: String = raw.iter().map(|b| format!("%{b:02X}")).collect();
    let found = interpret(&pct, &[cs]).expect("every % starts a percent-encoding");
    assert_eq!(
        found[0].charset,
        Charset::utf8(),
        "interpret {pct:?}: UTF-8 first"
    );
    assert_eq!(found.len(), if cs == Charset::utf8() { 1 } else { 2 });
    assert_eq!(
        interpret(&pct, &[cs, cs, Charset::utf8()]).unwrap(),
        found,
        "interpret {pct:?}: repeated"
    );
    assert_eq!(
        found[0].strict,
        std::str::from_utf8(raw).is_ok(),
        "interpret {pct:?}: UTF-8 strictness"
    );
    for c in &found {
        if c.strict && (c.charset == Charset::utf8() || idx < BIJECTIVE) {
            let back = encode_in(&c.text, c.charset, Unmappable::Fail)
                .unwrap_or_else(|e| panic!("interpret {pct:?} in {}: {e}", c.charset));
            assert_eq!(
                back,
                legacy_form(raw),
                "interpret {pct:?}: {} does not encode back",
                c.charset
            );
        }
    }
    // Interpreting text.
    let s = &*text(raw);
    match interpret(s, &[cs]) {
        Ok(found) => assert_eq!(found[0].charset, Charset::utf8()),
        Err(e) => assert!(
            s.get(e.offset()..).is_some_and(|t| t.starts_with('%')),
            "interpret {s:?}: error offset {} not at a %",
            e.offset()
        ),
    }
    // The query exception.
    let Ok(r) = IriRef::parse(s) else {
        return;
    };
    let doc = DocumentCharset::new(cs).unmappable(policy);
    let plain = r.to_uri();
    let applies = doc.applies_to(&r);
    match doc.to_uri(&r) {
        Ok(u) => {
            assert!(
                UriRef::parse(u.as_str()).is_ok(),
                "query exception {cs} {s:?}: {u} is not a URI"
            );
            if applies {
                assert_eq!(u.scheme(), plain.scheme(), "{cs} {s:?}: scheme");
                assert_eq!(u.authority(), plain.authority(), "{cs} {s:?}: authority");
                assert_eq!(u.path(), plain.path(), "{cs} {s:?}: path");
                assert_eq!(u.fragment(), plain.fragment(), "{cs} {s:?}: fragment");
                assert_eq!(
                    u.query(),
                    doc.map_query(&r).unwrap().as_deref(),
                    "{cs} {s:?}: query"
                );
                if r.query().is_some_and(|q| q.is_ascii()) {
                    assert_eq!(u.query(), r.query(), "{cs} {s:?}: an ASCII query changed");
                }
            } else {
                assert_eq!(
                    u.as_str(),
                    plain.as_str(),
                    "{cs} {s:?}: not the UTF-8 mapping"
                );
            }
            assert_eq!(doc.apply(&r, &plain).unwrap(), u, "{cs} {s:?}: apply");
        }
        Err(e) => {
            assert!(
                applies && policy == Unmappable::Fail,
                "{cs} {s:?}: failed: {e}"
            );
            let q = r.query().expect("the exception applies to a query");
            let at = q.as_ptr() as usize - r.as_str().as_ptr() as usize;
            assert!(
                e.offset() >= at && s[e.offset()..].starts_with(e.ch()),
                "{cs} {s:?}: unmappable {:?} not at {}",
                e.ch(),
                e.offset()
            );
        }
    }
}
