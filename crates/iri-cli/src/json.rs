//! The one JSON writer of the program (RFC 8259): every JSON text it writes, JSON Lines
//! records and the `--stats=json` summary, goes through here. The answers of `iri serve` are
//! the library's `iri::inspect::Inspection` serialized by `serde_json`, which escapes strings
//! byte for byte as this writer does (a test below checks it).
//!
//! Objects are written member by member, in the order the program gives, straight to the
//! output: nothing is built in memory first. Strings are escaped as RFC 8259 §7 requires and
//! no more: `"` and `\` get a backslash; U+0008, U+0009, U+000A, U+000C and U+000D are written
//! `\b`, `\t`, `\n`, `\f` and `\r`; the other control characters U+0000–U+001F are written
//! `\u00XX` (lower-case hex); everything else, DEL, U+2028, U+2029 and characters outside
//! the Basic Multilingual Plane included, is written as its UTF-8 bytes (JSON texts are
//! UTF-8, RFC 8259 §8.1, and a `&str` holds no lone surrogate that would need `\uXXXX`).
//! Numbers are unsigned integers, in decimal.

use std::io::{self, Write};

/// Writes `s` as a JSON string: quoted, escaped as the module documentation says.
pub fn write_str(w: &mut (impl Write + ?Sized), s: &str) -> io::Result<()> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    w.write_all(b"\"")?;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0C => b"\\f",
            b'\r' => b"\\r",
            0x00..=0x1F => &[],
            _ => continue,
        };
        w.write_all(&bytes[start..i])?;
        if short.is_empty() {
            let hex = [
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xF)],
            ];
            w.write_all(&hex)?;
        } else {
            w.write_all(short)?;
        }
        start = i + 1;
    }
    w.write_all(&bytes[start..])?;
    w.write_all(b"\"")
}

/// Writes a string, or `null` for `None`.
fn write_opt_str(w: &mut (impl Write + ?Sized), s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => write_str(w, s),
        None => w.write_all(b"null"),
    }
}

/// Writes a number, or `null` for `None`.
fn write_num(w: &mut (impl Write + ?Sized), n: Option<u64>) -> io::Result<()> {
    match n {
        Some(n) => write!(w, "{n}"),
        None => w.write_all(b"null"),
    }
}

/// A JSON object being written: [`JsonObject::begin`] writes `{`, each member method one
/// member, [`JsonObject::end`] the `}`.
pub struct JsonObject<'w, W: Write + ?Sized> {
    w: &'w mut W,
    first: bool,
}

impl<'w, W: Write + ?Sized> JsonObject<'w, W> {
    /// Starts an object.
    pub fn begin(w: &'w mut W) -> io::Result<Self> {
        w.write_all(b"{")?;
        Ok(JsonObject { w, first: true })
    }

    /// Writes the separator, if any, the key and the colon of the next member.
    fn key(&mut self, key: &str) -> io::Result<()> {
        if !self.first {
            self.w.write_all(b",")?;
        }
        self.first = false;
        write_str(self.w, key)?;
        self.w.write_all(b":")
    }

    /// A string member, or `null` for `None`.
    pub fn str(&mut self, key: &str, value: Option<&str>) -> io::Result<()> {
        self.key(key)?;
        write_opt_str(self.w, value)
    }

