//! The implementations the suites run against: ours (strict, and each resolution preset) and
//! the peers oxiri, iri-string, fluent-uri and url, each behind the same questions. A
//! question an implementation has no API for answers `None` (shown as `–` in the matrix).

use std::panic::{catch_unwind, AssertUnwindSafe};

use iri::ResolveOptions;

/// What a resolution (or relativization) gave: the result text, or `None` for an error
/// (including an input the implementation does not accept).
pub type Outcome = Option<String>;

/// One column of the matrix.
pub trait Implementation {
    /// The column's heading.
    fn name(&self) -> String;
    /// Whether `input` is valid as `what` (`iri`, `reference`, `uri`, `uri-reference`,
    /// `idn-hostname`; `ipv4-host`: whether `//input` has an IPv4address host, RFC 3986
    /// §3.2.2).
    fn validity(&self, input: &str, what: &str) -> Option<bool>;
    /// `reference` resolved against the absolute `base`.
    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome>;
    /// `reference` resolved against a base that may itself be relative.
    fn resolve_relative_base(&self, base: &str, reference: &str) -> Option<Outcome>;
    /// The reference that takes `base` to `target`.
    fn relativize(&self, base: &str, target: &str) -> Option<Outcome>;
    /// Syntax-based normalization (RFC 3986 §6.2.2, RFC 3987 §5.3.2) of a reference, in the
    /// form of `what` (`reference`: IRI, `uri-reference`: URI).
    fn normalize(&self, _input: &str, _what: &str) -> Option<Outcome> {
        None
    }
    /// The IRI→URI mapping (RFC 3987 §3.1).
    fn to_uri(&self, _input: &str) -> Option<Outcome> {
        None
    }
    /// UTS #46 ToASCII (nontransitional) of a domain name.
    fn idna_to_ascii(&self, _input: &str) -> Option<Outcome> {
        None
    }
    /// Raw text percent-encoded by `encoder` (iri-string's names: `from_path_segment`,
    /// `from_fragment`, `from_path`, `from_query`, `from_reg_name`, `unreserve`,
    /// `characters`) in the form `form` (`uri` or `iri`).
    fn encode(&self, _encoder: &str, _form: &str, _input: &str) -> Option<Outcome> {
        None
    }
    /// UTS #46 ToUnicode of a domain name.
    fn idna_to_unicode(&self, _input: &str) -> Option<Outcome> {
        None
    }
}

/// Ours, with one set of resolution options. Validity does not depend on them, so only the
/// strict column answers it.
pub struct Ours {
    pub name: &'static str,
    pub opts: ResolveOptions,
}

impl Ours {
    /// Ours strict and each preset, in the matrix's order.
    pub fn all() -> Vec<Ours> {
        iri::ResolveOptions::PRESET_NAMES
            .iter()
            .map(|&name| Ours {
                name,
                opts: name.parse().expect("a preset name"),
            })
            .collect()
    }

    fn strict(&self) -> bool {
        self.opts.is_strict()
    }
}

impl Implementation for Ours {
    fn name(&self) -> String {
        format!("ours {}", self.name)
    }

    fn validity(&self, input: &str, what: &str) -> Option<bool> {
        if !self.strict() {
            return None;
        }
        Some(match what {
            "iri" => iri::Iri::parse(input).is_ok(),
            "reference" => iri::IriRef::parse(input).is_ok(),
            "uri" => iri::Uri::parse(input).is_ok(),
            "uri-reference" => iri::UriRef::parse(input).is_ok(),
            "idn-hostname" => iri::idn::to_ascii(input).is_ok(),
            "ipv4-host" => {
                iri::IriRef::parse(&format!("//{input}"))
                    .ok()
                    .and_then(|r| r.host().map(|h| h.kind()))
                    == Some(iri::HostKind::Ipv4)
            }
            _ => return None,
        })
    }

    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome> {
        let (Ok(b), Ok(r)) = (iri::Iri::parse(base), iri::IriRef::parse(reference)) else {
            return Some(None);
        };
        Some(Some(b.resolve_with(&r, self.opts).into_inner()))
    }

