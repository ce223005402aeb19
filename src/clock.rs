//! Wall-clock time as the service and the store exchange it: milliseconds since the Unix epoch. The rules engines
//! never read it: a decision's time comes in with the request.

use std::time::{SystemTime, UNIX_EPOCH};

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}
