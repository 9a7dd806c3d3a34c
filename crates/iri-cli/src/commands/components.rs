//! The components of a valid input as `iri parse` writes them, in its three formats: shared
//! by the strict parse and the lenient one (`--lenient`, `--leiri`). The components are those
//! of RFC 3986 §3 (scheme, authority with userinfo, host and port, path, query, fragment) as
//! RFC 3987 §2.2 widens them, and the host kinds of RFC 3986 §3.2.2.

use std::io::{self, Write};

use iri::IriRef;

use crate::json::JsonObject;
use crate::output::escaped;

/// The TSV header; `--lenient` and `--leiri` add a `warnings` column.
pub(super) const TSV_HEADER: &str = "input\tvalid\tscheme\tauthority\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\terror\n";

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
                write!(out, "{sep}{key}={}", escaped(v))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_full_reference() {
        let r = IriRef::parse("http://user@[::1]:80/p?q#f").unwrap();
        let c = Components::of(&r);
        assert_eq!(c.scheme, Some("http"));
        assert_eq!(c.authority, Some("user@[::1]:80"));
        assert_eq!(c.userinfo, Some("user"));
        assert_eq!(c.host, Some("[::1]"));
        assert_eq!(c.host_kind, Some("ipv6"));
        assert_eq!(c.port, Some("80"));
        assert_eq!((c.path, c.query, c.fragment), ("/p", Some("q"), Some("f")));
    }
}
