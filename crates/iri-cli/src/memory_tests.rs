//! Peak memory of the commands on one long line, counted in-process by a counting allocator
//! (installed for this test binary only): every subcommand that reads lines (`lint` in text
//! and JSON, `--stats=lint` over `validate`, `extract` on one long token, and the others in
//! [`line_subcommands_within_three_times_the_line`]) must stay within 3·n bytes for a line of
//! n bytes (10 MB, see below), whatever the line holds. Before, the text output repeated the
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
use crate::cli::{Format, FormatArg, LintArgs, LintFormat, PolicyArgs, ValidateArgs};
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

/// The peak of `iri lint` on the line given as an argument.
fn lint_peak(line: &str, format: LintFormat) -> (usize, usize) {
    let args = LintArgs {
        policy: PolicyArgs::default(),
        format,
        max_per_code: 20,
        inputs: vec![OsString::from(line)],
    };
    let mut out = Counted::default();
    let p = peak(|| {
        lint(args, &mut out).unwrap();
    });
    (p, out.0)
}

/// The bytes per input byte the lint runs may take at their peak: the line is copied into
/// the batch's chunk (1), JSON echoes it (1), and the checks walk each component without
/// tables of its characters. Before, the linter kept such tables (some 32 bytes a byte for
/// the decoded characters, bidi units and script runs), and this was 48.
const LINT_C: usize = 3;

#[test]
fn lint_text_and_json_in_linear_memory() {
    setup();
    for (name, line) in lines() {
        for format in [LintFormat::Text, LintFormat::Json] {
            let (p, written) = lint_peak(&line, format);
            eprintln!(
                "lint {format:?} {name}: peak {p} bytes ({:.1} per byte), {written} bytes written",
                p as f64 / line.len() as f64
            );
            assert!(p <= LINT_C * line.len(), "{name} {format:?}: peak {p}");
            // Text: the windows of at most 20 diagnostics of each code, not the line each time.
            if format == LintFormat::Text {
                assert!(written < 64 << 10, "{name}: {written} bytes written");
            }
        }
    }
}

#[test]
fn stats_lint_over_validate_in_linear_memory() {
    setup();
    for (name, line) in lines() {
        let dir = temp_file(&format!("stats-{name}"));
        std::fs::write(&dir, format!("{line}\n")).unwrap();
        let args = ValidateArgs {
            kind: iri::Kind::IriReference,
            zone_id: false,
            output: FormatArg {
                format: Format::Text,
            },
            files: vec![dir.clone().into_os_string()],
        };
        let mut out = Counted::default();
        let p = peak(|| {
            validate(args, &mut out).unwrap();
        });
        std::fs::remove_file(&dir).unwrap();
        eprintln!(
            "--stats=lint validate {name}: peak {p} bytes ({:.1} per byte)",
            p as f64 / line.len() as f64
        );
        assert!(p <= LINT_C * line.len(), "{name}: peak {p}");
    }
}

/// The most bytes `iri extract` may hold at its peak on plain UTF-8 text, whatever its size:
/// a read of 64 KiB, the piece being searched and what is found in it.
const EXTRACT_TEXT_MAX: usize = 4 << 20;

