//! Peak memory of the commands on one long line, counted in-process by a counting allocator
//! (installed for this test binary only): every subcommand that reads lines, in each of its
//! output formats (`lint` also with `--stats=lint`, `extract` on one long token), must hold at
//! most 3·n bytes for a line of n bytes (10 MB, see below), whatever the line holds; each case
//! is one call of [`long_line`] with its own bound. Before, the text output repeated the
//! whole line for each diagnostic and the stats kept every diagnostic (a 5 MB line took more
//! than 24 GB), then the linter kept tables of each character (24 times the line).
//!
//! Everything runs on the calling thread (`--threads 1`), where the counts are kept. The line
//! is 10 MB in an optimized build and 1 MB in a debug build, where the linter's Unicode work
//! is slow (some 6 µs a byte); `IRI_MEMORY_MB` sets it (`IRI_MEMORY_MB=10 cargo test -p
//! iri-toolkit-cli --bin iri memory`: some 10 minutes).

use std::cell::Cell;
use std::ffi::OsString;
use std::io::{self, Write};
use std::sync::Once;

use crate::batch::{configure, Settings};
use crate::cli::{Format, FormatArg};
use crate::commands::{lint, validate};
use crate::stats::{StatsFormat, StatsSpec};

#[path = "counting.rs"]
mod counting;
use counting::{Counting, LIVE, PEAK};

#[global_allocator]
static COUNTING: Counting = Counting;

/// The bytes of the line: `IRI_MEMORY_MB`, else 10 MB optimized and 1 MB in debug.
fn n() -> usize {
    let default = if cfg!(debug_assertions) { 1 } else { 10 };
    let mb = std::env::var("IRI_MEMORY_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    mb << 20
}

/// One thread, and `--stats=lint` for every run of this test binary (so the lint runs are those
/// of `iri --stats=lint lint`).
fn setup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        configure(Settings {
            threads: 1,
            quiet: true,
            stats: Some(StatsSpec {
                format: StatsFormat::Json,
                lint: true,
            }),
        })
    });
}

/// The peak of bytes live while `f` runs, above those live before.
fn peak(f: impl FnOnce()) -> usize {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    f();
    (PEAK.with(Cell::get) - base).max(0) as usize
}

/// A line of [`n`] bytes with a finding every 10 bytes (an overlong `/` and a zero-width space),
/// the worst case for the output; and a plain long line.
fn lines() -> [(&'static str, String); 2] {
    let unit = "x%C0%AF\u{200B}";
    let n = n();
    [
        ("dense", format!("http://a/{}", unit.repeat(n / unit.len()))),
        (
            "plain",
            format!("http://example.org/{}", "abcé/".repeat(n / 6)),
        ),
    ]
}

/// Counts what is written, keeping nothing.
#[derive(Default)]
struct Counted(usize);

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A temporary file's path for this test process.
fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("iri-memory-{}-{name}", std::process::id()))
}

