//! `iri lint`: the library's diagnostics for each input (RFC 3987 §4, §6.1, §7.5, §8;
//! RFC 3986 §7), shown as a compiler shows them, or as JSON Lines.
//!
//! In text, each diagnostic echoes its input with carets under the span: the whole input when
//! it is short, else a window of it around the span (some 30 characters on each side, the span
//! cut after 60), with `…` where the input goes on, so that the output of a long line does not
//! grow with the square of its length. At most `--max-per-code` diagnostics of each code are
//! shown per input, and a note says how many more were left out; the memory is then that of
//! the line. Columns are counted in characters. So that the carets
//! stand under the span in a terminal, the echo writes invisible and control characters as
//! `<U+XXXX>` (a bidi override would otherwise reorder the line, a zero-width space hide what
//! is reported), and the carets are placed by display columns: two for East Asian wide and
//! full-width characters, none for combining marks, one for the others, as `unicode-width`
//! gives them (UAX #11, the East Asian Width of the Unicode version it is built on).

use std::io::{self, Write};
use std::ops::Range;

use iri::lint::{Linter, Policy, Report, Severity};
use unicode_width::UnicodeWidthChar;

use super::Outcome;
use crate::batch::{Batch, Line};
use crate::cli::{LintArgs, LintFormat};
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::{count, escaped as escape, is_hidden, token_len};

/// Inputs and diagnostics seen so far.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Counts {
    inputs: u64,
    errors: u64,
    warnings: u64,
    info: u64,
    /// Lines that are not UTF-8, which get an error line instead of diagnostics.
    not_utf8: u64,
}

impl Counts {
    /// Adds the counts of `other`.
    fn merge(&mut self, other: Counts) {
        self.inputs += other.inputs;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.info += other.info;
        self.not_utf8 += other.not_utf8;
    }

    /// Counts the diagnostics of a report, those left out too (at their code's severity).
    fn add(&mut self, report: &Report, policy: &Policy) {
        let mut add = |severity, n: u64| match severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
            Severity::Info => self.info += n,
        };
        for d in &report.diagnostics {
            add(d.severity, 1);
        }
        for &(code, n) in &report.omitted {
            if let Some(severity) = policy.severity(code) {
                add(severity, n as u64);
            }
        }
    }

    /// `N inputs: E errors, W warnings, I info`, and how many lines were not UTF-8, if any.
    fn summary(&self) -> String {
        let mut s = format!(
            "{}: {}, {}, {} info",
            count(self.inputs, "input"),
            count(self.errors, "error"),
            count(self.warnings, "warning"),
            self.info
        );
        if self.not_utf8 > 0 {
            s.push_str(&format!("; {} not UTF-8", self.not_utf8));
        }
        s
    }
}

/// Runs `iri lint`, as described in its `--help`.
pub fn lint(args: LintArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let policy = args.policy.policy();
    let linter = Linter::new(policy.clone()).max_per_code(args.max_per_code);
    let format = args.format;
    let max = args.max_per_code;
    let mut counts = Counts::default();
    let mut batch = Batch::for_inputs(&args.inputs);
    // The diagnostics of each input are found and written on the workers; the counts are
    // added up in order.
    let (linter, policy) = (&linter, &policy);
    // A long line's JSON, which echoes it, goes straight out rather than through the task's
    // buffer.
    batch.inputs_streamed(
        args.inputs,
        out,
        // Writing into memory cannot fail.
        |line, out| lint_one(out, line, linter, policy, format, max).unwrap_or_default(),
        |out, line| lint_one(out, line, linter, policy, format, max),
        |out, _, these: Counts, text| {
            counts.merge(these);
            out.write_all(text)
        },
    )?;
    batch.finish();
    if format == LintFormat::Text {
        // Standard output holds the diagnostics; the summary is for the person.
        out.flush()?;
        let _ = writeln!(io::stderr().lock(), "{}", counts.summary());
    }
    Ok(Outcome::from_ok(counts.errors == 0 && counts.not_utf8 == 0))
}