/// `iri extract` on a text file of at least 8 MB (at least twice [`EXTRACT_TEXT_MAX`]) with an
/// IRI every 12 bytes: in short lines, and all on one line (cut at its spaces); in UTF-8 and
/// through the decoder of `--charset shift_jis`.
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
    let cases = [
        ("short lines", &short, None),
        ("one line", &one_line, None),
        (
            "short lines in shift_jis",
            &short,
            Some("shift_jis".to_owned()),
        ),
    ];
    for (name, text, charset) in cases {
        let path = std::env::temp_dir().join(format!(
            "iri-memory-extract-{}-{}.txt",
            std::process::id(),
            name.replace(' ', "-")
        ));
        std::fs::write(&path, text).unwrap();
        let args = ExtractArgs {
            charset,
            base: None,
            kind: None,
            idna: false,
            lenient: false,
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

/// Runs the line subcommand of `argv` (after `iri`) on `line`, its last argument, writing to
/// a counter; returns the peak and the bytes written.
fn line_peak(argv: &[&str], line: &str) -> (usize, usize) {
    use crate::cli::{Cli, Command};
    use crate::commands::{display, normalize, relativize, resolve, to_iri, to_uri};
    use clap::Parser;
    let mut all: Vec<OsString> = ["iri"].iter().chain(argv).map(OsString::from).collect();
    all.push(OsString::from(line));
    let cli = Cli::try_parse_from(all).unwrap();
    let mut out = Counted::default();
    let p = peak(|| {
        let outcome = match cli.command {
            Command::ToUri(a) => to_uri(a, &mut out),
            Command::ToIri(a) => to_iri(a, &mut out),
            Command::Normalize(a) => normalize(a, &mut out),
            Command::Resolve(a) => resolve(a, &mut out),
            Command::Relativize(a) => relativize(a, &mut out),
            Command::Display(a) => display(a, &mut out),
            _ => unreachable!("not a transform: {argv:?}"),
        };
        assert_eq!(
            outcome.unwrap(),
            crate::commands::Outcome::AllValid,
            "{argv:?}"
        );
    });
    (p, out.0)
}

/// The transforms on one long line hold at most three times the line at their peak: the line
/// (here the argument, moved into the batch's chunk, so not counted), their output (made once,
/// then handed to the writer rather than copied), and what they build on the way (relativize:
/// the candidate's resolution, to check it). So the peak counted is one output (and, for
/// relativize, one line), at most twice the line, and a few KiB.
/// Before, the output was copied into the task's output, and relativize built every
/// candidate at once (resident memory on a 10 MB line: to-uri 4.9 times the line, relativize
/// 6.6, the others 3.5).
#[test]
fn transforms_on_one_line_within_three_times_the_line() {
    // One thread and no `--stats` (whose lint would be counted too), for this thread only.
    crate::batch::THIS_THREAD.with(|s| {
        s.set(Some(Settings {
            threads: 1,
            quiet: true,
            stats: None,
        }))
    });
    let line = &lines()[1].1;
    for argv in [
        &["to-uri"][..],
        &["to-iri"],
        &["normalize"],
        &["resolve", "--base", "http://example.org/x/y"],
        &["relativize", "--base", "http://example.org/"],
        &["display"],
    ] {
        let (p, written) = line_peak(argv, line);
        eprintln!(
            "{argv:?}: peak {p} bytes ({:.2} per byte), {written} bytes written",
            p as f64 / line.len() as f64
        );
        // The output is the line (relativize: without `http://example.org/`) or longer.
        assert!(
            written + 64 >= line.len(),
            "{argv:?}: {written} bytes written"
        );
        // One copy of the output (relativize: and the resolution of its candidate).
        let checked = if argv[0] == "relativize" {
            line.len()
        } else {
            0
        };
        assert!(p <= written + checked + (4 << 10), "{argv:?}: peak {p}");
        assert!(p <= 2 * line.len() + (4 << 10), "{argv:?}: peak {p}");
    }
}

/// A temporary file's path for this test process.
fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("iri-memory-{}-{name}", std::process::id()))
}