/// Runs `iri -j 1 -q ARGS --format FORMAT` on one long `line` and checks that it holds at most
/// `bound` times the line at its peak; returns what it held and the bytes it wrote (to a
/// counter). The line is the last argument (`compare`'s last two), or the one line of a file
/// for the subcommands that read files. The global options in `args` (`--stats=lint`) are
/// those of the run, for this thread only.
///
/// What is held is the peak counted while the subcommand runs, plus the line itself when it is
/// an argument: an argument is moved into the batch's chunk, uncounted, where a line read from
/// standard input or a file is counted. `compare`'s two arguments are not added: it reads no
/// lines, and no shell passes it arguments of this size.
fn long_line(args: &[&str], format: &str, bound: f64, line: &str) -> (usize, usize) {
    use crate::cli::{Cli, Command};
    use crate::commands::{
        compare, dedup, display, extract, normalize, parse, relativize, resolve, to_iri, to_uri,
    };
    use clap::Parser;
    let sub = *args.iter().find(|a| !a.starts_with('-')).unwrap();
    let mut argv: Vec<OsString> = ["iri", "-j", "1", "-q"]
        .iter()
        .chain(args)
        .chain(&["--format", format])
        .map(OsString::from)
        .collect();
    let file = matches!(sub, "validate" | "dedup" | "extract").then(|| {
        let file = temp_file(&format!("{}-{format}", args.join("-").replace('/', "_")));
        std::fs::write(&file, format!("{line}\n")).unwrap();
        argv.push(file.clone().into_os_string());
        file
    });
    if file.is_none() {
        argv.push(OsString::from(line));
    }
    if sub == "compare" {
        argv.push(OsString::from(line));
    }
    let cli = Cli::try_parse_from(argv).unwrap();
    crate::batch::THIS_THREAD.with(|s| {
        s.set(Some(Settings {
            threads: cli.threads,
            quiet: cli.quiet,
            stats: cli.stats,
        }))
    });
    let mut out = Counted::default();
    let p = peak(|| {
        match cli.command {
            Command::Parse(a) => parse(a, &mut out),
            Command::Validate(a) => validate(a, &mut out),
            Command::ToUri(a) => to_uri(a, &mut out),
            Command::ToIri(a) => to_iri(a, &mut out),
            Command::Normalize(a) => normalize(a, &mut out),
            Command::Resolve(a) => resolve(a, &mut out),
            Command::Relativize(a) => relativize(a, &mut out),
            Command::Display(a) => display(a, &mut out),
            Command::Compare(a) => compare(a, &mut out),
            Command::Dedup(a) => dedup(a, &mut out),
            Command::Lint(a) => lint(a, &mut out),
            Command::Extract(a) => extract(a, &mut out),
            _ => unreachable!("reads no lines: {args:?}"),
        }
        .unwrap();
    });
    crate::batch::THIS_THREAD.with(|s| s.set(None));
    if let Some(file) = &file {
        std::fs::remove_file(file).unwrap();
    }
    let held = if file.is_none() && sub != "compare" {
        p + line.len()
    } else {
        p
    };
    eprintln!(
        "{args:?} {format}: held {held} bytes ({:.3} per byte), {} bytes written",
        held as f64 / line.len() as f64,
        out.0
    );
    assert!(
        held as f64 <= bound * line.len() as f64,
        "{args:?} {format}: held {held} bytes, more than {bound} times the line"
    );
    (held, out.0)
}

/// `iri --stats=lint lint` in text and JSON: the line, whose JSON echo is written straight out
/// (see [`LONG_LINE`](crate::batch::LONG_LINE)), and the checks walk each component without
/// tables of its characters. Before, the linter kept such
/// tables (some 32 bytes a byte for the decoded characters, bidi units and script runs), and
/// this was 48; the text repeated the line for each diagnostic.
#[test]
fn lint_text_and_json_in_linear_memory() {
    for (name, line) in lines() {
        for (format, bound) in [("text", 1.25), ("json", 1.25)] {
            eprint!("{name}: ");
            let (_, written) = long_line(&["--stats=lint", "lint"], format, bound, &line);
            // Text: the windows of at most 20 diagnostics of each code, not the line each time.
            if format == "text" {
                assert!(written < 64 << 10, "{name}: {written} bytes written");
            }
        }
    }
}

#[test]
fn stats_lint_over_validate_in_linear_memory() {
    for (name, line) in lines() {
        eprint!("{name}: ");
        long_line(&["--stats=lint", "validate"], "text", 1.25, &line);
    }
}

/// The most bytes `iri extract` may hold at its peak on plain UTF-8 text, whatever its size:
/// a read of 64 KiB, the piece being searched and what is found in it.
const EXTRACT_TEXT_MAX: usize = 4 << 20;

