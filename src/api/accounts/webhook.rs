//! The account's webhook: set it (the signing secret is shown once), read it, remove it, and its recent deliveries.

use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::KEY_NEEDED;
use crate::api::Service;
use crate::api::body::JsonBody;
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::{ApiError, ErrorCode as Code};
use crate::api::request::account;
use crate::service::{Delivery, WebhookState};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"url": "https://bots.example/ludus"}))]
pub struct WebhookRequest {
    /// An `https://` URL on a public address; the account's notifications are POSTed there. At most 2,048
    /// characters (also once encoded: the host in punycode, the rest percent-encoded), with a host name of labels of
    /// 1 to 63 characters and at most 253 in all.
    #[schema(min_length = 1, max_length = 2048)]
    pub url: String,
}

/// A webhook just set, with its signing secret, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookSet {
    #[serde(flatten)]
    pub webhook: WebhookState,
    /// Verify each delivery's `Ludus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with it.
    #[schema(example = "whsec_5c0b3f1e9a7d2c4e6f8a0b1c3d5e7f9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e")]
    pub secret: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveriesResponse {
    /// The latest attempts, newest first (at most 50).
    pub deliveries: Vec<Delivery>,
}

/// Sets the account's webhook (replacing any other, which also clears a disabled one): from the next notification on,
/// each is POSTed as JSON (the `Notification` with its `id`, also sent as `Ludus-Event-Id` for deduplication), signed
/// as Stripe does with the secret in this answer, at least once and in order; a failed delivery is tried again with
/// growing waits for about a day, then the webhook is disabled and the account's stream says so
/// (`webhook_disabled`). Only `https://` URLs on public addresses; 5 s per attempt; redirects are not followed.
#[utoipa::path(put, path = "/v1/accounts/me/webhook", tag = "accounts", request_body = WebhookRequest,
    security(("account_key" = [])),
    responses((status = 200, description = "Set: the secret is shown only now", body = WebhookSet)))]
pub async fn set_webhook(
    service: Service,
    request: HttpRequest,
    JsonBody(body): JsonBody<WebhookRequest>,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let (webhook, secret) = service.notifier.set_webhook(&account.id, &body.url).await?;
    tracing::info!(account = %account.id, url = %webhook.url, "webhook set");
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(WebhookSet { webhook, secret }))
}

impl Endpoint for __path_set_webhook {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), or a URL that is not https:// on a public \
             address (`invalid_webhook_url`)",
            &[Code::MalformedRequest, Code::InvalidBody, Code::InvalidWebhookUrl],
        ),
        KEY_NEEDED,
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::put().to(set_webhook)
    }
}

/// The account's webhook: its URL, the failures in a row, whether it is disabled.
#[utoipa::path(get, path = "/v1/accounts/me/webhook", tag = "accounts", security(("account_key" = [])),
    responses((status = 200, description = "The webhook", body = WebhookState)))]
pub async fn webhook(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    Ok(HttpResponse::Ok().json(service.notifier.webhook(&account.id).await?))
}

impl Endpoint for __path_webhook {
    const PROBLEMS: &'static [Problems] = &[
        KEY_NEEDED,
        Problems::new("The account has no webhook", &[Code::WebhookNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(webhook)
    }
}

/// Removes the account's webhook: nothing more is delivered.
#[utoipa::path(delete, path = "/v1/accounts/me/webhook", tag = "accounts", security(("account_key" = [])),
    responses((status = 204, description = "Removed (or there was none)")))]
pub async fn remove_webhook(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    service.notifier.remove_webhook(&account.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_remove_webhook {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::delete().to(remove_webhook)
    }
}

/// The latest delivery attempts, newest first, with the receiver's status codes.
#[utoipa::path(get, path = "/v1/accounts/me/webhook/deliveries", tag = "accounts", security(("account_key" = [])),
    responses((status = 200, description = "Recent attempts", body = DeliveriesResponse)))]
pub async fn deliveries(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let deliveries = service.notifier.webhook_deliveries(&account.id).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(DeliveriesResponse { deliveries }))
}

impl Endpoint for __path_deliveries {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::get().to(deliveries)
    }
}
