//! Request bodies. JSON does not tell `3` from `3.0`, and JSON Schema counts `3.0` as an integer, so a client may send
//! either wherever the OpenAPI document says `integer`: numbers without a fractional part are read as integers before
//! the typed request sees them. A body with a key twice in one object is refused (`invalid_body`): JSON leaves its
//! meaning open (serde keeps the last one, other readers the first), so a proxy or a log may read another request than
//! the service would.

use std::fmt;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use super::error::{ApiError, ErrorCode};

/// A JSON body read as `T` (the size limit and media type checks of `web::Json` apply).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<Checked>::from_request(request, payload);
        Box::pin(async move {
            let Checked { mut value, duplicate } = json.await?.into_inner();
            if let Some(duplicate) = duplicate {
                return Err(ApiError::new(ErrorCode::InvalidBody, duplicate.detail()).into());
            }
            integral_numbers(&mut value);
            serde_json::from_value(value).map(JsonBody).map_err(|error| {
                ApiError::new(ErrorCode::MalformedRequest, format!("the request body is not valid: {error}")).into()
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

/// A body's JSON, read in one pass, with the first key it holds twice in one object, if any.
struct Checked {
    value: Value,
    duplicate: Option<Duplicate>,
}

/// A key found twice in one object, and where: the keys and indices from the body's root to it, innermost first
/// (the path is put together on the way back up, so that a body without duplicates pays nothing for it).
struct Duplicate {
    key: String,
    within: Vec<Step>,
}

enum Step {
    Key(String),
    Index(usize),
}

impl Duplicate {
    fn detail(&self) -> String {
        let mut path = String::new();
        for step in self.within.iter().rev() {
            match step {
                Step::Key(key) if path.is_empty() => path.push_str(key),
                Step::Key(key) => {
                    path.push('.');
                    path.push_str(key);
                }
                Step::Index(index) => path.push_str(&format!("[{index}]")),
            }
        }
        let place = if path.is_empty() {
            "the body's object".to_owned()
        } else {
            format!("the object at {path}")
        };
        format!(
            "the request body has the key {:?} twice in {place}: each key may appear once in an object",
            self.key
        )
    }
}

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut duplicate = None;
        let value = Checking {
            duplicate: &mut duplicate,
        }
        .deserialize(deserializer)?;
        Ok(Checked { value, duplicate })
    }
}

/// Reads one value as `serde_json::Value` does, noting the first duplicate key met in it.
struct Checking<'a> {
    duplicate: &'a mut Option<Duplicate>,
}

impl Checking<'_> {
    fn nested(&mut self) -> Checking<'_> {
        Checking {
            duplicate: &mut *self.duplicate,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Checking<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Checking<'_> {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E: de::Error>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut items: A) -> Result<Value, A::Error> {
        let mut values = Vec::with_capacity(items.size_hint().unwrap_or(0));
        loop {
            let known = self.duplicate.is_some();
            let Some(value) = items.next_element_seed(self.nested())? else {
                break;
            };
            if !known && let Some(duplicate) = self.duplicate.as_mut() {
                duplicate.within.push(Step::Index(values.len()));
            }
            values.push(value);
        }
        Ok(Value::Array(values))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut entries: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = entries.next_key::<String>()? {
            let known = self.duplicate.is_some();
            let value = entries.next_value_seed(self.nested())?;
            if !known && let Some(duplicate) = self.duplicate.as_mut() {
                duplicate.within.push(Step::Key(key.clone()));
            }
            if map.contains_key(&key) {
                if self.duplicate.is_none() {
                    *self.duplicate = Some(Duplicate {
                        key,
                        within: Vec::new(),
                    });
                }
            } else {
                map.insert(key, value);
            }
        }
        Ok(Value::Object(map))
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
        assert_eq!(value, json!({"players": 3, "cards": [1, 2.5, -4], "seed": 1e300, "name": "3.0"}));
        assert!(value["players"].is_u64());
    }

    fn read(body: &str) -> Checked {
        serde_json::from_str(body).unwrap()
    }

    fn duplicate(body: &str) -> String {
        read(body).duplicate.expect(body).detail()
    }

    #[test]
    fn a_key_twice_in_one_object_is_found_at_any_depth_and_named() {
        let top = duplicate(r#"{"title":"caesar-cleopatra","title":"caligula"}"#);
        assert!(top.contains(r#"key "title" twice in the body's object"#), "{top}");
        let nested = duplicate(r#"{"action":{"type":"abort","type":"resign"}}"#);
        assert!(nested.contains(r#"key "type" twice in the object at action"#), "{nested}");
        let deep = duplicate(r#"{"a":[1,{"b":2},{"c":{"d":1,"e":[],"d":2}}],"f":{"g":1,"g":2}}"#);
        assert!(deep.contains(r#"key "d" twice in the object at a[2].c"#), "the first one: {deep}");
        let escaped = duplicate(r#"{"x\"y":1,"x\u0022y":2}"#);
        assert!(escaped.contains(r#"key "x\"y""#), "keys compare as read: {escaped}");
        for once in [
            r#"{"a":{"k":1},"b":{"k":1},"k":[{"k":1},{"k":2}]}"#,
            r#"[{"a":1},{"a":1}]"#,
            "{}",
        ] {
            assert!(read(once).duplicate.is_none(), "{once}");
        }
    }

    #[test]
    fn a_body_without_duplicates_reads_as_serde_json_reads_it() {
        for body in [
            r#"{"action":{"type":"place","card":"scout","slot":2},"expected_version":17}"#,
            r#"[null,true,false,0,-1,18446744073709551615,1e300,-0.0,2.5,"é\u00e9\ud83e\udd81",[],{}]"#,
            r#"{"big":123456789012345678901234567890,"neg":-9223372036854775808,"nested":[[[{"a":[1]}]]]}"#,
            "3",
            r#""text""#,
        ] {
            assert_eq!(read(body).value, serde_json::from_str::<Value>(body).unwrap(), "{body}");
        }
        // serde_json's limit on nesting still holds.
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(serde_json::from_str::<Checked>(&deep).is_err());
    }
}
