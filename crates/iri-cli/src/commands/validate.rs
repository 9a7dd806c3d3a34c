//! `iri validate`: check files line by line, report the invalid lines and a summary.

use std::io::{self, Write};

use iri::Kind;

use super::Outcome;
use crate::batch::{Batch, Line};
use crate::cli::{Format, ValidateArgs};
use crate::failure::Failure;
use crate::input::{with_context, Counts, LineRead, Source, SourceError as CheckError};
use crate::json::JsonObject;
use crate::output::{count, escaped, tsv_row};

/// How to report: the grammar and the format.
struct Reporter {
    kind: Kind,
    format: Format,
    /// `--zone-id`: RFC 6874 zone identifiers accepted.
    zone_id: bool,
}

impl Reporter {
    /// Checks every line of `reader`, writing a report line for each invalid one: the lines
    /// are checked on every core, the reports written in order.
    fn check(
        &self,
        batch: &mut Batch,
        reader: impl LineRead,
        name: &str,
        out: &mut impl Write,
        counts: &mut Counts,
    ) -> Result<(), CheckError> {
        let map = |line: Line<'_>, out: &mut Vec<u8>| {
            let failure = match line.utf8() {
                Ok(s) => match iri::validate(s, self.kind) {
                    Err(_) if self.zone_id => super::zone::check(s, self.kind).err(),
                    r => r.err(),
                }
                .map(|e| Failure::parse(&e)),
                Err(e) => Some(Failure::utf8(&e, line.bytes, None)),
            };
            let Some(failure) = failure else {
                return false;
            };
            let number = line.origin.number();
            // Writing into memory cannot fail.
            let _ = self.report(out, name, number, line.bytes, &failure);
            true
        };
        // Only an invalid line has a report: the reports of a task go out in one write.
        batch.lines_counted(reader, out, map, counts)
    }

    /// Writes the report of one invalid line (`bytes`, number `line`): its column counts
    /// characters.
    fn report(
        &self,
        out: &mut impl Write,
        name: &str,
        line: usize,
        bytes: &[u8],
        failure: &Failure,
    ) -> io::Result<()> {
        let column = failure.column(bytes).unwrap_or(1);
        match self.format {
            Format::Text => {
                let (name, message) = (escaped(name), escaped(&failure.message));
                writeln!(out, "{name}:{line}:{column}: {message}")
            }
            Format::Json => {
                let mut o = JsonObject::begin(&mut *out)?;
                o.str("file", Some(name))?;
                o.num("line", Some(line as u64))?;
                o.object("error", |e| failure.write_json_fields(e, bytes))?;
                o.end_line()
            }
            Format::Tsv => tsv_row(
                out,
                &[
                    Some(name),
                    Some(&line.to_string()),
                    Some(&column.to_string()),
                    Some(failure.kind),
                    failure.component,
                    Some(&failure.message),
                ],
            ),
        }
    }
}

/// Runs `iri validate`, as described in its `--help`.
pub fn validate(args: ValidateArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let sources = Source::list(args.files);
    let mut batch = Batch::for_sources(&sources);
    let reporter = Reporter {
        kind: args.kind,
        format: args.output.format,
        zone_id: args.zone_id,
    };

    if reporter.format == Format::Tsv {
        out.write_all(b"file\tline\tcolumn\tkind\tcomponent\tmessage\n")?;
    }
    let mut counts = Counts::default();
    let mut unreadable = 0u64;
    for source in &sources {
        let name = source.name();
        batch.set_message(&name);
        let result = match source.open() {
            Ok(reader) => reporter.check(&mut batch, reader, &name, out, &mut counts),
            Err(e) => Err(CheckError::Read(e)),
        };
        match result {
            Ok(()) => {}
            Err(CheckError::Read(e)) => {
                unreadable += 1;
                // Keep standard output and standard error in order for a person watching both.
                out.flush()?;
                batch.warn(with_context(&name, e));
            }
            Err(CheckError::Write(e)) => return Err(e),
        }
    }
    batch.finish();

    let valid = counts.lines - counts.invalid;
    let mut summary = format!(
        "checked {}: {valid} valid, {} invalid",
        count(counts.lines, "line"),
        counts.invalid
    );
    if unreadable > 0 {
        summary.push_str(&format!(
            "; {} could not be read",
            count(unreadable, "file")
        ));
    }
    // Standard output holds only the reports; the summary goes to standard error, in the
    // output's format.
    out.flush()?;
    let mut err = io::stderr().lock();
    let _ = match reporter.format {
        Format::Json => {
            let mut o = JsonObject::begin(&mut err)?;
            o.object("summary", |s| {
                s.num("lines", Some(counts.lines))?;
                s.num("valid", Some(valid))?;
                s.num("invalid", Some(counts.invalid))?;
                s.num("unreadable", Some(unreadable))
            })?;
            o.end_line()
        }
        Format::Text | Format::Tsv => writeln!(err, "{summary}"),
    };
    Ok(Outcome::from_ok(counts.invalid == 0 && unreadable == 0))
}
