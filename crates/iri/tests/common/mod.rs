//! The test tables of `tests/data/*.tsv`, read the same way by every table-driven test.
//!
//! A table is tab-separated, with a header line; empty lines are skipped. Its last column
//! names the row's source (an RFC section, a draft, or `own`) and may not be empty. In a
//! field, `\u{XXXX}` stands for the code point, `\n`, `\r` and `\t` for line feed, carriage
//! return and tab, and `\\` for a backslash; any other escape is an error in the table.

#![allow(dead_code)] // each test crate uses its own part

use std::ops::RangeBounds;

/// A row of a table, with its 1-based line number for messages.
pub struct Row {
    pub line: usize,
    pub fields: Vec<String>,
}

/// A field with its escapes replaced.
pub fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                assert_eq!(chars.next(), Some('{'), "\\u without {{ in {s:?}");
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let cp = u32::from_str_radix(&hex, 16)
                    .unwrap_or_else(|_| panic!("bad hex {hex:?} in {s:?}"));
                out.push(char::from_u32(cp).unwrap_or_else(|| panic!("U+{cp:X} in {s:?}")));
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
