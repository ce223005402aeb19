//! The compact identifiers: an index into one of the data tables, serialized as the table's string id (`"antonius"`,
//! `"favour_07"`, `"senate_13"`, `"province_gallia_3"`, `"inhabitant_gallia_woman_1"`).

use std::fmt;
use std::str::FromStr;

use super::data::DATA;
use crate::engine::string_id::UnknownId;

/// Each `$name` is an index into the table `$table` of the data, whose row (or the row's `$field`) is its string id.
/// `Display` writes the string id and `FromStr` reads it; `crate::string_id!` makes the serde and OpenAPI impls (a
/// string schema named `$schema` that lists the table's ids) from them. `Default` only fills the unused slots of
/// inline lists.
macro_rules! table_ids {
    ($($(#[$meta:meta])* $name:ident = $schema:literal, $what:literal, $table:ident $(.$field:ident)?;)*) => {$(
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u8);

        impl $name {
            /// The table's string ids, in index order.
            fn table() -> impl Iterator<Item = &'static str> {
                DATA.$table.iter().map(|row| row$(.$field)?.as_str())
            }

            /// The string id.
            pub fn id(self) -> &'static str {
                DATA.$table.get(self.0 as usize).map_or("unknown", |row| row$(.$field)?.as_str())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str(self.id())
            }
        }

        impl FromStr for $name {
            type Err = UnknownId;

            fn from_str(text: &str) -> Result<Self, UnknownId> {
                Self::table()
                    .position(|id| id == text)
                    .map(|index| Self(index as u8))
                    .ok_or_else(|| UnknownId::new($what, text))
            }
        }

        crate::string_id!(
            $name,
            schema = $schema,
            description = concat!("Id of a ", $what, "."),
            example = $name::table().next().unwrap_or_default(),
            values = Some($name::table().map(str::to_owned).collect()),
        );
    )*};
}

table_ids! {
    /// A seat (`antonius`, `brutus`, `claudius`, `darius`, `ennius`).
    SeatId = "AleaIactaEstSeat", "seat", seats;
    /// A favour token; its id encodes its value (01-08: 1, 09-22: 2, 23-30: 3).
    FavourId = "AleaIactaEstFavourId", "favour token", favour.id;
    /// A Senate card (SUBSTITUTE deck).
    CardId = "AleaIactaEstSenateCardId", "Senate card", senate_cards.id;
    /// A province tile.
    ProvinceId = "AleaIactaEstProvinceId", "province tile", provinces.id;
    /// An inhabitant tile.
    InhabitantId = "AleaIactaEstInhabitantId", "inhabitant tile", inhabitants.id;
}

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
        DATA.favour.get(self.0 as usize).map_or(0, |token| token.value)
    }
}