/// Runs any subcommand of `argv` (after `iri`) with `line` as its last argument (a file's path
/// for the subcommands that read files), writing to a counter; the peak and the bytes
/// written. No `--stats` (whose lint would be counted too), for this thread only.
fn any_peak(argv: &[&str], line: &str) -> (usize, usize) {
    use crate::cli::{Cli, Command};
    use crate::commands::{compare, dedup, extract, parse};
    use clap::Parser;
    crate::batch::THIS_THREAD.with(|s| {
        s.set(Some(Settings {
            threads: 1,
            quiet: true,
            stats: None,
        }))
    });
    let mut all: Vec<OsString> = ["iri"].iter().chain(argv).map(OsString::from).collect();
    let file = temp_file(&argv.join("-").replace('/', "_"));
    if matches!(argv[0], "validate" | "dedup" | "extract") {
        std::fs::write(&file, format!("{line}\n")).unwrap();
        all.push(file.clone().into_os_string());
    } else {
        all.push(OsString::from(line));
    }
    if argv[0] == "compare" {
        all.push(OsString::from(line));
    }
    let cli = Cli::try_parse_from(all).unwrap();
    let mut out = Counted::default();
    let p = peak(|| {
        match cli.command {
            Command::Parse(a) => parse(a, &mut out),
            Command::Validate(a) => validate(a, &mut out),
            Command::Compare(a) => compare(a, &mut out),
            Command::Dedup(a) => dedup(a, &mut out),
            Command::Lint(a) => lint(a, &mut out),
            Command::Extract(a) => extract(a, &mut out),
            _ => unreachable!("not listed: {argv:?}"),
        }
        .unwrap();
    });
    let _ = std::fs::remove_file(&file);
    (p, out.0)
}

/// The subcommands that read lines, beyond the transforms above and `lint`: at most three
/// times the line at their peak on one long line (the line itself, as an argument moved into
/// the batch's chunk or read from a file, counts). `extract` reads the line as one token of
/// text (no white space to cut at), and writes its URI form. The JSON and TSV of `parse` are
/// in [`parse_json_and_tsv_within_four_times_the_line`]; `dedup` may take 3.5 (see below).
#[test]
fn line_subcommands_within_three_times_the_line() {
    let line = &lines()[1].1;
    let mut cases: Vec<Vec<&str>> = Vec::new();
    for format in ["text", "json", "tsv"] {
        cases.push(vec!["validate", "--format", format]);
        cases.push(vec!["extract", "--format", format]);
    }
    for sub in ["parse", "dedup", "compare", "lint"] {
        cases.push(vec![sub, "--format", "text"]);
    }
    cases.push(vec!["lint", "--format", "json"]);
    let mut over = Vec::new();
    for argv in &cases {
        let (p, written) = any_peak(argv, line);
        eprintln!(
            "{argv:?}: peak {p} bytes ({:.2} per byte), {written} bytes written",
            p as f64 / line.len() as f64
        );
        // `validate` writes nothing for a valid line, `lint` in text nothing for a clean one.
        let silent = argv[0] == "validate" || argv[..] == ["lint", "--format", "text"];
        assert!(written > 0 || silent, "{argv:?}: nothing written");
        // `dedup` holds the line as read from its file, in a buffer that grows by doubling (up
        // to twice the line: 2.0 at 1 MB + 15 bytes, 1.6 at 10 MB), and its key (1): half a
        // line more is allowed for it, not yet three.
        let bound = if argv[0] == "dedup" {
            3 * line.len() + line.len() / 2
        } else {
            3 * line.len()
        };
        if p > bound {
            over.push(format!("{argv:?}: peak {p}"));
        }
    }
    assert!(over.is_empty(), "above three times the line: {over:#?}");
}

/// `parse --format json` and `tsv` echo the input and then its components (the path is
/// nearly the whole line), into the task's output buffer while the line is held: four times
/// the line at most, not yet three (that needs the batch to write a long line's output as
/// it is made, not after the line).
#[test]
fn parse_json_and_tsv_within_four_times_the_line() {
    let line = &lines()[1].1;
    for format in ["json", "tsv"] {
        let argv = ["parse", "--format", format];
        let (p, written) = any_peak(&argv, line);
        eprintln!(
            "{argv:?}: peak {p} bytes ({:.2} per byte), {written} bytes written",
            p as f64 / line.len() as f64
        );
        assert!(
            written > 2 * line.len() - 64,
            "{argv:?}: {written} bytes written"
        );
        assert!(p <= 4 * line.len() + (64 << 10), "{argv:?}: peak {p}");
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
