//! The operations measured with an owned result or with all their parsing in the loop:
//! resolution that parses both the base and the reference, `to_uri` and normalization that
//! always hand back an owned `String` (ours otherwise borrows where nothing changes), and
//! `to_uri` on the lines with a non-ASCII character only. Timed rows for [`crate::run`] and
//! untimed passes for `--callgrind`.

use std::hint::black_box;

use iri_string::format::ToDedicatedString;
use iri_string::types::IriStr;

use crate::measure::{measure, Case, Config};
use crate::ops::{OpResult, Report, FLUENT, IRI_STRING, OURS, OXIRI};

/// `parse base+ref+resolve`: both strings parsed in the loop, then resolved to an owned IRI.
pub(crate) fn parse_resolve_ops(pairs: &[(&str, &str)], cfg: &Config, report: &mut Report) {
    // The pairs both libraries parse and resolve (all 10,000 of the corpus).
    let both: Vec<(&str, &str)> = pairs
        .iter()
        .copied()
        .filter(|&(b, r)| {
            iri::Iri::parse(b).is_ok()
                && iri::IriRef::parse(r).is_ok()
                && oxiri::Iri::parse(b)
                    .ok()
                    .zip(oxiri::IriRef::parse(r).ok())
                    .is_some_and(|(b, r)| b.resolve(&r).is_ok())
        })
        .collect();
    let both = &both;
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Iri::parse + IriRef::parse + Iri::resolve",
                both.len(),
                move || {
                    black_box(pass_parse_resolve_ours(black_box(both)));
                },
            ),
            Case::new(
                OXIRI,
                "Iri::parse + IriRef::parse + Iri::resolve",
                both.len(),
                move || {
                    black_box(pass_parse_resolve_oxiri(black_box(both)));
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "parse base+ref+resolve",
        what: "the relative_urls_cc_10k pairs both libraries accept; timed: parsing the base \
               and the reference, resolution and the owned result"
            .to_string(),
        rows,
    });
}

/// `to_uri owned`: as `to_uri`, but ours always returns an owned `String`.
pub(crate) fn to_uri_owned_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    for non_ascii_only in [false, true] {
        // Held apart, as the to_uri rows hold the lines they time (see `held_apart`).
        let held = crate::held_apart(&absolute_lines(lines, non_ascii_only));
        let held: Vec<&str> = held.iter().map(String::as_str).collect();
        let (ours, istr) = to_uri_inputs(&held);
        let (ours, istr) = (&ours, &istr);
        let rows = measure(
            cfg,
            vec![
                Case::new(
                    OURS,
                    "IriRef::to_uri().into_inner().into_owned() -> String",
                    ours.len(),
                    move || {
                        black_box(pass_to_uri_owned_ours(black_box(ours)));
                    },
                ),
                Case::new(
                    IRI_STRING,
                    "encode_to_uri().to_dedicated_string()",
                    istr.len(),
                    move || {
                        black_box(pass_to_uri_iri_string(black_box(istr)));
                    },
                ),
            ],
        );
        let (op, what) = if non_ascii_only {
            (
                "to_uri owned non-ASCII",
                "as to_uri owned, on the lines with a non-ASCII character only",
            )
        } else {
            (
                "to_uri owned",
                "the absolute IRIs all three libraries accept, parsed beforehand; ours turns \
                 its result into an owned String (a copy of the ASCII lines it would borrow)",
            )
        };
        report.ops.push(OpResult {
            op,
            what: what.to_string(),
            rows,
        });
    }
}

/// `normalize owned`: as `normalize`, but ours always returns an owned `String`.
pub(crate) fn normalize_owned_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    let (ours, flu) = normalize_inputs(lines);
    let (ours, flu) = (&ours, &flu);
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Normalizer::syntax().normalize().into_inner().into_owned() -> String",
                ours.len(),
                move || {
                    black_box(pass_normalize_owned_ours(black_box(ours)));
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::normalize -> IriRef<String>",
                flu.len(),
                move || {
                    black_box(pass_normalize_fluent(black_box(flu)));
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "normalize owned",
        what: "as normalize (the absolute IRIs all three accept), but ours turns its result \
               into an owned String (a copy of the lines it would borrow)"
            .to_string(),
        rows,
    });
}

/// The absolute IRIs all three libraries accept (as the callgrind passes of normalize and
/// to_uri take them), optionally only those with a non-ASCII character.
fn absolute_lines<'a>(lines: &[&'a str], non_ascii_only: bool) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| {
            (!non_ascii_only || !l.is_ascii())
                && iri::Iri::parse(*l).is_ok()
                && IriStr::new(l).is_ok()
                && fluent_uri::IriRef::parse(*l).is_ok()
        })
        .collect()
}

type ToUriInputs<'a> = (Vec<iri::IriRef<&'a str>>, Vec<&'a IriStr>);

/// Each library's parsed values of `lines` (which all three accept).
fn to_uri_inputs<'a>(lines: &[&'a str]) -> ToUriInputs<'a> {
    let ours = lines
        .iter()
        .filter_map(|l| iri::IriRef::parse(*l).ok())
        .collect();
    let istr = lines.iter().filter_map(|l| IriStr::new(l).ok()).collect();
    (ours, istr)
}

type NormalizeInputs<'a> = (Vec<iri::IriRef<&'a str>>, Vec<fluent_uri::IriRef<&'a str>>);

fn normalize_inputs<'a>(lines: &[&'a str]) -> NormalizeInputs<'a> {
    let lines = absolute_lines(lines, false);
    let ours = lines
        .iter()
        .filter_map(|l| iri::IriRef::parse(*l).ok())
        .collect();
    let flu = lines
        .iter()
        .filter_map(|l| fluent_uri::IriRef::parse(*l).ok())
        .collect();
    (ours, flu)
}

