//! The library for JavaScript: the main functions of `iri-toolkit`, compiled to WebAssembly
//! (`wasm32-unknown-unknown`) with `wasm-bindgen`, for the npm package `iri-toolkit` and the
//! static IRI viewer.
//!
//! Each function here is plain Rust (it runs and is tested on any target); the module
//! `bindings` exports them to JavaScript under camelCase names, structured results as JSON
//! text and failures as the JSON of a [`Failure`], which the package's JavaScript wrapper
//! (`js/api.js`) turns into objects and an `IriError`. What each one implements:
//!
//! | function | RFC |
//! |---|---|
//! | [`is_valid`], [`parse`] | RFC 3987 §2.2 (and RFC 3986 §3, §4 for the URI kinds) |
//! | [`resolve`], [`relativize`] | RFC 3986 §5.2 |
//! | [`to_uri`], [`to_iri`] | RFC 3987 §3.1, §3.2 (IDNA: UTS #46) |
//! | [`normalize`] | RFC 3987 §5.3.2, §5.3.3 |
//! | [`lint`] | RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §7 |
//! | [`extension::resolve_relative`], [`extension::parse_zoned`] | RFC 3986 §5.2 against a relative base (an extension), RFC 6874 zone identifiers (opt-in) |
//! | [`build`](mod@build) | RFC 3987 §2.2, RFC 3986 §3, §4.2: builder, setters, encoders, query pairs |
//! | [`template`] | RFC 6570 §2, §3 (URI Templates, with IRI output and matching) |
//! | [`inspect`] | all of the above: the library's [`iri::inspect::Inspection`], as `iri serve`'s `/api/inspect` answers |
//!
//! With the default feature `full` off, the module is the package's `lite` entry point: the
//! grammar, resolution and the IRI↔URI mapping without IDNA; [`normalize`], [`lint`] and
//! [`inspect`] (and their Unicode tables), the builder, URI Templates and the opt-in
//! extensions are left out, and `idna: true` is refused.
//!
//! Offsets are byte offsets into the UTF-8 text, as everywhere in the toolkit; a [`Failure`]
//! also gives the UTF-16 index that JavaScript strings count in.

#[cfg(feature = "full")]
use iri::idn::IdnaOptions;
#[cfg(feature = "full")]
use iri::{Form, Level, Normalizer};
use iri::{Iri, IriRef, Kind};

// Compiled (and linted) on every target; only a wasm32 build exports it.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod bindings;
// The builder, templates and opt-in extensions are in the full module only, so that the lite
// one stays the grammar, resolution and the mapping.
#[cfg(feature = "full")]
pub mod build;
#[cfg(feature = "full")]
pub mod extension;
pub mod fast;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod fast_bindings;
#[cfg(feature = "full")]
pub mod inspect_json;
pub mod json;
#[cfg(feature = "full")]
pub mod template;

/// Why a call gave no result: what went wrong, where, and in which argument.
///
/// ```
/// let f = iri_toolkit_wasm::resolve("a b", "http://x/").unwrap_err();
/// assert_eq!((f.kind, f.argument, f.offset, f.index), ("invalid-char", "reference", Some(1), Some(1)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// A stable kebab-case name: an [`iri::ErrorKind::as_str`], `unreachable` (relativize),
    /// `idna` (ToASCII rejected the host) or `invalid-argument` (an unknown option value).
    pub kind: &'static str,
    /// The component in which it went wrong ([`iri::Component::as_str`]), if known.
    pub component: Option<&'static str>,
    /// The byte offset of the offending character in the argument, if there is one.
    pub offset: Option<usize>,
    /// The same place as a UTF-16 index (what `String.prototype.slice` counts).
    pub index: Option<usize>,
    /// The sentence for people.
    pub message: String,
    /// The name of the argument at fault (`input`, `reference`, `base`, `target`, `kind`,
    /// `level`, `form`).
    pub argument: &'static str,
}

impl Failure {
    /// A parse error of `text`, the argument named `argument`.
    fn parse(e: &iri::ParseError, text: &str, argument: &'static str) -> Self {
        Failure {
            kind: e.kind().as_str(),
            component: Some(e.component().as_str()),
            offset: Some(e.offset()),
            index: utf16_index(text, e.offset()),
            message: e.to_string(),
            argument,
        }
    }

