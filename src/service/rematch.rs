//! Rematches: the first player of a finished game to ask creates the next game (same title, players, options and
//! clock, seats rotated by one, every player invited); each player's token for it is sealed into the old game's log
//! and shown in that player's view only.

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{CONFLICT_RETRIES, Caller, GameService, LoadedGame, ServiceError, hash_token, new_token, now_ms};
use crate::engine::table::{ChatPolicy, EndReason, OpenedSeat, TableEvent};
use crate::engine::{GameSeed, Seat};
use crate::store::{Appended, GameMeta, StoreError};

/// A rematch as one of its players sees it.
pub struct Rematch {
    pub game: LoadedGame,
    /// The asker's seat in the rematch.
    pub seat: Seat,
    pub token: String,
    /// False when the rematch already existed (someone asked first).
    pub created: bool,
}

impl GameService {
    /// The rematch of a finished game for the bearer's seat: created at the first request, shown again afterwards.
    pub async fn rematch(&self, id: &str, caller: &Caller) -> Result<Rematch, ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.load(id).await?;
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
                let rematch = rematch.clone();
                return self.existing_rematch(&game, seat, &rematch).await;
            }
            let players = game.seats.len();
            let rematch = hex::encode(rand::random::<[u8; 16]>());
            let tokens: Vec<String> = (0..players).map(|_| new_token()).collect();
            // The player of old seat s sits at new seat s + 1: `tokens[s]` is theirs.
            let sealed_tokens = (0..players)
                .map(|seat| seal(&tokens[seat], game.token_hash(seat), &rematch))
                .collect();
            let event = TableEvent::RematchCreated {
                game: rematch.clone(),
                sealed_tokens,
            };
            let played = game.session.record(&[event]);
            let after = game.followed_by(played.next, &played.events);
            match self.commit(&game, &after, &played.events, None, None, now_ms()).await {
                Ok(Appended::Ok { .. }) => {
                    let created = self.create_rematch(&after, &rematch, &tokens).await?;
                    return Ok(Rematch {
                        seat: (seat + 1) % players,
                        game: created,
                        token: tokens[seat].clone(),
                        created: true,
                    });
                }
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. } | Appended::Rewritten { .. })
                | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }

    /// The rematch already announced in `old`'s log, created now if the instance that announced it died first.
    async fn existing_rematch(&self, old: &LoadedGame, seat: Seat, id: &str) -> Result<Rematch, ServiceError> {
        let tokens = old
            .rematch_tokens()
            .ok_or_else(|| ServiceError::Corrupt("the rematch's sealed tokens do not match the game's seats".into()))?;
        let game = match self.load(id).await {
            Ok(game) => game,
            Err(ServiceError::GameNotFound) => self.create_rematch(old, id, &tokens).await?,
            Err(other) => return Err(other),
        };
        Ok(Rematch {
            seat: (seat + 1) % old.seats.len(),
            game,
            token: tokens[seat].clone(),
            created: false,
        })
    }

    /// Stores rematch `id` of `old`: seats rotated by one, names following their players, a fresh seed.
    async fn create_rematch(&self, old: &LoadedGame, id: &str, tokens: &[String]) -> Result<LoadedGame, ServiceError> {
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
        let events = old.title.open(players, &options, opened, seed, now)?;
        let meta = GameMeta {
            id: id.to_owned(),
            title: old.meta.title.clone(),
            players,
            options: old.meta.options.clone(),
            token_hashes: (0..players)
                .map(|seat| hash_token(&tokens[from_old_seat(seat)]))
                .collect(),
            seed: seed.to_hex(),
            created_at_ms: now,
            seeded: false,
        };
        match self
            .store_new_game(meta, old.title.clone(), old.seats.clone(), &events)
            .await
        {
            // Two instances completing the same announced rematch: the first one stored it.
            Err(ServiceError::Store(StoreError::AlreadyExists)) => self.load(id).await,
            other => other,
        }
    }
}

impl LoadedGame {
    /// Every player's rematch token, by seat of this game, unsealed from its log.
    fn rematch_tokens(&self) -> Option<Vec<String>> {
        let (game, sealed) = self.session.table().rematch.as_ref()?;
        (sealed.len() == self.seats.len()).then(|| {
            sealed
                .iter()
                .enumerate()
                .map(|(seat, sealed)| seal(sealed, self.token_hash(seat), game))
                .collect()
        })
    }

    /// The rematch's id, and the seat and token `seat` of this game has in it.
    pub fn rematch_of_seat(&self, seat: Seat) -> Option<(&'static str, String)> {
        let token = self.rematch_tokens()?.get(seat).cloned()?;
        Some((self.seats[(seat + 1) % self.seats.len()], token))
    }
}

/// A rematch token sealed for the seat whose token hashes to `owner_hash`: only a request made with that seat's
/// token is shown it, and the store never holds it in clear.
fn seal(token: &str, owner_hash: &str, game: &str) -> String {
    let key = Sha256::new()
        .chain_update(b"ludus rematch\0")
        .chain_update(owner_hash.as_bytes())
        .chain_update(b"\0")
        .chain_update(game.as_bytes())
        .finalize();
    let bytes = hex::decode(token).unwrap_or_default();
    hex::encode(bytes.iter().zip(key.iter()).map(|(a, b)| a ^ b).collect::<Vec<u8>>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_token_opens_only_with_its_owner_and_game() {
        let token = new_token();
        let sealed = seal(&token, "owner", "game");
        assert_ne!(sealed, token);
        assert_eq!(seal(&sealed, "owner", "game"), token);
        assert_ne!(seal(&sealed, "other", "game"), token);
        assert_ne!(seal(&sealed, "owner", "other"), token);
    }
}
