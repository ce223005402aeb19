//! Seeded, portable randomness: ChaCha20 keyed by the game's secret seed, one stream per log position.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

/// The generator handed to rules engines.
pub type GameRng = ChaCha20Rng;

/// Stream used for the setup events (log positions use the others).
pub const SETUP_STREAM: u64 = u64::MAX;

/// A game's 256-bit secret seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSeed(pub [u8; 32]);

impl GameSeed {
    /// A fresh unpredictable seed.
    pub fn random() -> Self {
        Self(rand::random())
    }

    /// The seed of a reproducible game created with an explicit integer seed.
    pub fn from_u64(seed: u64) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(b"ludus-seed-v1:");
        hasher.update(seed.to_le_bytes());
        Self(hasher.finalize().into())
    }

    pub fn to_hex(self) -> String {
        hex::encode(self.0)
    }

    pub fn from_hex(text: &str) -> Option<Self> {
        let mut bytes = [0; 32];
        hex::decode_to_slice(text, &mut bytes).ok()?;
        Some(Self(bytes))
    }

    /// The generator for the decision taken at log position `stream`: the same seed and position give the same
    /// outcomes on every machine, and no position's outcomes can be predicted from another's.
    pub fn rng(self, stream: u64) -> GameRng {
        let mut rng = ChaCha20Rng::from_seed(self.0);
        rng.set_stream(stream);
        rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_and_stream_give_same_numbers() {
        let seed = GameSeed::from_u64(42);
        let draw = |stream| {
            let mut rng = seed.rng(stream);
            (0..8).map(|_| rng.random::<u32>()).collect::<Vec<_>>()
        };
        let (a, b, c) = (draw(7), draw(7), draw(8));
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn seed_round_trips_through_hex() {
        let seed = GameSeed::random();
        assert_eq!(GameSeed::from_hex(&seed.to_hex()), Some(seed));
        assert_eq!(GameSeed::from_hex("zz"), None);
        let hex = seed.to_hex();
        assert_eq!(GameSeed::from_hex(&hex[..62]), None, "too short");
        assert_eq!(GameSeed::from_hex(&format!("{hex}00")), None, "too long");
    }

    #[test]
    fn integer_seed_expansion_is_stable() {
        // Pinned so that a reproducible game keeps its shuffles across releases.
        assert_eq!(GameSeed::from_u64(1).to_hex(), "3ccbb1a608d563b5c3ae0cb62463a3e71af6738c89102f77300cb84112469237");
        assert_ne!(GameSeed::from_u64(1), GameSeed::from_u64(2));
    }
}
