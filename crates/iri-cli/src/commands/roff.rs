//! The man pages' last touch: clap_mangen puts the text after the options (`after_help`)
//! under a section named EXTRA and copies its Markdown-style backquotes, which roff shows as
//! opening quotes. Here that text becomes a NOTES section and an EXAMPLES section (the
//! examples unfilled, one command a line), and each `name` in backquotes is set in bold.

/// The page with its EXTRA section split into NOTES and EXAMPLES and its backquotes made
/// bold (`\fB…\fR`); in examples, a backquote stays one (`\(ga`).
pub(super) fn tidy(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    // Inside the EXTRA section; inside its examples.
    let (mut extra, mut examples) = (false, false);
    for line in page.lines() {
        if line.starts_with(".SH ") {
            if examples {
                out.push_str(".fi\n");
            }
            examples = false;
            extra = line == ".SH EXTRA";
            if extra {
                out.push_str(".SH NOTES\n");
                continue;
            }
        } else if extra && line == "Examples:" {
            out.push_str(".SH EXAMPLES\n.nf\n");
            examples = true;
            continue;
        }
        if examples {
            out.push_str(&line.replace('`', "\\(ga"));
        } else {
            bold_backquotes(line, &mut out);
        }
        out.push('\n');
    }
    if examples {
        out.push_str(".fi\n");
    }
    // A NOTES section left empty (the text was only examples) goes.
    out.replace(".SH NOTES\n.SH EXAMPLES", ".SH EXAMPLES")
}

/// Appends `line` with each `…` pair set in bold; an unpaired backquote is dropped.
fn bold_backquotes(line: &str, out: &mut String) {
    let mut parts = line.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    let pairs = rest.len() / 2;
    for (k, part) in rest.iter().enumerate() {
        if k < 2 * pairs && k % 2 == 0 {
            out.push_str("\\fB");
            out.push_str(part);
            out.push_str("\\fR");
        } else {
            out.push_str(part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_becomes_notes_and_examples() {
        let page = ".SH OPTIONS\nx\n.SH EXTRA\nExit status: `lint`: 1.\n\nExamples:\n  iri \
                    lint `x`\n.SH VERSION\nv1\n";
        assert_eq!(
            tidy(page),
            ".SH OPTIONS\nx\n.SH NOTES\nExit status: \\fBlint\\fR: 1.\n\n.SH EXAMPLES\n.nf\n  \
             iri lint \\(gax\\(ga\n.fi\n.SH VERSION\nv1\n"
        );
        // Only examples: no empty NOTES.
        let page = ".SH EXTRA\nExamples:\n  iri parse a\n";
        assert_eq!(tidy(page), ".SH EXAMPLES\n.nf\n  iri parse a\n.fi\n");
        // A stray backquote is dropped.
        let mut out = String::new();
        bold_backquotes("a `b` c ` d", &mut out);
        assert_eq!(out, "a \\fBb\\fR c  d");
    }
}
