//! The operations on one text, free of Python: the scalar functions and the Arrow kernels both
//! call these, so a row of an array gives exactly what the scalar call gives.

use std::borrow::Cow;

use iri::bidi::Wrap;
use iri::idn::IdnaOptions;
use iri::legacy::{
    CharRefs, Charset, DocumentCharset, LenientIriRef, ParseMode, Preprocessor, Whitespace,
};
use iri::{Form, Iri, IriRef, Kind, Level, Normalizer, ResolveOptions};

use crate::fail::Fail;

/// Reads a grammar name (`iri-reference`, `iri`, `absolute-iri`, `uri`, …).
pub fn kind(name: &str) -> Result<Kind, String> {
    Kind::from_name(name).ok_or_else(|| {
        format!(
            "unknown kind {name:?}: expected one of 'iri-reference', 'iri', 'absolute-iri', \
             'relative-iri', 'uri-reference', 'uri', 'absolute-uri', 'relative-uri'"
        )
    })
}

/// Reads a parse mode.
pub fn mode(name: &str) -> Result<ParseMode, String> {
    match name {
        "strict" => Ok(ParseMode::Strict),
        "lenient" => Ok(ParseMode::Lenient),
        "leiri" => Ok(ParseMode::Leiri),
        _ => Err(format!(
            "unknown mode {name:?}: expected 'strict', 'lenient' or 'leiri'"
        )),
    }
}

/// Reads a bidi wrap.
pub fn wrap(name: &str) -> Result<Wrap, String> {
    match name {
        "embedding" => Ok(Wrap::Embedding),
        "isolate" => Ok(Wrap::Isolate),
        _ => Err(format!(
            "unknown wrap {name:?}: expected 'embedding' or 'isolate'"
        )),
    }
}

/// Reads a legacy charset label (WHATWG labels: `shift_jis`, `latin1`, …).
pub fn charset(label: &str) -> Result<Charset, String> {
    Charset::for_label(label).map_err(|e| e.to_string())
}

/// Parses in any grammar and mode: the strict reference (in a wider mode, with the characters
/// only that mode allows percent-encoded) and the wider mode's warnings.
pub fn parse<'a>(
    s: &'a str,
    kind: Kind,
    mode: ParseMode,
) -> Result<(IriRef<Cow<'a, str>>, Vec<iri::legacy::Widened>), Fail> {
    if mode == ParseMode::Strict {
        iri::validate(s, kind).map_err(|e| Fail::parse(&e, s))?;
        let r = IriRef::parse(Cow::Borrowed(s)).map_err(|e| Fail::parse(&e, s))?;
        return Ok((r, Vec::new()));
    }
    let l = LenientIriRef::parse_kind(s, mode, kind).map_err(|e| Fail::parse(&e, s))?;
    let warnings = l.warnings().to_vec();
    Ok((l.into_iri_ref(), warnings))
}

/// Parses a reference (`IRI-reference`).
pub fn reference(s: &str) -> Result<IriRef<&str>, Fail> {
    IriRef::parse(s).map_err(|e| Fail::parse(&e, s))
}

/// Parses a base or target (`IRI`).
pub fn absolute(s: &str) -> Result<Iri<&str>, Fail> {
    Iri::parse(s).map_err(|e| Fail::parse(&e, s))
}

/// RFC 3986 §5.2: `reference` resolved against `base`, with the resolution options `opts`
/// (strict by default).
pub fn resolve(base: &str, reference_text: &str, opts: ResolveOptions) -> Result<String, Fail> {
    let b = absolute(base)?;
    let r = reference(reference_text)?;
    Ok(b.resolve_with(&r, opts).into_inner())
}

/// Reads the resolution options: a preset by name (`strict`, `rdf`, `browser`), with each
/// option given beside it added to it, as `iri resolve --preset` does.
pub fn resolve_options(
    preset: &str,
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
) -> Result<ResolveOptions, String> {
    let mut o: ResolveOptions = preset
        .parse()
        .map_err(|e: iri::UnknownPreset| e.to_string())?;
    if base_normalize {
        o = o.base_normalize(true);
    }
    if copied_path_normalize {
        o = o.copied_path_normalize(true);
    }
    if erratum_4789 {
        o = o.erratum_4789(true);
    }
    if dot_encoded {
        o = o.dot_encoded(true);
    }
    Ok(o)
}

/// The shortest reference that resolves against `base` to `target`.
pub fn relativize(base: &str, target: &str) -> Result<String, Fail> {
    let b = absolute(base)?;
    let t = absolute(target)?;
    b.relativize(&t)
        .map(IriRef::into_inner)
        .map_err(|e| Fail::plain(e.kind(), e.to_string(), target))
}

/// Options of the IRI→URI mapping.
#[derive(Clone, Copy)]
pub struct ToUri {
    pub idna: bool,
    pub charset: Option<DocumentCharset>,
    pub mode: ParseMode,
}

