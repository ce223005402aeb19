//! Settings, each one a command-line flag or else an environment variable, declared once (the clap structs below and
//! the groups they flatten) so that the parsing, `ludus --help` and docs/operations.md (held to it by a test) agree.

pub mod values;

use std::borrow::Cow;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, CommandFactory, FromArgMatches, Parser};
use ipnet::IpNet;

use crate::api::limits::Limits;
use crate::api::server::ConnectionLimits;
use crate::engine::Registry;
use crate::service::{RulesCodec, WebhookSettings};
use crate::store::{
    EventStore, MemoryStore, Postgres, RedisStore, RedisTls, Replication, Retention, StoreError, TieredStore,
    TlsFileError,
};
use crate::watch::StreamLimits;
pub use values::{CorsOrigins, DurationOrNone, InvalidValue, LogFormat};
use values::{cidr, duration, duration_or_none, postgres_url, switch, workers};

pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
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
    /// Exit 0 when the server on --bind's port of 127.0.0.1 answers GET /readyz with 200 (for container health
    /// checks, where no curl is installed)
    Healthcheck,
    /// Rewrite every archived game told by its decisions as its events (format 1), readable by any release: run it
    /// with the release in use before one that changes a title's rules (LUDUS_ARCHIVE_URL)
    ArchiveFreeze,
    /// Rewrite every archived game kept as its events by its decisions (format 2) where this release's rules replay
    /// them to the very events: after an upgrade, to win the space back (LUDUS_ARCHIVE_URL)
    ArchiveCompact,
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
    #[command(flatten, next_help_heading = "Redis")]
    pub replication: Replication,

    #[command(flatten, next_help_heading = "Storage")]
    pub retention: Retention,
    /// `postgres://user:password@host:port/database`: finished games move from Redis (or memory) to an archive on
    /// this PostgreSQL, and are read from there (absent: they stay where they are)
    #[arg(long, env = "LUDUS_ARCHIVE_URL", value_parser = postgres_url, value_name = "URL",
          help_heading = "Storage")]
    pub archive_url: Option<String>,
    /// How long after its last event a finished game stays live (rematches, post-game chat) before it moves to
    /// the archive
    #[arg(long, env = "LUDUS_ARCHIVE_AFTER", default_value = "5m", value_parser = duration,
          value_name = "DURATION", help_heading = "Storage")]
    pub archive_after: Duration,
    /// How long a game with open seats waits for players before it expires (`off` or `forever`: never)
    #[arg(long, env = "LUDUS_LOBBY_TTL", default_value = "1h", value_parser = duration_or_none,
          value_name = "DURATION")]
    pub lobby_ttl: DurationOrNone,
    /// How often this instance looks for passed deadlines, expiries and bots whose instance died (`off`: never,
    /// leaving it to the other instances)
    #[arg(long, env = "LUDUS_SWEEP_INTERVAL", default_value = "1s", value_parser = duration_or_none,
          value_name = "DURATION")]
    pub sweep_interval: DurationOrNone,

    /// How long a seat counts as connected after it was last seen (a request of its own, or its open stream, which
    /// renews it every third of this)
    #[arg(long, env = "LUDUS_PRESENCE_TTL", default_value = "30s", value_parser = duration, value_name = "DURATION")]
    pub presence_ttl: Duration,

    #[command(flatten, next_help_heading = "Limits")]
    pub limits: Limits,
    #[command(flatten, next_help_heading = "Connections")]
    pub connections: ConnectionLimits,
    #[command(flatten)]
    pub streams: StreamLimits,
    #[command(flatten, next_help_heading = "Webhooks")]
    pub webhooks: WebhookSettings,
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
        Self::from_sources(&std::env::args_os().collect::<Vec<_>>(), &|name| std::env::var(name).ok())
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
        if config.archive_url.is_some()
            && let Some(ttl) = config.retention.finished
        {
            // Expiring finished games would delete them before their archival.
            return Err(ConfigError {
                name: sources.name_of_variable("LUDUS_FINISHED_TTL"),
                value: humantime::format_duration(ttl).to_string(),
                expected: "`forever` with LUDUS_ARCHIVE_URL (finished games move to the archive instead)".into(),
            }
            .into());
        }
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
        let live: Arc<dyn EventStore> = match &self.redis_url {
            Some(url) => Arc::new(
                RedisStore::open(url, self.redis_cluster, &self.redis_tls, self.retention)?
                    .with_replication(self.replication),
            ),
            None => Arc::new(MemoryStore::new(self.retention)),
        };
        Ok(match self.archive().transpose()? {
            Some(archive) => Arc::new(TieredStore::new(live, archive, self.archive_after)),
            None => live,
        })
    }

    /// The configured archive, its logs told by this build's rules, if there is one.
    pub fn archive(&self) -> Option<Result<Postgres, StoreError>> {
        let url = self.archive_url.as_ref()?;
        let codec = Arc::new(RulesCodec::new(Registry::with_all_titles()));
        Some(Postgres::open(url, codec).map_err(StoreError::Unavailable))
    }
}

#[cfg(test)]
mod tests;
