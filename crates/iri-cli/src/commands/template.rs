//! `iri expand` and `iri match`: URI Templates (RFC 6570) through the library's
//! `iri::template`, expanded to URIs or IRIs, and matched back into variables.
//!
//! Variables come from `--vars FILE` (a JSON object: strings, numbers and booleans as their
//! JSON text, arrays as lists, objects as associative arrays in the file's order, `null` as
//! undefined) and then `--var NAME=VALUE` (strings, which win). The file is read with an
//! order-keeping reader of its own, since an associative array's order is its expansion's.

use std::fmt;
use std::io::{self, Write};

use iri::template::{Output, Template, Value, Vars};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::transform::{put, transform_columns, Columns, Shown, COLUMNS};
use super::Outcome;
use crate::cli::{ExpandArgs, MatchArgs};
use crate::failure::Failure;
use crate::json::write_str;
use crate::output::escaped;

/// A JSON value with its objects' members in document order.
enum Json {
    Null,
    Scalar(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_none<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_string()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Json, E> {
                Ok(Json::Scalar(v.to_owned()))
            }
            fn visit_string<E>(self, v: String) -> Result<Json, E> {
                Ok(Json::Scalar(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = a.next_element()? {
                    items.push(v);
                }
                Ok(Json::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut members = Vec::new();
                while let Some((k, v)) = a.next_entry::<String, Json>()? {
                    members.push((k, v));
                }
                Ok(Json::Object(members))
            }
        }
        d.deserialize_any(V)
    }
}

/// The variables of a `--vars` file's text; an error names what does not fit.
pub fn vars_from_json(text: &str) -> Result<Vars, String> {
    let json: Json = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let Json::Object(members) = json else {
        return Err("the variables must be a JSON object".into());
    };
    let mut vars = Vars::new();
    for (name, v) in members {
        let scalar = |j: Json, what: &str| match j {
            Json::Scalar(s) => Ok(s),
            _ => Err(format!(
                "variable '{name}': {what} must be strings, numbers or booleans"
            )),
        };
        let value = match v {
            Json::Null => continue,
            Json::Scalar(s) => Value::String(s),
            Json::List(items) => Value::List(
                items
                    .into_iter()
                    .map(|j| scalar(j, "list items"))
                    .collect::<Result<_, _>>()?,
            ),
            Json::Object(pairs) => Value::Map(
                pairs
                    .into_iter()
                    .map(|(k, j)| Ok((k, scalar(j, "object values")?)))
                    .collect::<Result<_, String>>()?,
            ),
        };
        vars.insert(name, value);
    }
    Ok(vars)
}

/// Writes variables as one JSON object: strings, lists as arrays, associative arrays as
/// objects in their order.
pub fn write_vars(w: &mut impl Write, vars: &Vars) -> io::Result<()> {
    w.write_all(b"{")?;
    for (i, (name, value)) in vars.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        write_str(w, name)?;
        w.write_all(b":")?;
        match value {
            Value::String(s) => write_str(w, s)?,
            Value::List(items) => {
                w.write_all(b"[")?;
                for (j, s) in items.iter().enumerate() {
                    if j > 0 {
                        w.write_all(b",")?;
                    }
                    write_str(w, s)?;
                }
                w.write_all(b"]")?;
            }
            Value::Map(pairs) => {
                w.write_all(b"{")?;
                for (j, (k, v)) in pairs.iter().enumerate() {
                    if j > 0 {
                        w.write_all(b",")?;
                    }
                    write_str(w, k)?;
                    w.write_all(b":")?;
                    write_str(w, v)?;
                }
                w.write_all(b"}")?;
            }
        }
    }
    w.write_all(b"}")
}

/// The failure of a template that does not parse: `byte` is where, in the template.
fn template_failure(e: &iri::template::TemplateError) -> Failure {
    Failure {
        kind: e.kind().as_str(),
        component: None,
        offset: Some(e.offset()),
        message: e.to_string(),
        hint: None,
        located: false,
    }
}

/// A failure with no place in the input: an expansion or a match that did not work out.
fn unplaced_failure(kind: &'static str, message: String) -> Failure {
    Failure {
        kind,
        component: None,
        offset: None,
        message,
        hint: None,
        located: false,
    }
}

/// The columns of `expand`: the template, its expansion and the error.
const EXPAND_COLUMNS: Columns = Columns {
    header: "template\toutput\terror\n",
    ..COLUMNS
};

/// The columns of `match`: the input, its variables (a JSON object) and the error.
const MATCH_COLUMNS: Columns = Columns {
    header: "input\tvars\terror\n",
    member: "vars",
    json: true,
};

/// Runs `iri expand`, as its `--help` describes.
pub fn expand(args: ExpandArgs, out: &mut impl Write) -> io::Result<Outcome> {
    if args.templates.is_empty() && args.vars_file.as_deref() == Some("-".as_ref()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--vars - reads standard input, so the templates must be arguments",
        ));
    }
    let mut vars = match &args.vars_file {
        None => Vars::new(),
        Some(path) => {
            let text = if path.as_os_str() == "-" {
                io::read_to_string(io::stdin())?
            } else {
                std::fs::read_to_string(path).map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("{}: {e}", escaped(&path.to_string_lossy())),
                    )
                })?
            };
            vars_from_json(&text).map_err(|m| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {}", escaped(&path.to_string_lossy()), escaped(&m)),
                )
            })?
        }
    };
    for (name, value) in &args.vars {
        vars.insert(name.clone(), value.as_str());
    }
    let form = if args.form.iri {
        Output::Iri
    } else {
        Output::Uri
    };
    let format = args.output.format;
    transform_columns(
        args.templates,
        format,
        Shown::Escape,
        EXPAND_COLUMNS,
        out,
        |text, buf| {
            let template = Template::parse(text).map_err(|e| template_failure(&e))?;
            template
                .expand_into(&vars, form, buf)
                .map_err(|e| unplaced_failure(e.kind(), e.to_string()))
        },
    )
}

