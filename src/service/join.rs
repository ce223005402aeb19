//! Taking an open seat: a person who joins (and gets the seat's token once), or a bot a player seats. The last seat
//! taken starts the game. A seat is taken exactly once: joins race through the store's conditional append, and the
//! losers find it taken.

use super::create::check_name;
use super::{CONFLICT_RETRIES, GameService, LoadedGame, ServiceError, hash_token, new_token, now_ms};
use crate::engine::bot::Bot;
use crate::engine::table::Taker;
use crate::engine::{ActionError, Seat};
use crate::store::{Appended, StoreError};

/// A seat taken by joining: its token, shown once.
pub struct Joined {
    pub game: LoadedGame,
    pub seat: Seat,
    pub token: String,
}

impl GameService {
    /// Takes an open seat for someone, who gets its token once.
    pub async fn join(&self, id: &str, seat_id: &str, name: Option<String>) -> Result<Joined, ServiceError> {
        let name = check_name(name)?;
        let token = new_token();
        let taker = || Taker::Person {
            name: name.clone(),
            token_hash: hash_token(&token),
        };
        let (game, seat) = self.take_seat(id, seat_id, None, &taker).await?;
        Ok(Joined { game, seat, token })
    }

    /// Seats `bot` on an open seat, at the request of a player of the game (`token`: a seat's token): it plays that
    /// seat from then on.
    pub async fn seat_bot(
        &self,
        id: &str,
        seat_id: &str,
        token: &str,
        bot: Bot,
    ) -> Result<(LoadedGame, Seat), ServiceError> {
        self.take_seat(id, seat_id, Some(token), &|| Taker::Bot(bot)).await
    }

    /// Seats whoever `taker` makes on open seat `seat_id`, once `inviter` (when given) is known as a seat's token.
    async fn take_seat(
        &self,
        id: &str,
        seat_id: &str,
        inviter: Option<&str>,
        taker: &(dyn Fn() -> Taker + Sync),
    ) -> Result<(LoadedGame, Seat), ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.load(id).await?;
            if let Some(token) = inviter {
                game.seat_of(token)?;
            }
            let seat = game
                .seats
                .iter()
                .position(|seat| *seat == seat_id)
                .ok_or_else(|| ServiceError::SeatNotFound(seat_id.to_owned()))?;
            let now = now_ms();
            if game.session.overdue(now).is_some() {
                self.settle_due(id, now).await?;
                return Err(ServiceError::JoinTooLate);
            }
            if game.session.is_finished() {
                return Err(ServiceError::JoinTooLate);
            }
            if !game.session.table().seats[seat].open {
                return Err(ServiceError::SeatTaken(game.seat_name(seat)));
            }
            let played = game
                .session
                .join(seat, taker(), game.seed()?, now)
                .map_err(ActionError::from)?;
            let after = game.followed_by(played.next, &played.events);
            match self.commit(&game, &after, &played.events, None, now).await {
                Ok(Appended::Ok { .. }) => return Ok((after, seat)),
                Ok(Appended::Duplicate { .. }) => return Err(ServiceError::Contention),
                Ok(Appended::Behind { .. }) | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }
}
