//! Reading what a request carries besides its body: credentials, an idempotency key, a page size.

use actix_web::HttpRequest;
use actix_web::http::header;

use super::error::{ApiError, ErrorCode};
use crate::engine::Seat;
use crate::service::{GameService, LoadedGame, ServiceError};

const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
const MAX_IDEMPOTENCY_KEY_LEN: usize = 255;

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

pub(super) fn required_bearer(request: &HttpRequest) -> Result<&str, ApiError> {
    bearer(request)?.ok_or_else(|| ServiceError::MissingToken.into())
}

pub(super) fn idempotency_key(request: &HttpRequest) -> Result<Option<&str>, ApiError> {
    let Some(value) = request.headers().get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::new(
            ErrorCode::InvalidIdempotencyKey,
            format!("Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY_LEN} visible ASCII characters"),
        )
    };
    let key = value.to_str().map_err(|_| bad())?;
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(key))
}

/// A page size from a query: `default` when absent, refused beyond 1..=`max`.
pub(super) fn page_limit(limit: Option<u64>, default: u64, max: u64) -> Result<u64, ApiError> {
    match limit {
        None => Ok(default),
        Some(limit) if (1..=max).contains(&limit) => Ok(limit),
        Some(_) => Err(ApiError::new(
            ErrorCode::InvalidQuery,
            format!("limit must be 1 to {max}"),
        )),
    }
}

/// The game `id` at its latest version and the seat the request's bearer token holds in it.
pub(super) async fn seated(
    service: &GameService,
    id: &str,
    request: &HttpRequest,
) -> Result<(LoadedGame, Seat), ApiError> {
    let token = required_bearer(request)?;
    let game = service.load(id).await?;
    let seat = game.seat_of(token)?;
    Ok((game, seat))
}
