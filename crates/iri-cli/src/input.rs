//! Where inputs come from (command-line arguments, standard input, files) and the counts and
//! errors of reading them; the lines themselves are read in chunks by `batch`.
//!
//! Standard input that is not a regular file (a pipe, a terminal) is read on a thread of its
//! own ([`Feed`]), so that the reader can tell whether a whole line has arrived without
//! waiting for more: `batch` then writes the results it has instead of waiting for a full
//! chunk, and `tail -f log | iri to-uri` shows each result as its line comes.

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

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

    /// Opens the source for reading, buffered. A path that is not a regular file (a named
    /// pipe such as `<(tail -f log)`, a terminal, a device) may make a read wait, so it is read
    /// as standard input from a pipe is: each line's result follows the line.
    pub fn open(&self) -> io::Result<Box<dyn LineRead>> {
        Ok(match self {
            Source::Stdin => stdin_reader(),
            Source::File(p) => {
                let file = File::open(p)?;
                if file.metadata().is_ok_and(|m| m.is_file()) {
                    Box::new(BufReader::with_capacity(1 << 16, file))
                } else {
                    Box::new(Feed::new(file))
                }
            }
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

/// Warns on standard error about each argument that names an existing file and is not an IRI
/// with a scheme: the subcommands that take IRIs as arguments (all but `validate`, `dedup` and
/// `extract`, which take files) read lines only from standard input, so such an argument is
/// taken as an IRI reference, which is seldom what was meant (`iri lint urls.txt`).
pub fn warn_file_arguments(args: &[OsString]) {
    for arg in args {
        let is_iri = arg
            .to_str()
            .is_some_and(|s| iri::validate(s, iri::Kind::Iri).is_ok());
        if !is_iri && Path::new(arg).is_file() {
            let name = arg.to_string_lossy();
            crate::output::warn(format_args!(
                "warning: '{name}' is taken as an IRI reference, though it names a file: the \
                 arguments of this subcommand are IRIs; to read the lines of the file, give it \
                 on standard input (< '{name}')"
            ));
        }
    }
}

/// The same error, with `name: ` before its message.
/// A file that does not exist but whose name looks like an IRI (a scheme of two characters
/// or more, then `:`) gets a hint: the subcommands that read files do not take IRIs.
pub fn with_context(name: &str, e: io::Error) -> io::Error {
    let mut message = format!("{name}: {e}");
    if e.kind() == io::ErrorKind::NotFound && looks_like_iri(name) {
        message.push_str(&format!(
            "; hint: this subcommand reads files; to check one IRI, give it to `iri parse \
             '{name}'`, or on standard input: `echo '{name}' | iri validate`"
        ));
    }
    io::Error::new(e.kind(), message)
}

/// Whether `s` starts with what looks like a scheme (RFC 3986 §3.1) of two characters or more
/// (not a drive letter) and a colon.
fn looks_like_iri(s: &str) -> bool {
    let Some((scheme, _)) = s.split_once(':') else {
        return false;
    };
    scheme.len() >= 2
        && scheme.as_bytes()[0].is_ascii_alphabetic()
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
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

/// A buffered reader of lines that can tell whether the next line can be read without
/// waiting for more input.
pub trait LineRead: BufRead {
    /// Whether a whole line (or the end of the input) is there to read, so that reading it
    /// will not wait; the reader may wait a moment for one (a [`Feed`]: a few milliseconds).
    /// Files and memory always have it; a pipe or a terminal may not.
    fn line_ready(&mut self) -> bool {
        true
    }

    /// Whether reading never waits for a writer (a file, memory), so that the lines may be
    /// read with [`Read::read`] straight into the batch's buffer, a big block at a time,
    /// rather than taken out of this reader's buffer. A [`BufReader`] hands such a read, when
    /// its own buffer is empty, to the source it wraps.
    fn never_waits(&self) -> bool {
        false
    }
}

impl<R: Read> LineRead for BufReader<R> {
    fn never_waits(&self) -> bool {
        true
    }
}

impl LineRead for &[u8] {
    fn never_waits(&self) -> bool {
        true
    }
}

impl<T: LineRead + ?Sized> LineRead for Box<T> {
    fn line_ready(&mut self) -> bool {
        (**self).line_ready()
    }

    fn never_waits(&self) -> bool {
        (**self).never_waits()
    }
}

/// Standard input, for reading lines: buffered as it is when it is a regular file
/// (`< FILE`), which never makes a reader wait, else a [`Feed`].
pub fn stdin_reader() -> Box<dyn LineRead> {
    if stdin_is_file() {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin().lock()))
    } else {
        Box::new(Feed::stdin())
    }
}

/// Whether standard input is a regular file.
fn stdin_is_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned();
        fd.and_then(|fd| File::from(fd).metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(windows)]
    {
        use std::os::windows::io::AsHandle;
        let handle = io::stdin().as_handle().try_clone_to_owned();
        handle
            .and_then(|h| File::from(h).metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(not(any(unix, windows)))]
    {
        false
    }
}

/// The most bytes one read of the feeding thread takes.
const FEED_BLOCK: usize = 1 << 16;

/// Blocks read and not yet taken that the feeding thread may hold (so at most 1 MiB).
const FEED_BLOCKS: usize = 16;

/// How long a [`Feed`] waits in [`LineRead::line_ready`] for the rest of a line, while its
/// thread waits for input, before it says there is none: short beside the ~50 ms in which a
/// result should follow its line.
const FEED_LINGER: Duration = Duration::from_millis(3);

/// Bytes read by a thread of their own and handed over in blocks, as they come: the reader
/// can tell whether a whole line has arrived ([`LineRead::line_ready`]) without waiting.
pub struct Feed {
    blocks: Receiver<io::Result<Vec<u8>>>,
    /// Whether the thread is in a read of the source (which waits when the source has
    /// nothing): only then may the input be said to have no line ready. Otherwise the thread
    /// has bytes in hand and is only not scheduled yet, as on a busy machine.
    reading: Arc<AtomicBool>,
    /// Bytes received and not yet consumed: `buf[pos..]`.
    buf: Vec<u8>,
    pos: usize,
    /// The index in `buf` of a line feed at or after `pos`, when one is known.
    newline: Option<usize>,
    /// `buf[pos..scanned]` holds no line feed: a long line is searched once, not again with
    /// each block that brings more of it.
    scanned: usize,
    /// The thread is done: the end of the input, or an error (kept in `error` until the
    /// bytes before it are consumed).
    done: bool,
    error: Option<io::Error>,
}

impl Feed {
    /// A feed of standard input.
    pub fn stdin() -> Self {
        Feed::new(io::stdin())
    }

    /// A feed of `source`, read on a new thread.
    pub fn new(mut source: impl Read + Send + 'static) -> Self {
        let (tx, blocks) = mpsc::sync_channel(FEED_BLOCKS);
        let reading = Arc::new(AtomicBool::new(false));
        let in_read = Arc::clone(&reading);
        std::thread::spawn(move || loop {
            let mut block = vec![0u8; FEED_BLOCK];
            in_read.store(true, Ordering::SeqCst);
            let read = source.read(&mut block);
            in_read.store(false, Ordering::SeqCst);
            let sent = match read {
                Ok(0) => break,
                Ok(n) => {
                    block.truncate(n);
                    tx.send(Ok(block))
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let _ = tx.send(Err(e));
                    break;
                }
            };
            if sent.is_err() {
                // Nobody reads any more.
                break;
            }
        });
        Feed {
            blocks,
            reading,
            buf: Vec::new(),
            pos: 0,
            newline: None,
            scanned: 0,
            done: false,
            error: None,
        }
    }

    /// Takes a block from the thread: appends it to the unconsumed bytes, or notes the end.
    fn take(&mut self, block: Option<io::Result<Vec<u8>>>) {
        match block {
            Some(Ok(b)) => {
                if self.pos >= self.buf.len() {
                    self.buf = b;
                    self.pos = 0;
                    self.newline = None;
                    self.scanned = 0;
                } else {
                    self.buf.drain(..self.pos);
                    self.newline = self
                        .newline
                        .filter(|&n| n >= self.pos)
                        .map(|n| n - self.pos);
                    self.scanned = self.scanned.saturating_sub(self.pos);
                    self.pos = 0;
                    self.buf.extend_from_slice(&b);
                }
            }
            Some(Err(e)) => {
                self.error = Some(e);
                self.done = true;
            }
            None => self.done = true,
        }
    }
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let there = self.fill_buf()?;
        let n = there.len().min(out.len());
        out[..n].copy_from_slice(&there[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Feed {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos >= self.buf.len() && !self.done {
            // Wait for the next block.
            let block = self.blocks.recv().ok();
            self.take(block);
        }
        if self.pos >= self.buf.len() {
            if let Some(e) = self.error.take() {
                return Err(e);
            }
        }
        Ok(&self.buf[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.buf.len());
    }
}

impl LineRead for Feed {
    fn line_ready(&mut self) -> bool {
        loop {
            if self.newline.is_some_and(|n| n >= self.pos) {
                return true;
            }
            // The last line feed of what is there: later calls know the lines up to it.
            let from = self.scanned.max(self.pos);
            if let Some(p) = self.buf[from..].iter().rposition(|&c| c == b'\n') {
                self.newline = Some(from + p);
                return true;
            }
            self.scanned = self.buf.len();
            if self.done {
                return true;
            }
            match self.blocks.recv_timeout(FEED_LINGER) {
                Ok(block) => self.take(Some(block)),
                // The thread waits for the source: nothing more is there yet.
                Err(RecvTimeoutError::Timeout) if self.reading.load(Ordering::SeqCst) => {
                    return false
                }
                // The thread has bytes in hand (or is between two reads): wait for them.
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.take(None),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::Instant;

    /// Polls `line_ready` until it says `want` (a thread hands the bytes over).
    fn ready_within(feed: &mut Feed, want: bool) -> bool {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(5) {
            if feed.line_ready() == want {
                return true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        false
    }

    #[test]
    fn a_feed_tells_when_a_whole_line_is_there() {
        let (r, mut w) = io::pipe().unwrap();
        let mut feed = Feed::new(r);
        assert!(!feed.line_ready(), "nothing written yet");
        w.write_all(b"ab").unwrap();
        std::thread::sleep(Duration::from_millis(20));
        assert!(!feed.line_ready(), "half a line");
        w.write_all(b"c\nde\nf").unwrap();
        assert!(ready_within(&mut feed, true));
        let mut line = Vec::new();
        feed.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"abc\n");
        assert!(feed.line_ready());
        line.clear();
        feed.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"de\n");
        assert!(!feed.line_ready(), "f has no line feed yet");
        // The rest of the line comes in a block of its own (the line feeds seen before are
        // behind the reader by then).
        w.write_all(b"g\nh").unwrap();
        assert!(ready_within(&mut feed, true));
        line.clear();
        feed.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"fg\n");
        // The end makes the last piece a line.
        drop(w);
        assert!(ready_within(&mut feed, true));
        line.clear();
        feed.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"h");
        assert!(feed.line_ready());
        assert_eq!(feed.read_until(b'\n', &mut line).unwrap(), 0);
    }

    #[test]
    fn a_feed_passes_a_large_input_whole() {
        let data: Vec<u8> = (0..300_000u32)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let mut feed = Feed::new(io::Cursor::new(data.clone()));
        let mut got = Vec::new();
        feed.read_to_end(&mut got).unwrap();
        assert_eq!(got, data);
    }

    #[test]
    fn a_feed_reports_a_read_error_after_the_bytes_before_it() {
        struct Failing(bool);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    Err(io::Error::other("broken"))
                } else {
                    buf[..2].copy_from_slice(b"a\n");
                    Ok(2)
                }
            }
        }
        let mut feed = Feed::new(Failing(false));
        let mut line = Vec::new();
        feed.read_until(b'\n', &mut line).unwrap();
        assert_eq!(line, b"a\n");
        let e = feed.read_until(b'\n', &mut line).unwrap_err();
        assert_eq!(e.to_string(), "broken");
    }
}
