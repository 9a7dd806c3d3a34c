//! Timing: one pass of a case is one call of its closure; the result is the median of the
//! samples.

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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            samples: 15,
            warmups: 2,
            progress: false,
            only: None,
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
    /// Every sample, in the order taken.
    pub samples: Vec<Duration>,
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

/// Runs every case: `warmups` untimed passes each, then `samples` rounds in which every case
/// runs one timed pass. Interleaving the cases round by round (and rotating which one goes
/// first) spreads background noise over all libraries instead of penalising whichever one
/// happened to run while the machine was busy.
pub fn measure(cfg: &Config, mut cases: Vec<Case<'_>>) -> Vec<Measured> {
    for case in cases.iter_mut() {
        for _ in 0..cfg.warmups {
            (case.pass)();
        }
    }
    let n = cases.len();
    let mut samples: Vec<Vec<Duration>> = vec![Vec::with_capacity(cfg.samples); n];
    for round in 0..cfg.samples {
        for k in 0..n {
            let i = (k + round) % n;
            let start = Instant::now();
            (cases[i].pass)();
            samples[i].push(start.elapsed());
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
}
