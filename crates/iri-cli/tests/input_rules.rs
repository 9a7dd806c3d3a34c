//! The input rules of the line-reading subcommands: `validate`, `dedup` and `extract` take
//! files (`-` for standard input); the others take IRIs as arguments and read lines only from
//! standard input. An IRI argument that names an existing file, and is not an IRI with a
//! scheme, is still taken as an IRI reference, with a warning on standard error.

mod common;

use common::*;

use std::path::PathBuf;
use std::process::Output;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-input-rules-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("links.txt"), "http://a/\nhttp://b/ c\n").unwrap();
    std::fs::write(dir.join("http:x"), "not read\n").unwrap();
    dir
}

fn run_in(dir: &PathBuf, args: &[&str]) -> Output {
    iri().current_dir(dir).args(args).output().unwrap()
}

const WARNING: &str = "iri: warning: 'links.txt' is taken as an IRI reference, though it names \
                       a file: the arguments of this subcommand are IRIs; to read the lines of \
                       the file, give it on standard input (< 'links.txt')\n";

#[test]
fn iri_arguments_that_name_files_are_warned_about() {
    let dir = scratch("warned");
    let cases: &[(&[&str], &str)] = &[
        (&["parse", "links.txt"], "path=links.txt\n"),
        (&["to-uri", "links.txt"], "links.txt\n"),
        (&["to-iri", "links.txt"], "links.txt\n"),
        (&["normalize", "links.txt"], "links.txt\n"),
        (
            &["resolve", "--base", "http://h/d/", "links.txt"],
            "http://h/d/links.txt\n",
        ),
        (&["display", "links.txt"], "links.txt\n"),
        (
            &["lint", "--format", "json", "links.txt"],
            "{\"input\":\"links.txt\"",
        ),
    ];
    for (args, want) in cases {
        let o = run_in(&dir, args);
        assert!(stdout(&o).starts_with(want), "{args:?}: {}", stdout(&o));
        assert_eq!(stderr(&o), WARNING, "{args:?}");
    }
    // relativize takes absolute IRIs: the file name is an error, and warned about too.
    let o = run_in(&dir, &["relativize", "--base", "http://h/", "links.txt"]);
    assert_code(&o, 1);
    assert_eq!(stderr(&o), WARNING);
}

#[test]
fn no_warning_for_iris_plain_names_or_files_read_as_files() {
    let dir = scratch("plain");
    // An IRI with a scheme is meant as one, even if a file has that name.
    let o = run_in(&dir, &["parse", "http:x"]);
    assert_code(&o, 0);
    assert_eq!(stderr(&o), "");
    // A name that is no file.
    let o = run_in(&dir, &["parse", "missing.txt"]);
    assert_eq!(stderr(&o), "");
    // Standard input, as the warning says: each line is an input.
    let o = iri()
        .current_dir(&dir)
        .args(["to-uri"])
        .stdin(std::fs::File::open(dir.join("links.txt")).unwrap())
        .output()
        .unwrap();
    assert_eq!(stdout(&o).lines().next(), Some("http://a/"));
    assert_eq!(stdout(&o).lines().count(), 2);
    assert_eq!(stderr(&o), "");
    // The file-taking subcommands read it.
    let o = run_in(&dir, &["validate", "links.txt"]);
    assert!(stdout(&o).starts_with("links.txt:2:10: "), "{}", stdout(&o));
    assert!(!stderr(&o).contains("warning"));
    let o = run_in(&dir, &["dedup", "links.txt"]);
    assert!(stdout(&o).starts_with("http://a/\n"), "{}", stdout(&o));
    assert!(!stderr(&o).contains("warning"));
}
