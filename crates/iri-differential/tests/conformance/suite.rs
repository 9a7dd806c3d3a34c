//! The suites of `data/conformance/<suite>/vectors.json` (written by
//! `scripts/refresh-conformance`), and running one case against one implementation.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::imps::{Implementation, Outcome};

/// One suite: its origin and its groups of cases.
pub struct Suite {
    pub name: String,
    pub origin: String,
    pub commit: String,
    pub licence: String,
    pub groups: Vec<Group>,
}

/// A group of cases of one kind, as the origin groups them.
pub struct Group {
    pub name: String,
    pub kind: String,
    pub cases: Vec<Value>,
}

/// The workspace's root (two levels above this crate).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every suite under `data/conformance/`, by name.
pub fn load_all() -> Vec<Suite> {
    let dir = workspace().join("data/conformance");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.join("vectors.json").is_file())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| load(&p.join("vectors.json")))
        .collect()
}

fn load(path: &Path) -> Suite {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let s = |k: &str| {
        v[k].as_str()
            .unwrap_or_else(|| panic!("{}: no {k}", path.display()))
    };
    Suite {
        name: s("suite").into(),
        origin: s("origin").into(),
        commit: s("commit").into(),
        licence: s("licence").into(),
        groups: v["groups"]
            .as_array()
            .expect("groups")
            .iter()
            .map(|g| Group {
                name: g["name"].as_str().expect("a group name").into(),
                kind: g["kind"].as_str().expect("a group kind").into(),
                cases: g["cases"].as_array().expect("cases").clone(),
            })
            .collect(),
    }
}

/// What one implementation did with one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// It answered otherwise: what it gave.
    Miss(String),
    /// It has no API for the question.
    NotApplicable,
}

fn text(o: &Outcome) -> String {
    match o {
        Some(s) => format!("`{}`", crate::matrix::escape(s)),
        None => "an error".into(),
    }
}

/// Runs `case` (of a group of `kind`) against `imp`.
pub fn run(kind: &str, case: &Value, imp: &dyn Implementation) -> Verdict {
    let s = |k: &str| {
        case[k]
            .as_str()
            .unwrap_or_else(|| panic!("no {k} in {case}"))
    };
    let expected: Outcome = case["expected"].as_str().map(str::to_owned);
    let got = match kind {
        "validity" => {
            let want = case["valid"].as_bool().expect("valid");
            // An IP literal is asked as the host of an IRI.
            let (input, what) = match s("as") {
                "ip-literal" => (format!("http://{}/", s("input")), "iri"),
                what => (s("input").to_owned(), what),
            };
            return match imp.validity(&input, what) {
                None => Verdict::NotApplicable,
                Some(v) if v == want => Verdict::Pass,
                Some(v) => Verdict::Miss(if v { "valid" } else { "invalid" }.into()),
            };
        }
        "resolve" => imp.resolve(s("base"), s("reference")),
        "resolve-relative-base" => imp.resolve_relative_base(s("base"), s("reference")),
        // A chain of bases (the first absolute), each resolved against the one before, then
        // the reference against the last.
        "resolve-chain" => {
            let bases: Vec<&str> = case["bases"]
                .as_array()
                .expect("bases")
                .iter()
                .map(|b| b.as_str().expect("a base"))
                .collect();
            let mut base = Some(bases[0].to_owned());
            for b in &bases[1..] {
                base = match base {
                    Some(a) => match imp.resolve(&a, b) {
                        None => return Verdict::NotApplicable,
                        Some(t) => t,
                    },
                    None => None,
                };
            }
            match base {
                Some(a) => imp.resolve(&a, s("reference")),
                None => Some(None),
            }
        }
        // Resolution, then syntax-based normalization of the result (as an IRI).
        "resolve-normalize" => match imp.resolve(s("base"), s("reference")) {
            Some(Some(t)) => imp.normalize(&t, "reference"),
            other => other,
        },
        "relativize" => imp.relativize(s("base"), s("target")),
        "resolve-path" => {
            let want = Some(s("pathname").to_owned());
            return match imp.resolve(s("base"), s("reference")) {
                None => Verdict::NotApplicable,
                Some(g) if g.as_deref().map(path_of) == want => Verdict::Pass,
                Some(g) => Verdict::Miss(match g {
                    Some(t) => format!(
                        "the path `{}` (of `{}`)",
                        crate::matrix::escape(&path_of(&t)),
                        crate::matrix::escape(&t)
                    ),
                    None => "an error".into(),
                }),
            };
        }
        "normalize" => imp.normalize(s("input"), s("as")),
        "to-uri" => imp.to_uri(s("input")),
        "idna-to-ascii" => imp.idna_to_ascii(s("input")),
        "idna-to-unicode" => imp.idna_to_unicode(s("input")),
        "encode" => imp.encode(s("encoder"), s("form"), s("input")),
        other => panic!("unknown kind of group {other}"),
    };
    match got {
        None => Verdict::NotApplicable,
        Some(g) if g == expected => Verdict::Pass,
        Some(g) => Verdict::Miss(text(&g)),
    }
}

/// The path of an absolute result, read the RFC 3986 way (§3): after the scheme and the
/// authority, up to the query or the fragment.
pub fn path_of(t: &str) -> String {
    let after_scheme = t.find(':').map_or(t, |k| &t[k + 1..]);
    let rest = match after_scheme.strip_prefix("//") {
        Some(a) => a.find(['/', '?', '#']).map_or("", |k| &a[k..]),
        None => after_scheme,
    };
    rest[..rest.find(['?', '#']).unwrap_or(rest.len())].to_owned()
}

/// The case in one line, for the list of misses.
pub fn describe(kind: &str, case: &Value) -> String {
    let e = |k: &str| crate::matrix::escape(case[k].as_str().unwrap_or(""));
    let want = |k: &str| match case[k].as_str() {
        Some(s) => format!("`{}`", crate::matrix::escape(s)),
        None => "an error".into(),
    };
    match kind {
        "validity" => format!(
            "`{}` as {} is {}",
            e("input"),
            e("as"),
            if case["valid"].as_bool() == Some(true) {
                "valid"
            } else {
                "invalid"
            }
        ),
        "resolve" | "resolve-relative-base" | "resolve-normalize" => format!(
            "`{}` against `{}` is {}",
            e("reference"),
            e("base"),
            want("expected")
        ),
        "resolve-chain" => format!(
            "`{}` against {} is {}",
            e("reference"),
            case["bases"]
                .as_array()
                .map(|b| {
                    b.iter()
                        .map(|x| format!("`{}`", crate::matrix::escape(x.as_str().unwrap_or(""))))
                        .collect::<Vec<_>>()
                        .join(" then ")
                })
                .unwrap_or_default(),
            want("expected")
        ),
        "resolve-path" => format!(
            "`{}` against `{}` has the path `{}`",
            e("reference"),
            e("base"),
            e("pathname")
        ),
        "normalize" | "to-uri" => format!("`{}` gives {}", e("input"), want("expected")),
        "idna-to-ascii" | "idna-to-unicode" => {
            format!(
                "`{}` gives {} {}",
                e("input"),
                want("expected"),
                e("status")
            )
        }
        "relativize" => format!(
            "`{}` against `{}` is {}",
            e("target"),
            e("base"),
            want("expected")
        ),
        "encode" => format!(
            "`{}` by {} in the {} form gives {}",
            e("input"),
            e("encoder"),
            e("form"),
            want("expected")
        ),
        _ => String::new(),
    }
}
