//! Stream tickets: single-use, short-lived stand-ins for a seat's token or an account's key, for clients that cannot
//! send headers (a browser's EventSource).

use std::time::Duration;

use super::{LoadedGame, ServiceError, Tables, hash_token};
use crate::engine::Seat;

/// How long a stream ticket may wait to be redeemed: enough to open a stream, short enough that a ticket seen in a
/// URL or a log is worthless.
pub const TICKET_TTL: Duration = Duration::from_secs(60);

impl Tables {
    /// A new single-use ticket that opens one stream of the game as `seat` within `TICKET_TTL`. 128 random bits;
    /// only its hash is stored.
    pub async fn issue_ticket(&self, game: &LoadedGame, seat: Seat) -> Result<String, ServiceError> {
        let (ticket, hash) = new_ticket();
        self.store.issue_ticket(&game.meta.id, &hash, seat, TICKET_TTL).await?;
        Ok(ticket)
    }

    /// The seat a stream ticket of the game stands for, consuming the ticket.
    pub async fn redeem_ticket(&self, game: &LoadedGame, ticket: &str) -> Result<Seat, ServiceError> {
        self.store
            .redeem_ticket(&game.meta.id, &hash_token(ticket))
            .await?
            .filter(|&seat| seat < game.seats.len())
            .ok_or(ServiceError::InvalidTicket)
    }
}

/// A ticket, 128 random bits, and the hash the store keeps of it.
pub(super) fn new_ticket() -> (String, String) {
    let ticket = hex::encode(rand::random::<[u8; 16]>());
    let hash = hash_token(&ticket);
    (ticket, hash)
}
