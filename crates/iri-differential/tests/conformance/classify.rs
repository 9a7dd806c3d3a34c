//! The class of each miss of ours: a documented choice (with the RFC text that decides it)
//! or a bug. Decided by code from the case and what we gave, never by a list of inputs.

use iri::{Iri, IriRef, ResolveOptions};
use serde_json::Value;

/// A class of miss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// The base path is copied as written for a reference without path.
    CopiedBasePath,
    /// The case's base or reference is no IRI.
    NotAnIri,
    /// Another reference to the same target.
    OtherRelativization,
    /// UTS #46 is not IDNA2008.
    Uts46NotIdna2008,
    /// Against a relative base: another reference with the same meaning.
    RelativeBaseEquivalent,
    /// Against a relative base: ours answers where the origin refuses.
    RelativeBaseAnswered,
    /// A path starting with `//` without authority keeps a `/.` before it.
    DoubleSlashKept,
    /// UTS #46 run with other flags than the test file's (all on).
    Uts46Flags,
    /// The Unicode version of the IDNA mapping data.
    Uts46Version,
    /// Normalization: a step that ours takes at the scheme-based level.
    SchemeBasedStep,
    /// Normalization: §5.2.4 applied to a rootless path too.
    RootlessDotSegments,
    /// Normalization: an IPv6 literal's text is kept (no RFC 5952 form).
    Ipv6TextKept,
    /// Normalization: octets of a private-use character allowed in the query are decoded.
    PrivateUseDecoded,
    /// Strict merges with the base path as written; the browser preset gives the result.
    BaseDotSegmentsMerged,
    /// A base with a fragment: the fragment is ignored, not refused.
    BaseFragmentIgnored,
    /// A base with a rootless path: §5.2.2 still defines the result.
    OpaqueBaseResolved,
    /// Against a relative base: the origin's result breaks the law, ours keeps it.
    RelativeBaseLaw,
    /// An IPv6 zone identifier (RFC 6874) is refused.
    ZoneIdRefused,
    /// A `%2E` segment is text in §5.2.4 as written.
    EncodedDotSegment,
    /// A WHATWG URL Standard rule outside RFC 3986.
    WhatwgOnly,
    /// Normalization: percent-encoded bidi formatting characters stay encoded.
    BidiFormattingKept,
    /// No class explains it: a failure of the conformance test.
    Unexplained,
}

impl Class {
    /// Whether the class puts a case outside what the RFCs decide (so outside what a preset
    /// can be asked to reproduce): the input is no IRI, or the rule is the WHATWG Standard's.
    pub fn out_of_scope(self) -> bool {
        matches!(self, Class::NotAnIri | Class::WhatwgOnly)
    }

