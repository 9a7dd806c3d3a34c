//! Timing: one pass of a case is one call of its closure; a sample repeats the pass so that
//! it lasts at least [`Config::min_sample`]; the result is the median of the samples, per
//! pass.
//!
//! Why samples have a minimum length: the cases of an operation run in turn, so each sample
//! starts with the caches as the previous library left them. A pass of under a millisecond
//! (resolution of 10,000 pairs) then pays reloading its inputs as a large part of its time,
//! the same absolute cost for every library, which measures the memory system more than the
//! operation. Repeating the pass within a sample spreads that cost over the sample.

use std::time::{Duration, Instant};

/// How many passes to run.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Timed passes per case; the median is reported.
    pub samples: usize,
    /// Untimed passes per case before the first timed one.
    pub warmups: usize,
    /// Print progress to stderr.
    pub progress: bool,
    /// Time only this family of operations (`None`: all of them).
    pub only: Option<&'static str>,
    /// The shortest sample: each timed sample repeats the pass this long at least. The count
    /// of passes comes from the quickest case's last warm-up pass and is the same for every
    /// case of an operation (1 when there are no warm-up passes).
    pub min_sample: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            samples: 15,
            warmups: 2,
            progress: false,
            only: None,
            min_sample: Duration::from_millis(20),
        }
    }
}

/// One library's implementation of an operation, ready to run one full pass.
pub struct Case<'a> {
    /// Library name.
    pub lib: &'static str,
    /// The call measured, for the table.
    pub call: &'static str,
    /// Inputs processed per pass.
    pub items: usize,
    /// Runs one full pass over the inputs.
    pub pass: Box<dyn FnMut() + 'a>,
}

impl<'a> Case<'a> {
    /// A case from its parts.
    pub fn new(
        lib: &'static str,
        call: &'static str,
        items: usize,
        pass: impl FnMut() + 'a,
    ) -> Self {
        Case {
            lib,
            call,
            items,
            pass: Box::new(pass),
        }
    }
}

/// The measurement of one case.
#[derive(Debug, Clone)]
pub struct Measured {
    /// Library name.
    pub lib: &'static str,
    /// The call measured.
    pub call: &'static str,
    /// Inputs per pass.
    pub items: usize,
    /// Median time of one pass.
    pub median: Duration,
    /// Every sample's time per pass, in the order taken.
    pub samples: Vec<Duration>,
    /// Passes per sample.
    pub passes: usize,
}

impl Measured {
    /// Median nanoseconds per input.
    pub fn ns_per_item(&self) -> f64 {
        if self.items == 0 {
            0.0
        } else {
            self.median.as_secs_f64() * 1e9 / self.items as f64
        }
    }
}

/// The median of durations (mean of the two middle ones for an even count).
pub fn median(samples: &[Duration]) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    let mut v = samples.to_vec();
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2
    }
}

/// How many passes make a sample of at least `min`, given the quickest pass (`None`: not
/// timed); at most 10,000.
///
/// ```
/// use std::time::Duration;
/// use iri_bench::passes_per_sample;
/// let ms = Duration::from_millis;
/// assert_eq!(passes_per_sample(ms(20), Some(Duration::from_micros(700))), 29);
/// assert_eq!(passes_per_sample(ms(20), Some(ms(30))), 1);
/// assert_eq!(passes_per_sample(ms(20), None), 1);
/// ```
pub fn passes_per_sample(min: Duration, quickest: Option<Duration>) -> usize {
    match quickest {
        Some(q) if !q.is_zero() => min.as_nanos().div_ceil(q.as_nanos()).clamp(1, 10_000) as usize,
        _ => 1,
    }
}

/// Runs every case: `warmups` untimed passes each, then `samples` rounds in which every case
/// runs one timed sample of [`passes_per_sample`] passes. Interleaving the cases round by
/// round (and rotating which one goes first) spreads background noise over all libraries
/// instead of penalising whichever one happened to run while the machine was busy.
pub fn measure(cfg: &Config, mut cases: Vec<Case<'_>>) -> Vec<Measured> {
    let mut quickest: Option<Duration> = None;
    for case in cases.iter_mut() {
        for w in 0..cfg.warmups {
            let start = Instant::now();
            (case.pass)();
            if w + 1 == cfg.warmups {
                let t = start.elapsed();
                quickest = Some(quickest.map_or(t, |q| q.min(t)));
            }
        }
    }
    let passes = passes_per_sample(cfg.min_sample, quickest);
    let n = cases.len();
    let mut samples: Vec<Vec<Duration>> = vec![Vec::with_capacity(cfg.samples); n];
    for round in 0..cfg.samples {
        for k in 0..n {
            let i = (k + round) % n;
            let start = Instant::now();
            for _ in 0..passes {
                (cases[i].pass)();
            }
            samples[i].push(start.elapsed() / passes as u32);
        }
    }
    cases
        .into_iter()
        .zip(samples)
        .map(|(c, s)| Measured {
            lib: c.lib,
            call: c.call,
            items: c.items,
            median: median(&s),
            samples: s,
            passes,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_and_even() {
        let d = Duration::from_nanos;
        assert_eq!(median(&[d(5), d(1), d(3)]), d(3));
        assert_eq!(
            median(&[d(4), d(1), d(3), d(2)]),
            Duration::from_nanos(2) + d(1) / 2
        );
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn passes_fill_the_minimum_sample() {
        let ms = Duration::from_millis;
        assert_eq!(passes_per_sample(ms(20), Some(ms(1))), 20);
        assert_eq!(
            passes_per_sample(ms(20), Some(Duration::from_micros(700))),
            29
        );
        assert_eq!(passes_per_sample(ms(20), Some(ms(30))), 1);
        assert_eq!(
            passes_per_sample(ms(20), Some(Duration::from_nanos(1))),
            10_000
        );
        assert_eq!(passes_per_sample(ms(20), None), 1);
        assert_eq!(passes_per_sample(Duration::ZERO, Some(ms(1))), 1);
        assert_eq!(passes_per_sample(ms(20), Some(Duration::ZERO)), 1);
    }

    #[test]
    fn a_sample_repeats_the_pass() {
        use std::cell::Cell;
        let calls = Cell::new(0);
        let cfg = Config {
            samples: 3,
            warmups: 1,
            progress: false,
            only: None,
            min_sample: Duration::from_millis(5),
        };
        let case = Case::new("lib", "call", 1, || {
            calls.set(calls.get() + 1);
            std::thread::sleep(Duration::from_millis(1));
        });
        let m = measure(&cfg, vec![case]);
        let passes = m[0].passes;
        // Passes of at least 1 ms: at most 5 fill 5 ms (fewer when the machine is slow).
        assert!((1..=5).contains(&passes), "{passes}");
        assert_eq!(calls.get(), 1 + 3 * passes);
        assert!(m[0].median >= Duration::from_millis(1));
    }
}
