//! Rematches: the first player of a finished game to ask creates the next game (same title, players, options and
//! clock, seats rotated by one, every player invited). Each player's token opens their seat in the rematch too: the
//! rematch keeps the hash of each seat's token, as the old game does, and no token is ever stored, sealed or not.
//! (The service could not seal a new token for the other players under a key only they can rebuild: it holds only
//! their tokens' hashes, and so does anyone who reads the store.)

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{CONFLICT_RETRIES, Caller, GameId, LoadedGame, ServiceError, Tables, hash_token, now_ms};
use crate::engine::table::{ChatPolicy, EndReason, OpenedSeat, TableEvent};
use crate::engine::{GameSeed, Opening, Seat};
use crate::store::{GameMeta, StoreError};

/// A rematch as one of its players sees it.
pub struct Rematch {
    pub game: LoadedGame,
    /// The asker's seat in the rematch.
    pub seat: Seat,
    /// The asker's token in the rematch, when it asked with a seat token: that same token. An account key gets none:
    /// the rematch binds the seat to the account, and the key acts for it.
    pub token: Option<String>,
    /// False when the rematch already existed (someone asked first).
    pub created: bool,
}

impl Tables {
    /// The rematch of a finished game for the bearer's seat: created at the first request, shown again afterwards.
    pub async fn rematch(&self, id: &GameId, caller: &Caller) -> Result<Rematch, ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.games.load(id).await?;
            let seat = game.seat_for(caller)?;
            let table = game.session.table();
            if !game.session.is_finished() {
                return Err(ServiceError::NotFinished);
            }
            if table
                .ending
                .as_ref()
                .is_some_and(|ending| ending.reason == EndReason::Expired)
            {
                return Err(ServiceError::NoRematch);
            }
            if let Some((rematch, _)) = &table.rematch {
                let rematch = GameId::known(rematch.as_str());
                return self.existing_rematch(&game, seat, caller, &rematch).await;
            }
            let players = game.seats.len();
            let rematch = GameId::random();
            let event = TableEvent::RematchCreated {
                game: rematch.to_string(),
                sealed_tokens: Vec::new(),
            };
            if let Some(after) = self.append_table_event(&game, event).await? {
                let hashes = after
                    .rematch_token_hashes()
                    .ok_or_else(|| ServiceError::Corrupt("the rematch just announced has no token hashes".into()))?;
                let created = self.create_rematch(&after, &rematch, &hashes).await?;
                return Ok(Rematch {
                    seat: (seat + 1) % players,
                    game: created,
                    token: after.rematch_token(seat, Some(caller)),
                    created: true,
                });
            }
        }
        Err(ServiceError::Contention)
    }

    /// The rematch already announced in `old`'s log, created now if the instance that announced it died first.
    async fn existing_rematch(
        &self,
        old: &LoadedGame,
        seat: Seat,
        caller: &Caller,
        id: &GameId,
    ) -> Result<Rematch, ServiceError> {
        let hashes = old
            .rematch_token_hashes()
            .ok_or_else(|| ServiceError::Corrupt("the rematch's sealed tokens do not match the game's seats".into()))?;
        let game = match self.games.load(id).await {
            Ok(game) => game,
            Err(ServiceError::GameNotFound) => self.create_rematch(old, id, &hashes).await?,
            Err(other) => return Err(other),
        };
        Ok(Rematch {
            seat: (seat + 1) % old.seats.len(),
            game,
            token: old.rematch_token(seat, Some(caller)),
            created: false,
        })
    }

    /// Stores rematch `id` of `old`: seats rotated by one, names following their players, a fresh seed. `hashes` are
    /// the hashes of the tokens that open each player's seat in the rematch, by seat of `old`.
    async fn create_rematch(
        &self,
        old: &LoadedGame,
        id: &GameId,
        hashes: &[String],
    ) -> Result<LoadedGame, ServiceError> {
        let players = old.seats.len();
        let options: Value =
            serde_json::from_str(&old.meta.options).map_err(|e| ServiceError::Corrupt(e.to_string()))?;
        let old_table = old.session.table();
        let from_old_seat = |new_seat: usize| (new_seat + players - 1) % players;
        let old_seats: Vec<_> = (0..players).map(|seat| &old_table.seats[from_old_seat(seat)]).collect();
        let seed = GameSeed::random();
        let now = now_ms();
        let opened = TableEvent::TableOpened {
            seats: old
                .seats
                .iter()
                .zip(&old_seats)
                .map(|(seat, old_seat)| OpenedSeat {
                    seat: (*seat).to_owned(),
                    open: false,
                    name: old_seat.name.clone(),
                    // A bot that took a seat over leaves it to its player again.
                    bot: old_seat
                        .bot
                        .filter(|_| !old_seat.handed && old_seat.abandoned.is_none()),
                    account: old_seat.account.clone(),
                    invited: None,
                })
                .collect(),
            turn_seconds: old_table.turn_seconds,
            expires_at_ms: None,
            on_decline: None,
            created_by: None,
            on_leave: Some(old_table.on_leave),
            clock: old_table.clock,
            chat: Some(old_table.chat).filter(|chat| *chat != ChatPolicy::default()),
            rated: old_table.rated,
        };
        let events = old.title.open(Opening {
            players,
            options: &options,
            opened,
            seed,
            now_ms: now,
        })?;
        let meta = GameMeta {
            id: id.clone(),
            title: old.meta.title.clone(),
            players,
            options: old.meta.options.clone(),
            token_hashes: (0..players).map(|seat| hashes[from_old_seat(seat)].clone()).collect(),
            seed: seed.to_hex(),
            created_at_ms: now,
            seeded: false,
        };
        match self
            .games
            .store_new_game(meta, old.title.clone(), old.seats.clone(), &events)
            .await
        {
            // Two instances completing the same announced rematch: the first one stored it.
            Err(ServiceError::Store(StoreError::AlreadyExists)) => self.games.load(id).await,
            other => other,
        }
    }
}