/// Where the host of `r` starts (for IDNA errors).
fn host_offset(r: &IriRef<&str>) -> usize {
    r.host_str()
        .map_or(0, |h| h.as_ptr() as usize - r.as_str().as_ptr() as usize)
}

/// RFC 3987 §3.1: the URI form.
pub fn to_uri(s: &str, o: &ToUri) -> Result<String, Fail> {
    let lenient;
    let r: IriRef<&str> = if o.mode == ParseMode::Strict {
        reference(s)?
    } else {
        lenient = LenientIriRef::parse(s, o.mode).map_err(|e| Fail::parse(&e, s))?;
        lenient.as_iri_ref()
    };
    let uri = if o.idna {
        r.to_uri_with(&IdnaOptions::new())
            .map_err(|e| Fail::at(e.kind(), e.to_string(), s, host_offset(&r)))?
    } else {
        r.to_uri()
    };
    match &o.charset {
        None => Ok(uri.into_inner().into_owned()),
        Some(doc) => doc.apply(&r, &uri).map(|u| u.into_inner()).map_err(|e| {
            Fail::at(
                "unmappable",
                format!("{e} (the document charset of the query, RFC 3987 §3.1)"),
                s,
                e.offset(),
            )
        }),
    }
}

/// RFC 3987 §3.2: the IRI form of a URI (or IRI) reference.
pub fn to_iri(s: &str, idna: bool) -> Result<String, Fail> {
    let r = reference(s)?;
    Ok(if idna {
        r.to_iri_with(&IdnaOptions::new()).into_inner().into_owned()
    } else {
        r.to_iri().into_inner().into_owned()
    })
}

/// Reads a comparison level.
pub fn level(name: &str) -> Result<Level, String> {
    match name {
        "simple" => Ok(Level::Simple),
        "syntax" => Ok(Level::Syntax),
        "scheme" => Ok(Level::Scheme),
        _ => Err(format!(
            "unknown level {name:?}: expected 'simple', 'syntax' or 'scheme'"
        )),
    }
}

/// A normalizer from the Python options.
pub fn normalizer(
    level: &str,
    nfc: bool,
    nfkc: bool,
    form: &str,
    idn: Option<bool>,
    ignore_fragment: bool,
) -> Result<Normalizer<'static>, String> {
    let mut n = Normalizer::new(self::level(level)?);
    n = n.form(match form {
        "iri" => Form::Iri,
        "uri" => Form::Uri,
        _ => return Err(format!("unknown form {form:?}: expected 'iri' or 'uri'")),
    });
    if nfc && nfkc {
        return Err("nfc and nfkc exclude each other".to_string());
    }
    if nfc {
        n = n.nfc();
    }
    if nfkc {
        n = n.nfkc();
    }
    if let Some(yes) = idn {
        n = n.idn(yes);
    }
    Ok(n.ignore_fragment(ignore_fragment))
}

/// RFC 3987 §5.3: the normal form.
pub fn normalize(s: &str, n: &Normalizer<'_>) -> Result<String, Fail> {
    let r = reference(s)?;
    Ok(n.normalize(&r).into_inner().into_owned())
}

/// RFC 3987 §5.3: the lowest rung of the ladder at which `a` and `b` are equivalent.
pub fn equivalence_level(a: &str, b: &str) -> Result<Option<&'static str>, Fail> {
    let ra = reference(a)?;
    let rb = reference(b)?;
    Ok(iri::equivalence_level(&ra, &rb).map(Level::as_str))
}

/// RFC 3987 §4.1: the text to display.
pub fn display(s: &str, wrap: Wrap) -> String {
    iri::bidi::display(s, wrap).into_owned()
}

/// Pre-processing options (the IRI processing draft §4).
#[derive(Clone, Copy)]
pub struct Preprocess {
    pub p: Preprocessor,
}

/// Reads the pre-processing options.
pub fn preprocessor(whitespace: &str, char_refs: bool) -> Result<Preprocess, String> {
    let ws = match whitespace {
        "remove" => Whitespace::Remove,
        "encode-spaces" | "encode" => Whitespace::EncodeSpaces,
        _ => {
            return Err(format!(
                "unknown whitespace {whitespace:?}: expected 'remove' or 'encode-spaces'"
            ))
        }
    };
    let refs = if char_refs {
        CharRefs::Decode
    } else {
        CharRefs::Keep
    };
    Ok(Preprocess {
        p: Preprocessor::new(ws).char_refs(refs),
    })
}

/// Pre-processes one reference.
pub fn preprocess(s: &str, p: &Preprocess) -> Result<String, Fail> {
    p.p.single(s)
        .map(Cow::into_owned)
        .map_err(|e| Fail::at("char-ref", e.to_string(), s, e.offset()))
}

/// Pre-processes a text of several references: each with its byte offset.
pub fn preprocess_multiple(s: &str, p: &Preprocess) -> Result<Vec<(usize, String)>, Fail> {
    p.p.multiple(s)
        .map(|v| v.into_iter().map(|(o, t)| (o, t.into_owned())).collect())
        .map_err(|e| Fail::at("char-ref", e.to_string(), s, e.offset()))
}
