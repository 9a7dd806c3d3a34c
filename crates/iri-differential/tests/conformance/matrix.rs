//! The matrix: every suite's groups run against every implementation, rendered as
//! `docs/conformance.md`, with each miss of ours put in a class by [`crate::classify`].

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::classify::{classify, Class};
use crate::imps::Implementation;
use crate::suite::{describe, run, Suite, Verdict};

/// Pass and total of one implementation on one group; total 0 when not applicable.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Cell {
    pub pass: usize,
    pub total: usize,
}

/// One group's row: its name, its number of cases and the cells in column order.
pub type Row = (String, usize, Vec<Cell>);

/// A miss of ours, with its class.
pub struct Miss {
    pub column: String,
    pub suite: String,
    pub group: String,
    pub case: String,
    pub got: String,
    pub class: Class,
}

/// All results.
pub struct Matrix {
    pub columns: Vec<String>,
    /// Per suite, per group: the cells in column order.
    pub rows: Vec<(String, Vec<Row>)>,
    pub misses: Vec<Miss>,
}

impl Matrix {
    /// Runs everything. Misses are recorded for our columns: all of the strict column's,
    /// and a preset's on the groups it claims (which must be none).
    pub fn run(suites: &[Suite], imps: &[Box<dyn Implementation>]) -> Matrix {
        let columns: Vec<String> = imps.iter().map(|i| i.name()).collect();
        let mut rows = Vec::new();
        let mut misses = Vec::new();
        for suite in suites {
            let mut groups = Vec::new();
            for g in &suite.groups {
                let mut cells = vec![Cell::default(); imps.len()];
                for case in &g.cases {
                    for (k, imp) in imps.iter().enumerate() {
                        let v = run(&g.kind, case, imp.as_ref());
                        if v != Verdict::NotApplicable {
                            cells[k].total += 1;
                        }
                        match v {
                            Verdict::Pass => cells[k].pass += 1,
                            Verdict::Miss(got) => {
                                let name = &columns[k];
                                let claimed = crate::claims(name)
                                    .iter()
                                    .any(|(s, gr)| *s == suite.name && *gr == g.name);
                                if name == "ours strict" || claimed {
                                    misses.push(Miss {
                                        column: name.clone(),
                                        suite: suite.name.clone(),
                                        group: g.name.clone(),
                                        case: describe(&g.kind, case),
                                        class: classify(&suite.name, &g.kind, case, &got),
                                        got,
                                    });
                                }
                            }
                            Verdict::NotApplicable => {}
                        }
                    }
                }
                groups.push((g.name.clone(), g.cases.len(), cells));
            }
            rows.push((suite.name.clone(), groups));
        }
        Matrix {
            columns,
            rows,
            misses,
        }
    }

    /// The cell of `column` on `suite`/`group`.
    pub fn cell(&self, column: &str, suite: &str, group: &str) -> Cell {
        let k = self
            .columns
            .iter()
            .position(|c| c == column)
            .expect("a column");
        let (_, groups) = self.rows.iter().find(|(s, _)| s == suite).expect("a suite");
        let (_, _, cells) = groups.iter().find(|(g, _, _)| g == group).expect("a group");
        cells[k]
    }

    /// How many misses of `column` on `suite`/`group` are out of the RFCs' scope.
    pub fn out_of_scope(&self, column: &str, suite: &str, group: &str) -> usize {
        self.misses
            .iter()
            .filter(|m| {
                m.column == column && m.suite == suite && m.group == group && m.class.out_of_scope()
            })
            .count()
    }

