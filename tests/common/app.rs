//! The real actix app in-process, over the in-memory store, and a one-call request helper.

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::middleware::Compat;
use actix_web::{App, test, web};
use ludus::config::CorsOrigins;
use serde_json::Value;

/// What `call` returns: status, headers, and the body as JSON (`Null` when empty or not JSON).
pub type Response = (StatusCode, HeaderMap, Value);

/// The app with every real title plus the fixture, on a fresh in-memory store, behind the default CORS policy.
pub async fn app() -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    app_with_cors(CorsOrigins::default()).await
}

/// The app as `main` builds it, with pages of `origins` allowed.
pub async fn app_with_cors(
    origins: CorsOrigins,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    let service = web::Data::new(super::service(super::memory()));
    // `Compat` boxes the middleware's body type, so that callers keep the plain `ServiceResponse`.
    test::init_service(
        App::new()
            .wrap(Compat::new(ludus::api::cors(&origins)))
            .configure(ludus::api::routes(service)),
    )
    .await
}

pub async fn call(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    request: test::TestRequest,
) -> Response {
    let response = test::call_service(app, request.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = test::read_body(response).await;
    (status, headers, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// Any app `app()` builds, for helpers that take one.
pub trait TestApp: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {}

impl<T: Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>> TestApp for T {}

pub fn bearer(token: &str) -> (&'static str, String) {
    ("Authorization", format!("Bearer {token}"))
}
