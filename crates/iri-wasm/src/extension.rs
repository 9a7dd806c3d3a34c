//! Two opt-in extensions beyond RFC 3987 that third-party suites asked for, each a function of
//! its own so that the strict functions never take them silently: resolution against a
//! *relative* base (RFC 3986 §5.2 wants an absolute one, §5.1; for chains of relative bases
//! such as XML Base and JSON-LD) and IPv6 zone identifiers (RFC 6874 §2, which RFC 3987 §2.2
//! and RFC 3986 §3.2.2 do not have). Exported to JavaScript as `resolveRelative` and
//! `parseZoned`.

use iri::legacy::ZonedIriRef;
use iri::IriRef;

use crate::{kind, preset_options, Failure};

/// `reference` resolved against `base`, which may itself be relative
/// ([`IriRef::resolve_relative_with`]): every `..` that climbs above a relative base is kept
/// as a leading `../`. Against an absolute base it is [`crate::resolve_with_preset`].
///
/// ```
/// use iri_toolkit_wasm::extension::resolve_relative;
/// assert_eq!(resolve_relative("c/d", "a/b", "strict").unwrap(), "a/c/d");
/// assert_eq!(resolve_relative("../../x", "a/b", "strict").unwrap(), "../x");
/// assert_eq!(resolve_relative("g", "http://a/b/c", "strict").unwrap(), "http://a/b/g");
/// assert_eq!(resolve_relative("g", "a b", "strict").unwrap_err().argument, "base");
/// ```
pub fn resolve_relative(reference: &str, base: &str, preset: &str) -> Result<String, Failure> {
    let opts = preset_options(preset)?;
    let r = IriRef::parse(reference).map_err(|e| Failure::parse(&e, reference, "reference"))?;
    let b = IriRef::parse(base).map_err(|e| Failure::parse(&e, base, "base"))?;
    Ok(b.resolve_relative_with(&r, opts).into_inner())
}

/// The components of `input` as [`crate::parse`] gives them, an IPv6 zone identifier (RFC
/// 6874) allowed: those of the reference without the zone, and `zone`, the zone as written
/// (null without one), last. [`crate::parse`] refuses a zone with the reason.
///
/// ```
/// use iri_toolkit_wasm::extension::parse_zoned;
/// let v = parse_zoned("http://[fe80::1%25en1]:8080/x", None).unwrap();
/// let v: serde_json::Value = serde_json::from_str(&v).unwrap();
/// assert_eq!((v["host"].as_str(), v["port"].as_str()), (Some("[fe80::1]"), Some("8080")));
/// assert_eq!(v["zone"], "en1");
/// assert!(parse_zoned("http://[::1]/", None).unwrap().ends_with(r#""zone":null}"#));
/// let e = iri_toolkit_wasm::parse("http://[fe80::1%25en1]/", None).unwrap_err();
/// assert!(e.message.contains("zone identifiers are not allowed"));
/// let e = parse_zoned("//[fe80::1%25en1]/", Some("iri")).unwrap_err();
/// assert_eq!(e.kind, "missing-scheme");
/// ```
pub fn parse_zoned(input: &str, kind_name: Option<&str>) -> Result<String, Failure> {
    let k = kind(kind_name)?;
    let z = ZonedIriRef::parse_kind(input, k).map_err(|e| Failure::parse(&e, input, "input"))?;
    let mut o = crate::components(&z.as_iri_ref());
    o.str("zone", z.zone_id());
    Ok(o.end())
}

/// The exports to JavaScript (see `bindings`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod exports {
    use wasm_bindgen::prelude::*;

    fn thrown(f: crate::Failure) -> JsValue {
        JsValue::from_str(&f.to_json())
    }

    /// `reference` resolved against a base that may be relative, with the options of
    /// `preset` (default `strict`).
    #[wasm_bindgen(js_name = resolveRelative)]
    pub fn resolve_relative(
        reference: &str,
        base: &str,
        preset: Option<String>,
    ) -> Result<String, JsValue> {
        super::resolve_relative(reference, base, preset.as_deref().unwrap_or("strict"))
            .map_err(thrown)
    }

    /// The components of `input`, a zone identifier allowed, as JSON text.
    #[wasm_bindgen(js_name = parseZoned)]
    pub fn parse_zoned(input: &str, kind: Option<String>) -> Result<String, JsValue> {
        super::parse_zoned(input, kind.as_deref()).map_err(thrown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of the library's zone table (Jena's cases and our own, with their RFC 6874
    /// sections): accepted with its zone, or refused.
    #[test]
    fn the_zone_table() {
        let table = include_str!("../../iri/tests/data/zone_id.tsv");
        let mut n = 0;
        for line in table.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let got = parse_zoned(f[0], None);
            assert_eq!(got.is_ok(), f[1] == "yes", "{line}");
            if let Ok(v) = got {
                let v: serde_json::Value = serde_json::from_str(&v).unwrap();
                assert_eq!(v["zone"], f[2], "{line}");
                assert!(crate::parse(f[0], None).is_err(), "{line}");
            }
            n += 1;
        }
        assert!(n >= 10);
    }

    /// The law of a relative base: against an absolute IRI, the result resolves where the
    /// base and then the reference do.
    #[test]
    fn relative_base_law() {
        for (base, reference) in [("a/b", "c/d"), ("a/b", "../../x"), ("../a/", "./b?q#f")] {
            let t = resolve_relative(reference, base, "strict").unwrap();
            let abs = "http://h/p/q/r";
            let chained = crate::resolve(reference, &crate::resolve(base, abs).unwrap()).unwrap();
            assert_eq!(
                crate::resolve(&t, abs).unwrap(),
                chained,
                "{base} + {reference}"
            );
        }
        assert_eq!(
            resolve_relative("x", "a", "nope").unwrap_err().kind,
            "invalid-argument"
        );
    }
}
