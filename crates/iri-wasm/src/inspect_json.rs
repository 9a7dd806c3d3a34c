//! The JSON text of the inspection and of the diagnostics (the answers of `inspect` and
//! `lint`; no RFC rule of its own): the fields and order of the library's `serde`
//! serialization, which `iri serve` answers, written with [`crate::json`]'s strings so that
//! the module carries no general JSON library.

use std::fmt::Write;

use iri::inspect::{
    Base, Bidi, Diagnostic, Error, Inspection, Normalized, Piece, Resolved, Script, UriIdna,
};

use crate::json::{push_opt, push_str};

/// `,` unless the object or array has just been opened, then the member's name and `:`.
fn key(out: &mut String, name: &str) {
    if !out.ends_with(['{', '[']) {
        out.push(',');
    }
    push_str(out, name);
    out.push(':');
}

fn num(out: &mut String, name: &str, n: usize) {
    key(out, name);
    let _ = write!(out, "{n}");
}

fn boolean(out: &mut String, name: &str, b: Option<bool>) {
    key(out, name);
    out.push_str(match b {
        Some(true) => "true",
        Some(false) => "false",
        None => "null",
    });
}

fn string(out: &mut String, name: &str, s: Option<&str>) {
    key(out, name);
    push_opt(out, s);
}

/// A member whose value is an array of objects, each written by `each`.
fn array<T>(out: &mut String, name: &str, items: Option<&[T]>, each: fn(&mut String, &T)) {
    key(out, name);
    let Some(items) = items else {
        out.push_str("null");
        return;
    };
    list(out, items, each);
}

/// An array of objects, each written by `each`.
fn list<T>(out: &mut String, items: &[T], each: fn(&mut String, &T)) {
    out.push('[');
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('{');
        each(out, item);
        out.push('}');
    }
    out.push(']');
}

/// A member whose value is an object written by `each`, or `null`.
fn object<T>(out: &mut String, name: &str, value: Option<&T>, each: fn(&mut String, &T)) {
    key(out, name);
    match value {
        Some(v) => {
            out.push('{');
            each(out, v);
            out.push('}');
        }
        None => out.push_str("null"),
    }
}

fn error(out: &mut String, e: &Error) {
    string(out, "after", Some(&e.after));
    string(out, "before", Some(&e.before));
    num(out, "byte", e.byte);
    string(out, "char", Some(&e.at));
    num(out, "column", e.column);
    string(out, "component", Some(e.component));
    string(out, "hint", e.hint);
    string(out, "kind", Some(e.kind));
    string(out, "message", Some(&e.message));
}

fn diagnostic(out: &mut String, d: &Diagnostic) {
    string(out, "code", Some(d.code));
    string(out, "component", d.component);
    num(out, "end", d.end);
    string(out, "message", Some(&d.message));
    string(out, "section", Some(d.section));
    string(out, "severity", Some(d.severity));
    num(out, "start", d.start);
    string(out, "suggestion", d.suggestion.as_deref());
    string(out, "text", Some(&d.text));
}

fn base(out: &mut String, b: &Base) {
    object(out, "error", b.error.as_ref(), error);
    string(out, "input", Some(&b.input));
    boolean(out, "valid", Some(b.valid));
}

fn bidi(out: &mut String, b: &Bidi) {
    string(out, "display", Some(&b.display));
    string(out, "display_escaped", Some(&b.display_escaped));
    boolean(out, "is_bidi", Some(b.is_bidi));
    string(out, "visual", Some(&b.visual));
}

fn piece(out: &mut String, p: &Piece) {
    string(out, "part", Some(p.part));
    string(out, "text", Some(&p.text));
}

fn normalized(out: &mut String, n: &Normalized) {
    string(out, "iri", Some(&n.iri));
    string(out, "level", Some(n.level));
    string(out, "uri", Some(&n.uri));
}

fn script(out: &mut String, s: &Script) {
    match s {
        Script::Decoded {
            bom,
            encoding,
            script,
        } => {
            boolean(out, "bom", Some(*bom));
            string(out, "encoding", Some(encoding));
            string(out, "script", Some(script));
        }
        Script::Failed { error } => object(out, "error", Some(error), |out, e| {
            num(out, "byte", e.byte);
            num(out, "column", e.column);
            string(out, "message", Some(&e.message));
        }),
    }
}

