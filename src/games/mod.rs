//! One folder per title; `register_all` lists them for the registry.

use crate::engine::Registry;

pub mod caligula;

pub fn register_all(registry: &mut Registry) {
    registry.register::<caligula::Caligula>();
}
