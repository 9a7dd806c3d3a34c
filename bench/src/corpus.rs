//! Loading the benchmark inputs: `corpus.txt` (one IRI per line; in the repository
//! `data/corpus/corpus.txt.gz`, read through gzip) and `relative_urls_cc_10k.csv`
//! (`base,relative` pairs).

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// File name of the line corpus inside the corpus directory.
pub const CORPUS_FILE: &str = "corpus.txt";
/// File name of the resolution pairs inside the corpus directory.
pub const PAIRS_FILE: &str = "relative_urls_cc_10k.csv";

/// `(base, relative)` pairs.
pub type Pairs = Vec<(String, String)>;

/// The inputs of one run.
#[derive(Debug, Clone, Default)]
pub struct Corpus {
    /// One IRI (or invalid candidate) per line, without the line terminator.
    pub lines: Vec<String>,
    /// `(base, relative)` pairs.
    pub pairs: Pairs,
    /// CSV rows that were skipped because they could not be split unambiguously.
    pub skipped_rows: Vec<String>,
}

impl Corpus {
    /// Builds a corpus from in-memory data (used by the smoke test).
    pub fn from_parts(lines: &[&str], pairs: &[(&str, &str)]) -> Self {
        Corpus {
            lines: lines.iter().map(|s| s.to_string()).collect(),
            pairs: pairs
                .iter()
                .map(|(b, r)| (b.to_string(), r.to_string()))
                .collect(),
            skipped_rows: Vec::new(),
        }
    }
}

/// Why the corpus could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// A required file does not exist.
    Missing(PathBuf),
    /// A file exists but could not be read (I/O error or not UTF-8).
    Unreadable(PathBuf, std::io::Error),
    /// The CSV file has no `base,relative` header.
    BadHeader(PathBuf, String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Missing(p) => write!(
                f,
                "corpus file not found: {} (pass --corpus DIR or set IRI_CORPUS_DIR)",
                p.display()
            ),
            LoadError::Unreadable(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            LoadError::BadHeader(p, h) => write!(
                f,
                "{}: expected the header `base,relative`, found {h:?}",
                p.display()
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// The text of `path`, or of `path.gz` decompressed when only that exists.
fn read(path: &Path) -> Result<String, LoadError> {
    if path.is_file() {
        return std::fs::read_to_string(path)
            .map_err(|e| LoadError::Unreadable(path.to_path_buf(), e));
    }
    let mut gz = path.as_os_str().to_owned();
    gz.push(".gz");
    let gz = PathBuf::from(gz);
    if !gz.is_file() {
        return Err(LoadError::Missing(path.to_path_buf()));
    }
    let unreadable = |e| LoadError::Unreadable(gz.clone(), e);
    let file = std::fs::File::open(&gz).map_err(unreadable)?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::io::BufReader::new(file))
        .read_to_string(&mut text)
        .map_err(unreadable)?;
    Ok(text)
}

/// Splits text into lines at `\n`, dropping a trailing `\r` (CRLF files) and empty lines.
pub fn split_lines(text: &str) -> Vec<String> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Copies of `lines`, a `String` each, allocated one after another as [`load_corpus`]
/// allocates every line of the corpus: a subset of it held on its own, as a caller who kept
/// only those lines would hold them.
///
/// A pass over a subset read in place would walk the corpus's allocations and skip the
/// lines between, and every library's time would include that sparse walk over memory: on
/// the 37% of lines with a non-ASCII character it added about 15 ns a line to our `to_uri`,
/// which takes about 43 held apart, and about 10 to iri-string's 137 (BENCHMARKS.md,
/// "Where the lines lie in memory").
///
/// ```
/// let held = iri_bench::held_apart(&["http://a/é", "http://b/"]);
/// assert_eq!(held, ["http://a/é", "http://b/"]);
/// ```
pub fn held_apart(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| l.to_string()).collect()
}

/// Splits one CSV row into `(base, relative)`.
///
/// The rule: a row must contain exactly one comma, and it separates the base from the
/// reference. Both a base and a reference may legally contain commas (`,` is a sub-delim in
/// RFC 3986/3987), so a row with two or more commas is ambiguous: no rule on the text alone can
/// tell which comma is the separator, and the file uses no CSV quoting. Such rows (and rows
/// with no comma, or with a `"`, which would mean CSV quoting) are rejected, counted and
/// reported, never guessed. In `relative_urls_cc_10k.csv` every one of the 10,000 rows has
/// exactly one comma, so nothing is skipped and "first comma", "last comma" and "only comma"
/// all give the same split.
pub fn split_pair(row: &str) -> Option<(&str, &str)> {
    if row.contains('"') {
        return None;
    }
    let (base, rel) = row.split_once(',')?;
    if rel.contains(',') {
        return None;
    }
    Some((base, rel))
}

/// Parses the pairs CSV: a `base,relative` header, then one pair per row (see [`split_pair`]).
/// Returns the pairs and the rows that were skipped.
pub fn parse_pairs_csv(text: &str) -> Result<(Pairs, Vec<String>), String> {
    let mut rows = split_lines(text).into_iter();
    let header = rows.next().unwrap_or_default();
    if header.trim() != "base,relative" {
        return Err(header);
    }
    let mut pairs = Vec::new();
    let mut skipped = Vec::new();
    for row in rows {
        match split_pair(&row) {
            Some((b, r)) => pairs.push((b.to_string(), r.to_string())),
            None => skipped.push(row),
        }
    }
    Ok((pairs, skipped))
}

/// Loads `dir/corpus.txt` (or `dir/corpus.txt.gz`) and `dir/relative_urls_cc_10k.csv` (or
/// its `.gz`).
pub fn load_corpus(dir: &Path) -> Result<Corpus, LoadError> {
    let corpus_path = dir.join(CORPUS_FILE);
    let pairs_path = dir.join(PAIRS_FILE);
    let lines = split_lines(&read(&corpus_path)?);
    let (pairs, skipped_rows) = parse_pairs_csv(&read(&pairs_path)?)
        .map_err(|h| LoadError::BadHeader(pairs_path.clone(), h))?;
    Ok(Corpus {
        lines,
        pairs,
        skipped_rows,
    })
}

/// The default corpus directory: `$IRI_CORPUS_DIR` if set and not empty, else the
/// repository's `data/corpus`, beside this crate.
pub fn default_corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("IRI_CORPUS_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.parent().unwrap_or(manifest);
    root.join("data").join("corpus")
}
