//! Cost growth with input length (`--growth`), and single passes for instruction counting
//! under callgrind (`--callgrind OP LIB`).
//!
//! **Growth.** Every operation runs on the same inputs at three scales, 1×, 10× and 100×.
//! The k× version of a reference keeps its scheme and authority and repeats its other
//! components k times: the path `p` becomes `p` followed by k − 1 copies of `p` each
//! with a `/` in front when `p` has none (`/a/b` → `/a/b/a/b`, `x` → `x/x`), the query `q`
//! becomes k copies of `q` joined by `&`, the fragment `f` becomes k copies of `f`; empty
//! components stay empty. The result is valid whenever the original is (each copy holds
//! only characters its component allows), and is checked. Inputs: every 100th corpus line
//! that we accept (every 10th resolution pair), so that the 100× inputs fit in memory.
//! The cases of one operation (the three scales) are interleaved round by round like the
//! main run, so that load hits each scale alike.
//!
//! **Callgrind.** `--callgrind OP LIB` prepares the inputs of one operation untimed, then
//! runs one pass of one library inside a function whose name starts with `callgrind_pass`,
//! so that `valgrind --tool=callgrind --toggle-collect='*callgrind_pass*'` counts the
//! instructions of that pass alone. The number of input bytes is printed to stderr.

use std::hint::black_box;
use std::time::Duration;

use crate::measure::{measure, Case, Config, Measured};

/// The scales of a growth run.
pub const SCALES: [usize; 3] = [1, 10, 100];

/// One operation at one scale.
#[derive(Debug, Clone)]
pub struct GrowthRow {
    /// Operation name.
    pub op: &'static str,
    /// The call measured.
    pub call: &'static str,
    /// 1, 10 or 100.
    pub scale: usize,
    /// Inputs per pass.
    pub items: usize,
    /// Input bytes per pass (for resolution: base and reference).
    pub bytes: usize,
    /// Median time of one pass.
    pub median: Duration,
}

impl GrowthRow {
    /// Median nanoseconds per input.
    pub fn ns_per_item(&self) -> f64 {
        self.median.as_secs_f64() * 1e9 / self.items.max(1) as f64
    }

    /// Median nanoseconds per input byte.
    pub fn ns_per_byte(&self) -> f64 {
        self.median.as_secs_f64() * 1e9 / self.bytes.max(1) as f64
    }
}

/// The k× version of a parsed reference (see the module documentation).
pub fn lengthen(s: &str, k: usize) -> String {
    let Ok(r) = iri::IriRef::parse(s) else {
        return String::from(s);
    };
    let mut out = String::with_capacity(s.len() * k);
    if let Some(sc) = r.scheme() {
        out.push_str(sc);
        out.push(':');
    }
    if let Some(a) = r.authority() {
        out.push_str("//");
        out.push_str(a);
    }
    let p = r.path();
    out.push_str(p);
    for _ in 1..k {
        if !p.is_empty() && !p.starts_with('/') {
            out.push('/');
        }
        out.push_str(p);
    }
    if let Some(q) = r.query() {
        out.push('?');
        for n in 0..k {
            if n > 0 && !q.is_empty() {
                out.push('&');
            }
            out.push_str(q);
        }
    }
    if let Some(f) = r.fragment() {
        out.push('#');
        for _ in 0..k {
            out.push_str(f);
        }
    }
    out
}

fn bytes_of(v: &[String]) -> usize {
    v.iter().map(String::len).sum()
}

fn rows_of(
    op: &'static str,
    measured: Vec<Measured>,
    items: &[usize],
    bytes: &[usize],
) -> Vec<GrowthRow> {
    measured
        .into_iter()
        .enumerate()
        .map(|(k, m)| GrowthRow {
            op,
            call: m.call,
            scale: SCALES[k],
            items: items[k],
            bytes: bytes[k],
            median: m.median,
        })
        .collect()
}

