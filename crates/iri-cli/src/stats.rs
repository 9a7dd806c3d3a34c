//! `--stats`: a summary of the input lines themselves, whatever the subcommand: how many are
//! valid IRI references (RFC 3987 §2.2) and why the others are not, how many hold non-ASCII
//! characters, the kinds of their hosts (RFC 3986 §3.2.2) and, with `--stats=lint`, the
//! library's diagnostics by code (RFC 3987 §4, §6.1, §7.5, §8, at their default severities).
//!
//! The counts are gathered next to the subcommand's own work, on the same worker threads, and
//! merged at the end: they cost a parse per line (and a lint with `lint`, some 20 times
//! more), and nothing when `--stats` is off. The summary goes to standard error, so that
//! standard output keeps one line per input. The memory is that of the line: the linter keeps
//! one diagnostic of each code and counts the others.

use std::collections::BTreeMap;
use std::io::{self, Write};

use iri::HostKind;

use crate::json::JsonObject;
use crate::output::count;

/// How `--stats` writes its summary on standard error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum StatsFormat {
    /// Lines of text, each starting with `stats:`.
    #[default]
    Text,
    /// One JSON object, `{"stats":{…}}`, on one line.
    Json,
}

/// The host kinds, in the order they are reported; `none` for a reference without a host.
const HOST_KINDS: [&str; 5] = [
    HostKind::RegName.as_str(),
    HostKind::Ipv4.as_str(),
    HostKind::Ipv6.as_str(),
    HostKind::IpvFuture.as_str(),
    "none",
];

/// What `--stats[=WHAT]` asks for: the format, and whether to lint each line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StatsSpec {
    /// How the summary is written.
    pub format: StatsFormat,
    /// Whether to count the diagnostics of each line by code (`lint`).
    pub lint: bool,
}

impl StatsSpec {
    /// Parses `text`, `json`, `lint`, or a comma-separated list of them (`json,lint`).
    pub fn parse(s: &str) -> Result<Self, String> {
        let mut spec = StatsSpec::default();
        for word in s.split(',') {
            match word.trim() {
                "text" => spec.format = StatsFormat::Text,
                "json" => spec.format = StatsFormat::Json,
                "lint" => spec.lint = true,
                other => {
                    return Err(format!(
                        "unknown --stats value '{other}' (expected text, json, lint, or a \
                         comma-separated list such as json,lint)"
                    ))
                }
            }
        }
        Ok(spec)
    }
}

/// Counts over input lines.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Stats {
    /// Lines (or arguments) seen.
    pub lines: u64,
    /// Lines that parse as an `IRI-reference`.
    pub valid: u64,
    /// Lines that are UTF-8 but do not parse, by error kind.
    pub invalid: BTreeMap<&'static str, u64>,
    /// Lines that are not UTF-8.
    pub not_utf8: u64,
    /// Lines holding at least one non-ASCII byte.
    pub non_ascii_lines: u64,
    /// Bytes of all lines, line terminators left out.
    pub bytes: u64,
    /// Non-ASCII bytes.
    pub non_ascii_bytes: u64,
    /// Valid lines by host kind (indexes into `HOST_KINDS`).
    pub hosts: [u64; 5],
    /// Whether diagnostics are counted (`--stats=lint`).
    pub lint: bool,
    /// Diagnostics by code, over every UTF-8 line (with `lint`).
    pub diagnostics: BTreeMap<&'static str, u64>,
}

impl Stats {
    /// Empty counts; `lint` to count diagnostics too.
    pub fn new(lint: bool) -> Self {
        Stats {
            lint,
            ..Stats::default()
        }
    }

