//! Line processing at scale: streaming in bounded memory, on every core, output in input
//! order, with a progress bar for a person and `--stats` for the curious.
//!
//! The input is read in chunks of at most [`CHUNK_LINES`] lines or [`CHUNK_BYTES`] bytes (a
//! longer line is a chunk of its own); a file (or memory), which never makes a reader wait,
//! is read straight into the chunk's buffer instead, [`READ_BLOCK`] bytes at a time, a chunk
//! being the whole lines of one such read. A chunk is cut into tasks that rayon's workers run in
//! parallel; each task calls the subcommand's per-line function (`map`), which writes the
//! line's output into the task's buffer and returns a value. The results come back in input
//! order and a second, sequential function (`emit`) writes each line's output and keeps
//! whatever state must follow the input order (counts, `dedup`'s first-seen set). While the
//! workers map one chunk, this thread writes the previous one and reads the next, so at most
//! three chunks and their outputs are in memory, whatever the size of the input. A line of
//! [`LONG_LINE`] bytes or more can skip the task's buffer: its output is then made on this
//! thread, in its place in the input order, and written straight out
//! ([`each_input_streamed`]), so that it is never held whole beside the line; a line read in
//! pieces grows its buffer by an eighth at a time, not by doubling.
//!
//! With one thread (`--threads 1`, or a machine with one core) everything runs on the calling
//! thread, one chunk after the other. The workers are started when the first chunk is to be
//! mapped, and never more than it has tasks when it is the whole input (a one-line file runs
//! on the calling thread whatever `--threads` says); `--threads` is at most [`MAX_THREADS`].
//!
//! Input from a pipe or a terminal comes when its writer writes it: a chunk ends early when
//! no whole line is there to read (see [`LineRead`]), its results are written and flushed at
//! once, and only then does the reader wait. So each result of `tail -f log | iri to-uri`
//! appears as its line comes, while a file (or a fast pipe) still goes in full chunks.
//!
//! A subcommand plugs in with [`each_input_streamed`] (inputs as arguments or standard input,
//! one output per input), or with a [`Batch`] and its [`Batch::inputs`] or [`Batch::lines`] when
//! it needs the sequential step or reads files.

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::sync::OnceLock;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::cli::MAX_THREADS;
use crate::input::{stdin_reader, with_context, LineRead, Origin, Source, SourceError};
use crate::output::warn;
use crate::stats::{Stats, StatsSpec};

/// The most lines in one chunk.
pub const CHUNK_LINES: usize = 8192;

/// The most bytes in one chunk (a longer line makes a chunk of its own).
pub const CHUNK_BYTES: usize = 4 << 20;

/// The options every line-reading subcommand shares (`--threads`, `--quiet`, `--stats`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settings {
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// No progress bar.
    pub quiet: bool,
    /// Print a summary of the inputs on standard error, as this asks.
    pub stats: Option<StatsSpec>,
}

/// The fewest lines a task maps (see [`map_chunk`]).
const MIN_TASK_LINES: usize = 16;

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Set once the workers' pool is sized: whether there is more than one worker.
static POOL: OnceLock<bool> = OnceLock::new();

/// Sets the options for the run (once, from `main`); the workers start when there is work
/// for them ([`parallel_for`]).
pub fn configure(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

/// The options of this run (the defaults when [`configure`] was not called, as in tests).
pub fn settings() -> Settings {
    #[cfg(test)]
    if let Some(s) = THIS_THREAD.with(std::cell::Cell::get) {
        return s;
    }
    SETTINGS.get().copied().unwrap_or_default()
}

#[cfg(test)]
thread_local! {
    /// Options that a test sets for the runs on its own thread (with one worker, the whole
    /// run), in place of the process-wide ones.
    pub static THIS_THREAD: std::cell::Cell<Option<Settings>> = const { std::cell::Cell::new(None) };
}

/// How many workers to start for a first chunk of `lines` lines: the threads wanted (0: one
/// per core), at most [`MAX_THREADS`], and, when the chunk is the whole input, no more than
/// it has tasks.
fn workers_for(wanted: usize, cores: usize, lines: usize, whole_input: bool) -> usize {
    let wanted = match wanted {
        0 => cores,
        n => n,
    }
    .clamp(1, MAX_THREADS);
    if whole_input {
        wanted.min(lines.div_ceil(MIN_TASK_LINES)).max(1)
    } else {
        wanted
    }
}

/// Whether to map on rayon's workers, deciding at the first chunk (of `lines` lines, the
/// whole input or not) that has work for more than one: the pool is then built with
/// [`workers_for`] threads, and kept for the run. A whole input of one task runs on the
/// calling thread and leaves the decision to the next input (`validate`'s next file).
fn parallel_for(lines: usize, whole_input: bool) -> bool {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let n = workers_for(settings().threads, cores, lines, whole_input);
    if n <= 1 && whole_input && POOL.get().is_none() {
        return false;
    }
    *POOL.get_or_init(|| {
        if n > 1 {
            // Fails only when the pool exists already, in which case it is kept.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build_global();
        }
        n > 1 && rayon::current_num_threads() > 1
    })
}

/// One input: where it came from and its bytes (without line terminator).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// The argument or line it is.
    pub origin: Origin,
    /// Its bytes, which need not be UTF-8.
    pub bytes: &'a [u8],
    /// The same bytes as text, when they are known to be UTF-8 already (the task's lines
    /// were checked at once, see [`map_chunk`]).
    text: Option<&'a str>,
}

impl<'a> Line<'a> {
    /// The line as text, or why it is not UTF-8: [`std::str::from_utf8`] of its bytes, without
    /// checking them again when the lines around it were checked together.
    pub fn utf8(&self) -> Result<&'a str, std::str::Utf8Error> {
        match self.text {
            Some(text) => Ok(text),
            None => std::str::from_utf8(self.bytes),
        }
    }
}

/// A chunk of inputs: their bytes end to end, and where each is.
#[derive(Debug)]
struct Chunk {
    data: Vec<u8>,
    lines: Vec<Range<usize>>,
    /// The 1-based number of the first line.
    first: usize,
    /// Whether the inputs are arguments (else lines).
    arguments: bool,
    /// Bytes read from the source, line terminators included.
    consumed: u64,
    /// Whether the source reached its end while this chunk was read: reading again would
    /// wait for more (a terminal after Ctrl-D), so nobody does.
    at_end: bool,
    /// Whether the chunk ended because no whole line was there to read: its output is to be
    /// flushed as soon as it is written.
    cut: bool,
    /// Read straight into `data` ([`Chunk::fill_direct`]): the bytes read after the last
    /// line, which begin the next chunk.
    tail: Range<usize>,
    /// The most bytes one read takes straight into `data` ([`READ_BLOCK`]; less in tests).
    block: usize,
    /// The last direct read filled `data` to its end: the next fill doubles it (up to
    /// `block`).
    full: bool,
}

/// The most bytes read at once straight into a chunk (files and memory): a chunk is then
/// the whole lines of one such read.
pub const READ_BLOCK: usize = 1 << 20;

/// The most lines in a chunk read straight into its buffer: 1 MiB of line ranges (a block
/// of short lines is carried over to the next chunk beyond it).
const READ_LINES: usize = 1 << 16;

impl Chunk {
    fn new(arguments: bool) -> Self {
        Chunk {
            data: Vec::new(),
            lines: Vec::new(),
            first: 1,
            arguments,
            consumed: 0,
            at_end: false,
            cut: false,
            tail: 0..0,
            block: READ_BLOCK,
            full: false,
        }
    }

    fn clear(&mut self) {
        self.data.clear();
        self.reset();
    }

    /// Forgets the lines read, keeping `data` (a direct fill reads into it again).
    fn reset(&mut self) {
        self.lines.clear();
        self.consumed = 0;
        self.at_end = false;
        self.cut = false;
        self.tail = 0..0;
    }