/// The sampled inputs of a growth run: lines we accept as IRI references (every `step`th)
/// and resolution pairs (every `step / 10`th) that we accept.
fn sample<'a>(
    lines: &[&'a str],
    pairs: &[(&'a str, &'a str)],
    step: usize,
) -> (Vec<&'a str>, Vec<(&'a str, &'a str)>) {
    let l = lines
        .iter()
        .step_by(step)
        .copied()
        .filter(|s| iri::IriRef::parse(*s).is_ok())
        .collect();
    let p = pairs
        .iter()
        .step_by((step / 10).max(1))
        .copied()
        .filter(|(b, r)| iri::Iri::parse(*b).is_ok() && iri::IriRef::parse(*r).is_ok())
        .collect();
    (l, p)
}

/// Runs the growth measurements on every `step`th corpus line (100 for the report).
pub fn run_growth(corpus: &crate::Corpus, cfg: &Config, step: usize) -> Vec<GrowthRow> {
    let lines: Vec<&str> = corpus.lines.iter().map(String::as_str).collect();
    let pairs: Vec<(&str, &str)> = corpus
        .pairs
        .iter()
        .map(|(b, r)| (b.as_str(), r.as_str()))
        .collect();
    let (lines, pairs) = sample(&lines, &pairs, step);
    let scaled: Vec<Vec<String>> = SCALES
        .iter()
        .map(|&k| lines.iter().map(|s| lengthen(s, k)).collect())
        .collect();
    for v in &scaled {
        for s in v {
            assert!(iri::IriRef::parse(s.as_str()).is_ok(), "lengthened: {s}");
        }
    }
    let mut out = Vec::new();

    // parse
    let items: Vec<usize> = scaled.iter().map(Vec::len).collect();
    let bytes: Vec<usize> = scaled.iter().map(|v| bytes_of(v)).collect();
    let cases = scaled
        .iter()
        .map(|v| {
            Case::new("ours", "IriRef::parse", v.len(), move || {
                for s in v {
                    black_box(iri::IriRef::parse(black_box(s.as_str())).is_ok());
                }
            })
        })
        .collect();
    out.extend(rows_of("parse", measure(cfg, cases), &items, &bytes));

    // resolve
    let spairs: Vec<Vec<(iri::Iri<String>, iri::IriRef<String>)>> = SCALES
        .iter()
        .map(|&k| {
            pairs
                .iter()
                .map(|(b, r)| {
                    let b = iri::Iri::parse(lengthen(b, k)).expect("lengthened base");
                    let r = iri::IriRef::parse(lengthen(r, k)).expect("lengthened reference");
                    (b, r)
                })
                .collect()
        })
        .collect();
    let items: Vec<usize> = spairs.iter().map(Vec::len).collect();
    let bytes: Vec<usize> = spairs
        .iter()
        .map(|v| {
            v.iter()
                .map(|(b, r)| b.as_str().len() + r.as_str().len())
                .sum()
        })
        .collect();
    let cases = spairs
        .iter()
        .map(|v| {
            Case::new("ours", "Iri::resolve -> Iri<String>", v.len(), move || {
                for (b, r) in v {
                    black_box(black_box(b).resolve(black_box(r)));
                }
            })
        })
        .collect();
    out.extend(rows_of("resolve", measure(cfg, cases), &items, &bytes));

    // normalize (syntax level, IRI form)
    let parsed: Vec<Vec<iri::IriRef<&str>>> = scaled
        .iter()
        .map(|v| {
            v.iter()
                .map(|s| iri::IriRef::parse(s.as_str()).unwrap())
                .collect()
        })
        .collect();
    let items: Vec<usize> = parsed.iter().map(Vec::len).collect();
    let bytes: Vec<usize> = scaled.iter().map(|v| bytes_of(v)).collect();
    let n = iri::Normalizer::syntax();
    let cases = parsed
        .iter()
        .map(|v| {
            Case::new(
                "ours",
                "Normalizer::syntax().normalize -> IriRef<Cow<str>>",
                v.len(),
                move || {
                    for r in v {
                        black_box(n.normalize(black_box(r)));
                    }
                },
            )
        })
        .collect();
    out.extend(rows_of("normalize", measure(cfg, cases), &items, &bytes));

    // to_iri: the lines that are URI references
    let uris: Vec<Vec<iri::UriRef<&str>>> = scaled
        .iter()
        .map(|v| {
            v.iter()
                .filter_map(|s| iri::UriRef::parse(s.as_str()).ok())
                .collect()
        })
        .collect();
    let items: Vec<usize> = uris.iter().map(Vec::len).collect();
    let bytes: Vec<usize> = uris
        .iter()
        .map(|v| v.iter().map(|u| u.as_str().len()).sum())
        .collect();
    let cases = uris
        .iter()
        .map(|v| {
            Case::new(
                "ours",
                "UriRef::to_iri -> IriRef<Cow<str>>",
                v.len(),
                move || {
                    for u in v {
                        black_box(black_box(u).to_iri());
                    }
                },
            )
        })
        .collect();
    out.extend(rows_of("to_iri", measure(cfg, cases), &items, &bytes));

    // lint
    let items: Vec<usize> = scaled.iter().map(Vec::len).collect();
    let bytes: Vec<usize> = scaled.iter().map(|v| bytes_of(v)).collect();
    let cases = scaled
        .iter()
        .map(|v| {
            Case::new(
                "ours",
                "lint::lint_str -> Vec<Diagnostic>",
                v.len(),
                move || {
                    for s in v {
                        black_box(iri::lint::lint_str(black_box(s.as_str())));
                    }
                },
            )
        })
        .collect();
    out.extend(rows_of("lint", measure(cfg, cases), &items, &bytes));
    out
}

