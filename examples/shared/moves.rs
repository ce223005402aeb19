//! A random legal move as a bare request: examples/positions.rs and tests/integrity.rs play random games with it
//! (each has this file as a module, by its path).

use ludus::service::MoveRequest;
use rand::Rng;
use serde_json::Value;

/// One of `actions` (not empty) at random, as a request with nothing else: no known head, expected version or key.
pub fn random_move<'a>(actions: &'a [Value], rng: &mut impl Rng) -> MoveRequest<'a> {
    MoveRequest {
        action: &actions[rng.random_range(0..actions.len())],
        known: None,
        expected_version: None,
        idempotency_key: None,
    }
}