    fn line(&self, i: usize) -> Line<'_> {
        self.line_in(i, &self.lines[i], None)
    }

    /// The `i`-th line, whose range in `data` is `r`, with its text when `span` is the text of
    /// `data[at..]` up to its end or further (the lines of a task, checked at once).
    #[inline]
    fn line_in<'a>(
        &'a self,
        i: usize,
        r: &Range<usize>,
        span: Option<(&'a str, usize)>,
    ) -> Line<'a> {
        let n = self.first + i;
        let origin = if self.arguments {
            Origin::Argument(n)
        } else {
            Origin::Line(n)
        };
        // Lines end at a line feed or a carriage return (ASCII), or at the end of the input:
        // on character boundaries of `text`.
        if let Some(text) = span.and_then(|(text, at)| text.get(r.start - at..r.end - at)) {
            return Line {
                origin,
                bytes: text.as_bytes(),
                text: Some(text),
            };
        }
        Line {
            origin,
            bytes: &self.data[r.clone()],
            text: None,
        }
    }

    /// Reads the next lines of `reader` into the (cleared) chunk; `next` is the number of the
    /// next line. A trailing `\n` and then a trailing `\r` are stripped from each line. On a
    /// read error the chunk holds the lines read before it.
    ///
    /// The reader's buffer is taken a block at a time: the line feeds in it are found with the
    /// library's SIMD search ([`iri::bytes::line_feeds`], all of a block in one pass), its
    /// whole lines copied at once. The piece of a line after the block's last line feed stays
    /// in the reader, so that it is asked again whether a whole line is there; only a line
    /// that has no line feed in a whole block (a long line) is taken in pieces, and then read
    /// to its end.
    ///
    /// The chunk ends early, `cut`, when no whole line is there to read: after the lines of
    /// the first block, or at once when `wait` is false (then it may be empty without being
    /// at the end).
    ///
    /// A reader that never waits (a file, memory) is read straight into the chunk's buffer
    /// instead ([`Chunk::fill_direct`]), the piece of a line read after its last line feed
    /// carried over to the next fill of this chunk.
    fn fill(&mut self, reader: &mut impl LineRead, next: &mut usize, wait: bool) -> io::Result<()> {
        if reader.never_waits() {
            let tail = std::mem::replace(&mut self.tail, 0..0);
            self.data.copy_within(tail.clone(), 0);
            return self.fill_direct(reader, next, tail.len());
        }
        self.fill_from_buffer(reader, next, wait)
    }

    /// [`Chunk::fill`] of the chunk after `before`, which may still be mapped: the piece of a
    /// line that `before` read after its last line feed begins this one.
    fn fill_after(
        &mut self,
        before: &Chunk,
        reader: &mut impl LineRead,
        next: &mut usize,
        wait: bool,
    ) -> io::Result<()> {
        if reader.never_waits() {
            let carried = &before.data[before.tail.clone()];
            self.make_room(carried.len());
            self.data[..carried.len()].copy_from_slice(carried);
            return self.fill_direct(reader, next, carried.len());
        }
        self.fill_from_buffer(reader, next, wait)
    }

    /// Reads the next lines with [`io::Read::read`] straight into `data`, whose first `held`
    /// bytes are the start of a line carried over: the whole lines of one read of at most
    /// [`READ_BLOCK`] bytes (at most [`READ_LINES`] of them), or a line longer than that, read
    /// to its end in a buffer grown by an eighth at a time. What is read after the last line
    /// is kept in `tail` for the next chunk. `data` keeps its length from one fill to the
    /// next: its bytes are written once, when it grows, and then only read into.
    fn fill_direct(
        &mut self,
        reader: &mut impl io::Read,
        next: &mut usize,
        held: usize,
    ) -> io::Result<()> {
        self.reset();
        self.first = *next;
        self.make_room(held);
        self.full = false;
        let mut end = held;
        // The start of the line being read, and how far it is known to hold no line feed
        // (a carried piece is searched again: it may hold lines beyond `READ_LINES`).
        let mut start = 0;
        let mut scanned = 0;
        loop {
            // Every line feed of what is new, found in one pass (`self.data` is only read and
            // `self.lines` pushed to while the search holds the bytes).
            for k in iri::bytes::line_feeds(&self.data[scanned..end]) {
                let k = scanned + k;
                self.lines.push(start..strip_cr(&self.data, start, k));
                start = k + 1;
                if self.lines.len() >= READ_LINES {
                    break;
                }
            }
            if !self.lines.is_empty() {
                // The lines of this fill, counted once (`reset` emptied `lines`).
                *next += self.lines.len();
                self.tail = start..end;
                self.full = end == self.data.len();
                return Ok(());
            }
            scanned = end;
            if end == self.data.len() {
                // The line being read fills the buffer: room for an eighth more.
                let more = (end / 8).max(self.block.min(1 << 16));
                self.data.reserve_exact(more);
                self.data.resize(end + more, 0);
            }
            let room = (end + self.block).min(self.data.len());
            let n = match reader.read(&mut self.data[end..room]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 {
                self.at_end = true;
                if start < end {
                    self.push_line(start, end, next);
                }
                return Ok(());
            }
            self.consumed += n as u64;
            end += n;
        }
    }

    /// Sizes `data` for a direct fill that starts with `held` bytes: 64 KiB at first (a
    /// small input, or the second chunk of a one-line file, takes no more), twice as much
    /// after a read that filled it, up to the block, and never less than `held`. A larger
    /// size takes a new buffer, zeroed by the allocator, with the first `held` bytes (those
    /// of them in the old one) copied in.
    fn make_room(&mut self, held: usize) {
        let size = if self.data.is_empty() {
            self.block.min(1 << 16)
        } else if self.full {
            (self.data.len() * 2).min(self.block)
        } else {
            0
        }
        .max(held);
        if self.data.len() < size {
            // Zeroed by the allocator (fresh pages, not a pass over the bytes), the held
            // bytes copied in: growing the old buffer would write a zero to every new byte.
            // (`fill_after` copies its held bytes in after this: they are not in `data` yet.)
            let keep = held.min(self.data.len());
            let mut data = vec![0; size];
            data[..keep].copy_from_slice(&self.data[..keep]);
            self.data = data;
        }
    }

    /// [`Chunk::fill`] of a reader that may wait: its buffer taken a block at a time.
    fn fill_from_buffer(
        &mut self,
        reader: &mut impl LineRead,
        next: &mut usize,
        wait: bool,
    ) -> io::Result<()> {
        self.clear();
        self.first = *next;
        // The start in `data` of a line whose end is not read yet.
        let mut partial: Option<usize> = None;
        loop {
            if partial.is_none() {
                if self.lines.len() >= CHUNK_LINES || self.data.len() >= CHUNK_BYTES {
                    break;
                }
                if (!wait || !self.lines.is_empty()) && !reader.line_ready() {
                    self.cut = true;
                    break;
                }
            }
            let block = match reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    if let Some(start) = partial {
                        self.data.truncate(start);
                    }
                    return Err(e);
                }
            };
            if block.is_empty() {
                self.at_end = true;
                if let Some(start) = partial {
                    self.push_line(start, self.data.len(), next);
                }
                break;
            }
            let base = self.data.len();
            let first_new = self.lines.len();
            let mut start = partial.unwrap_or(base);
            let mut taken = 0;
            // A trailing `\r` is stripped here, from the block or (for a line feed that opens
            // the block) from the piece of the line read before it. The line feeds of the
            // block are found in one pass, a step of 64 bytes at a time as they are taken.
            for k in iri::bytes::line_feeds(block) {
                let mut end = base + k;
                let before = if k > 0 { block[k - 1] } else { 0 };
                if end > start && (before == b'\r' || (k == 0 && self.data[end - 1] == b'\r')) {
                    end -= 1;
                }
                self.lines.push(start..end);
                taken = k + 1;
                start = base + taken;
                if self.lines.len() >= CHUNK_LINES || start >= CHUNK_BYTES {
                    break;
                }
            }
            // A line read in pieces: this block is one, or ends one.
            let long_line = partial.is_some() || taken == 0;
            if taken == 0 {
                // No line feed in the whole block: a piece of a line, whose end is to be read.
                taken = block.len();
                partial = Some(start);
            } else {
                partial = None;
            }
            if long_line {
                grow_long_line(&mut self.data, taken);
            }
            self.data.extend_from_slice(&block[..taken]);
            reader.consume(taken);
            self.consumed += taken as u64;
            *next += self.lines.len() - first_new;
        }
        Ok(())
    }

    /// Adds the line `data[start..end]` (without its line feed), its trailing `\r` stripped.
    fn push_line(&mut self, start: usize, end: usize, next: &mut usize) {
        self.lines.push(start..strip_cr(&self.data, start, end));
        *next += 1;
    }
}

