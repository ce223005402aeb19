//! Request bodies. JSON does not tell `3` from `3.0`, and JSON Schema counts `3.0` as an integer, so a client may send
//! either wherever the OpenAPI document says `integer`: numbers without a fractional part are read as integers before
//! the typed request sees them.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::error::{ApiError, ErrorCode};

/// A JSON body read as `T` (the size limit and media type checks of `web::Json` apply).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<Value>::from_request(request, payload);
        Box::pin(async move {
            let mut value = json.await?.into_inner();
            integral_numbers(&mut value);
            serde_json::from_value(value).map(JsonBody).map_err(|error| {
                ApiError::new(
                    ErrorCode::MalformedRequest,
                    format!("the request body is not valid: {error}"),
                )
                .into()
            })
        })
    }
}

/// A JSON body that may be left out altogether (no body, no `Content-Type`): then `None`. A body that is sent is read
/// as `JsonBody` reads it.
pub struct OptionalJsonBody<T>(pub Option<T>);

impl<T: DeserializeOwned + 'static> FromRequest for OptionalJsonBody<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let headers = request.headers();
        let empty = headers
            .get(actix_web::http::header::CONTENT_LENGTH)
            .is_none_or(|length| length.as_bytes() == b"0");
        let chunked = headers.contains_key(actix_web::http::header::TRANSFER_ENCODING);
        if empty && !chunked && !headers.contains_key(actix_web::http::header::CONTENT_TYPE) {
            return Box::pin(async { Ok(OptionalJsonBody(None)) });
        }
        let body = JsonBody::<T>::from_request(request, payload);
        Box::pin(async move { Ok(OptionalJsonBody(Some(body.await?.0))) })
    }
}

fn integral_numbers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            if let Some(float) = number.as_f64().filter(|_| number.is_f64())
                && float.fract() == 0.0
            {
                // Beyond ±2^63 the float is not an exact integer any more: leave it, and let the typed read refuse it.
                if float >= i64::MIN as f64 && float < i64::MAX as f64 {
                    *number = Number::from(float as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        Value::Object(fields) => fields.values_mut().for_each(integral_numbers),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_without_a_fraction_are_read_as_integers() {
        let mut value = json!({"players": 3.0, "cards": [1.0, 2.5, -4.0], "seed": 1e300, "name": "3.0"});
        integral_numbers(&mut value);
        assert_eq!(
            value,
            json!({"players": 3, "cards": [1, 2.5, -4], "seed": 1e300, "name": "3.0"})
        );
        assert!(value["players"].is_u64());
    }
}