    fn resolve_relative_base(&self, base: &str, reference: &str) -> Option<Outcome> {
        let (Ok(b), Ok(r)) = (iri::IriRef::parse(base), iri::IriRef::parse(reference)) else {
            return Some(None);
        };
        Some(Some(b.resolve_relative_with(&r, self.opts).into_inner()))
    }

    fn relativize(&self, base: &str, target: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        let (Ok(b), Ok(t)) = (iri::Iri::parse(base), iri::Iri::parse(target)) else {
            return Some(None);
        };
        Some(b.relativize(&t).ok().map(|r| r.into_inner()))
    }

    fn normalize(&self, input: &str, what: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        let Ok(r) = iri::IriRef::parse(input) else {
            return Some(None);
        };
        let form = if what == "uri-reference" {
            iri::Form::Uri
        } else {
            iri::Form::Iri
        };
        Some(Some(
            iri::Normalizer::syntax()
                .form(form)
                .normalize(&r)
                .as_str()
                .to_owned(),
        ))
    }

    fn to_uri(&self, input: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        Some(
            iri::IriRef::parse(input)
                .ok()
                .map(|r| r.to_uri().as_str().to_owned()),
        )
    }

    fn idna_to_ascii(&self, input: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        Some(iri::idn::to_ascii(input).ok().map(|s| s.into_owned()))
    }

    fn idna_to_unicode(&self, input: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        Some(iri::idn::to_unicode(input).ok().map(|s| s.into_owned()))
    }

    /// `iri::encode` has encoders for a path segment and a fragment; its `query_part` is for
    /// a pair's name or value (it encodes `&`, `=`, `;`, `+` too), not a whole query, and it
    /// has none for a whole path, a host or a set of characters of no component.
    fn encode(&self, encoder: &str, form: &str, input: &str) -> Option<Outcome> {
        if !self.strict() {
            return None;
        }
        let form = if form == "uri" {
            iri::Form::Uri
        } else {
            iri::Form::Iri
        };
        let out = match encoder {
            "from_path_segment" => iri::encode::path_segment(input, form),
            "from_fragment" => iri::encode::fragment(input, form),
            _ => return None,
        };
        Some(Some(out.into_owned()))
    }
}

/// oxiri 0.3.1.
pub struct Oxiri;

impl Implementation for Oxiri {
    fn name(&self) -> String {
        "oxiri".into()
    }

    fn validity(&self, input: &str, what: &str) -> Option<bool> {
        Some(match what {
            "iri" => oxiri::Iri::parse(input).is_ok(),
            "reference" => oxiri::IriRef::parse(input).is_ok(),
            _ => return None,
        })
    }

    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome> {
        let (Ok(b), Ok(r)) = (oxiri::Iri::parse(base), oxiri::IriRef::parse(reference)) else {
            return Some(None);
        };
        Some(b.resolve(&r).ok().map(oxiri::Iri::into_inner))
    }

    fn resolve_relative_base(&self, base: &str, reference: &str) -> Option<Outcome> {
        let (Ok(b), Ok(r)) = (oxiri::IriRef::parse(base), oxiri::IriRef::parse(reference)) else {
            return Some(None);
        };
        Some(b.resolve(&r).ok().map(oxiri::IriRef::into_inner))
    }

    fn relativize(&self, base: &str, target: &str) -> Option<Outcome> {
        let (Ok(b), Ok(t)) = (oxiri::Iri::parse(base), oxiri::Iri::parse(target)) else {
            return Some(None);
        };
        Some(b.relativize(&t).ok().map(oxiri::IriRef::into_inner))
    }
}

/// iri-string 0.7.14.
pub struct IriString;

impl Implementation for IriString {
    fn name(&self) -> String {
        "iri-string".into()
    }

