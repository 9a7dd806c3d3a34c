//! `iri parse --lenient` and `--leiri`: components of each input read with the wider grammar
//! (RFC 3987 §3.1; the 2002 draft; LEIRI), with a warning for each character only that
//! grammar allows. The components are those of the strict IRI the library makes by
//! percent-encoding those characters. `iri to-uri --lenient` and `--leiri`: the URI of that
//! strict IRI (RFC 3987 §3.1), with the same warnings.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use iri::legacy::{LenientIriRef, ParseMode, Widened};
use iri::{IriRef, Kind, ParseError};

use super::variant::{parse_variant, Variant};
use super::Outcome;
use crate::batch::{each_input_streamed, Line};
use crate::cli::Format;
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::{escaped, tsv_row, warn, write_escaped};

/// A lenient grammar as a variant of `iri parse`: the components of the strict IRI, and the
/// warnings.
struct Lenient {
    kind: Kind,
    mode: ParseMode,
}

impl Variant for Lenient {
    type Parsed<'a> = LenientIriRef<'a>;
    const COLUMN: &'static str = "warnings";
    const IRI_MEMBER: bool = true;

    fn parse<'a>(&self, s: &'a str) -> Result<LenientIriRef<'a>, ParseError> {
        LenientIriRef::parse_kind(s, self.mode, self.kind)
    }

    fn strict<'p>(r: &'p LenientIriRef<'_>) -> IriRef<&'p str> {
        r.as_iri_ref()
    }

    fn write_text(r: &LenientIriRef<'_>, out: &mut impl Write) -> io::Result<()> {
        for (n, w) in r.warnings().iter().enumerate() {
            let sep = if n == 0 { " " } else { "; " };
            write!(out, "{sep}warning: {}", escaped(&w.to_string()))?;
        }
        Ok(())
    }

    fn write_json<W: Write>(
        r: &LenientIriRef<'_>,
        o: &mut JsonObject<'_, W>,
        input: &str,
    ) -> io::Result<()> {
        o.objects("warnings", r.warnings(), |o, w| write_warning(o, w, input))
    }

    fn tsv<'p>(r: &'p LenientIriRef<'_>) -> Option<Cow<'p, str>> {
        let all: Vec<String> = r.warnings().iter().map(|w| w.to_string()).collect();
        (!all.is_empty()).then(|| Cow::Owned(all.join("; ")))
    }
}

/// Runs `iri parse` in a lenient mode: one line per input, as its `--help` describes.
pub fn parse_lenient(
    kind: Kind,
    mode: ParseMode,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    parse_variant(&Lenient { kind, mode }, inputs, format, out)
}

/// Runs `iri to-uri` in a lenient mode: `map` writes the URI of the strict IRI reference
/// into an empty buffer (its error offsets are in that IRI's text, and are given back as
/// offsets in the input); one line per input, as `to-uri --help` describes.
pub fn to_uri_lenient(
    mode: ParseMode,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
    map: impl Fn(&IriRef<&str>, &mut String) -> Result<(), Failure> + Sync,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        out.write_all(b"input\toutput\terror\twarnings\n")?;
    }
    // A long line's output goes straight out rather than through the task's buffer.
    let all_ok = each_input_streamed(
        inputs,
        out,
        // Writing into memory cannot fail.
        |line, out, _| to_uri_one(mode, out, line, format, &map).unwrap_or(false),
        |out, line| to_uri_one(mode, out, line, format, &map),
    )?;
    Ok(Outcome::from_ok(all_ok))
}

/// Maps one input of `to-uri --lenient` and writes its line; whether it is valid.
fn to_uri_one(
    mode: ParseMode,
    out: &mut impl Write,
    line: Line<'_>,
    format: Format,
    map: &impl Fn(&IriRef<&str>, &mut String) -> Result<(), Failure>,
) -> io::Result<bool> {
    let (origin, bytes) = (line.origin, line.bytes);
    let mut uri = String::new();
    let parsed = match std::str::from_utf8(bytes) {
        Ok(s) => LenientIriRef::parse(s, mode).map_err(|e| Failure::parse(&e)),
        Err(e) => Err(Failure::utf8(&e, bytes, Some(origin))),
    };
    let result = parsed.and_then(|r| {
        map(&r.as_iri_ref(), &mut uri).map_err(|mut f| {
            if let Some(at) = f.offset {
                let original = original_offset(r.warnings(), at);
                // The message tells the offset too.
                f.message = f
                    .message
                    .replace(&format!("at byte {at} "), &format!("at byte {original} "));
                f.offset = Some(original);
            }
            f
        })?;
        Ok(r)
    });
    let ok = result.is_ok();
    let input = String::from_utf8_lossy(bytes);
    let result = result.as_ref().map(|r| (uri.as_str(), r.warnings()));
    write_uri_line(out, format, origin, &input, result)?;
    Ok(ok)
}

/// Writes the line of `to-uri --lenient` for one input: its URI and warnings, or its failure.
fn write_uri_line(
    out: &mut impl Write,
    format: Format,
    origin: Origin,
    input: &str,
    result: Result<(&str, &[Widened]), &Failure>,
) -> io::Result<()> {
    let warnings = result.map_or(&[][..], |(_, w)| w);
    match (format, result) {
        (Format::Text, Err(f)) => f.write_text(out, origin),
        (Format::Text, Ok((uri, _))) => {
            // The result alone on its line (`… | xargs curl`); the warnings on standard error.
            write_escaped(out, uri)?;
            for w in warnings {
                warn(format_args!("{origin}: warning: {w}"));
            }
            out.write_all(b"\n")
        }
        (Format::Json, _) => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.str("input", Some(input))?;
            match result {
                Ok((uri, _)) => o.str("output", Some(uri))?,
                Err(f) => o.object("error", |e| f.write_json_fields(e, input.as_bytes()))?,
            }
            o.objects("warnings", warnings, |o, w| write_warning(o, w, input))?;
            o.end_line()
        }
        (Format::Tsv, _) => {
            let all: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
            let joined = all.join("; ");
            let (output, error) = match result {
                Ok((uri, _)) => (Some(uri), None),
                Err(f) => (None, Some(f.message.as_str())),
            };
            let warnings = (!joined.is_empty()).then_some(joined.as_str());
            tsv_row(out, &[Some(input), output, error, warnings])
        }
    }
}

/// The offset in the original text of the byte at `at` in the strict IRI that percent-encodes
/// the `widened` characters (each of its UTF-8 octets became three bytes).
fn original_offset(widened: &[Widened], at: usize) -> usize {
    let mut grown = 0;
    for w in widened {
        let len = w.ch.len_utf8();
        // Where the encoded character starts in the strict text.
        if w.offset + grown >= at {
            break;
        }
        grown += 2 * len;
    }
    at - grown
}

/// The members of one warning in JSON; `text` is the text its offset is in.
pub(super) fn write_warning<W: Write>(
    o: &mut JsonObject<'_, W>,
    w: &Widened,
    text: &str,
) -> io::Result<()> {
    o.num("byte", Some(w.offset as u64))?;
    o.num(
        "column",
        Some(crate::failure::char_column(text.as_bytes(), w.offset) as u64),
    )?;
    o.str("char", Some(w.ch.encode_utf8(&mut [0; 4])))?;
    o.str("component", Some(w.component.as_str()))?;
    o.str("kind", Some(w.kind.as_str()))?;
    o.str("section", Some(w.kind.section()))?;
    o.str("message", Some(&w.to_string()))
}
