//! The family `build`: making and changing references. Setters (with the clone of the value
//! they change, which every row pays) against `url`'s setters, and building from components
//! against `iri-string`'s builder. Inputs: the corpus's http and https IRIs whose text `url`
//! keeps as it is (so that both libraries hold the same text), and for building, the
//! components of every IRI the library accepts.

use std::hint::black_box;

use iri::{encode, Builder, Form, Iri, PairSyntax};

use crate::measure::{measure, Case, Config};
use crate::ops::{OpResult, Report, IRI_STRING, OURS, URL};

/// The components of one IRI, borrowed from its text.
struct Parts<'a> {
    scheme: &'a str,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Times the rows of the family.
pub(crate) fn build_ops(lines: &[&str], cfg: &Config, report: &mut Report) {
    let same: Vec<(Iri<String>, url::Url)> = lines
        .iter()
        .filter(|l| l.starts_with("http://") || l.starts_with("https://"))
        .filter_map(|l| {
            let ours = Iri::parse(l.to_string()).ok()?;
            let theirs = url::Url::parse(l).ok()?;
            (theirs.as_str() == *l && ours.host_str().is_some_and(|h| !h.is_empty()))
                .then_some((ours, theirs))
        })
        .collect();
    let ours: Vec<Iri<String>> = same.iter().map(|(o, _)| o.clone()).collect();
    let theirs: Vec<url::Url> = same.iter().map(|(_, t)| t.clone()).collect();
    let (ours, theirs) = (&ours, &theirs);
    let n = ours.len();

    // The same result where both have the same rule: the setters' outputs agree.
    let agree = |f: &dyn Fn(&mut Iri<String>), g: &dyn Fn(&mut url::Url)| {
        ours.iter()
            .zip(theirs)
            .filter(|(o, t)| {
                let (mut o, mut t) = ((*o).clone(), (*t).clone());
                f(&mut o);
                g(&mut t);
                o.as_str() == t.as_str()
            })
            .count()
    };
    let q = "page=2&sort=name";
    let agree_query = agree(&|o| o.set_query(Some(q)).unwrap(), &|t| {
        t.set_query(Some(q))
    });
    let agree_host = agree(&|o| o.set_host("example.org").unwrap(), &|t| {
        t.set_host(Some("example.org")).unwrap()
    });
    let agree_pair = agree(
        &|o| {
            o.append_query_pair("q", Some("a b"), PairSyntax::FORM)
                .unwrap()
        },
        &|t| {
            t.query_pairs_mut().append_pair("q", "a b");
        },
    );

    let ops: [(&'static str, String, Vec<Case>); 4] = [
        (
            "build set_query",
            format!(
                "{n} http(s) IRIs whose text url keeps, each cloned then given the query \
                 {q:?} (checked against iquery by ours); same output on {agree_query}"
            ),
            vec![
                Case::new(OURS, "clone + Iri::set_query(Some(_))", n, move || {
                    for r in ours {
                        let mut r = black_box(r).clone();
                        r.set_query(Some(black_box(q))).unwrap();
                        black_box(r);
                    }
                }),
                Case::new(URL, "clone + Url::set_query(Some(_))", n, move || {
                    for r in theirs {
                        let mut r = black_box(r).clone();
                        r.set_query(Some(black_box(q)));
                        black_box(r);
                    }
                }),
            ],
        ),
        (
            "build set_host",
            format!(
                "as build set_query, each given the host \"example.org\" (url parses it as a WHATWG \
                 host: IDNA and lower-casing); same output on {agree_host}"
            ),
            vec![
                Case::new(OURS, "clone + Iri::set_host(_)", n, move || {
                    for r in ours {
                        let mut r = black_box(r).clone();
                        r.set_host(black_box("example.org")).unwrap();
                        black_box(r);
                    }
                }),
                Case::new(URL, "clone + Url::set_host(Some(_))", n, move || {
                    for r in theirs {
                        let mut r = black_box(r).clone();
                        r.set_host(Some(black_box("example.org"))).unwrap();
                        black_box(r);
                    }
                }),
            ],
        ),
        (
            "build push segment",
            "as build set_query, each given one more path segment from the raw text \"new seg\" \
             (encoded by both; url also drops nothing, ours puts it after a trailing '/'; our second \
             row encodes into a string of its own first, the way before the raw setter)"
                .to_string(),
            vec![
                Case::new(OURS, "clone + Iri::push_raw_path_segment", n, move || {
                    for r in ours {
                        let mut r = black_box(r).clone();
                        r.push_raw_path_segment(black_box("new seg")).unwrap();
                        black_box(r);
                    }
                }),
                Case::new(
                    OURS,
                    "clone + encode::path_segment + Iri::push_path_segment",
                    n,
                    move || {
                        for r in ours {
                            let mut r = black_box(r).clone();
                            let seg = encode::path_segment(black_box("new seg"), Form::Iri);
                            r.push_path_segment(&seg).unwrap();
                            black_box(r);
                        }
                    },
                ),
                Case::new(URL, "clone + Url::path_segments_mut().push", n, move || {
                    for r in theirs {
                        let mut r = black_box(r).clone();
                        r.path_segments_mut().unwrap().push(black_box("new seg"));
                        black_box(r);
                    }
                }),
            ],
        ),
        (
            "build append pair",
            format!(
                "as build set_query, each given the form pair q=\"a b\" at the end of its query; same \
                 output on {agree_pair}"
            ),
            vec![
                Case::new(
                    OURS,
                    "clone + Iri::append_query_pair(_, _, PairSyntax::FORM)",
                    n,
                    move || {
                        for r in ours {
                            let mut r = black_box(r).clone();
                            r.append_query_pair("q", Some(black_box("a b")), PairSyntax::FORM)
                                .unwrap();
                            black_box(r);
                        }
                    },
                ),
                Case::new(
                    URL,
                    "clone + Url::query_pairs_mut().append_pair",
                    n,
                    move || {
                        for r in theirs {
                            let mut r = black_box(r).clone();
                            r.query_pairs_mut().append_pair("q", black_box("a b"));
                            black_box(r);
                        }
                    },
                ),
            ],
        ),
    ];
    for (op, what, cases) in ops {
        crate::ops::progress(cfg, &format!("{op}: timing"));
        let rows = measure(cfg, cases);
        report.ops.push(OpResult { op, what, rows });
    }

    // Building from components: every absolute IRI ours accepts, split beforehand.
    let iris: Vec<Iri<&str>> = lines.iter().filter_map(|l| Iri::parse(*l).ok()).collect();
    let parts: Vec<Parts> = iris
        .iter()
        .map(|r| Parts {
            scheme: r.scheme(),
            userinfo: r.userinfo(),
            host: r.host_str(),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        })
        .collect();
    let parts = &parts;
    let iri_string_ok = parts
        .iter()
        .filter(|p| built_iri_string(p).is_some())
        .count();
    crate::ops::progress(cfg, "build: timing");
    let rows = measure(
        cfg,
        vec![
            Case::new(
                OURS,
                "Builder::build_iri -> Iri<String>",
                parts.len(),
                move || {
                    for p in parts {
                        black_box(built_ours(black_box(p)));
                    }
                },
            ),
            Case::new(
                IRI_STRING,
                "build::Builder::build::<IriStr> + into IriString",
                parts.len(),
                move || {
                    for p in parts {
                        black_box(built_iri_string(black_box(p)));
                    }
                },
            ),
        ],
    );
    report.ops.push(OpResult {
        op: "build",
        what: format!(
            "the components of the {} absolute IRIs ours accepts, split beforehand; each \
             checked and written into a new owned IRI (iri-string builds {iri_string_ok} of them)",
            parts.len()
        ),
        rows,
    });
}

fn built_ours(p: &Parts) -> Option<Iri<String>> {
    let mut b = Builder::new().scheme(p.scheme).path(p.path);
    if let Some(u) = p.userinfo {
        b = b.userinfo(u);
    }
    if let Some(h) = p.host {
        b = b.host(h);
    }
    if let Some(x) = p.port {
        b = b.port(x);
    }
    if let Some(q) = p.query {
        b = b.query(q);
    }
    if let Some(f) = p.fragment {
        b = b.fragment(f);
    }
    b.build_iri().ok()
}

fn built_iri_string(p: &Parts) -> Option<iri_string::types::IriString> {
    let mut b = iri_string::build::Builder::new();
    b.scheme(p.scheme);
    if let Some(u) = p.userinfo {
        b.userinfo(u);
    }
    if let Some(h) = p.host {
        b.host(h);
    }
    if let Some(x) = p.port {
        b.port(x);
    }
    b.path(p.path);
    if let Some(q) = p.query {
        b.query(q);
    }
    if let Some(f) = p.fragment {
        b.fragment(f);
    }
    b.build::<iri_string::types::IriStr>().ok().map(Into::into)
}
