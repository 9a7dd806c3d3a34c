//! `iri extract` says when a text was probably read in the wrong charset: not UTF-8 and
//! without a declared charset (read as windows-1252, the default), or UTF-16 without a byte
//! order mark; and names the `--charset` to try.

mod common;

use common::run_with_stdin;

fn stderr_of(args: &[&str], input: &[u8]) -> String {
    String::from_utf8(run_with_stdin(args, input).stderr).unwrap()
}

#[test]
fn windows_1251_text_without_charset_gets_a_warning() {
    // "Смотрите http://пример.рф/ и другие ссылки здесь." in windows-1251.
    let mut text = b"\xd1\xec\xee\xf2\xf0\xe8\xf2\xe5 http://".to_vec();
    text.extend(b"\xef\xf0\xe8\xec\xe5\xf0.\xf0\xf4/ \xe8 \xe4\xf0\xf3\xe3\xe8\xe5 ");
    text.extend(b"\xf1\xf1\xfb\xeb\xea\xe8 \xe7\xe4\xe5\xf1\xfc.\n");
    let err = stderr_of(&["extract", "-"], &text);
    assert!(err.contains("--charset windows-1251"), "{err}");
    assert!(err.contains("read as windows-1252"), "{err}");
    // Named, the charset gives no warning, and the IRI in Cyrillic.
    let o = run_with_stdin(&["extract", "--charset", "windows-1251", "-"], &text);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(!err.contains("--charset"), "{err}");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("http://пример.рф/"), "{out}");
}

#[test]
fn utf16_without_byte_order_mark_gets_a_warning() {
    let le: Vec<u8> = "see http://a.example/b and http://c.example/d\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let err = stderr_of(&["extract", "-"], &le);
    assert!(err.contains("--charset utf-16le"), "{err}");
    assert!(err.contains("without a byte order mark"), "{err}");
}

#[test]
fn utf8_and_western_text_get_none() {
    let err = stderr_of(&["extract", "-"], "voir http://exemple.fr/été\n".as_bytes());
    assert!(!err.contains("--charset"), "{err}");
    // Western text in windows-1252: accented letters alone among ASCII ones.
    let err = stderr_of(
        &["extract", "-"],
        b"voir http://exemple.fr/ et la r\xe9sum\xe9 \xe0 c\xf4t\xe9\n",
    );
    assert!(!err.contains("--charset"), "{err}");
}
