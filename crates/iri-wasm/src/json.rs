//! The JSON text of the bindings (RFC 8259): answers written as serde_json writes them (its
//! escapes, no spaces), and the arguments that come as JSON text (the builder's components,
//! a template's variables) read into a small tree. The shapes are few and flat, so this
//! writer and reader take the place of a general JSON library in the module, whose generic
//! code and number formatting cost more than the functions that use it.

use std::fmt::Write;

/// Appends `s` as a JSON string: `"` and `\` escaped, the C0 controls as `\b`, `\t`, `\n`,
/// `\f`, `\r` or `\u00XX` (lower-case hex), every other character as itself.
///
/// ```
/// let mut out = String::new();
/// iri_toolkit_wasm::json::push_str(&mut out, "a\"\\\u{1}\n\u{202E}é");
/// assert_eq!(out, r#""a\"\\\u0001\n"#.to_owned() + "\u{202E}é\"");
/// ```
pub fn push_str(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0C => "\\f",
            0..=0x1F => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends `s` as a JSON string, or `null`.
///
/// ```
/// let mut out = String::new();
/// iri_toolkit_wasm::json::push_opt(&mut out, Some("a"));
/// iri_toolkit_wasm::json::push_opt(&mut out, None);
/// assert_eq!(out, r#""a"null"#);
/// ```
pub fn push_opt(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => push_str(out, s),
        None => out.push_str("null"),
    }
}

/// A JSON object being written: `{`, then members in the order given, then `}`.
///
/// ```
/// let mut o = iri_toolkit_wasm::json::Object::new();
/// o.str("a", Some("x")).str("b", None).num("c", Some(12));
/// assert_eq!(o.end(), r#"{"a":"x","b":null,"c":12}"#);
/// ```
pub struct Object {
    out: String,
}

impl Default for Object {
    fn default() -> Self {
        Object::new()
    }
}

impl Object {
    /// An empty object.
    ///
    /// ```
    /// assert_eq!(iri_toolkit_wasm::json::Object::new().end(), "{}");
    /// ```
    pub fn new() -> Self {
        Object {
            out: String::from("{"),
        }
    }

    fn key(&mut self, name: &str) -> &mut String {
        if self.out.len() > 1 {
            self.out.push(',');
        }
        push_str(&mut self.out, name);
        self.out.push(':');
        &mut self.out
    }

    /// A member whose value is a string or `null`.
    ///
    /// ```
    /// let mut o = iri_toolkit_wasm::json::Object::new();
    /// o.str("a\"", Some("é"));
    /// assert_eq!(o.end(), r#"{"a\"":"é"}"#);
    /// ```
    pub fn str(&mut self, name: &str, value: Option<&str>) -> &mut Self {
        push_opt(self.key(name), value);
        self
    }

    /// A member whose value is a whole number or `null`.
    ///
    /// ```
    /// let mut o = iri_toolkit_wasm::json::Object::new();
    /// o.num("n", Some(0)).num("m", None);
    /// assert_eq!(o.end(), r#"{"n":0,"m":null}"#);
    /// ```
    pub fn num(&mut self, name: &str, value: Option<usize>) -> &mut Self {
        let out = self.key(name);
        match value {
            Some(n) => {
                let _ = write!(out, "{n}");
            }
            None => out.push_str("null"),
        }
        self
    }

    /// The object's text.
    ///
    /// ```
    /// let mut o = iri_toolkit_wasm::json::Object::new();
    /// o.str("k", None);
    /// assert_eq!(o.end(), r#"{"k":null}"#);
    /// ```
    pub fn end(mut self) -> String {
        self.out.push('}');
        self.out
    }
}

/// A JSON value as read: numbers and booleans are kept only as what they are not (no argument
/// of the bindings takes one), objects as their members in order of first appearance, a
/// repeated name keeping its last value.
///
/// ```
/// use iri_toolkit_wasm::json::{read, Json};
/// assert_eq!(read("[null, 1, true]"), Some(Json::Arr(vec![Json::Null, Json::Other, Json::Other])));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true`, `false` or a number.
    Other,
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object.
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The string, if this is one.
    ///
    /// ```
    /// use iri_toolkit_wasm::json::Json;
    /// assert_eq!(Json::Str("a".into()).as_str(), Some("a"));
    /// assert_eq!(Json::Null.as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// use iri_toolkit_wasm::json::Json;
    /// assert_eq!(Json::Arr(vec![Json::Null]).as_array(), Some(&[Json::Null][..]));
    /// assert_eq!(Json::Obj(vec![]).as_array(), None);
    /// ```
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }
}

/// How deep arrays and objects may nest (as serde_json's default limit).
const DEPTH: usize = 128;

