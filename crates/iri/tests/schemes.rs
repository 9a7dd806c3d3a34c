//! The scheme views (processing draft §6): `mailto` (RFC 6068), `data` (RFC 2397), `file`
//! (RFC 8089), `urn` (RFC 8141) and `javascript` (draft-hoehrmann-javascript-scheme-03,
//! RFC 4329), from the tables `tests/data/{mailto,data,file,urn,urn_equivalence,
//! javascript}.tsv`; each row names its source.

mod common;

use common::pairs;
use iri::scheme::data::DataIri;
use iri::scheme::file::{from_path, to_path, PathStyle};
use iri::scheme::javascript::{Javascript, ScriptEncoding};
use iri::scheme::mailto::Mailto;
use iri::scheme::urn::Urn;
use iri::Iri;

fn or_dash(v: Vec<String>) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.join(" | ")
    }
}

#[test]
fn mailto_table() {
    for (line, f) in pairs("mailto.tsv", 6..=6) {
        let iri = Iri::parse(f[0].as_str()).unwrap_or_else(|e| panic!("mailto.tsv:{line}: {e}"));
        let at = format!("mailto.tsv:{line} ({})", f[5]);
        match Mailto::parse(&iri) {
            Ok(m) => {
                assert_eq!(f[4], "-", "{at}: parsed, expected an error");
                let to = m.recipients().map(|a| a.as_str().to_string()).collect();
                assert_eq!(or_dash(to), f[1], "{at}: recipients");
                let headers = m
                    .headers()
                    .iter()
                    .map(|(n, v)| format!("{n}={v}"))
                    .collect();
                assert_eq!(or_dash(headers), f[2], "{at}: headers");
                #[cfg(feature = "idna")]
                {
                    let first = m.recipients().next().unwrap();
                    assert_eq!(first.domain_ascii().unwrap(), f[3], "{at}: domain");
                }
            }
            Err(e) => {
                assert_eq!(format!("{:?}@{}", e.kind(), e.offset()), f[4], "{at}");
                assert!(e.to_string().contains("RFC 6068"), "{at}");
            }
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn data_table() {
    for (line, f) in pairs("data.tsv", 7..=7) {
        let iri = Iri::parse(f[0].as_str()).unwrap_or_else(|e| panic!("data.tsv:{line}: {e}"));
        let at = format!("data.tsv:{line} ({})", f[6]);
        match DataIri::parse(&iri) {
            Ok(d) => {
                assert_eq!(f[5], "-", "{at}: parsed, expected an error");
                assert_eq!(d.media_type(), f[1], "{at}");
                let params = d
                    .parameters()
                    .iter()
                    .map(|(n, v)| format!("{n}={v}"))
                    .collect();
                assert_eq!(or_dash(params), f[2], "{at}");
                assert_eq!(if d.is_base64() { "yes" } else { "no" }, f[3], "{at}");
                match f[4].strip_prefix("hex:") {
                    Some(h) => assert_eq!(hex(d.bytes()), h, "{at}"),
                    None => assert_eq!(d.bytes(), f[4].as_bytes(), "{at}"),
                }
            }
            Err(e) => assert_eq!(format!("{:?}@{}", e.kind(), e.offset()), f[5], "{at}"),
        }
    }
}

#[test]
fn file_table() {
    for (line, f) in pairs("file.tsv", 5..=5) {
        let at = format!("file.tsv:{line} ({})", f[4]);
        let style = match f[1].as_str() {
            "unix" => PathStyle::Unix,
            "windows" => PathStyle::Windows,
            s => panic!("{at}: style {s}"),
        };
        let got = match f[0].as_str() {
            "to-path" => {
                let iri = Iri::parse(f[2].as_str()).unwrap_or_else(|e| panic!("{at}: {e}"));
                to_path(&iri, style)
            }
            "from-path" => from_path(&f[2], style).map(|i| i.into_inner()),
            d => panic!("{at}: direction {d}"),
        };
        let got = got.unwrap_or_else(|e| format!("error: {:?}@{}", e.kind(), e.offset()));
        assert_eq!(got, f[3], "{at}");
    }
}

/// Every path `from_path` accepts comes back from `to_path` (RFC 8089 both ways).
#[test]
fn file_round_trip() {
    for (path, style) in [
        ("/a b/ü/%/#?/x", PathStyle::Unix),
        ("C:\\Users\\Zoë\\a b%", PathStyle::Windows),
        ("\\\\server\\share\\dir\\f.txt", PathStyle::Windows),
    ] {
        let iri = from_path(path, style).unwrap();
        assert_eq!(to_path(&iri, style).unwrap(), path);
        // And through the URI form.
        let uri = Iri::parse(iri.to_uri().as_str().to_string()).unwrap();
        assert_eq!(to_path(&uri, style).unwrap(), path);
    }
}

#[test]
fn urn_table() {
    for (line, f) in pairs("urn.tsv", 8..=8) {
        let iri = Iri::parse(f[0].as_str()).unwrap_or_else(|e| panic!("urn.tsv:{line}: {e}"));
        let at = format!("urn.tsv:{line} ({})", f[7]);
        let opt = |o: Option<&str>| o.unwrap_or("-").to_string();
        match Urn::parse(&iri) {
            Ok(u) => {
                let got = [
                    u.nid().to_string(),
                    u.nss().to_string(),
                    opt(u.r_component()),
                    opt(u.q_component()),
                    opt(u.f_component()),
                    u.equivalence_key(),
                ];
                assert_eq!(got[..], f[1..7], "{at}");
            }
            Err(e) => assert_eq!(
                format!("error: {:?}@{}", e.kind(), e.offset()),
                f[1],
                "{at}"
            ),
        }
    }
}

#[test]
fn urn_equivalence_table() {
    for (line, f) in pairs("urn_equivalence.tsv", 4..=4) {
        let at = format!("urn_equivalence.tsv:{line} ({})", f[3]);
        let (a, b) = (
            Iri::parse(f[0].as_str()).unwrap(),
            Iri::parse(f[1].as_str()).unwrap(),
        );
        let (ua, ub) = (Urn::parse(&a).unwrap(), Urn::parse(&b).unwrap());
        assert_eq!(ua.equivalent(&ub), f[2] == "yes", "{at}");
        assert_eq!(ub.equivalent(&ua), f[2] == "yes", "{at} (symmetric)");
    }
}

#[test]
fn javascript_table() {
    let rows = pairs("javascript.tsv", 5..=5);
    assert!(rows.len() >= 25, "{} rows", rows.len());
    for (line, f) in rows {
        let iri =
            Iri::parse(f[0].as_str()).unwrap_or_else(|e| panic!("javascript.tsv:{line}: {e}"));
        let at = format!("javascript.tsv:{line} ({})", f[4]);
        let name = |e: ScriptEncoding| match e {
            ScriptEncoding::Utf8Bom => "UTF-8 (BOM)",
            e => e.as_str(),
        };
        match Javascript::parse(&iri) {
            Ok(j) => {
                assert_eq!(f[3], "-", "{at}: parsed, expected an error");
                assert_eq!(j.script(), f[1], "{at}");
                assert_eq!(name(j.encoding()), f[2], "{at}");
                // The URI gives the same script (RFC 3987 §3.1).
                let u = Iri::parse(iri.to_uri().to_string()).unwrap();
                assert_eq!(Javascript::parse(&u).unwrap().script(), j.script(), "{at}");
            }
            Err(e) => {
                assert_eq!(format!("{:?}@{}", e.kind(), e.offset()), f[3], "{at}");
                assert_eq!(name(e.encoding()), f[2], "{at}");
                assert!(
                    e.to_string().contains(&e.offset().to_string()) || e.offset() == 0,
                    "{at}"
                );
            }
        }
    }
}