/// The growth table in Markdown.
pub fn render_growth(rows: &[GrowthRow]) -> String {
    let mut s = String::from(
        "| operation | call | scale | items | mean bytes per item | median ms per pass | ns per item | ns per byte | time per item vs 1× |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let base = rows
            .iter()
            .find(|b| b.op == r.op && b.scale == 1)
            .map_or(f64::NAN, GrowthRow::ns_per_item);
        s.push_str(&format!(
            "| {} | `{}` | {}× | {} | {:.0} | {:.3} | {:.1} | {:.2} | {:.1}× |\n",
            r.op,
            r.call,
            r.scale,
            r.items,
            r.bytes as f64 / r.items.max(1) as f64,
            r.median.as_secs_f64() * 1e3,
            r.ns_per_item(),
            r.ns_per_byte(),
            r.ns_per_item() / base,
        ));
    }
    s
}

/// The operations and libraries `--callgrind` knows.
pub const CALLGRIND_USAGE: &str = "--callgrind OP LIB: OP is parse, resolve_into, normalize \
    or to_uri; LIB is ours, oxiri, iri-string or fluent-uri (parse also from_utf8, the \
    baseline; resolve_into: ours, ours-rdf, \
    ours-browser, oxiri or iri-string; normalize: ours or fluent-uri; to_uri: ours or \
    iri-string)";