/// The end of the line `data[start..end]` without its trailing `\r`, if it has one.
#[inline]
fn strip_cr(data: &[u8], start: usize, end: usize) -> usize {
    if end > start && data[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

/// Makes room in `data`, which ends with a line read in pieces (longer than a block of the
/// reader), for `more` bytes: an eighth more at a time rather than twice the size, so that
/// such a line is held in at most 1.125 times its size and a block (doubling left up to
/// twice the line allocated).
fn grow_long_line(data: &mut Vec<u8>, more: usize) {
    if data.capacity() - data.len() < more {
        data.reserve_exact(more.max(data.len() / 8));
    }
}

/// Adds an argument to a chunk of arguments: the first is moved in, not copied, so that a long
/// argument is held once.
fn push_argument(chunk: &mut Chunk, arg: OsString) {
    let bytes = arg.into_encoded_bytes();
    if chunk.data.is_empty() {
        // Earlier arguments, if any, were empty: their ranges stay empty.
        chunk.lines.push(0..bytes.len());
        chunk.data = bytes;
    } else {
        let start = chunk.data.len();
        chunk.data.extend_from_slice(&bytes);
        chunk.lines.push(start..chunk.data.len());
    }
}

/// The outputs of one task: the bytes written, what is kept of each line's value and the end
/// of its output (see [`Collect`]), and the stats of its lines.
struct Task<C> {
    out: Vec<u8>,
    items: C,
    stats: Option<Stats>,
}

/// What a task keeps of its lines' values, in input order: every value with the end of its
/// line's output ([`Every`]), only those of the lines that wrote nothing ([`Silent`]), or a
/// count ([`Tally`]). Keeping no more than the writer needs spares a push per line.
trait Collect<T>: Send {
    /// Room for a task of `lines` lines.
    fn with_lines(lines: usize) -> Self;
    /// The next line's value; its output ends at `end` in the task's buffer.
    fn push(&mut self, value: T, end: usize);
}

/// Every line's value and the end of its output.
struct Every<T>(Vec<(T, usize)>);

impl<T: Send> Collect<T> for Every<T> {
    fn with_lines(lines: usize) -> Self {
        Every(Vec::with_capacity(lines))
    }
    #[inline]
    fn push(&mut self, value: T, end: usize) {
        self.0.push((value, end));
    }
}

/// The lines that wrote no output (a long line, which is written in its place): their index
/// in the task, value and where their output would be.
struct Silent<T> {
    items: Vec<(usize, T, usize)>,
    /// Lines pushed so far, and the end of the last one's output.
    lines: usize,
    end: usize,
}

impl<T: Send> Collect<T> for Silent<T> {
    fn with_lines(_: usize) -> Self {
        Silent {
            items: Vec::new(),
            lines: 0,
            end: 0,
        }
    }
    #[inline]
    fn push(&mut self, value: T, end: usize) {
        if end == self.end {
            self.items.push((self.lines, value, end));
        }
        self.lines += 1;
        self.end = end;
    }
}

/// How many lines said `true` (`validate`: wrote a report).
#[derive(Default)]
struct Tally(u64);

impl Collect<bool> for Tally {
    fn with_lines(_: usize) -> Self {
        Tally(0)
    }
    #[inline]
    fn push(&mut self, value: bool, _: usize) {
        self.0 += u64::from(value);
    }
}

/// The most output buffers kept for later tasks ([`keep_output`]).
const SPARE_OUTPUTS: usize = 16;

/// The largest output buffer kept for a later task: twice the most bytes of a chunk, so that
/// the buffer of a task that mapped a whole chunk (one task with one worker: up to
/// [`READ_BLOCK`] bytes from a file, [`CHUNK_BYTES`] from a pipe), whose output is about as
/// long as its input and whose last doubling may have left up to twice that, is kept for the
/// next chunk's task rather than freed, and that task's output does not start empty and
/// double its way up again (a copy of all it holds at each step). A bigger one (a long line's
/// output) is freed at once, so that the buffers kept never hold more than a few chunks'
/// worth.
const SPARE_OUTPUT_BYTES: usize = 2 * CHUNK_BYTES;

/// The output buffers of tasks written already, cleared, for the next tasks: a task's output
/// then starts with the room an earlier one grew to, rather than empty and doubling.
static SPARE: std::sync::Mutex<Vec<Vec<u8>>> = std::sync::Mutex::new(Vec::new());

/// An empty buffer for a task's output: one kept by [`keep_output`], else a new one.
fn spare_output() -> Vec<u8> {
    SPARE
        .lock()
        .ok()
        .and_then(|mut spare| spare.pop())
        .unwrap_or_default()
}

/// Keeps the buffer of a task written out for a later task, unless it is too big or enough
/// are kept.
fn keep_output(mut buf: Vec<u8>) {
    if buf.capacity() == 0 || buf.capacity() > SPARE_OUTPUT_BYTES {
        return;
    }
    buf.clear();
    if let Ok(mut spare) = SPARE.lock() {
        if spare.len() < SPARE_OUTPUTS {
            spare.push(buf);
        }
    }
}

/// What maps the lines of a task, one at a time, into the task's output: a closure
/// `Fn(Line, &mut Vec<u8>) -> T`, or [`WithScratch`], which also gets a buffer of its own
/// that lives as long as the task (no thread-local fetched per line).
pub trait LineMap<T>: Sync {
    /// What the map keeps from one line of a task to the next: made empty for each task.
    type State: Default;
    /// Maps one line, writing its output into `out`.
    fn map_line(&self, line: Line<'_>, out: &mut Vec<u8>, state: &mut Self::State) -> T;
}

impl<T, F> LineMap<T> for F
where
    F: Fn(Line<'_>, &mut Vec<u8>) -> T + Sync,
{
    type State = ();
    #[inline]
    fn map_line(&self, line: Line<'_>, out: &mut Vec<u8>, (): &mut ()) -> T {
        self(line, out)
    }
}

/// A map of lines given a scratch `String` of its task's own besides the task's output,
/// reused from one line to the next.
pub struct WithScratch<F>(pub F);

impl<T, F> LineMap<T> for WithScratch<F>
where
    F: Fn(Line<'_>, &mut Vec<u8>, &mut String) -> T + Sync,
{
    type State = String;
    #[inline]
    fn map_line(&self, line: Line<'_>, out: &mut Vec<u8>, scratch: &mut String) -> T {
        (self.0)(line, out, scratch)
    }
}

/// Maps every line of a chunk, in parallel when `parallel`, keeping the order.
fn map_chunk<T, C, M>(chunk: &Chunk, map: &M, parallel: bool, stats: bool) -> Vec<Task<C>>
where
    T: Send,
    C: Collect<T>,
    M: LineMap<T>,
{
    let run = |range: Range<usize>| {
        // The task's lines lie end to end in `data`: one UTF-8 check for all of them (SIMD,
        // `simdutf8`), which costs much less than one per line (the lines of a task that is not all UTF-8 are
        // checked one by one, by `Line::utf8`).
        let span = match (
            chunk.lines.get(range.start),
            chunk.lines.get(range.end.wrapping_sub(1)),
        ) {
            (Some(first), Some(last)) if !chunk.arguments => {
                simdutf8::basic::from_utf8(&chunk.data[first.start..last.end])
                    .ok()
                    .map(|text| (text, first.start))
            }
            _ => None,
        };
        let mut task = Task {
            out: spare_output(),
            items: C::with_lines(range.len()),
            stats: stats.then(|| Stats::new(settings().stats.is_some_and(|s| s.lint))),
        };
        let first = range.start;
        let mut state = M::State::default();
        for (k, r) in chunk.lines[range].iter().enumerate() {
            let line = chunk.line_in(first + k, r, span);
            if let Some(s) = &mut task.stats {
                s.add(line.bytes);
            }
            let value = map.map_line(line, &mut task.out, &mut state);
            task.items.push(value, task.out.len());
        }
        task
    };
    let n = chunk.lines.len();
    if !parallel || n < 2 {
        return vec![run(0..n)];
    }
    // A few tasks per worker, so that a slow stretch of lines does not hold the others up.
    let per_task = (n / (rayon::current_num_threads() * 4)).clamp(MIN_TASK_LINES, 1024);
    (0..n.div_ceil(per_task))
        .into_par_iter()
        .map(|k| run(k * per_task..((k + 1) * per_task).min(n)))
        .collect()
}

/// What the progress bar counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    /// Bytes of files whose total size is known: a bar with an ETA.
    Bytes,
    /// Lines of a stream of unknown length: a spinner with a rate.
    Lines,
}

/// A run over the inputs of one subcommand: its progress bar and its stats.
pub struct Batch {
    progress: Option<(ProgressBar, Unit)>,
    stdout_is_terminal: bool,
    stats: Option<Stats>,
}

impl Batch {
    /// A run over the arguments, or over standard input when there are none. A bar is shown
    /// when standard input is not a terminal and standard error is (and no `--quiet`): over
    /// bytes, with an ETA, when standard input is a file, else a spinner over lines. An
    /// argument that names a file gets a warning (see [`crate::input::warn_file_arguments`]).
    pub fn for_inputs(args: &[OsString]) -> Self {
        if args.is_empty() {
            note_terminal_stdin("IRIs");
        }
        crate::input::warn_file_arguments(args);
        let show = args.is_empty() && !io::stdin().is_terminal();
        Batch::new(show.then(stdin_progress))
    }

    /// A run over the sources of a file-reading subcommand: a bar over their bytes when they
    /// are all files, a spinner when one is standard input (unless it is a terminal).
    pub fn for_sources(sources: &[Source]) -> Self {
        let reads_stdin = sources.iter().any(|s| matches!(s, Source::Stdin));
        if reads_stdin {
            note_terminal_stdin("IRIs");
        }
        let progress = if reads_stdin {
            (!io::stdin().is_terminal()).then(stdin_progress)
        } else {
            let total = sources
                .iter()
                .filter_map(|s| match s {
                    Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
                    Source::Stdin => None,
                })
                .sum();
            Some((Some(total), Unit::Bytes))
        };
        Batch::new(progress)
    }

    fn new(progress: Option<(Option<u64>, Unit)>) -> Self {
        let settings = settings();
        let show = !settings.quiet && io::stderr().is_terminal();
        Batch {
            progress: progress
                .filter(|_| show)
                .map(|(total, unit)| (progress_bar(total, unit), unit)),
            stdout_is_terminal: io::stdout().is_terminal(),
            stats: settings.stats.map(|s| Stats::new(s.lint)),
        }
    }

    /// Shows the name of the source being read next to the bar.
    pub fn set_message(&self, name: &str) {
        if let Some((pb, _)) = &self.progress {
            pb.set_message(name.to_owned());
        }
    }

    /// Writes `iri: MESSAGE` on standard error without tearing the bar.
    pub fn warn(&self, message: impl std::fmt::Display) {
        match &self.progress {
            Some((pb, _)) => pb.suspend(|| warn(message)),
            None => warn(message),
        }
    }

    /// Runs over the arguments, or the lines of standard input when there are none: `map` on
    /// the workers, `emit` in input order with the output `map` wrote (see the module
    /// documentation). An error reading standard input names `<stdin>`.
    pub fn inputs<T, W, M, E>(
        &mut self,
        args: Vec<OsString>,
        out: &mut W,
        map: M,
        mut emit: E,
    ) -> io::Result<()>
    where
        T: Send,
        W: Write,
        M: Fn(Line<'_>, &mut Vec<u8>) -> T + Sync,
        E: FnMut(&mut W, Line<'_>, T, &[u8]) -> io::Result<()>,
    {
        self.run_inputs(args, out, map, |b: &mut Self, chunk, tasks, out| {
            b.emit_each(chunk, tasks, out, &mut emit)
        })
    }

    /// [`Batch::inputs`] with `write` handing the mapped tasks of each chunk out.
    fn run_inputs<T, C, W, M, F>(
        &mut self,
        args: Vec<OsString>,
        out: &mut W,
        map: M,
        mut write: F,
    ) -> io::Result<()>
    where
        T: Send,
        C: Collect<T>,
        W: Write,
        M: LineMap<T>,
        F: FnMut(&mut Self, &Chunk, Vec<Task<C>>, &mut W) -> io::Result<()>,
    {
        if args.is_empty() {
            return match self.run_lines(stdin_reader(), out, map, write) {
                Ok(()) => Ok(()),
                Err(SourceError::Read(e)) => Err(with_context("<stdin>", e)),
                Err(SourceError::Write(e)) => Err(e),
            };
        }
        let mut chunk = Chunk::new(true);
        for arg in args {
            push_argument(&mut chunk, arg);
        }
        let parallel = parallel_for(chunk.lines.len(), true);
        let tasks = map_chunk(&chunk, &map, parallel, self.stats.is_some());
        write(self, &chunk, tasks, out)?;
        self.chunk_written(&chunk, out)
    }

    /// Runs over the lines of `reader`, numbered from 1: `map` on the workers, `emit` in
    /// input order. A read error ends the run after the lines read before it are written.
    /// The output of a chunk cut short (nothing more to read yet) is flushed at once.
    pub fn lines<T, W, M, E>(
        &mut self,
        reader: impl LineRead,
        out: &mut W,
        map: M,
        mut emit: E,
    ) -> Result<(), SourceError>
    where
        T: Send,
        W: Write,
        M: Fn(Line<'_>, &mut Vec<u8>) -> T + Sync,
        E: FnMut(&mut W, Line<'_>, T, &[u8]) -> io::Result<()>,
    {
        self.run_lines(reader, out, map, |b: &mut Self, chunk, tasks, out| {
            b.emit_each(chunk, tasks, out, &mut emit)
        })
    }

    /// [`Batch::lines`] for a `map` that says whether it wrote something (`validate`: a
    /// report): the outputs are written as they are, a task at a time, and `counts` gets
    /// the lines read and how many said `true`.
    pub fn lines_counted<W, M>(
        &mut self,
        reader: impl LineRead,
        out: &mut W,
        map: M,
        counts: &mut crate::input::Counts,
    ) -> Result<(), SourceError>
    where
        W: Write,
        M: Fn(Line<'_>, &mut Vec<u8>) -> bool + Sync,
    {
        self.run_lines(reader, out, map, |b: &mut Self, chunk, tasks, out| {
            counts.lines += chunk.lines.len() as u64;
            let tasks: Vec<Task<Tally>> = tasks;
            for task in tasks {
                let Task {
                    out: text,
                    items,
                    stats,
                } = task;
                counts.invalid += items.0;
                out.write_all(&text)?;
                b.task_written(text, stats);
            }
            Ok(())
        })
    }

    /// [`Batch::lines`] with `write` handing the mapped tasks of each chunk out.
    fn run_lines<T, C, W, M, F>(
        &mut self,
        reader: impl LineRead,
        out: &mut W,
        map: M,
        mut write: F,
    ) -> Result<(), SourceError>
    where
        T: Send,
        C: Collect<T>,
        W: Write,
        M: LineMap<T>,
        F: FnMut(&mut Self, &Chunk, Vec<Task<C>>, &mut W) -> io::Result<()>,
    {
        let mut emit_chunk = |b: &mut Self, chunk: &Chunk, tasks, out: &mut W| {
            write(b, chunk, tasks, out)?;
            b.chunk_written(chunk, out)
        };
        let mut reader = reader;
        let stats = self.stats.is_some();
        let mut next = 1;
        let mut cur = Chunk::new(false);
        let mut read_error = cur.fill(&mut reader, &mut next, true).err();
        let whole_input = cur.at_end || read_error.is_some();
        if !parallel_for(cur.lines.len(), whole_input) {
            while !cur.lines.is_empty() {
                let tasks = map_chunk(&cur, &map, false, stats);
                emit_chunk(self, &cur, tasks, out).map_err(SourceError::Write)?;
                if read_error.is_some() || cur.at_end {
                    break;
                }
                read_error = cur.fill(&mut reader, &mut next, true).err();
            }
        } else {
            // `cur` is read and waits to be mapped; `spare` holds the chunk before it, whose
            // mapping is `prev`, waiting to be written.
            let mut spare = Chunk::new(false);
            let mut prev: Option<Vec<Task<C>>> = None;
            loop {
                let mut mapped = None;
                let read_more = read_error.is_none() && !cur.lines.is_empty() && !cur.at_end;
                let mut io_result: io::Result<Option<io::Error>> = Ok(None);
                rayon::in_place_scope(|scope| {
                    if !cur.lines.is_empty() {
                        let (cur, map, mapped) = (&cur, &map, &mut mapped);
                        scope.spawn(move |_| *mapped = Some(map_chunk(cur, map, true, stats)));
                    }
                    io_result = (|| {
                        if let Some(tasks) = prev.take() {
                            emit_chunk(self, &spare, tasks, out)?;
                        }
                        if read_more {
                            Ok(spare.fill_after(&cur, &mut reader, &mut next, false).err())
                        } else {
                            spare.clear();
                            Ok(None)
                        }
                    })();
                });
                match io_result {
                    Err(e) => return Err(SourceError::Write(e)),
                    Ok(Some(e)) => read_error = Some(e),
                    Ok(None) => {}
                }
                if mapped.is_none() {
                    break;
                }
                prev = mapped;
                std::mem::swap(&mut cur, &mut spare);
                if read_more && read_error.is_none() && cur.lines.is_empty() && !cur.at_end {
                    // Nothing was there to read: write what is mapped, then wait for input.
                    if let Some(tasks) = prev.take() {
                        emit_chunk(self, &spare, tasks, out).map_err(SourceError::Write)?;
                    }
                    out.flush().map_err(SourceError::Write)?;
                    read_error = cur.fill(&mut reader, &mut next, true).err();
                }
            }
        }
        match read_error {
            Some(e) => Err(SourceError::Read(e)),
            None => Ok(()),
        }
    }

    /// Hands each line of a mapped chunk to `emit`, in order, with its output.
    fn emit_each<T, W, E>(
        &mut self,
        chunk: &Chunk,
        tasks: Vec<Task<Every<T>>>,
        out: &mut W,
        emit: &mut E,
    ) -> io::Result<()>
    where
        W: Write,
        E: FnMut(&mut W, Line<'_>, T, &[u8]) -> io::Result<()>,
    {
        let mut i = 0;
        for task in tasks {
            let mut start = 0;
            for (value, end) in task.items.0 {
                emit(out, chunk.line(i), value, &task.out[start..end])?;
                start = end;
                i += 1;
            }
            self.task_written(task.out, task.stats);
        }
        Ok(())
    }

    /// Writes the outputs of a mapped chunk, a task in as few pieces as can be (one
    /// `write_all` for a task, not one per line), and calls `emit` only for the lines whose
    /// output is empty (a long line, which `map` was not given), with an empty text, once
    /// what comes before is written, so that it may write that line's output in its place.
    fn emit_silent<T, W, E>(
        &mut self,
        chunk: &Chunk,
        tasks: Vec<Task<Silent<T>>>,
        out: &mut W,
        emit: &mut E,
    ) -> io::Result<()>
    where
        W: Write,
        E: FnMut(&mut W, Line<'_>, T, &[u8]) -> io::Result<()>,
    {
        // The index of the task's first line.
        let mut first = 0;
        for task in tasks {
            // The start of the outputs not written yet.
            let mut written = 0;
            for (k, value, at) in task.items.items {
                if written < at {
                    out.write_all(&task.out[written..at])?;
                    written = at;
                }
                emit(out, chunk.line(first + k), value, &[])?;
            }
            out.write_all(&task.out[written..])?;
            first += task.items.lines;
            self.task_written(task.out, task.stats);
        }
        Ok(())
    }

    /// A task's outputs are written: its stats are added, its buffer kept for another.
    fn task_written(&mut self, out: Vec<u8>, stats: Option<Stats>) {
        if let (Some(all), Some(these)) = (&mut self.stats, stats) {
            all.merge(these);
        }
        keep_output(out);
    }

    /// A chunk's outputs are written: counts progress, and flushes the output when the bar
    /// shares the screen or more input is not there yet.
    fn chunk_written<W: Write>(&mut self, chunk: &Chunk, out: &mut W) -> io::Result<()> {
        if let Some((pb, unit)) = &self.progress {
            pb.inc(match unit {
                Unit::Bytes => chunk.consumed,
                Unit::Lines => chunk.lines.len() as u64,
            });
            if self.stdout_is_terminal {
                // Output and bar share the screen: write the lines above the bar.
                pb.suspend(|| out.flush())?;
            }
        }
        if chunk.cut {
            // More input is not there yet: the results so far are not to wait for it.
            out.flush()?;
        }
        Ok(())
    }
    /// Ends the run: clears the bar and writes the stats, if asked for, on standard error.
    pub fn finish(mut self) {
        self.clear();
        if let (Some(stats), Some(spec)) = (&self.stats, settings().stats) {
            let _ = stats.write(&mut io::stderr().lock(), spec.format);
        }
    }

    fn clear(&mut self) {
        if let Some((pb, _)) = self.progress.take() {
            pb.finish_and_clear();
        }
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        // A run cut short (a closed pipe) leaves no bar behind.
        self.clear();
    }
}

/// Tells a person at a terminal that the command waits for `what` there (unless `--quiet`):
/// `iri: reading IRIs from standard input (Ctrl-D to end)` on standard error.
pub fn note_terminal_stdin(what: &str) {
    if io::stdin().is_terminal() && !settings().quiet {
        let end = if cfg!(windows) {
            "Ctrl-Z, Enter"
        } else {
            "Ctrl-D"
        };
        warn(format_args!(
            "reading {what} from standard input ({end} to end)"
        ));
    }
}

/// What the bar over standard input counts: its bytes when it is a regular file (`< FILE`),
/// whose size is known, else its lines.
fn stdin_progress() -> (Option<u64>, Unit) {
    match std::fs::metadata("/dev/stdin") {
        Ok(m) if m.is_file() => (Some(m.len()), Unit::Bytes),
        _ => (None, Unit::Lines),
    }
}

/// A rate of lines per second as the bar shows it: rounded, with the separators of its count
/// (`{human_pos}`: `12,346`).
fn rate_text(per_sec: f64) -> String {
    let n = if per_sec.is_finite() && per_sec > 0.0 {
        per_sec.round() as u64
    } else {
        0
    };
    indicatif::HumanCount(n).to_string()
}

/// A progress bar on standard error: over a known total of bytes, with rate and ETA, or a
/// spinner over lines, with their rate.
fn progress_bar(total: Option<u64>, unit: Unit) -> ProgressBar {
    let template = match unit {
        Unit::Bytes => {
            "{spinner} [{elapsed_precise}] {wide_bar} {binary_bytes}/{binary_total_bytes} \
             {binary_bytes_per_sec} ETA {eta} {msg}"
        }
        Unit::Lines => "{spinner} [{elapsed_precise}] {human_pos} lines, {rate} lines/s {msg}",
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate_text(state.per_sec()));
            },
        );
    let pb = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr()).with_style(style);
    pb.enable_steady_tick(Duration::from_millis(200));
    pb
}

/// The length from which an input is a long line for [`each_input_streamed`]: its output is
/// written on the writing thread, straight to the output, rather than made on a worker into
/// the task's buffer.
pub const LONG_LINE: usize = 1 << 20;

/// The simplest way to plug a subcommand in: each input (argument, or line of standard
/// input) goes to `map` on the workers, which writes its output line(s) into the buffer and
/// says whether the input was fine (its third argument: a scratch `String` of the task's own,
/// handed from one input to the next as the last one left it); the outputs are written to `out` in input order. Progress
/// and `--stats` come with it. Returns whether every input was fine.
///
/// A long input (at least [`LONG_LINE`] bytes) is not given to `map`: `long` writes its
/// output straight to `out`, on the writing thread, in its place in the input order, once
/// every output before it is written ([`Batch::inputs_streamed`]). So the output of a long
/// line, which in JSON and TSV echoes the input besides the result, is never held whole in
/// memory: the line and what `long` builds to write are (a 100 MB line's JSON took four times
/// the line through the task's buffer).
pub fn each_input_streamed<W, M, L>(
    args: Vec<OsString>,
    out: &mut W,
    map: M,
    long: L,
) -> io::Result<bool>
where
    W: Write,
    M: Fn(Line<'_>, &mut Vec<u8>, &mut String) -> bool + Sync,
    L: FnMut(&mut W, Line<'_>) -> io::Result<bool>,
{
    let mut batch = Batch::for_inputs(&args);
    let failed = std::sync::atomic::AtomicBool::new(false);
    let map = |line: Line<'_>, buf: &mut Vec<u8>, scratch: &mut String| {
        let ok = map(line, buf, scratch);
        if !ok {
            failed.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        ok
    };
    let mut all_ok = true;
    // The outputs go out a task at a time; the lines that wrote one say how they went in
    // `failed`, the others (long lines) here.
    let mut long = long;
    let short = WithScratch(|line: Line<'_>, buf: &mut Vec<u8>, scratch: &mut String| {
        (line.bytes.len() < LONG_LINE).then(|| map(line, buf, scratch))
    });
    let mut emit = |out: &mut W, line: Line<'_>, value: Option<bool>, _: &[u8]| {
        all_ok &= match value {
            Some(ok) => ok,
            None => long(out, line)?,
        };
        Ok(())
    };
    batch.run_inputs(args, out, short, |b: &mut Batch, chunk, tasks, out| {
        b.emit_silent(chunk, tasks, out, &mut emit)
    })?;
    batch.finish();
    Ok(all_ok && !failed.into_inner())
}

impl Batch {
    /// [`Batch::inputs`], where a long input (at least [`LONG_LINE`] bytes) is not given to
    /// `map`: `long` writes its output straight to `out` and makes its value, on the writing
    /// thread, in its place in the input order; `emit` then gets that value and no text (see
    /// [`each_input_streamed`]).
    pub fn inputs_streamed<T, W, M, L, E>(
        &mut self,
        args: Vec<OsString>,
        out: &mut W,
        map: M,
        mut long: L,
        mut emit: E,
    ) -> io::Result<()>
    where
        T: Send,
        W: Write,
        M: Fn(Line<'_>, &mut Vec<u8>) -> T + Sync,
        L: FnMut(&mut W, Line<'_>) -> io::Result<T>,
        E: FnMut(&mut W, Line<'_>, T, &[u8]) -> io::Result<()>,
    {
        let short = |line: Line<'_>, buf: &mut Vec<u8>| {
            (line.bytes.len() < LONG_LINE).then(|| map(line, buf))
        };
        self.inputs(args, out, short, |out, line, value, text| {
            let value = match value {
                Some(value) => value,
                None => long(out, line)?,
            };
            emit(out, line, value, text)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_has_the_separators_of_the_count() {
        assert_eq!(rate_text(12_345.6), "12,346");
        assert_eq!(rate_text(999.4), "999");
        assert_eq!(rate_text(1_234_567.0), "1,234,567");
        assert_eq!(rate_text(f64::NAN), "0");
        assert_eq!(indicatif::HumanCount(1_234_567).to_string(), "1,234,567");
    }

    #[test]
    fn workers_never_outnumber_the_tasks_of_a_whole_input() {
        // One line: the calling thread alone, whatever was asked.
        assert_eq!(workers_for(256, 2, 1, true), 1);
        assert_eq!(workers_for(0, 64, 1, true), 1);
        // 100 lines make 7 tasks of at least 16 lines.
        assert_eq!(workers_for(256, 2, 100, true), 7);
        assert_eq!(workers_for(4, 2, 100, true), 4);
        // A stream whose end is not in sight gets what was asked (0: one per core).
        assert_eq!(workers_for(256, 2, 1, false), 256);
        assert_eq!(workers_for(0, 8, 1, false), 8);
        // Never more than the cap.
        assert_eq!(workers_for(100_000, 2, usize::MAX, true), MAX_THREADS);
    }
    fn read_all(input: &[u8]) -> Vec<(usize, Vec<u8>)> {
        let mut reader = input;
        let mut chunk = Chunk::new(false);
        let mut next = 1;
        let mut out = Vec::new();
        loop {
            chunk.fill(&mut reader, &mut next, true).unwrap();
            if chunk.lines.is_empty() {
                return out;
            }
            for i in 0..chunk.lines.len() {
                let line = chunk.line(i);
                let Origin::Line(n) = line.origin else {
                    panic!()
                };
                out.push((n, line.bytes.to_vec()));
            }
        }
    }

    #[test]
    fn chunks_strip_lf_then_cr_and_keep_empty_lines() {
        let got = read_all(b"a\r\nb\n\nc\r\r\nd\re\r");
        let want: Vec<(usize, Vec<u8>)> = [&b"a"[..], b"b", b"", b"c\r", b"d\re"]
            .iter()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_vec()))
            .collect();
        assert_eq!(got, want);
        assert!(read_all(b"").is_empty());
    }

    /// A reader that may wait, as far as the chunk knows (as a pipe): its lines are taken
    /// out of its buffer ([`Chunk::fill_from_buffer`]), not read straight into the chunk.
    struct Buffered<R>(R);

    impl<R: io::BufRead> io::Read for Buffered<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }

    impl<R: io::BufRead> io::BufRead for Buffered<R> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            self.0.fill_buf()
        }
        fn consume(&mut self, n: usize) {
            self.0.consume(n)
        }
    }

    impl<R: io::BufRead> LineRead for Buffered<R> {}

    #[test]
    fn chunks_are_bounded_and_numbered_across() {
        let mut input = Vec::new();
        for i in 0..(CHUNK_LINES * 2 + 5) {
            input.extend_from_slice(format!("{i}\n").as_bytes());
        }
        let mut reader = Buffered(&input[..]);
        let mut chunk = Chunk::new(false);
        let mut next = 1;
        chunk.fill(&mut reader, &mut next, true).unwrap();
        assert_eq!(chunk.lines.len(), CHUNK_LINES);
        assert!(!chunk.at_end);
        chunk.fill(&mut reader, &mut next, true).unwrap();
        assert_eq!(chunk.first, CHUNK_LINES + 1);
        assert_eq!(chunk.line(0).bytes, CHUNK_LINES.to_string().as_bytes());
        chunk.fill(&mut reader, &mut next, true).unwrap();
        assert_eq!(chunk.lines.len(), 5);
        assert!(chunk.at_end, "the end is seen with the last lines");
        let got = read_all(&input);
        assert_eq!(got.len(), CHUNK_LINES * 2 + 5);
        assert!(got.iter().all(|(n, l)| (n - 1).to_string().as_bytes() == l));
        // A long line is a chunk of its own.
        let mut long = vec![b'x'; CHUNK_BYTES + 10];
        long.extend_from_slice(b"\ny\n");
        let mut reader = Buffered(&long[..]);
        chunk.fill(&mut reader, &mut next, true).unwrap();
        assert_eq!(chunk.lines.len(), 1);
    }

    #[test]
    fn lines_across_blocks_are_whole() {
        // Lines longer and shorter than the reader's buffer, CR LF across a block boundary,
        // a last line without line feed: the same lines whatever the buffer's size.
        let mut input = Vec::new();
        for i in 0..200usize {
            input.extend(std::iter::repeat_n(b'a' + (i % 26) as u8, i % 37));
            input.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
        }
        input.extend_from_slice(b"last\r");
        let want = read_all(&input);
        assert_eq!(want.len(), 201);
        assert_eq!(want[200].1, b"last");
        for cap in [1, 2, 3, 7, 16, 64] {
            let mut reader = Buffered(io::BufReader::with_capacity(cap, &input[..]));
            let mut chunk = Chunk::new(false);
            let mut next = 1;
            let mut got = Vec::new();
            loop {
                chunk.fill(&mut reader, &mut next, true).unwrap();
                got.extend((0..chunk.lines.len()).map(|i| {
                    let line = chunk.line(i);
                    (line.origin.number(), line.bytes.to_vec())
                }));
                if chunk.at_end {
                    break;
                }
            }
            assert_eq!(got, want, "buffer of {cap}");
            assert_eq!(next, 202);
        }
    }

    /// Lines that come one at a time and are never said to be ready: as a pipe whose writer
    /// is slow (its buffer holds one line when it is read).
    struct NeverReady<'a>(&'a [u8]);

    impl io::Read for NeverReady<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }

    impl io::BufRead for NeverReady<'_> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            let line = self
                .0
                .iter()
                .position(|&b| b == b'\n')
                .map_or(self.0.len(), |i| i + 1);
            Ok(&self.0[..line])
        }
        fn consume(&mut self, n: usize) {
            self.0 = &self.0[n..];
        }
    }

    impl LineRead for NeverReady<'_> {
        fn line_ready(&mut self) -> bool {
            false
        }
    }

    #[test]
    fn chunks_are_cut_when_no_line_is_ready() {
        let mut reader = NeverReady(b"a\nb\nc\n");
        let mut chunk = Chunk::new(false);
        let mut next = 1;
        // Waiting: one line, then the chunk is cut.
        chunk.fill(&mut reader, &mut next, true).unwrap();
        assert_eq!(
            (chunk.lines.len(), chunk.cut, chunk.at_end),
            (1, true, false)
        );
        // Not waiting: nothing read, not at the end.
        chunk.fill(&mut reader, &mut next, false).unwrap();
        assert_eq!(
            (chunk.lines.len(), chunk.cut, chunk.at_end),
            (0, true, false)
        );
        assert_eq!(next, 2);
        // A reader that is always ready (memory) fills whole chunks and is never cut.
        let input = b"a\nb\nc\n";
        let mut reader = &input[..];
        chunk.fill(&mut reader, &mut next, false).unwrap();
        assert_eq!((chunk.lines.len(), chunk.cut), (3, false));
    }

    #[test]
    fn a_long_line_is_held_in_little_more_than_its_size() {
        // Below and above a chunk's bytes; doubling left 2 MiB for the first, 16 MiB for the
        // second.
        for n in [(1 << 20) + 15, 3 * CHUNK_BYTES + 12_345] {
            let mut input = vec![b'x'; n];
            input.extend_from_slice(b"\ny\n");
            // Out of the reader's buffer, and straight into the chunk.
            let mut chunk = Chunk::new(false);
            let mut reader = Buffered(io::BufReader::with_capacity(1 << 16, &input[..]));
            chunk.fill(&mut reader, &mut 1, true).unwrap();
            assert_eq!(chunk.line(0).bytes.len(), n);
            let cap = chunk.data.capacity();
            assert!(cap <= n + n / 8 + (1 << 16), "capacity {cap} for {n}");
            let mut chunk = Chunk::new(false);
            let mut reader = io::BufReader::with_capacity(1 << 16, &input[..]);
            chunk.fill(&mut reader, &mut 1, true).unwrap();
            assert_eq!(chunk.line(0).bytes.len(), n);
            let cap = chunk.data.capacity();
            assert!(
                cap <= n + n / 8 + (1 << 16),
                "capacity {cap} for {n}, read straight"
            );
            // The line after it came with the same read.
            assert_eq!(chunk.line(1).bytes, b"y");
        }
    }

    #[test]
    fn arguments_are_moved_into_the_chunk() {
        let mut chunk = Chunk::new(true);
        push_argument(&mut chunk, OsString::new());
        let long = "y".repeat(1000);
        let at = long.as_ptr();
        push_argument(&mut chunk, OsString::from(long));
        assert_eq!(
            chunk.data.as_ptr(),
            at,
            "the first non-empty argument is not copied"
        );
        push_argument(&mut chunk, OsString::from("z"));
        let got: Vec<usize> = (0..3).map(|i| chunk.line(i).bytes.len()).collect();
        assert_eq!(got, [0, 1000, 1]);
        assert_eq!(chunk.line(2).bytes, b"z");
    }

    #[test]
    fn long_lines_are_written_in_their_place() {
        let long = "x".repeat(LONG_LINE);
        let shorter = "w".repeat(LONG_LINE - 1);
        let args: Vec<OsString> = ["a", &long, &shorter, "b"].map(OsString::from).to_vec();
        let mut out = Vec::new();
        let mut longs = Vec::new();
        let ok = each_input_streamed(
            args,
            &mut out,
            |line, buf, _| {
                buf.extend_from_slice(format!("short {}\n", line.bytes.len()).as_bytes());
                line.bytes != b"b"
            },
            |out, line| {
                longs.push(line.origin);
                writeln!(out, "long {}", line.bytes.len())?;
                Ok(true)
            },
        )
        .unwrap();
        let want = format!(
            "short 1\nlong {LONG_LINE}\nshort {}\nshort 1\n",
            LONG_LINE - 1
        );
        assert_eq!(String::from_utf8(out).unwrap(), want);
        assert_eq!(longs, [Origin::Argument(2)]);
        assert!(!ok, "the last input was not fine");
    }

    #[test]
    fn parallel_mapping_keeps_the_order() {
        let mut chunk = Chunk::new(false);
        let input: Vec<u8> = (0..5000)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        chunk.fill(&mut &input[..], &mut 1, true).unwrap();
        let map = |line: Line<'_>, out: &mut Vec<u8>| {
            out.extend_from_slice(line.bytes);
            line.bytes.len()
        };
        let tasks: Vec<Task<Every<usize>>> = map_chunk(&chunk, &map, true, true);
        assert!(tasks.len() > 1);
        let mut i = 0;
        for task in tasks {
            let mut start = 0;
            for (len, end) in task.items.0 {
                assert_eq!(&task.out[start..end], i.to_string().as_bytes());
                assert_eq!(len, end - start);
                start = end;
                i += 1;
            }
        }
        assert_eq!(i, 5000);
    }

    #[test]
    fn a_task_hands_its_scratch_from_one_line_to_the_next() {
        let mut chunk = Chunk::new(false);
        let input: Vec<u8> = (0..5000)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        chunk.fill(&mut &input[..], &mut 1, true).unwrap();
        // Each line adds a letter to the scratch, so that its length tells how many lines of
        // the task came before; it is empty at the start of each task.
        let map = WithScratch(|line: Line<'_>, out: &mut Vec<u8>, scratch: &mut String| {
            scratch.push('x');
            out.extend_from_slice(line.bytes);
            scratch.len()
        });
        for parallel in [false, true] {
            let tasks: Vec<Task<Every<usize>>> = map_chunk(&chunk, &map, parallel, false);
            assert_eq!(tasks.len() > 1, parallel);
            let mut i = 0;
            for task in tasks {
                let mut start = 0;
                for (k, (len, end)) in task.items.0.into_iter().enumerate() {
                    assert_eq!(len, k + 1, "line {i}, the task's line {k}");
                    assert_eq!(&task.out[start..end], i.to_string().as_bytes());
                    start = end;
                    i += 1;
                }
            }
            assert_eq!(i, 5000);
        }
    }

    /// A reader of memory that gives at most `most` bytes a read, and fails once after
    /// `fail_at` bytes if asked.
    struct Trickle<'a> {
        rest: &'a [u8],
        most: usize,
        fail_at: Option<usize>,
        given: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.fail_at == Some(self.given) {
                self.fail_at = None;
                return Err(io::Error::other("broken"));
            }
            let mut n = buf.len().min(self.most).min(self.rest.len());
            if let Some(at) = self.fail_at {
                n = n.min(at - self.given);
            }
            buf[..n].copy_from_slice(&self.rest[..n]);
            self.rest = &self.rest[n..];
            self.given += n;
            Ok(n)
        }
    }

    /// The lines of `input` as the chunks are meant to give them: split at each line feed,
    /// one trailing carriage return stripped, no line after a final line feed.
    fn split_lines(input: &[u8]) -> Vec<(usize, Vec<u8>)> {
        let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
        if lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        lines
            .into_iter()
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .collect()
    }

    /// Reads `input` straight into two chunks taking turns, as the workers' loop does (each
    /// one begins with what the other read after its last line), or into one chunk over and
    /// over; blocks of `block` bytes, reads of at most `most`.
    fn read_direct(input: &[u8], block: usize, most: usize, two: bool) -> Vec<(usize, Vec<u8>)> {
        let mut trickle = Trickle {
            rest: input,
            most,
            fail_at: None,
            given: 0,
        };
        let mut reader = ReadOnly(&mut trickle);
        let mut chunks = [Chunk::new(false), Chunk::new(false)];
        for c in &mut chunks {
            c.block = block;
        }
        let mut next = 1;
        let mut got = Vec::new();
        let mut consumed = 0;
        chunks[0].fill(&mut reader, &mut next, true).unwrap();
        let mut k = 0;
        loop {
            let chunk = &chunks[k];
            consumed += chunk.consumed;
            got.extend((0..chunk.lines.len()).map(|i| {
                let line = chunk.line(i);
                (line.origin.number(), line.bytes.to_vec())
            }));
            if chunk.at_end {
                break;
            }
            if two {
                let [a, b] = &mut chunks;
                let (from, to) = if k == 0 { (&*a, b) } else { (&*b, a) };
                to.fill_after(from, &mut reader, &mut next, true).unwrap();
                k = 1 - k;
            } else {
                chunks[0].fill(&mut reader, &mut next, true).unwrap();
            }
        }
        assert_eq!(
            consumed,
            input.len() as u64,
            "block {block}, reads of {most}"
        );
        got
    }

    /// A reader that never waits, over any `Read`.
    struct ReadOnly<'a, R>(&'a mut R);

    impl<R: io::Read> io::Read for ReadOnly<'_, R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0.read(buf)
        }
    }

    impl<R: io::Read> io::BufRead for ReadOnly<'_, R> {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            unreachable!("read straight, never through a buffer")
        }
        fn consume(&mut self, _: usize) {}
    }

    impl<R: io::Read> LineRead for ReadOnly<'_, R> {
        fn never_waits(&self) -> bool {
            true
        }
    }

    #[test]
    fn lines_read_straight_are_whole_at_every_block_boundary() {
        // Empty lines, CR LF (so a CR at the end of one read and its LF at the start of the
        // next), a lone CR inside a line, lines longer than a block, invalid UTF-8, with and
        // without a final line feed.
        let mut input = Vec::new();
        for i in 0..60usize {
            input.extend(std::iter::repeat_n(b'a' + (i % 26) as u8, (i * 7) % 23));
            match i % 5 {
                0 => input.extend_from_slice(b"\r\n"),
                1 => input.extend_from_slice(b"\n\n"),
                2 => input.extend_from_slice(b"x\ry\xff\n"),
                _ => input.push(b'\n'),
            }
        }
        for end in [&b""[..], b"last", b"last\r", b"\r\n", b"\n\r"] {
            let mut input = input.clone();
            input.extend_from_slice(end);
            let want = split_lines(&input);
            for block in 1..=40 {
                for most in [1, 2, 3, 5, 8, 13, usize::MAX] {
                    for two in [false, true] {
                        let got = read_direct(&input, block, most, two);
                        assert_eq!(got, want, "block {block}, reads of {most}, two {two}");
                    }
                }
            }
        }
    }

    #[test]
    fn lines_read_straight_are_at_most_a_chunk_of_lines() {
        // Empty lines only: a block holds more lines than a chunk takes; the rest are carried
        // over, line numbers running on.
        let input = vec![b'\n'; READ_LINES * 2 + 5];
        let mut reader = &input[..];
        let mut chunk = Chunk::new(false);
        chunk.block = READ_LINES * 4;
        let mut next = 1;
        let mut sizes = Vec::new();
        loop {
            chunk.fill(&mut reader, &mut next, true).unwrap();
            sizes.push((chunk.first, chunk.lines.len()));
            if chunk.at_end {
                break;
            }
        }
        assert_eq!(
            sizes,
            [
                (1, READ_LINES),
                (READ_LINES + 1, READ_LINES),
                (2 * READ_LINES + 1, 5),
                (2 * READ_LINES + 6, 0)
            ]
        );
        assert_eq!(next, 2 * READ_LINES + 6);
    }

    #[test]
    fn a_read_error_straight_into_the_chunk_comes_after_the_lines_before_it() {
        let input = b"a\nbb\r\nccc";
        for fail_at in 0..input.len() {
            let mut reader = ReadOnly(&mut Trickle {
                rest: input,
                most: 2,
                fail_at: Some(fail_at),
                given: 0,
            });
            let mut chunk = Chunk::new(false);
            chunk.block = 4;
            let mut next = 1;
            let mut got = Vec::new();
            let error = loop {
                if let Err(e) = chunk.fill(&mut reader, &mut next, true) {
                    break Some(e);
                }
                got.extend((0..chunk.lines.len()).map(|i| chunk.line(i).bytes.to_vec()));
                if chunk.at_end {
                    break None;
                }
            };
            let error = error.expect("the error is reported");
            assert_eq!(error.to_string(), "broken");
            // Every whole line read before the error, none after it, none twice.
            let whole = input[..fail_at].iter().filter(|&&b| b == b'\n').count();
            let want: Vec<Vec<u8>> = split_lines(input)
                .into_iter()
                .take(whole)
                .map(|(_, l)| l)
                .collect();
            assert_eq!(got, want, "fail at {fail_at}");
        }
    }

    #[test]
    fn the_output_of_a_whole_chunk_is_kept_for_the_next() {
        // Lines read straight from memory until a chunk is a whole block (one task with one
        // worker).
        let line = b"https://example.com/a/b/c?query=value#fragment\n";
        let input = line.repeat(4 * READ_BLOCK / line.len());
        let mut reader = &input[..];
        let mut chunk = Chunk::new(false);
        let mut next = 1;
        while chunk.data.len() < READ_BLOCK {
            chunk.fill(&mut reader, &mut next, true).unwrap();
        }
        chunk.fill(&mut reader, &mut next, true).unwrap();
        let lines = &chunk.lines;
        let input_bytes = lines[lines.len() - 1].end - lines[0].start;
        assert!(input_bytes > READ_BLOCK - line.len(), "{input_bytes}");
        // An output as long as the input (the text outputs), and one twice as long.
        for copies in [1, 2] {
            let map = |line: Line<'_>, out: &mut Vec<u8>| {
                for _ in 0..copies {
                    out.extend_from_slice(line.bytes);
                    out.push(b'\n');
                }
            };
            let tasks = map_chunk::<(), Every<()>, _>(&chunk, &map, false, false);
            assert_eq!(tasks.len(), 1);
            let out = &tasks[0].out;
            assert_eq!(out.len(), copies * (input_bytes + 1));
            // Kept by `keep_output`, not freed.
            assert!(out.capacity() <= SPARE_OUTPUT_BYTES, "{}", out.capacity());
        }
    }

    #[test]
    fn the_buffer_starts_small_and_doubles_up_to_the_block() {
        let input: Vec<u8> = (0..400_000)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let mut reader = &input[..];
        let mut chunk = Chunk::new(false);
        let mut next = 1;
        let mut sizes = Vec::new();
        loop {
            chunk.fill(&mut reader, &mut next, true).unwrap();
            sizes.push(chunk.data.len());
            if chunk.at_end {
                break;
            }
        }
        assert_eq!(
            sizes[..6],
            [1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20, 1 << 20]
        );
        assert_eq!(next, 400_001);
        // The chunk after the only one of a one-line input holds no block of its own.
        let mut line = vec![b'x'; READ_BLOCK];
        line.push(b'\n');
        let mut reader = &line[..];
        let (mut a, mut b) = (Chunk::new(false), Chunk::new(false));
        a.fill(&mut reader, &mut 1, true).unwrap();
        assert_eq!(a.line(0).bytes.len(), READ_BLOCK);
        b.fill_after(&a, &mut reader, &mut 2, true).unwrap();
        assert!(b.at_end && b.lines.is_empty());
        assert_eq!(b.data.len(), 1 << 16);
    }
}