    /// An option value that names nothing.
    fn argument(argument: &'static str, message: String) -> Self {
        Failure {
            kind: "invalid-argument",
            component: None,
            offset: None,
            index: None,
            message,
            argument,
        }
    }

    /// The failure as one JSON object, the members named as the fields, in the order of
    /// their names.
    ///
    /// ```
    /// let f = iri_toolkit_wasm::to_uri("http://a/%", false).unwrap_err();
    /// let json = f.to_json();
    /// assert!(json.starts_with(
    ///     r#"{"argument":"input","component":"path","index":9,"kind":"invalid-pct-encoding","message":"invalid IRI reference: '%' at byte 9"#
    /// ));
    /// assert!(json.ends_with(r#"(RFC 3986 §2.4)","offset":9}"#));
    /// ```
    pub fn to_json(&self) -> String {
        let mut o = json::Object::new();
        o.str("argument", Some(self.argument))
            .str("component", self.component)
            .num("index", self.index)
            .str("kind", Some(self.kind))
            .str("message", Some(&self.message))
            .num("offset", self.offset);
        o.end()
    }
}

/// The UTF-16 index of byte `offset` of `text` (`None` if it is not a character boundary).
fn utf16_index(text: &str, offset: usize) -> Option<usize> {
    text.get(..offset).map(|s| s.encode_utf16().count())
}

/// The grammar named `name` (`iri-ref` when none): the names of `iri parse --kind`.
fn kind(name: Option<&str>) -> Result<Kind, Failure> {
    let Some(name) = name else {
        return Ok(Kind::IriReference);
    };
    Kind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        Failure::argument(
            "kind",
            format!("unknown kind {name:?}: one of {}", names.join(", ")),
        )
    })
}

/// Whether `input` matches the grammar `kind` (default `iri-ref`, RFC 3987 §2.2).
///
/// ```
/// use iri_toolkit_wasm::is_valid;
/// assert_eq!(is_valid("http://例え.テスト/δ", None), Ok(true));
/// assert_eq!(is_valid("http://例え.テスト/δ", Some("uri")), Ok(false));
/// assert_eq!(is_valid("http://a/#f", Some("absolute-iri")), Ok(false));
/// assert!(is_valid("x", Some("url")).is_err());
/// ```
pub fn is_valid(input: &str, kind_name: Option<&str>) -> Result<bool, Failure> {
    Ok(iri::validate(input, kind(kind_name)?).is_ok())
}

/// The components of `input`, checked against `kind` (default `iri-ref`), as `iri parse
/// --format json` gives them: the JSON text of an object of `authority`, `fragment`,
/// `host`, `host_kind`, `path`, `port`, `query`, `scheme`, `userinfo` (in that order), null
/// when absent.
///
/// ```
/// let t = iri_toolkit_wasm::parse("http://user@例え.テスト:8080/δ?q#f", None).unwrap();
/// let v: serde_json::Value = serde_json::from_str(&t).unwrap();
/// assert_eq!(v["host"], "例え.テスト");
/// assert_eq!(v["host_kind"], "reg-name");
/// assert_eq!(v["port"], "8080");
/// assert!(v["authority"].is_string() && v["fragment"] == "f");
/// let e = iri_toolkit_wasm::parse("../a", Some("iri")).unwrap_err();
/// assert_eq!(e.kind, "missing-scheme");
/// ```
pub fn parse(input: &str, kind_name: Option<&str>) -> Result<String, Failure> {
    let k = kind(kind_name)?;
    if k != Kind::IriReference {
        iri::validate(input, k).map_err(|e| Failure::parse(&e, input, "input"))?;
    }
    let r = IriRef::parse(input).map_err(|e| Failure::parse(&e, input, "input"))?;
    Ok(components(&r).end())
}

/// The members of [`parse`]'s object, in the order of their names (`zone`, which
/// [`extension::parse_zoned`] adds, sorts last).
fn components(r: &IriRef<&str>) -> json::Object {
    let mut o = json::Object::new();
    o.str("authority", r.authority())
        .str("fragment", r.fragment())
        .str("host", r.host_str())
        .str("host_kind", r.host().map(|h| h.kind().as_str()))
        .str("path", Some(r.path()))
        .str("port", r.port())
        .str("query", r.query())
        .str("scheme", r.scheme())
        .str("userinfo", r.userinfo());
    o
}

