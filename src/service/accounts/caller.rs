//! Who a request comes from: a seat's token, or an account key standing for every seat its account holds.

use crate::engine::{Seat, Viewer};
use crate::service::{LoadedGame, ServiceError};

/// The holder of a request's bearer credential.
#[derive(Clone, Debug)]
pub enum Caller {
    /// A seat token: one seat of one game.
    Token(String),
    /// An account, with the seat the request names (`X-Ludus-Seat` or `?seat=`) for a game where it holds several.
    Account { id: String, seat: Option<String> },
}

impl Caller {
    /// The account acting, if an account is.
    pub fn account(&self) -> Option<&str> {
        match self {
            Caller::Token(_) => None,
            Caller::Account { id, .. } => Some(id),
        }
    }
}

impl LoadedGame {
    /// The seats bound to `account`, in seat order.
    pub fn seats_of_account(&self, account: &str) -> Vec<Seat> {
        let table = self.session.table();
        (0..self.seats.len())
            .filter(|&seat| table.seats[seat].account.as_deref() == Some(account))
            .collect()
    }

    /// The open seats reserved for `account`, in seat order.
    pub fn seats_invited(&self, account: &str) -> Vec<Seat> {
        let table = self.session.table();
        (0..self.seats.len())
            .filter(|&seat| table.seats[seat].invited.as_deref() == Some(account))
            .collect()
    }

    /// The seat `caller` acts for in this game.
    pub fn seat_for(&self, caller: &Caller) -> Result<Seat, ServiceError> {
        match caller {
            Caller::Token(token) => self.seat_of(token),
            Caller::Account { id, seat } => {
                let held = self.seats_of_account(id);
                match (seat, held.as_slice()) {
                    (Some(named), _) => {
                        let seat = self.seat_index(named)?;
                        held.contains(&seat).then_some(seat).ok_or(ServiceError::SeatNotHeld)
                    }
                    (None, [one]) => Ok(*one),
                    (None, []) => Err(ServiceError::SeatNotHeld),
                    (None, _) => {
                        Err(ServiceError::SeatRequired(held.iter().map(|&seat| self.seat_name(seat)).collect()))
                    }
                }
            }
        }
    }

    /// The viewer a caller stands for: its seat, or a spectator without a credential or for an account that holds
    /// no seat of this game and names none.
    pub fn viewer_for(&self, caller: Option<&Caller>) -> Result<Viewer, ServiceError> {
        match caller {
            None => Ok(Viewer::Spectator),
            Some(Caller::Account { id, seat: None }) if self.seats_of_account(id).is_empty() => Ok(Viewer::Spectator),
            Some(caller) => self.seat_for(caller).map(Viewer::Seat),
        }
    }

    /// A seat by its id.
    pub fn seat_index(&self, seat_id: &str) -> Result<Seat, ServiceError> {
        self.seats
            .iter()
            .position(|seat| *seat == seat_id)
            .ok_or_else(|| ServiceError::SeatNotFound(seat_id.to_owned()))
    }
}
