//! Tests of the parser: every code point in every component, and the wide classes.

use super::*;

/// Every non-ASCII code point, in each component that may hold one (userinfo, host,
/// path, query, fragment), at offsets that put it at each place of an eight-byte word,
/// after ASCII and after another non-ASCII character: accepted exactly when RFC 3987 §2.2
/// and §4.1 allow it there (only the query allows `iprivate`), and refused in a URI
/// (own).
#[test]
fn every_code_point_in_every_component() {
    // (before, after, in the query): the character goes between the two.
    let places = [
        ("http://", "z@h/", false),
        ("http://", "z/", false),
        ("http://a/", "z/", false),
        ("http://a/?", "z/", true),
        ("http://a/#", "z/", false),
    ];
    let mut s = alloc::string::String::new();
    for cp in 0x80..=0x10FFFFu32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let pads: &[&str] = if cp % 97 == 0 || (0x80..0x800).contains(&cp) {
            &[
                "", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "é", "€x",
            ]
        } else {
            &["abcdefg"]
        };
        for pad in pads {
            for (before, after, query) in places {
                let ok = chars::allowed_unencoded(cp, query);
                s.clear();
                s.push_str(before);
                s.push_str(pad);
                s.push(c);
                s.push_str(after);
                let r = parse(&s, Kind::Iri);
                assert_eq!(r.is_ok(), ok, "U+{cp:04X} in {s:?}");
                if let Err(e) = r {
                    assert_eq!(e.offset(), s.len() - c.len_utf8() - after.len(), "{s:?}");
                }
                if cp % 97 == 0 {
                    assert_eq!(
                        parse(&s, Kind::Uri).map_err(|e| e.kind()),
                        Err(ErrorKind::NonAscii)
                    );
                }
            }
        }
    }
}

/// The octets that the `I…` classes add to the ASCII ones are exactly the UTF-8
/// continuation octets and the leads whose every character is allowed unencoded in every
/// component and is not a bidi formatting character (RFC 3987 §2.2, §4.1): checked on
/// every character of every lead (own).
#[test]
fn wide_classes_add_exactly_the_safe_leads() {
    use chars::{IPATH, IQUERY, IREG_NAME, IUSERINFO, TABLE, WIDE_SHIFT};
    // Leads all of whose characters are allowed unencoded everywhere.
    let mut safe_lead = [true; 256];
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut u = [0u8; 4];
        let lead = c.encode_utf8(&mut u).as_bytes()[0];
        safe_lead[lead as usize] &= chars::allowed_unencoded(c as u32, false);
    }
    for b in 0u8..=255 {
        let t = TABLE[b as usize];
        for class in [USERINFO, REG_NAME, PATH, QUERY] {
            let wide = t & (class << WIDE_SHIFT) != 0;
            if b < 0x80 {
                assert_eq!(wide, is(b, class), "{b:#04X}");
                continue;
            }
            let lead = (0xC2..0xF5).contains(&b) && safe_lead[b as usize];
            let continuation = (0x80..0xC0).contains(&b);
            assert_eq!(wide, continuation || lead, "{b:#04X}");
        }
        if b >= 0x80 {
            let all = IPATH | IQUERY | IREG_NAME | IUSERINFO;
            assert!(t & all == 0 || t & all == all, "{b:#04X}");
        }
    }
}