/// Prepares one operation's inputs and runs one pass of one library inside
/// `callgrind_pass_*`. Returns the number of input bytes of the pass (and of items).
pub fn run_callgrind(
    corpus: &crate::Corpus,
    op: &str,
    lib: &str,
) -> Result<(usize, usize), String> {
    match op {
        "parse" => {
            let lines: Vec<&str> = corpus.lines.iter().map(String::as_str).collect();
            let bytes = lines.iter().map(|l| l.len()).sum();
            let f: fn(&[&str]) -> usize = match lib {
                "ours" => callgrind_pass_parse_ours,
                "oxiri" => callgrind_pass_parse_oxiri,
                "iri-string" => callgrind_pass_parse_iri_string,
                "fluent-uri" => callgrind_pass_parse_fluent,
                "from_utf8" => callgrind_pass_parse_from_utf8,
                _ => return Err(format!("unknown library {lib:?}; {CALLGRIND_USAGE}")),
            };
            black_box(f(black_box(&lines)));
            Ok((bytes, lines.len()))
        }
        "resolve_into" => {
            let pairs = &corpus.pairs;
            let bytes = pairs.iter().map(|(b, r)| b.len() + r.len()).sum();
            match lib {
                "ours" | "ours-rdf" | "ours-browser" => {
                    let v: Vec<_> = pairs
                        .iter()
                        .filter_map(|(b, r)| {
                            Some((
                                iri::Iri::parse(b.as_str()).ok()?,
                                iri::IriRef::parse(r.as_str()).ok()?,
                            ))
                        })
                        .collect();
                    match lib {
                        "ours" => black_box(callgrind_pass_resolve_ours(&v)),
                        "ours-rdf" => black_box(callgrind_pass_resolve_ours_with(
                            &v,
                            iri::ResolveOptions::rdf(),
                        )),
                        _ => black_box(callgrind_pass_resolve_ours_with(
                            &v,
                            iri::ResolveOptions::browser(),
                        )),
                    };
                }
                "oxiri" => {
                    let v: Vec<_> = pairs
                        .iter()
                        .filter_map(|(b, r)| {
                            Some((
                                oxiri::Iri::parse(b.as_str()).ok()?,
                                oxiri::IriRef::parse(r.as_str()).ok()?,
                            ))
                        })
                        .collect();
                    black_box(callgrind_pass_resolve_oxiri(&v));
                }
                "iri-string" => {
                    let v: Vec<_> = pairs
                        .iter()
                        .filter_map(|(b, r)| {
                            Some((
                                iri_string::types::IriAbsoluteStr::new(
                                    b.split('#').next().unwrap_or(b),
                                )
                                .ok()?,
                                iri_string::types::IriReferenceStr::new(r.as_str()).ok()?,
                            ))
                        })
                        .collect();
                    black_box(callgrind_pass_resolve_iri_string(&v));
                }
                _ => return Err(format!("unknown library {lib:?}; {CALLGRIND_USAGE}")),
            }
            Ok((bytes, pairs.len()))
        }
        "normalize" | "to_uri" => {
            // The lines all three accept as absolute IRIs (as in the main run's normalize).
            let lines: Vec<&str> = corpus
                .lines
                .iter()
                .map(String::as_str)
                .filter(|l| {
                    iri::Iri::parse(*l).is_ok()
                        && iri_string::types::IriStr::new(l).is_ok()
                        && fluent_uri::IriRef::parse(*l).is_ok()
                })
                .collect();
            let bytes = lines.iter().map(|l| l.len()).sum();
            let n = match (op, lib) {
                ("normalize", "ours") => {
                    let v: Vec<_> = lines
                        .iter()
                        .map(|l| iri::IriRef::parse(*l).unwrap())
                        .collect();
                    callgrind_pass_normalize_ours(&v)
                }
                ("normalize", "fluent-uri") => {
                    let v: Vec<_> = lines
                        .iter()
                        .map(|l| fluent_uri::IriRef::parse(*l).unwrap())
                        .collect();
                    callgrind_pass_normalize_fluent(&v)
                }
                ("to_uri", "ours") => {
                    let v: Vec<_> = lines
                        .iter()
                        .map(|l| iri::IriRef::parse(*l).unwrap())
                        .collect();
                    callgrind_pass_to_uri_ours(&v)
                }
                ("to_uri", "iri-string") => {
                    let v: Vec<_> = lines
                        .iter()
                        .map(|l| iri_string::types::IriStr::new(l).unwrap())
                        .collect();
                    callgrind_pass_to_uri_iri_string(&v)
                }
                _ => return Err(format!("unknown library {lib:?}; {CALLGRIND_USAGE}")),
            };
            black_box(n);
            Ok((bytes, lines.len()))
        }
        _ => crate::owned::run_callgrind(corpus, op, lib)
            .unwrap_or_else(|| Err(format!("unknown operation {op:?}; {CALLGRIND_USAGE}"))),
    }
}

#[inline(never)]
fn callgrind_pass_normalize_ours(v: &[iri::IriRef<&str>]) -> usize {
    let n = iri::Normalizer::syntax();
    v.iter()
        .map(|r| n.normalize(black_box(r)).as_str().len())
        .sum()
}

