//! Reading what a request carries besides its body: credentials, an idempotency key, a page size.

use actix_web::http::{Method, header};
use actix_web::{HttpRequest, web};

use serde::Deserialize;

use super::dto::LangQuery;
use super::error::{ApiError, ErrorCode};
use crate::engine::{Lang, Seat, Viewer};
use crate::service::{
    Account, Caller, GameId, GameService, IdempotencyKey, InvalidIdempotencyKey, LoadedGame, ServiceError,
    is_account_key,
};
use crate::store::HeadTag;

const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// The header by which an account that holds several seats of a game names the one it acts for.
pub const SEAT_HEADER: &str = "X-Ludus-Seat";
/// The header by which a client presents the latest position it was told of (an `ETag` of ours): a request is
/// refused with `history_rewritten` when the log no longer holds it.
pub const KNOWN_HEAD_HEADER: &str = "X-Ludus-Known-Head";
/// The cookie that carries a person's session token; it acts as the account wherever an account key does.
pub const SESSION_COOKIE: &str = "ludus_session";

/// The bearer token, if any. A malformed `Authorization` header is an error, not a spectator.
pub(super) fn bearer(request: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let Some(value) = request.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let invalid = || ApiError::new(ErrorCode::InvalidToken, "expected `Authorization: Bearer <token>`");
    let text = value.to_str().map_err(|_| invalid())?;
    let (scheme, token) = text.split_once(' ').ok_or_else(invalid)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(invalid());
    }
    Ok(Some(token.trim()))
}

/// The language to tell events and actions in: `?lang=`, else the one of ours `Accept-Language` prefers; `None` (no
/// words: answers as small as without) when neither asks for one.
pub(super) fn lang(request: &HttpRequest) -> Result<Option<Lang>, ApiError> {
    let asked = web::Query::<LangQuery>::from_query(request.query_string()).map_err(|_| {
        let codes: Vec<String> = Lang::ALL.iter().map(|lang| format!("`{}`", lang.code())).collect();
        ApiError::new(ErrorCode::InvalidQuery, format!("lang must be one of {}", codes.join(", ")))
    })?;
    if let Some(lang) = asked.into_inner().lang {
        return Ok(Some(lang));
    }
    Ok(request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .and_then(Lang::negotiate))
}

#[derive(Deserialize)]
struct SeatQuery {
    seat: Option<String>,
}

/// The seat a request names for its account: `X-Ludus-Seat`, else `?seat=`.
fn named_seat(request: &HttpRequest) -> Option<String> {
    let header = request.headers().get(SEAT_HEADER).and_then(|value| value.to_str().ok());
    header.map(str::to_owned).or_else(|| {
        web::Query::<SeatQuery>::from_query(request.query_string())
            .ok()
            .and_then(|query| query.into_inner().seat)
    })
}

/// Who the request's credential stands for, if it has one: an account key is checked in the store now (so that a
/// revoked key is refused at once), a seat token later, against its game; without a bearer credential, the session
/// cookie (one unknown or ended counts as none: the caller is a spectator).
pub(super) async fn caller(service: &GameService, request: &HttpRequest) -> Result<Option<Caller>, ApiError> {
    caller_of(service, request, false).await
}

/// `caller`, where a credential is needed: an unknown or ended session is refused.
pub(super) async fn required_caller(service: &GameService, request: &HttpRequest) -> Result<Caller, ApiError> {
    caller_of(service, request, true)
        .await?
        .ok_or_else(|| ServiceError::MissingToken.into())
}

async fn caller_of(service: &GameService, request: &HttpRequest, required: bool) -> Result<Option<Caller>, ApiError> {
    if let Some(token) = bearer(request)?.filter(|bearer| !is_account_key(bearer)) {
        return Ok(Some(Caller::Token(token.to_owned())));
    }
    Ok(account_of(service, request, required)
        .await?
        .map(|account| Caller::Account {
            id: account.id,
            seat: named_seat(request),
        }))
}

/// The account of the request's account key, or without a bearer credential of its session cookie, if it comes with
/// one (a seat token is not an account's; a session unknown or ended counts as none unless `required`).
async fn account_of(service: &GameService, request: &HttpRequest, required: bool) -> Result<Option<Account>, ApiError> {
    match bearer(request)? {
        Some(key) if is_account_key(key) => Ok(Some(service.accounts.authenticate(key).await?)),
        Some(_) => Ok(None),
        None => session_account(service, request, required).await,
    }
}

/// `account_of` where an account is optional.
pub(super) async fn optional_account(
    service: &GameService,
    request: &HttpRequest,
) -> Result<Option<Account>, ApiError> {
    account_of(service, request, false).await
}