    /// An array of strings member.
    pub fn strs(&mut self, key: &str, values: &[&str]) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(b"[")?;
        for (i, s) in values.iter().enumerate() {
            if i > 0 {
                self.w.write_all(b",")?;
            }
            write_str(self.w, s)?;
        }
        self.w.write_all(b"]")
    }

    /// A number member, or `null` for `None`.
    pub fn num(&mut self, key: &str, value: Option<u64>) -> io::Result<()> {
        self.key(key)?;
        write_num(self.w, value)
    }

    /// A member whose value is `json`, JSON text written as it is.
    pub fn raw(&mut self, key: &str, json: &str) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(json.as_bytes())
    }

    /// A boolean member.
    pub fn bool(&mut self, key: &str, value: bool) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(if value { b"true" } else { b"false" })
    }

    /// An object member, whose members `f` writes.
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

    /// An array member holding one object per item, whose members `f` writes.
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

    fn quoted(s: &str) -> String {
        let mut v = Vec::new();
        write_str(&mut v, s).unwrap();
        String::from_utf8(v).unwrap()
    }

    /// RFC 8259 §7: quotation mark, reverse solidus and the control characters are escaped,
    /// with the two-character forms where there is one.
    #[test]
    fn escapes_what_rfc_8259_requires() {
        assert_eq!(quoted(""), r#""""#);
        assert_eq!(quoted(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(quoted("\u{8}\t\n\u{C}\r"), r#""\b\t\n\f\r""#);
        assert_eq!(
            quoted("\u{0}\u{1}\u{B}\u{1F}"),
            r#""\u0000\u0001\u000b\u001f""#
        );
        // Solidus, DEL and C1 controls need no escape.
        assert_eq!(quoted("/\u{7F}\u{85}"), "\"/\u{7F}\u{85}\"");
    }

    /// U+2028 and U+2029 are valid in JSON strings (they only matter to JavaScript before
    /// ES2019) and are written as they are, as are bidi controls and characters outside the
    /// BMP (written as UTF-8, not as surrogate pairs; a `&str` cannot hold a lone surrogate).
    #[test]
    fn writes_other_characters_as_utf8() {
        assert_eq!(quoted("\u{2028}\u{2029}"), "\"\u{2028}\u{2029}\"");
        assert_eq!(quoted("é例\u{202E}"), "\"é例\u{202E}\"");
        assert_eq!(quoted("\u{1F600}\u{10FFFF}"), "\"\u{1F600}\u{10FFFF}\"");
        assert_eq!(
            quoted("a\u{10348}\"").as_bytes(),
            b"\"a\xF0\x90\x8D\x88\\\"\""
        );
    }

    /// Byte for byte what `serde_json` writes, so that moving to this writer changed no
    /// output: every ASCII character, in a run with characters around it.
    #[test]
    fn same_bytes_as_serde_json() {
        for c in (0u8..=0x7F)
            .map(char::from)
            .chain(['é', '\u{2028}', '\u{1F600}'])
        {
            let s = format!("a{c}b{c}");
            assert_eq!(quoted(&s), serde_json::to_string(&s).unwrap(), "{c:?}");
        }
    }

    #[test]
    fn objects_keep_their_order() {
        let mut v = Vec::new();
        let mut o = JsonObject::begin(&mut v).unwrap();
        o.str("z", Some("a\"\u{0}\u{202E}")).unwrap();
        o.bool("a", true).unwrap();
        o.strs("s", &["x", "y"]).unwrap();
        o.strs("e", &[]).unwrap();
        o.num("n", Some(3)).unwrap();
        o.object("e", |e| {
            e.str("k", None)?;
            e.num("o", None)
        })
        .unwrap();
        o.end_line().unwrap();
        assert_eq!(
            String::from_utf8(v).unwrap(),
            "{\"z\":\"a\\\"\\u0000\u{202E}\",\"a\":true,\"s\":[\"x\",\"y\"],\"e\":[],\"n\":3,\
             \"e\":{\"k\":null,\"o\":null}}\n"
        );
    }

    #[test]
    fn raw_members_are_written_as_they_are() {
        let mut v = Vec::new();
        let mut o = JsonObject::begin(&mut v).unwrap();
        o.str("input", Some("/a")).unwrap();
        o.raw("vars", r#"{"p":["a"]}"#).unwrap();
        o.end_line().unwrap();
        assert_eq!(
            String::from_utf8(v).unwrap(),
            "{\"input\":\"/a\",\"vars\":{\"p\":[\"a\"]}}\n"
        );
    }

    #[test]
    fn arrays_of_objects() {
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
