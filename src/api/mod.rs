//! The HTTP layer: routes, DTOs, OpenAPI and the mapping of errors to problem documents.

pub mod accounts;
mod answer;
mod body;
mod chat;
mod client;
pub mod dto;
mod endpoint;
pub mod error;
mod events;
mod games;
mod health;
pub mod limits;
mod lobby;
mod matchmaking;
mod moves;
pub mod openapi;
mod play;
mod ratings;
pub(crate) mod request;
pub mod request_id;
pub mod server;
mod stream;
mod titles;

use std::sync::Arc;

use actix_cors::Cors;
use actix_web::web::{self, ServiceConfig};
use utoipa_swagger_ui::SwaggerUi;

use crate::config::values::CorsOrigins;
use crate::service::GameService;
use endpoint::Mounted;

type Service = web::Data<GameService>;

/// Largest accepted request body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// What the HTTP layer is told by the settings besides the service.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Whether `GET /metrics` is served (`LUDUS_METRICS`).
    pub metrics: bool,
    /// Peers whose `Forwarded` / `X-Forwarded-For` headers name the client (`LUDUS_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Caps per client and per seat.
    pub limits: limits::Limits,
    /// Not a setting: the live streams' feeds of this instance, which every worker shares as it shares the settings.
    pub feeds: Arc<stream::Feeds>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            metrics: true,
            trusted_proxies: Vec::new(),
            limits: limits::Limits::default(),
            feeds: Arc::default(),
        }
    }
}

impl From<&crate::config::Config> for Settings {
    fn from(config: &crate::config::Config) -> Self {
        Self {
            metrics: config.metrics,
            trusted_proxies: config.trusted_proxies.clone(),
            limits: config.limits,
            feeds: Arc::default(),
        }
    }
}

/// Mounts every route of the service on an actix `App`, with the default settings.
pub fn routes(service: web::Data<GameService>) -> impl FnOnce(&mut ServiceConfig) {
    routes_with(service, web::Data::new(Settings::default()))
}

/// Mounts every route; `settings` are shared by all the server's workers.
pub fn routes_with(service: web::Data<GameService>, settings: web::Data<Settings>) -> impl FnOnce(&mut ServiceConfig) {
    move |config: &mut ServiceConfig| {
        let document = openapi::document(service.registry());
        config
            .app_data(service)
            .app_data(settings)
            .app_data(
                web::JsonConfig::default()
                    .limit(MAX_BODY_BYTES)
                    .error_handler(error::json_error),
            )
            .app_data(web::QueryConfig::default().error_handler(error::query_error))
            .app_data(web::PathConfig::default().error_handler(error::path_error))
            .configure(|config| {
                for resource in endpoint::resources(&endpoints()) {
                    config.service(resource);
                }
            })
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
            .service(web_page("/play", play::redirect))
            .service(web_page("/play/", play::index))
            .service(web_page("/play/{file}", play::file))
            .service(SwaggerUi::new("/docs/{_:.*}").external_url_unchecked("/openapi.json", document))
            .default_service(web::to(endpoint::not_found));
    }
}

/// The CORS middleware for pages of `origins`: it answers every preflight itself (before routing, so no 405), lets
/// pages send the headers the API reads and read the ones it sets. Credentials (cookies) are never allowed: other
/// sites' pages authenticate with bearer tokens; the session cookie is for the service's own pages.
pub fn cors(origins: &CorsOrigins) -> Cors {
    let cors = Cors::default()
        .allowed_methods(["GET", "POST", "PUT", "DELETE"])
        .allowed_headers([
            "Authorization",
            "Content-Type",
            "Idempotency-Key",
            "Last-Event-ID",
            "Prefer",
            request::SEAT_HEADER,
            request::KNOWN_HEAD_HEADER,
        ])
        .expose_headers(["Location", "Idempotent-Replayed", "Retry-After", "ETag"])
        .max_age(3600);
    match origins {
        CorsOrigins::Any => cors.allow_any_origin().send_wildcard(),
        CorsOrigins::Only(list) => list.iter().fold(cors, |cors, origin| cors.allowed_origin(origin)),
    }
}

