//! The corpus as the repository stores it: `corpus.txt.gz` beside a plain CSV.

use std::io::Write;

#[test]
fn loads_a_gzip_compressed_corpus() {
    let dir = std::env::temp_dir().join(format!("iri-bench-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gz = std::fs::File::create(dir.join(format!("{}.gz", iri_bench::CORPUS_FILE))).unwrap();
    let mut enc = flate2::write::GzEncoder::new(gz, flate2::Compression::default());
    enc.write_all("http://a/é\n../b\r\n".as_bytes()).unwrap();
    enc.finish().unwrap();
    std::fs::write(
        dir.join(iri_bench::PAIRS_FILE),
        "base,relative\nhttp://a/b,c\n",
    )
    .unwrap();
    let c = iri_bench::load_corpus(&dir).unwrap();
    assert_eq!(c.lines, ["http://a/é", "../b"]);
    assert_eq!(c.pairs, [("http://a/b".to_string(), "c".to_string())]);

    // A damaged file is an error that names it, not a short corpus.
    let gz_path = dir.join(format!("{}.gz", iri_bench::CORPUS_FILE));
    std::fs::write(&gz_path, b"\x1f\x8b\x08\x00 not gzip").unwrap();
    let err = iri_bench::load_corpus(&dir).unwrap_err();
    assert!(
        matches!(err, iri_bench::LoadError::Unreadable(ref p, _) if *p == gz_path),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_directory_is_the_repository_corpus() {
    if std::env::var_os("IRI_CORPUS_DIR").is_some_and(|d| !d.is_empty()) {
        // The variable decides; the rule below is the one without it.
        assert_eq!(
            iri_bench::default_corpus_dir(),
            std::path::PathBuf::from(std::env::var_os("IRI_CORPUS_DIR").unwrap())
        );
        return;
    }
    let dir = iri_bench::default_corpus_dir();
    assert!(dir.ends_with("data/corpus"), "{}", dir.display());
    assert!(dir.join("corpus.txt.gz").is_file(), "{}", dir.display());
}