/// Lints one input and writes its diagnostics in `format`; its counts.
fn lint_one(
    out: &mut impl Write,
    line: Line<'_>,
    linter: &Linter,
    policy: &Policy,
    format: LintFormat,
    max: usize,
) -> io::Result<Counts> {
    let (origin, bytes) = (line.origin, line.bytes);
    let mut these = Counts {
        inputs: 1,
        ..Counts::default()
    };
    match std::str::from_utf8(bytes) {
        Ok(input) => {
            let report = linter.report_str(input);
            these.add(&report, policy);
            match format {
                LintFormat::Text => write_text(out, origin, input, &report, max)?,
                LintFormat::Json => write_json(out, input, &report)?,
            }
        }
        Err(e) => {
            these.not_utf8 += 1;
            let failure = Failure::utf8(&e, bytes, Some(origin));
            match format {
                LintFormat::Text => {
                    failure.write_text(out, origin)?;
                    out.write_all(b"\n")?;
                }
                LintFormat::Json => {
                    let mut o = JsonObject::begin(&mut *out)?;
                    o.str("input", Some(&String::from_utf8_lossy(bytes)))?;
                    o.object("error", |e| failure.write_json_fields(e, bytes))?;
                    o.end_line()?;
                }
            }
        }
    }
    Ok(these)
}

/// Writes each diagnostic of one input as a compiler does, each followed by an empty line,
/// then a note on those left out, if any. `max` is `--max-per-code`.
fn write_text(
    out: &mut impl Write,
    origin: Origin,
    input: &str,
    report: &Report,
    max: usize,
) -> io::Result<()> {
    let mut columns = CharColumns::new(input);
    let write_origin = |out: &mut dyn Write| match origin {
        Origin::Argument(n) => write!(out, "  --> input {n}"),
        Origin::Line(n) => write!(out, "  --> line {n} of standard input"),
    };
    for d in &report.diagnostics {
        writeln!(out, "{}[{}]: {}", d.severity, d.code, escape(&d.message))?;
        write_origin(out)?;
        write!(out, ", column {}", columns.at(d.span.start))?;
        if let Some(component) = d.component {
            write!(out, ", component {component}")?;
        }
        out.write_all(b"\n   |\n")?;
        let (echo, from, to) = window(input, d.span.clone());
        gutter_line(out, &echo)?;
        let carets = format!("{}{}", " ".repeat(from), "^".repeat((to - from).max(1)));
        gutter_line(out, &carets)?;
        writeln!(out, "   = {}", d.section)?;
        if let Some(s) = &d.suggestion {
            writeln!(out, "   = suggestion: {}", escape(s))?;
        }
        out.write_all(b"\n")?;
    }
    if !report.omitted.is_empty() {
        let list: Vec<String> = report
            .omitted
            .iter()
            .map(|(code, n)| format!("{code} {n}"))
            .collect();
        let n = report.omitted_total();
        writeln!(
            out,
            "note: {n} more {} left out: {} (at most {max} of each code are shown; \
             --max-per-code 0 shows every one)",
            if n == 1 { "diagnostic" } else { "diagnostics" },
            list.join(", ")
        )?;
        write_origin(out)?;
        out.write_all(b"\n\n")?;
    }
    Ok(())
}

/// Byte offsets of one text to 1-based character columns, counted on from the last offset
/// asked for (diagnostics come in order of position), so that a line's columns cost one pass.
struct CharColumns<'a> {
    text: &'a str,
    byte: usize,
    column: usize,
}

impl<'a> CharColumns<'a> {
    fn new(text: &'a str) -> Self {
        CharColumns {
            text,
            byte: 0,
            column: 1,
        }
    }

    /// The column of the character at (or holding) byte `offset`; past the end, the column
    /// after the last character.
    fn at(&mut self, offset: usize) -> usize {
        let offset = floor_boundary(self.text, offset);
        if offset < self.byte {
            (self.byte, self.column) = (0, 1);
        }
        self.column += self.text[self.byte..offset].chars().count();
        self.byte = offset;
        self.column
    }
}

/// The largest character boundary of `text` at or before `offset`.
fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Characters of context shown before and after a span, and the most of a span shown.
const CONTEXT: usize = 30;
const SPAN_SHOWN: usize = 60;
/// An input of at most this many characters is shown whole.
const WHOLE: usize = 80;

