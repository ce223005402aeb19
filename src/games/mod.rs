//! One folder per title; `register_all` lists them for the registry.

use crate::engine::Registry;

pub fn register_all(_registry: &mut Registry) {}