    /// `docs/conformance.md`.
    pub fn render(&self, suites: &[Suite]) -> String {
        let mut o = String::new();
        o.push_str(HEADER);
        o.push_str("\n## Presets\n\n");
        o.push_str("| preset | reproduces | on those groups |\n|---|---|---|\n");
        for name in iri::ResolveOptions::PRESET_NAMES {
            let column = format!("ours {name}");
            let claims = crate::claims(&column);
            let (mut pass, mut total, mut out) = (0, 0, 0);
            for (s, g) in claims {
                let c = self.cell(&column, s, g);
                pass += c.pass;
                total += c.total;
                out += self.out_of_scope(&column, s, g);
            }
            let groups: Vec<String> = claims.iter().map(|(s, g)| format!("{s} `{g}`")).collect();
            let _ = writeln!(
                o,
                "| `{name}` | {} | {} |",
                crate::reproduces(name),
                if total == 0 {
                    "–".to_string()
                } else if out > 0 {
                    format!(
                        "{pass}/{} ({total} cases, {out} outside RFC 3986/3987: listed below): {}",
                        total - out,
                        groups.join(", ")
                    )
                } else {
                    format!("{pass}/{total}: {}", groups.join(", "))
                }
            );
        }
        o.push_str("\n## Results\n\n");
        o.push_str("Each cell is passed/applicable; `–`: the implementation has no API for the group's question.\n");
        for (suite, (name, groups)) in suites.iter().zip(&self.rows) {
            let _ = writeln!(
                o,
                "\n### {name}\n\nFrom {} at `{}`; licence: {}; `data/conformance/{name}/`.\n",
                suite.origin, suite.commit, suite.licence
            );
            let _ = writeln!(o, "| group | cases | {} |", self.columns.join(" | "));
            let _ = writeln!(o, "|---|---:|{}", "---:|".repeat(self.columns.len()));
            for (g, n, cells) in groups {
                let cells: Vec<String> = cells
                    .iter()
                    .map(|c| {
                        if c.total == 0 {
                            "–".into()
                        } else {
                            format!("{}/{}", c.pass, c.total)
                        }
                    })
                    .collect();
                let _ = writeln!(o, "| {g} | {n} | {} |", cells.join(" | "));
            }
        }
        o.push_str("\n## Misses of ours\n\n");
        o.push_str("Every miss of the strict column (and of a preset on a group it claims), by class. A class is a documented choice with the RFC text that decides it, or a bug.\n");
        let mut by_class: BTreeMap<Class, Vec<&Miss>> = BTreeMap::new();
        for m in &self.misses {
            by_class.entry(m.class).or_default().push(m);
        }
        if by_class.is_empty() {
            o.push_str("\nNone.\n");
        }
        for (class, ms) in by_class {
            let _ = writeln!(
                o,
                "\n### {} ({} {})\n\n{}\n",
                class.title(),
                ms.len(),
                if ms.len() == 1 { "case" } else { "cases" },
                class.why()
            );
            for m in ms {
                let _ = writeln!(
                    o,
                    "- {}/{} ({}): {}; ours gives {}",
                    m.suite, m.group, m.column, m.case, m.got
                );
            }
        }
        o
    }
}

const HEADER: &str = "# Conformance

The third-party test suites under `data/conformance/` (each with its origin, commit and
licence in its `SOURCES.md`), run against this library and its peers on the same vectors.
Generated by the conformance test of `crates/iri-differential`; do not edit by hand.
Regenerate with

    IRI_CONFORMANCE_WRITE=1 cargo test -p iri-differential --test conformance

(`cargo test` fails while this file differs from what the suites give). The vectors are
refreshed with `scripts/refresh-conformance SUITE <git URL or checkout>`.

Columns: `ours strict` is RFC 3986 §5.2 as written (and the parsers of RFC 3987 §2.2 and
RFC 3986 §3, §4); `ours rdf` and `ours browser` are the resolution presets of
`ResolveOptions` (`iri resolve --preset`), which change resolution only. The peers:
oxiri 0.3.1, iri-string 0.7.14, fluent-uri 0.4.1 and url 2.5.8 (the WHATWG URL Standard,
not RFC 3986: it serializes its own way, so an RFC suite's text is met only where both
agree).

iri-string's `percent-encode` group encodes raw text for one component (RFC 3986 §2.1):
ours answers the cases of a path segment and a fragment (`iri::encode::path_segment`,
`iri::encode::fragment`). Its other encoders (a whole path, a host, a whole query, and the
sets `unreserve` and `characters` of no component) have no counterpart here: the query
encoder here, `encode::query_part`, is for a pair's name or value and encodes `&`, `=`, `;`,
`+` too.
";

/// `s` with every control, bidi formatting and private-use character written `\u{…}` (and a
/// backtick, which would end the code span), so that a vector never reaches a terminal or a
/// page raw and nothing in it is invisible.
pub fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        let private = matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..);
        if c.is_control() || iri::is_bidi_formatting(c as u32) || private || c == '`' {
            let _ = write!(o, "\\u{{{:X}}}", c as u32);
        } else {
            o.push(c);
        }
    }
    o
}