    fn validity(&self, input: &str, what: &str) -> Option<bool> {
        use iri_string::types::{IriReferenceStr, IriStr, UriReferenceStr, UriStr};
        Some(match what {
            "iri" => IriStr::new(input).is_ok(),
            "reference" => IriReferenceStr::new(input).is_ok(),
            "uri" => UriStr::new(input).is_ok(),
            "uri-reference" => UriReferenceStr::new(input).is_ok(),
            _ => return None,
        })
    }

    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome> {
        use iri_string::format::ToDedicatedString;
        use iri_string::types::{IriAbsoluteStr, IriReferenceStr, IriStr};
        // Its resolution takes an absolute base: the base's fragment plays no part (§5.2.2).
        let Ok(b) = IriStr::new(base) else {
            return Some(None);
        };
        let b = IriAbsoluteStr::new(b.as_str().split('#').next().unwrap_or(""))
            .expect("an IRI without its fragment is absolute");
        let Ok(r) = IriReferenceStr::new(reference) else {
            return Some(None);
        };
        let out = catch_unwind(AssertUnwindSafe(|| {
            let n = r.resolve_against(b);
            n.ensure_rfc3986_normalizable()
                .ok()
                .map(|()| n.to_dedicated_string().to_string())
        }));
        Some(out.ok().flatten())
    }

    fn resolve_relative_base(&self, _: &str, _: &str) -> Option<Outcome> {
        None
    }

    fn relativize(&self, _: &str, _: &str) -> Option<Outcome> {
        None
    }

    fn normalize(&self, input: &str, what: &str) -> Option<Outcome> {
        use iri_string::format::ToDedicatedString;
        // Its normalization takes IRIs (with a scheme) only.
        let i = iri_string::types::IriStr::new(input).ok()?;
        let n = i.normalize();
        if n.ensure_rfc3986_normalizable().is_err() {
            return Some(None);
        }
        let n = n.to_dedicated_string();
        Some(Some(if what == "uri-reference" {
            n.encode_to_uri().to_dedicated_string().to_string()
        } else {
            n.to_string()
        }))
    }

    fn to_uri(&self, input: &str) -> Option<Outcome> {
        use iri_string::format::ToDedicatedString;
        let r = iri_string::types::IriReferenceStr::new(input);
        Some(
            r.ok()
                .map(|r| r.encode_to_uri().to_dedicated_string().to_string()),
        )
    }

    fn encode(&self, encoder: &str, form: &str, input: &str) -> Option<Outcome> {
        use iri_string::spec::{IriSpec, UriSpec};
        let out = if form == "uri" {
            iri_string_encode::<UriSpec>(encoder, input)
        } else {
            iri_string_encode::<IriSpec>(encoder, input)
        };
        Some(Some(out?))
    }
}

/// iri-string's encoder named `encoder` (as its tests name them), in the form of `S`.
fn iri_string_encode<S: iri_string::spec::Spec>(encoder: &str, input: &str) -> Option<String> {
    type P<'a, S> = iri_string::percent_encode::PercentEncoded<&'a str, S>;
    Some(match encoder {
        "from_reg_name" => P::<S>::from_reg_name(input).to_string(),
        "from_path_segment" => P::<S>::from_path_segment(input).to_string(),
        "from_path" => P::<S>::from_path(input).to_string(),
        "from_query" => P::<S>::from_query(input).to_string(),
        "from_fragment" => P::<S>::from_fragment(input).to_string(),
        "unreserve" => P::<S>::unreserve(input).to_string(),
        "characters" => P::<S>::characters(input).to_string(),
        _ => return None,
    })
}

/// fluent-uri 0.4.1.
pub struct FluentUri;

impl Implementation for FluentUri {
    fn name(&self) -> String {
        "fluent-uri".into()
    }

