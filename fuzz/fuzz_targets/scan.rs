//! Fuzz target `scan`: every version of each scan of the library's `scan` module (the
//! dispatching one, the scalar one and, where the processor has them, the SSE2 and SSSE3
//! ones) agrees with the one-byte-at-a-time version of `scan/one_byte.rs`, for every class.
//!
//! The module is private, so it is compiled here from its source, with the class table it
//! reads. The first byte of the input chooses the byte searched for, the second a start;
//! the rest is the text (any bytes: the scans do not need UTF-8). Short texts are checked
//! from every start.
#![no_main]

extern crate alloc;

#[path = "../../crates/iri/src/chars.rs"]
#[allow(dead_code, unexpected_cfgs)]
mod chars;
#[path = "../../crates/iri/src/scan/one_byte.rs"]
mod one_byte;
#[path = "../../crates/iri/src/scan.rs"]
#[allow(dead_code)]
mod scan;

fn check(s: &[u8], from: usize, v: u8) {
    for bit in 0..16 {
        let class = 1u16 << bit;
        let (end, non_ascii) = one_byte::class_run(s, from, class);
        let want = scan::Run { end, non_ascii };
        assert_eq!(scan::class_run_scalar(s, from, class), want, "{class:#06X} {from} {s:02X?}");
        #[cfg(target_arch = "x86_64")]
        if scan::x86::has_ssse3() {
            // SAFETY: the processor has SSSE3 (checked just above).
            let got = unsafe { scan::x86::class_run_ssse3(s, from, class) };
            assert_eq!(got, want, "ssse3 {class:#06X} {from} {s:02X?}");
        }
    }
    let want = one_byte::find_byte(s, from, v);
    assert_eq!(scan::find_byte(s, from, v), want, "{v} {from} {s:02X?}");
    assert_eq!(scan::find_byte_scalar(s, from, v), want, "{v} {from} {s:02X?}");
    let want = one_byte::rfind_byte(s, from, v);
    assert_eq!(scan::rfind_byte(s, from, v), want, "{v} {from} {s:02X?}");
    assert_eq!(scan::rfind_byte_scalar(s, from, v), want, "{v} {from} {s:02X?}");
    let want = one_byte::first_non_ascii(s, from);
    assert_eq!(scan::first_non_ascii(s, from), want, "{from} {s:02X?}");
    assert_eq!(scan::first_non_ascii_scalar(s, from), want, "{from} {s:02X?}");
    // normal_marks, with the upper-case search limited at `from`.
    let (percent, slash_dot, upper) = one_byte::normal_marks(s, from);
    let want = scan::NormalMarks {
        percent,
        slash_dot,
        upper,
    };
    assert_eq!(scan::normal_marks(s, from), want, "{from} {s:02X?}");
    assert_eq!(scan::normal_marks_scalar(s, from), want, "{from} {s:02X?}");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [v, start, s @ ..] = data else {
        return;
    };
    if s.len() <= 80 {
        for from in 0..=s.len() {
            check(s, from, *v);
        }
    } else {
        for from in [0, (*start as usize).min(s.len()), s.len() - 17, s.len() - 1, s.len()] {
            check(s, from, *v);
        }
    }
});
