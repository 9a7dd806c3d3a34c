//! URI Templates (RFC 6570 §2, §3) for JavaScript: a template parsed once
//! ([`JsTemplate`], the package's `Template`), expanded to a URI or an IRI and matched back.
//!
//! Variables cross the boundary as JSON text of `[name, type, value]` triples, in order
//! (`"s"` a string, `"l"` a list of strings, `"m"` an associative array as `[key, value]`
//! pairs), so that an associative array keeps the order of the JavaScript object it came
//! from; the wrapper (`js/template.js`) writes them. A match answers JSON text (`null`, or an
//! object whose members and associative arrays are in order).

use iri::template::{MatchError, Output, Template, Value, Vars};

use crate::json::{self, Json};
use crate::Failure;

/// A failure of the template argument (a parse error at its offset).
fn template_failure(e: &iri::template::TemplateError, text: &str) -> Failure {
    Failure {
        kind: e.kind().as_str(),
        component: None,
        offset: Some(e.offset()),
        index: text.get(..e.offset()).map(|s| s.encode_utf16().count()),
        message: e.to_string(),
        argument: "template",
    }
}

fn plain(kind: &'static str, message: String, argument: &'static str) -> Failure {
    Failure {
        kind,
        component: None,
        offset: None,
        index: None,
        message,
        argument,
    }
}

/// Parses a template.
///
/// ```
/// let t = iri_toolkit_wasm::template::parse("/{x}").unwrap();
/// assert_eq!(t.as_str(), "/{x}");
/// let f = iri_toolkit_wasm::template::parse("/{x").unwrap_err();
/// assert_eq!((f.kind, f.offset, f.argument), ("unclosed-expression", Some(1), "template"));
/// ```
pub fn parse(template: &str) -> Result<Template, Failure> {
    Template::parse(template).map_err(|e| template_failure(&e, template))
}