    /// Counts one line.
    pub fn add(&mut self, line: &[u8]) {
        self.lines += 1;
        self.bytes += line.len() as u64;
        let non_ascii = line.iter().filter(|b| !b.is_ascii()).count() as u64;
        self.non_ascii_bytes += non_ascii;
        self.non_ascii_lines += u64::from(non_ascii > 0);
        let Ok(s) = std::str::from_utf8(line) else {
            self.not_utf8 += 1;
            return;
        };
        match iri::IriRef::parse(s) {
            Ok(r) => {
                self.valid += 1;
                let k = match r.host().map(|h| h.kind()) {
                    Some(HostKind::RegName) => 0,
                    Some(HostKind::Ipv4) => 1,
                    Some(HostKind::Ipv6) => 2,
                    Some(HostKind::IpvFuture) => 3,
                    None => 4,
                };
                self.hosts[k] += 1;
            }
            Err(e) => *self.invalid.entry(e.kind().as_str()).or_default() += 1,
        }
        if self.lint {
            // One diagnostic of each code is kept, the others only counted: memory stays that
            // of the line whatever it holds.
            let report = iri::lint::Linter::default().max_per_code(1).report_str(s);
            for d in &report.diagnostics {
                *self.diagnostics.entry(d.code.as_str()).or_default() += 1;
            }
            for &(code, n) in &report.omitted {
                *self.diagnostics.entry(code.as_str()).or_default() += n as u64;
            }
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: Stats) {
        self.lines += other.lines;
        self.valid += other.valid;
        for (k, n) in other.invalid {
            *self.invalid.entry(k).or_default() += n;
        }
        self.not_utf8 += other.not_utf8;
        self.non_ascii_lines += other.non_ascii_lines;
        self.bytes += other.bytes;
        self.non_ascii_bytes += other.non_ascii_bytes;
        self.lint |= other.lint;
        for (a, b) in self.hosts.iter_mut().zip(other.hosts) {
            *a += b;
        }
        for (k, n) in other.diagnostics {
            *self.diagnostics.entry(k).or_default() += n;
        }
    }

    /// Lines that are UTF-8 but not valid IRI references.
    pub fn invalid_total(&self) -> u64 {
        self.invalid.values().sum()
    }

    /// Writes the summary in `format`.
    pub fn write(&self, w: &mut impl Write, format: StatsFormat) -> io::Result<()> {
        match format {
            StatsFormat::Text => self.write_text(w),
            StatsFormat::Json => self.write_json(w),
        }
    }

    fn write_text(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "stats: {}: {} valid, {} invalid, {} not UTF-8",
            count(self.lines, "line"),
            self.valid,
            self.invalid_total(),
            self.not_utf8
        )?;
        if !self.invalid.is_empty() {
            writeln!(w, "stats: invalid by kind: {}", list(&self.invalid))?;
        }
        writeln!(
            w,
            "stats: non-ASCII: {} of {} ({}), {} of {} ({})",
            self.non_ascii_lines,
            count(self.lines, "line"),
            percent(self.non_ascii_lines, self.lines),
            self.non_ascii_bytes,
            count(self.bytes, "byte"),
            percent(self.non_ascii_bytes, self.bytes)
        )?;
        let hosts: Vec<String> = HOST_KINDS
            .iter()
            .zip(self.hosts)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        writeln!(w, "stats: hosts: {}", hosts.join(", "))?;
        if !self.lint {
            Ok(())
        } else if self.diagnostics.is_empty() {
            writeln!(w, "stats: diagnostics: none")
        } else {
            writeln!(w, "stats: diagnostics: {}", list(&self.diagnostics))
        }
    }

    fn write_json(&self, w: &mut impl Write) -> io::Result<()> {
        let mut o = JsonObject::begin(&mut *w)?;
        o.object("stats", |s| {
            s.num("lines", Some(self.lines))?;
            s.num("valid", Some(self.valid))?;
            s.num("invalid", Some(self.invalid_total()))?;
            s.num("not_utf8", Some(self.not_utf8))?;
            s.object("invalid_by_kind", |o| map(o, &self.invalid))?;
            s.num("non_ascii_lines", Some(self.non_ascii_lines))?;
            s.num("bytes", Some(self.bytes))?;
            s.num("non_ascii_bytes", Some(self.non_ascii_bytes))?;
            s.object("hosts", |o| {
                for (k, n) in HOST_KINDS.iter().zip(self.hosts) {
                    o.num(k, Some(n))?;
                }
                Ok(())
            })?;
            if self.lint {
                s.object("diagnostics", |o| map(o, &self.diagnostics))
            } else {
                s.num("diagnostics", None)
            }
        })?;
        o.end_line()
    }
}

