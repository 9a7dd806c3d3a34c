//! Bidirectional IRIs (RFC 3987 §4): the §4.4 examples, display forms, the Bidi Notation and
//! the bidi diagnostics.
//!
//! The §4.4 examples are written in the RFC's Bidi Notation (§1.4: upper-case letters stand for
//! right-to-left letters), mapped to real Hebrew or Arabic letters, laid out by the Unicode
//! Bidirectional Algorithm in a left-to-right paragraph and mapped back to the notation, then
//! compared with the RFC's figure, or with today's result where the algorithm now draws it
//! differently (Example 9; see the module docs of `iri::bidi`).

use std::borrow::Cow;

use iri::bidi::notation::{from_notation, to_notation, NotationScript, NotationScript::*};
use iri::bidi::{display, display_2002, is_bidi, visual_order, visual_order_in, Direction, Wrap};
use iri::lint::{lint_str, Code, Diagnostic};

/// The visual form, in notation, of a logical form in notation.
fn visual(logical: &str, script: NotationScript) -> String {
    to_notation(&visual_order(&from_notation(logical, script)), script)
}

/// Checks one §4.4 example in both readings (Hebrew letters: class R; Arabic letters: AL).
fn example(logical: &str, figure: &str) {
    for script in [Hebrew, Arabic] {
        assert_eq!(
            visual(logical, script),
            figure,
            "{script:?} reading of {logical}"
        );
    }
}

// RFC 3987 §4.4, Examples 1–10: logical → visual.

#[test]
fn example_1_single_rtl_component_is_inverted() {
    example(
        "http://ab.CDEFGH.ij/kl/mn/op.html",
        "http://ab.HGFEDC.ij/kl/mn/op.html",
    );
}

#[test]
fn example_2_consecutive_rtl_components_are_inverted_as_a_whole() {
    example(
        "http://ab.CDE.FGH/ij/kl/mn/op.html",
        "http://ab.HGF.EDC/ij/kl/mn/op.html",
    );
}

#[test]
fn example_3_all_components_rtl() {
    example(
        "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA",
    );
}

#[test]
fn example_4_each_rtl_sequence_on_its_own() {
    example(
        "http://AB.CD.ef/gh/IJ/KL.html",
        "http://DC.BA.ef/gh/LK/JI.html",
    );
}

#[test]
fn example_5_components_of_different_kinds() {
    example(
        "http://ab.cd.EF/GH/ij/kl.html",
        "http://ab.cd.HG/FE/ij/kl.html",
    );
}

#[test]
fn example_6_more_rtl_components() {
    example(
        "http://ab.CD.EF/GH/IJ/kl.html",
        "http://ab.JI/HG/FE.DC/kl.html",
    );
}

#[test]
fn example_7_digits_inside_an_rtl_component() {
    // Hebrew: the digits stay European numbers (EN); Arabic: they become Arabic numbers (AN,
    // rule W2). Either way they are a left-to-right number inside the right-to-left run.
    example(
        "http://ab.CDE123FGH.ij/kl/mn/op.html",
        "http://ab.HGF123EDC.ij/kl/mn/op.html",
    );
}

#[test]
fn example_8_numbers_at_the_ends_of_rtl_components() {
    // "1/2" is read as one number. The RFC gives one figure; both readings match it today. In
    // the Arabic reading that needs U+002F SOLIDUS to be a common separator (CS), which it is
    // since Unicode 4.0.1: CS joins two Arabic numbers (rule W4). With Unicode 4.0.0's class
    // (ES, a European separator) the Arabic reading would have been ".../LK/JI2/1HG.html".
    example(
        "http://ab.cd.ef/GH1/2IJ/KL.html",
        "http://ab.cd.ef/LK/JI1/2HG.html",
    );
}

/// Example 9 as the RFC draws it (2005), for the record.
const EXAMPLE_9_RFC_HEBREW: &str = "http://ab.cd.ef/%31HG/LK/JI%32.html";
const EXAMPLE_9_RFC_ARABIC: &str = "http://ab.cd.ef/31%HG/%LK/JI32.html";

#[test]
fn example_9_percent_encoded_numbers_hebrew() {
    // Differs from the RFC's figure. The '%' signs join the digits (rule W5: a European
    // terminator next to a European number becomes one), and the '/' between the numbers %31
    // and %32 is a neutral between two numbers, which rule N1 resolves as R: so
    // "GH%31/%32IJ/KL" is one right-to-left run, inverted as a whole, each number kept left to
    // right. The figure instead ends the run after "%31" and keeps the '/' left to right.
    let logical = "http://ab.cd.ef/GH%31/%32IJ/KL.html";
    let today = visual(logical, Hebrew);
    assert_eq!(today, "http://ab.cd.ef/LK/JI%32/%31HG.html");
    assert_ne!(today, EXAMPLE_9_RFC_HEBREW);
}

