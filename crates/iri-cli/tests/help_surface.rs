//! What the command shows of itself: `serve --help` without the options of the line-reading
//! subcommands, shell completion of `--charset` with charset names rather than file names,
//! and man pages without clap's EXTRA section or Markdown backquotes.

mod common;

use common::iri;

fn stdout_of(args: &[&str]) -> String {
    let o = iri().args(args).output().unwrap();
    assert!(o.status.success(), "{args:?}: {o:?}");
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn serve_help_lists_only_what_serve_uses() {
    let serve = stdout_of(&["serve", "--help"]);
    assert!(serve.contains("--bind"), "{serve}");
    for flag in ["--threads", "--quiet", "--stats", "-j,", "-q,"] {
        assert!(!serve.contains(flag), "serve --help lists {flag}:\n{serve}");
    }
    let lint = stdout_of(&["lint", "--help"]);
    assert!(
        lint.contains("--threads") && lint.contains("--stats"),
        "{lint}"
    );
    // Still refused by serve, as a usage error.
    let o = iri().args(["serve", "--stats"]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn charset_completion_offers_charset_names() {
    let bash = stdout_of(&["completions", "bash"]);
    let mut blocks = bash.split("--charset)").skip(1).peekable();
    assert!(blocks.peek().is_some(), "no --charset in the bash script");
    for block in blocks {
        let case = &block[..block.find(";;").unwrap()];
        assert!(
            case.contains("windows-1251") && case.contains("shift_jis"),
            "{case}"
        );
        assert!(!case.contains("compgen -f"), "file names offered: {case}");
    }
    // A label that is not offered is still accepted.
    assert_eq!(
        stdout_of(&["to-uri", "--charset", "latin1", "http://a/?\u{E9}"]),
        "http://a/?%E9\n"
    );
}

#[test]
fn man_pages_have_notes_and_examples_and_no_backquotes() {
    let page = stdout_of(&["man"]);
    assert!(!page.contains(".SH EXTRA"), "{page}");
    assert!(page.contains(".SH NOTES") && page.contains(".SH EXAMPLES"));
    assert!(!page.contains('`'), "{page}");
    assert!(page.contains("\\fBlint\\fR"), "{page}");
    let dir = std::env::temp_dir().join(format!("iri-man-surface-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = iri()
        .args(["man", "--output-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{o:?}");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains(".SH EXTRA"), "{}", path.display());
        assert!(!text.contains('`'), "{}", path.display());
    }
    let serve = std::fs::read_to_string(dir.join("iri-serve.1")).unwrap();
    assert!(!serve.contains("threads"), "{serve}");
    std::fs::remove_dir_all(&dir).unwrap();
}