    pub fn title(self) -> &'static str {
        match self {
            Class::CopiedBasePath => "The base path is copied as written (strict)",
            Class::NotAnIri => "Input outside the IRI grammar",
            Class::OtherRelativization => "Another reference to the same target",
            Class::Uts46NotIdna2008 => "UTS #46, not IDNA2008",
            Class::RelativeBaseEquivalent => "Relative base: the same reference written otherwise",
            Class::RelativeBaseAnswered => "Relative base: a result where the origin refuses",
            Class::DoubleSlashKept => "A `/.` keeps a path that starts with `//`",
            Class::Uts46Flags => "UTS #46 with the flags of RFC 3987 host names",
            Class::Uts46Version => "UTS #46 data of another Unicode version",
            Class::SchemeBasedStep => "Normalization: a scheme-based step, not a syntax one",
            Class::RootlessDotSegments => "Normalization: dot segments of a rootless path removed",
            Class::Ipv6TextKept => "Normalization: IPv6 literals keep their text",
            Class::PrivateUseDecoded => {
                "Normalization: private-use characters decoded in the query"
            }
            Class::BaseDotSegmentsMerged => {
                "Dot segments of the base path merged as written (strict)"
            }
            Class::BaseFragmentIgnored => "A base's fragment is ignored, not refused",
            Class::OpaqueBaseResolved => "A base with a rootless path resolves",
            Class::RelativeBaseLaw => "Relative base: `..` kept where the origin drops it",
            Class::ZoneIdRefused => "IPv6 zone identifiers (RFC 6874) refused",
            Class::EncodedDotSegment => "A `%2E` segment is no dot segment (strict)",
            Class::WhatwgOnly => "WHATWG URL Standard rules outside RFC 3986",
            Class::BidiFormattingKept => {
                "Normalization: bidi formatting characters stay percent-encoded"
            }
            Class::Unexplained => "Unexplained",
        }
    }

    pub fn why(self) -> &'static str {
        match self {
            Class::CopiedBasePath => {
                "Choice. RFC 3986 §5.2.2 sets `T.path = Base.path` for a reference without path \
                 (empty, `?y`, `#s`), with no `remove_dot_segments`; normalizing the base is \
                 optional (§5.2.1). The `rdf` preset (copied-path normalization) gives the \
                 expected result for each of these, as the matrix shows."
            }
            Class::NotAnIri => {
                "Choice. The base or the reference does not match RFC 3987 §2.2 (space, \
                 control, `<`, `\"`, `\\`): ours refuses to resolve it (a parse error with its \
                 position); the origin runs these cases without validation."
            }
            Class::OtherRelativization => {
                "Choice. Ours returns the shortest reference that resolves to the target \
                 against the base (checked here by resolving it, RFC 3986 §5.2); the origin \
                 expects another one that resolves to the same target."
            }
            Class::Uts46NotIdna2008 => {
                "Choice. Ours checks host names with UTS #46 ToASCII (the `idna` crate, as \
                 browsers do; `iri::idn`), not with IDNA2008's registration rules (RFC 5891 \
                 §5.4, the CONTEXTO rules of RFC 5892 Appendix A, a trailing dot)."
            }
            Class::RelativeBaseEquivalent => {
                "Choice. Resolution against a relative base is an extension (RFC 3986 §5.1 \
                 wants an absolute base); ours removes dot segments as §5.2.4 does, so \
                 `./foo/baz` comes out `foo/baz`: against every absolute base tried here both \
                 resolve to the same IRI."
            }
            Class::RelativeBaseAnswered => {
                "Choice. The origin refuses these; ours gives the reference that keeps the law of \
                 `IriRef::resolve_relative_with` (resolving it against an absolute base gives \
                 what resolving the base and then the reference gives), leading `..` kept."
            }
            Class::DoubleSlashKept => {
                "Choice. RFC 3986 §3.3: a path without authority cannot start with `//`; ours \
                 writes `/.//` (the same path after §5.2.4), as `docs/differences.md` \
                 (double-slash-path-refused) says; the origin refuses."
            }
            Class::Uts46Flags => {
                "Choice. IdnaTestV2.txt expects every flag of UTS #46 §4 on; `iri::idn::to_ascii` \
                 runs with UseSTD3ASCIIRules, hyphens checked first and last only, and a final \
                 root dot allowed (RFC 3987 §3.1 host names), `to_unicode` with no STD3, \
                 hyphen or length check. Checked by code: the `idna` crate with every flag on \
                 gives the expected result for each of these, or the only status is X4_2 in \
                 ToUnicode (an empty label, which the file lets an implementation without \
                 VerifyDnsLength ignore)."
            }
            Class::Uts46Version => {
                "Not ours to fix here: the test file is Unicode 16.0.0; the `idna` crate's data \
                 (through `idna_adapter`) gives these code points another status (V7: a \
                 disallowed code point)."
            }
            Class::SchemeBasedStep => {
                "Choice. RFC 3986 §6.2.3: an empty port's `:` goes by the scheme's rules \
                 (scheme-based normalization); ours does it at that level \
                 (`Normalizer::scheme()` gives the expected result, checked here), not in \
                 syntax-based normalization (§6.2.2)."
            }
            Class::RootlessDotSegments => {
                "Choice. RFC 3986 §6.2.2.3 normalizes the path with `remove_dot_segments` \
                 (§5.2.4), which turns `bar/../baz` into `/baz` (as §5.2 resolution does for a \
                 rootless base); the origin leaves rootless paths alone."
            }
            Class::Ipv6TextKept => {
                "Choice. RFC 3986 §6.2.2 normalizes case, percent-encoding and dot segments; the \
                 canonical text of an IPv6 address (RFC 5952: zeros compressed, IPv4 tail \
                 rewritten) is no step of it, so ours keeps the address as written (lower-cased)."
            }
            Class::PrivateUseDecoded => {
                "Choice. RFC 3987 §5.3.2.3: percent-encoded octets of characters allowed in the \
                 component are decoded; `iprivate` is allowed in the query (RFC 3987 §2.2), so \
                 `?%EE%80%80` becomes `?\\u{E000}`; the origin keeps private-use characters encoded."
            }
            Class::BaseDotSegmentsMerged => {
                "Choice. RFC 3986 §5.2.3 merges with the base path as written, dropping its last \
                 segment even when that is `..` or `%2E.`; base normalization (§5.2.1), \
                 erratum 4789 and encoded dots (§6.2.2.2) are options, and the `browser` \
                 preset, which has all three, gives the expected result for each."
            }
            Class::BaseFragmentIgnored => {
                "Choice. RFC 3986 §5.1: a base taken from a reference is \"stripped of any \
                 fragment component prior to its use\", and §5.2.2 never reads Base.fragment: \
                 ours ignores it where the origin refuses the base."
            }
            Class::OpaqueBaseResolved => {
                "Choice. RFC 3986 §5.2.2 gives a result for every absolute base; with a rootless \
                 base path (`foo:bar`) `merge` (§5.2.3) takes its directory, empty here: \
                 `foo:baz`. The origin refuses references against such a base."
            }
            Class::RelativeBaseLaw => {
                "Choice. Resolving against a relative base is an extension; ours keeps its law \
                 (against every absolute base A tried here, A + result = (A + base) + \
                 reference), where the origin's result lands elsewhere: it drops the `..` that \
                 climb above the relative base, and gives `` (the base document itself) for \
                 its directory."
            }
            Class::ZoneIdRefused => {
                "Choice. RFC 3987 §2.2 and RFC 3986 §3.2.2 have no zone identifier in \
                 `IP-literal`; RFC 6874 adds `%25` and a zone for link-local addresses, meant \
                 for user interfaces and not for IRIs in documents. Ours refuses it with the \
                 reason (InvalidIpLiteral: \"zone identifiers are not allowed\"); the opt-in \
                 `iri::legacy::ZonedIriRef` accepts each of these (checked here) and keeps the \
                 zone beside the reference."
            }
            Class::EncodedDotSegment => {
                "Choice. RFC 3986 §5.2.4 removes the segments `.` and `..` as written; that \
                 `%2E` is `.` comes from normalization (§2.3, §6.2.2.2), which strict \
                 resolution does not apply (`docs/differences.md`, percent-encoded-dot-segment). \
                 The `browser` preset (encoded dots) gives the expected path for each."
            }
            Class::WhatwgOnly => {
                "Choice. The WHATWG URL Standard (which the `url` crate follows) reads these \
                 differently from RFC 3986: an empty path of a special scheme is `/`, `C|` and \
                 `C:` are Windows drive letters in `file:` URLs, a path without authority may \
                 start with `//`, and a first segment with `:` or a space, `[`, `]`, `|` is \
                 taken as text where RFC 3986 §4.2 and RFC 3987 §2.2 refuse it."
            }
            Class::BidiFormattingKept => {
                "Choice. RFC 3987 §4.1: \"IRIs MUST NOT contain bidirectional formatting \
                 characters\"; so ours never decodes their octets (§3.2 converts only octets \
                 of characters an IRI may hold, and §5.3.2.3 likewise), and `%e2%80%ae` \
                 comes out `%E2%80%AE` (§6.2.2.1). The origin decodes it to U+202E."
            }
            Class::Unexplained => "No class explains these: each is a bug until shown otherwise.",
        }
    }
}

