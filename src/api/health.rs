//! The service's own state, for operators: its health, the probes a load balancer or Kubernetes asks, and its
//! metrics.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::Settings;
use super::dto::{HealthResponse, ProbeResponse};
use super::endpoint::{self, Endpoint, Problems};
use crate::telemetry;

/// Liveness and the store in use.
#[utoipa::path(get, path = "/health", tag = "service",
    responses(
        (status = 200, description = "Serving", body = HealthResponse),
        (status = 503, description = "The store does not answer", body = HealthResponse),
    ))]
pub async fn health(service: Service) -> HttpResponse {
    let store = service.store_health().await;
    let reachable = store.reachable;
    let body = HealthResponse {
        status: if reachable { "ok" } else { "unavailable" },
        store: store.kind,
        durable: store.persistence.as_ref().is_some_and(|p| p.survives_host_crash()),
        persistence: store.persistence,
        replication: store.replication,
        streams: service.watcher().open_streams(),
    };
    let status = if reachable {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    HttpResponse::build(status).json(body)
}

impl Endpoint for __path_health {
    const PROBLEMS: &'static [Problems] = &[];

    fn route() -> Route {
        web::get().to(health)
    }
}

/// Liveness: the process answers. Nothing else is checked, so that a store outage never restarts every instance at
/// once; use `/readyz` to route traffic.
#[utoipa::path(get, path = "/livez", tag = "service",
    responses((status = 200, description = "The process answers", body = ProbeResponse)))]
pub async fn livez() -> HttpResponse {
    HttpResponse::Ok().json(ProbeResponse::new("ok"))
}

impl Endpoint for __path_livez {
    const PROBLEMS: &'static [Problems] = &[];

    fn route() -> Route {
        web::get().to(livez)
    }
}

/// Readiness: the store answers and the instance is not draining (it turns 503 as soon as a SIGTERM arrives, while
/// the moves in flight finish). On Redis it also tells the replicas seen and their lag, without turning 503 for
/// them: every instance would leave the load balancer at once over the store's state.
#[utoipa::path(get, path = "/readyz", tag = "service",
    responses(
        (status = 200, description = "Ready for traffic", body = ProbeResponse),
        (status = 503, description = "Draining before exit (`draining`), or the store does not answer \
            (`store_unavailable`)", body = ProbeResponse),
    ))]
pub async fn readyz(service: Service) -> HttpResponse {
    let status = if service.is_draining() {
        "draining"
    } else if let Ok(replication) = service.store_ready().await {
        return HttpResponse::Ok().json(ProbeResponse {
            replicas_seen: replication.as_ref().map(|status| status.replicas_seen),
            max_lag_seconds: replication.as_ref().map(|status| status.max_lag_seconds),
            ..ProbeResponse::new("ready")
        });
    } else {
        "store_unavailable"
    };
    HttpResponse::ServiceUnavailable().json(ProbeResponse::new(status))
}

impl Endpoint for __path_readyz {
    const PROBLEMS: &'static [Problems] = &[];

    fn route() -> Route {
        web::get().to(readyz)
    }
}

/// The instance's metrics in the Prometheus text format: requests by route, moves by title, rule refusals, races,
/// store calls and their latency, cache hits and rebuilds, snapshots, open streams, sweep lag, bots' thinking.
#[utoipa::path(get, path = "/metrics", tag = "service",
    responses((status = 200, description = "Prometheus text exposition format (version 0.0.4)",
        content_type = "text/plain", body = String)))]
pub async fn metrics(service: Service, settings: web::Data<Settings>, request: HttpRequest) -> HttpResponse {
    if !settings.metrics {
        return endpoint::not_found(request).await;
    }
    metrics::gauge!(telemetry::OPEN_STREAMS).set(service.watcher().open_streams() as f64);
    metrics::gauge!(telemetry::DRAINING).set(if service.is_draining() { 1.0 } else { 0.0 });
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(telemetry::metrics().render())
}

impl Endpoint for __path_metrics {
    const PROBLEMS: &'static [Problems] = &[];

    fn route() -> Route {
        web::get().to(metrics)
    }
}
