//! Everything the library can say about one IRI reference, as one plain value: an
//! [`Inspection`], built by [`inspect`] (or [`inspect_with`], which names the resolution
//! options). It is what `iri serve` answers at `/api/inspect`, what the npm package's
//! `inspect` returns and what the IRI viewer shows; with the `serde` feature it is
//! `Serialize`, and the JSON of every field is described beside it.
//!
//! Where each field comes from:
//!
//! | field | RFC |
//! |---|---|
//! | `valid`, `error` | RFC 3987 §2.2 (the grammar), with the parser's hint |
//! | `absolute`, `components`, `host_kind` | RFC 3986 §3, §3.2.2, §4.3 (the library's one splitter) |
//! | `uri`, `uri_idna` | RFC 3987 §3.1 (IDNA: UTS #46) |
//! | `iri`, `iri_idna` | RFC 3987 §3.2 |
//! | `normalized` | RFC 3987 §5.3.2 (syntax), §5.3.3 (scheme) |
//! | `javascript` | the script of a `javascript` IRI (the processing draft, §6.2) |
//! | `base`, `resolved` | RFC 3986 §5.2, with a preset of [`ResolveOptions`] |
//! | `diagnostics` | RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §7 ([`crate::lint`]) |
//! | `bidi` | RFC 3987 §4.1 (display form), §4.4 (visual order) |
//!
//! Offsets are byte offsets into the UTF-8 text; the pieces of text around them are given too,
//! so that a client in another encoding (JavaScript) need not count. The fields of each nested
//! type are declared in the order of their names, the order in which a JSON map of them is
//! written, so that the serialized text is the same whichever way it is written.
//!
//! The module needs the features `unicode` (diagnostics, bidi) and `idna` (the `_idna` forms).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::idn::IdnaOptions;
use crate::scheme::javascript::Javascript;
use crate::{Component, Form, Iri, IriRef, Level, Normalizer, ParseError, ResolveOptions};

/// Everything the library says about one IRI reference and, if a base was given, its
/// resolution. See the [module documentation](self) for where each field comes from.
///
/// With the `serde` feature it serializes as one JSON object: the fields below by name, except
/// that the fields of [`forms`](Inspection::forms) sit in the object itself (and are absent for
/// an invalid reference), and `base` and `resolved` are absent when no base was given.
///
/// ```
/// let i = iri::inspect::inspect("HTTP://résumé.example/%7e", None);
/// assert!(i.valid && i.error.is_none());
/// assert_eq!(i.host_kind, Some("reg-name"));
/// let forms = i.forms.unwrap();
/// assert_eq!(forms.uri, "HTTP://r%C3%A9sum%C3%A9.example/%7e");
/// assert_eq!(forms.normalized[1].uri, "http://xn--rsum-bpad.example/~");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inspection {
    /// Whether the reference is absolute (has a scheme); `None` if it does not parse.
    pub absolute: Option<bool>,
    /// The base, if one was given and is not empty.
    pub base: Option<Base>,
    /// The bidi display form and visual order.
    pub bidi: Bidi,
    /// The reference cut into components and delimiters; `None` if it does not parse.
    pub components: Option<Vec<Piece>>,
    /// The diagnostics at their default severities (see [`diagnostics`]).
    pub diagnostics: Vec<Diagnostic>,
    /// Why the reference does not parse; `None` if it does.
    pub error: Option<Error>,
    /// The kind of the host ([`crate::HostKind::as_str`]), if the reference parses and has one.
    pub host_kind: Option<&'static str>,
    /// The text inspected.
    pub input: String,
    /// The URI and IRI forms, normalized forms and script; `None` if the reference does not
    /// parse.
    pub forms: Option<Forms>,
    /// The reference resolved against the base; `None` if no base was given or either does
    /// not parse.
    pub resolved: Option<Resolved>,
    /// Whether the reference parses (RFC 3987 §2.2 `IRI-reference`).
    pub valid: bool,
}

