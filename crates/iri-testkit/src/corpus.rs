//! The benchmark and test corpus of the repository (`data/corpus/`, described in its README):
//! one reader for every test that walks it, in the library and in the differential crate.

use std::path::PathBuf;

/// The directory of the corpus: the one `IRI_CORPUS_DIR` names, else the repository's
/// `data/corpus`.
pub fn corpus_dir() -> PathBuf {
    std::env::var_os("IRI_CORPUS_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/corpus"))
}

/// The text of a file of the corpus (`corpus.txt`, `relative_urls_cc_10k.csv`) from
/// [`corpus_dir`]; a file stored gzip-compressed (`corpus.txt.gz`) is decompressed. A missing
/// file fails the test with what to set: the corpus tests never pass by skipping.
pub fn corpus_file(name: &str) -> String {
    let dir = corpus_dir();
    let file = dir.join(name);
    if let Ok(text) = std::fs::read_to_string(&file) {
        return text;
    }
    let gz = dir.join(format!("{name}.gz"));
    let read = std::fs::File::open(&gz).and_then(|f| {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(f), &mut text)?;
        Ok(text)
    });
    read.unwrap_or_else(|e| {
        panic!(
            "the corpus is missing: neither {} nor {} ({e}; set IRI_CORPUS_DIR to the directory \
             holding {name} or {name}.gz)",
            file.display(),
            gz.display()
        )
    })
}
