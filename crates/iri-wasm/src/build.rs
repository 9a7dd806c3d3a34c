//! Making and changing IRIs from JavaScript: the library's builder, setters, encoders and
//! query pairs (RFC 3987 §2.2, RFC 3986 §3, §4.2). JavaScript strings are immutable, so each
//! edit returns the new text; components come as JSON objects (`null` removes a part). The
//! error of an edit has its byte offset in the text being written, so no UTF-16 index.

use iri::{encode as enc, Builder, Form, IriRef, PairSyntax};

use crate::json::{self, Json};
use crate::Failure;

/// The failure of a build or an edit (`argument` names the component or the argument).
fn edit_failure(e: &iri::ParseError, argument: &'static str) -> Failure {
    Failure {
        kind: e.kind().as_str(),
        component: Some(e.component().as_str()),
        offset: Some(e.offset()),
        index: None,
        message: e.to_string(),
        argument,
    }
}

fn parsed(input: &str) -> Result<IriRef<String>, Failure> {
    IriRef::parse(input.to_owned()).map_err(|e| Failure::parse(&e, input, "input"))
}

/// The members of a JSON object (each name once, its last value).
type Members = Vec<(String, Json)>;

fn object(text: &str, argument: &'static str) -> Result<Members, Failure> {
    match json::read(text) {
        Some(Json::Obj(m)) => Ok(m),
        _ => Err(Failure::argument(
            argument,
            format!("{argument} must be an object of strings"),
        )),
    }
}

/// A member that is a string, absent, or (when `null_ok`) `null`: `Some(None)` for `null`.
fn member<'a>(m: &'a Members, name: &'static str) -> Result<Option<Option<&'a str>>, Failure> {
    match m.iter().find(|(k, _)| k == name).map(|(_, v)| v) {
        None => Ok(None),
        Some(Json::Null) => Ok(Some(None)),
        Some(Json::Str(s)) => Ok(Some(Some(s))),
        Some(_) => Err(Failure::argument(
            name,
            format!("{name} must be a string or null"),
        )),
    }
}

fn syntax(form: bool, semicolon: bool) -> PairSyntax {
    let s = if form {
        PairSyntax::FORM
    } else {
        PairSyntax::PLAIN
    };
    if semicolon {
        s.with_semicolon()
    } else {
        s
    }
}

fn form_of(uri: bool) -> Form {
    if uri {
        Form::Uri
    } else {
        Form::Iri
    }
}

/// The first name of `m` (in the order of names) that `allowed` refuses.
fn unknown(m: &Members, allowed: impl Fn(&str) -> bool) -> Option<&str> {
    m.iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| !allowed(k))
        .min()
}

const COMPONENTS: [&str; 8] = [
    "scheme",
    "authority",
    "host",
    "userinfo",
    "port",
    "path",
    "query",
    "fragment",
];

/// A reference from components (a JSON object of `scheme`, `userinfo`, `host`, `port`,
/// `path`, `query`, `fragment`, each as it appears in the text), checked by the library's
/// builder; a URI reference when `uri`.
///
/// ```
/// let r = iri_toolkit_wasm::build::build(r#"{"scheme":"https","host":"例え.テスト","path":"/a"}"#, false);
/// assert_eq!(r.unwrap(), "https://例え.テスト/a");
/// let f = iri_toolkit_wasm::build::build(r#"{"scheme":"s","host":"h","path":"a"}"#, false).unwrap_err();
/// assert_eq!((f.kind, f.offset), ("relative-path-after-authority", Some(5)));
/// ```
pub fn build(components: &str, uri: bool) -> Result<String, Failure> {
    let m = object(components, "components")?;
    if let Some(k) = unknown(&m, |k| COMPONENTS.contains(&k) && k != "authority") {
        return Err(Failure::argument(
            "components",
            format!("unknown component {k:?}"),
        ));
    }
    let get = |name| member(&m, name).map(Option::flatten);
    let mut b = Builder::new().path(get("path")?.unwrap_or(""));
    if let Some(x) = get("scheme")? {
        b = b.scheme(x);
    }
    if let Some(x) = get("userinfo")? {
        b = b.userinfo(x);
    }
    if let Some(x) = get("host")? {
        b = b.host(x);
    }
    if let Some(x) = get("port")? {
        b = b.port(x);
    }
    if let Some(x) = get("query")? {
        b = b.query(x);
    }
    if let Some(x) = get("fragment")? {
        b = b.fragment(x);
    }
    let built = if uri {
        b.build_uri_ref().map(|r| r.into_inner())
    } else {
        b.build().map(|r| r.into_inner())
    };
    built.map_err(|e| edit_failure(&e, "components"))
}

