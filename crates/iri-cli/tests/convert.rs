//! End-to-end tests of `iri to-uri` and `iri to-iri` (RFC 3987 §3.1, §3.2), with and without
//! `--idna`.

mod common;

use common::*;

#[test]
fn to_uri_formats() {
    let args = ["http://example.org/résumé?q=ü#δ", "a b"];
    let o = run(&["to-uri", args[0], args[1]]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4\n\
         error: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
    let o = run(&["to-uri", "--format", "json", args[0], args[1]]);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        [
            r#"{"input":"http://example.org/résumé?q=ü#δ","output":"http://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4"}"#,
            r#"{"input":"a b","error":{"kind":"invalid-char","component":"path","byte":1,"column":2,"message":"invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path"}}"#,
        ]
    );
    let o = run(&["to-uri", "--format", "tsv", args[0], args[1]]);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         http://example.org/résumé?q=ü#δ\thttp://example.org/r%C3%A9sum%C3%A9?q=%C3%BC#%CE%B4\t\n\
         a b\t\tinvalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn to_iri_formats() {
    let inputs = [
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D%FCrst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://example.org/résumé",
    ];
    let mut args = vec!["to-iri"];
    args.extend(inputs);
    let o = run(&args);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\n\
         http://xn--99zt52a.example.org/%E2%80%AE\nhttp://example.org/résumé\n"
    );
    let o = run(&["to-iri", "--format", "json", inputs[0]]);
    assert_eq!(
        stdout(&o),
        "{\"input\":\"http://www.example.org/D%C3%BCrst\",\"output\":\"http://www.example.org/Dürst\"}\n"
    );
    let o = run(&["to-iri", "--format", "tsv", "%"]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n%\t\tinvalid IRI reference: '%' at byte 0 in the path is not followed by two hex digits; hint: a literal '%' is written %25 (RFC 3986 §2.4)\n"
    );
}

#[test]
fn to_uri_idna() {
    let inputs = [
        "http://r\u{E9}sum\u{E9}.example.org/",
        "http://\u{E9}_x.org/",
        "x-s://r\u{E9}sum\u{E9}/caf\u{E9}",
        "http://EXAMPLE.org/caf\u{E9}",
    ];
    let mut args = vec!["to-uri", "--idna"];
    args.extend(inputs);
    let o = run(&args);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://xn--rsum-bpad.example.org/\n\
         error: the host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules): \
         U+005F LOW LINE is not allowed by UseSTD3ASCIIRules, which allows letters, digits and \
         '-' in a label\n\
         x-s://r%C3%A9sum%C3%A9/caf%C3%A9\n\
         http://EXAMPLE.org/caf%C3%A9\n"
    );
    // Without the flag, the host is percent-encoded (RFC 3987 §3.1).
    let o = run(&["to-uri", inputs[0], inputs[1]]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://r%C3%A9sum%C3%A9.example.org/\nhttp://%C3%A9_x.org/\n"
    );

    let o = run(&["to-uri", "--idna", "--format", "json", inputs[1]]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        concat!(
            "{\"input\":\"http://\u{E9}_x.org/\",\"error\":{\"kind\":\"idna\",",
            r#""component":"host","byte":7,"column":8,"message":"the host \"#,
            "\"\u{E9}_x.org\\\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules): U+005F LOW LINE ",
            "is not allowed by UseSTD3ASCIIRules, which allows letters, digits and '-' in a label\"}}\n"
        )
    );
    let o = run_with_stdin(
        &["to-uri", "--idna", "--format", "tsv"],
        "http://\u{E9}_x.org/\nhttp://b\u{FC}cher.example/\n".as_bytes(),
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\toutput\terror\n\
         http://\u{E9}_x.org/\t\tthe host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules): \
         U+005F LOW LINE is not allowed by UseSTD3ASCIIRules, which allows letters, digits and '-' in a label\n\
         http://b\u{FC}cher.example/\thttp://xn--bcher-kva.example/\t\n"
    );
    // On standard input, the error names its line.
    let o = run_with_stdin(
        &["to-uri", "--idna"],
        "a\nhttp://\u{E9}_x.org/\n".as_bytes(),
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "a\nerror: line 2: the host \"\u{E9}_x.org\" fails IDNA ToASCII (UTS #46, UseSTD3ASCIIRules): \
         U+005F LOW LINE is not allowed by UseSTD3ASCIIRules, which allows letters, digits and '-' in a label\n"
    );
}

#[test]
fn to_iri_idna() {
    let o = run(&[
        "to-iri",
        "--idna",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "https://XN--RSUM-BPAD.example.org/r%C3%A9sum%C3%A9",
        "http://xn--a.org/",
        "x-s://xn--99zt52a.example.org/",
    ]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE\n\
         https://r\u{E9}sum\u{E9}.example.org/r\u{E9}sum\u{E9}\n\
         http://xn--a.org/\n\
         x-s://xn--99zt52a.example.org/\n"
    );
    let o = run(&[
        "to-iri",
        "--idna",
        "--format",
        "json",
        "http://xn--99zt52a.example.org/",
    ]);
    assert_eq!(
        stdout(&o),
        "{\"input\":\"http://xn--99zt52a.example.org/\",\"output\":\"http://\u{7D0D}\u{8C46}.example.org/\"}\n"
    );
}
