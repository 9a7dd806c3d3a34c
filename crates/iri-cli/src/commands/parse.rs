//! `iri parse`: components of each input, or why it is invalid.

use std::io::{self, Write};

use iri::legacy::ParseMode;
use iri::{IriRef, Kind};

use super::Outcome;
use crate::batch::each_input;
use crate::cli::{Format, ParseArgs};
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::tsv_row;

/// The components of a valid input, each a slice of it (or, for `--lenient` and `--leiri`,
/// of the strict IRI the library makes of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Components<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'r> Components<'r> {
    /// The components of `r`.
    pub(super) fn of(r: &'r IriRef<&str>) -> Self {
        Components {
            scheme: r.scheme(),
            authority: r.authority(),
            userinfo: r.userinfo(),
            host: r.host_str(),
            host_kind: r.host().map(|h| h.kind().as_str()),
            port: r.port(),
            path: r.path(),
            query: r.query(),
            fragment: r.fragment(),
        }
    }

    /// Writes the present components as `key=value` separated by spaces, the host's kind
    /// in parentheses after the host; no newline.
    pub(super) fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let mut sep = "";
        let mut field = |out: &mut dyn Write, key: &str, value: Option<&str>| -> io::Result<()> {
            if let Some(v) = value {
                write!(out, "{sep}{key}={v}")?;
                sep = " ";
            }
            Ok(())
        };
        field(out, "scheme", self.scheme)?;
        field(out, "authority", self.authority)?;
        field(out, "userinfo", self.userinfo)?;
        field(out, "host", self.host)?;
        if let Some(kind) = self.host_kind {
            write!(out, " ({kind})")?;
        }
        field(out, "port", self.port)?;
        field(out, "path", Some(self.path))?;
        field(out, "query", self.query)?;
        field(out, "fragment", self.fragment)
    }

    /// Writes the components as JSON members, `null` for the absent ones.
    pub(super) fn write_json<W: Write>(&self, o: &mut JsonObject<'_, W>) -> io::Result<()> {
        o.str("scheme", self.scheme)?;
        o.str("authority", self.authority)?;
        o.str("userinfo", self.userinfo)?;
        o.str("host", self.host)?;
        o.str("host_kind", self.host_kind)?;
        o.str("port", self.port)?;
        o.str("path", Some(self.path))?;
        o.str("query", self.query)?;
        o.str("fragment", self.fragment)
    }

    /// The TSV fields of the components, in [`TSV_HEADER`]'s order (its columns 3 to 11).
    pub(super) fn tsv_fields(&self) -> [Option<&'r str>; 9] {
        [
            self.scheme,
            self.authority,
            self.userinfo,
            self.host,
            self.host_kind,
            self.port,
            Some(self.path),
            self.query,
            self.fragment,
        ]
    }
}

/// Parses `s` against `kind`; the value is the `IRI-reference` reading, which exists for
/// every input that is valid under any kind.
fn parse_one(s: &str, kind: Kind) -> Result<IriRef<&str>, Failure> {
    if kind != Kind::IriReference {
        iri::validate(s, kind).map_err(|e| Failure::parse(&e))?;
    }
    IriRef::parse(s).map_err(|e| Failure::parse(&e))
}

/// The TSV header; `--lenient` and `--leiri` add a `warnings` column.
pub(super) const TSV_HEADER: &str = "input\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\terror\n";

/// Runs `iri parse`: one line per input, as described in its `--help`.
pub fn parse(args: ParseArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let format = args.output.format;
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
    let all_ok = each_input(args.inputs, out, |line, out| {
        let bytes = line.bytes;
        let parsed = match std::str::from_utf8(bytes) {
            Ok(s) => parse_one(s, kind),
            Err(e) => Err(Failure::utf8(&e, bytes, Some(line.origin))),
        };
        let ok = parsed.is_ok();
        let result = parsed.as_ref().map(Components::of);
        let input = String::from_utf8_lossy(bytes);
        // Writing into memory cannot fail.
        let _ = match format {
            Format::Text => write_text(out, line.origin, &result),
            Format::Json => write_json(out, &input, &result),
            Format::Tsv => write_tsv(out, &input, &result),
        };
        ok
    })?;
    Ok(Outcome::from_ok(all_ok))
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
    fn components_of_a_full_reference() {
        let r = parse_one("http://user@[::1]:80/p?q#f", Kind::IriReference).unwrap();
        let c = Components::of(&r);
        assert_eq!(c.scheme, Some("http"));
        assert_eq!(c.authority, Some("user@[::1]:80"));
        assert_eq!(c.userinfo, Some("user"));
        assert_eq!(c.host, Some("[::1]"));
        assert_eq!(c.host_kind, Some("ipv6"));
        assert_eq!(c.port, Some("80"));
        assert_eq!((c.path, c.query, c.fragment), ("/p", Some("q"), Some("f")));
    }

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