/// The variables of the wrapper's JSON text (see the module documentation).
///
/// ```
/// let v = iri_toolkit_wasm::template::vars(r#"[["a","s","1"],["l","l",["x"]],["m","m",[["k","v"]]]]"#).unwrap();
/// assert_eq!(v.len(), 3);
/// assert!(iri_toolkit_wasm::template::vars("{}").is_err());
/// ```
pub fn vars(json: &str) -> Result<Vars, Failure> {
    let bad = || {
        plain(
            "invalid-argument",
            "variables must be [name, type, value] triples".into(),
            "vars",
        )
    };
    let v = json::read(json).ok_or_else(bad)?;
    let mut vars = Vars::new();
    let strings = |v: &Json| -> Option<Vec<String>> {
        v.as_array()?
            .iter()
            .map(|s| s.as_str().map(str::to_owned))
            .collect()
    };
    for t in v.as_array().ok_or_else(bad)? {
        let t = t.as_array().unwrap_or_default();
        let (Some(name), Some(ty), Some(value)) = (
            t.first().and_then(Json::as_str),
            t.get(1).and_then(Json::as_str),
            t.get(2),
        ) else {
            return Err(bad());
        };
        let value = match ty {
            "s" => Value::String(value.as_str().ok_or_else(bad)?.to_owned()),
            "l" => Value::List(strings(value).ok_or_else(bad)?),
            "m" => Value::Map(
                value
                    .as_array()
                    .ok_or_else(bad)?
                    .iter()
                    .map(|p| {
                        strings(p)
                            .filter(|p| p.len() == 2)
                            .map(|p| (p[0].clone(), p[1].clone()))
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(bad)?,
            ),
            _ => return Err(bad()),
        };
        vars.insert(name, value);
    }
    Ok(vars)
}

/// The expansion of `t` with the variables of `vars_json`, as a URI or (`iri`) an IRI.
///
/// ```
/// let t = iri_toolkit_wasm::template::parse("/{city}").unwrap();
/// let vars = r#"[["city","s","Zürich"]]"#;
/// assert_eq!(iri_toolkit_wasm::template::expand(&t, vars, false).unwrap(), "/Z%C3%BCrich");
/// assert_eq!(iri_toolkit_wasm::template::expand(&t, vars, true).unwrap(), "/Zürich");
/// ```
pub fn expand(t: &Template, vars_json: &str, iri: bool) -> Result<String, Failure> {
    let vars = vars(vars_json)?;
    let form = if iri { Output::Iri } else { Output::Uri };
    t.expand(&vars, form)
        .map_err(|e| plain(e.kind(), e.to_string(), "vars"))
}

/// The variables whose expansion is `text`, as JSON text (`null` when none are found); read
/// in the IRI form when `iri` says so, or by default when `text` is not ASCII.
///
/// ```
/// let t = iri_toolkit_wasm::template::parse("/users/{id}{?tags*}").unwrap();
/// let found = iri_toolkit_wasm::template::match_text(&t, "/users/7?tags=a&tags=b", None).unwrap();
/// assert_eq!(found, r#"{"id":"7","tags":["a","b"]}"#);
/// assert_eq!(iri_toolkit_wasm::template::match_text(&t, "/x", None).unwrap(), "null");
/// ```
pub fn match_text(t: &Template, text: &str, iri: Option<bool>) -> Result<String, Failure> {
    let form = if iri.unwrap_or(!text.is_ascii()) {
        Output::Iri
    } else {
        Output::Uri
    };
    match t.match_form(text, form) {
        Ok(vars) => Ok(vars_json(&vars)),
        Err(MatchError::NoMatch) => Ok("null".into()),
        Err(e) => Err(plain(e.as_str(), e.to_string(), "input")),
    }
}

/// Variables as one JSON object, members and associative arrays in order.
fn vars_json(vars: &Vars) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in vars.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::push_str(&mut out, name);
        out.push(':');
        match value {
            Value::String(v) => json::push_str(&mut out, v),
            Value::List(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    json::push_str(&mut out, v);
                }
                out.push(']');
            }
            Value::Map(pairs) => {
                out.push('{');
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    json::push_str(&mut out, k);
                    out.push(':');
                    json::push_str(&mut out, v);
                }
                out.push('}');
            }
        }
    }
    out.push('}');
    out
}

/// The export: a parsed template that JavaScript holds (the wrapper's `Template`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod exports {
    use wasm_bindgen::prelude::*;

    use iri::template::Template;

    fn thrown(f: crate::Failure) -> JsValue {
        JsValue::from_str(&f.to_json())
    }

    /// A parsed URI Template.
    #[wasm_bindgen]
    pub struct JsTemplate {
        inner: Template,
    }

    #[wasm_bindgen]
    impl JsTemplate {
        /// Parses `template`; throws a failure's JSON text.
        #[wasm_bindgen(constructor)]
        pub fn new(template: &str) -> Result<JsTemplate, JsValue> {
            super::parse(template)
                .map(|inner| JsTemplate { inner })
                .map_err(thrown)
        }

        /// The variable names as a JSON array.
        pub fn variables(&self) -> String {
            let mut out = String::from("[");
            for name in self.inner.variables() {
                if out.len() > 1 {
                    out.push(',');
                }
                crate::json::push_str(&mut out, name);
            }
            out.push(']');
            out
        }

        /// The expansion with the variables of `vars` (JSON triples).
        pub fn expand(&self, vars: &str, iri: bool) -> Result<String, JsValue> {
            super::expand(&self.inner, vars, iri).map_err(thrown)
        }

        /// The variables that expand to `text`, as JSON text (`null` when none).
        #[wasm_bindgen(js_name = matchText)]
        pub fn match_text(&self, text: &str, iri: Option<bool>) -> Result<String, JsValue> {
            super::match_text(&self.inner, text, iri).map_err(thrown)
        }
    }
}
