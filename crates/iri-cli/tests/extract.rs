//! End-to-end tests of `iri extract`: the test documents of the library in eight charsets,
//! standard input, the formats, and the exit status.

mod common;

use common::*;

use std::path::{Path, PathBuf};
use std::process::Output;

fn documents() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../iri/tests/data/documents")
}

/// The lines of the output with the file name left out.
fn located(o: &Output, name: &str) -> Vec<String> {
    stdout(o)
        .lines()
        .map(|l| {
            l.strip_prefix(name)
                .unwrap_or_else(|| panic!("{l}"))
                .to_string()
        })
        .collect()
}

#[test]
fn same_output_for_every_charset() {
    for kind in ["html", "xml"] {
        let mut first: Option<Vec<String>> = None;
        for cs in [
            "utf-8",
            "utf-16le",
            "utf-16be",
            "iso-8859-1",
            "windows-1252",
            "shift_jis",
            "euc-jp",
            "koi8-r",
        ] {
            let path = documents().join(format!("page.{cs}.{kind}"));
            let name = path.to_str().unwrap();
            let o = run_with_stdin(&["extract", name], b"");
            // The documents hold one invalid candidate each (a space in a path).
            assert_eq!(o.status.code(), Some(1), "{name}");
            let lines = located(&o, name);
            assert_eq!(lines.len(), 11, "{name}");
            // The query of an http(s) IRI goes through a legacy charset (see
            // `queries_go_through_a_legacy_document_charset`): the other lines are the same.
            let legacy = !cs.starts_with("utf-");
            let same: Vec<&String> = lines
                .iter()
                .filter(|l| !legacy || !l.split(" -> ").nth(1).unwrap_or("").contains('?'))
                .collect();
            // HTML holds three http(s) IRIs with a query, XML two.
            let queries = if kind == "html" { 3 } else { 2 };
            assert_eq!(same.len(), 11 - if legacy { queries } else { 0 }, "{name}");
            match &first {
                None => first = Some(lines),
                Some(f) => {
                    let f: Vec<&String> = f.iter().filter(|l| same.contains(l)).collect();
                    assert_eq!(same, f, "{name}");
                }
            }
        }
        let lines = first.unwrap();
        if kind == "html" {
            assert_eq!(
                lines[1],
                ":9:10: a@href: http://example.org/résumé -> http://example.org/r%C3%A9sum%C3%A9"
            );
            assert_eq!(
                lines[10],
                ":18:10: a@href: http://example.org/a b -> error: invalid IRI reference: U+0020 \
                 SPACE at byte 20 is not allowed in the path"
            );
        }
    }
}

#[test]
fn stdin_text_json() {
    let o = run_with_stdin(
        &["extract", "--format", "json"],
        b"Note the warning in <http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.",
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(1), Some(22))
    );
    assert_eq!(v["place"], "text");
    assert_eq!(
        v["uri"],
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("found 1 IRI in 1 file: 0 invalid"));
}

#[test]
fn charset_base_and_type_options() {
    // "é" in ISO-8859-1, read as HTML though nothing says so, against a base.
    let o = run_with_stdin(
        &[
            "extract",
            "--charset",
            "latin1",
            "--base",
            "http://example.org/d/",
            "--type",
            "html",
            "--format",
            "tsv",
        ],
        b"<a href='caf\xE9'>",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "file\tline\tcolumn\tplace\ttext\tresolved\turi\terror\n\
         <stdin>\t1\t10\ta@href\tcafé\thttp://example.org/d/café\thttp://example.org/d/caf%C3%A9\t\n"
    );
    // A line break inside an attribute value stays on its output line.
    let o = run_with_stdin(&["extract", "--type", "html"], b"<a href='http://a/\nb'>");
    assert_eq!(
        stdout(&o),
        "<stdin>:1:10: a@href: http://a/\\nb -> error: invalid IRI reference: U+000A LINE FEED at \
         byte 9 is not allowed in the path\n"
    );
    // --type text: the same bytes hold no IRI with a scheme.
    let o = run_with_stdin(&["extract", "--type", "text"], b"<a href='caf'>");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
}

