//! Protection against clients that would exhaust the server: caps on games created per client and minute, moves per
//! seat and minute, chat messages per seat (or spectator's address) and minute, accounts per client and hour, and
//! sign-ins per account name and per client and minute (password guessing), counted in the store so that every
//! instance enforces one limit, and on the nesting depth of an action's JSON (bodies are size-limited by the JSON extractor).

use std::time::Duration;

use actix_web::http::header::{HeaderName, HeaderValue};
use serde_json::Value;

use super::error::{ApiError, ErrorCode};
use crate::config::values::whole_number;
use crate::service::GameService;
use crate::store::{Rate, RateDecision};

/// Deepest nesting accepted in an action (no title's action comes close).
pub const MAX_ACTION_DEPTH: usize = 16;

/// Caps on what one client may do in a while (0: no cap); settings, declared for clap (see `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct Limits {
    /// Games one client address may create per minute, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_GAMES_PER_MINUTE", default_value_t = Limits::default().games_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub games_per_minute: u32,
    /// Moves one seat (bots included) may make per minute, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_MOVES_PER_MINUTE", default_value_t = Limits::default().moves_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub moves_per_minute: u32,
    /// Chat messages one seat may send per minute in a game, and one spectator's client address where spectators may
    /// write, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_CHAT_PER_MINUTE", default_value_t = Limits::default().chat_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub chat_per_minute: u32,
    /// Accounts one client address may create per hour (0: no cap)
    #[arg(long, env = "LUDUS_ACCOUNTS_PER_HOUR", default_value_t = Limits::default().accounts_per_hour,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub accounts_per_hour: u32,
    /// Sign-ins one account name may be tried with per minute, from any client, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_SIGN_INS_PER_NAME_PER_MINUTE", default_value_t = Limits::default().sign_ins_per_name_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub sign_ins_per_name_per_minute: u32,
    /// Sign-ins one client address may try per minute, whatever the names, counted across instances (0: no cap)
    #[arg(long, env = "LUDUS_SIGN_INS_PER_CLIENT_PER_MINUTE", default_value_t = Limits::default().sign_ins_per_client_per_minute,
          value_parser = whole_number::<u32>, value_name = "COUNT")]
    pub sign_ins_per_client_per_minute: u32,
    /// The bits of an IPv6 address that make one client for every limit per client address (64: a subscriber's
    /// network; 128: each address alone). IPv4 clients are counted by address
    #[arg(long, env = "LUDUS_IPV6_PREFIX", default_value_t = Limits::default().ipv6_prefix,
          value_parser = clap::value_parser!(u8).range(1..=128), value_name = "BITS")]
    pub ipv6_prefix: u8,
    /// Search bots that may think at once on an instance; the others wait for one of them to finish (0: one less
    /// than the cores, at least one)
    #[arg(long, env = "LUDUS_MAX_SEARCHES", default_value_t = Limits::default().max_searches,
          value_parser = whole_number::<usize>, value_name = "COUNT")]
    pub max_searches: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            games_per_minute: 120,
            moves_per_minute: 0,
            chat_per_minute: 20,
            accounts_per_hour: 20,
            sign_ins_per_name_per_minute: 10,
            sign_ins_per_client_per_minute: 30,
            ipv6_prefix: 64,
            max_searches: 0,
        }
    }
}

/// One limit taken for one request: what it allows and what is left, for the `RateLimit` headers (IETF
/// draft-ietf-httpapi-ratelimit-headers) every answer under a limit carries.
#[derive(Clone, Copy, Debug)]
pub struct Quota {
    /// The policy's name in the headers (`games`, `moves`, `chat`, `accounts`, `sign_ins_of_name`,
    /// `sign_ins_of_client`).
    name: &'static str,
    rate: Rate,
    decision: RateDecision,
}

impl Quota {
    /// `RateLimit-Policy` (the quota and its window) and `RateLimit` (what remains, and when the quota is whole
    /// again), in seconds.
    pub fn headers(&self) -> [(HeaderName, HeaderValue); 2] {
        let policy = format!("\"{}\";q={};w={}", self.name, self.rate.count, self.rate.window.as_secs());
        let state =
            format!("\"{}\";r={};t={}", self.name, self.decision.remaining, self.decision.reset_ms.div_ceil(1000));
        [
            (HeaderName::from_static("ratelimit-policy"), header_value(policy)),
            (HeaderName::from_static("ratelimit"), header_value(state)),
        ]
    }
}

fn header_value(text: String) -> HeaderValue {
    HeaderValue::try_from(text).expect("quota headers are ASCII")
}

/// Counts one `what` of `subject` against `per_window` per `window` (0: no limit) in the store, so that every
/// instance sharing it enforces one limit; refuses with 429 `rate_limited`, `Retry-After` and the quota headers.
pub async fn take(
    service: &GameService,
    name: &'static str,
    what: &str,
    subject: &str,
    per_window: u32,
    window: Duration,
) -> Result<Option<Quota>, ApiError> {
    if per_window == 0 {
        return Ok(None);
    }
    let rate = Rate {
        count: per_window,
        window,
    };
    let decision = service.take_quota(&format!("{name}:{subject}"), rate).await?;
    let quota = Quota { name, rate, decision };
    if decision.allowed {
        return Ok(Some(quota));
    }
    let wait = decision.retry_after_ms.div_ceil(1000).max(1);
    let detail = format!("at most {per_window} {what} per {} s; try again in {wait} s", window.as_secs());
    Err(ApiError::new(ErrorCode::RateLimited, detail)
        .with_retry_after(wait)
        .with_headers(quota.headers()))
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

    #[actix_web::test]
    async fn limits_are_taken_from_the_store_with_their_headers() {
        let service = GameService::new(
            crate::engine::Registry::with_all_titles(),
            std::sync::Arc::new(crate::store::MemoryStore::default()),
        );
        let minute = Duration::from_secs(60);
        for remaining in [1, 0] {
            let quota = take(&service, "games", "games", "127.0.0.1", 2, minute)
                .await
                .unwrap()
                .unwrap();
            let [(_, policy), (_, state)] = quota.headers();
            assert_eq!(policy, "\"games\";q=2;w=60");
            assert!(
                state
                    .to_str()
                    .unwrap()
                    .starts_with(&format!("\"games\";r={remaining};t=")),
                "{state:?}"
            );
        }
        let refused = take(&service, "games", "games", "127.0.0.1", 2, minute)
            .await
            .unwrap_err();
        assert_eq!(refused.code(), "rate_limited");
        assert!(take(&service, "games", "games", "127.0.0.2", 2, minute).await.is_ok(), "another client");
        assert!(
            take(&service, "games", "games", "127.0.0.1", 0, minute)
                .await
                .unwrap()
                .is_none(),
            "0: no cap"
        );
    }

    #[test]
    fn deep_actions_are_refused() {
        let mut deep = json!(1);
        for _ in 0..MAX_ACTION_DEPTH {
            deep = json!([deep]);
        }
        assert!(check_action_depth(&deep).is_ok());
        assert_eq!(check_action_depth(&json!({ "x": deep })).unwrap_err().code(), "action_too_deep");
    }
}
