//! Where inputs come from (command-line arguments, standard input, files) and the counts and
//! errors of reading them; the lines themselves are read in chunks by `batch`.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader};
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

    /// The 1-based number of the argument or line.
    pub fn number(self) -> usize {
        match self {
            Origin::Argument(n) | Origin::Line(n) => n,
        }
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

    /// Opens the source for reading, buffered.
    pub fn open(&self) -> io::Result<Box<dyn io::BufRead>> {
        Ok(match self {
            Source::Stdin => Box::new(BufReader::with_capacity(1 << 16, io::stdin().lock())),
            Source::File(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        })
    }

    /// The name for messages: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }
}

/// The same error, with `name: ` before its message.
pub fn with_context(name: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{name}: {e}"))
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
