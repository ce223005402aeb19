//! One folder per title; `register_all` lists them for the registry.

use crate::engine::Registry;

pub mod rome_carthage;

pub fn register_all(registry: &mut Registry) {
    registry.register::<rome_carthage::RomeCarthage>();
}
