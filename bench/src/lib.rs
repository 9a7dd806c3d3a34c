//! Side-by-side benchmark of the `iri` crate against oxiri, iri-string, fluent-uri and url.
//!
//! The binary (`cargo run --release -p iri-bench -- [--corpus DIR] [--samples N]
//! [--markdown]`) is a thin wrapper over this library, so that the smoke test can run the
//! same code on a tiny corpus:
//!
//! - [`load_corpus`] reads `corpus.txt` and `relative_urls_cc_10k.csv`;
//! - [`run`] prepares the inputs of every operation (untimed), cross-checks outputs between
//!   libraries (normalization disagreements are explained by kind, one line each), and times
//!   one full pass per library, `samples` times, reporting medians;
//! - [`render_plain`] and [`render_markdown`] print the [`Report`].
//!
//! Timing is a plain `Instant` around one pass over all inputs, with `std::hint::black_box`
//! on every input and result; no statistics crate is involved.

mod build;
mod classify;
mod corpus;
mod growth;
mod measure;
mod ops;
mod owned;
mod report;

pub use corpus::{
    default_corpus_dir, held_apart, load_corpus, parse_pairs_csv, split_lines, split_pair, Corpus,
    LoadError, Pairs, CORPUS_FILE, PAIRS_FILE,
};
pub use growth::{
    lengthen, render_growth, run_callgrind, run_growth, GrowthRow, CALLGRIND_USAGE, SCALES,
};
pub use measure::{measure, median, passes_per_sample, Case, Config, Measured};
pub use ops::{
    run, AcceptTable, Acceptance, Check, Disagreement, OpResult, Report, COPY_FLOOR, FLUENT,
    FROM_UTF8, IRI_STRING, OURS, OXIRI, URL,
};
pub use report::{render_markdown, render_plain, Machine};

/// Command-line options of the binary.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Corpus directory.
    pub corpus: std::path::PathBuf,
    /// Timed passes per case.
    pub samples: usize,
    /// Print Markdown instead of plain text.
    pub markdown: bool,
    /// Measure cost growth at 1×, 10× and 100× input instead of the comparison.
    pub growth: bool,
    /// Run one pass of one operation of one library, for callgrind: `(op, lib)`.
    pub callgrind: Option<(String, String)>,
    /// Time only this family of operations (one of [`FAMILIES`]).
    pub only: Option<&'static str>,
    /// The shortest timed sample, in milliseconds (see [`Config::min_sample`]).
    pub min_sample_ms: u64,
}

/// The families of operations that `--only` chooses from: each is one group of rows.
///
/// ```
/// let o = iri_bench::parse_args(["--only".to_string(), "resolve".to_string()]).unwrap();
/// assert_eq!(o.unwrap().only, Some(iri_bench::FAMILIES[1]));
/// ```
pub const FAMILIES: [&str; 6] = ["parse", "resolve", "to_uri", "to_iri", "normalize", "build"];

/// The usage line.
pub const USAGE: &str = "usage: iri-bench [--corpus DIR] [--samples N] [--markdown] \
    [--only FAMILY] [--min-sample-ms MS] [--growth | --callgrind OP LIB]\n\
    \n\
    --corpus DIR   directory holding corpus.txt (or corpus.txt.gz) and relative_urls_cc_10k.csv\n\
    \x20              (default: $IRI_CORPUS_DIR, else <workspace>/data/corpus)\n\
    --samples N    timed samples per library and operation, median reported (default 15)\n\
    --min-sample-ms MS  each sample repeats the pass to last MS milliseconds at least, with\n\
    \x20              the same count for every library of an operation (default 20; 0: one)\n\
    --markdown     print a Markdown report with the machine and the command\n\
    --only FAMILY  time one family of rows only: parse, resolve, to_uri, to_iri, normalize or build\n\
    --growth       time our operations on inputs lengthened 1x, 10x and 100x instead\n\
    --callgrind OP LIB  run one untimed pass of OP (parse, resolve_into, normalize, to_uri,\n\
    \x20              parse_resolve, to_uri_non_ascii, to_uri_owned, to_uri_owned_non_ascii,\n\
    \x20              normalize_owned) for LIB (ours, oxiri, iri-string, fluent-uri; parse also\n\
    \x20              from_utf8, the baseline) inside callgrind_pass_*, for\n\
    \x20              valgrind --tool=callgrind --toggle-collect='*callgrind_pass*'";

/// Parses the arguments after the program name. `Ok(None)` means `--help`.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Option<Options>, String> {
    let mut opts = Options {
        corpus: default_corpus_dir(),
        samples: 15,
        markdown: false,
        growth: false,
        callgrind: None,
        only: None,
        min_sample_ms: 20,
    };
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--corpus" => {
                opts.corpus = args.next().ok_or("--corpus needs a directory")?.into();
            }
            "--samples" => {
                let n = args.next().ok_or("--samples needs a number")?;
                opts.samples = n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--samples: not a positive number: {n:?}"))?;
            }
            "--markdown" => opts.markdown = true,
            "--min-sample-ms" => {
                let n = args.next().ok_or("--min-sample-ms needs a number")?;
                opts.min_sample_ms = n
                    .parse()
                    .map_err(|_| format!("--min-sample-ms: not a number: {n:?}"))?;
            }
            "--only" => {
                let f = args.next().ok_or("--only needs a family of operations")?;
                let family = FAMILIES.into_iter().find(|&known| known == f);
                opts.only = Some(family.ok_or_else(|| format!("--only: unknown family {f:?}"))?);
            }
            "--growth" => opts.growth = true,
            "--callgrind" => {
                let op = args.next().ok_or("--callgrind needs OP and LIB")?;
                let lib = args.next().ok_or("--callgrind needs OP and LIB")?;
                opts.callgrind = Some((op, lib));
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Some(opts))
}
