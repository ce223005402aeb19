//! A graceful stop, as a rolling deploy or a scale-down asks for it with SIGTERM (or Ctrl-C in a terminal): the
//! instance says it is not ready, tells every live stream to reconnect elsewhere, stops accepting connections, lets
//! the requests in flight finish for up to its grace, and exits.

use std::sync::Arc;
use std::time::Duration;

use actix_web::dev::ServerHandle;

use crate::service::GameService;

/// Waits for SIGTERM or SIGINT, then drains `service` and stops `server` gracefully; the server itself force-closes
/// what is still open after its shutdown timeout (`grace`).
pub async fn on_signal(service: Arc<GameService>, server: ServerHandle, grace: Duration) {
    let signal = wait_for_signal().await;
    tracing::info!(
        signal,
        grace_ms = grace.as_millis() as u64,
        "draining: readiness 503, streams told to reconnect"
    );
    service.start_draining();
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
