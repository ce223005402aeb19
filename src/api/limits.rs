//! Protection against clients that would exhaust the server: a cap on games created per client and minute, and on
//! the nesting depth of an action's JSON (bodies are size-limited by the JSON extractor).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::error::{ApiError, ErrorCode};
use crate::config::whole_number;

/// Deepest nesting accepted in an action (no title's action comes close).
pub const MAX_ACTION_DEPTH: usize = 16;

/// Caps on what one client may do in a while (0: no cap); settings, declared for clap (see `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct Limits {
    /// Games one client address may create per minute on this instance (0: no cap)
    #[arg(long, env = "LUDUS_GAMES_PER_MINUTE", default_value_t = Limits::default().games_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub games_per_minute: u32,
    /// Moves one seat (bots included) may make per minute, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_MOVES_PER_MINUTE", default_value_t = Limits::default().moves_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub moves_per_minute: u32,
    /// Accounts one client address may create per hour (0: no cap)
    #[arg(long, env = "LUDUS_ACCOUNTS_PER_HOUR", default_value_t = Limits::default().accounts_per_hour,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub accounts_per_hour: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            games_per_minute: 120,
            moves_per_minute: 0,
            accounts_per_hour: 20,
        }
    }
}

const WINDOW: Duration = Duration::from_secs(60);

/// Fixed one-minute windows per client address. Per instance: several instances each allow the cap.
pub struct CreationLimiter {
    per_minute: u32,
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl CreationLimiter {
    pub fn new(limits: Limits) -> Self {
        Self {
            per_minute: limits.games_per_minute,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one creation by `client`, or refuses it with 429 and the seconds to wait.
    pub fn admit(&self, client: Option<IpAddr>, now: Instant) -> Result<(), ApiError> {
        let (Some(client), true) = (client, self.per_minute > 0) else {
            return Ok(());
        };
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (started, _)| now.duration_since(*started) < WINDOW);
        }
        let (started, count) = windows.entry(client).or_insert((now, 0));
        if now.duration_since(*started) >= WINDOW {
            *started = now;
            *count = 0;
        }
        if *count >= self.per_minute {
            let wait = WINDOW.saturating_sub(now.duration_since(*started)).as_secs().max(1);
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "at most {} games per minute may be created; try again in {wait} s",
                    self.per_minute
                ),
            )
            .with_retry_after(wait));
        }
        *count += 1;
        Ok(())
    }
}

/// Refuses actions nested deeper than `MAX_ACTION_DEPTH`.
pub fn check_action_depth(action: &Value) -> Result<(), ApiError> {
    fn depth(value: &Value) -> usize {
        match value {
            Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
            Value::Object(fields) => 1 + fields.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }
    if depth(action) > MAX_ACTION_DEPTH {
        return Err(ApiError::new(
            ErrorCode::ActionTooDeep,
            format!("the action is nested more than {MAX_ACTION_DEPTH} levels deep"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn creation_is_capped_per_client_and_window() {
        let limiter = CreationLimiter::new(Limits {
            games_per_minute: 2,
            ..Limits::default()
        });
        let (a, b) = (Some("127.0.0.1".parse().unwrap()), Some("127.0.0.2".parse().unwrap()));
        let now = Instant::now();
        assert!(limiter.admit(a, now).is_ok());
        assert!(limiter.admit(a, now).is_ok());
        let refused = limiter.admit(a, now + Duration::from_secs(10)).unwrap_err();
        assert_eq!(refused.code(), "rate_limited");
        assert!(limiter.admit(b, now).is_ok(), "another client has its own window");
        assert!(
            limiter.admit(a, now + WINDOW).is_ok(),
            "a new window starts after a minute"
        );
    }

    #[test]
    fn zero_means_no_cap() {
        let limiter = CreationLimiter::new(Limits {
            games_per_minute: 0,
            ..Limits::default()
        });
        let client = Some("::1".parse().unwrap());
        assert!((0..1000).all(|_| limiter.admit(client, Instant::now()).is_ok()));
    }

    #[test]
    fn deep_actions_are_refused() {
        let mut deep = json!(1);
        for _ in 0..MAX_ACTION_DEPTH {
            deep = json!([deep]);
        }
        assert!(check_action_depth(&deep).is_ok());
        assert_eq!(
            check_action_depth(&json!({ "x": deep })).unwrap_err().code(),
            "action_too_deep"
        );
    }
}