#[test]
fn example_9_percent_encoded_numbers_arabic() {
    // Differs from the RFC's figure, and from the Hebrew reading, as the RFC says it would:
    // after Arabic letters the digits are Arabic numbers (W2), so the '%' signs are not joined
    // to them (W5 is for European numbers only) and stay neutral. "/%" between the numbers 31
    // and 32 resolves as R by N1, as does the '%' between H and 31: one right-to-left run
    // again. The figure sets "/%" left to right instead.
    let logical = "http://ab.cd.ef/GH%31/%32IJ/KL.html";
    let today = visual(logical, Arabic);
    assert_eq!(today, "http://ab.cd.ef/LK/JI32%/31%HG.html");
    assert_ne!(today, EXAMPLE_9_RFC_ARABIC);
    assert_ne!(today, visual(logical, Hebrew));
}

#[test]
fn example_10_numeric_component_next_to_rtl() {
    example(
        "http://ab.CDEFGH.123/kl/mn/op.html",
        "http://ab.123.HGFEDC/kl/mn/op.html",
    );
}

// The §4.2 rules on the §4.4 examples.

/// The bidi diagnostics of a string, as (code, spanned text); other checks are left out.
fn bidi_codes(s: &str) -> Vec<(Code, &str)> {
    bidi_diagnostics(s)
        .into_iter()
        .map(|d| (d.code, &s[d.span]))
        .collect()
}

fn bidi_diagnostics(s: &str) -> Vec<Diagnostic> {
    lint_str(s)
        .into_iter()
        .filter(|d| {
            matches!(
                d.code,
                Code::BidiFormattingCharacter | Code::BidiMixedDirection | Code::BidiRtlBoundary
            )
        })
        .collect()
}

#[test]
fn examples_that_follow_the_rules_are_not_flagged() {
    for logical in [
        "http://ab.CDEFGH.ij/kl/mn/op.html",
        "http://ab.CDE.FGH/ij/kl/mn/op.html",
        "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "http://AB.CD.ef/gh/IJ/KL.html",
        "http://ab.cd.EF/GH/ij/kl.html",
        "http://ab.CD.EF/GH/IJ/kl.html",
        "http://ab.CDE123FGH.ij/kl/mn/op.html",
        "http://ab.CDEFGH.123/kl/mn/op.html",
    ] {
        for script in [Hebrew, Arabic] {
            let s = from_notation(logical, script);
            assert!(iri::IriRef::parse(&s).is_ok(), "{logical}");
            assert_eq!(bidi_codes(&s), [], "{script:?} {logical}");
        }
    }
}

#[test]
fn example_7_digits_inside_are_fine() {
    let s = from_notation("http://ab.CDE123FGH.ij/kl/mn/op.html", Hebrew);
    assert_eq!(bidi_codes(&s), []);
}

#[test]
fn example_3_query_segments_are_components() {
    // "MN=OP;QR=ST" splits at '=' into "MN", "OP;QR", "ST": all right to left at both ends
    // (the ';' is inside).
    let s = from_notation("http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", Arabic);
    assert_eq!(bidi_codes(&s), []);
}

#[test]
fn example_8_is_flagged_at_both_segments() {
    for script in [Hebrew, Arabic] {
        let s = from_notation("http://ab.cd.ef/GH1/2IJ/KL.html", script);
        let found = bidi_diagnostics(&s);
        let got: Vec<_> = found
            .iter()
            .map(|d| (d.code, to_notation(&s[d.span.clone()], script)))
            .collect();
        assert_eq!(
            got,
            [
                (Code::BidiRtlBoundary, "GH1".to_string()),
                (Code::BidiRtlBoundary, "2IJ".to_string()),
            ],
            "{script:?}"
        );
        assert!(found
            .iter()
            .all(|d| d.component == Some(iri::Component::Path)));
        assert!(
            found[0].message.contains("ends with U+0031 '1'"),
            "{}",
            found[0].message
        );
        assert!(
            found[1].message.contains("starts with U+0032 '2'"),
            "{}",
            found[1].message
        );
    }
}

