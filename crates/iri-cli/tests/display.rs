//! End-to-end tests of `iri display` (RFC 3987 §4.1, §4.4).

mod common;

use common::*;

/// Runs `iri display ARGS`, returning its standard output lines and exit code.
fn display(args: &[&str]) -> (Vec<String>, i32) {
    let mut all = vec!["display"];
    all.extend(args);
    let o = run(&all);
    assert_eq!(stderr(&o), "", "{args:?}");
    (stdout(&o).lines().map(str::to_owned).collect(), code(&o))
}

#[test]
fn display_each_wrap_and_context() {
    let heb = "http://example.org/\u{5E9}\u{5DC}\u{5D5}\u{5DD}/a";
    let ascii = "http://example.org/a/";
    let cases = [
        (
            ["--wrap", "lre", "--context", "ltr"],
            [format!("\u{202A}{heb}\u{202C}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lre", "--context", "rtl"],
            [format!("\u{202A}{heb}\u{202C}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lri", "--context", "ltr"],
            [format!("\u{2066}{heb}\u{2069}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lri", "--context", "rtl"],
            [format!("\u{2066}{heb}\u{2069}"), ascii.to_owned()],
        ),
        (
            ["--wrap", "lrm", "--context", "ltr"],
            [
                "http://example.org/\u{200E}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{200E}/a".to_owned(),
                ascii.to_owned(),
            ],
        ),
        (
            ["--wrap", "lrm", "--context", "rtl"],
            [
                "\u{202A}http://example.org/\u{200E}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{200E}/a\u{202C}"
                    .to_owned(),
                format!("\u{202A}{ascii}\u{202C}"),
            ],
        ),
    ];
    for (flags, want) in &cases {
        let mut args = flags.to_vec();
        args.extend([heb, ascii]);
        assert_eq!(display(&args), (want.to_vec(), 0), "{flags:?}");
    }
    // The defaults are lre and ltr.
    assert_eq!(display(&[heb, ascii]).0, cases[0].1.to_vec());
    // In notation.
    assert_eq!(
        display(&[
            "--bidi-notation",
            "arabic",
            "--wrap",
            "lrm",
            "http://ab.CD.EF/gh"
        ])
        .0,
        ["http://ab.\u{200E}CD\u{200E}.\u{200E}EF\u{200E}/gh"]
    );
}

#[test]
fn display_visual_rfc_3987_examples() {
    // RFC 3987 §4.4, in Bidi Notation: logical → visual, with Hebrew and with Arabic letters.
    let examples = [
        // Example 1: a single component with right-to-left characters is inverted.
        (
            "http://ab.CDEFGH.ij/kl/mn/op.html",
            "http://ab.HGFEDC.ij/kl/mn/op.html",
        ),
        // Example 2: consecutive components with right-to-left characters are inverted as a
        // whole.
        (
            "http://ab.CDE.FGH/ij/kl/mn/op.html",
            "http://ab.HGF.EDC/ij/kl/mn/op.html",
        ),
        // The same rule, twice in one IRI.
        (
            "http://ab.CD.EF/gh/IJ/kl.html",
            "http://ab.FE.DC/gh/JI/kl.html",
        ),
    ];
    for script in ["hebrew", "arabic"] {
        for (logical, visual) in examples {
            assert_eq!(
                display(&["--visual", "--bidi-notation", script, logical]),
                (vec![visual.to_owned()], 0),
                "{script}: {logical}"
            );
            // Wrapped, the picture is the same in right-to-left text.
            for wrap in ["lre", "lri"] {
                assert_eq!(
                    display(&[
                        "--visual",
                        "--context",
                        "rtl",
                        "--wrap",
                        wrap,
                        "--bidi-notation",
                        script,
                        logical
                    ])
                    .0,
                    [visual],
                    "{script} {wrap}: {logical}"
                );
            }
        }
    }
    // The 2002 draft's rendering wraps the whole in LRE … PDF in right-to-left text, which
    // keeps the picture too.
    assert_eq!(
        display(&[
            "--visual",
            "--context",
            "rtl",
            "--wrap",
            "lrm",
            "--bidi-notation",
            "hebrew",
            "http://ab.cd/EF/"
        ])
        .0,
        ["http://ab.cd/FE/"]
    );
    // The 2002 draft's marks read each component in its own direction.
    assert_eq!(
        display(&[
            "--visual",
            "--wrap",
            "lrm",
            "--bidi-notation",
            "hebrew",
            "http://ab.CDE.FGH/ij/kl/mn/op.html"
        ])
        .0,
        ["http://ab.EDC.HGF/ij/kl/mn/op.html"]
    );
    // Several inputs from standard input, in order.
    let o = run_with_stdin(
        &["display", "--visual", "--bidi-notation", "hebrew"],
        b"http://ab.CDEFGH.ij/kl/mn/op.html\r\n\nhttp://AB.CD.ef/gh/IJ/KL.html\n",
    );
    assert_code(&o, 0);
    assert_eq!(
        stdout(&o),
        "http://ab.HGFEDC.ij/kl/mn/op.html\n\nhttp://DC.BA.ef/gh/LK/JI.html\n"
    );
}

#[test]
fn display_formats_and_errors() {
    let heb = "http://a/\u{5D0}";
    // Not an IRI: shown anyway.
    let (out, code) = display(&["--format", "json", heb, "a b/\u{5D0}"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        [
            format!("{{\"input\":\"{heb}\",\"output\":\"\u{202A}{heb}\u{202C}\"}}"),
            "{\"input\":\"a b/\u{5D0}\",\"output\":\"\u{202A}a b/\u{5D0}\u{202C}\"}".to_owned(),
        ]
    );
    let (out, _) = display(&["--format", "tsv", "--visual", heb]);
    assert_eq!(
        out,
        [
            "input\toutput\terror",
            &format!("{heb}\thttp://a/\u{5D0}\t")
        ]
    );
    let o = run_with_stdin(&["display"], b"http://a/\n\xFF\n");
    assert_code(&o, 1);
    assert_eq!(
        stdout(&o),
        "http://a/\nerror: line 2: invalid UTF-8 at byte 0 (0xFF)\n"
    );
}
