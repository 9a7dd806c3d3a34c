//! End-to-end tests of `iri parse`: components in text, JSON and TSV, grammars.

mod common;

use common::*;

#[test]
fn parse_json_full_reference() {
    let o = run(&["parse", "--format", "json", "http://user@[::1]:80/p?q#f"]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        concat!(
            r#"{"input":"http://user@[::1]:80/p?q#f","valid":true,"scheme":"http","#,
            r#""authority":"user@[::1]:80","userinfo":"user","host":"[::1]","host_kind":"ipv6","#,
            r#""port":"80","path":"/p","query":"q","fragment":"f"}"#,
            "\n"
        )
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn parse_json_non_ascii_and_relative() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "http://例え.テスト:8080/δοκιμή?q=1#ñ",
        "../Zürich",
        "",
        "mailto:x@192.0.2.1",
    ]);
    assert_code(&o, 0);
    let want = [
        r#"{"input":"http://例え.テスト:8080/δοκιμή?q=1#ñ","valid":true,"scheme":"http","authority":"例え.テスト:8080","userinfo":null,"host":"例え.テスト","host_kind":"reg-name","port":"8080","path":"/δοκιμή","query":"q=1","fragment":"ñ"}"#,
        r#"{"input":"../Zürich","valid":true,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"../Zürich","query":null,"fragment":null}"#,
        r#"{"input":"","valid":true,"scheme":null,"authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"","query":null,"fragment":null}"#,
        r#"{"input":"mailto:x@192.0.2.1","valid":true,"scheme":"mailto","authority":null,"userinfo":null,"host":null,"host_kind":null,"port":null,"path":"x@192.0.2.1","query":null,"fragment":null}"#,
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
}

#[test]
fn parse_json_host_kinds() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "s://192.0.2.1",
        "s://[v7.x]",
        "s://01.2.3.4",
    ]);
    assert_code(&o, 0);
    let kinds: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["host_kind"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(kinds, ["ipv4", "ipvfuture", "reg-name"]);
}

#[test]
fn parse_json_invalid_with_offset() {
    let o = run(&[
        "parse",
        "--format",
        "json",
        "http://a/b\u{202E}c",
        "http://a:8x/",
    ]);
    assert_code(&o, 1);
    let want = [
        concat!(
            "{\"input\":\"http://a/b\u{202E}c\",",
            r#""valid":false,"error":{"kind":"bidi-formatting","#,
            r#""component":"path","byte":10,"column":11,"message":"invalid IRI reference: U+202E "#,
            r#"RIGHT-TO-LEFT OVERRIDE at byte 10 in the path is a bidi formatting character, "#,
            r#"which IRIs must not contain (RFC 3987 §4.1)"}}"#
        ),
        concat!(
            r#"{"input":"http://a:8x/","valid":false,"error":{"kind":"invalid-port","#,
            r#""component":"port","byte":10,"column":11,"message":"invalid IRI reference: U+0078 'x' "#,
            r#"at byte 10 is not a digit, and the port holds only digits"}}"#
        ),
    ];
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), want);
}

#[test]
fn parse_text_layout() {
    let o = run(&[
        "parse",
        "http://user@[::1]:80/p?q#f",
        "//例え.テスト/δ",
        "",
        "s:p?#",
        "a b",
    ]);
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=user@[::1]:80 userinfo=user host=[::1] (ipv6) port=80 path=/p query=q fragment=f\n\
         authority=例え.テスト host=例え.テスト (reg-name) path=/δ\n\
         path=\n\
         scheme=s path=p query= fragment=\n\
         error: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn parse_tsv_header_rows_and_escapes() {
    let o = run_with_stdin(
        &["parse", "--format", "tsv"],
        b"http://h:1/p?q#f\nrel\na\tb\\c\n",
    );
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "input\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\terror\n\
         http://h:1/p?q#f\ttrue\thttp\th:1\t\th\treg-name\t1\t/p\tq\tf\t\n\
         rel\ttrue\t\t\t\t\t\t\trel\t\t\t\n\
         a\\tb\\\\c\tfalse\t\t\t\t\t\t\t\t\t\tinvalid IRI reference: U+0009 CHARACTER TABULATION at byte 1 is not allowed in the path\n"
    );
}

#[test]
fn parse_kinds() {
    let o = run(&["parse", "--kind", "uri", "--format", "json", "http://é/"]);
    assert_code(&o, 1);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(v["error"]["kind"], "non-ascii");
    assert_eq!(v["error"]["byte"], 7);

    // A valid input of a narrower kind still gets its components.
    let o = run(&["parse", "--kind", "absolute", "http://a/b?c"]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=a host=a (reg-name) path=/b query=c\n"
    );
    let o = run(&["parse", "--kind", "absolute", "http://a/b#c"]);
    assert_code(&o, 1);
    assert!(stdout(&o).starts_with("error: invalid absolute IRI: '#' at byte 10"));

    for (kind, input, ok) in [
        ("iri", "rel", false),
        ("iri", "s:é", true),
        ("relative", "s:x", false),
        ("relative", "./s:x", true),
        ("uri-ref", "é", false),
        ("absolute-uri", "s:x", true),
        ("relative-uri", "/x", true),
        ("iri-ref", "x", true),
        ("relative-iri", "x", true),
    ] {
        let o = run(&["parse", "--kind", kind, input]);
        assert_code(&o, if ok { 0 } else { 1 });
    }
}