/// What to echo for the span of a diagnostic: the [`escape`]d input, whole when it is short,
/// else a window around the span with `…` where the input goes on; and the display columns
/// where the carets start and end in it.
fn window(text: &str, span: Range<usize>) -> (String, usize, usize) {
    if text.len() <= WHOLE || text.chars().nth(WHOLE).is_none() {
        let (from, to) = columns(text, span);
        return (escape(text).into_owned(), from, to);
    }
    let start = floor_boundary(text, span.start);
    let end = floor_boundary(text, span.end).max(start);
    // Up to CONTEXT characters before the span.
    let from = text[..start]
        .char_indices()
        .rev()
        .nth(CONTEXT - 1)
        .map_or(0, |(i, _)| i);
    // The span, cut after SPAN_SHOWN characters; then up to CONTEXT characters after it.
    let shown_end = text[start..end]
        .char_indices()
        .nth(SPAN_SHOWN)
        .map_or(end, |(i, _)| start + i);
    let to = if shown_end < end {
        shown_end
    } else {
        text[end..]
            .char_indices()
            .nth(CONTEXT)
            .map_or(text.len(), |(i, _)| end + i)
    };
    let mut echo = String::new();
    let lead = if from > 0 {
        echo.push('…');
        1
    } else {
        0
    };
    echo.push_str(&escape(&text[from..to]));
    if to < text.len() {
        echo.push('…');
    }
    let (a, b) = columns(&text[from..to], start - from..shown_end - from);
    (echo, lead + a, lead + b)
}

/// `   | TEXT`, without a trailing space when the text is empty.
fn gutter_line(out: &mut impl Write, text: &str) -> io::Result<()> {
    if text.is_empty() {
        out.write_all(b"   |\n")
    } else {
        writeln!(out, "   | {text}")
    }
}

/// Writes one input's object: the input, its diagnostics (with the 1-based character column
/// of their start) and the count left out of each code.
fn write_json<W: Write>(out: &mut W, input: &str, report: &Report) -> io::Result<()> {
    let mut columns = CharColumns::new(input);
    let mut o = JsonObject::begin(out)?;
    o.str("input", Some(input))?;
    o.objects("diagnostics", &report.diagnostics, |o, d| {
        o.str("code", Some(d.code.as_str()))?;
        o.str("severity", Some(d.severity.as_str()))?;
        o.str("component", d.component.map(iri::Component::as_str))?;
        o.num("start", Some(d.span.start as u64))?;
        o.num("end", Some(d.span.end as u64))?;
        o.num("column", Some(columns.at(d.span.start) as u64))?;
        o.str("message", Some(&d.message))?;
        o.str("section", Some(d.section))?;
        o.str("suggestion", d.suggestion.as_deref())
    })?;
    o.object("omitted", |o| {
        for &(code, n) in &report.omitted {
            o.num(code.as_str(), Some(n as u64))?;
        }
        Ok(())
    })?;
    o.end_line()
}

/// The display columns, in the [`escape`]d text, where the bytes `span` of `text` start and
/// end. An offset inside a character counts as that character's start (for the start) or as
/// the next character's start (for the end).
fn columns(text: &str, span: Range<usize>) -> (usize, usize) {
    let end = span.end.min(text.len());
    let start = span.start.min(end);
    let mut col = 0;
    let mut from = None;
    for (i, c) in text.char_indices() {
        if from.is_none() && i + c.len_utf8() > start {
            from = Some(col);
        }
        if i >= end {
            break;
        }
        col += if is_hidden(c) { token_len(c) } else { width(c) };
    }
    let to = col;
    (from.unwrap_or(col), to)
}

