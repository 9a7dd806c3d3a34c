//! Reading inputs: command-line arguments, or lines of bytes from standard input or a file.
//!
//! Lines are read as bytes, so that a line that is not UTF-8 is reported rather than fatal;
//! a trailing `\n` and then a trailing `\r` are stripped, a missing final newline is fine and
//! an empty line is an input like any other. The line buffer is reused, and reading a line
//! is linear in its length.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, BufReader};
use std::path::PathBuf;

/// Where an input came from, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The n-th input argument (1-based).
    Argument(usize),
    /// The n-th line of standard input (1-based).
    Line(usize),
}

impl Origin {
    /// Whether the input is a line read from standard input (whose messages name the line).
    pub fn is_line(self) -> bool {
        matches!(self, Origin::Line(_))
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// Where the lines of a file-reading subcommand (`validate`, `dedup`) come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input, named `<stdin>`.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Source {
    /// The source an argument names: `-` is standard input.
    pub fn new(arg: OsString) -> Self {
        if arg == "-" {
            Source::Stdin
        } else {
            Source::File(PathBuf::from(arg))
        }
    }

    /// The sources the arguments name; standard input when there are none.
    pub fn list(args: Vec<OsString>) -> Vec<Source> {
        if args.is_empty() {
            vec![Source::Stdin]
        } else {
            args.into_iter().map(Source::new).collect()
        }
    }

    /// The name for messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }
}

/// A reader of lines as bytes, without their line terminators, reusing one buffer.
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    line: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines from `reader`.
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            buf: Vec::new(),
            line: 0,
        }
    }

    /// The next line, without its trailing `\n` and then its trailing `\r`, or `None` at the
    /// end of input. The second value is the number of bytes consumed, terminator included.
    pub fn next_line(&mut self) -> io::Result<Option<(&[u8], usize)>> {
        self.buf.clear();
        let read = self.reader.read_until(b'\n', &mut self.buf)?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        let mut line = &self.buf[..];
        if let Some(rest) = line.strip_suffix(b"\n") {
            line = rest;
        }
        if let Some(rest) = line.strip_suffix(b"\r") {
            line = rest;
        }
        Ok(Some((line, read)))
    }

    /// The 1-based number of the line last returned (0 before the first).
    pub fn line_number(&self) -> usize {
        self.line
    }
}

/// Calls `f` with each input and its origin, in order: the arguments when there are any,
/// else the lines of standard input. Stops at the first error that `f` returns; an error
/// reading standard input is returned with `<stdin>` named in its message.
///
/// This is the sequential form, one input after the other on this thread; the subcommands
/// use `batch::each_input` or `batch::Batch`, which stream the same inputs through every
/// core and keep the output in input order.
#[allow(dead_code)]
pub fn for_each_input(
    args: Vec<OsString>,
    mut f: impl FnMut(Origin, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    if !args.is_empty() {
        for (i, arg) in args.into_iter().enumerate() {
            f(Origin::Argument(i + 1), &arg.into_encoded_bytes())?;
        }
        return Ok(());
    }
    let mut lines = LineReader::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    loop {
        let n = lines.line_number() + 1;
        match lines.next_line() {
            Ok(Some((line, _))) => f(Origin::Line(n), line)?,
            Ok(None) => return Ok(()),
            Err(e) => return Err(with_context("<stdin>", e)),
        }
    }
}

/// The same error, with `name: ` before its message.
pub fn with_context(name: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Vec<u8>> {
        let mut r = LineReader::new(input);
        let mut out = Vec::new();
        while let Some((line, _)) = r.next_line().unwrap() {
            out.push(line.to_vec());
        }
        out
    }

    #[test]
    fn strips_lf_then_cr() {
        assert_eq!(lines(b"a\r\nb\nc"), [&b"a"[..], b"b", b"c"]);
        assert_eq!(lines(b"a\r\r\n"), [&b"a\r"[..]]);
        assert_eq!(lines(b"a\rb\n"), [&b"a\rb"[..]]);
    }

    #[test]
    fn empty_lines_are_inputs() {
        assert_eq!(lines(b"\n\r\n\n"), [&b""[..], b"", b""]);
        assert_eq!(lines(b""), Vec::<Vec<u8>>::new());
    }

    #[test]
    fn counts_bytes_and_lines() {
        let mut r = LineReader::new(&b"ab\r\nc"[..]);
        assert_eq!(r.next_line().unwrap(), Some((&b"ab"[..], 4)));
        assert_eq!(r.line_number(), 1);
        assert_eq!(r.next_line().unwrap(), Some((&b"c"[..], 1)));
        assert_eq!(r.line_number(), 2);
        assert_eq!(r.next_line().unwrap(), None);
    }
}

/// Lines seen so far, over all sources of a run.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    /// Lines read.
    pub lines: u64,
    /// Lines that were not valid.
    pub invalid: u64,
}

/// What went wrong while going through one source: reading it (reported, and the next source
/// is read) or writing the output (fatal).
pub enum SourceError {
    /// Reading the source failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(io::Error),
}
