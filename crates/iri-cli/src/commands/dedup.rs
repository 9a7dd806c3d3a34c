//! `iri dedup`: the first line of each equivalence class, in the order first seen.
//!
//! One pass over the lines; the only state kept is a set of normalized keys, one per class,
//! so time is linear in the input and memory in the number of classes.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};

use iri::{IriRef, NormalizedKey, Normalizer};

use super::Outcome;
use crate::cli::{DedupArgs, Format};
use crate::failure::Failure;
use crate::input::{with_context, Counts, LineReader, Source, SourceError as DedupError};
use crate::output::{count, tsv_row, warn, JsonObject};

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
        reader: impl BufRead,
        name: &str,
        out: &mut impl Write,
    ) -> Result<(), DedupError> {
        let mut lines = LineReader::new(reader);
        loop {
            let number = lines.line_number() + 1;
            let line = match lines.next_line() {
                Ok(Some((line, _))) => line,
                Ok(None) => return Ok(()),
                Err(e) => return Err(DedupError::Read(e)),
            };
            self.counts.lines += 1;
            let key = match std::str::from_utf8(line) {
                Ok(s) => IriRef::parse(s)
                    .map(|r| self.normalizer.key(&r))
                    .map_err(|e| Failure::parse(&e)),
                Err(e) => Err(Failure::utf8(&e, line, None)),
            };
            let result = match key {
                Ok(key) => {
                    if !self.seen.insert(key) {
                        continue;
                    }
                    Ok(())
                }
                Err(failure) => {
                    self.counts.invalid += 1;
                    Err(failure)
                }
            };
            self.write(out, name, number, line, &result)
                .map_err(DedupError::Write)?;
        }
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
                out.write_all(line)?;
                out.write_all(b"\n")
            }
            (Format::Text, Err(f)) => {
                let column = f.offset.unwrap_or(0) + 1;
                writeln!(out, "error: {name}:{number}:{column}: {}", f.message)
            }
            (Format::Json, _) => {
                let input = String::from_utf8_lossy(line);
                let mut o = JsonObject::begin(&mut *out)?;
                o.str("file", Some(name))?;
                o.num("line", Some(number as u64))?;
                o.str("input", Some(&input))?;
                if let Err(f) = result {
                    o.object("error", |e| f.write_json_fields(e))?;
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
    for source in Source::list(args.files) {
        let name = source.name();
        let result = match &source {
            Source::Stdin => {
                let stdin = BufReader::with_capacity(1 << 16, io::stdin().lock());
                dedup.read(stdin, &name, out)
            }
            Source::File(path) => match File::open(path) {
                Ok(file) => dedup.read(BufReader::with_capacity(1 << 16, file), &name, out),
                Err(e) => Err(DedupError::Read(e)),
            },
        };
        match result {
            Ok(()) => {}
            Err(DedupError::Read(e)) => {
                unreadable += 1;
                // Keep standard output and standard error in order for a person watching both.
                out.flush()?;
                warn(with_context(&name, e));
            }
            Err(DedupError::Write(e)) => return Err(e),
        }
    }
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
        if d.read(input.as_bytes(), "f", &mut out).is_err() {
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
