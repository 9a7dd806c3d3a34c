//! `iri parse --lenient` and `--leiri`: components of each input read with the wider grammar
//! (RFC 3987 §3.1; the 2002 draft; LEIRI), with a warning for each character only that
//! grammar allows. The components are those of the strict IRI the library makes by
//! percent-encoding those characters.

use std::ffi::OsString;
use std::io::{self, Write};

use iri::legacy::{LenientIriRef, ParseMode, Widened};
use iri::{IriRef, Kind};

use super::Outcome;
use crate::batch::each_input;
use crate::cli::Format;
use crate::failure::Failure;
use crate::input::Origin;
use crate::output::{tsv_row, JsonObject};

const TSV_HEADER: &str = "input\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\terror\twarnings\n";

/// Runs `iri parse` in a lenient mode: one line per input, as its `--help` describes.
pub fn parse_lenient(
    kind: Kind,
    mode: ParseMode,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        out.write_all(TSV_HEADER.as_bytes())?;
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

/// The components of the strict form, in `parse`'s order: (name, value).
fn components<'a>(i: &'a IriRef<&str>) -> [(&'static str, Option<&'a str>); 9] {
    [
        ("scheme", i.scheme()),
        ("authority", i.authority()),
        ("userinfo", i.userinfo()),
        ("host", i.host_str()),
        ("host_kind", i.host().map(|h| h.kind().as_str())),
        ("port", i.port()),
        ("path", Some(i.path())),
        ("query", i.query()),
        ("fragment", i.fragment()),
    ]
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
    let mut sep = "";
    for (key, value) in components(&r.as_iri_ref()) {
        match (key, value) {
            (_, None) => {}
            ("host_kind", Some(k)) => write!(out, " ({k})")?,
            (key, Some(v)) => {
                write!(out, "{sep}{key}={v}")?;
                sep = " ";
            }
        }
    }
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
            o.str("iri", Some(r.as_iri_ref().as_str()))?;
            for (key, value) in components(&r.as_iri_ref()) {
                o.str(key, value)?;
            }
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
    match parsed {
        Ok(r) => {
            row[1] = Some("true");
            let i = r.as_iri_ref();
            for (k, (_, value)) in components(&i).into_iter().enumerate() {
                row[2 + k] = value;
            }
            let warnings: Vec<String> = r.warnings().iter().map(|w| w.to_string()).collect();
            let warnings = warnings.join("; ");
            row[12] = (!warnings.is_empty()).then_some(warnings.as_str());
            tsv_row(out, &row)
        }
        Err(f) => {
            row[1] = Some("false");
            row[11] = Some(f.message.as_str());
            tsv_row(out, &row)
        }
    }
}
