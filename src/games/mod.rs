//! One folder per title; `register_all` lists them for the registry.

use crate::engine::Registry;

pub mod alea_iacta_est;

pub fn register_all(registry: &mut Registry) {
    registry.register::<alea_iacta_est::AleaIactaEst>();
}
