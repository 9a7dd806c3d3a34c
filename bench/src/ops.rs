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
    /// Up to five disagreements.
    pub examples: Vec<Disagreement>,
}

impl Check {
    fn new(what: impl Into<String>) -> Self {
        Check {
            what: what.into(),
            compared: 0,
            agree: 0,
            disagree: 0,
            examples: Vec::new(),
        }
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
    /// Timed passes per case.
    pub samples: usize,
    /// Warm-up passes per case.
    pub warmups: usize,
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

fn progress(cfg: &Config, msg: &str) {
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
        ..Report::default()
    };
    if !corpus.skipped_rows.is_empty() {
        report.notes.push(format!(
            "{} CSV rows skipped as ambiguous (not exactly one comma, or a quote), e.g. {:?}",
            corpus.skipped_rows.len(),
            &corpus.skipped_rows[0]
        ));
    }
    parse_ops(&lines, cfg, &mut report);
    resolve_ops(&pairs, cfg, &mut report);
    to_uri_ops(&lines, cfg, &mut report);
    to_iri_ops(&lines, cfg, &mut report);
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

fn to_uri_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    progress(cfg, "to_uri: preparing");
    let ours: Vec<iri::IriRef<&str>> = lines
        .iter()
        .filter_map(|l| iri::IriRef::parse(*l).ok())
        .collect();
    let istr: Vec<&IriReferenceStr> = lines
        .iter()
        .filter_map(|l| IriReferenceStr::new(l).ok())
        .collect();
    let flu: Vec<fluent_uri::IriRef<&str>> = lines
        .iter()
        .filter_map(|l| fluent_uri::IriRef::parse(*l).ok())
        .collect();

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

    for non_ascii_only in [false, true] {
        let keep = |s: &str| !non_ascii_only || !s.is_ascii();
        let ours: Vec<_> = ours.iter().filter(|r| keep(r.as_str())).collect();
        let istr: Vec<_> = istr.iter().filter(|r| keep(r.as_str())).collect();
        let flu: Vec<_> = flu.iter().filter(|r| keep(r.as_str())).collect();
        let (ours, istr, flu) = (&ours, &istr, &flu);
        let op = if non_ascii_only {
            "to_uri non-ASCII"
        } else {
            "to_uri"
        };
        progress(cfg, &format!("{op}: timing"));
        let rows = measure(
            cfg,
            vec![
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
            ],
        );
        let what = if non_ascii_only {
            "only the lines with a non-ASCII character (where a URI must be built), parsed \
             beforehand"
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
    let (ours, istr) = (&ours, &istr);
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
             implements the URI-to-IRI conversion of RFC 3987 §3.2",
        ),
        (
            "to_iri with %",
            &pct,
            "only the URI references that hold a '%' (the others come back borrowed at once)",
        ),
    ] {
        progress(cfg, &format!("{op}: timing"));
        let rows = measure(
            cfg,
            vec![Case::new(
                OURS,
                "UriRef::to_iri -> IriRef<Cow<str>>",
                set.len(),
                move || {
                    for u in set {
                        black_box(black_box(u).to_iri());
                    }
                },
            )],
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
