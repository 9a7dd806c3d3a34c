//! `GET /api/expand?template=…&vars=…`: the viewer's template box when the page is served.
//! `vars` is a JSON object, read as `iri expand --vars` reads its file (objects in their
//! order). The answer is `{"uri":…,"iri":…}`, or `{"error":{"kind","argument","byte",
//! "message"}}` for a template or variables that do not expand (a result for the page to
//! show, so status 200); a malformed request gets 400 as on `/api/inspect`.

use iri::template::{Output, Template};
use serde_json::json;

use super::http::Response;

/// The answer to `/api/expand`.
pub fn api_expand(query: &str) -> Response {
    let mut template = None;
    let mut vars = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match name {
            "template" => &mut template,
            "vars" => &mut vars,
            _ => continue,
        };
        let value = match super::form_decode(value) {
            Ok(v) => v,
            Err(m) => return Response::error(400, &format!("parameter {name}: {m}")),
        };
        if slot.replace(value).is_some() {
            return Response::error(400, &format!("parameter {name} is given twice"));
        }
    }
    let Some(template) = template else {
        return Response::error(400, "the parameter template is missing");
    };
    let error = |kind: &str, argument: &str, byte: Option<usize>, message: String| json!({"error": {"kind": kind, "argument": argument, "byte": byte, "message": message}});
    let answer = match Template::parse(&template) {
        Err(e) => error(
            e.kind().as_str(),
            "template",
            Some(e.offset()),
            e.to_string(),
        ),
        Ok(t) => {
            let vars = vars.as_deref().map(str::trim).filter(|v| !v.is_empty());
            match vars.map_or(Ok(Default::default()), crate::commands::vars_from_json) {
                Err(m) => error("invalid-vars", "vars", None, m),
                Ok(vars) => match (t.expand(&vars, Output::Uri), t.expand(&vars, Output::Iri)) {
                    (Ok(uri), Ok(iri)) => json!({"uri": uri, "iri": iri}),
                    (Err(e), _) | (_, Err(e)) => error(e.kind(), "vars", None, e.to_string()),
                },
            }
        }
    };
    Response::new(200, "application/json", answer.to_string().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(query: &str) -> (u16, serde_json::Value) {
        let r = api_expand(query);
        (r.status, serde_json::from_slice(&r.body).unwrap())
    }

    #[test]
    fn expands_in_both_forms_or_says_why_not() {
        let (status, v) = body("template=%2F%7Bcity%7D&vars=%7B%22city%22%3A%22Z%C3%BCrich%22%7D");
        assert_eq!(status, 200);
        assert_eq!(v, json!({"uri": "/Z%C3%BCrich", "iri": "/Zürich"}));
        let (_, v) = body("template=%2F%7Bcity");
        assert_eq!(v["error"]["kind"], "unclosed-expression");
        assert_eq!(v["error"]["byte"], 1);
        let (_, v) = body("template=%7Bx%7D&vars=%5B1%5D");
        assert_eq!(v["error"]["kind"], "invalid-vars");
        assert_eq!(api_expand("vars=x").status, 400);
    }
}
