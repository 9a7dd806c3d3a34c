//! `iri dedup`: the first line of each equivalence class, in the order first seen.
//!
//! One pass over the lines; the only state kept is a set of normalized keys, one per class,
//! so time is linear in the input and memory in the number of classes (plus the chunks in
//! flight, see `batch`). The keys are computed on every core; the first-seen set is checked
//! on one thread, in input order, so the output is the same whatever the number of threads.

use std::collections::HashSet;
use std::io::{self, Write};

use iri::{IriRef, NormalizedKey, Normalizer};

use super::Outcome;
use crate::batch::{Batch, Line};
use crate::cli::{DedupArgs, Format};
use crate::failure::Failure;
use crate::input::{with_context, Counts, LineRead, Source, SourceError as DedupError};
use crate::json::JsonObject;
use crate::output::{count, escaped, tsv_row, write_escaped};

/// The classes seen so far, and how to write.
struct Dedup<'n> {
    normalizer: Normalizer<'n>,
    format: Format,
    seen: HashSet<NormalizedKey>,
    counts: Counts,
}

impl Dedup<'_> {
    /// Reads every line of `reader`, writing the first of each new class and every invalid
    /// line.
    fn read(
        &mut self,
        batch: &mut Batch,
        reader: impl LineRead,
        name: &str,
        out: &mut impl Write,
    ) -> Result<(), DedupError> {
        let normalizer = self.normalizer;
        let map = |line: Line<'_>, _: &mut Vec<u8>| match std::str::from_utf8(line.bytes) {
            Ok(s) => IriRef::parse(s)
                .map(|r| normalizer.key(&r))
                .map_err(|e| Failure::parse(&e)),
            Err(e) => Err(Failure::utf8(&e, line.bytes, None)),
        };
        batch.lines(reader, out, map, |out, line, key, _| {
            self.counts.lines += 1;
            let result = match key {
                Ok(key) => {
                    if !self.seen.insert(key) {
                        return Ok(());
                    }
                    Ok(())
                }
                Err(failure) => {
                    self.counts.invalid += 1;
                    Err(failure)
                }
            };
            let number = line.origin.number();
            self.write(out, name, number, line.bytes, &result)
        })
    }

    /// Writes a kept line, or an invalid one with its failure.
    fn write(
        &self,
        out: &mut impl Write,
        name: &str,
        number: usize,
        line: &[u8],
        result: &Result<(), Failure>,
    ) -> io::Result<()> {
        match (self.format, result) {
            (Format::Text, Ok(())) => {
                // A kept line is valid UTF-8.
                write_escaped(out, &String::from_utf8_lossy(line))?;
                out.write_all(b"\n")
            }
            (Format::Text, Err(f)) => {
                let column = f.column(line).unwrap_or(1);
                let (name, message) = (escaped(name), escaped(&f.message));
                writeln!(out, "error: {name}:{number}:{column}: {message}")
            }
            (Format::Json, _) => {
                let input = String::from_utf8_lossy(line);
                let mut o = JsonObject::begin(&mut *out)?;
                o.str("file", Some(name))?;
                o.num("line", Some(number as u64))?;
                o.str("input", Some(&input))?;
                if let Err(f) = result {
                    o.object("error", |e| f.write_json_fields(e, line))?;
                }
                o.end_line()
            }
            (Format::Tsv, _) => {
                let input = String::from_utf8_lossy(line);
                let error = result.as_ref().err().map(|f| f.message.as_str());
                tsv_row(
                    out,
                    &[Some(name), Some(&number.to_string()), Some(&input), error],
                )
            }
        }
    }
}

/// Runs `iri dedup`, as described in its `--help`.
pub fn dedup(args: DedupArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let mut normalizer = Normalizer::new(args.level).ignore_fragment(args.ignore_fragment);
    if args.nfc {
        normalizer = normalizer.nfc();
    }
    let mut dedup = Dedup {
        normalizer,
        format: args.output.format,
        seen: HashSet::new(),
        counts: Counts::default(),
    };
    if dedup.format == Format::Tsv {
        out.write_all(b"file\tline\tinput\terror\n")?;
    }
    let mut unreadable = 0u64;
    let sources = Source::list(args.files);
    let mut batch = Batch::for_sources(&sources);
    for source in sources {
        let name = source.name();
        batch.set_message(&name);
        let result = match source.open() {
            Ok(reader) => dedup.read(&mut batch, reader, &name, out),
            Err(e) => Err(DedupError::Read(e)),
        };
        match result {
            Ok(()) => {}
            Err(DedupError::Read(e)) => {
                unreadable += 1;
                // Keep standard output and standard error in order for a person watching both.
                out.flush()?;
                batch.warn(with_context(&name, e));
            }
            Err(DedupError::Write(e)) => return Err(e),
        }
    }
    batch.finish();
    // Standard output holds only lines; the summary is for the person.
    out.flush()?;
    let counts = dedup.counts;
    let mut summary = format!(
        "{}, {}, {} invalid",
        count(counts.lines, "line"),
        count(dedup.seen.len() as u64, "class"),
        counts.invalid
    );
    if unreadable > 0 {
        summary.push_str(&format!(
            "; {} could not be read",
            count(unreadable, "file")
        ));
    }
    let _ = writeln!(io::stderr().lock(), "{summary}");
    Ok(Outcome::from_ok(counts.invalid == 0 && unreadable == 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(level: iri::Level, input: &str) -> (String, Counts, usize) {
        let mut d = Dedup {
            normalizer: Normalizer::new(level),
            format: Format::Text,
            seen: HashSet::new(),
            counts: Counts::default(),
        };
        let mut out = Vec::new();
        let mut batch = Batch::for_sources(&[]);
        if d.read(&mut batch, input.as_bytes(), "f", &mut out).is_err() {
            panic!("read failed");
        }
        (String::from_utf8(out).unwrap(), d.counts, d.seen.len())
    }

    #[test]
    fn first_seen_order_and_errors_in_place() {
        let (out, counts, classes) = run(
            iri::Level::Syntax,
            "http://a/%7e\nHTTP://a/~\nb c\nhttp://a:80/\nhttp://a/~\nhttp://a:80/\n",
        );
        assert_eq!(
            out,
            "http://a/%7e\n\
             error: f:3:2: invalid IRI reference: U+0020 SPACE at byte 1 is not allowed in the path\n\
             http://a:80/\n"
        );
        assert_eq!((counts.lines, counts.invalid, classes), (6, 1, 2));
        let (out, ..) = run(iri::Level::Scheme, "http://a/\nhttp://a:80\nhttp://A\n");
        assert_eq!(out, "http://a/\n");
    }
}