/// The class of our miss on `case` of `suite` (a group of `kind`), where we gave `got`.
pub fn classify(suite: &str, kind: &str, case: &Value, _got: &str) -> Class {
    let s = |k: &str| case[k].as_str();
    match kind {
        "idna-to-ascii" | "idna-to-unicode" => {
            let input = s("input").unwrap_or("");
            let want = s("expected");
            use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
            let all_on: Option<String> = if kind == "idna-to-ascii" {
                Uts46::new()
                    .to_ascii(
                        input.as_bytes(),
                        AsciiDenyList::STD3,
                        Hyphens::Check,
                        DnsLength::Verify,
                    )
                    .ok()
                    .map(|c| c.into_owned())
            } else {
                let (out, r) =
                    Uts46::new().to_unicode(input.as_bytes(), AsciiDenyList::STD3, Hyphens::Check);
                r.ok().map(|()| out.into_owned())
            };
            // X4_2 (an empty label) in ToUnicode is VerifyDnsLength's, which the file's
            // header lets an implementation without that flag ignore.
            let only_empty_label = kind == "idna-to-unicode" && s("status") == Some("[X4_2]");
            if all_on.as_deref() == want || only_empty_label {
                Class::Uts46Flags
            } else if s("status").is_some_and(|st| st.contains("V7")) {
                Class::Uts46Version
            } else {
                Class::Unexplained
            }
        }
        "normalize" => normalized(
            s("input").unwrap_or(""),
            s("as").unwrap_or(""),
            s("expected").unwrap_or(""),
        ),
        "resolve-normalize" => {
            let (Some(b), Some(r)) = (s("base"), s("reference")) else {
                return Class::Unexplained;
            };
            let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
                return Class::Unexplained;
            };
            let t = base.resolve(&reference);
            normalized(t.as_str(), "reference", s("expected").unwrap_or(""))
        }
        "resolve-path" => {
            let (b, r) = (s("base").unwrap_or(""), s("reference").unwrap_or(""));
            if let (Ok(b), Ok(r)) = (Iri::parse(b), IriRef::parse(r)) {
                let t = b.resolve_with(&r, ResolveOptions::browser());
                let encoded = r.as_str().to_ascii_lowercase().contains("%2e");
                if encoded && Some(t.path()) == s("pathname") {
                    return Class::EncodedDotSegment;
                }
            }
            whatwg_only(case)
        }
        "resolve-relative-base" => {
            let (Some(b), Some(r)) = (s("base"), s("reference")) else {
                return Class::Unexplained;
            };
            let (Ok(base), Ok(reference)) = (IriRef::parse(b), IriRef::parse(r)) else {
                return Class::Unexplained;
            };
            let ours = base.resolve_relative_with(&reference, ResolveOptions::strict());
            if ours.as_str().contains("/.//") && s("expected").is_none() {
                return Class::DoubleSlashKept;
            }
            let Some(want) = s("expected") else {
                return Class::RelativeBaseAnswered;
            };
            let Ok(want) = IriRef::parse(want) else {
                return Class::Unexplained;
            };
            let abs = ["http://h/p/q/r", "x:/a/b/c/d", "x:a/b/c"];
            let abs = abs.iter().map(|a| Iri::parse(*a).expect("an absolute IRI"));
            let (mut same, mut law, mut origin_law) = (true, true, true);
            for a in abs {
                let chained = a.resolve(&base).resolve(&reference);
                same &= a.resolve(&ours) == a.resolve(&want);
                law &= a.resolve(&ours) == chained;
                origin_law &= a.resolve(&want) == chained;
            }
            if same {
                Class::RelativeBaseEquivalent
            } else if law && !origin_law {
                Class::RelativeBaseLaw
            } else {
                Class::Unexplained
            }
        }
        "validity" if s("as") == Some("idn-hostname") && suite == "json-schema" => {
            Class::Uts46NotIdna2008
        }
        "validity"
            if s("as") == Some("ip-literal")
                && case["valid"].as_bool() == Some(true)
                && s("input").is_some_and(|i| {
                    iri::legacy::ZonedIriRef::parse(&format!("http://{i}/"))
                        .is_ok_and(|z| z.zone_id().is_some())
                }) =>
        {
            Class::ZoneIdRefused
        }
        "resolve" => {
            let (Some(b), Some(r)) = (s("base"), s("reference")) else {
                return Class::Unexplained;
            };
            let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
                return if s("expected").is_some() {
                    Class::NotAnIri
                } else {
                    Class::Unexplained
                };
            };
            let rdf = base.resolve_with(&reference, ResolveOptions::rdf());
            let browser = base.resolve_with(&reference, ResolveOptions::browser());
            if reference.path().is_empty()
                && !reference.has_authority()
                && s("expected") == Some(rdf.as_str())
            {
                Class::CopiedBasePath
            } else if s("expected") == Some(browser.as_str())
                && reference.as_str().to_ascii_lowercase().contains("%2e")
            {
                Class::EncodedDotSegment
            } else if s("expected") == Some(browser.as_str()) {
                Class::BaseDotSegmentsMerged
            } else if s("expected").is_none() && base.fragment().is_some() {
                Class::BaseFragmentIgnored
            } else if s("expected").is_none()
                && !base.has_authority()
                && !base.path().starts_with('/')
            {
                Class::OpaqueBaseResolved
            } else {
                Class::Unexplained
            }
        }
        "relativize" => {
            let (Some(b), Some(t)) = (s("base"), s("target")) else {
                return Class::Unexplained;
            };
            let (Ok(base), Ok(target)) = (Iri::parse(b), Iri::parse(t)) else {
                return Class::Unexplained;
            };
            match base.relativize(&target) {
                Ok(r) if s("expected").is_some() && base.resolve(&r) == target => {
                    Class::OtherRelativization
                }
                _ => Class::Unexplained,
            }
        }
        _ => Class::Unexplained,
    }
}

