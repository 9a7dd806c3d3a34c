//! The operations compared, one function each: preparation (untimed), the cases (timed), and
//! the acceptance counts and cross-checks that go with them.

use std::hint::black_box;

use iri_string::format::{try_append_to_string, ToDedicatedString};
use iri_string::types::{IriAbsoluteStr, IriReferenceStr, IriStr};

use crate::measure::{measure, Case, Config, Measured};

/// Our library.
pub const OURS: &str = "iri (ours)";
/// oxiri, RFC 3987.
pub const OXIRI: &str = "oxiri 0.3.1";
/// iri-string, RFC 3986/3987.
pub const IRI_STRING: &str = "iri-string 0.7.14";
/// fluent-uri, RFC 3986/3987.
pub const FLUENT: &str = "fluent-uri 0.4.1";
/// url, WHATWG URL Standard (not RFC 3987).
pub const URL: &str = "url 2.5.8 (WHATWG)";

/// The baseline of parse: the UTF-8 check of the same bytes, no parse.
pub const FROM_UTF8: &str = "baseline: UTF-8 check";

/// The baseline of `to_uri` on the lines with a non-ASCII character: one allocation of
/// room for three bytes an octet and one copy of the text, no mapping. Every mapping that
/// returns a new string pays at least this.
pub const COPY_FLOOR: &str = "baseline: allocate + copy";

/// How many examples to keep of each kind of difference.
const MAX_EXAMPLES: usize = 5;

/// The measurements of one operation.
#[derive(Debug, Clone)]
pub struct OpResult {
    /// Operation name.
    pub op: &'static str,
    /// What one item is and what is timed.
    pub what: String,
    /// One row per library (ours first).
    pub rows: Vec<Measured>,
}

impl OpResult {
    /// Our row (the baseline of the ratios).
    pub fn ours(&self) -> Option<&Measured> {
        self.rows.iter().find(|r| r.lib == OURS)
    }

    /// `row`'s ns per item divided by ours: > 1 means we are faster.
    pub fn ratio(&self, row: &Measured) -> Option<f64> {
        let ours = self.ours()?.ns_per_item();
        (ours > 0.0).then(|| row.ns_per_item() / ours)
    }
}

/// How many inputs one library accepts, and where it differs from ours.
#[derive(Debug, Clone)]
pub struct Acceptance {
    /// Library name.
    pub lib: &'static str,
    /// Inputs accepted.
    pub accepted: usize,
    /// Inputs offered.
    pub of: usize,
    /// Inputs we accept and this library rejects (count, examples).
    pub only_ours: (usize, Vec<String>),
    /// Inputs this library accepts and we reject (count, examples).
    pub only_peer: (usize, Vec<String>),
}

/// Acceptance over one input set.
#[derive(Debug, Clone)]
pub struct AcceptTable {
    /// The input set and the entry point used.
    pub what: &'static str,
    /// One row per library (ours first).
    pub rows: Vec<Acceptance>,
}

/// One input on which the libraries' outputs differ.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// The input (for resolution: `base` and reference).
    pub input: String,
    /// Each library's output.
    pub outputs: Vec<(&'static str, String)>,
    /// Why they differ, where the check explains its disagreements.
    pub why: Option<String>,
}

/// A comparison of outputs between libraries.
#[derive(Debug, Clone)]
pub struct Check {
    /// What is compared.
    pub what: String,
    /// Inputs where every library involved produced an output.
    pub compared: usize,
    /// Inputs where all outputs are equal.
    pub agree: usize,
    /// Inputs where some output differs.
    pub disagree: usize,
    /// Up to five disagreements (for an explained check: one of each kind first).
    pub examples: Vec<Disagreement>,
    /// For an explained check: how many disagreements of each kind, most frequent first.
    pub kinds: Vec<(String, usize)>,
    /// Disagreements of a kind already exemplified, to fill `examples` up to five.
    spare: Vec<Disagreement>,
}