/// The callgrind passes of this module: `parse_resolve` (ours, oxiri), `to_uri_non_ascii`
/// (ours, iri-string), `to_uri_owned` and `to_uri_owned_non_ascii` (ours), `normalize_owned`
/// (ours). `None` for another operation.
pub(crate) fn run_callgrind(
    corpus: &crate::Corpus,
    op: &str,
    lib: &str,
) -> Option<Result<(usize, usize), String>> {
    let unknown = || Some(Err(format!("unknown library {lib:?} for {op}")));
    let lines: Vec<&str> = corpus.lines.iter().map(String::as_str).collect();
    let done = |v: &[&str]| Some(Ok((v.iter().map(|l| l.len()).sum(), v.len())));
    match op {
        "parse_resolve" => {
            let pairs: Vec<(&str, &str)> = corpus
                .pairs
                .iter()
                .map(|(b, r)| (b.as_str(), r.as_str()))
                .collect();
            match lib {
                "ours" => black_box(callgrind_pass_parse_resolve_ours(&pairs)),
                "oxiri" => black_box(callgrind_pass_parse_resolve_oxiri(&pairs)),
                _ => return unknown(),
            };
            let bytes = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
            Some(Ok((bytes, pairs.len())))
        }
        "to_uri_non_ascii" | "to_uri_owned" | "to_uri_owned_non_ascii" => {
            let non_ascii = op.ends_with("non_ascii");
            let (ours, istr) = to_uri_inputs(&absolute_lines(&lines, non_ascii));
            match (op, lib) {
                ("to_uri_non_ascii", "ours") => black_box(callgrind_pass_to_uri_ours(&ours)),
                ("to_uri_non_ascii", "iri-string") => {
                    black_box(callgrind_pass_to_uri_iri_string(&istr))
                }
                (_, "ours") => black_box(callgrind_pass_to_uri_owned_ours(&ours)),
                _ => return unknown(),
            };
            done(&absolute_lines(&lines, non_ascii))
        }
        "normalize_owned" => {
            let (ours, _) = normalize_inputs(&lines);
            match lib {
                "ours" => black_box(callgrind_pass_normalize_owned_ours(&ours)),
                _ => return unknown(),
            };
            done(&absolute_lines(&lines, false))
        }
        _ => None,
    }
}

#[inline(always)]
fn pass_parse_resolve_ours(pairs: &[(&str, &str)]) -> usize {
    let mut n = 0;
    for &(b, r) in pairs {
        if let (Ok(b), Ok(r)) = (
            iri::Iri::parse(black_box(b)),
            iri::IriRef::parse(black_box(r)),
        ) {
            n += black_box(b.resolve(&r)).as_str().len();
        }
    }
    n
}

#[inline(always)]
fn pass_parse_resolve_oxiri(pairs: &[(&str, &str)]) -> usize {
    let mut n = 0;
    for &(b, r) in pairs {
        if let (Ok(b), Ok(r)) = (
            oxiri::Iri::parse(black_box(b)),
            oxiri::IriRef::parse(black_box(r)),
        ) {
            if let Ok(t) = b.resolve(&r) {
                n += black_box(t).as_str().len();
            }
        }
    }
    n
}

#[inline(always)]
fn pass_to_uri_owned_ours(v: &[iri::IriRef<&str>]) -> usize {
    v.iter()
        .map(|r| {
            let s: String = black_box(r).to_uri().into_inner().into_owned();
            black_box(s).len()
        })
        .sum()
}

#[inline(always)]
fn pass_to_uri_ours(v: &[iri::IriRef<&str>]) -> usize {
    v.iter().map(|r| black_box(r).to_uri().as_str().len()).sum()
}

#[inline(always)]
fn pass_to_uri_iri_string(v: &[&IriStr]) -> usize {
    v.iter()
        .map(|r| black_box(r).encode_to_uri().to_dedicated_string().len())
        .sum()
}

#[inline(always)]
fn pass_normalize_owned_ours(v: &[iri::IriRef<&str>]) -> usize {
    let n = iri::Normalizer::syntax();
    v.iter()
        .map(|r| {
            let s: String = n.normalize(black_box(r)).into_inner().into_owned();
            black_box(s).len()
        })
        .sum()
}

#[inline(always)]
fn pass_normalize_fluent(v: &[fluent_uri::IriRef<&str>]) -> usize {
    v.iter()
        .map(|r| black_box(r).normalize().as_str().len())
        .sum()
}

#[inline(never)]
fn callgrind_pass_parse_resolve_ours(pairs: &[(&str, &str)]) -> usize {
    pass_parse_resolve_ours(pairs)
}

#[inline(never)]
fn callgrind_pass_parse_resolve_oxiri(pairs: &[(&str, &str)]) -> usize {
    pass_parse_resolve_oxiri(pairs)
}

#[inline(never)]
fn callgrind_pass_to_uri_ours(v: &[iri::IriRef<&str>]) -> usize {
    pass_to_uri_ours(v)
}

#[inline(never)]
fn callgrind_pass_to_uri_iri_string(v: &[&IriStr]) -> usize {
    pass_to_uri_iri_string(v)
}

#[inline(never)]
fn callgrind_pass_to_uri_owned_ours(v: &[iri::IriRef<&str>]) -> usize {
    pass_to_uri_owned_ours(v)
}

#[inline(never)]
fn callgrind_pass_normalize_owned_ours(v: &[iri::IriRef<&str>]) -> usize {
    pass_normalize_owned_ours(v)
}