/// Runs `iri match`, as its `--help` describes.
pub fn match_(args: MatchArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let template = args.template;
    let format = args.output.format;
    transform_columns(
        args.inputs,
        format,
        Shown::Escape,
        MATCH_COLUMNS,
        out,
        |text, buf| {
            let form = if args.form.iri || (!args.form.uri && !text.is_ascii()) {
                Output::Iri
            } else {
                Output::Uri
            };
            let vars = template
                .match_form(text, form)
                .map_err(|e| unplaced_failure(e.as_str(), e.to_string()))?;
            let mut json = Vec::new();
            // Writing into memory cannot fail, and JSON of strings is UTF-8.
            let _ = write_vars(&mut json, &vars);
            put(buf, String::from_utf8_lossy(&json));
            Ok(())
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vars_file_keeps_object_order_and_types() {
        let vars = vars_from_json(
            r#"{"n": 6, "b": true, "l": ["a", 1], "m": {"z": "1", "a": "2"}, "u": null}"#,
        )
        .unwrap();
        assert_eq!(vars.get("n"), Some(&Value::from("6")));
        assert_eq!(vars.get("b"), Some(&Value::from("true")));
        assert_eq!(vars.get("l"), Some(&Value::list(["a", "1"])));
        assert_eq!(vars.get("m"), Some(&Value::map([("z", "1"), ("a", "2")])));
        assert!(vars.get("u").is_none());
        assert!(vars_from_json("[1]").unwrap_err().contains("JSON object"));
        assert!(vars_from_json(r#"{"x": [[1]]}"#)
            .unwrap_err()
            .contains("'x'"));
        assert!(vars_from_json("{").unwrap_err().starts_with("not JSON"));
    }

    #[test]
    fn vars_written_as_json() {
        let vars = Vars::new()
            .with("a", "x\"y")
            .with("l", Value::list(["1", "2"]))
            .with("m", Value::map([("k", "v")]));
        let mut buf = Vec::new();
        write_vars(&mut buf, &vars).unwrap();
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            r#"{"a":"x\"y","l":["1","2"],"m":{"k":"v"}}"#
        );
    }
}
