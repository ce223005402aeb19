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
    Invocation::from_sources(&args, &|name| vars.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
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
    assert_eq!(defaults.retention.finished, None, "finished games are kept forever by default");
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
            per_client: 0,
            own_connections: usize::MAX,
        }
    );
    assert_eq!(config(&[("LUDUS_IDEMPOTENCY_TTL", "forever")]).retention.idempotency, None);
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
    assert_eq!(config(&[("LUDUS_CORS_ORIGINS", "none")]).cors_origins, CorsOrigins::Only(vec![]));
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
    assert_eq!(duration_or_none("0"), Err(InvalidValue::DurationOrNone), "0 no longer means none");
    assert_eq!(duration_or_none("3x"), Err(InvalidValue::DurationOrNone));
    assert_eq!(duration_or_none(""), Err(InvalidValue::DurationOrNone));
}

#[test]
fn durations_are_humantime_and_words_mean_none() {
    assert_eq!(duration("1h 30m"), Ok(Duration::from_secs(5400)));
    assert_eq!(duration("2w"), Ok(Duration::from_secs(14 * 86_400)));
    assert_eq!(duration("15M"), Ok(Duration::from_secs(900)), "minutes, as before humantime");
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
    assert_eq!((defaults.limits.moves_per_minute, defaults.limits.accounts_per_hour), (0, 20));
    assert!(defaults.metrics);
    let set = config(&[
        ("LUDUS_SHUTDOWN_GRACE", "30s"),
        ("LUDUS_TRUSTED_PROXIES", "10.0.0.0/8, fd00::/8,127.0.0.1/32"),
        ("LUDUS_MOVES_PER_MINUTE", "60"),
        ("LUDUS_ACCOUNTS_PER_HOUR", "0"),
        ("LUDUS_SIGN_INS_PER_NAME_PER_MINUTE", "3"),
        ("LUDUS_SIGN_INS_PER_CLIENT_PER_MINUTE", "0"),
        ("LUDUS_METRICS", "off"),
    ]);
    assert_eq!(set.shutdown_grace, Duration::from_secs(30));
    let proxies: Vec<IpNet> = ["10.0.0.0/8", "fd00::/8", "127.0.0.1/32"]
        .map(|net| net.parse().unwrap())
        .into();
    assert_eq!(set.trusted_proxies, proxies);
    assert_eq!((set.limits.moves_per_minute, set.limits.accounts_per_hour), (60, 0));
    let sign_ins = |limits: &crate::api::limits::Limits| {
        (limits.sign_ins_per_name_per_minute, limits.sign_ins_per_client_per_minute)
    };
    assert_eq!((sign_ins(&defaults.limits), sign_ins(&set.limits)), ((10, 30), (3, 0)));
    assert!(!set.metrics);
    let error = try_config(&[("LUDUS_TRUSTED_PROXIES", "10.0.0.0/8,10.0.0.0/33")]).unwrap_err();
    assert_eq!((error.name, error.value.as_str()), ("LUDUS_TRUSTED_PROXIES", "10.0.0.0/33"));
    assert!(try_config(&[("LUDUS_METRICS", "maybe")]).is_err());
    assert!(try_config(&[("LUDUS_MOVES_PER_MINUTE", "-1")]).is_err());
}

#[test]
fn flags_win_over_variables_and_are_named_as_given() {
    let vars = [("LUDUS_BIND", "0.0.0.0:1"), ("LUDUS_FINISHED_TTL", "soon")];
    let given = invocation(&["--bind=127.0.0.1:2", "--finished-ttl", "7d", "--redis-cluster", "yes"], &vars);
    let config = given.unwrap().config;
    assert_eq!(config.bind, "127.0.0.1:2");
    assert_eq!(config.retention.finished, Some(Duration::from_secs(7 * 86_400)));
    assert!(config.redis_cluster);
    let Err(CommandLineError::Setting(error)) = invocation(&["--max-streams=many"], &[]) else {
        panic!("a bad flag is a setting error");
    };
    assert_eq!(error.to_string(), "--max-streams=\"many\" is not valid: a whole number");
    let error = try_config(&[("REDIS_URL", "redis://a"), (CA_FILE, "/etc/ca.pem")]).unwrap_err();
    assert!(error.to_string().contains("but REDIS_URL is absent or not rediss://"), "{error}");
}

#[test]
fn commands_and_usage_errors_take_one_line() {
    let task = |args: &[&str]| invocation(args, &[]).map(|invocation| invocation.task);
    assert_eq!(task(&[]), Ok(None));
    assert_eq!(task(&["openapi"]), Ok(Some(Task::Openapi)));
    let healthcheck = invocation(&["healthcheck"], &[("LUDUS_BIND", "0.0.0.0:9000")]).unwrap();
    assert_eq!((healthcheck.task, healthcheck.config.bind.as_str()), (Some(Task::Healthcheck), "0.0.0.0:9000"));
    assert_eq!(task(&["serve-please"]), Err(CommandLineError::UnknownCommand("serve-please".into())));
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
        assert!(help.contains(&setting.variable) && help.contains(&setting.flag), "{help}");
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
            assert!(cells.len() == 6 && !cells[4].is_empty(), "a variable, flag, default and meaning: {cells:?}");
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
            (variable.to_owned(), (flag, (!defaults.is_empty()).then(|| defaults.join(","))))
        })
        .collect();
    assert_eq!(documented_settings(), declared);
}

#[test]
fn the_archive_takes_a_postgresql_url_and_refuses_expiring_finished_games() {
    assert_eq!(config(&[]).archive_url, None);
    let url = "postgres://ludus:secret@db.example:5432/ludus";
    let archived = config(&[("LUDUS_ARCHIVE_URL", url), ("LUDUS_ARCHIVE_AFTER", "2m")]);
    assert_eq!(archived.archive_url.as_deref(), Some(url));
    assert_eq!(archived.archive_after, Duration::from_secs(120));
    assert_eq!(config(&[]).archive_after, Duration::from_secs(300));

    let not_postgres = try_config(&[("LUDUS_ARCHIVE_URL", "redis://db.example")]).unwrap_err();
    assert_eq!(not_postgres.name, "LUDUS_ARCHIVE_URL");
    let expiring = try_config(&[("LUDUS_ARCHIVE_URL", url), ("LUDUS_FINISHED_TTL", "1h")]).unwrap_err();
    assert_eq!(expiring.name, "LUDUS_FINISHED_TTL", "{expiring}");
    assert!(expiring.to_string().contains("forever"), "{expiring}");
}