/// The forms of a reference that parses: mapped to a URI and to an IRI, with and without
/// IDNA, normalized at each rung of the ladder, and the script of a `javascript` IRI.
///
/// ```
/// let forms = iri::inspect::inspect("http://例え.テスト/ä", None).forms.unwrap();
/// assert_eq!(forms.uri, "http://%E4%BE%8B%E3%81%88.%E3%83%86%E3%82%B9%E3%83%88/%C3%A4");
/// assert_eq!(forms.uri_idna.value.as_deref(), Some("http://xn--r8jz45g.xn--zckzah/%C3%A4"));
/// assert!(forms.javascript.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Forms {
    /// The IRI form (RFC 3987 §3.2).
    pub iri: String,
    /// The IRI form with the host mapped by IDNA ToUnicode.
    pub iri_idna: String,
    /// The script of a `javascript` IRI; `None` for any other reference.
    pub javascript: Option<Script>,
    /// The normalized forms: syntax-based, then scheme-based.
    pub normalized: Vec<Normalized>,
    /// The URI form (RFC 3987 §3.1).
    pub uri: String,
    /// The URI form with the host mapped by IDNA ToASCII, or why ToASCII refused it.
    pub uri_idna: UriIdna,
}

/// The URI form with IDNA: the value, or the error of ToASCII (JSON `{"error","value"}`, one
/// of them `null`).
///
/// ```
/// let forms = iri::inspect::inspect("http://a_b.example/", None).forms.unwrap();
/// assert_eq!(forms.uri_idna.value.is_some(), forms.uri_idna.error.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct UriIdna {
    /// Why ToASCII refused the host, if it did.
    pub error: Option<String>,
    /// The URI, if ToASCII accepted the host.
    pub value: Option<String>,
}

/// One rung of the normalization ladder (JSON `{"iri","level","uri"}`).
///
/// ```
/// let forms = iri::inspect::inspect("HTTP://a:80/%7e", None).forms.unwrap();
/// assert_eq!((forms.normalized[0].level, forms.normalized[0].iri.as_str()), ("syntax", "http://a:80/~"));
/// assert_eq!((forms.normalized[1].level, forms.normalized[1].iri.as_str()), ("scheme", "http://a/~"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Normalized {
    /// The normalized IRI.
    pub iri: String,
    /// The rung ([`Level::as_str`]).
    pub level: &'static str,
    /// The normalized URI.
    pub uri: String,
}

/// The script of a `javascript` IRI: the decoded script and its encoding (JSON
/// `{"bom","encoding","script"}`), or where the script cannot be decoded (JSON `{"error"}`).
///
/// ```
/// use iri::inspect::{inspect, Script};
/// let forms = inspect("javascript:alert(1)", None).forms.unwrap();
/// assert!(matches!(forms.javascript, Some(Script::Decoded { ref script, .. }) if script == "alert(1)"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
pub enum Script {
    /// The script decoded.
    Decoded {
        /// Whether the script began with a byte order mark.
        bom: bool,
        /// The encoding of the script's octets.
        encoding: &'static str,
        /// The script.
        script: String,
    },
    /// The script cannot be decoded.
    Failed {
        /// Where and why.
        error: ScriptError,
    },
}

/// Where the script of a `javascript` IRI cannot be decoded (JSON `{"byte","column","message"}`).
///
/// ```
/// use iri::inspect::{inspect, Script};
/// let forms = inspect("javascript:%FF", None).forms.unwrap();
/// let Some(Script::Failed { error }) = forms.javascript else { panic!() };
/// assert_eq!((error.byte, error.column), (11, 12));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ScriptError {
    /// The byte offset in the IRI.
    pub byte: usize,
    /// The 1-based column in characters.
    pub column: usize,
    /// The sentence for people.
    pub message: String,
}

/// A parse error: where, why, the hint, and the text before, at and after the offending
/// character.
///
/// ```
/// let e = iri::inspect::inspect("http://a/b c", None).error.unwrap();
/// assert_eq!((e.kind, e.component, e.byte, e.column), ("invalid-char", "path", 10, 11));
/// assert_eq!((e.before.as_str(), e.at.as_str(), e.after.as_str()), ("http://a/b", " ", "c"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Error {
    /// The text after the offending character.
    pub after: String,
    /// The text before the offending character.
    pub before: String,
    /// The byte offset of the offending character.
    pub byte: usize,
    /// The offending character, or empty at the end of the text (JSON `char`).
    #[cfg_attr(feature = "serde", serde(rename = "char"))]
    pub at: String,
    /// The 1-based column in characters.
    pub column: usize,
    /// The component ([`Component::as_str`]).
    pub component: &'static str,
    /// What was probably meant, if the parser knows ([`crate::Hint::message`]).
    pub hint: Option<&'static str>,
    /// The kind ([`crate::ErrorKind::as_str`]).
    pub kind: &'static str,
    /// The sentence for people.
    pub message: String,
}

