//! Configuration from the environment.

use std::sync::Arc;

use crate::api::limits::Limits;
use crate::store::{EventStore, MemoryStore, RedisStore, StoreError};

/// Settings read from `LUDUS_*` variables (and `REDIS_URL`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `LUDUS_BIND`: address:port to listen on.
    pub bind: String,
    /// `LUDUS_REDIS_URL`, else `REDIS_URL`: absent means the in-memory store.
    pub redis_url: Option<String>,
    /// `LUDUS_REDIS_CLUSTER=true` (or several comma-separated URLs): talk to a Redis Cluster.
    pub redis_cluster: bool,
    /// `LUDUS_GAMES_PER_MINUTE`: games one client address may create per minute (0: no cap).
    pub limits: Limits,
}

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

impl Config {
    pub fn from_env() -> Self {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Self {
        let non_empty = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        Self {
            bind: non_empty("LUDUS_BIND").unwrap_or_else(|| DEFAULT_BIND.to_owned()),
            redis_url: non_empty("LUDUS_REDIS_URL").or_else(|| non_empty("REDIS_URL")),
            redis_cluster: non_empty("LUDUS_REDIS_CLUSTER")
                .is_some_and(|value| matches!(value.to_ascii_lowercase().as_str(), "1" | "true" | "yes")),
            limits: Limits {
                games_per_minute: non_empty("LUDUS_GAMES_PER_MINUTE")
                    .and_then(|value| value.trim().parse().ok())
                    .unwrap_or(Limits::default().games_per_minute),
            },
        }
    }

    /// The configured store.
    pub fn store(&self) -> Result<Arc<dyn EventStore>, StoreError> {
        Ok(match &self.redis_url {
            Some(url) => Arc::new(RedisStore::open(url, self.redis_cluster)?),
            None => Arc::new(MemoryStore::new()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Config {
        Config::from_lookup(|name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn defaults_to_loopback_and_memory() {
        let config = config(&[]);
        assert_eq!(config.bind, DEFAULT_BIND);
        assert_eq!(config.redis_url, None);
        assert!(!config.redis_cluster);
        assert_eq!(config.limits, Limits::default());
    }

    #[test]
    fn games_per_minute_is_configurable() {
        assert_eq!(config(&[("LUDUS_GAMES_PER_MINUTE", "0")]).limits.games_per_minute, 0);
        assert_eq!(config(&[("LUDUS_GAMES_PER_MINUTE", "5")]).limits.games_per_minute, 5);
    }

    #[test]
    fn ludus_redis_url_wins_over_redis_url() {
        let config = config(&[("REDIS_URL", "redis://a"), ("LUDUS_REDIS_URL", "redis://b")]);
        assert_eq!(config.redis_url.as_deref(), Some("redis://b"));
        let fallback = Config::from_lookup(|n| (n == "REDIS_URL").then(|| "redis://a".to_owned()));
        assert_eq!(fallback.redis_url.as_deref(), Some("redis://a"));
    }

    #[test]
    fn empty_values_count_as_absent() {
        let config = config(&[
            ("LUDUS_BIND", ""),
            ("LUDUS_REDIS_URL", " "),
            ("LUDUS_REDIS_CLUSTER", "true"),
        ]);
        assert_eq!(config.bind, DEFAULT_BIND);
        assert_eq!(config.redis_url, None);
        assert!(config.redis_cluster);
    }
}
