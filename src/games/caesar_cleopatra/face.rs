//! The face of a hand card, by which actions name cards: an influence value or a manipulation kind (`3`, `"P"`,
//! `"spy"`). Not a string id either, so its serde and schema impls are written here, on those of `InfluenceValue`.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use super::ids::ManipulationKind;
use super::value::{InfluenceValue, ValueVisitor, value_or};

/// The face of a hand card: an influence value or a manipulation kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Influence(InfluenceValue),
    Manipulation(ManipulationKind),
}

impl fmt::Display for Face {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Influence(value) => write!(formatter, "{value}"),
            Face::Manipulation(kind) => formatter.write_str(kind.id()),
        }
    }
}

impl Serialize for Face {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Face::Influence(value) => value.serialize(serializer),
            Face::Manipulation(kind) => kind.serialize(serializer),
        }
    }
}

struct FaceVisitor;

impl Visitor<'_> for FaceVisitor {
    type Value = Face;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a card: an integer 1 to 5, \"P\", or a manipulation kind")
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<Face, E> {
        ValueVisitor.visit_u64(number).map(Face::Influence)
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<Face, E> {
        ValueVisitor.visit_i64(number).map(Face::Influence)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Face, E> {
        if text == "P" {
            return Ok(Face::Influence(InfluenceValue::P));
        }
        ManipulationKind::ALL
            .into_iter()
            .find(|kind| kind.id() == text)
            .map(Face::Manipulation)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FaceVisitor)
    }
}

impl PartialSchema for Face {
    fn schema() -> RefOr<Schema> {
        let kinds = ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .enum_values(Some(ManipulationKind::ALL.map(|kind| kind.id())))
            .description(Some("a manipulation card kind"));
        value_or(
            Some(kinds),
            "A card by its face: an influence value (1 to 5 or \"P\") or a manipulation kind.",
            [serde_json::json!(5), serde_json::json!("spy")],
        )
    }
}

impl ToSchema for Face {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcCardFace")
    }
}
