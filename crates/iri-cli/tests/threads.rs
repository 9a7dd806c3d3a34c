//! `-j/--threads N` is bounded (0 to 256) and a small input starts no workers beyond its
//! work: `-j 256` on one line answers as `-j 1` does.

mod common;

use common::{assert_code, run, run_with_stdin, stderr, stdout};

#[test]
fn more_threads_than_the_cap_is_a_usage_error() {
    for n in ["257", "2048", "100000", "many"] {
        let o = run(&["-j", n, "parse", "http://a/"]);
        assert_code(&o, 2);
        let err = stderr(&o);
        assert!(
            err.contains("--threads") && err.contains("256"),
            "{n}: {err}"
        );
    }
    let o = run(&["parse", "--threads", "3000", "http://a/"]);
    assert_code(&o, 2);
}

#[test]
fn the_cap_and_zero_are_accepted() {
    for n in ["0", "1", "256"] {
        let o = run(&["-j", n, "to-uri", "http://a/é"]);
        assert_code(&o, 0);
        assert_eq!(stdout(&o), "http://a/%C3%A9\n", "-j {n}");
    }
    // Many lines through 256 workers keep their order.
    let input: String = (0..5000).map(|i| format!("http://a/{i}\n")).collect();
    let o = run_with_stdin(&["-j", "256", "to-uri"], input.as_bytes());
    assert_code(&o, 0);
    assert_eq!(stdout(&o), input);
}
