//! `iri expand` and `iri match`: URI Templates (RFC 6570) through the library's
//! `iri::template`, expanded to URIs or IRIs, and matched back into variables.
//!
//! Variables come from `--vars FILE` (a JSON object: strings, numbers and booleans as their
//! JSON text, arrays as lists, objects as associative arrays in the file's order, `null` as
//! undefined) and then `--var NAME=VALUE` (strings, which win). The file is read with an
//! order-keeping reader of its own, since an associative array's order is its expansion's.

use std::fmt;
use std::io::{self, BufRead, Write};

use iri::template::{Output, Template, Value, Vars};
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::Outcome;
use crate::cli::{ExpandArgs, Format, MatchArgs};
use crate::failure::char_column;
use crate::json::{write_str, JsonObject};
use crate::output::{escaped, tsv_row};

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

/// The inputs: the arguments, or else the lines of standard input (without their line
/// ending); a line that is not UTF-8 is an error in its place.
fn inputs(args: Vec<String>) -> Box<dyn Iterator<Item = io::Result<Result<String, String>>>> {
    if !args.is_empty() {
        return Box::new(args.into_iter().map(|a| Ok(Ok(a))));
    }
    let mut stdin = io::stdin().lock();
    let mut n = 0;
    Box::new(std::iter::from_fn(move || {
        let mut buf = Vec::new();
        n += 1;
        match stdin.read_until(b'\n', &mut buf) {
            Ok(0) => None,
            Ok(_) => {
                if buf.last() == Some(&b'\n') {
                    buf.pop();
                    if buf.last() == Some(&b'\r') {
                        buf.pop();
                    }
                }
                Some(Ok(String::from_utf8(buf).map_err(|e| {
                    let at = e.utf8_error().valid_up_to();
                    format!("line {n}: invalid UTF-8 at byte {at}")
                })))
            }
            Err(e) => Some(Err(e)),
        }
    }))
}

/// One error: its kind, byte offset (if any) and message.
struct Error {
    kind: &'static str,
    byte: Option<usize>,
    message: String,
}

/// The error member, in the shape of every subcommand's (`component` is always null: a
/// template has no IRI components); `text` is what the byte offset is in.
fn write_error_json<W: Write>(o: &mut JsonObject<'_, W>, e: &Error, text: &str) -> io::Result<()> {
    o.object("error", |o| {
        o.str("kind", Some(e.kind))?;
        o.str("component", None)?;
        o.num("byte", e.byte.map(|n| n as u64))?;
        o.num(
            "column",
            e.byte.map(|n| char_column(text.as_bytes(), n) as u64),
        )?;
        o.str("message", Some(&e.message))
    })
}

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
    let templates = inputs(args.templates);
    let mut all_ok = true;
    if args.output.format == Format::Tsv {
        out.write_all(b"template\toutput\terror\n")?;
    }
    for t in templates {
        let (text, result) = match t? {
            Ok(text) => {
                let result = Template::parse(&text)
                    .map_err(|e| Error {
                        kind: e.kind().as_str(),
                        byte: Some(e.offset()),
                        message: e.to_string(),
                    })
                    .and_then(|t| {
                        t.expand(&vars, form).map_err(|e| Error {
                            kind: e.kind(),
                            byte: None,
                            message: e.to_string(),
                        })
                    });
                (text, result)
            }
            Err(message) => (
                String::new(),
                Err(Error {
                    kind: "invalid-utf8",
                    byte: None,
                    message,
                }),
            ),
        };
        all_ok &= result.is_ok();
        match args.output.format {
            Format::Text => match &result {
                Ok(s) => writeln!(out, "{}", escaped(s))?,
                Err(e) => writeln!(out, "error: {}", escaped(&e.message))?,
            },
            Format::Json => {
                let mut o = JsonObject::begin(&mut *out)?;
                o.str("input", Some(&text))?;
                match &result {
                    Ok(s) => o.str("output", Some(s))?,
                    Err(e) => write_error_json(&mut o, e, &text)?,
                }
                o.end_line()?;
            }
            Format::Tsv => {
                let (ok, err) = match &result {
                    Ok(s) => (Some(s.as_str()), None),
                    Err(e) => (None, Some(e.message.as_str())),
                };
                tsv_row(out, &[Some(&text), ok, err])?;
            }
        }
    }
    Ok(Outcome::from_ok(all_ok))
}

/// Runs `iri match`, as its `--help` describes.
pub fn match_(args: MatchArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let template = args.template;
    let mut all_ok = true;
    if args.output.format == Format::Tsv {
        out.write_all(b"input\tvars\terror\n")?;
    }
    for input in inputs(args.inputs) {
        let (text, result) = match input? {
            Ok(text) => {
                let form = if args.form.iri || (!args.form.uri && !text.is_ascii()) {
                    Output::Iri
                } else {
                    Output::Uri
                };
                let result = template.match_form(&text, form).map_err(|e| Error {
                    kind: e.as_str(),
                    byte: None,
                    message: e.to_string(),
                });
                (text, result)
            }
            Err(message) => (
                String::new(),
                Err(Error {
                    kind: "invalid-utf8",
                    byte: None,
                    message,
                }),
            ),
        };
        all_ok &= result.is_ok();
        match args.output.format {
            Format::Text => match &result {
                Ok(vars) => {
                    let mut buf = Vec::new();
                    write_vars(&mut buf, vars)?;
                    writeln!(out, "{}", escaped(&String::from_utf8_lossy(&buf)))?;
                }
                Err(e) => writeln!(out, "error: {}", escaped(&e.message))?,
            },
            Format::Json => match &result {
                Ok(vars) => {
                    out.write_all(b"{\"input\":")?;
                    write_str(out, &text)?;
                    out.write_all(b",\"vars\":")?;
                    write_vars(out, vars)?;
                    out.write_all(b"}\n")?;
                }
                Err(e) => {
                    let mut o = JsonObject::begin(&mut *out)?;
                    o.str("input", Some(&text))?;
                    write_error_json(&mut o, e, &text)?;
                    o.end_line()?;
                }
            },
            Format::Tsv => {
                let mut buf = Vec::new();
                if let Ok(vars) = &result {
                    write_vars(&mut buf, vars)?;
                }
                let vars = String::from_utf8_lossy(&buf);
                let (ok, err) = match &result {
                    Ok(_) => (Some(&*vars), None),
                    Err(e) => (None, Some(e.message.as_str())),
                };
                tsv_row(out, &[Some(&text), ok, err])?;
            }
        }
    }
    Ok(Outcome::from_ok(all_ok))
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
