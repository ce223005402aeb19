//! When to try a failed delivery again: exponential backoff from 3 s, doubling up to 3 h a step, each wait moved by up
//! to 10 % either way.
//!
//! The steps are chosen so that the 19 waits between the 20 attempts that [`DISABLE_AFTER`] allows add up to about a
//! day (24.4 h before jitter): a receiver that is down for less than that gets its events, one down for longer has its
//! webhook disabled rather than retried for ever.
//!
//! The jitter is centred, so it does not shorten the day, and small, since exponential waits already spread events
//! that failed at different times; it is there for those that failed together (a receiver going down with many
//! events queued), which it spreads over up to ±18 min once the steps reach 3 h.

use std::time::Duration;

/// Consecutive failed attempts after which a webhook is disabled (and the account's stream says so).
pub const DISABLE_AFTER: u32 = 20;

/// The first wait, by default (`LUDUS_WEBHOOK_FIRST_RETRY`); the longest is 3600 times the first.
pub const FIRST_RETRY: Duration = Duration::from_secs(3);
const LONGEST_STEPS: u32 = 3600;
/// The largest share of a step that the jitter adds or takes away.
const JITTER: f64 = 0.1;

/// How long to wait before the next attempt of an event whose last `failures` attempts (from 1) failed in a row,
/// when the first wait is `first` (FIRST_RETRY but in tests).
pub fn next_delay(failures: u32, first: Duration) -> Duration {
    jittered(failures, rand::random(), first)
}

/// The wait before jitter.
fn step(failures: u32, first: Duration) -> Duration {
    // Past 2^20 the doubled step is beyond the cap anyway; stopping there keeps the shift from overflowing.
    let doublings = failures.saturating_sub(1).min(20);
    first.saturating_mul(1 << doublings).min(first * LONGEST_STEPS)
}

/// The step moved by `draw`, from `[0, 1)`: 0 takes the most away, 0.5 leaves it as it is.
fn jittered(failures: u32, draw: f64, first: Duration) -> Duration {
    step(failures, first).mul_f64(1.0 - JITTER + 2.0 * JITTER * draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALMOST_ONE: f64 = 1.0 - f64::EPSILON;
    const HOUR: Duration = Duration::from_secs(60 * 60);
    const LONGEST_STEP: Duration = Duration::from_secs(3 * 60 * 60);

    fn step(failures: u32) -> Duration {
        super::step(failures, FIRST_RETRY)
    }

    fn jittered(failures: u32, draw: f64) -> Duration {
        super::jittered(failures, draw, FIRST_RETRY)
    }

    fn next_delay(failures: u32) -> Duration {
        super::next_delay(failures, FIRST_RETRY)
    }

    #[test]
    fn the_first_retry_comes_after_about_3_seconds() {
        assert_eq!(jittered(1, 0.5), Duration::from_secs(3));
        assert_eq!(jittered(1, 0.0), Duration::from_millis(2_700));
        assert!(jittered(1, ALMOST_ONE) <= Duration::from_millis(3_300));
        // 0 failures is not a call the service makes; it waits as after the first rather than not at all.
        assert_eq!(jittered(0, 0.5), Duration::from_secs(3));
    }

    #[test]
    fn waits_grow_whatever_the_draws_until_the_cap() {
        for failures in 1..DISABLE_AFTER {
            assert!(step(failures + 1) >= step(failures));
            if step(failures + 1) < LONGEST_STEP {
                assert_eq!(step(failures + 1), step(failures) * 2);
                // The jitter never makes a later wait shorter than an earlier one.
                assert!(jittered(failures + 1, 0.0) > jittered(failures, ALMOST_ONE), "after failure {failures}");
            }
        }
    }

    #[test]
    fn steps_are_capped_at_3_hours() {
        assert_eq!(step(12), Duration::from_secs(3 * 2048));
        assert_eq!(step(13), LONGEST_STEP);
        for failures in [13, DISABLE_AFTER, 21, 64, 1_000, u32::MAX] {
            assert_eq!(step(failures), LONGEST_STEP, "after {failures} failures");
            assert!(next_delay(failures) <= LONGEST_STEP.mul_f64(1.0 + JITTER));
        }
    }

    #[test]
    fn jitter_stays_within_10_percent_and_varies() {
        for failures in [1, 5, 12, 13, DISABLE_AFTER - 1] {
            let (low, high) = (step(failures).mul_f64(0.9), step(failures).mul_f64(1.1));
            let draws: Vec<Duration> = (0..200).map(|_| next_delay(failures)).collect();
            assert!(draws.iter().all(|wait| (low..=high).contains(wait)), "after {failures} failures");
            assert!(draws.iter().any(|wait| *wait != draws[0]), "no jitter after {failures} failures");
        }
        assert_eq!(jittered(DISABLE_AFTER - 1, 0.0), LONGEST_STEP.mul_f64(0.9));
    }

    #[test]
    fn the_retries_span_about_a_day_before_the_webhook_is_disabled() {
        let waits = 1..DISABLE_AFTER;
        let nominal: Duration = waits.clone().map(step).sum();
        assert_eq!(nominal, Duration::from_secs(87_885));
        assert!(nominal > 24 * HOUR && nominal < 25 * HOUR, "{nominal:?}");
        let shortest: Duration = waits.clone().map(|failures| jittered(failures, 0.0)).sum();
        let longest: Duration = waits.clone().map(|failures| jittered(failures, ALMOST_ONE)).sum();
        assert!(shortest > 21 * HOUR && longest < 27 * HOUR, "{shortest:?} to {longest:?}");
        for _ in 0..100 {
            let drawn: Duration = waits.clone().map(next_delay).sum();
            assert!((shortest..=longest).contains(&drawn), "{drawn:?}");
        }
    }
}
