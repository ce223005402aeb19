//! `ludus` serves the games over HTTP; `ludus openapi` prints the OpenAPI document; `ludus healthcheck` asks a
//! running server on `LUDUS_BIND` for `/health` (for container health checks, where no curl is installed).

use actix_web::{App, HttpServer, web};
use ludus::config::Config;
use ludus::engine::Registry;
use ludus::service::GameService;
use tracing_subscriber::EnvFilter;

fn service(config: &Config) -> std::io::Result<GameService> {
    let store = config.store().map_err(std::io::Error::other)?;
    Ok(GameService::new(Registry::with_all_titles(), store))
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let config = Config::from_env();
    match std::env::args().nth(1).as_deref() {
        Some("openapi") => {
            println!("{}", ludus::api::openapi_json(&service(&config)?));
            return Ok(());
        }
        Some("healthcheck") => return healthcheck(&config.bind),
        Some(other) => {
            return Err(std::io::Error::other(format!(
                "unknown command {other:?}; use no argument (serve), `openapi` or `healthcheck`"
            )));
        }
        None => {}
    }
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .init();
    let service = web::Data::new(service(&config)?);
    match &config.redis_url {
        Some(_) => tracing::info!(store = ?service.store().kind(), "storing games in Redis"),
        None => tracing::warn!(
            "no LUDUS_REDIS_URL or REDIS_URL: games are kept in memory and are NOT durable (lost on restart)"
        ),
    }
    tracing::info!(bind = %config.bind, "ludus listening; API docs at /docs/");
    let limiter = web::Data::new(ludus::api::limits::CreationLimiter::new(config.limits));
    HttpServer::new(move || {
        App::new()
            .wrap(tracing_actix_web::TracingLogger::default())
            .configure(ludus::api::routes_with(service.clone(), limiter.clone()))
    })
    .bind(&config.bind)?
    .run()
    .await
}

/// Exits successfully only when the server on `bind` answers `GET /health` with 200.
fn healthcheck(bind: &str) -> std::io::Result<()> {
    use std::io::{Read, Write};
    let port = bind.rsplit_once(':').map_or("8080", |(_, port)| port);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port.parse().unwrap_or(8080)))?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(3)))?;
    stream.write_all(b"GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n")?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    if answer.starts_with("HTTP/1.0 200") || answer.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(std::io::Error::other(format!(
            "unhealthy: {}",
            answer.lines().next().unwrap_or("")
        )))
    }
}