impl LoadedGame {
    /// The hash of the token that opens each player's seat in the rematch, by seat of this game: the hash of the
    /// seat's own token here (empty for a seat nobody holds a token of, a bot's: no token opens it). A log written
    /// before that holds a new token per seat sealed under the seat's token hash (`sealed_tokens`): then the hashes
    /// of those.
    fn rematch_token_hashes(&self) -> Option<Vec<String>> {
        let (game, sealed) = self.session.table().rematch.as_ref()?;
        if sealed.is_empty() {
            return Some(
                (0..self.seats.len())
                    .map(|seat| self.token_hash(seat).to_owned())
                    .collect(),
            );
        }
        (sealed.len() == self.seats.len()).then(|| {
            sealed
                .iter()
                .enumerate()
                .map(|(seat, sealed)| hash_token(&unseal_legacy(sealed, self.token_hash(seat), game)))
                .collect()
        })
    }

    /// The token that opens `seat`'s seat in the rematch, as shown to `caller`: the seat's own token, to a request
    /// made with it (an account key gets none: the rematch binds the seat to the account, and the key acts for it).
    /// From a log written before, the token sealed there, to any caller of the seat, as then.
    pub fn rematch_token(&self, seat: Seat, caller: Option<&Caller>) -> Option<String> {
        let (game, sealed) = self.session.table().rematch.as_ref()?;
        if sealed.is_empty() {
            return match caller? {
                Caller::Token(token) if self.seat_of(token).ok() == Some(seat) => Some(token.clone()),
                _ => None,
            };
        }
        let sealed = sealed.get(seat).filter(|_| sealed.len() == self.seats.len())?;
        Some(unseal_legacy(sealed, self.token_hash(seat), game))
    }

    /// The seat `seat` of this game has in the rematch, and its token there as `rematch_token` shows it to `caller`.
    pub fn rematch_of_seat(&self, seat: Seat, caller: Option<&Caller>) -> Option<(&'static str, Option<String>)> {
        self.session.table().rematch.as_ref()?;
        Some((self.seats[(seat + 1) % self.seats.len()], self.rematch_token(seat, caller)))
    }
}

/// A rematch token as logs written before sealed it (XOR with a key derived from the seat's token hash and the
/// rematch's id), which is its own inverse. Whoever reads the store can open those: only old logs hold them.
fn unseal_legacy(sealed: &str, owner_hash: &str, game: &str) -> String {
    let key = Sha256::new()
        .chain_update(b"ludus rematch\0")
        .chain_update(owner_hash.as_bytes())
        .chain_update(b"\0")
        .chain_update(game.as_bytes())
        .finalize();
    let bytes = hex::decode(sealed).unwrap_or_default();
    hex::encode(bytes.iter().zip(key.iter()).map(|(a, b)| a ^ b).collect::<Vec<u8>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::new_token;

    #[test]
    fn a_legacy_sealed_token_opens_only_with_its_owner_and_game() {
        let token = new_token();
        let sealed = unseal_legacy(&token, "owner", "game");
        assert_ne!(sealed, token);
        assert_eq!(unseal_legacy(&sealed, "owner", "game"), token);
        assert_ne!(unseal_legacy(&sealed, "other", "game"), token);
        assert_ne!(unseal_legacy(&sealed, "owner", "other"), token);
    }
}
