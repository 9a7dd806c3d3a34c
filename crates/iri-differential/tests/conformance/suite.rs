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
            return match imp.validity(s("input"), s("as")) {
                None => Verdict::NotApplicable,
                Some(v) if v == want => Verdict::Pass,
                Some(v) => Verdict::Miss(if v { "valid" } else { "invalid" }.into()),
            };
        }
        "resolve" => imp.resolve(s("base"), s("reference")),
        "resolve-relative-base" => imp.resolve_relative_base(s("base"), s("reference")),
        "relativize" => imp.relativize(s("base"), s("target")),
        other => panic!("unknown kind of group {other}"),
    };
    match got {
        None => Verdict::NotApplicable,
        Some(g) if g == expected => Verdict::Pass,
        Some(g) => Verdict::Miss(text(&g)),
    }
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
        "resolve" | "resolve-relative-base" => format!(
            "`{}` against `{}` is {}",
            e("reference"),
            e("base"),
            want("expected")
        ),
        "relativize" => format!(
            "`{}` against `{}` is {}",
            e("target"),
            e("base"),
            want("expected")
        ),
        _ => String::new(),
    }
}