#[test]
fn usage_errors_and_unreadable_files() {
    let o = run_with_stdin(&["extract", "--charset", "klingon"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run_with_stdin(&["extract", "--base", "relative/base"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run_with_stdin(&["extract", "/nonexistent/file.html"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/nonexistent/file.html"));
}

/// The URI of the IRI whose text is `text` in the output of `iri extract FILE`.
fn uri_of(file: &str, text: &str) -> String {
    let path = documents().join(file);
    let o = run_with_stdin(&["extract", path.to_str().unwrap()], b"");
    let needle = format!(": {text} -> ");
    let line = stdout(&o)
        .lines()
        .find(|l| l.contains(&needle))
        .unwrap_or_else(|| panic!("{text} in {file}"))
        .to_string();
    line.split(" -> ").nth(1).unwrap().to_string()
}

#[test]
fn queries_go_through_a_legacy_document_charset() {
    // RFC 3987 §3.1 note: the query of an http(s) IRI from a document in a legacy charset
    // goes through that charset, as browsers send it; the path stays UTF-8.
    let path = "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/%D0%BF%D1%83%D1%82%D1%8C";
    assert_eq!(
        uri_of("page.koi8-r.html", "http://пример.рф/путь?q=значение"),
        format!("{path}?q=%DA%CE%C1%DE%C5%CE%C9%C5")
    );
    assert_eq!(
        uri_of("page.utf-8.html", "http://пример.рф/путь?q=значение"),
        format!("{path}?q=%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%B8%D0%B5")
    );
    assert_eq!(
        uri_of("page.iso-8859-1.html", "http://example.org/?a=1&b=März"),
        "http://example.org/?a=1&b=M%E4rz"
    );
    // A relative reference resolved against an http base: its query too.
    assert_eq!(
        uri_of("page.shift_jis.html", "/suche?q=日本"),
        "http://example.org/suche?q=%93%FA%96%7B"
    );
    // A character the charset cannot hold: &#NNNN;, as HTML forms send it.
    assert_eq!(
        uri_of("page.koi8-r.html", "/suche?q=日本"),
        "http://example.org/suche?q=%26%2326085%3B%26%2326412%3B"
    );
    // --charset over a document without a declaration.
    let o = run_with_stdin(
        &["extract", "--charset", "latin1"],
        b"see http://a/b?q=\xE9 and ftp://a/c?q=\xE9.",
    );
    assert_eq!(
        stdout(&o),
        "<stdin>:1:5: text: http://a/b?q=\u{E9} -> http://a/b?q=%E9\n\
         <stdin>:1:24: text: ftp://a/c?q=\u{E9} -> ftp://a/c?q=%C3%A9\n"
    );
}

#[test]
fn idna_maps_hosts_and_reports_what_it_rejects() {
    let input = "http://résumé.example.org/ä and http://\u{E9}_x.org/".as_bytes();
    let o = run_with_stdin(&["extract"], input);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("-> http://r%C3%A9sum%C3%A9.example.org/%C3%A4\n"));
    let o = run_with_stdin(&["extract", "--idna", "--format", "json"], input);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["uri"], "http://xn--rsum-bpad.example.org/%C3%A4");
    assert_eq!(lines[1]["error"]["kind"], "idna");
    assert_eq!(lines[1]["error"]["byte"], 7);
    assert!(stderr(&o).contains("found 2 IRIs in 1 file: 1 invalid"));
}

#[test]
fn lenient_accepts_the_wider_grammar_with_warnings() {
    let input = b"<a href='http://example.org/my file'>x</a> <p>http://example.org/{id}</p>";
    let o = run_with_stdin(&["extract", "--type", "html"], input);
    assert_eq!(o.status.code(), Some(1));
    let o = run_with_stdin(&["extract", "--type", "html", "--lenient"], input);
    assert_eq!(o.status.code(), Some(0));
    // Each line ends with the URI; the warnings are on standard error.
    assert_eq!(
        stdout(&o),
        "<stdin>:1:10: a@href: http://example.org/my file -> http://example.org/my%20file\n\
         <stdin>:1:47: text in p: http://example.org/{id} -> http://example.org/%7Bid%7D\n"
    );
    assert_eq!(
        stderr(&o),
        "iri: <stdin>:1:10: warning: U+0020 SPACE at byte 21 in the path is not allowed in an \
         RFC 3987 IRI; accepted by the wider grammar (space) and percent-encoded (RFC 3987 \
         §3.1)\n\
         iri: <stdin>:1:47: warning: U+007B LEFT CURLY BRACKET at byte 19 in the path is not \
         allowed in an RFC 3987 IRI; accepted by the wider grammar (unwise) and percent-encoded \
         (RFC 3987 §3.1)\n\
         iri: <stdin>:1:47: warning: U+007D RIGHT CURLY BRACKET at byte 22 in the path is not \
         allowed in an RFC 3987 IRI; accepted by the wider grammar (unwise) and percent-encoded \
         (RFC 3987 §3.1)\n\
         found 2 IRIs in 1 file: 0 invalid\n"
    );
    let o = run_with_stdin(
        &["extract", "--type", "html", "--lenient", "--format", "json"],
        input,
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(v["uri"], "http://example.org/my%20file");
    assert_eq!(v["warnings"][0]["byte"], 21);
    assert_eq!(v["warnings"][0]["kind"], "space");
    let o = run_with_stdin(
        &["extract", "--type", "html", "--lenient", "--format", "tsv"],
        input,
    );
    let out = stdout(&o);
    let mut lines = out.lines();
    assert!(lines.next().unwrap().ends_with("\terror\twarnings"));
    assert!(lines.next().unwrap().ends_with("(RFC 3987 §3.1)"));
}

#[test]
fn prose_and_escaped_markup() {
    let o = run_with_stdin(
        &["extract"],
        "詳細はhttp://example.jp/索引.htmlをご覧ください。\n\
         请访问http://例子.中国/首页.html了解更多信息。\n"
            .as_bytes(),
    );
    assert_eq!(
        stdout(&o),
        "<stdin>:1:4: text: http://example.jp/索引.html -> \
         http://example.jp/%E7%B4%A2%E5%BC%95.html\n\
         <stdin>:2:4: text: http://例子.中国/首页.html -> \
         http://%E4%BE%8B%E5%AD%90.%E4%B8%AD%E5%9B%BD/%E9%A6%96%E9%A1%B5.html\n"
    );
    let o = run_with_stdin(
        &["extract", "--type", "html"],
        b"<p>Number with &lt;xsl:number level=\"any\"/&gt;.</p>",
    );
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
}
