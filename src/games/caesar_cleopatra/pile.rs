//! A reserve pile, the integer `1` or `2` on the wire (not a string id, so its serde and schema impls are here).

use std::borrow::Cow;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

/// A reserve pile: `1` (influence) or `2` (manipulation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    One,
    Two,
}

impl Pile {
    pub fn number(self) -> u8 {
        match self {
            Pile::One => 1,
            Pile::Two => 2,
        }
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match u64::deserialize(deserializer)? {
            1 => Ok(Pile::One),
            2 => Ok(Pile::Two),
            other => Err(de::Error::invalid_value(de::Unexpected::Unsigned(other), &"the pile number 1 or 2")),
        }
    }
}

impl PartialSchema for Pile {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Integer))
            .enum_values(Some([1, 2]))
            .description(Some("A reserve pile: 1 = influence reserve, 2 = manipulation reserve."))
            .examples([1])
            .into()
    }
}

impl ToSchema for Pile {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CcPile")
    }
}
