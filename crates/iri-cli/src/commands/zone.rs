//! `--zone-id` of `iri parse` and `iri validate`: IPv6 zone identifiers (RFC 6874 §2,
//! `IPv6addrz = IPv6address "%25" ZoneID`) accepted as an opt-in. RFC 3987 §2.2 and RFC 3986
//! §3.2.2 have none, so without the flag `http://[fe80::1%25en1]/` is refused with the reason
//! ("zone identifiers are not allowed"); with it the input is read by
//! [`iri::legacy::ZonedIriRef`], its components are those of the reference without the zone,
//! and the zone is reported beside them.

use std::ffi::OsString;
use std::io::{self, Write};

use iri::legacy::ZonedIriRef;
use iri::{Kind, ParseError};

use super::components::{Components, TSV_HEADER};
use super::Outcome;
use crate::batch::each_input;
use crate::cli::Format;
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::{escaped, tsv_row};

/// `s` checked against `kind`, a zone identifier allowed ([`ZonedIriRef::parse_kind`]):
/// errors carry offsets in `s`.
pub(super) fn check(s: &str, kind: Kind) -> Result<ZonedIriRef<'_>, ParseError> {
    ZonedIriRef::parse_kind(s, kind)
}

/// `iri parse --zone-id`: one line per input, as `iri parse` with a `zone` field (text:
/// `zone=…` after the host; JSON: `"zone"`, `null` without one; TSV: a last `zone` column).
pub fn parse_zoned(
    kind: Kind,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        out.write_all(TSV_HEADER.trim_end().as_bytes())?;
        out.write_all(b"\tzone\n")?;
    }
    let all_ok = each_input(inputs, out, |line, out| {
        let (origin, bytes) = (line.origin, line.bytes);
        let parsed = match std::str::from_utf8(bytes) {
            Ok(s) => check(s, kind).map_err(|e| Failure::parse(&e)),
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
    parsed: &Result<ZonedIriRef<'_>, Failure>,
) -> io::Result<()> {
    let z = match parsed {
        Ok(z) => z,
        Err(f) => return f.write_text(out, origin),
    };
    Components::of(&z.as_iri_ref()).write_text(out)?;
    if let Some(zone) = z.zone_id() {
        write!(out, " zone={}", escaped(zone))?;
    }
    out.write_all(b"\n")
}

fn write_json<W: Write>(
    out: &mut W,
    input: &str,
    parsed: &Result<ZonedIriRef<'_>, Failure>,
) -> io::Result<()> {
    let mut o = JsonObject::begin(out)?;
    o.str("input", Some(input))?;
    match parsed {
        Ok(z) => {
            o.bool("valid", true)?;
            Components::of(&z.as_iri_ref()).write_json(&mut o)?;
            o.str("zone", z.zone_id())?;
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
    parsed: &Result<ZonedIriRef<'_>, Failure>,
) -> io::Result<()> {
    let mut row = [None; 13];
    row[0] = Some(input);
    let r;
    match parsed {
        Ok(z) => {
            r = z.as_iri_ref();
            row[1] = Some("true");
            row[2..11].copy_from_slice(&Components::of(&r).tsv_fields());
            row[12] = z.zone_id();
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
    fn a_zone_is_accepted_and_the_kind_still_checked() {
        let z = check("http://[fe80::1%25en1]/a", Kind::Iri).unwrap();
        assert_eq!(z.zone_id(), Some("en1"));
        assert_eq!(z.as_iri_ref().as_str(), "http://[fe80::1]/a");
        // The kind is checked: no scheme, so no IRI.
        let e = check("//[fe80::1%25en1]/a", Kind::Iri).unwrap_err();
        assert_eq!(e.kind().as_str(), "missing-scheme");
        // URI kinds: the zone is ASCII, the rest must be too.
        assert!(check("http://[fe80::1%25en1]/a", Kind::Uri).is_ok());
        let e = check("http://[fe80::1%25en1]/é", Kind::Uri).unwrap_err();
        assert_eq!(e.offset(), 23);
        // A bad zone is still an error, with its position.
        let e = check("http://[fe80::1%25]/", Kind::IriReference).unwrap_err();
        assert_eq!(e.kind().as_str(), "invalid-ip-literal");
    }
}