/// `reference` resolved against `base`, an IRI (RFC 3986 §5.2, strict).
///
/// ```
/// let t = iri_toolkit_wasm::resolve("../w/Genève?x#y", "http://example.org/wiki/Zürich").unwrap();
/// assert_eq!(t, "http://example.org/w/Genève?x#y");
/// assert_eq!(iri_toolkit_wasm::resolve("a", "b").unwrap_err().argument, "base");
/// ```
pub fn resolve(reference: &str, base: &str) -> Result<String, Failure> {
    resolve_with_preset(reference, base, "strict")
}

/// [`resolve`] with the options of a named preset of [`iri::ResolveOptions`]: `strict` (the
/// default), `rdf` or `browser` (`docs/resolution.md`).
///
/// ```
/// use iri_toolkit_wasm::resolve_with_preset;
/// let base = "http://a/bb/ccc/./d;p?q";
/// assert_eq!(resolve_with_preset("?y", base, "strict").unwrap(), "http://a/bb/ccc/./d;p?y");
/// assert_eq!(resolve_with_preset("?y", base, "rdf").unwrap(), "http://a/bb/ccc/d;p?y");
/// assert_eq!(resolve_with_preset("?y", base, "html").unwrap_err().argument, "preset");
/// ```
pub fn resolve_with_preset(reference: &str, base: &str, preset: &str) -> Result<String, Failure> {
    let opts = preset_options(preset)?;
    let r = IriRef::parse(reference).map_err(|e| Failure::parse(&e, reference, "reference"))?;
    let b = Iri::parse(base).map_err(|e| Failure::parse(&e, base, "base"))?;
    Ok(b.resolve_with(&r, opts).into_inner())
}

/// The options a preset names, or a failure of the argument `preset`.
fn preset_options(preset: &str) -> Result<iri::ResolveOptions, Failure> {
    preset
        .parse()
        .map_err(|e: iri::UnknownPreset| Failure::argument("preset", e.to_string()))
}

/// The shortest IRI reference that resolves against `base` to `target` (both IRIs).
///
/// ```
/// use iri_toolkit_wasm::relativize;
/// assert_eq!(relativize("http://a/b/x?q", "http://a/b/c").unwrap(), "x?q");
/// assert_eq!(relativize("http://a/b/../c", "http://a/x").unwrap_err().kind, "unreachable");
/// ```
pub fn relativize(target: &str, base: &str) -> Result<String, Failure> {
    let t = Iri::parse(target).map_err(|e| Failure::parse(&e, target, "target"))?;
    let b = Iri::parse(base).map_err(|e| Failure::parse(&e, base, "base"))?;
    b.relativize(&t)
        .map(IriRef::into_inner)
        .map_err(|e| Failure {
            kind: e.kind(),
            component: None,
            offset: None,
            index: None,
            message: e.to_string(),
            argument: "target",
        })
}

/// The URI form of the IRI reference `input` (RFC 3987 §3.1); with `idna`, the host names of
/// DNS schemes through ToASCII.
///
/// ```
/// use iri_toolkit_wasm::to_uri;
/// assert_eq!(to_uri("http://résumé.example/é", false).unwrap(), "http://r%C3%A9sum%C3%A9.example/%C3%A9");
/// if cfg!(feature = "full") {
///     assert_eq!(to_uri("http://résumé.example/é", true).unwrap(), "http://xn--rsum-bpad.example/%C3%A9");
///     let e = to_uri("http://é_x.org/", true).unwrap_err();
///     assert_eq!((e.kind, e.offset, e.index), ("idna", Some(7), Some(7)));
/// } else {
///     // The lite module has no IDNA tables: `idna: true` is refused, not ignored.
///     let e = to_uri("http://résumé.example/é", true).unwrap_err();
///     assert_eq!((e.kind, e.argument), ("invalid-argument", "idna"));
/// }
/// ```
pub fn to_uri(input: &str, idna: bool) -> Result<String, Failure> {
    let r = IriRef::parse(input).map_err(|e| Failure::parse(&e, input, "input"))?;
    if !idna {
        return Ok(r.to_uri().as_str().to_owned());
    }
    #[cfg(not(feature = "full"))]
    return Err(no_idna());
    #[cfg(feature = "full")]
    match r.to_uri_with(&IdnaOptions::new()) {
        Ok(u) => Ok(u.as_str().to_owned()),
        Err(e) => {
            let offset = r
                .host_str()
                .map(|h| h.as_ptr() as usize - input.as_ptr() as usize);
            Err(Failure {
                kind: e.kind(),
                component: Some(iri::Component::Host.as_str()),
                offset,
                index: offset.and_then(|o| utf16_index(input, o)),
                message: e.to_string(),
                argument: "input",
            })
        }
    }
}

