//! `iri parse --lenient` and `--leiri`: components of each input read with the wider grammar
//! (RFC 3987 §3.1; the 2002 draft; LEIRI), with a warning for each character only that
//! grammar allows. The components are those of the strict IRI the library makes by
//! percent-encoding those characters.

use std::ffi::OsString;
use std::io::{self, Write};

use iri::legacy::{LenientIriRef, ParseMode, Widened};
use iri::Kind;

use super::parse::{Components, TSV_HEADER};
use super::Outcome;
use crate::batch::each_input;
use crate::cli::Format;
use crate::failure::Failure;
use crate::input::Origin;
use crate::output::{tsv_row, JsonObject};

/// Runs `iri parse` in a lenient mode: one line per input, as its `--help` describes.
pub fn parse_lenient(
    kind: Kind,
    mode: ParseMode,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        // `parse`'s header, with a `warnings` column.
        out.write_all(TSV_HEADER.trim_end().as_bytes())?;
        out.write_all(b"\twarnings\n")?;
    }
    let all_ok = each_input(inputs, out, |line, out| {
        let (origin, bytes) = (line.origin, line.bytes);
        let parsed = match std::str::from_utf8(bytes) {
            Ok(s) => LenientIriRef::parse_kind(s, mode, kind).map_err(|e| Failure::parse(&e)),
            Err(e) => Err(Failure::utf8(&e, bytes, Some(origin))),
        };
        let ok = parsed.is_ok();
        let input = String::from_utf8_lossy(bytes);
        // Writing into memory cannot fail.
        let _ = match format {
            Format::Text => write_text(out, origin, &parsed),
            Format::Json => write_json(out, &input, &parsed),
            Format::Tsv => write_tsv(out, &input, &parsed),
        };
        ok
    })?;
    Ok(Outcome::from_ok(all_ok))
}

fn write_text(
    out: &mut impl Write,
    origin: Origin,
    parsed: &Result<LenientIriRef<'_>, Failure>,
) -> io::Result<()> {
    let r = match parsed {
        Ok(r) => r,
        Err(f) => return f.write_text(out, origin),
    };
    Components::of(&r.as_iri_ref()).write_text(out)?;
    for (n, w) in r.warnings().iter().enumerate() {
        let sep = if n == 0 { " " } else { "; " };
        write!(out, "{sep}warning: {w}")?;
    }
    out.write_all(b"\n")
}

fn write_json<W: Write>(
    out: &mut W,
    input: &str,
    parsed: &Result<LenientIriRef<'_>, Failure>,
) -> io::Result<()> {
    let mut o = JsonObject::begin(out)?;
    o.str("input", Some(input))?;
    match parsed {
        Ok(r) => {
            o.bool("valid", true)?;
            let i = r.as_iri_ref();
            o.str("iri", Some(i.as_str()))?;
            Components::of(&i).write_json(&mut o)?;
            o.objects("warnings", r.warnings(), |o, w: &Widened| {
                o.num("offset", Some(w.offset as u64))?;
                o.str("char", Some(w.ch.encode_utf8(&mut [0; 4])))?;
                o.str("component", Some(w.component.as_str()))?;
                o.str("kind", Some(w.kind.as_str()))?;
                o.str("section", Some(w.kind.section()))?;
                o.str("message", Some(&w.to_string()))
            })?;
        }
        Err(f) => {
            o.bool("valid", false)?;
            o.object("error", |e| f.write_json_fields(e))?;
        }
    }
    o.end_line()
}

fn write_tsv(
    out: &mut impl Write,
    input: &str,
    parsed: &Result<LenientIriRef<'_>, Failure>,
) -> io::Result<()> {
    let mut row: [Option<&str>; 13] = [None; 13];
    row[0] = Some(input);
    let (strict, warnings);
    match parsed {
        Ok(r) => {
            row[1] = Some("true");
            strict = r.as_iri_ref();
            row[2..11].copy_from_slice(&Components::of(&strict).tsv_fields());
            let all: Vec<String> = r.warnings().iter().map(|w| w.to_string()).collect();
            warnings = all.join("; ");
            row[12] = (!warnings.is_empty()).then_some(warnings.as_str());
        }
        Err(f) => {
            row[1] = Some("false");
            row[11] = Some(f.message.as_str());
        }
    }
    tsv_row(out, &row)
}