/// A piece of the reference: a component (`part` is [`Component::as_str`]) or the delimiter
/// between two (`part` is `"delimiter"`).
///
/// ```
/// let pieces = iri::inspect::inspect("http://h/p", None).components.unwrap();
/// let parts: Vec<_> = pieces.iter().map(|p| (p.part, p.text.as_str())).collect();
/// assert_eq!(parts, [("scheme", "http"), ("delimiter", "://"), ("host", "h"), ("path", "/p")]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Piece {
    /// The component's name, or `"delimiter"`.
    pub part: &'static str,
    /// Its text.
    pub text: String,
}

/// A diagnostic ([`crate::lint::Diagnostic`]) with the names of its code, severity and
/// component, and the text of its span.
///
/// ```
/// let d = &iri::inspect::diagnostics("http://user:secret@example.org/")[0];
/// assert_eq!((d.code, d.text.as_str(), d.section), ("password-in-userinfo", "user:secret", "RFC 3986 §3.2.1"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Diagnostic {
    /// The stable code.
    pub code: &'static str,
    /// The component, if the finding is in one.
    pub component: Option<&'static str>,
    /// The byte offset where the span ends.
    pub end: usize,
    /// The sentence for people.
    pub message: String,
    /// The section of the RFC.
    pub section: &'static str,
    /// The severity.
    pub severity: &'static str,
    /// The byte offset where the span starts.
    pub start: usize,
    /// A replacement, if there is one.
    pub suggestion: Option<String>,
    /// The text of the span.
    pub text: String,
}

/// The bidi display form (§4.1, LRE…PDF), with its formatting characters also spelled out as
/// `<U+202A>`, and the visual order in a left-to-right paragraph (§4.4).
///
/// ```
/// let b = iri::inspect::inspect("http://אב/", None).bidi;
/// assert!(b.is_bidi);
/// assert_eq!(b.display_escaped, "<U+202A>http://אב/<U+202C>");
/// assert_eq!(b.visual, "http://בא/");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Bidi {
    /// The display form.
    pub display: String,
    /// The display form with its bidi formatting characters and marks spelled out.
    pub display_escaped: String,
    /// Whether the text has right-to-left characters.
    pub is_bidi: bool,
    /// The visual order.
    pub visual: String,
}

/// The base given: whether it is an IRI (RFC 3987 §2.2 `IRI`), and why not.
///
/// ```
/// let b = iri::inspect::inspect("a", Some("not absolute")).base.unwrap();
/// assert!(!b.valid && b.error.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Base {
    /// Why the base does not parse as an IRI.
    pub error: Option<Error>,
    /// The base as given.
    pub input: String,
    /// Whether it parses as an IRI.
    pub valid: bool,
}

/// The reference resolved against the base (RFC 3986 §5.2), as an IRI and as a URI, with the
/// name of the options' preset.
///
/// ```
/// let r = iri::inspect::inspect("Genève", Some("http://a/wiki/Zürich")).resolved.unwrap();
/// assert_eq!((r.iri.as_str(), r.uri.as_str()), ("http://a/wiki/Genève", "http://a/wiki/Gen%C3%A8ve"));
/// assert_eq!(r.preset, Some("strict"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Resolved {
    /// The target IRI.
    pub iri: String,
    /// The preset of the options ([`ResolveOptions::preset_name`]).
    pub preset: Option<&'static str>,
    /// The target as a URI.
    pub uri: String,
}

/// The inspection of `input`, resolved against `base` when one is given (and not empty), by
/// RFC 3986 §5.2 as written ([`ResolveOptions::strict`]).
///
/// ```
/// let i = iri::inspect::inspect("a b", None);
/// assert!(!i.valid && i.forms.is_none() && i.base.is_none());
/// assert_eq!(i.error.unwrap().byte, 1);
/// ```
pub fn inspect(input: &str, base: Option<&str>) -> Inspection {
    inspect_with(input, base, ResolveOptions::strict())
}

