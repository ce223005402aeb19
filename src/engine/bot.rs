//! Built-in opponents. A bot plays a seat through the same contract as a person: it sees what the seat may know,
//! picks one of the seat's legal actions, and its move is decided and logged like any other.

use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{Game, GameRng, GameSeed, Seat};

/// A built-in opponent that plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Bot {
    /// Plays one of its legal actions, drawn uniformly.
    // An empty struct variant, so that unknown fields are refused.
    Random {},
}

/// The action `bot` takes for `seat`, or `None` when the seat has no legal action.
pub fn choose<G: Game>(bot: Bot, state: &G::State, seat: Seat, rng: &mut GameRng) -> Option<G::Action> {
    match bot {
        Bot::Random {} => {
            let mut actions = G::legal_actions(state, seat);
            if actions.is_empty() {
                return None;
            }
            let index = rng.random_range(0..actions.len());
            Some(actions.swap_remove(index))
        }
    }
}

/// The generator of a game's bots at log position `version`: keyed by a seed derived from the game's, so that a
/// bot's draws are reproducible but tell nothing about the game's own draws (its shuffles and dice).
pub fn bot_rng(seed: GameSeed, version: u64) -> GameRng {
    let mut hasher = Sha256::new();
    hasher.update(b"ludus-bot-v1:");
    hasher.update(seed.0);
    GameSeed(hasher.finalize().into()).rng(version)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_is_named_by_its_kind_and_refuses_unknown_fields() {
        assert_eq!(
            serde_json::to_value(Bot::Random {}).unwrap(),
            serde_json::json!({"kind": "random"})
        );
        assert_eq!(
            serde_json::from_str::<Bot>(r#"{"kind":"random"}"#).unwrap(),
            Bot::Random {}
        );
        assert!(serde_json::from_str::<Bot>(r#"{"kind":"random","depth":3}"#).is_err());
        assert!(serde_json::from_str::<Bot>(r#"{"kind":"oracle"}"#).is_err());
    }

    #[test]
    fn a_bots_draws_differ_from_the_games_own_at_the_same_position() {
        let seed = GameSeed::from_u64(7);
        let ours: u64 = bot_rng(seed, 3).random();
        let games: u64 = seed.rng(3).random();
        assert_ne!(ours, games);
        assert_eq!(ours, bot_rng(seed, 3).random::<u64>(), "reproducible");
    }
}
