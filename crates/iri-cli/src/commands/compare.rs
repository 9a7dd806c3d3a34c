//! `iri compare`: the lowest rung of the comparison ladder (RFC 3987 §5.3) at which two
//! references are equivalent.

use std::io::{self, Write};

use iri::{IriRef, Level, Normalizer};

use super::Outcome;
use crate::cli::{CompareArgs, Format};
use crate::json::JsonObject;
use crate::output::tsv_row;

/// The lowest rung at which `a` and `b` are equivalent, fragments left out at every rung
/// when `ignore_fragment`.
fn lowest_level(a: &IriRef<String>, b: &IriRef<String>, ignore_fragment: bool) -> Option<Level> {
    if !ignore_fragment {
        return iri::equivalence_level(a, b);
    }
    [Level::Simple, Level::Syntax, Level::Scheme]
        .into_iter()
        .find(|&level| {
            Normalizer::new(level)
                .ignore_fragment(true)
                .equivalent(a, b)
        })
}

/// Runs `iri compare`, as described in its `--help`: the output tells the lowest rung, and
/// the exit status whether it is at `--level` or below (0) or not (1).
pub fn compare(args: CompareArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let level = lowest_level(&args.a, &args.b, args.ignore_fragment);
    let (a, b) = (args.a.as_str(), args.b.as_str());
    match args.output.format {
        Format::Text => match level {
            Some(level) => writeln!(out, "equivalent at: {level}")?,
            None => writeln!(out, "different")?,
        },
        Format::Json => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.strs("input", &[a, b])?;
            o.bool("equivalent", level.is_some())?;
            o.str("level", level.map(Level::as_str))?;
            o.end_line()?;
        }
        Format::Tsv => {
            out.write_all(b"a\tb\tequivalent\tlevel\n")?;
            let equivalent = if level.is_some() { "true" } else { "false" };
            tsv_row(
                out,
                &[Some(a), Some(b), Some(equivalent), level.map(Level::as_str)],
            )?;
        }
    }
    Ok(Outcome::from_ok(level.is_some_and(|l| l <= args.level)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowest(a: &str, b: &str, ignore_fragment: bool) -> Option<Level> {
        let a = IriRef::parse(a.to_owned()).unwrap();
        let b = IriRef::parse(b.to_owned()).unwrap();
        lowest_level(&a, &b, ignore_fragment)
    }

    #[test]
    fn ladder() {
        use Level::*;
        assert_eq!(lowest("a:b", "a:b", false), Some(Simple));
        assert_eq!(lowest("A:b", "a:b", false), Some(Syntax));
        assert_eq!(lowest("http://x", "http://x:80/", false), Some(Scheme));
        assert_eq!(lowest("http://x/", "http://x/?", false), None);
    }

    #[test]
    fn fragments_left_out_at_every_rung() {
        use Level::*;
        assert_eq!(lowest("a:b#x", "a:b", false), None);
        assert_eq!(lowest("a:b#x", "a:b", true), Some(Simple));
        assert_eq!(lowest("A:b#x", "a:b#y", true), Some(Syntax));
        assert_eq!(lowest("http://x#f", "http://x:80/", true), Some(Scheme));
        assert_eq!(lowest("http://x#f", "http://y#f", true), None);
    }
}