#[inline(never)]
fn callgrind_pass_normalize_fluent(v: &[fluent_uri::IriRef<&str>]) -> usize {
    v.iter()
        .map(|r| black_box(r).normalize().as_str().len())
        .sum()
}

#[inline(never)]
fn callgrind_pass_to_uri_ours(v: &[iri::IriRef<&str>]) -> usize {
    v.iter().map(|r| black_box(r).to_uri().as_str().len()).sum()
}

#[inline(never)]
fn callgrind_pass_to_uri_iri_string(v: &[&iri_string::types::IriStr]) -> usize {
    use iri_string::format::ToDedicatedString;
    v.iter()
        .map(|r| black_box(r).encode_to_uri().to_dedicated_string().len())
        .sum()
}

#[inline(never)]
fn callgrind_pass_parse_ours(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| iri::IriRef::parse(black_box(**l)).is_ok())
        .count()
}

/// The baseline of parse: `std::str::from_utf8` on the bytes of the same lines (the cost of
/// reading them once and checking that they are UTF-8).
#[inline(never)]
fn callgrind_pass_parse_from_utf8(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| std::str::from_utf8(black_box(l.as_bytes())).is_ok())
        .count()
}

#[inline(never)]
fn callgrind_pass_parse_oxiri(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| oxiri::IriRef::parse(black_box(**l)).is_ok())
        .count()
}

#[inline(never)]
fn callgrind_pass_parse_iri_string(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| iri_string::types::IriReferenceStr::new(black_box(**l)).is_ok())
        .count()
}

#[inline(never)]
fn callgrind_pass_parse_fluent(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|l| fluent_uri::IriRef::parse(black_box(**l)).is_ok())
        .count()
}

#[inline(never)]
fn callgrind_pass_resolve_ours(v: &[(iri::Iri<&str>, iri::IriRef<&str>)]) -> usize {
    let mut buf = String::new();
    let mut n = 0;
    for (b, r) in v {
        n += b.resolve_into(r, &mut buf).as_str().len();
    }
    n
}

/// `resolve_into_with` and the options of a preset (`--callgrind resolve_into ours-rdf`).
#[inline(never)]
fn callgrind_pass_resolve_ours_with(
    v: &[(iri::Iri<&str>, iri::IriRef<&str>)],
    opts: iri::ResolveOptions,
) -> usize {
    let mut buf = String::new();
    let mut n = 0;
    for (b, r) in v {
        n += b
            .resolve_into_with(r, black_box(opts), &mut buf)
            .as_str()
            .len();
    }
    n
}

#[inline(never)]
fn callgrind_pass_resolve_oxiri(v: &[(oxiri::Iri<&str>, oxiri::IriRef<&str>)]) -> usize {
    let mut buf = String::new();
    let mut n = 0;
    for (b, r) in v {
        buf.clear();
        if b.resolve_into(r, &mut buf).is_ok() {
            n += buf.len();
        }
    }
    n
}

#[inline(never)]
fn callgrind_pass_resolve_iri_string(
    v: &[(
        &iri_string::types::IriAbsoluteStr,
        &iri_string::types::IriReferenceStr,
    )],
) -> usize {
    use iri_string::format::try_append_to_string;
    let mut buf = String::new();
    let mut n = 0;
    for (b, r) in v {
        buf.clear();
        if try_append_to_string(&mut buf, &r.resolve_against(b)).is_ok() {
            n += buf.len();
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengthening_keeps_validity_and_scales() {
        for s in [
            "http://a/b/c?q=1#f",
            "urn:isbn:0451450523",
            "../x?y",
            "//h",
            "a:",
            "http://h/?#",
            "g;x=1/../y",
        ] {
            for k in SCALES {
                let l = lengthen(s, k);
                assert!(iri::IriRef::parse(l.as_str()).is_ok(), "{l}");
            }
        }
        assert_eq!(lengthen("http://a/b?q#f", 3), "http://a/b/b/b?q&q&q#fff");
        assert_eq!(lengthen("x/y", 2), "x/y/x/y");
        assert_eq!(lengthen("http://a", 10), "http://a");
    }
}
