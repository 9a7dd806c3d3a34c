//! Writing results: the buffered standard output, JSON Lines objects, TSV fields, and
//! messages on standard error.
//!
//! JSON objects are written field by field, in the order the program gives, with strings
//! escaped by `serde_json`; nothing is built in memory first.

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

/// A JSON object being written: [`JsonObject::begin`] writes `{`, each field method one
/// member, [`JsonObject::end`] the `}`.
pub struct JsonObject<'w, W: Write> {
    w: &'w mut W,
    first: bool,
}

impl<'w, W: Write> JsonObject<'w, W> {
    /// Starts an object.
    pub fn begin(w: &'w mut W) -> io::Result<Self> {
        w.write_all(b"{")?;
        Ok(JsonObject { w, first: true })
    }

    fn key(&mut self, key: &str) -> io::Result<()> {
        if !self.first {
            self.w.write_all(b",")?;
        }
        self.first = false;
        serde_json::to_writer(&mut *self.w, key)?;
        self.w.write_all(b":")
    }

    /// A string member, or `null` for `None`.
    pub fn str(&mut self, key: &str, value: Option<&str>) -> io::Result<()> {
        self.key(key)?;
        serde_json::to_writer(&mut *self.w, &value)?;
        Ok(())
    }

    /// An array of strings member.
    pub fn strs(&mut self, key: &str, values: &[&str]) -> io::Result<()> {
        self.key(key)?;
        serde_json::to_writer(&mut *self.w, values)?;
        Ok(())
    }

    /// A number member, or `null` for `None`.
    pub fn num(&mut self, key: &str, value: Option<u64>) -> io::Result<()> {
        self.key(key)?;
        serde_json::to_writer(&mut *self.w, &value)?;
        Ok(())
    }

    /// A boolean member.
    pub fn bool(&mut self, key: &str, value: bool) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(if value { b"true" } else { b"false" })
    }

    /// An object member, whose fields `f` writes.
    pub fn object(
        &mut self,
        key: &str,
        f: impl FnOnce(&mut JsonObject<'_, W>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.key(key)?;
        let mut inner = JsonObject::begin(&mut *self.w)?;
        f(&mut inner)?;
        inner.end()
    }

    /// An array member holding one object per item, whose fields `f` writes.
    pub fn objects<T>(
        &mut self,
        key: &str,
        items: impl IntoIterator<Item = T>,
        mut f: impl FnMut(&mut JsonObject<'_, W>, T) -> io::Result<()>,
    ) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(b"[")?;
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                self.w.write_all(b",")?;
            }
            let mut inner = JsonObject::begin(&mut *self.w)?;
            f(&mut inner, item)?;
            inner.end()?;
        }
        self.w.write_all(b"]")
    }

    /// Ends the object.
    pub fn end(self) -> io::Result<()> {
        self.w.write_all(b"}")
    }

    /// Ends the object and the line.
    pub fn end_line(self) -> io::Result<()> {
        self.w.write_all(b"}\n")
    }
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

    #[test]
    fn json_object_keeps_order_and_escapes() {
        let mut v = Vec::new();
        let mut o = JsonObject::begin(&mut v).unwrap();
        o.str("z", Some("a\"\u{0}\u{202E}")).unwrap();
        o.bool("a", true).unwrap();
        o.strs("s", &["x", "y"]).unwrap();
        o.num("n", Some(3)).unwrap();
        o.object("e", |e| {
            e.str("k", None)?;
            e.num("o", None)
        })
        .unwrap();
        o.end_line().unwrap();
        assert_eq!(
            String::from_utf8(v).unwrap(),
            "{\"z\":\"a\\\"\\u0000\u{202E}\",\"a\":true,\"s\":[\"x\",\"y\"],\"n\":3,\"e\":{\"k\":null,\"o\":null}}\n"
        );
    }

    #[test]
    fn json_arrays_of_objects() {
        let mut v = Vec::new();
        let mut o = JsonObject::begin(&mut v).unwrap();
        o.objects("none", Vec::<u64>::new(), |_, _| Ok(())).unwrap();
        o.objects("two", [1u64, 2], |e, n| e.num("n", Some(n)))
            .unwrap();
        o.end_line().unwrap();
        assert_eq!(
            String::from_utf8(v).unwrap(),
            "{\"none\":[],\"two\":[{\"n\":1},{\"n\":2}]}\n"
        );
    }
}