impl Check {
    fn new(what: impl Into<String>) -> Self {
        Check {
            what: what.into(),
            compared: 0,
            agree: 0,
            disagree: 0,
            examples: Vec::new(),
            kinds: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Records one input of a two-way comparison and, when the outputs differ, why
    /// (`explain(ours, peer)`), counting the disagreements by kind.
    fn record_explained(
        &mut self,
        input: impl FnOnce() -> String,
        ours: (&'static str, &str),
        peer: (&'static str, &str),
        explain: impl FnOnce(&str, &str) -> String,
    ) {
        self.compared += 1;
        if ours.1 == peer.1 {
            self.agree += 1;
            return;
        }
        self.disagree += 1;
        let why = explain(ours.1, peer.1);
        let new_kind = match self.kinds.iter_mut().find(|k| k.0 == why) {
            Some(k) => {
                k.1 += 1;
                false
            }
            None => {
                self.kinds.push((why.clone(), 1));
                true
            }
        };
        let slot = if new_kind && self.examples.len() < MAX_EXAMPLES {
            &mut self.examples
        } else if self.spare.len() < MAX_EXAMPLES {
            &mut self.spare
        } else {
            return;
        };
        slot.push(Disagreement {
            input: input(),
            outputs: vec![(ours.0, ours.1.to_string()), (peer.0, peer.1.to_string())],
            why: Some(why),
        });
    }

    /// Completes an explained check: kinds by decreasing count, examples filled up to five.
    fn finish(mut self) -> Self {
        self.kinds
            .sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let room = MAX_EXAMPLES.saturating_sub(self.examples.len());
        let spare = std::mem::take(&mut self.spare);
        self.examples.extend(spare.into_iter().take(room));
        self
    }

    /// Records one input whose outputs are all present.
    fn record(&mut self, input: impl FnOnce() -> String, outputs: &[(&'static str, &str)]) {
        self.compared += 1;
        let first = outputs.first().map(|o| o.1);
        if outputs.iter().all(|o| Some(o.1) == first) {
            self.agree += 1;
        } else {
            self.disagree += 1;
            if self.examples.len() < MAX_EXAMPLES {
                self.examples.push(Disagreement {
                    input: input(),
                    outputs: outputs.iter().map(|&(l, s)| (l, s.to_string())).collect(),
                    why: None,
                });
            }
        }
    }
}

/// Everything one run produces.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Corpus lines.
    pub lines: usize,
    /// Resolution pairs.
    pub pairs: usize,
    /// CSV rows skipped as ambiguous.
    pub skipped_rows: usize,
    /// Timed samples per case.
    pub samples: usize,
    /// Warm-up passes per case.
    pub warmups: usize,
    /// The shortest sample, in milliseconds.
    pub min_sample_ms: u128,
    /// Acceptance tables.
    pub accept: Vec<AcceptTable>,
    /// Output cross-checks.
    pub checks: Vec<Check>,
    /// Timings, one entry per operation.
    pub ops: Vec<OpResult>,
    /// Remarks about inputs and results found on the way (resolution errors and the like).
    pub notes: Vec<String>,
}

impl Report {
    /// The operation named `op`.
    pub fn op(&self, op: &str) -> Option<&OpResult> {
        self.ops.iter().find(|o| o.op == op)
    }
}

pub(crate) fn progress(cfg: &Config, msg: &str) {
    if cfg.progress {
        eprintln!("[iri-bench] {msg}");
    }
}

fn acceptance(
    lib: &'static str,
    inputs: &[&str],
    ours: &[bool],
    peer: impl Fn(&str) -> bool,
) -> Acceptance {
    let mut a = Acceptance {
        lib,
        accepted: 0,
        of: inputs.len(),
        only_ours: (0, Vec::new()),
        only_peer: (0, Vec::new()),
    };
    for (s, &o) in inputs.iter().zip(ours) {
        let p = peer(s);
        a.accepted += p as usize;
        let slot = match (o, p) {
            (true, false) => &mut a.only_ours,
            (false, true) => &mut a.only_peer,
            _ => continue,
        };
        slot.0 += 1;
        if slot.1.len() < MAX_EXAMPLES {
            slot.1.push(s.to_string());
        }
    }
    a
}

fn ours_acceptance(inputs: &[&str], ours: &[bool]) -> Acceptance {
    Acceptance {
        lib: OURS,
        accepted: ours.iter().filter(|&&b| b).count(),
        of: inputs.len(),
        only_ours: (0, Vec::new()),
        only_peer: (0, Vec::new()),
    }
}

/// `s` without its fragment: the first `#` of an IRI always starts the fragment.
fn strip_fragment(s: &str) -> &str {
    s.split('#').next().unwrap_or(s)
}

/// Runs every operation on `corpus`.
pub fn run(corpus: &crate::Corpus, cfg: &Config) -> Report {
    let lines: Vec<&str> = corpus.lines.iter().map(String::as_str).collect();
    let pairs: Vec<(&str, &str)> = corpus
        .pairs
        .iter()
        .map(|(b, r)| (b.as_str(), r.as_str()))
        .collect();
    let mut report = Report {
        lines: lines.len(),
        pairs: pairs.len(),
        skipped_rows: corpus.skipped_rows.len(),
        samples: cfg.samples,
        warmups: cfg.warmups,
        min_sample_ms: cfg.min_sample.as_millis(),
        ..Report::default()
    };
    if !corpus.skipped_rows.is_empty() {
        report.notes.push(format!(
            "{} CSV rows skipped as ambiguous (not exactly one comma, or a quote), e.g. {:?}",
            corpus.skipped_rows.len(),
            &corpus.skipped_rows[0]
        ));
    }
    let on = |family: &str| !matches!(cfg.only, Some(f) if f != family);
    if on("parse") {
        parse_ops(&lines, cfg, &mut report);
    }
    if on("resolve") {
        resolve_ops(&pairs, cfg, &mut report);
        crate::owned::parse_resolve_ops(&pairs, cfg, &mut report);
    }
    if on("to_uri") {
        to_uri_ops(&lines, cfg, &mut report);
        crate::owned::to_uri_owned_ops(&lines, cfg, &mut report);
    }
    if on("to_iri") {
        to_iri_ops(&lines, cfg, &mut report);
    }
    if on("normalize") {
        normalize_ops(&lines, cfg, &mut report);
        crate::owned::normalize_owned_ops(&lines, cfg, &mut report);
    }
    if on("build") {
        crate::build::build_ops(&lines, cfg, &mut report);
    }
    report
}

fn parse_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    progress(cfg, "parse: acceptance");
    let ours_ok: Vec<bool> = lines
        .iter()
        .map(|l| iri::IriRef::parse(*l).is_ok())
        .collect();
    report.accept.push(AcceptTable {
        what: "parse: every corpus line as an IRI reference",
        rows: vec![
            ours_acceptance(lines, &ours_ok),
            acceptance(OXIRI, lines, &ours_ok, |l| oxiri::IriRef::parse(l).is_ok()),
            acceptance(IRI_STRING, lines, &ours_ok, |l| {
                IriReferenceStr::new(l).is_ok()
            }),
            acceptance(FLUENT, lines, &ours_ok, |l| {
                fluent_uri::IriRef::parse(l).is_ok()
            }),
        ],
    });

    progress(cfg, "parse: timing");
    let n = lines.len();
    let rows = measure(
        cfg,
        vec![
            Case::new(OURS, "IriRef::parse", n, || {
                for &l in lines {
                    black_box(iri::IriRef::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(OXIRI, "IriRef::parse", n, || {
                for &l in lines {
                    black_box(oxiri::IriRef::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(IRI_STRING, "IriReferenceStr::new", n, || {
                for &l in lines {
                    black_box(IriReferenceStr::new(black_box(l)).is_ok());
                }
            }),
            Case::new(FLUENT, "IriRef::parse", n, || {
                for &l in lines {
                    black_box(fluent_uri::IriRef::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(FROM_UTF8, "std::str::from_utf8 (no parse)", n, || {
                for &l in lines {
                    black_box(std::str::from_utf8(black_box(l.as_bytes())).is_ok());
                }
            }),
        ],
    );
    report.ops.push(OpResult {
        op: "parse",
        what: format!("all {n} corpus lines, valid or not, borrowed (no copy of the text)"),
        rows,
    });

    // The absolute subset, so that url (which only parses absolute URLs) has a like-for-like
    // comparison. Each library parses with its absolute-IRI entry point.
    let abs: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| iri::IriRef::parse(*l).is_ok_and(|r| r.scheme().is_some()))
        .collect();
    let all_true = vec![true; abs.len()];
    report.accept.push(AcceptTable {
        what: "parse absolute: the lines our parser accepts and finds a scheme in",
        rows: vec![
            ours_acceptance(&abs, &all_true),
            acceptance(OXIRI, &abs, &all_true, |l| oxiri::Iri::parse(l).is_ok()),
            acceptance(IRI_STRING, &abs, &all_true, |l| IriStr::new(l).is_ok()),
            acceptance(FLUENT, &abs, &all_true, |l| {
                fluent_uri::Iri::parse(l).is_ok()
            }),
            acceptance(URL, &abs, &all_true, |l| url::Url::parse(l).is_ok()),
        ],
    });
    progress(cfg, "parse absolute: timing");
    let abs = &abs;
    let m = abs.len();
    let rows = measure(
        cfg,
        vec![
            Case::new(OURS, "Iri::parse", m, move || {
                for &l in abs {
                    black_box(iri::Iri::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(OXIRI, "Iri::parse", m, move || {
                for &l in abs {
                    black_box(oxiri::Iri::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(IRI_STRING, "IriStr::new", m, move || {
                for &l in abs {
                    black_box(IriStr::new(black_box(l)).is_ok());
                }
            }),
            Case::new(FLUENT, "Iri::parse", m, move || {
                for &l in abs {
                    black_box(fluent_uri::Iri::parse(black_box(l)).is_ok());
                }
            }),
            Case::new(
                URL,
                "Url::parse (builds an owned, normalized URL)",
                m,
                move || {
                    for &l in abs {
                        black_box(url::Url::parse(black_box(l)).is_ok());
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "parse absolute",
        what: format!(
            "the {m} lines our parser accepts with a scheme; url's WHATWG parse is a different \
             job (it normalizes, percent-encodes non-ASCII, applies IDNA and copies into an \
             owned URL)"
        ),
        rows,
    });
}

fn resolve_ops(pairs: &[(&str, &str)], cfg: &Config, report: &mut Report) {
    progress(cfg, "resolve: preparing");
    // Inputs, parsed beforehand: only the pairs where the library accepts both strings (and,
    // for libraries whose resolution can fail, where it succeeds).
    let ours: Vec<(iri::Iri<&str>, iri::IriRef<&str>, &str)> = pairs
        .iter()
        .filter_map(|&(b, r)| Some((iri::Iri::parse(b).ok()?, iri::IriRef::parse(r).ok()?, r)))
        .collect();
    let mut oxiri_errors = 0;
    let oxi: Vec<(oxiri::Iri<&str>, oxiri::IriRef<&str>, &str)> = pairs
        .iter()
        .filter_map(|&(b, r)| {
            let (base, rel) = (oxiri::Iri::parse(b).ok()?, oxiri::IriRef::parse(r).ok()?);
            if base.resolve(&rel).is_err() {
                oxiri_errors += 1;
                return None;
            }
            Some((base, rel, r))
        })
        .collect();
    // iri-string and fluent-uri take a base without fragment (RFC 3986 §5.1 ignores it anyway;
    // no base in relative_urls_cc_10k.csv has one).
    let mut istr_unnormalizable = 0;
    let istr: Vec<(&IriAbsoluteStr, &IriReferenceStr, &str)> = pairs
        .iter()
        .filter_map(|&(b, r)| {
            let base = IriAbsoluteStr::new(strip_fragment(b)).ok()?;
            let rel = IriReferenceStr::new(r).ok()?;
            if rel
                .resolve_against(base)
                .ensure_rfc3986_normalizable()
                .is_err()
            {
                istr_unnormalizable += 1;
            }
            Some((base, rel, r))
        })
        .collect();
    let mut fluent_errors = 0;
    let flu: Vec<(fluent_uri::Iri<&str>, fluent_uri::IriRef<&str>, &str)> = pairs
        .iter()
        .filter_map(|&(b, r)| {
            let base = fluent_uri::Iri::parse(strip_fragment(b)).ok()?;
            let rel = fluent_uri::IriRef::parse(r).ok()?;
            if rel.resolve_against(&base).is_err() {
                fluent_errors += 1;
                return None;
            }
            Some((base, rel, r))
        })
        .collect();
    let mut url_errors = 0;
    let urls: Vec<(url::Url, &str)> = pairs
        .iter()
        .filter_map(|&(b, r)| {
            let base = url::Url::parse(b).ok()?;
            if base.join(r).is_err() {
                url_errors += 1;
                return None;
            }
            Some((base, r))
        })
        .collect();
    let total = pairs.len();
    report.notes.push(format!(
        "resolve inputs (of {total} pairs): ours {}, oxiri {} ({oxiri_errors} more parsed but \
         failed to resolve), iri-string {} ({istr_unnormalizable} resolved to a result that is \
         not RFC 3986-normalizable), fluent-uri {} ({fluent_errors} more parsed but failed to \
         resolve), url {} (bases that parse and joins that succeed; {url_errors} joins failed)",
        ours.len(),
        oxi.len(),
        istr.len(),
        flu.len(),
        urls.len(),
    ));

    // Cross-check before timing.
    progress(cfg, "resolve: cross-checking results");
    let mut check = Check::new(format!(
        "resolve: ours = oxiri = iri-string, on the pairs all three accept (of {total})"
    ));
    let mut check_fluent = Check::new(format!(
        "resolve: ours = fluent-uri, on the pairs both accept (of {total}; informational: \
         fluent-uri deliberately deviates from RFC 3986 §5.2 on percent-encoded dot segments)"
    ));
    let mut check_url = Check::new(format!(
        "resolve: ours = url, on the pairs both accept (of {total}; informational: url \
         normalizes and percent-encodes per WHATWG, so differences are expected)"
    ));
    for &(b, r) in pairs {
        let ours = iri::Iri::parse(b)
            .ok()
            .zip(iri::IriRef::parse(r).ok())
            .map(|(b, r)| b.resolve(&r).into_inner());
        let Some(ours) = ours else { continue };
        let input = || format!("base {b:?} + reference {r:?}");
        let oxi = oxiri::Iri::parse(b)
            .ok()
            .zip(oxiri::IriRef::parse(r).ok())
            .and_then(|(b, r)| b.resolve(&r).ok())
            .map(oxiri::Iri::into_inner);
        let istr = IriAbsoluteStr::new(strip_fragment(b))
            .ok()
            .zip(IriReferenceStr::new(r).ok())
            .map(|(b, r)| r.resolve_against(b).to_dedicated_string().to_string());
        if let (Some(o), Some(i)) = (&oxi, &istr) {
            check.record(input, &[(OURS, &ours), (OXIRI, o), (IRI_STRING, i)]);
        }
        let flu = fluent_uri::Iri::parse(strip_fragment(b))
            .ok()
            .zip(fluent_uri::IriRef::parse(r).ok())
            .and_then(|(b, r)| r.resolve_against(&b).ok())
            .map(fluent_uri::Iri::into_string);
        if let Some(f) = &flu {
            check_fluent.record(input, &[(OURS, &ours), (FLUENT, f)]);
        }
        if let Some(u) = url::Url::parse(b).ok().and_then(|b| b.join(r).ok()) {
            check_url.record(input, &[(OURS, &ours), (URL, u.as_str())]);
        }
    }
    report.checks.push(check);
    report.checks.push(check_fluent);
    report.checks.push(check_url);

    let (ours, oxi, istr, flu, urls) = (&ours, &oxi, &istr, &flu, &urls);

    progress(cfg, "resolve: timing");
    let rows = measure(
        cfg,
        vec![
            Case::new(OURS, "Iri::resolve -> Iri<String>", ours.len(), move || {
                for (b, r, _) in ours {
                    black_box(black_box(b).resolve(black_box(r)));
                }
            }),
            Case::new(OXIRI, "Iri::resolve -> Iri<String>", oxi.len(), move || {
                for (b, r, _) in oxi {
                    let _ = black_box(black_box(b).resolve(black_box(r)));
                }
            }),
            Case::new(
                IRI_STRING,
                "resolve_against + to_dedicated_string -> IriString",
                istr.len(),
                move || {
                    for &(b, r, _) in istr {
                        black_box(
                            black_box(r)
                                .resolve_against(black_box(b))
                                .to_dedicated_string(),
                        );
                    }
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::resolve_against -> Iri<String>",
                flu.len(),
                move || {
                    for (b, r, _) in flu {
                        let _ = black_box(black_box(r).resolve_against(black_box(b)));
                    }
                },
            ),
            Case::new(
                URL,
                "Url::join(&str) (parses the reference too)",
                urls.len(),
                move || {
                    for (b, r) in urls {
                        let _ = black_box(black_box(b).join(black_box(r)));
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "resolve",
        what: "relative_urls_cc_10k pairs the library accepts, base and reference parsed \
               beforehand; timed: resolution and the owned result (url: join, which also \
               parses the reference and serializes per WHATWG, so not the same job)"
            .to_string(),
        rows,
    });

    progress(cfg, "resolve_into: timing");
    let mut buf_ours = String::new();
    let mut buf_oxi = String::new();
    let mut buf_istr = String::new();
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Iri::resolve_into(&mut String)",
                ours.len(),
                move || {
                    for (b, r, _) in ours {
                        black_box(black_box(b).resolve_into(black_box(r), &mut buf_ours));
                    }
                },
            ),
            Case::new(
                OXIRI,
                "clear + Iri::resolve_into(&mut String)",
                oxi.len(),
                move || {
                    for (b, r, _) in oxi {
                        buf_oxi.clear();
                        let _ = black_box(black_box(b).resolve_into(black_box(r), &mut buf_oxi));
                        black_box(&buf_oxi);
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "clear + try_append_to_string(resolve_against)",
                istr.len(),
                move || {
                    for &(b, r, _) in istr {
                        buf_istr.clear();
                        let resolved = black_box(r).resolve_against(black_box(b));
                        let _ = black_box(try_append_to_string(&mut buf_istr, &resolved));
                        black_box(&buf_istr);
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "resolve_into",
        what: "as resolve, written into one reused String (no allocation once it has grown); \
               fluent-uri and url have no such API"
            .to_string(),
        rows,
    });

    progress(cfg, "parse+resolve: timing");
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "IriRef::parse + Iri::resolve",
                ours.len(),
                move || {
                    for (b, _, r) in ours {
                        if let Ok(r) = iri::IriRef::parse(black_box(*r)) {
                            black_box(black_box(b).resolve(&r));
                        }
                    }
                },
            ),
            Case::new(
                OXIRI,
                "IriRef::parse + Iri::resolve",
                oxi.len(),
                move || {
                    for (b, _, r) in oxi {
                        if let Ok(r) = oxiri::IriRef::parse(black_box(*r)) {
                            let _ = black_box(black_box(b).resolve(&r));
                        }
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "IriReferenceStr::new + resolve_against + to_dedicated_string",
                istr.len(),
                move || {
                    for &(b, _, r) in istr {
                        if let Ok(r) = IriReferenceStr::new(black_box(r)) {
                            black_box(r.resolve_against(black_box(b)).to_dedicated_string());
                        }
                    }
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::parse + resolve_against",
                flu.len(),
                move || {
                    for (b, _, r) in flu {
                        if let Ok(r) = fluent_uri::IriRef::parse(black_box(*r)) {
                            let _ = black_box(r.resolve_against(black_box(b)));
                        }
                    }
                },
            ),
            Case::new(URL, "Url::join(&str)", urls.len(), move || {
                for (b, r) in urls {
                    let _ = black_box(black_box(b).join(black_box(r)));
                }
            }),
        ],
    );
    report.ops.push(OpResult {
        op: "parse+resolve",
        what: "as resolve, but the reference string is parsed in the loop (bases parsed \
               beforehand); url's join does this by design"
            .to_string(),
        rows,
    });
}

/// Each library's parsed values of the lines `to_uri` takes: ours, iri-string's, fluent-uri's.
type ToUriValues<'a> = (
    Vec<iri::IriRef<&'a str>>,
    Vec<&'a IriReferenceStr>,
    Vec<fluent_uri::IriRef<&'a str>>,
);

fn to_uri_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    progress(cfg, "to_uri: cross-checking results");
    let mut check =
        Check::new("to_uri: ours = iri-string = fluent-uri, on the lines all three accept");
    for &l in lines {
        let (Ok(o), Ok(i), Ok(f)) = (
            iri::IriRef::parse(l),
            IriReferenceStr::new(l),
            fluent_uri::IriRef::parse(l),
        ) else {
            continue;
        };
        let i = i.encode_to_uri().to_dedicated_string();
        let f = f.to_uri_ref();
        check.record(
            || format!("{l:?}"),
            &[
                (OURS, o.to_uri().as_str()),
                (IRI_STRING, i.as_str()),
                (FLUENT, f.as_str()),
            ],
        );
    }
    report.checks.push(check);

    progress(cfg, "to_uri: preparing");
    // Each library's parsed values of a set of lines, in a vector of its own.
    fn parsed<'a>(set: &[&'a str]) -> ToUriValues<'a> {
        (
            set.iter()
                .filter_map(|l| iri::IriRef::parse(*l).ok())
                .collect(),
            set.iter()
                .filter_map(|l| IriReferenceStr::new(l).ok())
                .collect(),
            set.iter()
                .filter_map(|l| fluent_uri::IriRef::parse(*l).ok())
                .collect(),
        )
    }
    let all = parsed(lines);
    // The lines with a non-ASCII character, held apart from the others (a String each,
    // allocated one after another, as the corpus holds every line): as a caller holding
    // only these lines would have them, rather than reached in place among the ASCII lines.
    let non_ascii: Vec<&str> = lines.iter().copied().filter(|l| !l.is_ascii()).collect();
    let non_ascii = crate::held_apart(&non_ascii);
    let non_ascii: Vec<&str> = non_ascii.iter().map(String::as_str).collect();
    let held = parsed(&non_ascii);
    for (non_ascii_only, (ours, istr, flu)) in [(false, &all), (true, &held)] {
        let op = if non_ascii_only {
            "to_uri non-ASCII"
        } else {
            "to_uri"
        };
        progress(cfg, &format!("{op}: timing"));
        let mut cases = vec![
            Case::new(
                OURS,
                "IriRef::to_uri -> UriRef<Cow<str>>",
                ours.len(),
                move || {
                    for r in ours {
                        black_box(black_box(r).to_uri());
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "encode_to_uri().to_dedicated_string()",
                istr.len(),
                move || {
                    for r in istr {
                        black_box(black_box(r).encode_to_uri().to_dedicated_string());
                    }
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::to_uri_ref -> UriRef<String>",
                flu.len(),
                move || {
                    for r in flu {
                        black_box(black_box(r).to_uri_ref());
                    }
                },
            ),
        ];
        if non_ascii_only {
            cases.push(Case::new(
                COPY_FLOOR,
                "String::with_capacity(3 × len) + push_str (no mapping)",
                ours.len(),
                move || {
                    for r in ours {
                        let text = black_box(r).as_str();
                        let mut copy = String::with_capacity(3 * text.len());
                        copy.push_str(text);
                        black_box(copy);
                    }
                },
            ));
        }
        let rows = measure(cfg, cases);
        let what = if non_ascii_only {
            "only the lines with a non-ASCII character (where a URI must be built), held \
             apart from the others and parsed beforehand; the baseline allocates room for \
             three bytes an octet and copies the text, the least a mapping to a new string \
             costs"
                .to_string()
        } else {
            "every line the library accepts, parsed beforehand; ours returns the input \
             borrowed when it is ASCII already (63% of lines), the peers always allocate; \
             oxiri and url have no IRI-to-URI mapping"
                .to_string()
        };
        report.ops.push(OpResult { op, what, rows });
    }

    progress(cfg, "to_uri_into: timing");
    let (ours, istr, _) = &all;
    let mut buf_ours = String::new();
    let mut buf_istr = String::new();
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "IriRef::to_uri_into(&mut String)",
                ours.len(),
                move || {
                    for r in ours {
                        black_box(black_box(r).to_uri_into(&mut buf_ours));
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "clear + try_append_to_string(encode_to_uri())",
                istr.len(),
                move || {
                    for &r in istr {
                        buf_istr.clear();
                        let _ = black_box(try_append_to_string(
                            &mut buf_istr,
                            &black_box(r).encode_to_uri(),
                        ));
                        black_box(&buf_istr);
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "to_uri_into",
        what: "every line the library accepts, written into one reused String (ASCII lines \
               are copied too); fluent-uri has no such API"
            .to_string(),
        rows,
    });
}

fn to_iri_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    let uris: Vec<iri::UriRef<&str>> = lines
        .iter()
        .filter_map(|l| iri::UriRef::parse(*l).ok())
        .collect();
    let pct: Vec<iri::UriRef<&str>> = uris
        .iter()
        .filter(|u| u.as_str().contains('%'))
        .copied()
        .collect();
    for (op, set, what) in [
        (
            "to_iri",
            &uris,
            "every line that is a valid URI reference (ASCII), parsed beforehand; no peer \
             implements the URI-to-IRI conversion of RFC 3987 §3.2; the closest equivalent is \
             fluent-uri's normalize() of the URI text parsed as an IRI reference, which \
             decodes the same percent-encodings (unreserved ASCII, UTF-8 of characters an IRI \
             allows there) but also does the other normalization steps (case, dot segments, \
             default ports) and always returns an owned string: a different, larger job, shown \
             for scale",
        ),
        (
            "to_iri with %",
            &pct,
            "only the URI references that hold a '%' (the others come back borrowed at once)",
        ),
    ] {
        progress(cfg, &format!("{op}: timing"));
        let fluent: Vec<fluent_uri::IriRef<&str>> = set
            .iter()
            .filter_map(|u| fluent_uri::IriRef::parse(u.as_str()).ok())
            .collect();
        let fluent = &fluent;
        let rows = measure(
            cfg,
            vec![
                Case::new(
                    OURS,
                    "UriRef::to_iri -> IriRef<Cow<str>>",
                    set.len(),
                    move || {
                        for u in set {
                            black_box(black_box(u).to_iri());
                        }
                    },
                ),
                Case::new(
                    FLUENT,
                    "IriRef::normalize -> IriRef<String> (closest equivalent, not §3.2)",
                    fluent.len(),
                    move || {
                        for u in fluent {
                            black_box(black_box(u).normalize());
                        }
                    },
                ),
            ],
        );
        report.ops.push(OpResult {
            op,
            what: what.to_string(),
            rows,
        });
    }

    progress(cfg, "to_iri_into: timing");
    let uris = &uris;
    let mut buf = String::new();
    let rows = measure(
        cfg,
        vec![Case::new(
            OURS,
            "UriRef::to_iri_into(&mut String)",
            uris.len(),
            move || {
                for u in uris {
                    black_box(black_box(u).to_iri_into(&mut buf));
                }
            },
        )],
    );
    report.ops.push(OpResult {
        op: "to_iri_into",
        what: "as to_iri, written into one reused String (every line is copied, none borrowed)"
            .to_string(),
        rows,
    });
}

fn normalize_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    use iri::{Form, Normalizer};
    use std::borrow::Cow;

    let syntax = Normalizer::syntax();
    let syntax_uri = Normalizer::syntax().form(Form::Uri);
    let scheme = Normalizer::scheme();

    // Cross-check before timing: each peer against ours in the IRI form, which is the form
    // both peers output (non-ASCII kept, percent-encoded UTF-8 of allowed characters
    // decoded), on every line both accept; then, where the IRI forms agree, ours in the URI
    // form against the peer's result mapped to a URI by the peer itself.
    progress(cfg, "normalize: cross-checking results");
    let mut check_istr = Check::new(
        "normalize: ours (IRI form) = iri-string normalize(), on the lines both accept \
         (iri-string normalizes absolute IRIs only)",
    );
    let mut check_fluent = Check::new(
        "normalize: ours (IRI form) = fluent-uri normalize(), on the lines both accept \
         (relative references included)",
    );
    let mut check_istr_uri = Check::new(
        "normalize to URI: ours (URI form) = iri-string normalize() + encode_to_uri(), on the \
         lines where the IRI forms agree",
    );
    let mut check_fluent_uri = Check::new(
        "normalize to URI: ours (URI form) = fluent-uri normalize() + to_uri_ref(), on the \
         lines where the IRI forms agree",
    );
    let mut ours_ok = 0;
    let mut relative = 0;
    let mut only_peers = 0;
    let mut changed = [0usize; 3];
    let mut scheme_differs = 0;
    // The inputs of the timed cases: the lines all three libraries accept.
    let mut ours: Vec<iri::IriRef<&str>> = Vec::new();
    let mut istr: Vec<&IriStr> = Vec::new();
    let mut flu: Vec<fluent_uri::IriRef<&str>> = Vec::new();
    for &l in lines {
        let o = iri::IriRef::parse(l).ok();
        let i = IriStr::new(l).ok();
        let f = fluent_uri::IriRef::parse(l).ok();
        let input = || format!("{l:?}");
        only_peers += (o.is_none() && i.is_some() && f.is_some()) as usize;
        if let Some(o) = &o {
            ours_ok += 1;
            relative += o.scheme().is_none() as usize;
            let ours_iri = syntax.normalize(o);
            let ours_uri = syntax_uri.normalize(o);
            if let Some(i) = i {
                let peer = i.normalize().to_dedicated_string();
                check_istr.record_explained(
                    input,
                    (OURS, ours_iri.as_str()),
                    (IRI_STRING, peer.as_str()),
                    crate::classify::explain,
                );
                if ours_iri.as_str() == peer.as_str() {
                    let peer = peer.encode_to_uri().to_dedicated_string();
                    check_istr_uri.record(
                        input,
                        &[(OURS, ours_uri.as_str()), (IRI_STRING, peer.as_str())],
                    );
                }
            }
            if let Some(f) = &f {
                let peer = f.normalize();
                check_fluent.record_explained(
                    input,
                    (OURS, ours_iri.as_str()),
                    (FLUENT, peer.as_str()),
                    crate::classify::explain,
                );
                if ours_iri.as_str() == peer.as_str() {
                    let peer = peer.to_uri_ref();
                    check_fluent_uri
                        .record(input, &[(OURS, ours_uri.as_str()), (FLUENT, peer.as_str())]);
                }
            }
            if let (Some(i), Some(f)) = (i, f) {
                let ours_scheme = scheme.normalize(o);
                scheme_differs += (ours_scheme.as_str() != ours_iri.as_str()) as usize;
                for (n, r) in changed.iter_mut().zip([ours_iri, ours_uri, ours_scheme]) {
                    *n += matches!(r.into_inner(), Cow::Owned(_)) as usize;
                }
                ours.push(*o);
                istr.push(i);
                flu.push(f);
            }
        }
    }
    report.checks.push(check_istr.finish());
    report.checks.push(check_fluent.finish());
    report.checks.push(check_istr_uri);
    report.checks.push(check_fluent_uri);

    let n = ours.len();
    let pct = |k: usize| {
        if n == 0 {
            0.0
        } else {
            100.0 * k as f64 / n as f64
        }
    };
    report.notes.push(format!(
        "normalize inputs (of {} lines): {n} accepted by all three (ours IriRef, iri-string \
         IriStr, fluent-uri IriRef); left out: {} that ours rejects ({only_peers} of them \
         accepted by both peers), {relative} relative references (iri-string's normalize() \
         takes absolute IRIs only), {} other lines a peer rejects; ours changes {} of the \
         {n} ({:.1}%) in the IRI form, {} ({:.1}%) in the URI form, {} ({:.1}%) at the \
         scheme level",
        lines.len(),
        lines.len() - ours_ok,
        ours_ok - relative - n,
        changed[0],
        pct(changed[0]),
        changed[1],
        pct(changed[1]),
        changed[2],
        pct(changed[2]),
    ));

    let (ours, istr, flu) = (&ours, &istr, &flu);
    progress(cfg, "normalize: timing");
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Normalizer::syntax().normalize -> IriRef<Cow<str>>",
                n,
                move || {
                    for r in ours {
                        black_box(syntax.normalize(black_box(r)));
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "IriStr::normalize().to_dedicated_string() -> IriString",
                n,
                move || {
                    for &r in istr {
                        black_box(black_box(r).normalize().to_dedicated_string());
                    }
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::normalize -> IriRef<String>",
                n,
                move || {
                    for r in flu {
                        black_box(black_box(r).normalize());
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "normalize",
        what: format!(
            "syntax-based normalization (RFC 3987 §5.3.2: case, percent-encoding, dot \
             segments) of the {n} lines all three accept, parsed beforehand, in the IRI form \
             (non-ASCII kept, percent-encoded UTF-8 of allowed characters decoded), which is \
             what both peers output; ours returns the input borrowed when nothing changes \
             ({:.1}% of lines), found by a scan that writes nothing (it builds the text only \
             for the others), the peers always return an owned string; iri-string also drops an empty port; fluent-uri also \
             drops empty and default ports, rewrites IPv6 literals (RFC 5952), lower-cases \
             the ASCII letters of hosts that are not US-ASCII-only and leaves dot segments in \
             rootless paths; oxiri and url have no normalization",
            100.0 - pct(changed[0])
        ),
        rows,
    });

    progress(cfg, "normalize to URI: timing");
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Normalizer::syntax().form(Form::Uri).normalize -> IriRef<Cow<str>>",
                n,
                move || {
                    for r in ours {
                        black_box(syntax_uri.normalize(black_box(r)));
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "normalize().to_dedicated_string().encode_to_uri().to_dedicated_string()",
                n,
                move || {
                    for &r in istr {
                        let iri = black_box(r).normalize().to_dedicated_string();
                        black_box(iri.encode_to_uri().to_dedicated_string());
                    }
                },
            ),
            Case::new(
                FLUENT,
                "IriRef::normalize().to_uri_ref() -> UriRef<String>",
                n,
                move || {
                    for r in flu {
                        black_box(black_box(r).normalize().to_uri_ref());
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "normalize to URI",
        what: format!(
            "as normalize, with the result in the URI form (RFC 3987 §3.1 mapping after \
             normalizing; ours borrowed on {:.1}% of lines); neither peer has a URI-form \
             option, so their rows are normalize followed by their own IRI-to-URI mapping \
             (two owned strings)",
            100.0 - pct(changed[1])
        ),
        rows,
    });

    progress(cfg, "normalize scheme: timing");
    let rows = measure(
        cfg,
        vec![Case::new(
            OURS,
            "Normalizer::scheme().normalize -> IriRef<Cow<str>>",
            n,
            move || {
                for r in ours {
                    black_box(scheme.normalize(black_box(r)));
                }
            },
        )],
    );
    report.ops.push(OpResult {
        op: "normalize scheme",
        what: format!(
            "scheme-based normalization (RFC 3987 §5.3.3: syntax, then the built-in scheme \
             registry's default ports and empty path as `/`, and UTS #46 for DNS host names) \
             of the same {n} lines; it differs from the syntax level on {scheme_differs} of \
             them; no peer has it: fluent-uri's normalize() already drops empty and default \
             ports (and iri-string's empty ports), but neither maps an empty path to `/` nor \
             compares IDN host names"
        ),
        rows,
    });
}