/// `input` with the components of `changes` (a JSON object) set, or removed where `null`, in
/// the order scheme, authority, host, userinfo, port, path, query, fragment.
///
/// ```
/// use iri_toolkit_wasm::build::with_components;
/// let out = with_components("http://a:80/b#f", r#"{"scheme":"https","port":null,"fragment":null}"#);
/// assert_eq!(out.unwrap(), "https://a/b");
/// ```
pub fn with_components(input: &str, changes: &str) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    let m = object(changes, "changes")?;
    if let Some(k) = unknown(&m, |k| COMPONENTS.contains(&k)) {
        return Err(Failure::argument(
            "changes",
            format!("unknown component {k:?}"),
        ));
    }
    for name in COMPONENTS {
        let Some(v) = member(&m, name)? else {
            continue;
        };
        let done = match (name, v) {
            ("scheme", Some(x)) => r.set_scheme(x),
            ("scheme", None) => r.remove_scheme(),
            ("authority", v) => r.set_authority(v),
            ("host", Some(x)) => r.set_host(x),
            ("userinfo", v) => r.set_userinfo(v),
            ("port", v) => r.set_port(v),
            ("path", Some(x)) => r.set_path(x),
            ("query", v) => r.set_query(v),
            ("fragment", v) => r.set_fragment(v),
            ("host" | "path", None) => {
                return Err(Failure::argument(
                    name,
                    format!(
                    "the {name} cannot be removed (remove the authority, or set the path to \"\")"
                ),
                ))
            }
            // The names were checked against COMPONENTS above.
            _ => continue,
        };
        done.map_err(|e| edit_failure(&e, name))?;
    }
    Ok(r.into_inner())
}

/// `input` with the raw text `raw` appended as a path segment (encoded; UTF-8 `%HH` when
/// `uri`).
///
/// ```
/// assert_eq!(iri_toolkit_wasm::build::push_path_segment("http://a", "b c", false).unwrap(), "http://a/b%20c");
/// ```
pub fn push_path_segment(input: &str, raw: &str, uri: bool) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    r.push_path_segment(&enc::path_segment(raw, form_of(uri)))
        .map_err(|e| edit_failure(&e, "segment"))?;
    Ok(r.into_inner())
}

/// `input` without its last path segment.
///
/// ```
/// assert_eq!(iri_toolkit_wasm::build::pop_path_segment("http://a/b/c").unwrap(), "http://a/b");
/// ```
pub fn pop_path_segment(input: &str) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    r.pop_path_segment();
    Ok(r.into_inner())
}

/// The decoded pairs of the query of `input`, as the JSON text `[[name, value or null], …]`.
///
/// ```
/// let v = iri_toolkit_wasm::build::query_pairs("?a=1&b=x+y&c", true, false).unwrap();
/// assert_eq!(v, r#"[["a","1"],["b","x y"],["c",null]]"#);
/// ```
pub fn query_pairs(input: &str, form: bool, semicolon: bool) -> Result<String, Failure> {
    let r = IriRef::parse(input).map_err(|e| Failure::parse(&e, input, "input"))?;
    let mut out = String::from("[");
    for p in r.query_pairs(syntax(form, semicolon)) {
        if out.len() > 1 {
            out.push(',');
        }
        out.push('[');
        json::push_str(&mut out, &p.name());
        out.push(',');
        json::push_opt(&mut out, p.raw_value().map(|_| p.value()).as_deref());
        out.push(']');
    }
    out.push(']');
    Ok(out)
}

/// `input` with a pair appended to its query (`name`, `value` raw, encoded).
///
/// ```
/// let out = iri_toolkit_wasm::build::append_query_pair("http://a/#f", "q", Some("a&b"), false);
/// assert_eq!(out.unwrap(), "http://a/?q=a%26b#f");
/// ```
pub fn append_query_pair(
    input: &str,
    name: &str,
    value: Option<&str>,
    form: bool,
) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    r.append_query_pair(name, value, syntax(form, false))
        .map_err(|e| edit_failure(&e, "value"))?;
    Ok(r.into_inner())
}

/// `input` with the first pair named `name` given the value, the later ones removed.
///
/// ```
/// let out = iri_toolkit_wasm::build::set_query_pair("?a=1&b=2&a=3", "a", Some("9"), false, false);
/// assert_eq!(out.unwrap(), "?a=9&b=2");
/// ```
pub fn set_query_pair(
    input: &str,
    name: &str,
    value: Option<&str>,
    form: bool,
    semicolon: bool,
) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    r.set_query_pair(name, value, syntax(form, semicolon))
        .map_err(|e| edit_failure(&e, "value"))?;
    Ok(r.into_inner())
}

