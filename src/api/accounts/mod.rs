//! Accounts and their keys: creation (rate-limited per client), the account itself, key rotation and revocation.
//! `session` signs people in with a password, `passkeys` with a passkey, `games` lists an account's games, `stream` carries its notifications
//! and `webhook` delivers them.

pub mod dto;
pub mod export;
pub mod games;
pub mod passkeys;
pub mod session;
pub mod stream;
pub mod webhook;

use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, Route, web};

use super::Service;
use super::Settings;
use super::body::JsonBody;
use super::client::take_per_client;
use super::endpoint::{Endpoint, Problems, common};
use super::error::{ApiError, ErrorCode as Code};
use super::limits;
use super::request::account;
use dto::{AccountResponse, CreateAccountRequest, CreatedAccountResponse, KeyResponse, MeResponse, NewKeyResponse};

const HOUR: Duration = Duration::from_secs(3600);

/// Takes one account creation from the client's quota (`LUDUS_ACCOUNTS_PER_HOUR`): a key's or a person's alike.
pub(super) async fn take_account_quota(
    service: &Service,
    settings: &Settings,
    http: &HttpRequest,
) -> Result<Option<limits::Quota>, ApiError> {
    take_per_client(service, http, "accounts", settings.limits.accounts_per_hour, HOUR).await
}

/// The 401 of every operation on `me`.
pub(super) const KEY_NEEDED: Problems =
    Problems::new("No account key, or one unknown or revoked", &[Code::AccountKeyRequired, Code::InvalidAccountKey]);

/// Creates an account. The answer holds its first key, once: keep it, it is stored only as a hash. Account creation
/// is capped per client address (`LUDUS_ACCOUNTS_PER_HOUR`).
#[utoipa::path(post, path = "/v1/accounts", tag = "accounts", request_body = CreateAccountRequest,
    responses(
        (status = 201, description = "Created", body = CreatedAccountResponse,
            headers(("Location" = String, description = "The account's address (`/v1/accounts/me` with its key)"),
                ("RateLimit" = String, description = "What is left of this client's quota of accounts, and when it is whole again (seconds), when creation is capped"),
                ("RateLimit-Policy" = String, description = "The quota of accounts per client and its window (seconds), when creation is capped"))),
    ))]
pub async fn create_account(
    service: Service,
    settings: web::Data<Settings>,
    http: HttpRequest,
    JsonBody(request): JsonBody<CreateAccountRequest>,
) -> Result<HttpResponse, ApiError> {
    let quota = take_account_quota(&service, &settings, &http).await?;
    let (account, key) = service.accounts.create_account(&request.name, request.kind).await?;
    tracing::info!(account = %account.id, kind = ?account.kind, "account created");
    let mut answer = HttpResponse::Created();
    answer.insert_header((header::LOCATION, "/v1/accounts/me"));
    for header in quota.iter().flat_map(limits::Quota::headers) {
        answer.insert_header(header);
    }
    Ok(answer
        .insert_header(("Cache-Control", "no-store"))
        .json(CreatedAccountResponse {
            account: account.into(),
            key: key.key,
            key_id: key.info.id,
        }))
}

impl Endpoint for __path_create_account {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), an unknown kind, or a name that is not 2 to 24 \
             letters, digits, `_` or `-`",
            &[Code::MalformedRequest, Code::InvalidBody, Code::InvalidAccountName],
        ),
        Problems::new("The name is taken, in some case", &[Code::AccountNameTaken]),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new("Too many accounts created by this client this hour", &[Code::RateLimited]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(create_account)
    }
}

/// The account of the key, and its keys.
#[utoipa::path(get, path = "/v1/accounts/me", tag = "accounts", security(("account_key" = [])),
    responses((status = 200, description = "The account", body = MeResponse)))]
pub async fn me(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let keys = service.accounts.account_keys(&account.id).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(MeResponse {
            account: AccountResponse::from(account),
            keys: keys.into_iter().map(KeyResponse::from).collect(),
        }))
}

impl Endpoint for __path_me {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::get().to(me)
    }
}

/// Deletes the account, for good: its seats leave the games still on (an abort before a game started, else a
/// resignation: the game goes on with a bot or ends, as its `on_leave` says), its invitations are declined, and in
/// every one of its games, live or archived, its seats show as a deleted player's (`deleted_player`) with no name
/// nor account, in the log's earlier events too. Its name is free again; its keys are refused at once on every
/// instance; its webhook, inbox, ratings (and place on the leaderboards), quick-play seek and game lists are erased.
/// Take your data away first with `GET /v1/accounts/me/export`. Asking again finishes a deletion cut short.
#[utoipa::path(delete, path = "/v1/accounts/me", tag = "accounts", security(("account_key" = [])),
    responses((status = 204, description = "Deleted")))]
pub async fn delete_account(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let games = service.tables.erase_account(&account).await?;
    tracing::info!(account = %account.id, games, "account deleted");
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_delete_account {
    const PROBLEMS: &'static [Problems] = &[
        KEY_NEEDED,
        Problems::new("Other writers kept changing one of its games: ask again", &[Code::Contention]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(delete_account)
    }
}

/// A new key for the account, beside its others: to rotate, add one, move to it, then revoke the old one.
#[utoipa::path(post, path = "/v1/accounts/me/keys", tag = "accounts", security(("account_key" = [])),
    responses((status = 201, description = "The new key, shown once", body = NewKeyResponse)))]
pub async fn add_key(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let key = service.accounts.add_account_key(&account.id).await?;
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(NewKeyResponse {
            id: key.info.id,
            created_at_ms: key.info.created_at_ms,
            key: key.key,
        }))
}

impl Endpoint for __path_add_key {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::post().to(add_key)
    }
}

/// Revokes one of the account's keys (the one sent included): from then on it answers 401 on every instance.
#[utoipa::path(delete, path = "/v1/accounts/me/keys/{key_id}", tag = "accounts", security(("account_key" = [])),
    params(("key_id" = String, Path, description = "The key's id")),
    responses((status = 204, description = "Revoked")))]
pub async fn revoke_key(
    service: Service,
    key_id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    service.accounts.revoke_account_key(&account.id, &key_id).await?;
    tracing::info!(account = %account.id, key = %key_id, "account key revoked");
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_revoke_key {
    const PROBLEMS: &'static [Problems] = &[
        KEY_NEEDED,
        Problems::new("The account has no such key", &[Code::KeyNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(revoke_key)
    }
}
