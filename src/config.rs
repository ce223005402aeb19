//! Configuration from the environment.

use std::borrow::Cow;
use std::sync::Arc;

use crate::api::limits::Limits;
use std::time::Duration;

use crate::store::{EventStore, MemoryStore, RedisStore, RedisTls, Retention, StoreError, TlsFileError};
use crate::watch::StreamLimits;

/// Settings read from `LUDUS_*` variables (and `REDIS_URL`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// `LUDUS_BIND`: address:port to listen on.
    pub bind: String,
    /// `LUDUS_REDIS_URL`, else `REDIS_URL`: absent means the in-memory store.
    pub redis_url: Option<String>,
    /// `LUDUS_REDIS_CLUSTER=true` (or several comma-separated URLs): talk to a Redis Cluster.
    pub redis_cluster: bool,
    /// `LUDUS_REDIS_CA_FILE`, `LUDUS_REDIS_CLIENT_CERT_FILE` and `LUDUS_REDIS_CLIENT_KEY_FILE`, for `rediss://`.
    pub redis_tls: RedisTls,
    /// `LUDUS_GAMES_PER_MINUTE`: games one client address may create per minute (0: no cap).
    pub limits: Limits,
    /// `LUDUS_IDEMPOTENCY_TTL` (default 24h) and `LUDUS_FINISHED_TTL` (default: keep finished games forever).
    pub retention: Retention,
    /// `LUDUS_MAX_STREAMS` (default 10000) and `LUDUS_MAX_STREAMS_PER_CLIENT` (default 100; 0: no cap).
    pub streams: StreamLimits,
    /// `LUDUS_LOG_FORMAT`: `text` (default) or `json`.
    pub log_format: LogFormat,
    /// `LUDUS_CORS_ORIGINS`: `*` (the default), a comma-separated list of origins, or `none`.
    pub cors_origins: CorsOrigins,
    /// `LUDUS_LOBBY_TTL`: how long a game with open seats waits for players (default 1h; `off`: forever).
    pub lobby_ttl: Option<Duration>,
    /// `LUDUS_SWEEP_INTERVAL`: how often this instance looks for deadlines and expiries that passed (default 1s;
    /// `off`: never, leaving it to the other instances).
    pub sweep_interval: Option<Duration>,
    /// `LUDUS_WORKERS`: HTTP worker threads (default: one per core; `None` here).
    pub workers: Option<usize>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// The origins whose pages may call the API from a browser.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CorsOrigins {
    /// Any page: safe because the API authenticates with bearer tokens a page must hold, never with cookies (so no
    /// credentials are allowed and a page cannot act with a visitor's ambient authority).
    #[default]
    Any,
    /// Only these origins (`scheme://host[:port]`, as browsers send them); none at all for an empty list.
    Only(Vec<String>),
}

impl CorsOrigins {
    fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        match text {
            "*" => return Some(Self::Any),
            "none" => return Some(Self::Only(Vec::new())),
            _ => {}
        }
        let origins: Vec<String> = text.split(',').map(|origin| origin.trim().to_owned()).collect();
        origins
            .iter()
            .all(|origin| is_origin(origin))
            .then_some(Self::Only(origins))
    }
}

/// `http` or `https`, `://`, and a host with an optional port: nothing else, since browsers compare origins exactly
/// (a trailing `/` would never match).
fn is_origin(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, host)| {
        matches!(scheme, "http" | "https")
            && !host.is_empty()
            && !host.contains(|c: char| matches!(c, '/' | '?' | '#' | '*' | '@') || c.is_whitespace())
    })
}

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// A setting that cannot be understood; the service refuses to start rather than guess.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}={value:?} is not valid: {expected}")]
pub struct ConfigError {
    pub name: &'static str,
    pub value: String,
    pub expected: Cow<'static, str>,
}

/// A duration such as `250ms`, `90`, `90s`, `15m`, `24h` or `7d` (seconds without a unit); `0`, `off` or `forever` mean none.
pub fn parse_duration(text: &str) -> Option<Option<Duration>> {
    let text = text.trim().to_ascii_lowercase();
    if matches!(text.as_str(), "off" | "forever" | "never") {
        return Some(None);
    }
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(split) => text.split_at(split),
        None => (text.as_str(), "s"),
    };
    let millis_per_unit = match unit {
        "ms" => 1,
        "s" => 1000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    let millis = number.parse::<u64>().ok()?.checked_mul(millis_per_unit)?;
    Some((millis > 0).then(|| Duration::from_millis(millis)))
}

