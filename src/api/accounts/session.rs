//! People sign up and sign in with a name and a password; the session cookie they get then acts as their account (see
//! `request::account`) until they sign out or it expires.

use std::time::Duration;

use actix_web::cookie::{Cookie, SameSite, time};
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder, Route, web};

use super::dto::{AccountResponse, SessionsResponse, SignInRequest};
use super::take_account_quota;
use crate::api::Service;
use crate::api::Settings;
use crate::api::body::JsonBody;
use crate::api::client::client_key;
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::{ApiError, ErrorCode as Code};
use crate::api::limits::{self, Quota};
use crate::api::request::{SESSION_COOKIE, account, check_same_origin, session_token};
use crate::service::{NewSession, SESSION_TTL};

const MINUTE: Duration = Duration::from_secs(60);

/// What an operation of a signed-in account answers without its key or session.
pub(super) const KEY_OR_SESSION_NEEDED: Problems = Problems::new(
    "No account key nor session cookie, or one unknown, revoked or ended",
    &[Code::AccountKeyRequired, Code::InvalidAccountKey, Code::InvalidSession],
);

/// The browser a sign-in comes from, as its `User-Agent` says, for the account's list of sessions.
pub(super) fn user_agent(request: &HttpRequest) -> Option<&str> {
    let agent = request.headers().get(actix_web::http::header::USER_AGENT)?;
    agent.to_str().ok().filter(|agent| !agent.is_empty())
}

/// The cookie of a session: out of scripts' reach, sent by the browser on the service's own pages and on links to it
/// from elsewhere but not with other sites' writes, and over TLS only when the request came over it (directly, or
/// as a proxy in front says with `X-Forwarded-Proto` or `Forwarded`).
fn session_cookie<'a>(request: &HttpRequest, token: String, lifetime: time::Duration) -> Cookie<'a> {
    Cookie::build(SESSION_COOKIE, token)
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .max_age(lifetime)
        .secure(request.connection_info().scheme() == "https")
        .finish()
}

/// Takes one try of the client's sign-ins (`LUDUS_SIGN_INS_PER_CLIENT_PER_MINUTE`): a password's, or a passkey's
/// challenge.
pub(super) async fn take_client_sign_in(
    service: &Service,
    settings: &Settings,
    http: &HttpRequest,
) -> Result<Option<Quota>, ApiError> {
    let per_minute = settings.limits.sign_ins_per_client_per_minute;
    limits::take(service, "sign_ins_of_client", "sign-ins from one client", &client_key(http), per_minute, MINUTE).await
}

/// The answer of a sign-up or sign-in: the account, and the cookie of its new session.
pub(super) fn signed_in(
    mut answer: HttpResponseBuilder,
    request: &HttpRequest,
    session: NewSession,
    quotas: &[Option<Quota>],
) -> HttpResponse {
    let lifetime = time::Duration::seconds(SESSION_TTL.as_secs() as i64);
    answer.cookie(session_cookie(request, session.token, lifetime));
    for header in quotas.iter().flatten().flat_map(Quota::headers) {
        answer.insert_header(header);
    }
    answer
        .insert_header(("Cache-Control", "no-store"))
        .json(AccountResponse::from(session.account))
}

/// Creates a person's account with a name and a password, and signs it in: the answer sets the session cookie
/// `ludus_session`. The account has no key (add one with `POST /v1/accounts/me/keys` if a program is to act for
/// it); the password is kept only as an argon2id hash. Counted with `POST /v1/accounts` against the client's
/// accounts per hour (`LUDUS_ACCOUNTS_PER_HOUR`).
#[utoipa::path(post, path = "/v1/accounts/sign-up", tag = "accounts", request_body = SignInRequest,
    responses(
        (status = 201, description = "Created and signed in", body = AccountResponse,
            headers(("Set-Cookie" = String, description = "`ludus_session=<token>; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000`, `Secure` over TLS"),
                ("RateLimit" = String, description = "What is left of this client's quota of accounts, and when it is whole again (seconds), when creation is capped"),
                ("RateLimit-Policy" = String, description = "The quota of accounts per client and its window (seconds), when creation is capped"))),
    ))]
pub async fn sign_up(
    service: Service,
    settings: web::Data<Settings>,
    http: HttpRequest,
    JsonBody(request): JsonBody<SignInRequest>,
) -> Result<HttpResponse, ApiError> {
    let quota = take_account_quota(&service, &settings, &http).await?;
    let session = service
        .accounts
        .sign_up(&request.name, &request.password, user_agent(&http))
        .await?;
    tracing::info!(account = %session.account.id, "account signed up");
    Ok(signed_in(HttpResponse::Created(), &http, session, &[quota]))
}

impl Endpoint for __path_sign_up {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, a key twice in one object (`invalid_body`), a name that is not 2 to 24 letters, digits, \
             `_` or `-`, or a password that is not 8 to 128 characters",
            &[
                Code::MalformedRequest,
                Code::InvalidBody,
                Code::InvalidAccountName,
                Code::InvalidPassword,
            ],
        ),
        Problems::new("The name is taken, in some case", &[Code::AccountNameTaken]),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new("Too many accounts created by this client this hour", &[Code::RateLimited]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(sign_up)
    }
}