/// Reads one JSON value (whitespace around it allowed), or `None` if `text` is not JSON.
///
/// ```
/// use iri_toolkit_wasm::json::{read, Json};
/// let v = read(r#" {"a": ["x\u00e9\ud83d\ude00", null, 1.5e3, true], "a": "y"} "#).unwrap();
/// assert_eq!(v, Json::Obj(vec![("a".into(), Json::Str("y".into()))]));
/// let v = read(r#"["x\u00e9\ud83d\ude00", null, -0.5e-3, false]"#).unwrap();
/// assert_eq!(v.as_array().unwrap()[0].as_str(), Some("xé😀"));
/// assert!(read("[1,]").is_none() && read(r#""\ud800""#).is_none() && read("01").is_none());
/// ```
pub fn read(text: &str) -> Option<Json> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let v = r.value(0)?;
    r.ws();
    (r.i == r.s.len()).then_some(v)
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let yes = self.peek() == Some(b);
        self.i += usize::from(yes);
        yes
    }

    fn word(&mut self, w: &[u8]) -> bool {
        let yes = self.s[self.i..].starts_with(w);
        self.i += if yes { w.len() } else { 0 };
        yes
    }

    fn value(&mut self, depth: usize) -> Option<Json> {
        match self.peek()? {
            b'"' => self.string().map(Json::Str),
            b'[' | b'{' if depth >= DEPTH => None,
            b'[' => {
                self.i += 1;
                let mut a = Vec::new();
                if !self.eat(b']') {
                    loop {
                        a.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        self.eat(b',').then_some(())?;
                    }
                }
                Some(Json::Arr(a))
            }
            b'{' => {
                self.i += 1;
                let mut o: Vec<(String, Json)> = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        (self.peek()? == b'"').then_some(())?;
                        let k = self.string()?;
                        self.eat(b':').then_some(())?;
                        let v = self.value(depth + 1)?;
                        match o.iter_mut().find(|(name, _)| *name == k) {
                            Some(m) => m.1 = v,
                            None => o.push((k, v)),
                        }
                        if self.eat(b'}') {
                            break;
                        }
                        self.eat(b',').then_some(())?;
                    }
                }
                Some(Json::Obj(o))
            }
            b'n' => self.word(b"null").then_some(Json::Null),
            b't' => self.word(b"true").then_some(Json::Other),
            b'f' => self.word(b"false").then_some(Json::Other),
            _ => self.number().then_some(Json::Other),
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    fn number(&mut self) -> bool {
        let digits = |r: &mut Self| {
            let from = r.i;
            while r.s.get(r.i).is_some_and(u8::is_ascii_digit) {
                r.i += 1;
            }
            r.i - from
        };
        self.word(b"-");
        let int = self.i;
        match digits(self) {
            0 => return false,
            n if n > 1 && self.s[int] == b'0' => return false,
            _ => {}
        }
        if self.word(b".") && digits(self) == 0 {
            return false;
        }
        if self.word(b"e") || self.word(b"E") {
            let _ = self.word(b"+") || self.word(b"-");
            return digits(self) > 0;
        }
        true
    }

    /// A string from its opening quote: RFC 8259 §7, a lone surrogate refused.
    fn string(&mut self) -> Option<String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let b = *self.s.get(self.i)?;
            self.i += 1;
            match b {
                b'"' => break,
                0..=0x1F => return None,
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    let c = match e {
                        b'"' | b'\\' | b'/' => e as char,
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                self.word(b"\\u").then_some(())?;
                                let lo = self.hex4()?;
                                (0xDC00..0xE000).contains(&lo).then_some(())?;
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code)?
                        }
                        _ => return None,
                    };
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => out.push(b),
            }
        }
        // The bytes came from a `&str`, cut at ASCII quotes and escapes only.
        String::from_utf8(out).ok()
    }

    fn hex4(&mut self) -> Option<u32> {
        let h = self.s.get(self.i..self.i + 4)?;
        self.i += 4;
        h.iter()
            .try_fold(0, |n, &b| Some(n * 16 + (b as char).to_digit(16)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The writer's strings are serde_json's, byte for byte, for every character class it
    /// treats apart (quotes, backslashes, each C0 control, DEL, bidi controls, non-ASCII).
    #[test]
    fn strings_as_serde_json_writes_them() {
        let mut all: String = (0u8..0x80).map(char::from).collect();
        all.push_str("é\u{202E}\u{2028}😀\u{FEFF}");
        for s in [all.as_str(), "", "plain", "\"\\", "a\u{1F}b\u{7F}"] {
            let mut out = String::new();
            push_str(&mut out, s);
            assert_eq!(out, serde_json::to_string(s).unwrap(), "{s:?}");
        }
    }

    /// The reader agrees with serde_json on what is JSON and on the strings it holds.
    #[test]
    fn reads_what_serde_json_reads() {
        let cases = [
            r#"{"a":"x","b":null}"#,
            r#" [ "\u0041\n\t\"\\\/\b\f\r" , [ ] , { } ] "#,
            r#"["\ud83d\ude00", "\uDBFF\uDFFF"]"#,
            "[0, -0, 1.25, -3e7, 2E+2, 5e-1, true, false, null]",
            "\"é\u{202E}\"",
            "[1,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{a:1}",
            "[01]",
            "[1.]",
            "[.5]",
            "[1e]",
            "[+1]",
            "[-]",
            r#""\ud800""#,
            r#""\udc00""#,
            r#""\ud800\u0041""#,
            r#""\x""#,
            "\"a\u{1}\"",
            "\"unclosed",
            "nul",
            "[1] x",
            "",
            "   ",
        ];
        for text in cases {
            let ours = read(text);
            let theirs: Option<serde_json::Value> = serde_json::from_str(text).ok();
            assert_eq!(ours.is_some(), theirs.is_some(), "{text}");
            if let (Some(o), Some(t)) = (ours, theirs) {
                assert_eq!(strings(&o), strings_of(&t), "{text}");
            }
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert!(read(&deep).is_none());
        let ok = "[".repeat(100) + &"]".repeat(100);
        assert!(read(&ok).is_some());
    }

    fn strings(v: &Json) -> Vec<String> {
        match v {
            Json::Str(s) => vec![s.clone()],
            Json::Arr(a) => a.iter().flat_map(strings).collect(),
            Json::Obj(o) => o
                .iter()
                .flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings(v)))
                .collect(),
            _ => vec![],
        }
    }

    fn strings_of(v: &serde_json::Value) -> Vec<String> {
        match v {
            serde_json::Value::String(s) => vec![s.clone()],
            serde_json::Value::Array(a) => a.iter().flat_map(strings_of).collect(),
            serde_json::Value::Object(o) => o
                .iter()
                .flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings_of(v)))
                .collect(),
            _ => vec![],
        }
    }
}
