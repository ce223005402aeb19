//! When a stream sends a keep-alive: after `KEEP_ALIVE` of silence, counted from the last chunk it sent. Its timer is
//! set again once per quiet period, not at every message (which would touch the runtime's timer wheel each time).

use std::pin::Pin;

use tokio::time::{Instant, Sleep};

use super::KEEP_ALIVE;

pub(crate) struct KeepAlive {
    sent_at: Instant,
    timer: Pin<Box<Sleep>>,
}

impl KeepAlive {
    pub(crate) fn new() -> Self {
        Self {
            sent_at: Instant::now(),
            timer: Box::pin(tokio::time::sleep(KEEP_ALIVE)),
        }
    }

    /// A chunk goes out now.
    pub(crate) fn sent(&mut self) {
        self.sent_at = Instant::now();
    }

    /// Resolves once nothing was sent for `KEEP_ALIVE`; the caller then sends a keep-alive. Cancel-safe: the timer
    /// outlives the future.
    pub(crate) async fn due(&mut self) {
        loop {
            self.timer.as_mut().await;
            let now = Instant::now();
            let quiet_until = self.sent_at + KEEP_ALIVE;
            if now >= quiet_until {
                self.timer.as_mut().reset(now + KEEP_ALIVE);
                return;
            }
            self.timer.as_mut().reset(quiet_until);
        }
    }
}