const CA_FILE: &str = "LUDUS_REDIS_CA_FILE";
const CLIENT_CERT_FILE: &str = "LUDUS_REDIS_CLIENT_CERT_FILE";
const CLIENT_KEY_FILE: &str = "LUDUS_REDIS_CLIENT_KEY_FILE";

/// The TLS files named by the settings, read and checked. They are refused unless every Redis URL is `rediss://`:
/// ignoring them would connect in clear text to a server the operator meant to reach over TLS.
fn redis_tls(non_empty: &dyn Fn(&str) -> Option<String>, redis_url: Option<&str>) -> Result<RedisTls, ConfigError> {
    let invalid = |name: &'static str, expected: String| ConfigError {
        name,
        value: non_empty(name).unwrap_or_default(),
        expected: expected.into(),
    };
    let every_url_is_tls = redis_url.is_some_and(|urls| {
        urls.split(',').map(str::trim).filter(|url| !url.is_empty()).all(|url| {
            url.get(..9)
                .is_some_and(|scheme| scheme.eq_ignore_ascii_case("rediss://"))
        })
    });
    let first_set = [CA_FILE, CLIENT_CERT_FILE, CLIENT_KEY_FILE]
        .into_iter()
        .find(|name| non_empty(name).is_some());
    if let Some(name) = first_set
        && !every_url_is_tls
    {
        let why = "a file for rediss:// (TLS) servers, but LUDUS_REDIS_URL is absent or not rediss://";
        return Err(invalid(name, why.into()));
    }
    let read = |name: &'static str| {
        non_empty(name)
            .map(|path| std::fs::read(path).map_err(|e| invalid(name, format!("a readable PEM file ({e})"))))
            .transpose()
    };
    let ca = read(CA_FILE)?;
    let pair = |other: &str| format!("needed with {other} (mutual TLS takes both)");
    let client = match (read(CLIENT_CERT_FILE)?, read(CLIENT_KEY_FILE)?) {
        (Some(cert), Some(key)) => Some((cert, key)),
        (None, None) => None,
        (Some(_), None) => {
            return Err(invalid(CLIENT_KEY_FILE, pair(CLIENT_CERT_FILE)));
        }
        (None, Some(_)) => {
            return Err(invalid(CLIENT_CERT_FILE, pair(CLIENT_KEY_FILE)));
        }
    };
    RedisTls::from_pem(ca, client).map_err(|error| match error {
        TlsFileError::Ca(why) => invalid(CA_FILE, why),
        TlsFileError::ClientCertificate(why) => invalid(CLIENT_CERT_FILE, why),
        TlsFileError::ClientKey(why) => invalid(CLIENT_KEY_FILE, why),
    })
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let non_empty = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        let parsed = |name: &'static str, expected: &'static str, parse: &dyn Fn(&str) -> Option<u64>| {
            non_empty(name)
                .map(|value| {
                    parse(&value).ok_or(ConfigError {
                        name,
                        value,
                        expected: expected.into(),
                    })
                })
                .transpose()
        };
        let count = |text: &str| text.trim().parse::<u64>().ok();
        let duration = |name: &'static str, default: Option<Duration>| {
            non_empty(name)
                .map(|value| {
                    parse_duration(&value).ok_or(ConfigError {
                        name,
                        value,
                        expected: "a duration like 3600, 90s, 15m, 24h or 7d, or `forever`".into(),
                    })
                })
                .transpose()
                .map(|parsed| parsed.unwrap_or(default))
        };
        let defaults = (Limits::default(), Retention::default(), StreamLimits::default());
        let games_per_minute = parsed("LUDUS_GAMES_PER_MINUTE", "a whole number (0: no cap)", &count)?;
        let max_streams = parsed("LUDUS_MAX_STREAMS", "a whole number", &count)?;
        let max_per_client = parsed("LUDUS_MAX_STREAMS_PER_CLIENT", "a whole number (0: no cap)", &count)?;
        let workers = parsed("LUDUS_WORKERS", "a whole number of at least 1", &|text| {
            count(text).filter(|&n| (1..=1024).contains(&n))
        })?;
        let log_format = match non_empty("LUDUS_LOG_FORMAT").map(|v| v.trim().to_ascii_lowercase()) {
            None => LogFormat::Text,
            Some(format) if format == "text" => LogFormat::Text,
            Some(format) if format == "json" => LogFormat::Json,
            Some(value) => {
                return Err(ConfigError {
                    name: "LUDUS_LOG_FORMAT",
                    value,
                    expected: "text or json".into(),
                });
            }
        };
        let cors_origins = non_empty("LUDUS_CORS_ORIGINS")
            .map(|value| {
                CorsOrigins::parse(&value).ok_or(ConfigError {
                    name: "LUDUS_CORS_ORIGINS",
                    value,
                    expected: "`*`, `none`, or comma-separated origins like https://app.example:8443 (no path)".into(),
                })
            })
            .transpose()?
            .unwrap_or_default();
        let redis_url = non_empty("LUDUS_REDIS_URL").or_else(|| non_empty("REDIS_URL"));
        let redis_tls = redis_tls(&non_empty, redis_url.as_deref())?;
        Ok(Self {
            log_format,
            bind: non_empty("LUDUS_BIND").unwrap_or_else(|| DEFAULT_BIND.to_owned()),
            redis_url,
            redis_tls,
            redis_cluster: non_empty("LUDUS_REDIS_CLUSTER")
                .is_some_and(|value| matches!(value.to_ascii_lowercase().as_str(), "1" | "true" | "yes")),
            limits: Limits {
                games_per_minute: games_per_minute
                    .map_or(defaults.0.games_per_minute, |n| u32::try_from(n).unwrap_or(u32::MAX)),
            },
            retention: Retention {
                idempotency: duration("LUDUS_IDEMPOTENCY_TTL", defaults.1.idempotency)?,
                finished: duration("LUDUS_FINISHED_TTL", defaults.1.finished)?,
            },
            streams: StreamLimits {
                per_instance: max_streams.map_or(defaults.2.per_instance, |n| usize::try_from(n).unwrap_or(usize::MAX)),
                per_client: max_per_client.map_or(defaults.2.per_client, |n| usize::try_from(n).unwrap_or(usize::MAX)),
            },
            cors_origins,
            lobby_ttl: duration("LUDUS_LOBBY_TTL", Some(crate::service::DEFAULT_LOBBY_TTL))?,
            sweep_interval: duration("LUDUS_SWEEP_INTERVAL", Some(Duration::from_secs(1)))?,
            workers: workers.map(|n| n as usize),
        })
    }

    /// The configured store.
    pub fn store(&self) -> Result<Arc<dyn EventStore>, StoreError> {
        Ok(match &self.redis_url {
            Some(url) => Arc::new(RedisStore::open(
                url,
                self.redis_cluster,
                &self.redis_tls,
                self.retention,
            )?),
            None => Arc::new(MemoryStore::new(self.retention)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Config {
        try_config(vars).expect("a valid configuration")
    }

    fn try_config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
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
    fn workers_default_to_one_per_core() {
        assert_eq!(config(&[]).workers, None);
        assert_eq!(config(&[("LUDUS_WORKERS", "1")]).workers, Some(1));
    }

    #[test]
    fn ludus_redis_url_wins_over_redis_url() {
        let config = config(&[("REDIS_URL", "redis://a"), ("LUDUS_REDIS_URL", "redis://b")]);
        assert_eq!(config.redis_url.as_deref(), Some("redis://b"));
        let fallback = try_config(&[("REDIS_URL", "redis://a")]).unwrap();
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

    #[test]
    fn retention_and_stream_caps_are_configurable() {
        let defaults = config(&[]);
        assert_eq!(defaults.retention.idempotency, Some(Duration::from_secs(86_400)));
        assert_eq!(
            defaults.retention.finished, None,
            "finished games are kept forever by default"
        );
        assert_eq!(defaults.streams.per_instance, 10_000);
        let set = config(&[
            ("LUDUS_IDEMPOTENCY_TTL", "2h"),
            ("LUDUS_FINISHED_TTL", "7d"),
            ("LUDUS_MAX_STREAMS", "50"),
            ("LUDUS_MAX_STREAMS_PER_CLIENT", "0"),
        ]);
        assert_eq!(set.retention.idempotency, Some(Duration::from_secs(7200)));
        assert_eq!(set.retention.finished, Some(Duration::from_secs(7 * 86_400)));
        assert_eq!(
            set.streams,
            StreamLimits {
                per_instance: 50,
                per_client: 0
            }
        );
        assert_eq!(
            config(&[("LUDUS_IDEMPOTENCY_TTL", "forever")]).retention.idempotency,
            None
        );
    }

    #[test]
    fn a_setting_that_cannot_be_read_is_an_error_not_a_default() {
        let error = try_config(&[("LUDUS_FINISHED_TTL", "soon")]).unwrap_err();
        assert_eq!(error.name, "LUDUS_FINISHED_TTL");
        assert!(error.to_string().contains("soon"));
        assert!(try_config(&[("LUDUS_MAX_STREAMS", "-1")]).is_err());
        assert!(try_config(&[("LUDUS_GAMES_PER_MINUTE", "many")]).is_err());
        assert!(try_config(&[("LUDUS_WORKERS", "0")]).is_err());
    }

    #[test]
    fn logs_are_text_or_json() {
        assert_eq!(config(&[]).log_format, LogFormat::Text);
        assert_eq!(config(&[("LUDUS_LOG_FORMAT", "JSON")]).log_format, LogFormat::Json);
        assert!(try_config(&[("LUDUS_LOG_FORMAT", "xml")]).is_err());
    }

    #[test]
    fn cors_origins_default_to_any_and_take_a_list() {
        assert_eq!(config(&[]).cors_origins, CorsOrigins::Any);
        assert_eq!(config(&[("LUDUS_CORS_ORIGINS", " * ")]).cors_origins, CorsOrigins::Any);
        assert_eq!(
            config(&[("LUDUS_CORS_ORIGINS", "https://a.example, http://127.0.0.1:5173")]).cors_origins,
            CorsOrigins::Only(vec!["https://a.example".into(), "http://127.0.0.1:5173".into()])
        );
        assert_eq!(
            config(&[("LUDUS_CORS_ORIGINS", "none")]).cors_origins,
            CorsOrigins::Only(vec![])
        );
        for wrong in [
            "https://a.example/",
            "a.example",
            "https://a.example,*",
            "ftp://a.example",
            "https://",
        ] {
            let error = try_config(&[("LUDUS_CORS_ORIGINS", wrong)]).unwrap_err();
            assert_eq!(error.name, "LUDUS_CORS_ORIGINS", "{wrong} is refused");
        }
    }

    #[test]
    fn redis_tls_files_are_read_and_checked_at_start() {
        let tls_url = ("LUDUS_REDIS_URL", "rediss://a:6380");
        assert!(!config(&[tls_url]).redis_tls.is_configured(), "the system's CAs");
        let missing = try_config(&[tls_url, (CA_FILE, "/nonexistent/ca.pem")]).unwrap_err();
        assert_eq!((missing.name, missing.value.as_str()), (CA_FILE, "/nonexistent/ca.pem"));
        assert!(missing.to_string().contains("a readable PEM file"), "{missing}");
        let not_pem = std::env::temp_dir().join(format!("ludus-not-pem-{}", std::process::id()));
        std::fs::write(&not_pem, "hello").unwrap();
        let not_pem = not_pem.display().to_string();
        let error = try_config(&[tls_url, (CA_FILE, &not_pem)]).unwrap_err();
        assert_eq!(error.name, CA_FILE);
        assert!(error.to_string().contains("no PEM certificate"), "{error}");
        let error = try_config(&[tls_url, (CLIENT_KEY_FILE, &not_pem)]).unwrap_err();
        assert_eq!(error.name, CLIENT_CERT_FILE, "a key needs its certificate");
        let error = try_config(&[tls_url, (CLIENT_CERT_FILE, &not_pem), (CLIENT_KEY_FILE, &not_pem)]).unwrap_err();
        assert_eq!(error.name, CLIENT_CERT_FILE);
        std::fs::remove_file(&not_pem).unwrap();
    }

    #[test]
    fn redis_tls_files_need_rediss_urls() {
        for urls in [None, Some("redis://a:6379"), Some("rediss://a:6380,redis://b:6379")] {
            let mut vars = vec![(CA_FILE, "/etc/ca.pem")];
            vars.extend(urls.map(|urls| ("LUDUS_REDIS_URL", urls)));
            let error = try_config(&vars).unwrap_err();
            assert_eq!(error.name, CA_FILE, "{urls:?}");
            assert!(error.to_string().contains("rediss://"), "{error}");
        }
        let error = try_config(&[("REDIS_URL", "redis://a"), (CLIENT_KEY_FILE, "/etc/key.pem")]).unwrap_err();
        assert_eq!(error.name, CLIENT_KEY_FILE);
    }

    #[test]
    fn durations_take_units() {
        assert_eq!(parse_duration("90"), Some(Some(Duration::from_secs(90))));
        assert_eq!(parse_duration("15m"), Some(Some(Duration::from_secs(900))));
        assert_eq!(parse_duration("250ms"), Some(Some(Duration::from_millis(250))));
        assert_eq!(parse_duration("0"), Some(None));
        assert_eq!(parse_duration("3w"), None);
        assert_eq!(parse_duration(""), None);
    }
}
