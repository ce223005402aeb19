//! The arithmetic of what the stores count against a cap: leased places and rates (GCRA), the same for every store.

use std::time::Duration;

/// A place held from `now_ms` for `length`, unless renewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    pub now_ms: u64,
    pub length: Duration,
}

impl Lease {
    pub fn length_ms(self) -> u64 {
        self.length.as_millis() as u64
    }

    pub fn until_ms(self) -> u64 {
        self.now_ms + self.length_ms()
    }
}

/// A rate: at most `count` events per `window`, in bursts of up to `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub window: Duration,
}

impl Rate {
    /// The interval that one event uses up (GCRA's emission interval), in milliseconds.
    pub fn interval_ms(self) -> u64 {
        (self.window.as_millis() as u64 / u64::from(self.count.max(1))).max(1)
    }

    pub fn window_ms(self) -> u64 {
        self.window.as_millis() as u64
    }

    /// The decision for one more event given the key's theoretical arrival time `tat` (GCRA), and the new one when
    /// admitted: the same arithmetic for every store.
    pub fn decide(self, tat: u64, now_ms: u64) -> (RateDecision, Option<u64>) {
        let (interval, window) = (self.interval_ms(), self.window_ms());
        let tat = tat.max(now_ms);
        let next = tat + interval;
        let debt = next - now_ms;
        if debt > window {
            let retry_after_ms = debt - window;
            let decision = RateDecision {
                allowed: false,
                remaining: 0,
                reset_ms: tat - now_ms,
                retry_after_ms,
            };
            return (decision, None);
        }
        let decision = RateDecision {
            allowed: true,
            remaining: ((window - debt) / interval) as u32,
            reset_ms: debt,
            retry_after_ms: 0,
        };
        (decision, Some(next))
    }
}

/// What a rate limit decided for one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateDecision {
    pub allowed: bool,
    /// Events still allowed at once after this one.
    pub remaining: u32,
    /// Until the whole quota is back, in milliseconds.
    pub reset_ms: u64,
    /// When refused: until one more event is allowed, in milliseconds.
    pub retry_after_ms: u64,
}
