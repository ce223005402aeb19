//! `ludus` serves the games over HTTP; `ludus openapi` prints the OpenAPI document; `ludus healthcheck` asks a
//! running server on `LUDUS_BIND` for `/readyz` (for container health checks, where no curl is installed);
//! `ludus archive-freeze` and `ludus archive-compact` rewrite the archive's records before and after an upgrade that
//! changes a title's rules (docs/operations.md); `ludus --help` lists the settings (declared in `ludus::config`).

use actix_web::{App, web};
use std::io::IsTerminal;

use ludus::api::server::Gate;
use ludus::config::{CommandLineError, Config, Invocation, LogFormat, Task};
use ludus::engine::Registry;
use ludus::service::{GameService, TestPauses};
use tracing_subscriber::EnvFilter;

/// File descriptors kept for everything but streams (listeners, Redis, requests in flight).
const RESERVED_FDS: u64 = 512;

fn service(config: &Config) -> std::io::Result<GameService> {
    let store = config.store().map_err(std::io::Error::other)?;
    Ok(GameService::with_stream_limits(Registry::with_all_titles(), store, config.streams)
        .with_lobby_ttl(config.lobby_ttl)
        .with_presence_ttl(config.presence_ttl)
        .with_webhooks(config.webhooks)
        .with_search_slots(config.limits.max_searches)
        .with_test_pauses(TestPauses {
            before_rating: test_pause("LUDUS_TEST_PAUSE_BEFORE_RATING_MS"),
            before_opening_table: test_pause("LUDUS_TEST_PAUSE_BEFORE_OPENING_TABLE_MS"),
            before_notifying: test_pause("LUDUS_TEST_PAUSE_BEFORE_NOTIFYING_MS"),
            before_live_removal: test_pause("LUDUS_TEST_PAUSE_BEFORE_LIVE_REMOVAL_MS"),
        }))
}

/// A test's hook, outside the settings: `LUDUS_TEST_PAUSE_BEFORE_RATING_MS` holds a rated game's ratings back after
/// its last append, `LUDUS_TEST_PAUSE_BEFORE_OPENING_TABLE_MS` a completed quick-play table's game before it is
/// opened, `LUDUS_TEST_PAUSE_BEFORE_NOTIFYING_MS` an append's notifications before they leave the game's outbox,
/// `LUDUS_TEST_PAUSE_BEFORE_LIVE_REMOVAL_MS` an archived game before it leaves Redis, so that a test can kill the
/// instance in between.
fn test_pause(variable: &str) -> Option<std::time::Duration> {
    let millis = std::env::var(variable).ok()?.parse().ok()?;
    Some(std::time::Duration::from_millis(millis))
}

/// Raises the open-file limit as far as allowed, and caps the streams that hold a connection of their own (HTTP/1.1)
/// to what the limit can hold, so that streams can never starve the server of descriptors (e.g. for `/health`).
/// HTTP/2 streams share their connection, so only `LUDUS_MAX_STREAMS` bounds them.
fn fit_streams_to_file_limit(config: &mut Config) {
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    let room = usize::try_from(limit.saturating_sub(RESERVED_FDS)).unwrap_or(usize::MAX);
    if config.streams.per_instance > room {
        tracing::warn!(
            open_files = limit,
            requested = config.streams.per_instance,
            allowed = room,
            "streams on connections of their own (HTTP/1.1) capped to fit the open-file limit (raise `ulimit -n` \
             for more); HTTP/2 streams share connections and only LUDUS_MAX_STREAMS bounds them"
        );
    }
    config.streams.own_connections = room;
}

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let Some(Invocation { task, mut config }) = invocation() else {
        return Ok(());
    };
    if let Some(task) = task {
        return run_task(task, &config).await;
    }
    init_logs(&config);
    fit_streams_to_file_limit(&mut config);
    let service = web::Data::new(service(&config)?);
    match &config.redis_url {
        Some(_) => {
            let store = service.store_health().await;
            tracing::info!(store = ?store.kind, "storing games in Redis");
            warn_unless_durable(&store);
        }
        None => tracing::warn!(
            "no LUDUS_REDIS_URL or REDIS_URL: games are kept in memory and are NOT durable (lost on restart)"
        ),
    }
    actix_web::rt::spawn(service.clone().into_inner().run_background(config.sweep_interval));
    tracing::info!(bind = %config.bind, "ludus listening; API docs at /docs/");
    serve(&config, service).await
}

/// The task and settings from the command line and the environment; `None` once the help is printed. A command line
/// in error exits with status 2.
fn invocation() -> Option<Invocation> {
    match Invocation::from_env() {
        Ok(invocation) => Some(invocation),
        Err(CommandLineError::Help(help)) => {
            print!("{help}");
            None
        }
        Err(error) => {
            eprintln!("ludus: {error}");
            std::process::exit(2);
        }
    }
}

