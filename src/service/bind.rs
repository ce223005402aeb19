//! A seat held by its token bound to an account: a guest who signs up or in keeps the games they played, and the
//! log says so.

use super::{CONFLICT_RETRIES, GameId, LoadedGame, ServiceError, Tables};
use crate::engine::Seat;
use crate::engine::table::TableEvent;

impl Tables {
    /// Binds the seat that `token` holds in game `id` to `account`, which acts for it from then on, finished games
    /// included. Binding it again to the same account changes nothing; a seat bound to another account, or whose
    /// account was deleted, stays as it is.
    pub async fn bind(&self, id: &GameId, token: &str, account: &str) -> Result<(LoadedGame, Seat), ServiceError> {
        for _ in 0..=CONFLICT_RETRIES {
            let game = self.games.load(id).await?;
            let seat = game.seat_of(token)?;
            let held = &game.session.table().seats[seat];
            if held.erased {
                return Err(ServiceError::SeatBoundElsewhere(game.seat_name(seat)));
            }
            match held.account.as_deref() {
                Some(bound) if bound == account => return Ok((game, seat)),
                Some(_) => return Err(ServiceError::SeatBoundElsewhere(game.seat_name(seat))),
                None => {}
            }
            let bound = TableEvent::SeatBound {
                seat: game.seat_name(seat).to_owned(),
                account: Some(account.to_owned()),
            };
            if let Some(after) = self.append_table_event(&game, bound).await? {
                return Ok((after, seat));
            }
        }
        Err(ServiceError::Contention)
    }
}
