//! Settings, each one a command-line flag or else an environment variable, declared once (the clap structs below and
//! the groups they flatten) so that the parsing, `ludus --help` and docs/operations.md (held to it by a test) agree.

use std::borrow::Cow;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, CommandFactory, FromArgMatches, Parser};
use ipnet::IpNet;

use crate::api::limits::Limits;
use crate::store::{EventStore, MemoryStore, RedisStore, RedisTls, Retention, StoreError, TlsFileError};
use crate::watch::StreamLimits;

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
const MAX_WORKERS: usize = 1024;
const CA_FILE: &str = "LUDUS_REDIS_CA_FILE";
const CLIENT_CERT_FILE: &str = "LUDUS_REDIS_CLIENT_CERT_FILE";
const CLIENT_KEY_FILE: &str = "LUDUS_REDIS_CLIENT_KEY_FILE";

/// `ludus [SETTINGS] [COMMAND]`.
#[derive(Clone, Debug, PartialEq, Eq, Parser)]
#[command(
    name = "ludus",
    about = "A game-state service for César et Cléopâtre, Alea Iacta Est, Caligula and Rome et Carthage: \
             without a command, serves the API (its docs at /docs/ once running)",
    after_help = "Every setting is a flag or else its variable; the flag wins, and an empty variable counts as \
                  absent. Durations: 250ms, 90s, 15m, 24h, 7d, ... (a bare number is seconds). More: \
                  docs/operations.md"
)]
pub struct Invocation {
    #[command(subcommand)]
    pub task: Option<Task>,
    #[command(flatten)]
    pub config: Config,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Subcommand)]
pub enum Task {
    /// Print the OpenAPI document
    Openapi,
    /// Exit 0 when the server on --bind's port of 127.0.0.1 answers GET /health with 200 (for container health
    /// checks, where no curl is installed)
    Healthcheck,
}