/// Whether a wpt case's path differs from RFC 3986's by a rule of the WHATWG URL Standard
/// that RFC 3986 does not have (the class's text lists them), decided from the case.
fn whatwg_only(case: &Value) -> Class {
    let s = |k: &str| case[k].as_str().unwrap_or("");
    let (base, reference, want) = (s("base"), s("reference"), s("pathname"));
    let special = ["http:", "https:", "ws:", "wss:", "ftp:", "file:"]
        .iter()
        .any(|p| base.starts_with(p));
    let Ok(b) = Iri::parse(base) else {
        return Class::WhatwgOnly; // a base that is no IRI (`##` in the fragment)
    };
    let Ok(r) = IriRef::parse(reference) else {
        // RFC 3986 §4.2 / RFC 3987 §2.2 refuse the reference; WHATWG takes it as text.
        return Class::WhatwgOnly;
    };
    let got = b.resolve(&r);
    let path = got.path();
    if special && path.is_empty() && want == "/" {
        return Class::WhatwgOnly; // an empty special path is "/"
    }
    if base.starts_with("file:") && (want.contains(':') || want.contains('|')) {
        return Class::WhatwgOnly; // Windows drive letters
    }
    if want.starts_with("//") && path.starts_with("/.//") {
        return Class::WhatwgOnly; // a path without authority may start with "//"
    }
    if want.starts_with("//") && !got.has_authority() {
        return Class::WhatwgOnly;
    }
    Class::Unexplained
}

