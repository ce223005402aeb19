//! Cities, by their index in the map file; on the wire, by their id.

use std::fmt;
use std::str::FromStr;

use super::data::board;
use crate::engine::string_id::UnknownId;

/// A city of the map, by its index in the map file; serialized as its id (e.g. `"capoue"`). `Default` (the first
/// city) only fills the unused slots of inline lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CityId(pub u8);

impl fmt::Display for CityId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let city = board().cities.get(self.0 as usize);
        formatter.write_str(city.map_or("?", |city| city.id.as_str()))
    }
}

impl FromStr for CityId {
    type Err = UnknownId;

    fn from_str(text: &str) -> Result<CityId, UnknownId> {
        let index = board().index.get(text).copied();
        index.map(CityId).ok_or_else(|| UnknownId::new("city id", text))
    }
}

crate::string_id!(
    CityId,
    schema = "RomeCarthageCity",
    description = "A city id of the map (`GET /v1/titles/rome-carthage/map`).",
    example = "capoue",
    values = Some(board().cities.iter().map(|city| city.id.clone()).collect()),
);