/// [`inspect`], with the reference resolved with `opts` (named in
/// [`Resolved::preset`] when they are a preset).
///
/// ```
/// use iri::ResolveOptions;
/// let i = iri::inspect::inspect_with("?y", Some("http://a/b/./c"), ResolveOptions::rdf());
/// let r = i.resolved.unwrap();
/// assert_eq!((r.iri.as_str(), r.preset), ("http://a/b/c?y", Some("rdf")));
/// ```
pub fn inspect_with(input: &str, base: Option<&str>, opts: ResolveOptions) -> Inspection {
    let parsed = IriRef::parse(input);
    let forms = parsed.as_ref().ok().map(|r| {
        let idna = IdnaOptions::new();
        Forms {
            iri: r.to_iri().as_str().to_owned(),
            iri_idna: r.to_iri_with(&idna).as_str().to_owned(),
            javascript: javascript(r),
            normalized: [Level::Syntax, Level::Scheme]
                .iter()
                .map(|&level| {
                    let n = Normalizer::new(level);
                    Normalized {
                        iri: n.normalize(r).as_str().to_owned(),
                        level: level.as_str(),
                        uri: n.form(Form::Uri).normalize(r).as_str().to_owned(),
                    }
                })
                .collect(),
            uri: r.to_uri().as_str().to_owned(),
            uri_idna: match r.to_uri_with(&idna) {
                Ok(u) => UriIdna {
                    error: None,
                    value: Some(u.as_str().to_owned()),
                },
                Err(e) => UriIdna {
                    error: Some(e.to_string()),
                    value: None,
                },
            },
        }
    });
    let mut base_out = None;
    let mut resolved = None;
    if let Some(base) = base.filter(|b| !b.is_empty()) {
        let parsed_base = Iri::parse(base);
        if let (Ok(b), Ok(r)) = (&parsed_base, &parsed) {
            let target = b.resolve_with(r, opts);
            resolved = Some(Resolved {
                iri: target.as_str().to_owned(),
                preset: opts.preset_name(),
                uri: target.to_uri().as_str().to_owned(),
            });
        }
        base_out = Some(Base {
            error: parsed_base.as_ref().err().map(|e| error(base, e)),
            input: base.to_owned(),
            valid: parsed_base.is_ok(),
        });
    }
    Inspection {
        absolute: parsed.as_ref().ok().map(|r| r.scheme().is_some()),
        base: base_out,
        bidi: bidi(input),
        components: parsed.as_ref().ok().map(|r| components(r.as_str())),
        diagnostics: diagnostics(input),
        error: parsed.as_ref().err().map(|e| error(input, e)),
        host_kind: parsed
            .as_ref()
            .ok()
            .and_then(|r| r.host())
            .map(|h| h.kind().as_str()),
        input: input.to_owned(),
        forms,
        resolved,
        valid: parsed.is_ok(),
    }
}

/// The diagnostics of `input` at their default severities ([`crate::lint::lint_str`]), each
/// with the text of its span: the `diagnostics` of an [`Inspection`].
///
/// ```
/// let d = iri::inspect::diagnostics("a b");
/// assert_eq!(d[0].code, "parse-error");
/// ```
pub fn diagnostics(input: &str) -> Vec<Diagnostic> {
    crate::lint::lint_str(input)
        .iter()
        .map(|d| Diagnostic {
            code: d.code.as_str(),
            component: d.component.map(Component::as_str),
            end: d.span.end,
            message: d.message.clone(),
            section: d.section,
            severity: d.severity.as_str(),
            start: d.span.start,
            suggestion: d.suggestion.clone(),
            text: input.get(d.span.clone()).unwrap_or("").to_owned(),
        })
        .collect()
}

/// The script of a `javascript` IRI (processing draft §6.2); `None` for any other reference.
fn javascript<T: AsRef<str>>(r: &IriRef<T>) -> Option<Script> {
    let iri = Iri::parse(r.as_str()).ok()?;
    if !iri.scheme().eq_ignore_ascii_case("javascript") {
        return None;
    }
    Some(match Javascript::parse(&iri) {
        Ok(j) => Script::Decoded {
            bom: j.encoding().has_bom(),
            encoding: j.encoding().as_str(),
            script: j.script().to_owned(),
        },
        Err(e) => Script::Failed {
            error: ScriptError {
                byte: e.offset(),
                column: column(iri.as_str(), e.offset()),
                message: e.to_string(),
            },
        },
    })
}

