//! Taking an open seat: a person who joins (and gets the seat's token once), or a bot a player seats. The last seat
//! taken starts the game. A seat is taken exactly once: joins race through the store's conditional append, and the
//! losers find it taken.

use super::create::check_name;
use super::ratings::check_rated_join;
use super::{CONFLICT_RETRIES, Caller, GameId, LoadedGame, ServiceError, Tables, hash_token, new_token, now_ms};
use crate::engine::bot::Bot;
use crate::engine::table::{TableEvent, Taker};
use crate::engine::{ActionError, Seat};
use crate::store::{Appended, StoreError};

/// Who asks to take a seat: someone for themselves (with their account, if any), or a player seating a bot.
#[derive(Clone, Copy)]
enum Joiner<'a> {
    Person(Option<&'a str>),
    BotOf(&'a Caller, Bot),
}

/// A seat taken by joining: its token, shown once.
pub struct Joined {
    pub game: LoadedGame,
    pub seat: Seat,
    pub token: String,
}

impl Tables {
    /// Takes an open seat for someone, who gets its token once; with an account, the seat is bound to it. A seat
    /// reserved for an account is taken by that account only.
    pub async fn join(
        &self,
        id: &GameId,
        seat_id: &str,
        name: Option<String>,
        account: Option<&str>,
    ) -> Result<Joined, ServiceError> {
        let name = check_name(name)?;
        let token = new_token();
        let taker = || Taker::Person {
            name: name.clone(),
            token_hash: hash_token(&token),
            account: account.map(str::to_owned),
        };
        let (game, seat) = self.take_seat(id, seat_id, Joiner::Person(account), &taker).await?;
        Ok(Joined { game, seat, token })
    }

    /// Seats `bot` on an open seat, at the request of a player of the game: it plays that seat from then on.
    pub async fn seat_bot(
        &self,
        id: &GameId,
        seat_id: &str,
        caller: &Caller,
        bot: Bot,
    ) -> Result<(LoadedGame, Seat), ServiceError> {
        self.take_seat(id, seat_id, Joiner::BotOf(caller, bot), &|| Taker::Bot(bot))
            .await
    }

    /// Declines the seat `account` was invited to: the seat opens, or the game ends, as its creator chose.
    pub async fn decline(&self, id: &GameId, seat_id: &str, account: &str) -> Result<LoadedGame, ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.games.load(id).await?;
            let seat = game.seat_index(seat_id)?;
            let table = game.session.table();
            if game.session.is_finished() {
                return Err(ServiceError::JoinTooLate);
            }
            if table.seats[seat].invited.as_deref() != Some(account) {
                return Err(ServiceError::NotInvited(game.seat_name(seat)));
            }
            let declined = TableEvent::InvitationDeclined {
                seat: seat_id.to_owned(),
            };
            if let Some(after) = self.append_table_event(&game, declined).await? {
                return Ok(after);
            }
        }
        Err(ServiceError::Contention)
    }

    /// Seats whoever `taker` makes on open seat `seat_id`, once `joiner` may take it.
    async fn take_seat(
        &self,
        id: &GameId,
        seat_id: &str,
        joiner: Joiner<'_>,
        taker: &(dyn Fn() -> Taker + Sync),
    ) -> Result<(LoadedGame, Seat), ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.games.load(id).await?;
            if let Joiner::BotOf(caller, _) = joiner {
                game.seat_for(caller)?;
            }
            let seat = game.seat_index(seat_id)?;
            let invited = game.session.table().seats[seat].invited.as_deref();
            let (account, bot) = match joiner {
                Joiner::Person(account) => (account, None),
                Joiner::BotOf(caller, bot) => (caller.account(), Some(bot)),
            };
            if invited.is_some_and(|invited| Some(invited) != account) {
                return Err(ServiceError::SeatReserved(game.seat_name(seat)));
            }
            let now = now_ms();
            if !game.session.overdue(now).is_empty() {
                self.games.settle_due(id, now).await?;
                return Err(ServiceError::JoinTooLate);
            }
            if game.session.is_finished() {
                return Err(ServiceError::JoinTooLate);
            }
            if !game.session.table().seats[seat].open {
                return Err(ServiceError::SeatTaken(game.seat_name(seat)));
            }
            check_rated_join(&game, account, bot)?;
            let played = game
                .session
                .join(seat, taker(), game.seed()?, now)
                .map_err(ActionError::from)?;
            let after = game.followed_by(played.next, &played.events);
            match self.games.commit(&game, &after, &played.events, None, None, now).await {
                Ok(Appended::Ok { .. }) => return Ok((after, seat)),
                Ok(Appended::Duplicate { .. }) => return Err(ServiceError::Contention),
                Ok(Appended::Behind { .. } | Appended::Rewritten { .. }) | Err(StoreError::Conflict { .. }) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Err(ServiceError::Contention)
    }
}