fn resolved(out: &mut String, r: &Resolved) {
    string(out, "iri", Some(&r.iri));
    string(out, "preset", r.preset);
    string(out, "uri", Some(&r.uri));
}

fn uri_idna(out: &mut String, u: &UriIdna) {
    string(out, "error", u.error.as_deref());
    string(out, "value", u.value.as_deref());
}

/// The inspection as the library's `serde` serialization writes it: the fields of `forms`
/// in the object itself (absent for an invalid reference), `base` and `resolved` absent
/// without a base.
///
/// ```
/// let i = iri::inspect::inspect("a b", None);
/// let v = iri_toolkit_wasm::inspect_json::inspection(&i);
/// assert!(v.starts_with(r#"{"absolute":null,"bidi":{"#) && v.ends_with(r#""valid":false}"#));
/// ```
pub fn inspection(i: &Inspection) -> String {
    let mut out = String::from("{");
    let out = &mut out;
    let forms = i.forms.as_ref();
    let with_base = i.base.is_some();
    boolean(out, "absolute", i.absolute);
    if with_base {
        object(out, "base", i.base.as_ref(), base);
    }
    object(out, "bidi", Some(&i.bidi), bidi);
    array(out, "components", i.components.as_deref(), piece);
    array(out, "diagnostics", Some(&i.diagnostics), diagnostic);
    object(out, "error", i.error.as_ref(), error);
    string(out, "host_kind", i.host_kind);
    string(out, "input", Some(&i.input));
    if let Some(f) = forms {
        string(out, "iri", Some(&f.iri));
        string(out, "iri_idna", Some(&f.iri_idna));
        object(out, "javascript", f.javascript.as_ref(), script);
        array(out, "normalized", Some(&f.normalized), normalized);
    }
    if with_base {
        object(out, "resolved", i.resolved.as_ref(), resolved);
    }
    if let Some(f) = forms {
        string(out, "uri", Some(&f.uri));
        object(out, "uri_idna", Some(&f.uri_idna), uri_idna);
    }
    boolean(out, "valid", Some(i.valid));
    out.push('}');
    std::mem::take(out)
}

/// The diagnostics as a JSON array, as the library's `serde` serialization writes them.
///
/// ```
/// let d = iri::inspect::diagnostics("http://u:p@h/");
/// let v = iri_toolkit_wasm::inspect_json::diagnostics(&d);
/// assert!(v.starts_with(r#"[{"code":"password-in-userinfo","#));
/// ```
pub fn diagnostics(d: &[Diagnostic]) -> String {
    let mut out = String::new();
    list(&mut out, d, diagnostic);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Byte for byte the library's serde serialization through serde_json, on references
    /// that reach every field: invalid ones, bases, `javascript` scripts decoded and not,
    /// IDNA failures, diagnostics with and without suggestions, controls and quotes.
    #[test]
    fn as_serde_json_writes_the_library_serialization() {
        let inputs = [
            "",
            "a b",
            "http://user:secret@example.org/",
            "HTTP://résumé.example/%7e",
            "http://例え.テスト/ä",
            "javascript:alert(1)",
            "javascript:%FF",
            "javascript:%EF%BB%BFx",
            "http://xn--a.example/",
            "http://a\u{202E}b/",
            "http://ex\u{430}mple.com/\u{FF01}\u{200B}?\u{E000}#\u{378}",
            "http://[::1]:80/p?q=\"\\\u{1}\n#f",
            "//0x7f.1/%2e%2E/%c0%ae/",
            "\u{5D0}\u{5D1}a/\u{5D2}",
            "http://a/b%",
        ];
        let bases = [
            None,
            Some(""),
            Some("http://a/b/c/d;p?q"),
            Some("b a"),
            Some("x:"),
        ];
        for input in inputs {
            let d = iri::inspect::diagnostics(input);
            assert_eq!(
                diagnostics(&d),
                serde_json::to_string(&d).unwrap(),
                "{input:?}"
            );
            for base in bases {
                let i = iri::inspect::inspect(input, base);
                let want = serde_json::to_string(&i).unwrap();
                assert_eq!(inspection(&i), want, "{input:?} {base:?}");
            }
            let i = iri::inspect::inspect_with(
                input,
                Some("http://a/b/./c"),
                iri::ResolveOptions::rdf(),
            );
            assert_eq!(
                inspection(&i),
                serde_json::to_string(&i).unwrap(),
                "{input:?}"
            );
        }
    }
}
