//! `iri::bytes::find_in_set` and `find_outside` against the obvious byte-by-byte searches
//! over the corpus (`data/corpus/corpus.txt`): every line, from every start, for sets of the
//! kinds callers build (delimiters, controls, lead bytes of non-ASCII characters, one byte)
//! and for ranges (printable ASCII, ASCII).

use iri::bytes::{find_in_set, find_outside, ByteSet};

#[test]
fn the_set_search_agrees_with_the_byte_by_byte_search_over_the_corpus() {
    let sets = [
        ByteSet::of(b":/?#[]@"),
        ByteSet::range(0x00, 0x1F).with(0x7F),
        ByteSet::of(&[0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3]),
        ByteSet::range(0x80, 0xFF),
        ByteSet::of(b"%"),
    ];
    let text = iri_testkit::corpus::corpus_file("corpus.txt");
    let mut lines = 0;
    let mut found = [0usize; 5];
    for line in text.lines() {
        lines += 1;
        let b = line.as_bytes();
        for (first, last) in [(b' ', b'~'), (0, 0x7F), (b'a', b'z')] {
            let mut from = 0;
            loop {
                let want = b[from..].iter().position(|c| !(first..=last).contains(c));
                assert_eq!(
                    find_outside(&b[from..], first, last),
                    want,
                    "{line:?} from {from}"
                );
                match want {
                    Some(i) => from += i + 1,
                    None => break,
                }
            }
        }
        for (k, set) in sets.iter().enumerate() {
            let mut from = 0;
            loop {
                let want = b[from..].iter().position(|&c| set.contains(c));
                assert_eq!(find_in_set(&b[from..], set), want, "{line:?} from {from}");
                match want {
                    Some(i) => {
                        found[k] += 1;
                        from += i + 1;
                    }
                    None => break,
                }
            }
        }
    }
    assert!(lines > 300_000, "corpus.txt has only {lines} lines");
    // Each set but the controls (which no corpus line holds) is met, so the search's
    // found-paths are exercised on real text as well as its not-found paths.
    assert_eq!(found[1], 0);
    assert!(
        found.iter().enumerate().all(|(k, &n)| k == 1 || n > 0),
        "{found:?}"
    );
}