/// `iri extract` on a text file of at least 8 MB (at least twice [`EXTRACT_TEXT_MAX`]) with an
/// IRI every 12 bytes: in short lines, and all on one line (cut at its spaces); in UTF-8 and
/// through the decoder of `--charset shift_jis`, in the strict grammar and with `--lenient`.
#[test]
fn extract_text_in_bounded_memory() {
    use crate::cli::ExtractArgs;
    use crate::commands::extract;
    setup();
    let n = n().max(8 << 20);
    let unit = "http://a/bc ";
    let short: String = unit
        .repeat(6)
        .trim_end()
        .to_owned()
        .add_line()
        .repeat(n / (unit.len() * 6));
    let one_line = unit.repeat(n / unit.len());
    // Also through a charset's decoder (`--charset`), which read the whole text before.
    // `--lenient` over a legacy charset read the whole text before, too.
    let sjis = || Some("shift_jis".to_owned());
    let cases = [
        ("short lines", &short, None, false),
        ("one line", &one_line, None, false),
        ("short lines in shift_jis", &short, sjis(), false),
        ("short lines in shift_jis, lenient", &short, sjis(), true),
    ];
    for (name, text, charset, lenient) in cases {
        let path = std::env::temp_dir().join(format!(
            "iri-memory-extract-{}-{}.txt",
            std::process::id(),
            name.replace([' ', ','], "-")
        ));
        std::fs::write(&path, text).unwrap();
        let args = ExtractArgs {
            charset,
            base: None,
            kind: None,
            idna: false,
            lenient,
            output: FormatArg {
                format: Format::Tsv,
            },
            files: vec![path.clone().into_os_string()],
        };
        let mut out = Counted::default();
        let p = peak(|| {
            extract(args, &mut out).unwrap();
        });
        std::fs::remove_file(&path).unwrap();
        eprintln!(
            "extract {name}: {} bytes, peak {p} bytes ({:.3} per byte), {} bytes written",
            text.len(),
            p as f64 / text.len() as f64,
            out.0
        );
        assert!(out.0 > text.len(), "{name}: {} bytes written", out.0);
        assert!(p <= EXTRACT_TEXT_MAX, "{name}: peak {p}");
    }
}

/// A line and its line feed.
trait AddLine {
    fn add_line(self) -> String;
}

impl AddLine for String {
    fn add_line(mut self) -> String {
        self.push('\n');
        self
    }
}

/// The transforms on one long line, in each format: the line (read into the batch's chunk) and
/// their output, made once (relativize: its candidate, checked by resolving only its head,
/// since the rest ends the target as it is; resolving the whole took one line more). A line of
/// [`LONG_LINE`](crate::batch::LONG_LINE) bytes or more is written straight to the output rather than through the task's buffer, so that JSON and
/// TSV, which echo the input beside the output, do not hold both (before: 3.5 times the line
/// for JSON and TSV, 4.5 for `display`'s JSON). `to-uri` makes each `é` of the line six
/// bytes (`%C3%A9`): its output is 1.67 times the line.
#[test]
fn transforms_on_one_line_within_three_times_the_line() {
    let line = &lines()[1].1;
    for (args, bound) in [
        (&["to-uri"][..], 2.75),
        (&["to-iri"], 2.1),
        (&["normalize"], 2.1),
        (&["resolve", "--base", "http://example.org/x/y"], 2.1),
        (&["relativize", "--base", "http://example.org/"], 2.1),
        (&["display"], 2.1),
    ] {
        for format in ["text", "json", "tsv"] {
            let (_, written) = long_line(args, format, bound, line);
            // The output is the line (relativize: without `http://example.org/`) or longer.
            assert!(
                written + 64 >= line.len(),
                "{args:?} {format}: {written} bytes written"
            );
        }
    }
}