/// A task other than serving: prints the OpenAPI document, checks a running server's health (exit status 1 when
/// it is not healthy), or rewrites the archive's records.
async fn run_task(task: Task, config: &Config) -> std::io::Result<()> {
    match task {
        Task::Openapi => println!("{}", ludus::api::openapi_json(&service(config)?)),
        Task::Healthcheck => {
            if let Err(error) = healthcheck(&config.bind) {
                eprintln!("ludus healthcheck: {error}");
                std::process::exit(1);
            }
        }
        Task::ArchiveFreeze => recode_archive(config, false).await?,
        Task::ArchiveCompact => recode_archive(config, true).await?,
    }
    Ok(())
}

/// Rewrites the archive's records by their decisions or as their events (`Postgres::recode`), and says how many.
async fn recode_archive(config: &Config, decisions: bool) -> std::io::Result<()> {
    let archive = (config.archive())
        .ok_or_else(|| std::io::Error::other("no archive: set LUDUS_ARCHIVE_URL"))?
        .map_err(std::io::Error::other)?;
    let recoded = archive.recode(decisions).await.map_err(std::io::Error::other)?;
    println!(
        "{} archived games rewritten, {} already so, {} unreadable by this build (left as they are)",
        recoded.rewritten, recoded.unchanged, recoded.unreadable
    );
    if recoded.unreadable > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// Logs as the filter (`RUST_LOG`) lets through, `info` when it does not parse, in the format asked for.
fn init_logs(config: &Config) {
    let filter = EnvFilter::try_new(&config.log_filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stdout().is_terminal());
    match config.log_format {
        LogFormat::Json => logs.json().init(),
        LogFormat::Text => logs.init(),
    }
}

/// Serves the API on `config.bind` until a signal drains the service and stops the server.
async fn serve(config: &Config, service: web::Data<GameService>) -> std::io::Result<()> {
    let settings = web::Data::new(ludus::api::Settings::from(config));
    let cors_origins = config.cors_origins.clone();
    let drained = service.clone().into_inner();
    let app = move || {
        App::new()
            // gzip, brotli or zstd as the client asks; live streams opt out (they must not be buffered).
            .wrap(actix_web::middleware::Compress::default())
            .wrap(ludus::api::cors(&cors_origins))
            // Outermost: the request has its id and its span before anything logs.
            .wrap(actix_web::middleware::from_fn(ludus::api::request_id::identify))
            .configure(ludus::api::routes_with(service.clone(), settings.clone()))
    };
    let gate = Gate {
        limits: config.connections,
        ipv6_prefix: config.limits.ipv6_prefix,
        trusted_proxies: config.trusted_proxies.clone(),
    };
    let listeners = ludus::api::server::listen(&config.bind)?;
    let workers = config.workers;
    let stop_after = ludus::shutdown::stop_timeout_secs(config.shutdown_grace);
    // HTTP/1.1, and HTTP/2 in clear text for clients that open with its preface (h2c, prior knowledge): many
    // streams then share one connection.
    let server = ludus::api::server::serve(app, listeners, gate, |builder| {
        // SIGTERM drains first (ludus::shutdown), then stops the server, which gives requests in flight this long.
        let builder = builder.disable_signals().shutdown_timeout(stop_after);
        // actix's default: one worker per core.
        match workers {
            Some(workers) => builder.workers(workers),
            None => builder,
        }
    })?;
    actix_web::rt::spawn(ludus::shutdown::on_signal(drained, server.handle(), config.shutdown_grace));
    server.await
}

/// Says at start when acknowledged moves could be lost on a crash of Redis's host.
fn warn_unless_durable(store: &ludus::service::StoreHealth) {
    match &store.persistence {
        _ if !store.reachable => tracing::warn!("cannot ask Redis about its persistence (it may not be up yet)"),
        Some(persistence) if persistence.survives_host_crash() => {
            tracing::info!(?persistence, "Redis writes every move to disk before acknowledging it")
        }
        persistence => tracing::warn!(
            ?persistence,
            "Redis does not write each move to disk before acknowledging it (appendonly yes, appendfsync always): \
             acknowledged moves can be lost if Redis's host crashes"
        ),
    }
}

/// Exits successfully only when the server on `bind` answers `GET /readyz` with 200 (ready for traffic).
fn healthcheck(bind: &str) -> std::io::Result<()> {
    use std::io::{Read, Write};
    let port = bind.rsplit_once(':').map_or("8080", |(_, port)| port);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port.parse().unwrap_or(8080)))?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(3)))?;
    stream.write_all(b"GET /readyz HTTP/1.0\r\nHost: localhost\r\n\r\n")?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    if answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(std::io::Error::other(format!("unhealthy: {}", answer.lines().next().unwrap_or(""))))
    }
}
