//! End-to-end tests of `iri resolve`'s options beyond RFC 3986 §5.2.2 as written that the
//! conformance suites asked for: copied-path normalization (the `rdf` preset, oxiri's results).

mod common;

use common::*;

fn resolve(args: &[&str], base: &str, stdin: &[u8]) -> String {
    let mut a = vec!["resolve", "--base", base];
    a.extend_from_slice(args);
    let o = run_with_stdin(&a, stdin);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
}

// RFC 3986 §5.2.2 copies the base path for '?y', '#s' and ''; copied-path normalization
// removes its dot segments there only (§5.2.4), and a relative path merges with the base
// path as written: the rows of oxiri's tests for the base http://a/bb/ccc/.. .
#[test]
fn copied_path_normalize_and_the_rdf_preset() {
    let base = "http://a/bb/ccc/..";
    let refs = b"?y\n#s\n\ng\n../g\n";
    let want = "http://a/bb/?y\nhttp://a/bb/#s\nhttp://a/bb/\nhttp://a/bb/ccc/g\nhttp://a/bb/g\n";
    assert_eq!(resolve(&["--copied-path-normalize"], base, refs), want);
    assert_eq!(resolve(&["--preset", "rdf"], base, refs), want);
    // Base normalization also merges with the normalized path; strict copies as written.
    assert_eq!(
        resolve(&["--base-normalize"], base, refs),
        "http://a/bb/?y\nhttp://a/bb/#s\nhttp://a/bb/\nhttp://a/bb/g\nhttp://a/g\n"
    );
    assert_eq!(
        resolve(&[], base, refs),
        "http://a/bb/ccc/..?y\nhttp://a/bb/ccc/..#s\nhttp://a/bb/ccc/..\nhttp://a/bb/ccc/g\nhttp://a/bb/g\n"
    );
    let o = run(&["resolve", "--help"]);
    let help = stdout(&o);
    assert!(help.contains("--copied-path-normalize"), "{help}");
    assert!(help.contains("oxiri"), "{help}");
}

// Resolution against a relative base is an extension (RFC 3986 §5.1 wants an absolute base):
// only with --relative-base; without it a relative --base is a usage error naming the flag.
// The rows: Jena's a/b + c/d, and oxiri's relative-base tests (data/conformance/oxiri).
#[test]
fn relative_base_only_on_request() {
    assert_eq!(resolve(&["--relative-base"], "a/b", b"c/d\n"), "a/c/d\n");
    assert_eq!(
        resolve(&["--relative-base"], "../foo/bar", b"baz\n#s\n../../x\n"),
        "../foo/baz\n../foo/bar#s\n../../x\n"
    );
    assert_eq!(resolve(&["--relative-base"], "/foo/", b"..\n"), "/\n");
    // An absolute base gives what it gives without the flag.
    assert_eq!(
        resolve(&["--relative-base"], "http://a/b/c", b"../d\n"),
        "http://a/d\n"
    );
    let o = run(&["resolve", "--base", "a/b", "c/d"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("absolute") && err.contains("--relative-base"),
        "{err}"
    );
    let o = run(&["relativize", "--base", "a/b", "http://x/"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("RFC 3986 §5.1"), "{}", stderr(&o));
    let help = stdout(&run(&["resolve", "--help"]));
    assert!(help.contains("--relative-base"), "{help}");
}
