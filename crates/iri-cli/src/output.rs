//! Writing results: the buffered standard output, TSV fields, and messages on standard
//! error. JSON is written by [`crate::json`].

use std::io::{self, BufWriter, StdoutLock, Write};

/// Standard output, locked and buffered. A write to a closed pipe fails with
/// [`io::ErrorKind::BrokenPipe`], which `main` turns into a quiet exit.
pub type Stdout = BufWriter<StdoutLock<'static>>;

/// Locks and buffers standard output.
pub fn stdout() -> Stdout {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes `iri: MESSAGE` on standard error, ignoring failures (there is nowhere left to
/// report them).
pub fn warn(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "iri: {message}");
}

/// `n` and the noun, plural unless `n` is 1: `1 line`, `2 lines`, `3 classes`.
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if noun.ends_with('s') {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

/// Writes one TSV field: `\` as `\\`, tab as `\t`, LF as `\n`, CR as `\r`, the rest as is.
pub fn tsv_field(w: &mut impl Write, s: &str) -> io::Result<()> {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: &[u8] = match b {
            b'\\' => b"\\\\",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            _ => continue,
        };
        w.write_all(&bytes[start..i])?;
        w.write_all(esc)?;
        start = i + 1;
    }
    w.write_all(&bytes[start..])
}

/// Writes one TSV row: the fields escaped by [`tsv_field`] (`None` as an empty field),
/// separated by tabs, then a newline.
pub fn tsv_row(w: &mut impl Write, fields: &[Option<&str>]) -> io::Result<()> {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            w.write_all(b"\t")?;
        }
        if let Some(s) = field {
            tsv_field(w, s)?;
        }
    }
    w.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count(1, "line"), "1 line");
        assert_eq!(count(0, "line"), "0 lines");
        assert_eq!(count(2, "class"), "2 classes");
    }

    #[test]
    fn tsv_escapes() {
        let mut v = Vec::new();
        tsv_row(
            &mut v,
            &[Some("a\tb\\c\nd\re"), None, Some(""), Some("é\0")],
        )
        .unwrap();
        assert_eq!(v, b"a\\tb\\\\c\\nd\\re\t\t\t\xC3\xA9\0\n");
    }
}