/// The account of the request's account key, or without a bearer credential of its session cookie; a seat token,
/// or no credential, is refused.
pub(super) async fn account(service: &GameService, request: &HttpRequest) -> Result<Account, ApiError> {
    account_of(service, request, true)
        .await?
        .ok_or_else(|| ServiceError::AccountKeyRequired.into())
}

/// The session token of the request's cookie, if it has one.
pub(super) fn session_token(request: &HttpRequest) -> Option<String> {
    request
        .cookie(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .filter(|token| !token.is_empty())
}

/// The account of the request's session cookie: `None` without one, and with one unknown or ended unless
/// `required`. A browser sends the cookie with any site's requests, so a write it authenticates must come from the
/// service's own pages (see `same_origin`).
async fn session_account(
    service: &GameService,
    request: &HttpRequest,
    required: bool,
) -> Result<Option<Account>, ApiError> {
    let Some(token) = session_token(request) else {
        return Ok(None);
    };
    let account = match service.accounts.session_account(&token).await {
        Err(ServiceError::InvalidSession) if !required => return Ok(None),
        found => found?,
    };
    check_same_origin(request)?;
    Ok(Some(account))
}

/// Refuses a write that a session cookie authenticates unless it comes from the service's own pages.
pub(super) fn check_same_origin(request: &HttpRequest) -> Result<(), ApiError> {
    if !same_origin(request) {
        return Err(ApiError::new(ErrorCode::CrossOriginRequest, ErrorCode::CrossOriginRequest.example_detail()));
    }
    Ok(())
}

/// Whether the request may act with its session cookie: a read, or a write whose `Origin` is the service's own
/// (the scheme and host it was asked at) or, from a browser that sends no `Origin`, `Sec-Fetch-Site: same-origin`.
/// Browsers set both headers themselves: a page of another site cannot forge them.
fn same_origin(request: &HttpRequest) -> bool {
    if matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    let headers = request.headers();
    match headers.get(header::ORIGIN) {
        Some(origin) => {
            let info = request.connection_info();
            let own = format!("{}://{}", info.scheme(), info.host());
            origin.to_str().is_ok_and(|origin| origin.eq_ignore_ascii_case(&own))
        }
        None => headers
            .get("sec-fetch-site")
            .is_some_and(|site| site.as_bytes().eq_ignore_ascii_case(b"same-origin")),
    }
}

pub(super) fn idempotency_key(request: &HttpRequest) -> Result<Option<IdempotencyKey>, ApiError> {
    let Some(value) = request.headers().get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    // A value that is not even text is no key either, and is refused alike.
    let bad = |error: InvalidIdempotencyKey| ApiError::new(ErrorCode::InvalidIdempotencyKey, error.to_string());
    let text = value.to_str().map_err(|_| bad(InvalidIdempotencyKey))?;
    IdempotencyKey::parse(text).map(Some).map_err(bad)
}

/// The position the client presents with `X-Ludus-Known-Head`, if any.
pub(super) fn known_head(request: &HttpRequest) -> Result<Option<HeadTag>, ApiError> {
    // An empty value is a client that holds no position yet (a template filled with nothing), as good as none.
    let Some(value) = request
        .headers()
        .get(KNOWN_HEAD_HEADER)
        .filter(|value| !value.is_empty())
    else {
        return Ok(None);
    };
    value
        .to_str()
        .ok()
        .and_then(|text| text.parse().ok())
        .map(Some)
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidKnownHead, ErrorCode::InvalidKnownHead.example_detail()))
}

/// A page size from a query: `default` when absent, refused beyond 1..=`max`.
pub(super) fn page_limit(limit: Option<u64>, default: u64, max: u64) -> Result<u64, ApiError> {
    match limit {
        None => Ok(default),
        Some(limit) if (1..=max).contains(&limit) => Ok(limit),
        Some(_) => Err(ApiError::new(ErrorCode::InvalidQuery, format!("limit must be 1 to {max}"))),
    }
}

/// The game `id` at its latest version and the seat the request's credential holds in it, noted as seen.
pub(super) async fn seated(
    service: &GameService,
    id: &str,
    request: &HttpRequest,
) -> Result<(LoadedGame, Seat), ApiError> {
    let caller = required_caller(service, request).await?;
    let game = service.games.load(&GameId::parse(id)?).await?;
    let seat = game.seat_for(&caller)?;
    service.watcher().note_seen(id, game.seat_name(seat));
    Ok((game, seat))
}

/// The viewer `caller` stands for in `game`; a seat is noted as seen (without waiting for the store).
pub(super) fn viewer_of(service: &GameService, game: &LoadedGame, caller: Option<&Caller>) -> Result<Viewer, ApiError> {
    let viewer = game.viewer_for(caller)?;
    if let Viewer::Seat(seat) = viewer {
        service.watcher().note_seen(&game.meta.id, game.seat_name(seat));
    }
    Ok(viewer)
}
