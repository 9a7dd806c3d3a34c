//! The laws of URI Templates (RFC 6570) with IRI output and matching.

use iri::template::{Template, Value, Vars};
use iri::{IriRef, UriRef};

use super::pair;

/// Values for a template's variables taken from text: its lines in turn, a line starting
/// with `[` a list (items split at `,`), with `{` an associative array (pairs split at `,`,
/// name and value at `=`), any other a string.
pub fn template_vars(t: &Template, text: &str) -> Vars {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut vars = Vars::new();
    for (k, name) in t.variables().enumerate() {
        let line = lines[k % lines.len()];
        let value = if let Some(rest) = line.strip_prefix('[') {
            Value::list(rest.split(',').filter(|s| !s.is_empty()))
        } else if let Some(rest) = line.strip_prefix('{') {
            Value::map(rest.split(',').filter(|s| !s.is_empty()).map(|p| {
                let (k, v) = p.split_once('=').unwrap_or((p, ""));
                (k, v)
            }))
        } else {
            Value::from(line)
        };
        vars.insert(name, value);
    }
    vars
}

/// Target `template`: the first line is a template, the rest values (see [`template_vars`])
/// and a text to match. Parsing never panics and its error offset lies on a character
/// boundary; the URI form is ASCII; the IRI form is a reference whenever the URI form is, and
/// maps to it (RFC 3987 §3.1); `expand(match(t, u)) == u` for the expansion and for the raw
/// text, in both forms.
pub fn template(data: &[u8]) {
    let (t_text, rest) = pair(data);
    let t = match Template::parse(&t_text) {
        Ok(t) => t,
        Err(e) => {
            assert!(
                t_text.is_char_boundary(e.offset()) && e.offset() <= t_text.len(),
                "error offset {} in {t_text:?}",
                e.offset()
            );
            let _ = e.to_string();
            return;
        }
    };
    assert_eq!(t.as_str(), t_text);
    let vars = template_vars(&t, &rest);
    if let (Ok(uri), Ok(iri)) = (t.expand_uri(&vars), t.expand_iri(&vars)) {
        assert!(uri.is_ascii(), "{t_text:?} {vars:?}: {uri:?}");
        if UriRef::parse(uri.as_str()).is_ok() {
            let parsed = IriRef::parse(iri.as_str()).unwrap_or_else(|e| {
                panic!("{t_text:?} {vars:?}: {iri:?} is no IRI ({e}) but {uri:?} is a URI")
            });
            assert_eq!(parsed.to_uri().as_str(), uri, "{t_text:?} {vars:?}");
        }
        match_law(&t, &uri, false);
        match_law(&t, &iri, true);
    }
    match_law(&t, &rest, false);
    match_law(&t, &rest, true);
}

/// `expand(match(t, u)) == u` when the match finds values.
pub fn match_law(t: &Template, text: &str, iri: bool) {
    let found = if iri {
        t.match_iri(text)
    } else {
        t.match_uri(text)
    };
    if let Ok(vars) = found {
        let again = if iri {
            t.expand_iri(&vars)
        } else {
            t.expand_uri(&vars)
        };
        let again = again.unwrap_or_else(|e| panic!("{t} {text:?}: {e}"));
        assert_eq!(again, text, "template {t} (iri: {iri})");
    }
}
