//! An influence card value: the integer 1 to 5 on the wire, or the string `"P"` for a Philosopher. Not a string id,
//! so its serde and schema impls are written here; `Face` (a value or a manipulation kind) builds on them.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

/// An influence card value: 1 to 5, or the Philosopher `"P"` (counts 0 in sums, sorts after 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InfluenceValue(u8);

impl InfluenceValue {
    /// The Philosopher.
    pub const P: InfluenceValue = InfluenceValue(6);
    /// Every value, in display order (1..5, then P).
    pub const ALL: [InfluenceValue; 6] = [
        InfluenceValue(1),
        InfluenceValue(2),
        InfluenceValue(3),
        InfluenceValue(4),
        InfluenceValue(5),
        InfluenceValue(6),
    ];

    /// A numbered value, 1..=5.
    pub fn num(number: u8) -> Option<InfluenceValue> {
        (1..=5).contains(&number).then_some(InfluenceValue(number))
    }

    pub fn is_philosopher(self) -> bool {
        self == InfluenceValue::P
    }

    /// The value in sums: the number, or 0 for a Philosopher.
    pub fn points(self) -> u32 {
        if self.is_philosopher() { 0 } else { u32::from(self.0) }
    }
}

impl fmt::Display for InfluenceValue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_philosopher() {
            formatter.write_str("P")
        } else {
            write!(formatter, "{}", self.0)
        }
    }
}

impl Serialize for InfluenceValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.is_philosopher() {
            serializer.serialize_str("P")
        } else {
            serializer.serialize_u8(self.0)
        }
    }
}

/// Reads a value; `Face` reads its numbers through it, so that a bad number reads the same in both.
pub(super) struct ValueVisitor;

impl ValueVisitor {
    fn numbered<E: de::Error>(&self, number: Option<u8>, unexpected: de::Unexpected) -> Result<InfluenceValue, E> {
        number
            .and_then(InfluenceValue::num)
            .ok_or_else(|| E::invalid_value(unexpected, self))
    }
}

impl Visitor<'_> for ValueVisitor {
    type Value = InfluenceValue;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an influence value: an integer 1 to 5 or the string \"P\"")
    }

    fn visit_u64<E: de::Error>(self, number: u64) -> Result<InfluenceValue, E> {
        self.numbered(u8::try_from(number).ok(), de::Unexpected::Unsigned(number))
    }

    fn visit_i64<E: de::Error>(self, number: i64) -> Result<InfluenceValue, E> {
        self.numbered(u8::try_from(number).ok(), de::Unexpected::Signed(number))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<InfluenceValue, E> {
        if text == "P" {
            Ok(InfluenceValue::P)
        } else {
            Err(E::invalid_value(de::Unexpected::Str(text), &self))
        }
    }
}

impl<'de> Deserialize<'de> for InfluenceValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// A `oneOf` of the two forms of a value, then `more` (the manipulation kinds, for a face).
pub(super) fn value_or(
    more: Option<ObjectBuilder>,
    description: &str,
    examples: [serde_json::Value; 2],
) -> RefOr<Schema> {
    let numbered = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::Integer))
        .minimum(Some(1))
        .maximum(Some(5))
        .description(Some("a numbered influence card"));
    let philosopher = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .enum_values(Some(["P"]))
        .description(Some("the Philosopher"));
    let mut one_of = OneOfBuilder::new().item(numbered).item(philosopher);
    if let Some(more) = more {
        one_of = one_of.item(more);
    }
    one_of.description(Some(description)).examples(examples).into()
}

impl PartialSchema for InfluenceValue {
    fn schema() -> RefOr<Schema> {
        value_or(
            None,
            "An influence card value: an integer 1 to 5, or \"P\" for a Philosopher.",
            [serde_json::json!(3), serde_json::json!("P")],
        )
    }
}

impl ToSchema for InfluenceValue {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcValue")
    }
}