#[test]
fn example_9_is_flagged_and_says_to_encode_the_whole_component() {
    let s = from_notation("http://ab.cd.ef/GH%31/%32IJ/KL.html", Hebrew);
    let found = bidi_diagnostics(&s);
    let got: Vec<_> = found
        .iter()
        .map(|d| (d.code, to_notation(&s[d.span.clone()], Hebrew)))
        .collect();
    // Percent-encodings are neither direction: no mixing, but the boundary rule fails.
    assert_eq!(
        got,
        [
            (Code::BidiRtlBoundary, "GH%31".to_string()),
            (Code::BidiRtlBoundary, "%32IJ".to_string()),
        ]
    );
    for d in &found {
        assert!(
            d.message.contains("percent-encode the whole component"),
            "{}",
            d.message
        );
    }
    assert!(found[0]
        .message
        .contains("ends with the percent-encoding \"%31\""));
    // Mapped as a whole (§4.2), the component is fine.
    let whole = iri::Iri::parse(s.as_str()).unwrap().to_uri().to_string();
    assert_eq!(bidi_codes(&whole), []);
}

// display (RFC 3987 §4.1).

#[test]
fn display_wraps_only_with_rtl() {
    let heb = from_notation("http://ab.CD/ef", Hebrew);
    let ara = from_notation("http://ab.CD/ef", Arabic);
    assert_eq!(
        display(&heb, Wrap::Embedding),
        format!("\u{202A}{heb}\u{202C}")
    );
    assert_eq!(
        display(&heb, Wrap::Isolate),
        format!("\u{2066}{heb}\u{2069}")
    );
    assert_eq!(
        display(&ara, Wrap::Embedding),
        format!("\u{202A}{ara}\u{202C}")
    );
    for plain in [
        "http://example.org/",
        "http://例え.テスト/δοκιμή",
        "",
        // Arabic-Indic digits are numbers (AN), not right-to-left letters.
        "http://example.org/\u{661}\u{662}",
    ] {
        for wrap in [Wrap::Embedding, Wrap::Isolate] {
            assert!(
                matches!(display(plain, wrap), Cow::Borrowed(s) if s == plain),
                "{plain}"
            );
        }
        assert!(!is_bidi(plain));
    }
}

#[test]
fn display_keeps_the_ltr_picture_in_rtl_text() {
    for logical in [
        "http://ab.cd.EF/GH/ij/kl.html",
        "http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV",
        "http://ab.cd.ef/GH1/2IJ/KL.html",
        "http://ab.CDEFGH.123/kl/mn/op.html",
    ] {
        for script in [Hebrew, Arabic] {
            let s = from_notation(logical, script);
            let ltr = visual_order(&s);
            // Without the embedding, a right-to-left paragraph changes the picture.
            assert_ne!(visual_order_in(&s, Direction::Rtl), ltr, "{logical}");
            for wrap in [Wrap::Embedding, Wrap::Isolate] {
                let shown = display(&s, wrap);
                assert_eq!(visual_order_in(&shown, Direction::Rtl), ltr, "{logical}");
                assert_eq!(visual_order_in(&shown, Direction::Ltr), ltr, "{logical}");
            }
        }
    }
}

#[test]
fn display_isolate_in_rtl_text() {
    // The IRI keeps its left-to-right picture; the number after it is laid out right to left
    // around it, as the paragraph's text.
    let s = from_notation("http://ab/CD", Hebrew);
    let iso = format!("{} 5", display(&s, Wrap::Isolate));
    assert_eq!(
        to_notation(&visual_order_in(&iso, Direction::Rtl), Hebrew),
        "5 http://ab/DC"
    );
}

// display_2002 (the July 2002 draft, §4.2).

#[test]
fn display_2002_marks_rtl_components() {
    let s = from_notation("http://ab.CD.EF/gh/IJ/KL.html?MN=op#QR", Hebrew);
    let shown = display_2002(&s, Direction::Ltr);
    assert_eq!(
        to_notation(&shown, Hebrew),
        "http://ab.\u{200E}CD\u{200E}.\u{200E}EF\u{200E}/gh/\u{200E}IJ\u{200E}/\u{200E}KL\u{200E}\
         .html?\u{200E}MN\u{200E}=op#\u{200E}QR\u{200E}"
    );
    // Components left to right, each in its own direction.
    assert_eq!(
        to_notation(&visual_order(&shown), Hebrew),
        "http://ab.DC.FE/gh/JI/LK.html?NM=op#RQ"
    );
}

