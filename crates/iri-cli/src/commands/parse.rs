//! `iri parse`: components of each input, or why it is invalid.

use std::io::{self, Write};

use iri::legacy::ParseMode;
use iri::{IriRef, Kind};

use super::components::{Components, TSV_HEADER};
use super::Outcome;
use crate::batch::{each_input_streamed, Line};
use crate::cli::{Format, ParseArgs};
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::tsv_row;

/// Parses `s` against `kind`; the value is the `IRI-reference` reading, which exists for
/// every input that is valid under any kind.
fn parse_one(s: &str, kind: Kind) -> Result<IriRef<&str>, Failure> {
    if kind != Kind::IriReference {
        iri::validate(s, kind).map_err(|e| Failure::parse(&e))?;
    }
    IriRef::parse(s).map_err(|e| Failure::parse(&e))
}

/// Runs `iri parse`: one line per input, as described in its `--help`.
pub fn parse(args: ParseArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let format = args.output.format;
    if args.zone_id {
        return super::zone::parse_zoned(args.kind, args.inputs, format, out);
    }
    if args.lenient || args.leiri {
        let mode = if args.leiri {
            ParseMode::Leiri
        } else {
            ParseMode::Lenient
        };
        return super::lenient::parse_lenient(args.kind, mode, args.inputs, format, out);
    }
    if format == Format::Tsv {
        out.write_all(TSV_HEADER.as_bytes())?;
    }
    let kind = args.kind;
    // A long line's output goes straight out rather than through the task's buffer, where
    // JSON and TSV would hold the echoed input and the path (nearly the line again) at once.
    let all_ok = each_input_streamed(
        args.inputs,
        out,
        // Writing into memory cannot fail.
        |line, out, _| write_one(out, line, kind, format).unwrap_or(false),
        |out, line| write_one(out, line, kind, format),
    )?;
    Ok(Outcome::from_ok(all_ok))
}

/// Writes the output line of one input in `format`; whether it is valid.
fn write_one(out: &mut impl Write, line: Line<'_>, kind: Kind, format: Format) -> io::Result<bool> {
    let bytes = line.bytes;
    let parsed = match std::str::from_utf8(bytes) {
        Ok(s) => parse_one(s, kind),
        Err(e) => Err(Failure::utf8(&e, bytes, Some(line.origin))),
    };
    let result = parsed.as_ref().map(Components::of);
    let input = String::from_utf8_lossy(bytes);
    match format {
        Format::Text => write_text(out, line.origin, &result)?,
        Format::Json => write_json(out, &input, &result)?,
        Format::Tsv => write_tsv(out, &input, &result)?,
    }
    Ok(parsed.is_ok())
}

fn write_text(
    out: &mut impl Write,
    origin: Origin,
    result: &Result<Components<'_>, &Failure>,
) -> io::Result<()> {
    match result {
        Ok(c) => {
            c.write_text(out)?;
            out.write_all(b"\n")
        }
        Err(f) => f.write_text(out, origin),
    }
}

fn write_json<W: Write>(
    out: &mut W,
    input: &str,
    result: &Result<Components<'_>, &Failure>,
) -> io::Result<()> {
    let mut o = JsonObject::begin(out)?;
    o.str("input", Some(input))?;
    match result {
        Ok(c) => {
            o.bool("valid", true)?;
            c.write_json(&mut o)?;
        }
        Err(f) => {
            o.bool("valid", false)?;
            o.object("error", |e| f.write_json_fields(e, input.as_bytes()))?;
        }
    }
    o.end_line()
}

fn write_tsv(
    out: &mut impl Write,
    input: &str,
    result: &Result<Components<'_>, &Failure>,
) -> io::Result<()> {
    let mut row = [None; 12];
    row[0] = Some(input);
    match result {
        Ok(c) => {
            row[1] = Some("true");
            row[2..11].copy_from_slice(&c.tsv_fields());
        }
        Err(f) => {
            row[1] = Some("false");
            row[11] = Some(f.message.as_str());
        }
    }
    tsv_row(out, &row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_is_checked() {
        assert_eq!(
            parse_one("a", Kind::Iri).unwrap_err().kind,
            "missing-scheme"
        );
        assert_eq!(
            parse_one("http://é", Kind::Uri).unwrap_err().kind,
            "non-ascii"
        );
        assert!(parse_one("", Kind::RelativeIri).is_ok());
    }

    #[test]
    fn text_layout() {
        let mut v = Vec::new();
        for (i, s) in ["http://h/", ""].into_iter().enumerate() {
            let r = parse_one(s, Kind::IriReference).unwrap();
            write_text(&mut v, Origin::Argument(i + 1), &Ok(Components::of(&r))).unwrap();
        }
        assert_eq!(
            String::from_utf8(v).unwrap(),
            "scheme=http authority=h host=h (reg-name) path=/\npath=\n"
        );
    }
}