/// Signs a person in with the account's name (in any case) and password: the answer sets the session cookie
/// `ludus_session`, which then acts as the account for 30 days. An unknown name, a wrong password and an account
/// without a password (one used with keys) get one same answer. Tries are capped per name
/// (`LUDUS_SIGN_INS_PER_NAME_PER_MINUTE`) and per client (`LUDUS_SIGN_INS_PER_CLIENT_PER_MINUTE`).
#[utoipa::path(post, path = "/v1/sessions", tag = "accounts", request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in", body = AccountResponse,
            headers(("Set-Cookie" = String, description = "`ludus_session=<token>; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000`, `Secure` over TLS"),
                ("RateLimit" = String, description = "What is left of the quota of sign-ins of this name, and when it is whole again (seconds), when sign-ins are capped"),
                ("RateLimit-Policy" = String, description = "The quotas of sign-ins per name and per client and their window (seconds), when sign-ins are capped"))),
    ))]
pub async fn sign_in(
    service: Service,
    settings: web::Data<Settings>,
    http: HttpRequest,
    JsonBody(request): JsonBody<SignInRequest>,
) -> Result<HttpResponse, ApiError> {
    let limits = &settings.limits;
    let per_client = take_client_sign_in(&service, &settings, &http).await?;
    // Counted under the hash of the name, the way the store finds it (any case): the key stays short whatever the
    // body holds.
    let name = crate::service::hash_token(&request.name.to_lowercase());
    let per_name = limits::take(
        &service,
        "sign_ins_of_name",
        "sign-ins with one name",
        &name,
        limits.sign_ins_per_name_per_minute,
        MINUTE,
    )
    .await?;
    let session = service
        .accounts
        .sign_in(&request.name, &request.password, user_agent(&http))
        .await?;
    tracing::info!(account = %session.account.id, "signed in");
    Ok(signed_in(HttpResponse::Ok(), &http, session, &[per_client, per_name]))
}

impl Endpoint for __path_sign_in {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Malformed body, or a key twice in one object (`invalid_body`)",
            &[Code::MalformedRequest, Code::InvalidBody],
        ),
        Problems::new(
            "The name or the password is wrong (one answer for both, and for an account without a password)",
            &[Code::InvalidCredentials],
        ),
        common::BODY_TOO_LARGE,
        common::BODY_NOT_JSON,
        Problems::new("Too many sign-ins with this name, or from this client, this minute", &[Code::RateLimited]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::post().to(sign_in)
    }
}

/// Signs out: the session of the cookie ends at once on every instance, and the answer clears the cookie. Without a
/// session cookie, or with one already ended, it only clears the cookie. Like every write with the cookie, it must
/// come from the service's own pages.
#[utoipa::path(delete, path = "/v1/sessions/current", tag = "accounts", security((), ("session_cookie" = [])),
    responses((status = 204, description = "Signed out",
        headers(("Set-Cookie" = String, description = "`ludus_session=; Max-Age=0`: the cookie is cleared")))))]
pub async fn sign_out(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    if let Some(token) = session_token(&request) {
        check_same_origin(&request)?;
        service.accounts.sign_out(&token).await?;
    }
    Ok(HttpResponse::NoContent()
        .cookie(session_cookie(&request, String::new(), time::Duration::ZERO))
        .finish())
}

impl Endpoint for __path_sign_out {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new("The request comes from another site's page", &[Code::CrossOriginRequest]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(sign_out)
    }
}

/// The account's sessions, oldest first: when each began and in which browser, and which is this request's. With the
/// account's key or a session cookie.
#[utoipa::path(get, path = "/v1/sessions", tag = "accounts", security(("account_key" = [])),
    responses((status = 200, description = "The account's sessions", body = SessionsResponse)))]
pub async fn list_sessions(service: Service, request: HttpRequest) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    let token = session_token(&request);
    let sessions = service.accounts.sessions(&account.id, token.as_deref()).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(SessionsResponse {
            sessions: sessions.into_iter().map(Into::into).collect(),
        }))
}

impl Endpoint for __path_list_sessions {
    const PROBLEMS: &'static [Problems] = &[KEY_OR_SESSION_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::get().to(list_sessions)
    }
}

/// Ends one of the account's sessions (a lost phone's, say) at once on every instance; the browser holding it is
/// signed out at its next request. With the account's key or a session cookie (then from the service's own pages).
#[utoipa::path(delete, path = "/v1/sessions/{session_id}", tag = "accounts",
    security(("account_key" = [])),
    params(("session_id" = String, Path, description = "The session's id, from `GET /v1/sessions`")),
    responses((status = 204, description = "Ended")))]
pub async fn revoke_session(
    service: Service,
    session_id: web::Path<String>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    service.accounts.revoke_session(&account.id, &session_id).await?;
    tracing::info!(account = %account.id, session = %session_id, "session revoked");
    Ok(HttpResponse::NoContent().finish())
}

impl Endpoint for __path_revoke_session {
    const PROBLEMS: &'static [Problems] = &[
        KEY_OR_SESSION_NEEDED,
        Problems::new("The request comes from another site's page", &[Code::CrossOriginRequest]),
        Problems::new("The account has no such session", &[Code::SessionNotFound]),
        common::STORE_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::delete().to(revoke_session)
    }
}