#[test]
fn display_2002_context() {
    let s = from_notation("http://ab/CD", Arabic);
    let ltr = display_2002(&s, Direction::Ltr);
    let rtl = display_2002(&s, Direction::Rtl);
    assert_eq!(rtl, format!("\u{202A}{ltr}\u{202C}"));
    assert_eq!(
        visual_order_in(&rtl, Direction::Rtl),
        visual_order_in(&ltr, Direction::Ltr)
    );
    // Nothing to mark: borrowed in a left-to-right context, wrapped in a right-to-left one.
    assert!(matches!(
        display_2002("http://a/b", Direction::Ltr),
        Cow::Borrowed("http://a/b")
    ));
    assert_eq!(
        display_2002("http://a/b/", Direction::Rtl),
        "\u{202A}http://a/b/\u{202C}"
    );
    // Percent-encodings stay with their component.
    let p = from_notation("/AB%20C/", Hebrew);
    assert_eq!(
        to_notation(&display_2002(&p, Direction::Ltr), Hebrew),
        "/\u{200E}AB%20C\u{200E}/"
    );
}

// Each bidi code, with an input that triggers it and a near miss.

#[test]
fn mixed_direction() {
    let s = from_notation("http://example.org/abCD", Hebrew);
    let found = bidi_diagnostics(&s);
    assert_eq!(found[0].code, Code::BidiMixedDirection);
    assert_eq!(&s[found[0].span.clone()], from_notation("abCD", Hebrew));
    assert_eq!(found[0].component, Some(iri::Component::Path));
    assert_eq!(
        found[0].message,
        format!(
            "path segment \"{}\" mixes right-to-left and left-to-right characters",
            from_notation("abCD", Hebrew)
        )
    );
    // It also starts with a left-to-right letter.
    assert_eq!(found[1].code, Code::BidiRtlBoundary);
    // Near miss: the same letters in two segments.
    assert_eq!(
        bidi_codes(&from_notation("http://example.org/ab/CD", Hebrew)),
        []
    );
    // Mixing with a percent-encoding whose hex has Latin letters is not mixing.
    assert_eq!(
        bidi_codes(&from_notation("http://example.org/C%4aD", Hebrew)),
        []
    );
}

#[test]
fn mixed_direction_in_each_kind_of_component() {
    let cases = [
        ("http://abCD@example.org/", iri::Component::Userinfo, "abCD"),
        ("http://ab.cdEF.org/", iri::Component::Host, "cdEF"),
        ("http://a/?ABc=d", iri::Component::Query, "ABc"),
        ("http://a/?x=ABc", iri::Component::Query, "ABc"),
        ("http://a/#ABc", iri::Component::Fragment, "ABc"),
    ];
    for (logical, component, part) in cases {
        let s = from_notation(logical, Arabic);
        let found = bidi_diagnostics(&s);
        let mixed: Vec<_> = found
            .iter()
            .filter(|d| d.code == Code::BidiMixedDirection)
            .collect();
        assert_eq!(mixed.len(), 1, "{logical}: {found:?}");
        assert_eq!(mixed[0].component, Some(component), "{logical}");
        assert_eq!(
            to_notation(&s[mixed[0].span.clone()], Arabic),
            part,
            "{logical}"
        );
    }
    let names = [
        ("http://abCD@x/", "userinfo"),
        ("http://x.abCD/", "host label"),
        ("http://x/?abCD=1", "query name"),
        ("http://x/?a=abCD", "query value"),
        ("http://x/?=abCD", "query value"),
        ("http://x/?abCD", "query part"),
        ("http://x/#abCD", "fragment"),
        ("http://x/abCD.html", "name"),
        ("http://x/CD.abCD", "extension"),
    ];
    for (logical, name) in names {
        let found = bidi_diagnostics(&from_notation(logical, Hebrew));
        assert!(
            found[0].message.starts_with(&format!("{name} \"")),
            "{}",
            found[0].message
        );
    }
}

#[test]
fn extensions_are_components() {
    // §4.2: "the extensions in a resource name can be treated as separate components", which
    // makes Example 4's "KL.html" legal.
    let s = from_notation("http://x/KL.html", Hebrew);
    assert_eq!(bidi_codes(&s), []);
    let s = from_notation("http://x/KL.Xhtml", Hebrew);
    let found = bidi_diagnostics(&s);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(&s[found[0].span.clone()], from_notation("Xhtml", Hebrew));
    assert_eq!(
        found[0].message,
        format!(
            "extension \"{}\" of path segment \"{}\" mixes right-to-left and left-to-right \
             characters",
            from_notation("Xhtml", Hebrew),
            from_notation("KL.Xhtml", Hebrew)
        )
    );
}

