//! The archive's `LogCodec`: a finished game's log told by its decisions and replayed by the titles' rules
//! (`engine::decisions`), so that the store keeps a few hundred bytes a game without knowing any rules.

use serde_json::Value;

use crate::engine::{GameSeed, Registry, Title, decisions};
use crate::store::{DecodedLog, GameMeta, LogCodec};

/// Every title's rules, as the archive's codec.
pub struct RulesCodec {
    registry: Registry,
}

impl RulesCodec {
    pub fn new(registry: Registry) -> Self {
        Self { registry }
    }

    /// The title, options and seed of the game `meta`.
    fn game(&self, meta: &GameMeta) -> Result<(&dyn Title, Value, GameSeed), String> {
        let title = (self.registry.get(&meta.title)).ok_or_else(|| format!("no title {} in this build", meta.title))?;
        let options = serde_json::from_str(&meta.options).map_err(|error| format!("options: {error}"))?;
        let seed = GameSeed::from_hex(&meta.seed).ok_or("a seed that is not 32 bytes of hex")?;
        Ok((title.as_ref(), options, seed))
    }
}

impl LogCodec for RulesCodec {
    fn encode(&self, meta: &GameMeta, events: &[String]) -> Option<Vec<u8>> {
        let (title, options, seed) = self.game(meta).ok()?;
        decisions::encode(title, meta.players, &options, seed, events)
    }

    fn decode(&self, meta: &GameMeta, bytes: &[u8]) -> Result<DecodedLog, String> {
        let (title, options, seed) = self.game(meta)?;
        let replayed =
            decisions::decode(title, meta.players, &options, seed, bytes).map_err(|error| error.to_string())?;
        Ok(DecodedLog {
            events: replayed.events,
            end_state: Some((title.snapshot_format(), replayed.session.snapshot())),
        })
    }
}
