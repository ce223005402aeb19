//! Compact identifiers: an index into one of the data tables, serialized as the table's string id
//! (`"antonius"`, `"favour_07"`, `"senate_13"`, `"province_gallia_3"`, `"inhabitant_gallia_woman_1"`).

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use super::data::{DATA, Data};

macro_rules! data_id {
    ($(#[$meta:meta])* $name:ident, $schema:literal, $what:literal, $table:ident, $get:expr) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u8);

        impl $name {
            fn table() -> impl Iterator<Item = &'static str> {
                let get: fn(&'static Data, usize) -> &'static str = $get;
                let data: &'static Data = &DATA;
                (0..data.$table.len()).map(move |i| get(data, i))
            }

            /// The string id.
            pub fn id(self) -> &'static str {
                let get: fn(&'static Data, usize) -> &'static str = $get;
                let data: &'static Data = &DATA;
                if (self.0 as usize) < data.$table.len() {
                    get(data, self.0 as usize)
                } else {
                    "unknown"
                }
            }

            /// The identifier named `text`, if the table has it.
            pub fn parse(text: &str) -> Option<Self> {
                Self::table().position(|id| id == text).map(|i| Self(i as u8))
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.id())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = Cow::<str>::deserialize(deserializer)?;
                Self::parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(format!(concat!("unknown ", $what, " {:?}"), text))
                })
            }
        }

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let ids: Vec<&'static str> = Self::table().collect();
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some(concat!("Id of a ", $what, ".")))
                    .enum_values(Some(ids.clone()))
                    .examples(ids.first().copied())
                    .into()
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed($schema)
            }
        }
    };
}

data_id!(
    /// A seat (`antonius`, `brutus`, `claudius`, `darius`, `ennius`).
    SeatId,
    "AleaIactaEstSeat",
    "seat",
    seats,
    |d, i| d.seats[i].as_str()
);
data_id!(
    /// A favour token; its id encodes its value (01-08: 1, 09-22: 2, 23-30: 3).
    FavourId,
    "AleaIactaEstFavourId",
    "favour token",
    favour,
    |d, i| d.favour[i].id.as_str()
);
data_id!(
    /// A Senate card (SUBSTITUTE deck).
    CardId,
    "AleaIactaEstSenateCardId",
    "Senate card",
    senate_cards,
    |d, i| d.senate_cards[i].id.as_str()
);
data_id!(
    /// A province tile.
    ProvinceId,
    "AleaIactaEstProvinceId",
    "province tile",
    provinces,
    |d, i| d.provinces[i].id.as_str()
);
data_id!(
    /// An inhabitant tile.
    InhabitantId,
    "AleaIactaEstInhabitantId",
    "inhabitant tile",
    inhabitants,
    |d, i| d.inhabitants[i].id.as_str()
);

impl SeatId {
    pub fn seat(self) -> usize {
        self.0 as usize
    }

    pub fn of(seat: usize) -> Self {
        Self(seat as u8)
    }
}

impl FavourId {
    pub fn value(self) -> u8 {
        DATA.favour.get(self.0 as usize).map_or(0, |t| t.value)
    }
}
