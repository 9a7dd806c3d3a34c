//! The test tables of `tests/data/*.tsv`, read the same way by every table-driven test.
//!
//! A table is tab-separated, with a header line; empty lines are skipped. Its last column
//! names the row's source (an RFC section, a draft, or `own`) and may not be empty. In a
//! field, `\u{XXXX}` stands for the code point, `\n`, `\r` and `\t` for line feed, carriage
//! return and tab, and `\\` for a backslash; any other escape is an error in the table.
//! Tables of inputs that need not be UTF-8 (`fuzz_regressions.tsv`) also have `\xNN`, a raw
//! byte ([`unescape_bytes`]).

#![allow(dead_code)] // each test crate uses its own part

use std::ops::RangeBounds;

/// A row of a table, with its 1-based line number for messages.
pub struct Row {
    pub line: usize,
    pub fields: Vec<String>,
}

/// A field with its escapes replaced.
pub fn unescape(s: &str) -> String {
    String::from_utf8(decode(s, false)).expect("escapes give whole characters")
}

/// A field with its escapes replaced, where `\xNN` also stands for the raw byte `NN` (for
/// inputs that need not be UTF-8).
pub fn unescape_bytes(s: &str) -> Vec<u8> {
    decode(s, true)
}

fn decode(s: &str, raw_bytes: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut chars = s.chars();
    let mut buf = [0; 4];
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        match chars.next() {
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('t') => out.push(b'\t'),
            Some('\\') => out.push(b'\\'),
            Some('x') if raw_bytes => {
                let hex: String = chars.by_ref().take(2).collect();
                let o = u8::from_str_radix(&hex, 16)
                    .unwrap_or_else(|_| panic!("bad \\x{hex} in {s:?}"));
                out.push(o);
            }
            Some('u') => {
                assert_eq!(chars.next(), Some('{'), "\\u without {{ in {s:?}");
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let cp = u32::from_str_radix(&hex, 16)
                    .unwrap_or_else(|_| panic!("bad hex {hex:?} in {s:?}"));
                let c = char::from_u32(cp).unwrap_or_else(|| panic!("U+{cp:X} in {s:?}"));
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            other => panic!("unknown escape \\{other:?} in {s:?}"),
        }
    }
    out
}

/// The rows of `tests/data/{name}`, each with a number of fields in `columns` and a source;
/// the table may not be empty.
pub fn table(name: &str, columns: impl RangeBounds<usize>) -> Vec<Row> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<String> = line.split('\t').map(unescape).collect();
        assert!(
            columns.contains(&fields.len()),
            "{name}:{}: {} fields",
            n + 1,
            fields.len()
        );
        let source = fields.last().map_or("", String::as_str);
        assert!(!source.is_empty(), "{name}:{}: row without source", n + 1);
        rows.push(Row {
            line: n + 1,
            fields,
        });
    }
    assert!(!rows.is_empty(), "{name} is empty");
    rows
}

/// [`table`] as (line, fields) pairs.
pub fn pairs(name: &str, columns: impl RangeBounds<usize>) -> Vec<(usize, Vec<String>)> {
    table(name, columns)
        .into_iter()
        .map(|r| (r.line, r.fields))
        .collect()
}