/// The IRI form of the URI (or IRI) reference `input` (RFC 3987 §3.2): percent-encoded UTF-8
/// decoded where the result is allowed in an IRI; with `idna`, `xn--` labels of DNS hosts
/// through ToUnicode.
///
/// ```
/// use iri_toolkit_wasm::to_iri;
/// assert_eq!(to_iri("http://xn--rsum-bpad.example/%C3%A9%20", false).unwrap(), "http://xn--rsum-bpad.example/é%20");
/// if cfg!(feature = "full") {
///     assert_eq!(to_iri("http://xn--rsum-bpad.example/", true).unwrap(), "http://résumé.example/");
/// } else {
///     let e = to_iri("http://xn--rsum-bpad.example/", true).unwrap_err();
///     assert_eq!((e.kind, e.argument), ("invalid-argument", "idna"));
/// }
/// ```
pub fn to_iri(input: &str, idna: bool) -> Result<String, Failure> {
    let r = IriRef::parse(input).map_err(|e| Failure::parse(&e, input, "input"))?;
    if !idna {
        return Ok(r.to_iri().as_str().to_owned());
    }
    #[cfg(not(feature = "full"))]
    return Err(no_idna());
    #[cfg(feature = "full")]
    Ok(r.to_iri_with(&IdnaOptions::new()).as_str().to_owned())
}

/// The failure of `idna: true` in the lite module, which has no IDNA tables.
#[cfg(not(feature = "full"))]
fn no_idna() -> Failure {
    Failure::argument(
        "idna",
        "the lite module has no IDNA: import the full module for idna: true".to_owned(),
    )
}

#[cfg(feature = "full")]
/// How [`normalize`] normalizes: the options of `iri normalize`.
///
/// ```
/// let o = iri_toolkit_wasm::NormalizeOptions::default();
/// assert_eq!((o.level, o.form), (None, None));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormalizeOptions {
    /// `syntax` (the default, RFC 3987 §5.3.2) or `scheme` (§5.3.3, with IDN).
    pub level: Option<String>,
    /// `iri` (the default) or `uri`.
    pub form: Option<String>,
    /// NFC (§5.3.2.2).
    pub nfc: bool,
    /// NFKC (§5.3.2.2, for comparison only).
    pub nfkc: bool,
    /// Leaves the fragment out (§5.1: comparing for retrieval).
    pub ignore_fragment: bool,
}

#[cfg(feature = "full")]
/// `input` normalized for a rung of the comparison ladder (RFC 3987 §5.3).
///
/// ```
/// use iri_toolkit_wasm::{normalize, NormalizeOptions};
/// let scheme = NormalizeOptions { level: Some("scheme".into()), ..Default::default() };
/// assert_eq!(normalize("HTTP://résumé.example:80/%7e", &Default::default()).unwrap(), "http://résumé.example:80/~");
/// assert_eq!(normalize("HTTP://résumé.example:80/%7e", &scheme).unwrap(), "http://résumé.example/~");
/// let uri = NormalizeOptions { form: Some("uri".into()), ..scheme };
/// assert_eq!(normalize("HTTP://résumé.example:80/%7e", &uri).unwrap(), "http://xn--rsum-bpad.example/~");
/// ```
pub fn normalize(input: &str, options: &NormalizeOptions) -> Result<String, Failure> {
    let level = match options.level.as_deref() {
        None | Some("syntax") => Level::Syntax,
        Some("scheme") => Level::Scheme,
        Some(other) => {
            return Err(Failure::argument(
                "level",
                format!("unknown level {other:?}: syntax or scheme"),
            ))
        }
    };
    let form = match options.form.as_deref() {
        None | Some("iri") => Form::Iri,
        Some("uri") => Form::Uri,
        Some(other) => {
            return Err(Failure::argument(
                "form",
                format!("unknown form {other:?}: iri or uri"),
            ))
        }
    };
    let r = IriRef::parse(input).map_err(|e| Failure::parse(&e, input, "input"))?;
    let mut n = Normalizer::new(level)
        .form(form)
        .ignore_fragment(options.ignore_fragment);
    if options.nfc {
        n = n.nfc();
    }
    if options.nfkc {
        n = n.nfkc();
    }
    Ok(n.normalize(&r).as_str().to_owned())
}

