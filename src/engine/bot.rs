//! Built-in opponents. A bot plays a seat through the same contract as a person: it sees what the seat may know,
//! picks one of the seat's legal actions, and its move is decided and logged like any other.

use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::{Game, GameRng, GameSeed, Seat, search};

/// Iterations of a search bot given no limit.
pub const DEFAULT_ITERATIONS: u32 = 100;
/// The most iterations a search bot may be given: 20 times the ladder's strongest (1,000), so that one anonymous
/// request cannot ask for a search that takes a core for its whole budget on every move.
pub const MAX_ITERATIONS: u32 = 20_000;
/// The most time a search bot may think per move, and its limit when given none: well within the lease of the
/// instance that plays it, so that a bot never holds up a game.
pub const MAX_BUDGET_MS: u32 = 2_000;

/// A built-in opponent that plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Bot {
    /// Plays one of its legal actions, drawn uniformly.
    // An empty struct variant, so that unknown fields are refused.
    Random {},
    /// Information-set Monte Carlo tree search: it samples the hidden information from what its seat knows (never
    /// from the real hidden state) and plays out games at random. It thinks until the first of its limits:
    /// `iterations` (100 when neither limit is given) or `budget_ms` (2,000 at most, and when absent).
    Search {
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "within::<_, 1, MAX_ITERATIONS>"
        )]
        #[schema(minimum = 1, maximum = 20_000, example = 200)]
        iterations: Option<u32>,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "within::<_, 1, MAX_BUDGET_MS>"
        )]
        #[schema(minimum = 1, maximum = 2000, example = 200)]
        budget_ms: Option<u32>,
    },
}

impl Bot {
    /// A search bot at its default limits.
    pub const SEARCH: Bot = Bot::Search {
        iterations: None,
        budget_ms: None,
    };

    /// The bot's kind as its JSON names it (`random`, `search`).
    pub fn kind(self) -> &'static str {
        match self {
            Bot::Random {} => "random",
            Bot::Search { .. } => "search",
        }
    }

    /// The most time this bot thinks per move, in milliseconds.
    pub fn budget_ms(self) -> u32 {
        match self {
            Bot::Random {} => 0,
            Bot::Search { budget_ms, .. } => budget_ms.unwrap_or(MAX_BUDGET_MS),
        }
    }

    fn iterations(self) -> u32 {
        match self {
            Bot::Random {} => 0,
            Bot::Search {
                iterations: None,
                budget_ms: Some(_),
            } => MAX_ITERATIONS,
            Bot::Search { iterations, .. } => iterations.unwrap_or(DEFAULT_ITERATIONS),
        }
    }
}

/// A limit read only within `MIN..=MAX`, so that a bot out of bounds is refused with the request that names it.
fn within<'de, D: Deserializer<'de>, const MIN: u32, const MAX: u32>(deserializer: D) -> Result<Option<u32>, D::Error> {
    match Option::<u32>::deserialize(deserializer)? {
        Some(value) if !(MIN..=MAX).contains(&value) => {
            Err(serde::de::Error::custom(format_args!("{value} is not within {MIN}..={MAX}")))
        }
        value => Ok(value),
    }
}

/// The action `bot` takes for `seat`, or `None` when the seat has no legal action. A search also ends as soon as
/// `stop` says so (the caller's clock, checked between iterations).
pub fn choose<G: Game>(
    bot: Bot,
    state: &G::State,
    seat: Seat,
    rng: &mut GameRng,
    stop: &mut dyn FnMut() -> bool,
) -> Option<G::Action> {
    match bot {
        Bot::Random {} => {
            let mut actions = G::legal_actions(state, seat);
            if actions.is_empty() {
                return None;
            }
            let index = rng.random_range(0..actions.len());
            Some(actions.swap_remove(index))
        }
        Bot::Search { .. } => search::search::<G>(state, seat, bot.iterations(), stop, rng).0,
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
    fn a_bot_is_named_by_its_kind_and_refuses_unknown_fields_and_limits_out_of_bounds() {
        assert_eq!(serde_json::to_value(Bot::Random {}).unwrap(), serde_json::json!({"kind": "random"}));
        assert_eq!(serde_json::from_str::<Bot>(r#"{"kind":"random"}"#).unwrap(), Bot::Random {});
        assert!(serde_json::from_str::<Bot>(r#"{"kind":"random","depth":3}"#).is_err());
        assert!(serde_json::from_str::<Bot>(r#"{"kind":"oracle"}"#).is_err());
        assert_eq!(serde_json::from_str::<Bot>(r#"{"kind":"search","budget_ms":null}"#).unwrap(), Bot::SEARCH);
        assert_eq!(
            serde_json::from_str::<Bot>(r#"{"kind":"search","iterations":50,"budget_ms":2000}"#).unwrap(),
            Bot::Search {
                iterations: Some(50),
                budget_ms: Some(2000)
            }
        );
        for out_of_bounds in [
            r#"{"kind":"search","budget_ms":0}"#,
            r#"{"kind":"search","budget_ms":2001}"#,
            r#"{"kind":"search","iterations":0}"#,
            r#"{"kind":"search","iterations":20001}"#,
        ] {
            assert!(serde_json::from_str::<Bot>(out_of_bounds).is_err(), "{out_of_bounds}");
        }
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