#[test]
fn rtl_boundary() {
    let s = from_notation("http://example.org/AB-", Hebrew);
    assert_eq!(
        bidi_codes(&s),
        [(Code::BidiRtlBoundary, from_notation("AB-", Hebrew).as_str())]
    );
    let s = from_notation("http://example.org/-AB", Hebrew);
    assert_eq!(
        bidi_codes(&s),
        [(Code::BidiRtlBoundary, from_notation("-AB", Hebrew).as_str())]
    );
    let found = bidi_diagnostics(&s);
    assert_eq!(
        found[0].message,
        format!(
            "path segment \"{}\" holds right-to-left characters but starts with U+002D '-', not \
             a right-to-left character; it should start and end with a right-to-left character",
            from_notation("-AB", Hebrew)
        )
    );
    // Near misses: neutrals inside are fine; so is a trailing nonspacing mark (a Hebrew point).
    assert_eq!(
        bidi_codes(&from_notation("http://example.org/A-B_C", Hebrew)),
        []
    );
    assert_eq!(
        bidi_codes(&from_notation("http://example.org/AB\u{5B8}", Hebrew)),
        []
    );
    // A component without right-to-left characters is not concerned.
    assert_eq!(bidi_codes("http://example.org/-1-"), []);
    // A fully percent-encoded component is fine (§4.2: map the whole component).
    assert_eq!(bidi_codes("http://example.org/%D7%90%D7%91"), []);
}

#[test]
fn formatting_character() {
    let s = "http://example.org/a\u{202E}b";
    let found = bidi_diagnostics(s);
    assert_eq!(found.len(), 1, "the parse error is not repeated: {found:?}");
    assert_eq!(found[0].code, Code::BidiFormattingCharacter);
    assert_eq!(&s[found[0].span.clone()], "\u{202E}");
    // Every one is reported and named, the first also being the parse error.
    let s = "http://\u{200F}example.org/\u{2066}x\u{2069}";
    let found = bidi_diagnostics(s);
    let got: Vec<_> = found
        .iter()
        .map(|d| (d.code, &s[d.span.clone()], d.component))
        .collect();
    assert_eq!(
        got,
        [
            (
                Code::BidiFormattingCharacter,
                "\u{200F}",
                Some(iri::Component::Host)
            ),
            (
                Code::BidiFormattingCharacter,
                "\u{2066}",
                Some(iri::Component::Path)
            ),
            (
                Code::BidiFormattingCharacter,
                "\u{2069}",
                Some(iri::Component::Path)
            ),
        ]
    );
    assert_eq!(
        found[1].message,
        "U+2066 LEFT-TO-RIGHT ISOLATE: bidi formatting characters must not appear in IRIs"
    );
    // (The first one's message is the parse error's; look at a second one.)
    let rlo = bidi_diagnostics("x:/\u{200E}/#a\u{202E}");
    assert!(rlo.iter().any(|d| d.message
        == "U+202E RIGHT-TO-LEFT OVERRIDE: bidi formatting characters must not appear in IRIs"));
    // Near miss: ZERO WIDTH JOINER is not a bidi formatting character in §4.1's sense (another
    // check reports invisible characters).
    assert!(bidi_diagnostics("http://example.org/a\u{200D}b")
        .iter()
        .all(|d| d.code != Code::BidiFormattingCharacter));
    // Formatting characters do not count for the component rules: only the character is
    // reported (RLM is class R, but does not make "ab" mixed).
    assert_eq!(
        bidi_codes("http://example.org/ab\u{200F}"),
        [(Code::BidiFormattingCharacter, "\u{200F}")]
    );
}

// The notation.

#[test]
fn notation_round_trip() {
    let all = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for script in [Hebrew, Arabic] {
        let real = from_notation(all, script);
        assert_eq!(real.chars().count(), 26);
        let mut distinct: Vec<char> = real.chars().collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 26, "{script:?}");
        assert!(real.chars().all(|c| !c.is_ascii()));
        assert_eq!(to_notation(&real, script), all);
        let example = "http://ab.CD.ef/GH%31/%32IJ/KL.html?x=1#Z";
        assert_eq!(
            to_notation(&from_notation(example, script), script),
            example
        );
        // Lower case, digits and punctuation are kept.
        assert_eq!(from_notation("abc-123/%20", script), "abc-123/%20");
    }
    // Each script's letters map back only with that script.
    let heb = from_notation("AB", Hebrew);
    assert_eq!(to_notation(&heb, Arabic), heb);
}