#[cfg(feature = "full")]
/// The diagnostics of `input` at their default severities (RFC 3987 §4, §6.1, §7.5, §8;
/// RFC 3986 §7), as the `diagnostics` of [`inspect`]: `code`, `severity`, `component`,
/// `start` and `end` (bytes), `text`, `message`, `section`, `suggestion`. An input that does
/// not parse gets the diagnostic `parse-error`.
///
/// ```
/// let d = iri_toolkit_wasm::lint("http://user:secret@example.org/");
/// let d: serde_json::Value = serde_json::from_str(&d).unwrap();
/// assert_eq!(d[0]["code"], "password-in-userinfo");
/// assert_eq!(d[0]["text"], "user:secret");
/// assert_eq!(d[0]["section"], "RFC 3986 §3.2.1");
/// ```
pub fn lint(input: &str) -> String {
    inspect_json::diagnostics(&iri::inspect::diagnostics(input))
}

#[cfg(feature = "full")]
/// Everything the library can say about `input`, resolved against `base` when one is given
/// and not empty: the JSON object that `iri serve` answers at `/api/inspect` (its fields are
/// described in `docs/serve.md`).
///
/// ```
/// let v = iri_toolkit_wasm::inspect("Genève", Some("http://example.org/wiki/Zürich"));
/// let v: serde_json::Value = serde_json::from_str(&v).unwrap();
/// assert_eq!(v["valid"], true);
/// assert_eq!(v["resolved"]["uri"], "http://example.org/wiki/Gen%C3%A8ve");
/// ```
pub fn inspect(input: &str, base: Option<&str>) -> String {
    inspect_json::inspection(&iri::inspect::inspect(input, base))
}

