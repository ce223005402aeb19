//! Every failure leaves the service as an RFC 9457 `application/problem+json` body with a stable `code`.

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::{ActionError, SetupError};
use crate::service::ServiceError;
use crate::store::StoreError;
use crate::watch::StreamRefused;

/// An RFC 9457 problem document.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "urn:ludus:problem:version_conflict",
    "title": "Version conflict",
    "status": 409,
    "detail": "the game is at version 42, not 41",
    "code": "version_conflict",
    "expected_version": 41,
    "current_version": 42
}))]
pub struct Problem {
    /// `urn:ludus:problem:<code>`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: &'static str,
    pub status: u16,
    /// A sentence a person understands.
    pub detail: String,
    /// Stable machine-readable code: one of the service's codes, or the title's rule code for a 422.
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_version: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<u64>,
}

/// An error answered to an HTTP client.
#[derive(Debug, thiserror::Error)]
#[error("{detail}")]
pub struct ApiError {
    retry_after: Option<u64>,
    status: StatusCode,
    code: String,
    detail: String,
    expected_version: Option<u64>,
    current_version: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: impl Into<String>, detail: impl Into<String>) -> Self {
        Self {
            retry_after: None,
            status,
            code: code.into(),
            detail: detail.into(),
            expected_version: None,
            current_version: None,
        }
    }

    pub fn bad_request(code: &str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, detail)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "there is nothing at this address")
    }

    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this address does not take this method",
        )
    }

    /// Adds a `Retry-After` header (seconds).
    pub fn with_retry_after(self, seconds: u64) -> Self {
        Self {
            retry_after: Some(seconds),
            ..self
        }
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn problem(&self) -> Problem {
        Problem {
            kind: format!("urn:ludus:problem:{}", self.code),
            title: self.status.canonical_reason().unwrap_or("Error"),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.clone(),
            expected_version: self.expected_version,
            current_version: self.current_version,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let body = serde_json::to_string(&self.problem()).unwrap_or_default();
        let mut response = HttpResponse::build(self.status);
        if let Some(seconds) = self.retry_after {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        response
            .insert_header(ContentType(
                "application/problem+json".parse().expect("valid media type"),
            ))
            .body(body)
    }
}

impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        use StatusCode as S;
        let detail = error.to_string();
        match error {
            ServiceError::UnknownTitle(_) => Self::new(S::BAD_REQUEST, "unknown_title", detail),
            ServiceError::Setup(SetupError::PlayerCount { .. }) => {
                Self::new(S::BAD_REQUEST, "invalid_player_count", detail)
            }
            ServiceError::Setup(SetupError::InvalidOptions(_)) => Self::new(S::BAD_REQUEST, "invalid_options", detail),
            ServiceError::GameNotFound => Self::new(S::NOT_FOUND, "game_not_found", detail),
            ServiceError::MissingToken => Self::new(S::UNAUTHORIZED, "missing_token", detail),
            ServiceError::InvalidToken => Self::new(S::UNAUTHORIZED, "invalid_token", detail),
            ServiceError::InvalidTicket => Self::new(S::UNAUTHORIZED, "invalid_ticket", detail),
            ServiceError::VersionConflict { expected, actual } => Self {
                expected_version: Some(expected),
                current_version: Some(actual),
                ..Self::new(S::CONFLICT, "version_conflict", detail)
            },
            ServiceError::Contention => Self::new(S::CONFLICT, "contention", detail),
            ServiceError::Action(ActionError::Malformed(_)) => Self::new(S::BAD_REQUEST, "invalid_action", detail),
            ServiceError::Action(ActionError::GameOver) => Self::new(S::UNPROCESSABLE_ENTITY, "game_over", detail),
            ServiceError::Action(ActionError::Rule(rule)) => {
                Self::new(S::UNPROCESSABLE_ENTITY, rule.code, rule.message)
            }
            ServiceError::Store(StoreError::Unavailable(_)) => {
                tracing::warn!(%detail, "store unavailable");
                Self::new(
                    S::SERVICE_UNAVAILABLE,
                    "store_unavailable",
                    "the game store is unavailable; try again shortly (a move answered this way may still have been \
                     applied: retry it with the same Idempotency-Key, or with expected_version)",
                )
            }
            ServiceError::IdempotencyKeyReused => Self::new(S::UNPROCESSABLE_ENTITY, "idempotency_key_reused", detail),
            ServiceError::IdempotencyRecordLost => Self::new(S::CONFLICT, "idempotency_record_lost", detail),
            ServiceError::LogChanged => Self::new(S::SERVICE_UNAVAILABLE, "log_changed", detail).with_retry_after(1),
            ServiceError::Store(other) => internal(other.to_string()),
            ServiceError::Corrupt(reason) => internal(reason),
        }
    }
}

impl From<StreamRefused> for ApiError {
    fn from(refused: StreamRefused) -> Self {
        match refused {
            StreamRefused::ClientFull(_) => {
                Self::new(StatusCode::TOO_MANY_REQUESTS, "too_many_streams", refused.to_string())
            }
            StreamRefused::InstanceFull(_) => {
                Self::new(StatusCode::SERVICE_UNAVAILABLE, "streams_full", refused.to_string())
            }
        }
        .with_retry_after(5)
    }
}

fn internal(reason: String) -> ApiError {
    tracing::error!(%reason, "internal error");
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "the service failed to handle this request",
    )
}

/// Maps actix's body-parsing failures (JSON extractor) to problems.
pub fn json_error(error: actix_web::error::JsonPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as J;
    let api = match &error {
        J::OverflowKnownLength { .. } | J::Overflow { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("the request body is too large: {error}"),
        ),
        J::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "the request body must be JSON (Content-Type: application/json)",
        ),
        J::Deserialize(e) => ApiError::bad_request("malformed_request", format!("the request body is not valid: {e}")),
        other => ApiError::bad_request(
            "malformed_request",
            format!("the request body could not be read: {other}"),
        ),
    };
    api.into()
}

/// Maps query-string failures to problems.
pub fn query_error(error: actix_web::error::QueryPayloadError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("invalid_query", format!("the query string is not valid: {error}")).into()
}

/// Maps path failures to problems.
pub fn path_error(error: actix_web::error::PathError, _: &actix_web::HttpRequest) -> actix_web::Error {
    ApiError::bad_request("invalid_path", format!("the address is not valid: {error}")).into()
}