    fn validity(&self, input: &str, what: &str) -> Option<bool> {
        Some(match what {
            "iri" => fluent_uri::Iri::parse(input).is_ok(),
            "reference" => fluent_uri::IriRef::parse(input).is_ok(),
            "uri" => fluent_uri::Uri::parse(input).is_ok(),
            "uri-reference" => fluent_uri::UriRef::parse(input).is_ok(),
            "ipv4-host" => fluent_uri::UriRef::parse(format!("//{input}").as_str())
                .ok()
                .and_then(|r| r.authority().map(|a| a.host_parsed()))
                .is_some_and(|h| matches!(h, fluent_uri::component::Host::Ipv4 { .. })),
            _ => return None,
        })
    }

    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome> {
        let (Ok(b), Ok(r)) = (
            fluent_uri::Iri::parse(base),
            fluent_uri::IriRef::parse(reference),
        ) else {
            return Some(None);
        };
        Some(r.resolve_against(&b).ok().map(|t| t.as_str().to_owned()))
    }

    fn resolve_relative_base(&self, _: &str, _: &str) -> Option<Outcome> {
        None
    }

    fn relativize(&self, _: &str, _: &str) -> Option<Outcome> {
        None
    }

    fn normalize(&self, input: &str, what: &str) -> Option<Outcome> {
        Some(if what == "uri-reference" {
            match fluent_uri::UriRef::parse(input) {
                Ok(r) => Some(r.normalize().as_str().to_owned()),
                // A non-ASCII input: normalized as an IRI, then mapped to a URI.
                Err(_) => fluent_uri::IriRef::parse(input)
                    .ok()
                    .map(|r| r.normalize().to_uri_ref().as_str().to_owned()),
            }
        } else {
            fluent_uri::IriRef::parse(input)
                .ok()
                .map(|r| r.normalize().as_str().to_owned())
        })
    }

    fn to_uri(&self, input: &str) -> Option<Outcome> {
        Some(
            fluent_uri::IriRef::parse(input)
                .ok()
                .map(|r| r.to_uri_ref().as_str().to_owned()),
        )
    }
}

/// url 2.5.8 (the WHATWG URL Standard, not RFC 3986/3987: its results are serialized the
/// WHATWG way, so an RFC suite's expected text is met only where both agree).
pub struct Url;

/// The base that reference validity is checked against with url (it parses references
/// only against a base): RFC 3986 §5.4's.
const URL_REFERENCE_BASE: &str = "http://a/b/c/d;p?q";

impl Implementation for Url {
    fn name(&self) -> String {
        "url".into()
    }

    fn validity(&self, input: &str, what: &str) -> Option<bool> {
        Some(match what {
            "iri" | "uri" => url::Url::parse(input).is_ok(),
            "reference" | "uri-reference" => {
                let base = url::Url::parse(URL_REFERENCE_BASE).expect("a valid URL");
                base.join(input).is_ok()
            }
            _ => return None,
        })
    }

    fn resolve(&self, base: &str, reference: &str) -> Option<Outcome> {
        let Ok(b) = url::Url::parse(base) else {
            return Some(None);
        };
        Some(b.join(reference).ok().map(String::from))
    }

    fn resolve_relative_base(&self, _: &str, _: &str) -> Option<Outcome> {
        None
    }

    fn relativize(&self, base: &str, target: &str) -> Option<Outcome> {
        let (Ok(b), Ok(t)) = (url::Url::parse(base), url::Url::parse(target)) else {
            return Some(None);
        };
        Some(b.make_relative(&t))
    }
}

/// Every column: ours first, then the peers.
pub fn all() -> Vec<Box<dyn Implementation>> {
    let mut v: Vec<Box<dyn Implementation>> = Vec::new();
    for o in Ours::all() {
        v.push(Box::new(o));
    }
    v.push(Box::new(Oxiri));
    v.push(Box::new(IriString));
    v.push(Box::new(FluentUri));
    v.push(Box::new(Url));
    v
}
