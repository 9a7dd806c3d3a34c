//! Rendering a [`Report`] as plain text or Markdown, and describing the machine.

use std::fmt::Write as _;

use crate::ops::{AcceptTable, Check, Report};

/// The machine and the command, for the Markdown header.
#[derive(Debug, Clone, Default)]
pub struct Machine {
    /// Logical CPUs (`nproc`).
    pub nproc: Option<usize>,
    /// `model name` from `/proc/cpuinfo`.
    pub cpu: Option<String>,
    /// `rustc -V`.
    pub rustc: Option<String>,
    /// OS and architecture.
    pub os: String,
}

impl Machine {
    /// Describes the machine this process runs on.
    pub fn detect() -> Self {
        let cpu = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        });
        let rustc = std::process::Command::new("rustc")
            .arg("-V")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        Machine {
            nproc: std::thread::available_parallelism().ok().map(|n| n.get()),
            cpu,
            rustc,
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

fn or_unknown<T: ToString>(v: &Option<T>) -> String {
    v.as_ref()
        .map_or_else(|| "unknown".to_string(), |v| v.to_string())
}

fn ms(d: std::time::Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_string(), |r| format!("{r:.2}"))
}

/// Whether a character is invisible or reorders text when printed: controls, bidi marks,
/// embeddings, overrides and isolates, and the BOM.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Shortens long inputs for display and shows invisible characters as `\u{..}` escapes.
fn clip(s: &str) -> String {
    const MAX: usize = 200;
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        if invisible(c) {
            let _ = write!(out, "\\u{{{:X}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    out
}

fn accept_lines(t: &AcceptTable, md: bool, out: &mut String) {
    for a in &t.rows {
        let _ = write!(
            out,
            "{}{}: {} of {}",
            if md { "- " } else { "  " },
            a.lib,
            a.accepted,
            a.of
        );
        if a.lib != crate::ops::OURS {
            let _ = write!(
                out,
                " (accepted by ours only: {}, by {} only: {})",
                a.only_ours.0, a.lib, a.only_peer.0
            );
        }
        out.push('\n');
        let ind = if md { "  - " } else { "      " };
        for e in &a.only_ours.1 {
            let _ = writeln!(out, "{ind}ours only: `{}`", clip(e));
        }
        for e in &a.only_peer.1 {
            let _ = writeln!(out, "{ind}{} only: `{}`", a.lib, clip(e));
        }
    }
}

fn check_lines(c: &Check, md: bool, out: &mut String) {
    let _ = writeln!(
        out,
        "{}{}: {} compared, {} agree, {} disagree",
        if md { "- " } else { "  " },
        c.what,
        c.compared,
        c.agree,
        c.disagree
    );
    if !c.kinds.is_empty() {
        let ind = if md { "  - " } else { "      " };
        let _ = writeln!(out, "{ind}disagreements by kind:");
        for (why, n) in &c.kinds {
            let ind = if md { "    - " } else { "          " };
            let _ = writeln!(out, "{ind}{n}: {why}");
        }
    }
    for d in &c.examples {
        let ind = if md { "  - " } else { "      " };
        let _ = writeln!(out, "{ind}{}", clip(&d.input));
        if let Some(why) = &d.why {
            let ind = if md { "    - " } else { "          " };
            let _ = writeln!(out, "{ind}why: {why}");
        }
        for (lib, s) in &d.outputs {
            let ind = if md { "    - " } else { "          " };
            let _ = writeln!(out, "{ind}{lib}: `{}`", clip(s));
        }
    }
}

/// The report as plain text.
pub fn render_plain(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "corpus: {} lines, {} resolution pairs ({} CSV rows skipped); {} samples after {} \
         warm-up passes, medians per pass",
        r.lines, r.pairs, r.skipped_rows, r.samples, r.warmups
    );
    out.push_str("\nAccepted inputs\n");
    for t in &r.accept {
        let _ = writeln!(out, " {}", t.what);
        accept_lines(t, false, &mut out);
    }
    out.push_str("\nOutput cross-checks\n");
    for c in &r.checks {
        check_lines(c, false, &mut out);
    }
    out.push_str(
        "\nTimings (median per pass; ratio = peer ns/item / ours, > 1 means we are faster)\n",
    );
    let header = [
        "operation",
        "library",
        "call",
        "items",
        "passes",
        "ms/pass",
        "ns/item",
        "peer/ours",
    ];
    let mut rows: Vec<[String; 8]> = Vec::new();
    for op in &r.ops {
        for m in &op.rows {
            rows.push([
                op.op.to_string(),
                m.lib.to_string(),
                m.call.to_string(),
                m.items.to_string(),
                m.passes.to_string(),
                ms(m.median),
                format!("{:.1}", m.ns_per_item()),
                ratio(op.ratio(m)),
            ]);
        }
    }
    let mut width = header.map(str::len);
    for row in &rows {
        for (w, c) in width.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let fmt_row = |cells: &[String]| {
        let mut line = String::new();
        for (i, (c, w)) in cells.iter().zip(width).enumerate() {
            let pad = w - c.chars().count();
            if i >= 3 {
                line.push_str(&" ".repeat(pad));
                line.push_str(c);
            } else {
                line.push_str(c);
                line.push_str(&" ".repeat(pad));
            }
            line.push_str("  ");
        }
        line.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", fmt_row(&header.map(String::from)));
    let _ = writeln!(
        out,
        "{}",
        "-".repeat(width.iter().sum::<usize>() + 2 * (width.len() - 1))
    );
    let mut last = "";
    for (row, op) in rows
        .iter()
        .zip(r.ops.iter().flat_map(|o| o.rows.iter().map(move |_| o.op)))
    {
        if !last.is_empty() && last != op {
            out.push('\n');
        }
        last = op;
        let _ = writeln!(out, "{}", fmt_row(row));
    }
    out.push_str("\nWhat each operation times\n");
    for op in &r.ops {
        let _ = writeln!(out, "  {}: {}", op.op, op.what);
    }
    if !r.notes.is_empty() {
        out.push_str("\nNotes\n");
        for n in &r.notes {
            let _ = writeln!(out, "  {n}");
        }
    }
    out
}

/// The report as Markdown, with a header naming the machine and the command.
pub fn render_markdown(r: &Report, machine: &Machine, command: &str) -> String {
    let mut out = String::new();
    out.push_str("## Benchmark run\n\n");
    let _ = writeln!(out, "- command: `{command}`");
    let _ = writeln!(
        out,
        "- machine: {} logical CPUs (`nproc`), CPU `{}`, {}",
        or_unknown(&machine.nproc),
        or_unknown(&machine.cpu),
        machine.os
    );
    let _ = writeln!(out, "- rustc: `{}`", or_unknown(&machine.rustc));
    let _ = writeln!(
        out,
        "- corpus: {} lines, {} resolution pairs ({} CSV rows skipped); {} timed samples per \
         case after {} warm-up passes, cases interleaved round by round, each sample \
         repeating the pass (`passes` per sample, the same for every library of an operation) \
         to last at least {} ms; medians per pass",
        r.lines, r.pairs, r.skipped_rows, r.samples, r.warmups, r.min_sample_ms
    );
    out.push_str(
        "\n| operation | library | call | items | passes | median ms per pass | ns per item | ratio peer/ours |\n\
         |---|---|---|---:|---:|---:|---:|---:|\n",
    );
    for op in &r.ops {
        for m in &op.rows {
            let _ = writeln!(
                out,
                "| {} | {} | `{}` | {} | {} | {} | {:.1} | {} |",
                op.op,
                m.lib,
                m.call,
                m.items,
                m.passes,
                ms(m.median),
                m.ns_per_item(),
                ratio(op.ratio(m))
            );
        }
    }
    out.push_str("\nRatio: the row's ns per item divided by ours in the same operation; above 1 means we are faster.\n");
    out.push_str("\n### What each operation times\n\n");
    for op in &r.ops {
        let _ = writeln!(out, "- **{}**: {}", op.op, op.what);
    }
    out.push_str("\n### Accepted inputs\n\n");
    for t in &r.accept {
        let _ = writeln!(out, "{}:\n", t.what);
        accept_lines(t, true, &mut out);
        out.push('\n');
    }
    out.push_str("### Output cross-checks\n\n");
    for c in &r.checks {
        check_lines(c, true, &mut out);
    }
    if !r.notes.is_empty() {
        out.push_str("\n### Notes\n\n");
        for n in &r.notes {
            let _ = writeln!(out, "- {n}");
        }
    }
    out
}
