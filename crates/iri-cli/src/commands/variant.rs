//! The driver of `iri parse` with a variant grammar: `--lenient` and `--leiri` (RFC 3987
//! §3.1, the 2002 draft, LEIRI) and `--zone-id` (RFC 6874 §2). Each reads the input with its
//! own parse, shows the components of the strict IRI reference it makes (RFC 3986 §3), and
//! adds one column of its own; the rest (header, UTF-8 check, failures, output formats) is
//! the same for all, and lives here.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use iri::{IriRef, ParseError};

use super::components::{Components, TSV_HEADER};
use super::Outcome;
use crate::batch::{each_input_streamed, Line};
use crate::cli::Format;
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::tsv_row;

/// A variant grammar of `iri parse`: how it reads an input, and the column it adds.
pub(super) trait Variant: Sync {
    /// What a parse gives: it borrows the input.
    type Parsed<'a>;
    /// The name of the last TSV column.
    const COLUMN: &'static str;
    /// Whether JSON names the strict reference's text in an `iri` member (before the
    /// components), since it differs from the input.
    const IRI_MEMBER: bool;

    /// Reads one input; the error's offsets are in `s`.
    fn parse<'a>(&self, s: &'a str) -> Result<Self::Parsed<'a>, ParseError>;
    /// The strict IRI reference whose components are shown.
    fn strict<'p>(parsed: &'p Self::Parsed<'_>) -> IriRef<&'p str>;
    /// Writes what the variant adds after the components on a text line (escaped).
    fn write_text(parsed: &Self::Parsed<'_>, out: &mut impl Write) -> io::Result<()>;
    /// Writes the variant's member(s) after the components in JSON; `input` is the text its
    /// offsets are in.
    fn write_json<W: Write>(
        parsed: &Self::Parsed<'_>,
        o: &mut JsonObject<'_, W>,
        input: &str,
    ) -> io::Result<()>;
    /// The variant's TSV column, empty for `None`.
    fn tsv<'p>(parsed: &'p Self::Parsed<'_>) -> Option<Cow<'p, str>>;
}

/// Runs `iri parse` with `variant`: one line per input, as `iri parse` with the variant's
/// column (text: after the components; JSON: its members; TSV: a last column).
pub(super) fn parse_variant<V: Variant>(
    variant: &V,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        // `parse`'s header, with the variant's column.
        out.write_all(TSV_HEADER.trim_end().as_bytes())?;
        out.write_all(b"\t")?;
        out.write_all(V::COLUMN.as_bytes())?;
        out.write_all(b"\n")?;
    }
    // A long line's output goes straight out rather than through the task's buffer, where
    // JSON and TSV would hold the echoed input beside the components.
    let all_ok = each_input_streamed(
        inputs,
        out,
        // Writing into memory cannot fail.
        |line, out, _| write_one(variant, out, line, format).unwrap_or(false),
        |out, line| write_one(variant, out, line, format),
    )?;
    Ok(Outcome::from_ok(all_ok))
}

/// Writes the output line of one input in `format`; whether it is valid.
fn write_one<V: Variant>(
    variant: &V,
    out: &mut impl Write,
    line: Line<'_>,
    format: Format,
) -> io::Result<bool> {
    let (origin, bytes) = (line.origin, line.bytes);
    let parsed = match std::str::from_utf8(bytes) {
        Ok(s) => variant.parse(s).map_err(|e| Failure::parse(&e)),
        Err(e) => Err(Failure::utf8(&e, bytes, Some(origin))),
    };
    let input = String::from_utf8_lossy(bytes);
    match format {
        Format::Text => write_text::<V>(out, origin, &parsed)?,
        Format::Json => write_json::<V>(out, &input, &parsed)?,
        Format::Tsv => write_tsv::<V>(out, &input, &parsed)?,
    }
    Ok(parsed.is_ok())
}

fn write_text<V: Variant>(
    out: &mut impl Write,
    origin: Origin,
    parsed: &Result<V::Parsed<'_>, Failure>,
) -> io::Result<()> {
    let p = match parsed {
        Ok(p) => p,
        Err(f) => return f.write_text(out, origin),
    };
    Components::of(&V::strict(p)).write_text(out)?;
    V::write_text(p, out)?;
    out.write_all(b"\n")
}

fn write_json<V: Variant>(
    out: &mut impl Write,
    input: &str,
    parsed: &Result<V::Parsed<'_>, Failure>,
) -> io::Result<()> {
    let mut o = JsonObject::begin(out)?;
    o.str("input", Some(input))?;
    match parsed {
        Ok(p) => {
            o.bool("valid", true)?;
            let r = V::strict(p);
            if V::IRI_MEMBER {
                o.str("iri", Some(r.as_str()))?;
            }
            Components::of(&r).write_json(&mut o)?;
            V::write_json(p, &mut o, input)?;
        }
        Err(f) => {
            o.bool("valid", false)?;
            o.object("error", |e| f.write_json_fields(e, input.as_bytes()))?;
        }
    }
    o.end_line()
}

fn write_tsv<V: Variant>(
    out: &mut impl Write,
    input: &str,
    parsed: &Result<V::Parsed<'_>, Failure>,
) -> io::Result<()> {
    let mut row: [Option<&str>; 13] = [None; 13];
    row[0] = Some(input);
    let (r, extra);
    match parsed {
        Ok(p) => {
            row[1] = Some("true");
            r = V::strict(p);
            row[2..11].copy_from_slice(&Components::of(&r).tsv_fields());
            extra = V::tsv(p);
            row[12] = extra.as_deref();
        }
        Err(f) => {
            row[1] = Some("false");
            row[11] = Some(f.message.as_str());
        }
    }
    tsv_row(out, &row)
}
