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
    /// No class explains it: a failure of the conformance test.
    Unexplained,
}

impl Class {
    pub fn title(self) -> &'static str {
        match self {
            Class::CopiedBasePath => "The base path is copied as written (strict)",
            Class::NotAnIri => "Input outside the IRI grammar",
            Class::OtherRelativization => "Another reference to the same target",
            Class::Uts46NotIdna2008 => "UTS #46, not IDNA2008",
            Class::RelativeBaseEquivalent => "Relative base: the same reference written otherwise",
            Class::RelativeBaseAnswered => "Relative base: a result where the origin refuses",
            Class::DoubleSlashKept => "A `/.` keeps a path that starts with `//`",
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
            Class::Unexplained => "No class explains these: each is a bug until shown otherwise.",
        }
    }
}

/// The class of our miss on `case` of `suite` (a group of `kind`), where we gave `got`.
pub fn classify(suite: &str, kind: &str, case: &Value, _got: &str) -> Class {
    let s = |k: &str| case[k].as_str();
    match kind {
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
            let same = ["http://h/p/q/r", "x:/a/b/c/d", "x:a/b/c"].iter().all(|a| {
                let a = Iri::parse(*a).expect("an absolute IRI");
                a.resolve(&ours) == a.resolve(&want)
            });
            if same {
                Class::RelativeBaseEquivalent
            } else {
                Class::Unexplained
            }
        }
        "validity" if s("as") == Some("idn-hostname") && suite == "json-schema" => {
            Class::Uts46NotIdna2008
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
            if reference.path().is_empty()
                && !reference.has_authority()
                && s("expected") == Some(rdf.as_str())
            {
                Class::CopiedBasePath
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