/// Every operation of the API, each declared beside its handler, in routing order: routes are tried in order, each
/// pattern with a parameter by a regex match, so a game's moves and reads, nearly all of the traffic, come first.
fn endpoints() -> Vec<Mounted> {
    vec![
        Mounted::of::<moves::__path_legal_actions>(),
        Mounted::of::<moves::__path_play>(),
        Mounted::of::<games::__path_get_game>(),
        Mounted::of::<titles::__path_list_titles>(),
        Mounted::of::<titles::__path_title_map>(),
        Mounted::of::<ratings::__path_leaderboard>(),
        Mounted::of::<games::__path_create_game>(),
        Mounted::of::<lobby::__path_join_seat>(),
        Mounted::of::<lobby::__path_seat_bot>(),
        Mounted::of::<lobby::__path_rematch>(),
        Mounted::of::<lobby::__path_decline_seat>(),
        Mounted::of::<lobby::__path_bind_seat>(),
        Mounted::of::<lobby::__path_lobby>(),
        Mounted::of::<matchmaking::__path_seek>(),
        Mounted::of::<matchmaking::__path_cancel_seek>(),
        Mounted::of::<events::__path_list_events>(),
        Mounted::of::<stream::__path_stream>(),
        Mounted::of::<stream::__path_issue_ticket>(),
        Mounted::of::<chat::__path_post_chat>(),
        Mounted::of::<chat::__path_list_chat>(),
        Mounted::of::<accounts::__path_create_account>(),
        Mounted::of::<accounts::session::__path_sign_up>(),
        Mounted::of::<accounts::session::__path_sign_in>(),
        Mounted::of::<accounts::session::__path_sign_out>(),
        // Before `/v1/sessions/{session_id}` and `/v1/accounts/me/passkeys/{passkey_id}`, which would take their paths.
        Mounted::of::<accounts::passkeys::__path_sign_in_challenge>(),
        Mounted::of::<accounts::passkeys::__path_passkey_sign_in>(),
        Mounted::of::<accounts::passkeys::__path_registration_challenge>(),
        Mounted::of::<accounts::passkeys::__path_add_passkey>(),
        Mounted::of::<accounts::passkeys::__path_list_passkeys>(),
        Mounted::of::<accounts::passkeys::__path_remove_passkey>(),
        Mounted::of::<accounts::session::__path_list_sessions>(),
        Mounted::of::<accounts::session::__path_revoke_session>(),
        Mounted::of::<accounts::__path_me>(),
        Mounted::of::<accounts::__path_delete_account>(),
        Mounted::of::<ratings::__path_account_profile>(),
        Mounted::of::<accounts::__path_add_key>(),
        Mounted::of::<accounts::__path_revoke_key>(),
        Mounted::of::<accounts::games::__path_my_games>(),
        Mounted::of::<accounts::export::__path_export>(),
        Mounted::of::<accounts::stream::__path_account_stream>(),
        Mounted::of::<accounts::stream::__path_issue_stream_ticket>(),
        Mounted::of::<accounts::webhook::__path_set_webhook>(),
        Mounted::of::<accounts::webhook::__path_webhook>(),
        Mounted::of::<accounts::webhook::__path_remove_webhook>(),
        Mounted::of::<accounts::webhook::__path_deliveries>(),
        Mounted::of::<health::__path_health>(),
        Mounted::of::<health::__path_livez>(),
        Mounted::of::<health::__path_readyz>(),
        Mounted::of::<health::__path_metrics>(),
    ]
}

/// A page of the web client: not part of the JSON API, but its other methods answer 405 as the API's do.
fn web_page<F, Args>(path: &str, handler: F) -> impl actix_web::dev::HttpServiceFactory
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    endpoint::resource(path, vec![web::get().to(handler)], "GET")
}

/// The OpenAPI document this build serves, as pretty JSON (the content of `openapi/openapi.json`).
pub fn openapi_json(service: &GameService) -> String {
    serde_json::to_string_pretty(&openapi::document(service.registry())).expect("the OpenAPI document serializes")
}
