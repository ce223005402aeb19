//! Compact identifiers that travel as strings: a card, a piece, a city is a small index in the state and a string id
//! (`"hearts_10"`, `"rome_chariot"`, `"senate_06"`) on the wire. A title writes `Display` and `FromStr` for such a
//! type; [`string_id!`](crate::string_id!) derives its serde and OpenAPI impls from them, once for all titles.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserializer, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};

/// A string that names no identifier of its kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {text:?}")]
pub struct UnknownId {
    /// The kind of identifier expected, e.g. `"card id"`.
    pub what: &'static str,
    pub text: String,
}

impl UnknownId {
    pub fn new(what: &'static str, text: &str) -> Self {
        Self {
            what,
            text: text.to_owned(),
        }
    }
}

/// Writes the identifier's `Display` form, without an intermediate `String`.
pub fn serialize<T: fmt::Display, S: Serializer>(id: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(id)
}

/// Reads a string and parses it with `FromStr`; a borrowed string is parsed in place.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr<Err = UnknownId>,
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(IdVisitor(PhantomData))
}

struct IdVisitor<T>(PhantomData<T>);

impl<T: FromStr<Err = UnknownId>> Visitor<'_> for IdVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string id")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

/// The schema of a string identifier: its description, an example and, when the set is closed, every value.
pub fn schema(description: &str, values: Option<Vec<String>>, example: &str) -> RefOr<Schema> {
    let mut builder = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .description(Some(description))
        .examples([serde_json::Value::String(example.to_owned())]);
    if let Some(values) = values {
        builder = builder.enum_values(Some(values));
    }
    RefOr::T(Schema::Object(builder.build()))
}

/// `Serialize`, `Deserialize`, `PartialSchema` and `ToSchema` for a type with `Display` and
/// `FromStr<Err = UnknownId>`:
///
/// ```ignore
/// string_id!(Card, schema = "RomeCarthageCard", description = "A playing card id.", example = "hearts_10",
///            values = Some((0..52).map(|c| Card(c).to_string()).collect()));
/// ```
#[macro_export]
macro_rules! string_id {
    ($type:ty, schema = $name:literal, description = $description:expr, example = $example:expr,
     values = $values:expr $(,)?) => {
        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> ::std::result::Result<S::Ok, S::Error> {
                $crate::engine::string_id::serialize(self, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> ::std::result::Result<Self, D::Error> {
                $crate::engine::string_id::deserialize(deserializer)
            }
        }

        impl ::utoipa::PartialSchema for $type {
            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                $crate::engine::string_id::schema($description, $values, $example)
            }
        }

        impl ::utoipa::ToSchema for $type {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