/// The service's settings.
#[derive(Clone, Debug, PartialEq, Eq, Parser)]
pub struct Config {
    /// Address and port to listen on
    #[arg(long, env = "LUDUS_BIND", default_value = DEFAULT_BIND, value_name = "ADDRESS:PORT")]
    pub bind: String,
    /// HTTP worker threads, 1 to 1024, each with its own Redis connection (absent: one per core)
    #[arg(long, env = "LUDUS_WORKERS", value_parser = workers, value_name = "COUNT")]
    pub workers: Option<usize>,
    /// Origins whose pages may call the API from a browser: `*` (any), `none`, or a comma-separated list of exact
    /// `scheme://host[:port]` origins
    #[arg(long, env = "LUDUS_CORS_ORIGINS", default_value = "*", value_parser = CorsOrigins::parse,
          value_name = "ORIGINS")]
    pub cors_origins: CorsOrigins,
    /// Peers whose `Forwarded` / `X-Forwarded-For` headers are believed for the client's address: comma-separated
    /// CIDR blocks such as 10.0.0.0/8,fd00::/8,127.0.0.1/32 (absent: none)
    #[arg(long, env = "LUDUS_TRUSTED_PROXIES", value_delimiter = ',', value_parser = cidr, value_name = "CIDRS")]
    pub trusted_proxies: Vec<IpNet>,
    /// How long an instance told to stop (SIGTERM) lets the moves in flight finish before it exits
    #[arg(long, env = "LUDUS_SHUTDOWN_GRACE", default_value = "10s", value_parser = duration,
          value_name = "DURATION")]
    pub shutdown_grace: Duration,
    /// Whether `GET /metrics` is served (Prometheus text format): on or off
    #[arg(long, env = "LUDUS_METRICS", default_value = "on", value_parser = switch, action = ArgAction::Set,
          value_name = "on|off")]
    pub metrics: bool,
    /// Log lines as `text` (human-readable, coloured on a terminal) or `json` (one object a line, for collectors)
    #[arg(long, env = "LUDUS_LOG_FORMAT", default_value = "text", value_parser = LogFormat::parse,
          value_name = "FORMAT")]
    pub log_format: LogFormat,
    /// Log filter in tracing's `EnvFilter` syntax, e.g. `ludus=debug,info` (one that does not parse falls back to
    /// `info`)
    #[arg(long, env = "RUST_LOG", default_value = "info", value_name = "FILTER")]
    pub log_filter: String,

    /// `redis://host:port/db`, or `rediss://` for TLS; several comma-separated URLs mean a Redis Cluster. Without
    /// it games are kept in memory and lost on restart. `REDIS_URL` is read when this variable is absent
    #[arg(long, env = "LUDUS_REDIS_URL", value_name = "URL", help_heading = "Redis")]
    pub redis_url: Option<String>,
    /// `true` (or `on`, `yes`, `1`): the URL is a seed node of a Redis Cluster
    #[arg(long, env = "LUDUS_REDIS_CLUSTER", default_value = "false", value_parser = switch,
          action = ArgAction::Set, value_name = "BOOL", help_heading = "Redis")]
    pub redis_cluster: bool,
    /// For `rediss://`: PEM file of the CAs to trust instead of the system's (the server's certificate and host
    /// name are always verified)
    #[arg(long, env = CA_FILE, value_name = "PATH", help_heading = "Redis")]
    pub redis_ca_file: Option<PathBuf>,
    /// For `rediss://` servers that require client certificates (mutual TLS): PEM certificate chain, with
    /// --redis-client-key-file
    #[arg(long, env = CLIENT_CERT_FILE, value_name = "PATH", help_heading = "Redis")]
    pub redis_client_cert_file: Option<PathBuf>,
    /// The client certificate's PEM private key, with --redis-client-cert-file
    #[arg(long, env = CLIENT_KEY_FILE, value_name = "PATH", help_heading = "Redis")]
    pub redis_client_key_file: Option<PathBuf>,
    /// The three files above, read and checked at start.
    #[arg(skip)]
    pub redis_tls: RedisTls,

    #[command(flatten, next_help_heading = "Storage")]
    pub retention: Retention,
    /// How long a game with open seats waits for players before it expires (`off` or `forever`: never)
    #[arg(long, env = "LUDUS_LOBBY_TTL", default_value = "1h", value_parser = duration_or_none,
          value_name = "DURATION")]
    pub lobby_ttl: DurationOrNone,
    /// How often this instance looks for passed deadlines, expiries and bots whose instance died (`off`: never,
    /// leaving it to the other instances)
    #[arg(long, env = "LUDUS_SWEEP_INTERVAL", default_value = "1s", value_parser = duration_or_none,
          value_name = "DURATION")]
    pub sweep_interval: DurationOrNone,

    #[command(flatten, next_help_heading = "Limits")]
    pub limits: Limits,
    #[command(flatten)]
    pub streams: StreamLimits,
}

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
    fn parse(text: &str) -> Result<Self, InvalidValue> {
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
    fn parse(text: &str) -> Result<Self, InvalidValue> {
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
fn is_origin(text: &str) -> bool {
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
}

pub(crate) fn whole_number<T: FromStr>(text: &str) -> Result<T, InvalidValue> {
    text.trim().parse().map_err(|_| InvalidValue::WholeNumber)
}

fn workers(text: &str) -> Result<usize, InvalidValue> {
    whole_number(text)
        .ok()
        .filter(|count| (1..=MAX_WORKERS).contains(count))
        .ok_or(InvalidValue::Workers)
}

/// A duration above zero, in humantime's words (`250ms`, `90s`, `15m`, `24h`, `7d`, `1h 30m`, ...) or a bare number
/// of seconds (as before humantime). Units are read in lower case, so `15M` stays 15 minutes as it always was.
pub(crate) fn duration(text: &str) -> Result<Duration, InvalidValue> {
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
pub(crate) fn duration_or_none(text: &str) -> Result<DurationOrNone, InvalidValue> {
    if matches!(text.trim().to_ascii_lowercase().as_str(), "forever" | "off" | "never") {
        return Ok(None);
    }
    duration(text).map(Some).map_err(|_| InvalidValue::DurationOrNone)
}

fn switch(text: &str) -> Result<bool, InvalidValue> {
    match text.trim().to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(InvalidValue::Switch),
    }
}

fn cidr(text: &str) -> Result<IpNet, InvalidValue> {
    text.trim().parse().map_err(InvalidValue::Cidr)
}

/// A setting that cannot be understood; the service refuses to start rather than guess.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{name}={value:?} is not valid: {expected}")]
pub struct ConfigError {
    /// The variable, or the flag, as the operator gave the setting.
    pub name: &'static str,
    pub value: String,
    pub expected: Cow<'static, str>,
}

/// Why the service does not start: exit 2, with this as one line.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    #[error(transparent)]
    Setting(#[from] ConfigError),
    #[error("unknown command {0:?} (see ludus --help)")]
    UnknownCommand(String),
    /// clap's own first line, e.g. for an unknown flag.
    #[error("{0} (see ludus --help)")]
    Usage(String),
    /// Not a failure: the help that `--help` asked for (clap reports it the same way).
    #[error("{0}")]
    Help(String),
}

/// One setting as the declaration names it.
struct Setting {
    flag: String,
    variable: String,
}

/// Every setting, read from the declaration once. A static, so that errors can name settings as `&'static str`.
static SETTINGS: LazyLock<Vec<Setting>> = LazyLock::new(|| {
    Config::command()
        .get_arguments()
        .filter_map(|arg| {
            Some(Setting {
                flag: format!("--{}", arg.get_long()?),
                variable: arg.get_env()?.to_str()?.to_owned(),
            })
        })
        .collect()
});

/// `REDIS_URL`, which hosting platforms set, stands in for an absent `LUDUS_REDIS_URL`.
const FALLBACK_VARIABLES: [(&str, &str); 1] = [("LUDUS_REDIS_URL", "REDIS_URL")];

/// Where the settings come from: the command line, else the variables that `lookup` reads.
struct Sources<'a> {
    args: &'a [OsString],
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl Sources<'_> {
    fn given_as_flag(&self, setting: &Setting) -> bool {
        self.args.iter().skip(1).filter_map(|arg| arg.to_str()).any(|arg| {
            arg.strip_prefix(setting.flag.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('='))
        })
    }

    /// The variable holding the setting (its own, else its fallback) and its value; an empty one counts as absent.
    fn variable(&self, setting: &'static Setting) -> Option<(&'static str, String)> {
        let fallback = FALLBACK_VARIABLES
            .iter()
            .find(|(variable, _)| *variable == setting.variable)
            .map(|(_, fallback)| *fallback);
        std::iter::once(setting.variable.as_str())
            .chain(fallback)
            .find_map(|name| {
                (self.lookup)(name)
                    .filter(|value| !value.trim().is_empty())
                    .map(|value| (name, value))
            })
    }

    /// How the operator gave the setting: its flag, else the variable that held it.
    fn name_of(&self, setting: &'static Setting) -> &'static str {
        if self.given_as_flag(setting) {
            &setting.flag
        } else {
            self.variable(setting).map_or(&setting.variable, |(name, _)| name)
        }
    }

    fn name_of_variable(&self, variable: &'static str) -> &'static str {
        SETTINGS
            .iter()
            .find(|setting| setting.variable == variable)
            .map_or(variable, |setting| self.name_of(setting))
    }

    /// The command line with every setting not given as a flag taken from its variable, as a flag placed before any
    /// command (where settings belong). clap would read variables from the process itself; given as flags, an empty
    /// one counts as absent, `REDIS_URL` can stand in, and tests need not touch the process's environment.
    fn command_line(&self) -> Vec<OsString> {
        let from_variables = SETTINGS
            .iter()
            .filter(|setting| !self.given_as_flag(setting))
            .filter_map(|setting| {
                let (_, value) = self.variable(setting)?;
                Some(OsString::from(format!("{}={value}", setting.flag)))
            });
        let mut args = self.args.iter().cloned();
        args.next().into_iter().chain(from_variables).chain(args).collect()
    }

    /// clap's error (several lines) as one line naming the setting as given.
    fn refusal(&self, error: &clap::Error) -> CommandLineError {
        let context = |kind| match error.get(kind) {
            Some(ContextValue::String(text)) => Some(text.as_str()),
            _ => None,
        };
        match error.kind() {
            ErrorKind::InvalidSubcommand if let Some(name) = context(ContextKind::InvalidSubcommand) => {
                CommandLineError::UnknownCommand(name.to_owned())
            }
            ErrorKind::ValueValidation
                if let (Some(arg), Some(value), Some(expected)) = (
                    context(ContextKind::InvalidArg),
                    context(ContextKind::InvalidValue),
                    std::error::Error::source(error),
                ) && let Some(setting) = SETTINGS.iter().find(|setting| {
                    // clap names the argument as in the usage, e.g. `--bind <ADDRESS:PORT>`.
                    arg.split([' ', '=', '[']).next() == Some(setting.flag.as_str())
                }) =>
            {
                CommandLineError::Setting(ConfigError {
                    name: self.name_of(setting),
                    value: value.to_owned(),
                    expected: expected.to_string().into(),
                })
            }
            _ => {
                let rendered = error.render().to_string();
                let line = rendered.lines().next().unwrap_or_default();
                CommandLineError::Usage(line.trim_start_matches("error: ").to_owned())
            }
        }
    }

    /// The help, if the command line asks for it (whatever the variables say), rendered from the declaration: the
    /// parsing runs without the variables' names (see `command_line`), which the help shows. Their values are not
    /// shown (a Redis URL may hold a password).
    fn help(&self) -> Option<String> {
        let declared = Invocation::command().mut_args(|arg| arg.hide_env_values(true));
        match declared.try_get_matches_from(self.args) {
            Err(help) if help.kind() == ErrorKind::DisplayHelp => Some(help.render().to_string()),
            _ => None,
        }
    }
}

impl Invocation {
    pub fn from_env() -> Result<Self, CommandLineError> {
        Self::from_sources(&std::env::args_os().collect::<Vec<_>>(), &|name| {
            std::env::var(name).ok()
        })
    }

    /// `args` is the command line (the program's name first); `lookup` reads a variable.
    pub fn from_sources(args: &[OsString], lookup: &dyn Fn(&str) -> Option<String>) -> Result<Self, CommandLineError> {
        let sources = Sources { args, lookup };
        if let Some(help) = sources.help() {
            return Err(CommandLineError::Help(help));
        }
        let mut invocation = Self::command()
            .mut_args(|arg| arg.env(None))
            .try_get_matches_from(sources.command_line())
            .and_then(|mut matches| Self::from_arg_matches_mut(&mut matches))
            .map_err(|error| sources.refusal(&error))?;
        let config = &mut invocation.config;
        config.redis_tls = config.read_redis_tls(&|variable| sources.name_of_variable(variable))?;
        Ok(invocation)
    }
}

impl Config {
    /// The TLS files named by the settings, read and checked. They are refused unless every Redis URL is
    /// `rediss://`: ignoring them would connect in clear text to a server the operator meant to reach over TLS.
    fn read_redis_tls(&self, name_of: &dyn Fn(&'static str) -> &'static str) -> Result<RedisTls, ConfigError> {
        let files = [
            (CA_FILE, self.redis_ca_file.as_deref()),
            (CLIENT_CERT_FILE, self.redis_client_cert_file.as_deref()),
            (CLIENT_KEY_FILE, self.redis_client_key_file.as_deref()),
        ];
        let path_of = |variable: &str| {
            files
                .iter()
                .find(|(name, _)| *name == variable)
                .and_then(|(_, path)| *path)
        };
        let invalid = |variable: &'static str, expected: String| ConfigError {
            name: name_of(variable),
            value: path_of(variable)
                .map(|path| path.display().to_string())
                .unwrap_or_default(),
            expected: expected.into(),
        };
        let every_url_is_tls = self.redis_url.as_deref().is_some_and(|urls| {
            urls.split(',').map(str::trim).filter(|url| !url.is_empty()).all(|url| {
                url.get(..9)
                    .is_some_and(|scheme| scheme.eq_ignore_ascii_case("rediss://"))
            })
        });
        let first_set = [CA_FILE, CLIENT_CERT_FILE, CLIENT_KEY_FILE]
            .into_iter()
            .find(|variable| path_of(variable).is_some());
        if let Some(variable) = first_set
            && !every_url_is_tls
        {
            let url = name_of("LUDUS_REDIS_URL");
            let why = format!("a file for rediss:// (TLS) servers, but {url} is absent or not rediss://");
            return Err(invalid(variable, why));
        }
        let read = |variable: &'static str| {
            path_of(variable)
                .map(|path: &Path| {
                    std::fs::read(path).map_err(|e| invalid(variable, format!("a readable PEM file ({e})")))
                })
                .transpose()
        };
        let ca = read(CA_FILE)?;
        let pair = |other: &'static str| format!("needed with {} (mutual TLS takes both)", name_of(other));
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
    use std::collections::BTreeMap;

    use super::*;

    fn config(vars: &[(&str, &str)]) -> Config {
        try_config(vars).expect("a valid configuration")
    }

    fn try_config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        invocation(&[], vars)
            .map(|invocation| invocation.config)
            .map_err(|error| match error {
                CommandLineError::Setting(error) => error,
                other => panic!("variables alone can only make a setting invalid: {other}"),
            })
    }

    /// `ludus ARGS` with these variables (and no others: the process's own are never read).
    fn invocation(args: &[&str], vars: &[(&str, &str)]) -> Result<Invocation, CommandLineError> {
        let args: Vec<OsString> = std::iter::once("ludus")
            .chain(args.iter().copied())
            .map(OsString::from)
            .collect();
        Invocation::from_sources(&args, &|name| {
            vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string())
        })
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
        assert_eq!(duration_or_none("90"), Ok(Some(Duration::from_secs(90))));
        assert_eq!(duration_or_none("15m"), Ok(Some(Duration::from_secs(900))));
        assert_eq!(duration_or_none("250ms"), Ok(Some(Duration::from_millis(250))));
        assert_eq!(
            duration_or_none("0"),
            Err(InvalidValue::DurationOrNone),
            "0 no longer means none"
        );
        assert_eq!(duration_or_none("3x"), Err(InvalidValue::DurationOrNone));
        assert_eq!(duration_or_none(""), Err(InvalidValue::DurationOrNone));
    }

    #[test]
    fn durations_are_humantime_and_words_mean_none() {
        assert_eq!(duration("1h 30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(duration("2w"), Ok(Duration::from_secs(14 * 86_400)));
        assert_eq!(
            duration("15M"),
            Ok(Duration::from_secs(900)),
            "minutes, as before humantime"
        );
        assert_eq!(duration("forever"), Err(InvalidValue::Duration));
        for word in ["forever", "off", "Never"] {
            assert_eq!(duration_or_none(word), Ok(None), "{word}");
        }
        let swept = config(&[("LUDUS_SWEEP_INTERVAL", "off"), ("LUDUS_LOBBY_TTL", "forever")]);
        assert_eq!((swept.sweep_interval, swept.lobby_ttl), (None, None));
        for name in ["LUDUS_IDEMPOTENCY_TTL", "LUDUS_SWEEP_INTERVAL", "LUDUS_SHUTDOWN_GRACE"] {
            let error = try_config(&[(name, "0")]).unwrap_err();
            assert_eq!(error.name, name);
            assert!(error.to_string().contains("above zero"), "{error}");
        }
    }

    #[test]
    fn defaults_are_those_of_the_service() {
        let config = config(&[]);
        assert_eq!(config.retention, Retention::default());
        assert_eq!(config.streams, StreamLimits::default());
        assert_eq!(config.lobby_ttl, Some(crate::service::DEFAULT_LOBBY_TTL));
        assert_eq!(config.sweep_interval, Some(Duration::from_secs(1)));
        assert_eq!(config.log_filter, "info");
    }

    #[test]
    fn settings_for_operations_are_declared() {
        let defaults = config(&[]);
        assert_eq!(defaults.shutdown_grace, Duration::from_secs(10));
        assert_eq!(defaults.trusted_proxies, Vec::<IpNet>::new());
        assert_eq!(
            (defaults.limits.moves_per_minute, defaults.limits.accounts_per_hour),
            (0, 20)
        );
        assert!(defaults.metrics);
        let set = config(&[
            ("LUDUS_SHUTDOWN_GRACE", "30s"),
            ("LUDUS_TRUSTED_PROXIES", "10.0.0.0/8, fd00::/8,127.0.0.1/32"),
            ("LUDUS_MOVES_PER_MINUTE", "60"),
            ("LUDUS_ACCOUNTS_PER_HOUR", "0"),
            ("LUDUS_METRICS", "off"),
        ]);
        assert_eq!(set.shutdown_grace, Duration::from_secs(30));
        let proxies: Vec<IpNet> = ["10.0.0.0/8", "fd00::/8", "127.0.0.1/32"]
            .map(|net| net.parse().unwrap())
            .into();
        assert_eq!(set.trusted_proxies, proxies);
        assert_eq!((set.limits.moves_per_minute, set.limits.accounts_per_hour), (60, 0));
        assert!(!set.metrics);
        let error = try_config(&[("LUDUS_TRUSTED_PROXIES", "10.0.0.0/8,10.0.0.0/33")]).unwrap_err();
        assert_eq!(
            (error.name, error.value.as_str()),
            ("LUDUS_TRUSTED_PROXIES", "10.0.0.0/33")
        );
        assert!(try_config(&[("LUDUS_METRICS", "maybe")]).is_err());
        assert!(try_config(&[("LUDUS_MOVES_PER_MINUTE", "-1")]).is_err());
    }

    #[test]
    fn flags_win_over_variables_and_are_named_as_given() {
        let vars = [("LUDUS_BIND", "0.0.0.0:1"), ("LUDUS_FINISHED_TTL", "soon")];
        let given = invocation(
            &["--bind=127.0.0.1:2", "--finished-ttl", "7d", "--redis-cluster", "yes"],
            &vars,
        );
        let config = given.unwrap().config;
        assert_eq!(config.bind, "127.0.0.1:2");
        assert_eq!(config.retention.finished, Some(Duration::from_secs(7 * 86_400)));
        assert!(config.redis_cluster);
        let Err(CommandLineError::Setting(error)) = invocation(&["--max-streams=many"], &[]) else {
            panic!("a bad flag is a setting error");
        };
        assert_eq!(error.to_string(), "--max-streams=\"many\" is not valid: a whole number");
        let error = try_config(&[("REDIS_URL", "redis://a"), (CA_FILE, "/etc/ca.pem")]).unwrap_err();
        assert!(
            error.to_string().contains("but REDIS_URL is absent or not rediss://"),
            "{error}"
        );
    }

    #[test]
    fn commands_and_usage_errors_take_one_line() {
        let task = |args: &[&str]| invocation(args, &[]).map(|invocation| invocation.task);
        assert_eq!(task(&[]), Ok(None));
        assert_eq!(task(&["openapi"]), Ok(Some(Task::Openapi)));
        let healthcheck = invocation(&["healthcheck"], &[("LUDUS_BIND", "0.0.0.0:9000")]).unwrap();
        assert_eq!(
            (healthcheck.task, healthcheck.config.bind.as_str()),
            (Some(Task::Healthcheck), "0.0.0.0:9000")
        );
        assert_eq!(
            task(&["serve-please"]),
            Err(CommandLineError::UnknownCommand("serve-please".into()))
        );
        for wrong in [&["--nope"][..], &["--bind"], &["openapi", "--bind=x"]] {
            let error = task(wrong).unwrap_err();
            assert!(matches!(error, CommandLineError::Usage(_)), "{wrong:?}: {error:?}");
            assert_eq!(error.to_string().lines().count(), 1, "{error}");
        }
        let asked = invocation(&["--help"], &[("LUDUS_WORKERS", "0")]);
        let Err(CommandLineError::Help(help)) = asked else {
            panic!("--help gives the help, even with a setting that would refuse to start");
        };
        for setting in SETTINGS.iter() {
            assert!(
                help.contains(&setting.variable) && help.contains(&setting.flag),
                "{help}"
            );
        }
    }

    /// The configuration table of docs/operations.md, as variable => (flag, default): each the first `code` of its
    /// cell, a default without one (such as "one per core") being none to clap.
    fn documented_settings() -> BTreeMap<String, (Option<String>, Option<String>)> {
        let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operations.md")).unwrap();
        let code = |cell: &str| cell.split('`').nth(1).map(str::to_owned);
        let rows: Vec<Vec<&str>> = guide
            .lines()
            .skip_while(|line| !line.starts_with("| variable | flag | default | meaning |"))
            .skip(2)
            .take_while(|line| line.starts_with('|'))
            .map(|row| row.split('|').map(str::trim).collect())
            .collect();
        let table: BTreeMap<_, _> = rows
            .iter()
            .map(|cells| {
                assert!(
                    cells.len() == 6 && !cells[4].is_empty(),
                    "a variable, flag, default and meaning: {cells:?}"
                );
                (code(cells[1]).expect("a variable"), (code(cells[2]), code(cells[3])))
            })
            .collect();
        assert_eq!(table.len(), rows.len(), "one row a setting");
        table
    }

    #[test]
    fn the_operations_guide_lists_exactly_the_declared_settings() {
        let declared: BTreeMap<_, _> = Config::command()
            .get_arguments()
            .map(|arg| {
                let variable = arg.get_env().expect("every setting has a variable").to_str().unwrap();
                let defaults: Vec<_> = arg
                    .get_default_values()
                    .iter()
                    .map(|value| value.to_str().unwrap())
                    .collect();
                let flag = arg.get_long().map(|long| format!("--{long}"));
                (
                    variable.to_owned(),
                    (flag, (!defaults.is_empty()).then(|| defaults.join(","))),
                )
            })
            .collect();
        assert_eq!(documented_settings(), declared);
    }
}
