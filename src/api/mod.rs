//! The HTTP layer: routes, DTOs, OpenAPI and the mapping of errors to problem documents.

mod body;
pub mod dto;
pub mod error;
mod handlers;
pub mod limits;
pub mod openapi;
mod play;
mod stream;

use actix_cors::Cors;
use actix_web::web::{self, ServiceConfig};
use utoipa_swagger_ui::SwaggerUi;

use crate::config::CorsOrigins;
use crate::service::GameService;

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Mounts every route of the service on an actix `App`, with the default limits.
pub fn routes(service: web::Data<GameService>) -> impl FnOnce(&mut ServiceConfig) {
    routes_with(
        service,
        web::Data::new(limits::CreationLimiter::new(limits::Limits::default())),
    )
}

/// Mounts every route; `limiter` is shared by all the server's workers.
pub fn routes_with(
    service: web::Data<GameService>,
    limiter: web::Data<limits::CreationLimiter>,
) -> impl FnOnce(&mut ServiceConfig) {
    move |config: &mut ServiceConfig| {
        let document = openapi::document(service.registry());
        config
            .app_data(service)
            .app_data(limiter)
            .app_data(
                web::JsonConfig::default()
                    .limit(MAX_BODY_BYTES)
                    .error_handler(error::json_error),
            )
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            // Routes are tried in order, each pattern with a parameter by a regex match: a game's moves and reads,
            // nearly all of the traffic, come first.
            .service(
                resource("/v1/games/{id}/actions", "GET, POST")
                    .route(web::get().to(handlers::legal_actions))
                    .route(web::post().to(handlers::play)),
            )
            .service(resource("/v1/games/{id}", "GET").route(web::get().to(handlers::get_game)))
            .service(resource("/v1/titles", "GET").route(web::get().to(handlers::list_titles)))
            .service(resource("/v1/titles/{id}/map", "GET").route(web::get().to(handlers::title_map)))
            .service(resource("/v1/games", "POST").route(web::post().to(handlers::create_game)))
            .service(resource("/v1/games/{id}/seats/{seat}/join", "POST").route(web::post().to(handlers::join_seat)))
            .service(resource("/v1/games/{id}/seats/{seat}/bot", "POST").route(web::post().to(handlers::seat_bot)))
            .service(resource("/v1/games/{id}/rematch", "POST").route(web::post().to(handlers::rematch)))
            .service(resource("/v1/lobby", "GET").route(web::get().to(handlers::lobby)))
            .service(resource("/v1/games/{id}/events", "GET").route(web::get().to(handlers::list_events)))
            .service(resource("/v1/games/{id}/stream", "GET").route(web::get().to(stream::stream)))
            .service(resource("/v1/games/{id}/stream-tickets", "POST").route(web::post().to(stream::issue_ticket)))
            .service(resource("/health", "GET").route(web::get().to(handlers::health)))
            .service(web::resource("/").route(web::get().to(|| async {
                actix_web::HttpResponse::Found()
                    .insert_header(("Location", "/docs/"))
                    .finish()
            })))
            .service(web::resource("/docs").route(web::get().to(|| async {
                actix_web::HttpResponse::PermanentRedirect()
                    .insert_header(("Location", "/docs/"))
                    .finish()
            })))
            .service(resource("/play", "GET").route(web::get().to(play::redirect)))
            .service(resource("/play/", "GET").route(web::get().to(play::index)))
            .service(resource("/play/{file}", "GET").route(web::get().to(play::file)))
            .service(SwaggerUi::new("/docs/{_:.*}").external_url_unchecked("/openapi.json", document))
            .default_service(web::to(handlers::not_found));
    }
}

/// The CORS middleware for pages of `origins`: it answers every preflight itself (before routing, so no 405), lets
/// pages send the headers the API reads and read the ones it sets. Credentials (cookies) are never allowed: the API
/// authenticates with bearer tokens only.
pub fn cors(origins: &CorsOrigins) -> Cors {
    let cors = Cors::default()
        .allowed_methods(["GET", "POST"])
        .allowed_headers(["Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID"])
        .expose_headers(["Location", "Idempotent-Replayed", "Retry-After"])
        .max_age(3600);
    match origins {
        CorsOrigins::Any => cors.allow_any_origin().send_wildcard(),
        CorsOrigins::Only(list) => list.iter().fold(cors, |cors, origin| cors.allowed_origin(origin)),
    }
}

/// A resource whose other methods answer 405 as a problem document, with the `Allow` header RFC 9110 requires.
fn resource(path: &str, allow: &'static str) -> actix_web::Resource {
    web::resource(path).default_service(web::to(move || handlers::method_not_allowed(allow)))
}

/// The OpenAPI document this build serves, as pretty JSON (the content of `openapi/openapi.json`).
pub fn openapi_json(service: &GameService) -> String {
    serde_json::to_string_pretty(&openapi::document(service.registry())).expect("the OpenAPI document serializes")
}

/// The span each request's logs are recorded in: method, path and request id, then the status and any error. Unlike
/// tracing-actix-web's default it does not name the matched route, which would route every request a second time.
pub struct RequestSpan;

impl tracing_actix_web::RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &actix_web::dev::ServiceRequest) -> tracing::Span {
        use actix_web::HttpMessage as _;
        let request_id = request.extensions().get::<tracing_actix_web::RequestId>().copied();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.target = %request.path(),
            request_id = request_id.map(tracing::field::display),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: actix_web::body::MessageBody>(
        span: tracing::Span,
        outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
    ) {
        tracing_actix_web::DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