/// The display width of a character that is not hidden: 0 for combining marks, 2 for East
/// Asian wide and full-width characters, 1 otherwise (UAX #11, by `unicode-width`).
fn width(c: char) -> usize {
    // `None` is for control characters, which are hidden.
    c.width().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// UAX #11 widths: East Asian Wide (W) and Fullwidth (F) characters take two columns,
    /// nonspacing (Mn) and enclosing (Me) marks none, the others one; zero-width characters
    /// are hidden and take the columns of their `<U+XXXX>`.
    #[test]
    fn widths_of_wide_combining_and_zero_width_characters() {
        for wide in [
            '例',        // CJK Unified Ideographs (W)
            'ア',        // Katakana (W)
            '한',        // Hangul Syllables (W)
            '\u{FF21}',  // FULLWIDTH LATIN CAPITAL LETTER A (F)
            '\u{3001}',  // IDEOGRAPHIC COMMA (W)
            '\u{2329}',  // LEFT-POINTING ANGLE BRACKET (W), outside the CJK blocks
            '\u{20000}', // CJK Extension B (W)
            '\u{17000}', // Tangut (W)
            '\u{1F680}', // ROCKET (W), Transport and Map Symbols
            '\u{1FA90}', // RINGED PLANET (W), Symbols and Pictographs Extended-A
        ] {
            assert_eq!(width(wide), 2, "U+{:04X}", wide as u32);
        }
        for mark in [
            '\u{301}',   // COMBINING ACUTE ACCENT (Mn)
            '\u{488}',   // COMBINING CYRILLIC HUNDRED THOUSANDS SIGN (Me)
            '\u{5B8}',   // HEBREW POINT QAMATS (Mn)
            '\u{64E}',   // ARABIC FATHA (Mn)
            '\u{94D}',   // DEVANAGARI SIGN VIRAMA (Mn)
            '\u{E31}',   // THAI CHARACTER MAI HAN-AKAT (Mn)
            '\u{20DD}',  // COMBINING ENCLOSING CIRCLE (Me)
            '\u{3099}',  // COMBINING KATAKANA-HIRAGANA VOICED SOUND MARK (Mn)
            '\u{1D167}', // MUSICAL SYMBOL COMBINING TREMOLO-1 (Mn), outside the main blocks
        ] {
            assert_eq!(width(mark), 0, "U+{:04X}", mark as u32);
        }
        for narrow in ['a', 'é', '\u{5D0}', '\u{FF76}', '\u{2460}', '\u{E000}'] {
            assert_eq!(width(narrow), 1, "U+{:04X}", narrow as u32);
        }
        for zero_width in ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}'] {
            assert!(is_hidden(zero_width), "U+{:04X}", zero_width as u32);
        }
    }

    #[test]
    fn columns_after_wide_combining_and_zero_width_characters() {
        // Each case: the text, the span's bytes, its start and end columns.
        let cases: &[(&str, &str, (usize, usize))] = &[
            ("例x", "x", (2, 3)),
            ("ＡＢx", "x", (4, 5)),
            ("\u{1F680}/x", "x", (3, 4)),
            ("\u{20000}\u{17000}x", "x", (4, 5)),
            ("e\u{301}\u{301}x", "x", (1, 2)),
            ("\u{5D0}\u{5B8}x", "x", (1, 2)),
            ("\u{E2A}\u{E31}x", "x", (1, 2)),
            // The span itself wide, or a mark after its base.
            ("a例え", "例え", (1, 5)),
            ("ae\u{301}b", "e\u{301}", (1, 2)),
            // Zero-width characters are shown as <U+XXXX>: eight columns.
            ("a\u{200D}x", "x", (9, 10)),
            ("a\u{FEFF}\u{2060}x", "x", (17, 18)),
            ("a\u{200B}", "\u{200B}", (1, 9)),
        ];
        for &(text, span, expected) in cases {
            let at = text.rfind(span).unwrap();
            assert_eq!(columns(text, at..at + span.len()), expected, "{text:?}");
        }
    }

    /// The carets stand under the span after wide characters, combining marks and a
    /// zero-width joiner, in the block as `iri lint` writes it.
    #[test]
    fn carets_under_the_span_in_the_text_block() {
        let input = "http://例え.テスト/e\u{301}\u{200D}\u{1F680}/%C0%AF";
        let report = Linter::new(Policy::new()).report_str(input);
        let mut out = Vec::new();
        write_text(&mut out, Origin::Argument(1), input, &report, 20).unwrap();
        let text = String::from_utf8(out).unwrap();
        let block = text
            .split("\n\n")
            .find(|b| b.contains("[overlong-utf8]"))
            .unwrap_or_else(|| panic!("{text}"));
        // "http://" 7, 例え 4, "." 1, テスト 6, "/" 1, e 1, U+0301 0, <U+200D> 8, U+1F680 2,
        // "/" 1: the span starts at column 31 (0-based).
        let lines = format!(
            "   | http://例え.テスト/e\u{301}<U+200D>\u{1F680}/%C0%AF\n   | {}^^^^^^\n",
            " ".repeat(31)
        );
        assert!(block.contains(&lines), "{block}");
    }

    #[test]
    fn widths() {
        assert_eq!(width('a'), 1);
        assert_eq!(width('é'), 1);
        assert_eq!(width('\u{301}'), 0);
        assert_eq!(width('\u{5B8}'), 0);
        for wide in [
            '例',
            'テ',
            'ス',
            '한',
            '\u{FF0F}',
            '\u{FF41}',
            '\u{3002}',
            '\u{20000}',
        ] {
            assert_eq!(width(wide), 2, "{wide}");
        }
        // Half-width katakana and the kana voicing marks.
        assert_eq!(width('\u{FF76}'), 1);
        assert_eq!(width('\u{3099}'), 0);
        for hidden in [
            '\u{0}', '\u{7F}', '\u{85}', '\u{A0}', '\u{AD}', '\u{200B}', '\u{202E}',
        ] {
            assert!(is_hidden(hidden), "{:04X}", hidden as u32);
        }
        for shown in [' ', 'a', '例', '\u{5D0}', '\u{E000}', '\u{FB01}'] {
            assert!(!is_hidden(shown), "{shown}");
        }
        for hidden in [
            '\u{2066}',
            '\u{2028}',
            '\u{3000}',
            '\u{3164}',
            '\u{FE0F}',
            '\u{E0041}',
        ] {
            assert!(is_hidden(hidden), "{:04X}", hidden as u32);
        }
    }

    #[test]
    fn columns_count_display_width() {
        // "http://" is 7 columns, 例え 4, "." 1, テスト 6, "/" 1.
        let s = "http://例え.テスト/%C0%AF";
        let at = s.find('%').unwrap();
        assert_eq!(columns(s, at..s.len()), (19, 25));
        // Escaped characters take the width of their escape.
        let s = "a\u{200B}b";
        assert_eq!(columns(s, 1..4), (1, 9));
        assert_eq!(columns(s, 4..5), (9, 10));
        // A combining mark is in the column of its base.
        let s = "re\u{301}s";
        assert_eq!(columns(s, 1..4), (1, 2));
        // An empty span at the end; a span past the end.
        assert_eq!(columns("ab", 2..2), (2, 2));
        assert_eq!(columns("ab", 1..9), (1, 2));
        // Offsets inside a character.
        assert_eq!(columns("a例b", 2..3), (1, 3));
    }

    #[test]
    fn windows_of_long_inputs() {
        // Short inputs are shown whole.
        let s = "http://a/%C0%AF";
        assert_eq!(window(s, 9..15), (s.to_owned(), 9, 15));
        // A long one: 30 characters on each side, `…` where it goes on.
        let s = format!("http://a/{}%C0%AF{}", "x".repeat(100), "é".repeat(100));
        let at = s.find('%').unwrap();
        let (echo, from, to) = window(&s, at..at + 6);
        assert_eq!(
            echo,
            format!("…{}%C0%AF{}…", "x".repeat(30), "é".repeat(30))
        );
        assert_eq!((from, to), (31, 37));
        // At the start: no `…` before.
        let (echo, from, to) = window(&s, 0..4);
        assert_eq!(echo, format!("{}…", &s[..34]));
        assert_eq!((from, to), (0, 4));
        // A long span is cut after 60 characters.
        let s = "例".repeat(200);
        let (echo, from, to) = window(&s, 120..s.len());
        assert_eq!(echo, format!("…{}…", "例".repeat(90)));
        assert_eq!((from, to), (61, 181));
        // Hidden characters are escaped inside the window, and the carets follow.
        let s = format!("{}\u{200B}{}", "a".repeat(100), "b".repeat(100));
        let (echo, from, to) = window(&s, 100..103);
        assert_eq!(
            echo,
            format!("…{}<U+200B>{}…", "a".repeat(30), "b".repeat(30))
        );
        assert_eq!((from, to), (31, 39));
    }

    #[test]
    fn char_columns() {
        let mut c = CharColumns::new("aé例b");
        assert_eq!(c.at(0), 1);
        assert_eq!(c.at(3), 3);
        assert_eq!(c.at(6), 4);
        assert_eq!(c.at(1), 2);
        assert_eq!(c.at(2), 2, "inside a character: its column");
        assert_eq!(c.at(99), 5);
    }

    #[test]
    fn summary() {
        let mut c = Counts {
            inputs: 1,
            ..Counts::default()
        };
        assert_eq!(c.summary(), "1 input: 0 errors, 0 warnings, 0 info");
        c = Counts {
            inputs: 3,
            errors: 1,
            warnings: 2,
            info: 1,
            not_utf8: 1,
        };
        assert_eq!(
            c.summary(),
            "3 inputs: 1 error, 2 warnings, 1 info; 1 not UTF-8"
        );
    }
}