#[cfg(feature = "full")]
/// [`inspect`], the reference resolved with a named preset of [`iri::ResolveOptions`]
/// (`strict`, `rdf` or `browser`), as `/api/inspect?…&preset=…` answers.
///
/// ```
/// let v = iri_toolkit_wasm::inspect_with_preset("?y", Some("http://a/b/./c"), "rdf").unwrap();
/// let v: serde_json::Value = serde_json::from_str(&v).unwrap();
/// assert_eq!(v["resolved"]["iri"], "http://a/b/c?y");
/// assert_eq!(v["resolved"]["preset"], "rdf");
/// ```
pub fn inspect_with_preset(
    input: &str,
    base: Option<&str>,
    preset: &str,
) -> Result<String, Failure> {
    let inspection = iri::inspect::inspect_with(input, base, preset_options(preset)?);
    Ok(inspect_json::inspection(&inspection))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    #[test]
    fn failures_count_utf16_too() {
        // "𝔸" is 4 bytes in UTF-8 and 2 UTF-16 units; "é" 2 and 1.
        let f = parse("http://𝔸é/a b", None).unwrap_err();
        assert_eq!(f.kind, "invalid-char");
        assert_eq!(f.component, Some("path"));
        assert_eq!((f.offset, f.index), (Some(15), Some(12)));
        assert_eq!(&"http://𝔸é/a b"[15..], " b");
        let v: Value = serde_json::from_str(&f.to_json()).unwrap();
        assert_eq!(
            v.to_string(),
            f.to_json(),
            "members in the order of their names"
        );
        assert_eq!(v["index"], 12);
        assert_eq!(v["argument"], "input");
        assert_eq!(
            v["message"],
            "invalid IRI reference: U+0020 SPACE at byte 15 is not allowed in the path"
        );
    }

    #[test]
    fn each_argument_is_named() {
        assert_eq!(resolve("%", "http://a/").unwrap_err().argument, "reference");
        assert_eq!(resolve("a", "/rel").unwrap_err().argument, "base");
        assert_eq!(
            relativize("rel", "http://a/").unwrap_err().argument,
            "target"
        );
        assert_eq!(relativize("http://a/", "rel").unwrap_err().argument, "base");
        assert_eq!(is_valid("a", Some("url")).unwrap_err().argument, "kind");
    }

    #[cfg(feature = "full")]
    #[test]
    fn each_normalize_option_is_named() {
        let o = NormalizeOptions {
            level: Some("simple".into()),
            ..Default::default()
        };
        assert_eq!(normalize("a", &o).unwrap_err().argument, "level");
        let o = NormalizeOptions {
            form: Some("url".into()),
            ..Default::default()
        };
        let f = normalize("a", &o).unwrap_err();
        assert_eq!((f.kind, f.argument), ("invalid-argument", "form"));
    }

    /// The lite module (no feature `full`) maps without IDNA as the full one does, and
    /// refuses `idna: true` with a failure of that argument rather than ignoring it.
    #[cfg(not(feature = "full"))]
    #[test]
    fn lite_refuses_idna() {
        let input = "http://résumé.example/é";
        assert_eq!(
            to_uri(input, false).unwrap(),
            "http://r%C3%A9sum%C3%A9.example/%C3%A9"
        );
        for f in [to_uri(input, true), to_iri(input, true)] {
            let f = f.unwrap_err();
            assert_eq!((f.kind, f.argument), ("invalid-argument", "idna"));
        }
        assert_eq!(
            to_uri("http://a/b c", true).unwrap_err().kind,
            "invalid-char"
        );
    }

    /// RFC 3987 §2.2 and RFC 3986 §4: the kinds of `iri parse --kind`.
    #[test]
    fn kinds() {
        let table = [
            // input, kind, valid
            ("http://a/é#f", "iri-ref", true),
            ("http://a/é#f", "iri", true),
            ("http://a/é#f", "absolute-iri", false), // §2.2 absolute-IRI has no fragment
            ("http://a/é#f", "uri", false),          // RFC 3986 §3: ASCII only
            ("http://a/%C3%A9#f", "uri", true),
            ("//a/é", "relative-iri", true),
            ("//a/é", "iri", false),
            ("a:b", "relative-ref", false), // RFC 3986 §4.2: a colon in the first segment
            ("", "iri-ref", true),          // §2.2: the empty reference
        ];
        for (input, k, valid) in table {
            assert_eq!(is_valid(input, Some(k)), Ok(valid), "{input} as {k}");
            assert_eq!(parse(input, Some(k)).is_ok(), valid, "{input} as {k}");
        }
    }

    /// The JSON text the bindings give is byte for byte the library's serialized inspection,
    /// whose bytes the library's tests hold, and the same as through a `Value` (whose objects
    /// are written in the order of their names).
    #[cfg(feature = "full")]
    #[test]
    fn inspect_is_the_library_s_inspection() {
        for (s, b) in [
            ("http://例/\"\\\u{202E}\u{1}😀", Some("x")),
            ("javascript:%FF", None),
            ("http://a/b c", Some("http://b/")),
            ("Genève#ü", Some("http://例え.テスト/wiki/Zürich")),
        ] {
            let direct = serde_json::to_string(&iri::inspect::inspect(s, b)).unwrap();
            assert_eq!(inspect(s, b), direct, "{s}");
            let value = serde_json::to_value(iri::inspect::inspect(s, b)).unwrap();
            assert_eq!(value.to_string(), direct, "{s}");
        }
    }

    #[cfg(feature = "full")]
    #[test]
    fn lint_is_the_inspection_s_diagnostics() {
        for s in [
            "http://a/invoice\u{202E}fdp.exe",
            "http://user:pw@0x7f.1/%C0%AF..",
            "a b",
        ] {
            let whole: Value = serde_json::from_str(&inspect(s, None)).unwrap();
            let lint: Value = serde_json::from_str(&lint(s)).unwrap();
            assert_eq!(lint, whole["diagnostics"], "{s}");
        }
    }

    #[test]
    fn parse_gives_the_components_of_iri_parse_json() {
        let text = parse("//[::1]:80", None).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v.to_string(), text, "members in the order of their names");
        assert_eq!(
            v,
            json!({
                "scheme": null, "authority": "[::1]:80", "userinfo": null, "host": "[::1]",
                "host_kind": "ipv6", "port": "80", "path": "", "query": null, "fragment": null
            })
        );
    }
}
