//! `iri validate`: check files line by line, report the invalid lines and a summary.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use iri::Kind;

use super::Outcome;
use crate::cli::{Format, ValidateArgs};
use crate::failure::Failure;
use crate::input::{with_context, Counts, LineReader, Source, SourceError as CheckError};
use crate::output::{count, tsv_row, warn, JsonObject};

/// How to report: the format, and the progress bar if one is shown.
struct Reporter {
    kind: Kind,
    format: Format,
    progress: Option<ProgressBar>,
    /// Whether standard output is a terminal too, so that output must not tear the bar.
    stdout_is_terminal: bool,
}

impl Reporter {
    /// Writes a message on standard error without tearing the progress bar.
    fn warn(&self, message: impl std::fmt::Display) {
        match &self.progress {
            Some(pb) => pb.suspend(|| warn(message)),
            None => warn(message),
        }
    }

    /// Checks every line of `reader`, writing a report line for each invalid one.
    fn check(
        &self,
        reader: impl BufRead,
        name: &str,
        out: &mut impl Write,
        counts: &mut Counts,
    ) -> Result<(), CheckError> {
        let mut lines = LineReader::new(reader);
        let mut unreported_bytes = 0u64;
        loop {
            let (line, consumed) = match lines.next_line() {
                Ok(Some(l)) => l,
                Ok(None) => break,
                Err(e) => return Err(CheckError::Read(e)),
            };
            counts.lines += 1;
            let failure = match std::str::from_utf8(line) {
                Ok(s) => iri::validate(s, self.kind)
                    .err()
                    .map(|e| Failure::parse(&e)),
                Err(e) => Some(Failure::utf8(&e, line, None)),
            };
            if let Some(failure) = failure {
                counts.invalid += 1;
                self.report(out, name, lines.line_number(), &failure)
                    .map_err(CheckError::Write)?;
            }
            if let Some(pb) = &self.progress {
                unreported_bytes += consumed as u64;
                if unreported_bytes >= 1 << 16 {
                    pb.inc(unreported_bytes);
                    unreported_bytes = 0;
                }
            }
        }
        if let Some(pb) = &self.progress {
            pb.inc(unreported_bytes);
        }
        Ok(())
    }

    /// Writes the report of one invalid line.
    fn report(
        &self,
        out: &mut impl Write,
        name: &str,
        line: usize,
        failure: &Failure,
    ) -> io::Result<()> {
        let offset = failure.offset.unwrap_or(0);
        let column = offset + 1;
        match self.format {
            Format::Text => writeln!(out, "{name}:{line}:{column}: {}", failure.message)?,
            Format::Json => {
                let mut o = JsonObject::begin(&mut *out)?;
                o.str("file", Some(name))?;
                o.num("line", Some(line as u64))?;
                o.num("column", Some(column as u64))?;
                o.num("offset", Some(offset as u64))?;
                o.str("kind", Some(failure.kind))?;
                o.str("component", failure.component)?;
                o.str("message", Some(&failure.message))?;
                o.end_line()?;
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
            )?,
        }
        match &self.progress {
            Some(pb) if self.stdout_is_terminal => pb.suspend(|| out.flush()),
            _ => Ok(()),
        }
    }
}

/// A progress bar over `total` bytes on standard error.
fn progress_bar(total: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta}) {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr()).with_style(style)
}

/// Runs `iri validate`, as described in its `--help`.
pub fn validate(args: ValidateArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let sources = Source::list(args.files);
    // A bar only over files, and only for a person watching standard error.
    let reads_stdin = sources.iter().any(|s| matches!(s, Source::Stdin));
    let progress = (!reads_stdin && io::stderr().is_terminal()).then(|| {
        let total = sources
            .iter()
            .filter_map(|s| match s {
                Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
                Source::Stdin => None,
            })
            .sum();
        progress_bar(total)
    });
    let reporter = Reporter {
        kind: args.kind,
        format: args.output.format,
        progress,
        stdout_is_terminal: io::stdout().is_terminal(),
    };

    if reporter.format == Format::Tsv {
        out.write_all(b"file\tline\tcolumn\tkind\tcomponent\tmessage\n")?;
    }
    let mut counts = Counts::default();
    let mut unreadable = 0u64;
    for source in &sources {
        let name = source.name();
        if let Some(pb) = &reporter.progress {
            pb.set_message(name.clone());
        }
        let result = match source {
            Source::Stdin => {
                let stdin = BufReader::with_capacity(1 << 16, io::stdin().lock());
                reporter.check(stdin, &name, out, &mut counts)
            }
            Source::File(path) => match File::open(path) {
                Ok(file) => {
                    let file = BufReader::with_capacity(1 << 16, file);
                    reporter.check(file, &name, out, &mut counts)
                }
                Err(e) => Err(CheckError::Read(e)),
            },
        };
        match result {
            Ok(()) => {}
            Err(CheckError::Read(e)) => {
                unreadable += 1;
                reporter.warn(with_context(&name, e));
            }
            Err(CheckError::Write(e)) => return Err(e),
        }
    }
    if let Some(pb) = &reporter.progress {
        pb.finish_and_clear();
    }

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
    match reporter.format {
        Format::Text => writeln!(out, "{summary}")?,
        Format::Json => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.object("summary", |s| {
                s.num("lines", Some(counts.lines))?;
                s.num("valid", Some(valid))?;
                s.num("invalid", Some(counts.invalid))
            })?;
            o.end_line()?;
        }
        Format::Tsv => {
            // Standard output holds only rows; the summary is for the person.
            out.flush()?;
            let _ = writeln!(io::stderr().lock(), "{summary}");
        }
    }
    Ok(Outcome::from_ok(counts.invalid == 0 && unreadable == 0))
}
