//! `--zone-id` of `iri parse` and `iri validate`: IPv6 zone identifiers (RFC 6874 §2,
//! `IPv6addrz = IPv6address "%25" ZoneID`) accepted as an opt-in. RFC 3987 §2.2 and RFC 3986
//! §3.2.2 have none, so without the flag `http://[fe80::1%25en1]/` is refused with the reason
//! ("zone identifiers are not allowed"); with it the input is read by
//! [`iri::legacy::ZonedIriRef`], its components are those of the reference without the zone,
//! and the zone is reported beside them.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use iri::legacy::ZonedIriRef;
use iri::{IriRef, Kind, ParseError};

use super::variant::{parse_variant, Variant};
use super::Outcome;
use crate::cli::Format;
use crate::json::JsonObject;
use crate::output::escaped;

/// `s` checked against `kind`, a zone identifier allowed ([`ZonedIriRef::parse_kind`]):
/// errors carry offsets in `s`.
pub(super) fn check(s: &str, kind: Kind) -> Result<ZonedIriRef<'_>, ParseError> {
    ZonedIriRef::parse_kind(s, kind)
}

/// `--zone-id` as a variant of `iri parse`: the components of the reference without the
/// zone, and the zone.
struct Zoned {
    kind: Kind,
}

impl Variant for Zoned {
    type Parsed<'a> = ZonedIriRef<'a>;
    const COLUMN: &'static str = "zone";
    const IRI_MEMBER: bool = false;

    fn parse<'a>(&self, s: &'a str) -> Result<ZonedIriRef<'a>, ParseError> {
        check(s, self.kind)
    }

    fn strict<'p>(z: &'p ZonedIriRef<'_>) -> IriRef<&'p str> {
        z.as_iri_ref()
    }

    fn write_text(z: &ZonedIriRef<'_>, out: &mut impl Write) -> io::Result<()> {
        match z.zone_id() {
            Some(zone) => write!(out, " zone={}", escaped(zone)),
            None => Ok(()),
        }
    }

    fn write_json<W: Write>(
        z: &ZonedIriRef<'_>,
        o: &mut JsonObject<'_, W>,
        _: &str,
    ) -> io::Result<()> {
        o.str("zone", z.zone_id())
    }

    fn tsv<'p>(z: &'p ZonedIriRef<'_>) -> Option<Cow<'p, str>> {
        z.zone_id().map(Cow::Borrowed)
    }
}

/// `iri parse --zone-id`: one line per input, as `iri parse` with a `zone` field (text:
/// `zone=…` after the host; JSON: `"zone"`, `null` without one; TSV: a last `zone` column).
pub fn parse_zoned(
    kind: Kind,
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
) -> io::Result<Outcome> {
    parse_variant(&Zoned { kind }, inputs, format, out)
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
