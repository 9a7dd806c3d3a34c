//! End-to-end tests of the legacy flags of the `iri` binary: `parse --lenient` / `--leiri`
//! (RFC 3987 §3.1, the 2002 draft, LEIRI) and `to-uri --charset` (the http/https query
//! exception of RFC 3987 §3.1).

mod common;

use common::*;

use std::process::Output;

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// parse --lenient / --leiri

#[test]
fn lenient_text_shows_the_encoded_components_and_the_warnings() {
    let o = run(&["parse", "--lenient", "http://example.org/a b"]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=example.org host=example.org (reg-name) path=/a%20b \
         warning: U+0020 SPACE at byte 20 in the path is not allowed in an RFC 3987 IRI; \
         accepted by the wider grammar (space) and percent-encoded (RFC 3987 §3.1)\n"
    );
}

#[test]
fn strict_parse_still_rejects_what_lenient_accepts() {
    let o = run(&["parse", "http://example.org/a b"]);
    assert_code(&o, 1);
    assert!(stdout(&o).starts_with("error: "), "{}", stdout(&o));
}

#[test]
fn lenient_json_lists_each_warning() {
    let o = run(&[
        "parse",
        "--lenient",
        "--format",
        "json",
        "http://a/{x}?q=\"y\"",
    ]);
    assert_code(&o, 0);
    let v = &json_lines(&o)[0];
    assert_eq!(v["valid"], true);
    assert_eq!(v["iri"], "http://a/%7Bx%7D?q=%22y%22");
    assert_eq!(v["path"], "/%7Bx%7D");
    assert_eq!(v["query"], "q=%22y%22");
    let w = v["warnings"].as_array().unwrap();
    let summary: Vec<(u64, &str, &str, &str)> = w
        .iter()
        .map(|w| {
            (
                w["byte"].as_u64().unwrap(),
                w["char"].as_str().unwrap(),
                w["component"].as_str().unwrap(),
                w["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (9, "{", "path", "unwise"),
            (11, "}", "path", "unwise"),
            (15, "\"", "query", "delimiter"),
            (17, "\"", "query", "delimiter"),
        ]
    );
}

#[test]
fn lenient_never_converts_number_sign_percent_or_brackets() {
    let o = run(&[
        "parse",
        "--lenient",
        "--format",
        "json",
        "http://a/b#c#d",
        "http://a/100%",
        "http://a/[x]",
        "http://a/ok",
    ]);
    assert_code(&o, 1);
    let v = json_lines(&o);
    let offsets: Vec<_> = v
        .iter()
        .map(|v| (v["valid"].as_bool().unwrap(), v["error"]["byte"].as_u64()))
        .collect();
    assert_eq!(
        offsets,
        [
            (false, Some(12)),
            (false, Some(12)),
            (false, Some(9)),
            (true, None)
        ]
    );
}

#[test]
fn leiri_accepts_controls_that_lenient_rejects() {
    let line = b"http://a/b\tc\n";
    let lenient = run_with_stdin(&["parse", "--lenient"], line);
    assert_code(&lenient, 1);
    assert!(
        stdout(&lenient).starts_with("error: line 1: "),
        "{}",
        stdout(&lenient)
    );
    let leiri = run_with_stdin(&["parse", "--leiri", "--format", "json"], line);
    assert_code(&leiri, 0);
    let v = &json_lines(&leiri)[0];
    assert_eq!(v["iri"], "http://a/b%09c");
    assert_eq!(v["warnings"][0]["kind"], "control");
    assert_eq!(v["warnings"][0]["byte"], 10);
    assert_eq!(
        v["warnings"][0]["section"],
        "W3C LEIRI note (leiri-ucschar)"
    );
}

#[test]
fn lenient_tsv_has_a_warnings_column() {
    let o = run(&["parse", "--lenient", "--format", "tsv", "a b", "c"]);
    assert_code(&o, 0);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let header: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(header.last(), Some(&"warnings"));
    assert_eq!(header.len(), 13);
    let row: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(row.len(), 13);
    assert_eq!((row[0], row[1], row[8]), ("a b", "true", "a%20b"));
    assert!(
        row[12].starts_with("U+0020 SPACE at byte 1 in the path"),
        "{}",
        row[12]
    );
    let row: Vec<&str> = lines[2].split('\t').collect();
    assert_eq!((row[0], row[12]), ("c", ""));
}

#[test]
fn lenient_respects_kind() {
    let o = run(&["parse", "--lenient", "--kind", "iri", "a b"]);
    assert_code(&o, 1);
    let o = run(&["parse", "--leiri", "--kind", "relative", "../my file"]);
    assert_code(&o, 0);
    assert!(
        stdout(&o).starts_with("path=../my%20file warning: "),
        "{}",
        stdout(&o)
    );
}

#[test]
fn lenient_and_leiri_conflict() {
    let o = run(&["parse", "--lenient", "--leiri", "x"]);
    assert_code(&o, 2);
}

// ---------------------------------------------------------------------------------------------
// to-uri --charset

#[test]
fn charset_maps_only_the_query_of_http() {
    let o = run(&[
        "to-uri",
        "--charset",
        "iso-8859-1",
        "http://example.org/März?q=März#März",
        "https://example.org/?q=März",
        "ftp://example.org/?q=März",
        "mailto:a@example.org?subject=März",
    ]);
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://example.org/M%C3%A4rz?q=M%E4rz#M%C3%A4rz\n\
         https://example.org/?q=M%E4rz\n\
         ftp://example.org/?q=M%C3%A4rz\n\
         mailto:a@example.org?subject=M%C3%A4rz\n"
    );
}

#[test]
fn charset_from_standard_input_with_japanese_charsets() {
    let input = "http://example.jp/検索?q=日本\n";
    let sjis = run_with_stdin(&["to-uri", "--charset", "Shift_JIS"], input.as_bytes());
    assert_code(&sjis, 0);
    assert_eq!(
        stdout(&sjis),
        "http://example.jp/%E6%A4%9C%E7%B4%A2?q=%93%FA%96%7B\n"
    );
    let euc = run_with_stdin(&["to-uri", "--charset", "euc-jp"], input.as_bytes());
    assert_eq!(
        stdout(&euc),
        "http://example.jp/%E6%A4%9C%E7%B4%A2?q=%C6%FC%CB%DC\n"
    );
    let utf8 = run_with_stdin(&["to-uri", "--charset", "utf-8"], input.as_bytes());
    let plain = run_with_stdin(&["to-uri"], input.as_bytes());
    assert_eq!(stdout(&utf8), stdout(&plain));
}

/// Of the octets a legacy charset gives, the unreserved ones are not percent-encoded (RFC 3986
/// §2.3): パ is 0x83 0x70 in Shift_JIS, and 0x70 is `p`, so browsers send `%83p`; 0x5C (`\`,
/// from ソ) is no URI character and is encoded.
#[test]
fn charset_keeps_unreserved_trail_octets() {
    let o = run(&["to-uri", "--charset", "shift_jis", "http://a/?q=パ"]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "http://a/?q=%83p\n");
    let o = run(&["to-uri", "--charset", "shift_jis", "http://a/パ?q=ソ&r=ア"]);
    assert_eq!(stdout(&o), "http://a/%E3%83%91?q=%83%5C&r=%83A\n");
}

#[test]
fn charset_with_idna() {
    let o = run(&[
        "to-uri",
        "--idna",
        "--charset",
        "shift_jis",
        "http://例え.jp/?q=日本",
    ]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "http://xn--r8jz45g.jp/?q=%93%FA%96%7B\n");
}

#[test]
fn unmappable_is_an_error_by_default() {
    let o = run(&[
        "to-uri",
        "--charset",
        "latin1",
        "--format",
        "json",
        "http://a/?q=日",
        "http://a/?q=é",
    ]);
    assert_code(&o, 1);
    let v = json_lines(&o);
    assert_eq!(v[0]["error"]["kind"], "unmappable");
    assert_eq!(v[0]["error"]["component"], "query");
    assert_eq!(v[0]["error"]["byte"], 12);
    assert_eq!(
        v[0]["error"]["message"],
        "U+65E5 '日' at byte 12 cannot be represented in windows-1252 (the document charset \
         of the query, RFC 3987 §3.1)"
    );
    assert_eq!(v[1]["output"], "http://a/?q=%E9");
}

#[test]
fn unmappable_policies() {
    let utf8 = run(&[
        "to-uri",
        "--charset",
        "latin1",
        "--unmappable",
        "utf-8",
        "http://a/?q=é日",
    ]);
    assert_code(&utf8, 0);
    assert_eq!(stdout(&utf8), "http://a/?q=%E9%E6%97%A5\n");
    let ncr = run(&[
        "to-uri",
        "--charset",
        "latin1",
        "--unmappable",
        "ncr",
        "http://a/?q=é日",
    ]);
    assert_code(&ncr, 0);
    assert_eq!(stdout(&ncr), "http://a/?q=%E9%26%2326085%3B\n");
}

#[test]
fn windows_1258_writes_vietnamese_decomposed() {
    let o = run(&[
        "to-uri",
        "--charset",
        "windows-1258",
        "http://a/Việt?q=Việt",
    ]);
    assert_code(&o, 0);
    assert_eq!(stdout(&o), "http://a/Vi%E1%BB%87t?q=Vi%EA%F2t\n");
}

#[test]
fn unknown_charset_is_a_usage_error() {
    let o = run(&["to-uri", "--charset", "klingon", "http://a/"]);
    assert_code(&o, 2);
    assert!(stdout(&o).is_empty());
    assert!(
        stderr(&o).contains("unknown charset label \"klingon\""),
        "{}",
        stderr(&o)
    );
    let o = run(&["to-uri", "--charset", "iso-2022-kr", "http://a/"]);
    assert_code(&o, 2);
    assert!(
        stderr(&o).contains("replacement encoding"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn unmappable_needs_charset() {
    let o = run(&["to-uri", "--unmappable", "ncr", "http://a/"]);
    assert_code(&o, 2);
}
