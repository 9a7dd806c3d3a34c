//! The uritemplate-test suite (RFC 6570), `data/conformance/uritemplate-test/` (origin,
//! commit and licence in its `SOURCES.md`): every test case of its four files, expanded to
//! URIs; each expected error is an error of parsing or expansion. JSON objects have no order,
//! so an associative array passes if some order of its pairs gives an accepted expansion.
//! Numbers are written as JSON writes them.

use iri::template::{Template, Value, Vars};
use serde_json::Value as Json;

fn read(name: &str) -> Json {
    let path = format!(
        "{}/../../data/conformance/uritemplate-test/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn scalar(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The variables with each associative array in one of its orders (`perm` picks it).
fn vars(obj: &serde_json::Map<String, Json>, perm: usize) -> Vars {
    let mut vars = Vars::new();
    let mut perm = perm;
    for (k, v) in obj {
        let value = match v {
            Json::Null => continue,
            Json::Array(items) => Value::List(items.iter().map(scalar).collect()),
            Json::Object(m) => {
                let mut pairs: Vec<(String, String)> =
                    m.iter().map(|(k, v)| (k.clone(), scalar(v))).collect();
                let n = pairs.len().max(1);
                let mut p = perm % factorial(n);
                perm /= factorial(n);
                // The p-th permutation (factorial number system).
                let mut ordered = Vec::new();
                while !pairs.is_empty() {
                    let f = factorial(pairs.len() - 1);
                    ordered.push(pairs.remove(p / f));
                    p %= f;
                }
                Value::Map(ordered)
            }
            other => Value::String(scalar(other)),
        };
        vars.insert(k.clone(), value);
    }
    vars
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

fn orders(obj: &serde_json::Map<String, Json>) -> usize {
    obj.values()
        .map(|v| match v {
            Json::Object(m) => factorial(m.len().max(1)),
            _ => 1,
        })
        .product()
}

fn run(file: &str) -> usize {
    let doc = read(file);
    let mut failures = Vec::new();
    let mut count = 0;
    for (group, g) in doc.as_object().unwrap() {
        let variables = g["variables"].as_object().unwrap();
        for case in g["testcases"].as_array().unwrap() {
            count += 1;
            let template = case[0].as_str().unwrap();
            let accepted: Vec<&str> = match &case[1] {
                Json::String(s) => vec![s.as_str()],
                Json::Array(a) => a.iter().map(|s| s.as_str().unwrap()).collect(),
                Json::Bool(false) => Vec::new(),
                other => panic!("{file} {group}: expected {other}"),
            };
            let parsed = Template::parse(template);
            let ok = if accepted.is_empty() {
                match parsed {
                    Err(_) => true,
                    Ok(t) => t.expand_uri(&vars(variables, 0)).is_err(),
                }
            } else {
                match parsed {
                    Err(e) => {
                        failures.push(format!("{file} {group} {template}: {e}"));
                        continue;
                    }
                    Ok(t) => (0..orders(variables)).any(|p| {
                        t.expand_uri(&vars(variables, p))
                            .is_ok_and(|got| accepted.contains(&got.as_str()))
                    }),
                }
            };
            if !ok {
                let got = Template::parse(template).map(|t| t.expand_uri(&vars(variables, 0)));
                failures.push(format!(
                    "{file} {group} {template}: got {got:?}, want {accepted:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    count
}

#[test]
fn spec_examples() {
    assert_eq!(run("spec-examples.json"), 64);
}

#[test]
fn spec_examples_by_section() {
    assert_eq!(run("spec-examples-by-section.json"), 117);
}

#[test]
fn extended_tests() {
    assert_eq!(run("extended-tests.json"), 53);
}

#[test]
fn negative_tests() {
    assert_eq!(run("negative-tests.json"), 36);
}