/// The other subcommands that read lines, in each format, on one long line: the line, and
/// `dedup` its key (the line normalized), `extract` the line read as one token of text (no
/// white space to cut at; a buffer grown by an eighth at a time) and its URI form. `parse`
/// writes a long line's output straight out (before: 3.5 times the line in JSON and TSV, the
/// echoed input and the path in the task's buffer); `dedup` reads a long line into a buffer
/// grown by an eighth at a time (doubling allowed 3.5 times the line in a debug build).
/// `compare`'s two arguments are not counted (see [`long_line`]).
#[test]
fn line_subcommands_within_three_times_the_line() {
    let line = &lines()[1].1;
    for format in ["text", "json", "tsv"] {
        let (_, written) = long_line(&["parse"], format, 1.25, line);
        assert!(
            written > line.len(),
            "parse {format}: {written} bytes written"
        );
        // `validate` writes nothing for a valid line.
        long_line(&["validate"], format, 1.35, line);
        let (_, written) = long_line(&["extract"], format, 3.0, line);
        assert!(
            written > line.len(),
            "extract {format}: {written} bytes written"
        );
        let (_, written) = long_line(&["dedup"], format, 2.3, line);
        assert!(
            written > line.len(),
            "dedup {format}: {written} bytes written"
        );
        let (_, written) = long_line(&["compare"], format, 2.5, line);
        assert!(written > 0, "compare {format}: nothing written");
    }
    for format in ["text", "json"] {
        long_line(&["lint"], format, 1.25, line);
    }
}

/// `parse` and `to-uri` with a variant grammar (`--lenient`, `--leiri`, `--zone-id`) on one
/// long line, in each format: the line and its parse, written straight out as `parse` is
/// (`to-uri --lenient`: and its URI form, 1.67 times the line).
#[test]
fn variant_grammars_on_one_line_within_three_times_the_line() {
    let line = &lines()[1].1;
    for (args, bound) in [
        (&["parse", "--lenient"][..], 1.25),
        (&["parse", "--leiri"], 1.25),
        (&["parse", "--zone-id"], 1.25),
        (&["to-uri", "--lenient"], 2.75),
    ] {
        for format in ["text", "json", "tsv"] {
            let (_, written) = long_line(args, format, bound, line);
            assert!(
                written > line.len(),
                "{args:?} {format}: {written} bytes written"
            );
        }
    }
}

/// `iri extract` on HTML and XML documents of [`n`] bytes with an IRI every 40 bytes or so (a
/// link and an IRI in text, in short lines), in text and JSON: the document is held whole (to
/// find the HTML `<base href>`, which applies to all of it), each result is written as it is
/// found, so the peak is at most three times the document (the bytes as read, their growth
/// while read, and what one result needs). Before, every result was kept until the end (some
/// 12 times the document).
#[test]
fn extract_documents_within_three_times_the_document() {
    use crate::cli::ExtractArgs;
    use crate::commands::extract;
    setup();
    let n = n();
    let html_unit = "<p><a href=\"b/c\">x</a> http://a/d</p>\n";
    let html = format!(
        "<!DOCTYPE html><html><head><title>t</title></head><body>\n{}<base href=\"http://example.org/\"></body></html>\n",
        html_unit.repeat(n / html_unit.len())
    );
    let xml_unit = "<e xlink:href=\"b/c\">http://a/d</e>\n";
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<r xml:base=\"http://example.org/\">\n{}</r>\n",
        xml_unit.repeat(n / xml_unit.len())
    );
    for (name, doc) in [("html", html), ("xml", xml)] {
        for format in [Format::Text, Format::Json] {
            let path = temp_file(&format!("extract-doc.{name}"));
            std::fs::write(&path, &doc).unwrap();
            let args = ExtractArgs {
                charset: None,
                base: None,
                kind: None,
                idna: false,
                lenient: false,
                output: FormatArg { format },
                files: vec![path.clone().into_os_string()],
            };
            let mut out = Counted::default();
            let p = peak(|| {
                extract(args, &mut out).unwrap();
            });
            std::fs::remove_file(&path).unwrap();
            eprintln!(
                "extract {name} {format:?}: {} bytes, peak {p} bytes ({:.3} per byte), {} bytes written",
                doc.len(),
                p as f64 / doc.len() as f64,
                out.0
            );
            assert!(out.0 > doc.len(), "{name}: {} bytes written", out.0);
            assert!(p <= 3 * doc.len(), "{name} {format:?}: peak {p}");
        }
    }
}