fn map<W: Write>(o: &mut JsonObject<'_, W>, m: &BTreeMap<&'static str, u64>) -> io::Result<()> {
    for (k, &n) in m {
        o.num(k, Some(n))?;
    }
    Ok(())
}

/// `a 1, b 2`.
fn list(m: &BTreeMap<&'static str, u64>) -> String {
    m.iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `n` as a percentage of `of`, one decimal.
fn percent(n: u64, of: u64) -> String {
    if of == 0 {
        return "0.0%".to_owned();
    }
    format!("{:.1}%", n as f64 * 100.0 / of as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_merges() {
        let mut a = Stats::new(true);
        for line in [
            &b"http://a/\xC3\xA9"[..],
            b"http://[::1]/",
            b"a b",
            b"\xFF",
            b"",
        ] {
            a.add(line);
        }
        assert_eq!((a.lines, a.valid, a.not_utf8), (5, 3, 1));
        assert_eq!(a.invalid.get("invalid-char"), Some(&1));
        assert_eq!(a.hosts, [1, 0, 1, 0, 1]);
        assert_eq!((a.non_ascii_lines, a.non_ascii_bytes), (2, 3));
        let mut b = Stats::new(true);
        b.add(b"http://1.2.3.4/\xE2\x80\x8B");
        assert!(b.diagnostics.contains_key("invisible-character"), "{b:?}");
        a.merge(b);
        assert_eq!((a.lines, a.valid, a.hosts[1]), (6, 4, 1));
        let mut text = Vec::new();
        a.write(&mut text, StatsFormat::Text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.starts_with("stats: 6 lines: 4 valid, 1 invalid, 1 not UTF-8\n"));
        assert!(text.contains("stats: hosts: reg-name 1, ipv4 1, ipv6 1, ipvfuture 0, none 1\n"));
        let mut json = Vec::new();
        a.write(&mut json, StatsFormat::Json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["stats"]["invalid_by_kind"]["invalid-char"], 1);
        assert_eq!(v["stats"]["hosts"]["none"], 1);
    }

    #[test]
    fn lint_is_opt_in_and_one_is_singular() {
        let mut s = Stats::new(false);
        s.add("http://a/%C0%AF".as_bytes());
        assert!(s.diagnostics.is_empty());
        let mut text = Vec::new();
        s.write(&mut text, StatsFormat::Text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.starts_with("stats: 1 line: 1 valid, 0 invalid, 0 not UTF-8\n"),
            "{text}"
        );
        assert!(!text.contains("diagnostics"), "{text}");
        let mut json = Vec::new();
        s.write(&mut json, StatsFormat::Json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert!(v["stats"]["diagnostics"].is_null());
        // Counted with lint: every one, though one of each code is kept.
        let mut s = Stats::new(true);
        s.add("http://a/%C0%AF%C0%AF%C0%AF".as_bytes());
        assert_eq!(s.diagnostics.get("overlong-utf8"), Some(&3));
    }

    #[test]
    fn specs() {
        let p = StatsSpec::parse;
        assert_eq!(p("text"), Ok(StatsSpec::default()));
        let json_lint = StatsSpec {
            format: StatsFormat::Json,
            lint: true,
        };
        assert_eq!(p("json,lint"), Ok(json_lint));
        assert_eq!(p("lint,json"), Ok(json_lint));
        assert_eq!(
            p("lint").map(|s| (s.format, s.lint)),
            Ok((StatsFormat::Text, true))
        );
        assert!(p("xml")
            .unwrap_err()
            .contains("unknown --stats value 'xml'"));
    }

    #[test]
    fn percents() {
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(0, 0), "0.0%");
    }
}