/// The class of our miss on the syntax-based normalization of `input` (as `what`), where the
/// origin expects `want`.
fn normalized(input: &str, what: &str, want: &str) -> Class {
    let Ok(r) = IriRef::parse(input) else {
        return Class::Unexplained;
    };
    let form = if what == "uri-reference" {
        iri::Form::Uri
    } else {
        iri::Form::Iri
    };
    let ours = iri::Normalizer::syntax().form(form).normalize(&r);
    let outside = |t: &str| {
        let (a, b) = (t.find('['), t.find(']'));
        match (a, b) {
            (Some(a), Some(b)) => format!("{}{}", &t[..a], &t[b..]),
            _ => t.to_owned(),
        }
    };
    if iri::Normalizer::scheme().form(form).normalize(&r).as_str() == want {
        Class::SchemeBasedStep
    } else if r.scheme().is_some()
        && !r.has_authority()
        && !r.path().starts_with('/')
        && iri::remove_dot_segments(r.path()) != r.path()
    {
        Class::RootlessDotSegments
    } else if input.contains('[') && outside(ours.as_str()) == outside(want) {
        Class::Ipv6TextKept
    } else if ours
        .as_str()
        .chars()
        .any(|c| ('\u{E000}'..='\u{F8FF}').contains(&c))
        && ours.query().is_some()
    {
        Class::PrivateUseDecoded
    } else if want.chars().any(is_bidi_formatting) && ours.as_str() == encode_bidi(want) {
        Class::BidiFormattingKept
    } else {
        Class::Unexplained
    }
}

/// The bidirectional formatting characters (RFC 3987 §4.1 names LRM, RLM, LRE, RLE, LRO, RLO
/// and PDF; the isolates and ALM are their later kin).
fn is_bidi_formatting(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with each bidirectional formatting character percent-encoded (upper-case hex).
fn encode_bidi(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if is_bidi_formatting(c) {
            let mut b = [0; 4];
            for o in c.encode_utf8(&mut b).bytes() {
                out.push_str(&format!("%{o:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}
