//! One folder per title; `register_all` lists them for the registry.

use crate::engine::Registry;

pub mod alea_iacta_est;
pub mod caesar_cleopatra;
pub mod caligula;
#[cfg(test)]
pub(crate) mod determinizer_checks;
pub mod rome_carthage;

pub fn register_all(registry: &mut Registry) {
    registry.register::<caesar_cleopatra::CaesarCleopatra>();
    registry.register::<alea_iacta_est::AleaIactaEst>();
    registry.register::<caligula::Caligula>();
    registry.register::<rome_carthage::RomeCarthage>();
}