/// `input` without the pairs named `name`.
///
/// ```
/// let out = iri_toolkit_wasm::build::remove_query_pairs("?a=1&b=2&a=3", "a", false, false);
/// assert_eq!(out.unwrap(), "?b=2");
/// ```
pub fn remove_query_pairs(
    input: &str,
    name: &str,
    form: bool,
    semicolon: bool,
) -> Result<String, Failure> {
    let mut r = parsed(input)?;
    r.remove_query_pairs(name, syntax(form, semicolon));
    Ok(r.into_inner())
}

/// Raw text as a component: `path-segment`, `query-part`, `form`, `fragment` or `userinfo`.
///
/// ```
/// assert_eq!(iri_toolkit_wasm::build::encode("a b/é", "path-segment", true).unwrap(), "a%20b%2F%C3%A9");
/// ```
pub fn encode(raw: &str, component: &str, uri: bool) -> Result<String, Failure> {
    let f = form_of(uri);
    let out = match component {
        "path-segment" => enc::path_segment(raw, f),
        "query-part" => enc::query_part(raw, f),
        "form" => enc::form_part(raw, f),
        "fragment" => enc::fragment(raw, f),
        "userinfo" => enc::userinfo(raw, f),
        other => {
            return Err(Failure::argument(
                "component",
                format!(
                "unknown component {other:?}: path-segment, query-part, form, fragment or userinfo"
            ),
            ))
        }
    };
    Ok(out.into_owned())
}

/// The `%HH` of a component decoded (`+` as a space when `form`).
///
/// ```
/// assert_eq!(iri_toolkit_wasm::build::decode("a+%C3%A9", true), "a é");
/// ```
pub fn decode(text: &str, form: bool) -> String {
    if form {
        enc::decode_form(text).into_owned()
    } else {
        enc::decode(text).into_owned()
    }
}

/// The exports to JavaScript (camelCase), failures thrown as their JSON text.
#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::*;

    use crate::Failure;

    fn thrown(f: Failure) -> JsValue {
        JsValue::from_str(&f.to_json())
    }

    #[wasm_bindgen(js_name = buildIri)]
    pub fn build(components: &str, uri: bool) -> Result<String, JsValue> {
        super::build(components, uri).map_err(thrown)
    }

    #[wasm_bindgen(js_name = withComponents)]
    pub fn with_components(input: &str, changes: &str) -> Result<String, JsValue> {
        super::with_components(input, changes).map_err(thrown)
    }

    #[wasm_bindgen(js_name = pushPathSegment)]
    pub fn push_path_segment(input: &str, raw: &str, uri: bool) -> Result<String, JsValue> {
        super::push_path_segment(input, raw, uri).map_err(thrown)
    }

    #[wasm_bindgen(js_name = popPathSegment)]
    pub fn pop_path_segment(input: &str) -> Result<String, JsValue> {
        super::pop_path_segment(input).map_err(thrown)
    }

    #[wasm_bindgen(js_name = queryPairs)]
    pub fn query_pairs(input: &str, form: bool, semicolon: bool) -> Result<String, JsValue> {
        super::query_pairs(input, form, semicolon).map_err(thrown)
    }

    #[wasm_bindgen(js_name = appendQueryPair)]
    pub fn append_query_pair(
        input: &str,
        name: &str,
        value: Option<String>,
        form: bool,
    ) -> Result<String, JsValue> {
        super::append_query_pair(input, name, value.as_deref(), form).map_err(thrown)
    }

    #[wasm_bindgen(js_name = setQueryPair)]
    pub fn set_query_pair(
        input: &str,
        name: &str,
        value: Option<String>,
        form: bool,
        semicolon: bool,
    ) -> Result<String, JsValue> {
        super::set_query_pair(input, name, value.as_deref(), form, semicolon).map_err(thrown)
    }

    #[wasm_bindgen(js_name = removeQueryPairs)]
    pub fn remove_query_pairs(
        input: &str,
        name: &str,
        form: bool,
        semicolon: bool,
    ) -> Result<String, JsValue> {
        super::remove_query_pairs(input, name, form, semicolon).map_err(thrown)
    }

    #[wasm_bindgen(js_name = encodeComponent)]
    pub fn encode(raw: &str, component: &str, uri: bool) -> Result<String, JsValue> {
        super::encode(raw, component, uri).map_err(thrown)
    }

    #[wasm_bindgen(js_name = decodeComponent)]
    pub fn decode(text: &str, form: bool) -> String {
        super::decode(text, form)
    }
}
