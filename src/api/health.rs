//! The service's own state, for operators.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, Route, web};

use super::Service;
use super::dto::HealthResponse;
use super::endpoint::{Endpoint, Problems};

/// Liveness and the store in use.
#[utoipa::path(get, path = "/health", tag = "service",
    responses(
        (status = 200, description = "Serving", body = HealthResponse),
        (status = 503, description = "The store does not answer", body = HealthResponse),
    ))]
pub async fn health(service: Service) -> HttpResponse {
    let store = service.store();
    let reachable = store.ping().await.is_ok();
    let persistence = match reachable {
        true => store.persistence().await.ok().flatten(),
        false => None,
    };
    let body = HealthResponse {
        status: if reachable { "ok" } else { "unavailable" },
        store: store.kind(),
        durable: persistence.as_ref().is_some_and(|p| p.survives_host_crash()),
        persistence,
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