/// The 1-based column in characters of the byte offset `at` in `text` (the characters that
/// start before it, plus one), as the command's JSON counts columns.
fn column(text: &str, at: usize) -> usize {
    text.char_indices().take_while(|&(i, _)| i < at).count() + 1
}

/// A parse error of `input`, with the text around the offending character.
fn error(input: &str, e: &ParseError) -> Error {
    let at = e.offset().min(input.len());
    let (before, rest) = input.split_at(if input.is_char_boundary(at) { at } else { 0 });
    let ch = rest.chars().next().map(String::from).unwrap_or_default();
    Error {
        after: rest[ch.len()..].to_owned(),
        before: before.to_owned(),
        byte: e.offset(),
        column: column(input, e.offset()),
        component: e.component().as_str(),
        hint: e.hint().map(crate::Hint::message),
        kind: e.kind().as_str(),
        message: e.to_string(),
        at: ch,
    }
}

/// The text cut into its components and the delimiters between them, in order, covering all
/// of it; empty components are left out. The cut is the library's one splitter
/// ([`crate::Components`]).
fn components(text: &str) -> Vec<Piece> {
    use Component::*;
    let split = crate::Components::split(text);
    let mut out = Vec::new();
    let mut at = 0;
    for part in [Scheme, Userinfo, Host, Port, Path, Query, Fragment] {
        let Some(span) = split.span(part).filter(|s| !s.is_empty()) else {
            continue;
        };
        if span.start > at {
            out.push(Piece {
                part: "delimiter",
                text: text[at..span.start].to_owned(),
            });
        }
        out.push(Piece {
            part: part.as_str(),
            text: text[span.clone()].to_owned(),
        });
        at = span.end;
    }
    if at < text.len() {
        out.push(Piece {
            part: "delimiter",
            text: text[at..].to_owned(),
        });
    }
    out
}

/// The bidi display form and visual order of `input`.
fn bidi(input: &str) -> Bidi {
    let display = crate::bidi::display(input, crate::bidi::Wrap::Embedding);
    let display_escaped: String = display
        .chars()
        .map(|c| {
            if crate::is_bidi_formatting(c as u32) || matches!(c, '\u{200E}' | '\u{200F}') {
                format!("<U+{:04X}>", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect();
    Bidi {
        display: display.into_owned(),
        display_escaped,
        is_bidi: crate::bidi::is_bidi(input),
        visual: crate::bidi::visual_order(input),
    }
}

/// One JSON object: the fields by name, the [`Forms`] among them when the reference parses,
/// `base` and `resolved` when a base was given.
#[cfg(feature = "serde")]
impl serde::Serialize for Inspection {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let forms = self.forms.as_ref();
        let base = self.base.is_some();
        let len = 8 + if forms.is_some() { 6 } else { 0 } + if base { 2 } else { 0 };
        let mut o = s.serialize_struct("Inspection", len)?;
        o.serialize_field("absolute", &self.absolute)?;
        if base {
            o.serialize_field("base", &self.base)?;
        }
        o.serialize_field("bidi", &self.bidi)?;
        o.serialize_field("components", &self.components)?;
        o.serialize_field("diagnostics", &self.diagnostics)?;
        o.serialize_field("error", &self.error)?;
        o.serialize_field("host_kind", &self.host_kind)?;
        o.serialize_field("input", &self.input)?;
        if let Some(f) = forms {
            o.serialize_field("iri", &f.iri)?;
            o.serialize_field("iri_idna", &f.iri_idna)?;
            o.serialize_field("javascript", &f.javascript)?;
            o.serialize_field("normalized", &f.normalized)?;
        }
        if base {
            o.serialize_field("resolved", &self.resolved)?;
        }
        if let Some(f) = forms {
            o.serialize_field("uri", &f.uri)?;
            o.serialize_field("uri_idna", &f.uri_idna)?;
        }
        o.serialize_field("valid", &self.valid)?;
        o.end()
    }
}
