//! How a finished game ended, as every answer, stream and notification tells it.

use serde::Serialize;
use utoipa::ToSchema;

use super::LoadedGame;
use crate::engine::table::EndReason;

/// How a game ended.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameEnding {
    pub reason: EndReason,
    /// The seats that resigned, let their time run out, or aborted.
    pub by: Vec<&'static str>,
    /// After a resignation or a timeout: the seats that lost (those seats and their partners).
    pub losers: Vec<&'static str>,
    /// After a resignation or a timeout: every other seat. For a game played out, see `result`.
    pub winners: Vec<&'static str>,
}

impl LoadedGame {
    /// How the game ended, once it is over.
    pub fn ending(&self) -> Option<GameEnding> {
        let session = &self.session;
        let seat_names = |seats: &[usize]| seats.iter().map(|&seat| self.seat_name(seat)).collect::<Vec<_>>();
        session.table().ending.as_ref().map_or_else(
            || {
                session.is_finished().then(|| GameEnding {
                    reason: EndReason::PlayedOut,
                    by: Vec::new(),
                    losers: Vec::new(),
                    winners: Vec::new(),
                })
            },
            |ending| {
                let decided = !ending.losers.is_empty();
                Some(GameEnding {
                    reason: ending.reason,
                    by: seat_names(&ending.by),
                    losers: seat_names(&ending.losers),
                    winners: (0..self.seats.len())
                        .filter(|seat| decided && !ending.losers.contains(seat))
                        .map(|seat| self.seat_name(seat))
                        .collect(),
                })
            },
        )
    }
}
