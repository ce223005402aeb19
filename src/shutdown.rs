//! A graceful stop, as a rolling deploy or a scale-down asks for it with SIGTERM (or Ctrl-C in a terminal): the
//! instance says it is not ready and tells every live stream to reconnect elsewhere, goes on serving for a third of
//! its grace (at most 5 s: long enough for a load balancer to see it unready and send new requests elsewhere), then
//! stops accepting connections, lets the requests in flight finish for the rest of its grace, and exits.

use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::ServerHandle;

use crate::service::GameService;

/// How long a draining instance goes on serving before it stops accepting connections.
pub fn unready_for(grace: Duration) -> Duration {
    (grace / 3).min(Duration::from_secs(5))
}

/// The server's shutdown timeout, in whole seconds as actix takes it: what is left of the grace once the instance
/// stopped accepting (the server force-closes what is still open after it).
pub fn stop_timeout_secs(grace: Duration) -> u64 {
    grace.saturating_sub(unready_for(grace)).as_secs().max(1)
}

/// Waits for SIGTERM or SIGINT, then drains `service` and stops `server` gracefully.
pub async fn on_signal(service: Arc<GameService>, server: ServerHandle, grace: Duration) {
    let signal = wait_for_signal().await;
    tracing::info!(signal, grace_ms = grace.as_millis() as u64, "draining: readiness 503, streams told to reconnect");
    service.start_draining();
    tokio::time::sleep(unready_for(grace)).await;
    tracing::info!("no longer accepting connections; finishing the requests in flight");
    server.stop(true).await;
    tracing::info!("stopped");
}

async fn wait_for_signal() -> &'static str {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut terminate), Ok(mut interrupt)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt()))
    else {
        tracing::error!("cannot listen for SIGTERM: the instance will not drain before it stops");
        return std::future::pending().await;
    };
    tokio::select! {
        _ = terminate.recv() => "SIGTERM",
        _ = interrupt.recv() => "SIGINT",
    }
}
