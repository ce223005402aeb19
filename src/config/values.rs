//! How each kind of setting is read from text: the value parsers the settings' declarations name.

use std::str::FromStr;
use std::time::Duration;

use ipnet::IpNet;

const MAX_WORKERS: usize = 1024;

/// A duration that may be none (`forever`, `off`, `never`). An alias so that clap takes it as one value of the
/// setting, not as a setting that may be absent (which `Option` means to clap).
pub type DurationOrNone = Option<Duration>;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl LogFormat {
    pub(super) fn parse(text: &str) -> Result<Self, InvalidValue> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(Self::Text),
            "json" => Ok(Self::Json),
            _ => Err(InvalidValue::LogFormat),
        }
    }
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
    pub(super) fn parse(text: &str) -> Result<Self, InvalidValue> {
        let text = text.trim();
        match text {
            "*" => return Ok(Self::Any),
            "none" => return Ok(Self::Only(Vec::new())),
            _ => {}
        }
        let origins: Vec<String> = text.split(',').map(|origin| origin.trim().to_owned()).collect();
        if origins.iter().all(|origin| is_origin(origin)) {
            Ok(Self::Only(origins))
        } else {
            Err(InvalidValue::Origins)
        }
    }
}

/// `http` or `https`, `://`, and a host with an optional port: nothing else, since browsers compare origins exactly
/// (a trailing `/` would never match).
pub(super) fn is_origin(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, host)| {
        matches!(scheme, "http" | "https")
            && !host.is_empty()
            && !host.contains(|c: char| matches!(c, '/' | '?' | '#' | '*' | '@') || c.is_whitespace())
    })
}

/// What a setting's value should have been (the end of the line that refuses it).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidValue {
    #[error("a whole number")]
    WholeNumber,
    #[error("a whole number from 1 to {MAX_WORKERS}")]
    Workers,
    #[error("a duration above zero like 250ms, 90s, 15m, 24h or 7d")]
    Duration,
    #[error("a duration above zero like 250ms, 90s, 15m, 24h or 7d, or `forever` (or `off`) for none")]
    DurationOrNone,
    #[error("on or off (true or false)")]
    Switch,
    #[error("text or json")]
    LogFormat,
    #[error("`*`, `none`, or comma-separated origins like https://app.example:8443 (no path)")]
    Origins,
    #[error("comma-separated CIDR blocks like 10.0.0.0/8,fd00::/8,127.0.0.1/32 ({0})")]
    Cidr(ipnet::AddrParseError),
    #[error("a PostgreSQL URL like postgres://ludus:secret@db.example:5432/ludus ({0})")]
    PostgresUrl(String),
}

pub fn whole_number<T: FromStr>(text: &str) -> Result<T, InvalidValue> {
    text.trim().parse().map_err(|_| InvalidValue::WholeNumber)
}

pub(super) fn workers(text: &str) -> Result<usize, InvalidValue> {
    whole_number(text)
        .ok()
        .filter(|count| (1..=MAX_WORKERS).contains(count))
        .ok_or(InvalidValue::Workers)
}

/// A duration above zero, in humantime's words (`250ms`, `90s`, `15m`, `24h`, `7d`, `1h 30m`, ...) or a bare number
/// of seconds (as before humantime). Units are read in lower case, so `15M` stays 15 minutes as it always was.
pub fn duration(text: &str) -> Result<Duration, InvalidValue> {
    let text = text.trim().to_ascii_lowercase();
    let parsed = match text.parse::<u64>() {
        Ok(seconds) => Some(Duration::from_secs(seconds)),
        Err(_) => humantime::parse_duration(&text).ok(),
    };
    parsed
        .filter(|duration| !duration.is_zero())
        .ok_or(InvalidValue::Duration)
}

/// A duration, or none for `forever`, `off` or `never`. Zero is refused: it used to mean none, which read as "expire
/// at once" to some and "never" to others.
pub fn duration_or_none(text: &str) -> Result<DurationOrNone, InvalidValue> {
    if matches!(text.trim().to_ascii_lowercase().as_str(), "forever" | "off" | "never") {
        return Ok(None);
    }
    duration(text).map(Some).map_err(|_| InvalidValue::DurationOrNone)
}

pub fn switch(text: &str) -> Result<bool, InvalidValue> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(InvalidValue::Switch),
    }
}

/// A PostgreSQL URL, as the driver reads it (checked at start: a typo is refused, not found at the first archival).
pub(super) fn postgres_url(text: &str) -> Result<String, InvalidValue> {
    let text = text.trim();
    if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
        return Err(InvalidValue::PostgresUrl("postgres:// or postgresql://".into()));
    }
    text.parse::<tokio_postgres::Config>()
        .map_err(|error| InvalidValue::PostgresUrl(error.to_string()))?;
    Ok(text.to_owned())
}

pub(super) fn cidr(text: &str) -> Result<IpNet, InvalidValue> {
    text.trim().parse().map_err(InvalidValue::Cidr)
}
