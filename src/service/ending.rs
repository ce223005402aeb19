//! How a finished game ended, as every answer, stream and notification tells it.

use serde::Serialize;
use utoipa::ToSchema;

use super::LoadedGame;
use crate::engine::Seat;
use crate::engine::table::EndReason;

/// How a game ended.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameEnding {
    pub reason: EndReason,
    /// The seats that resigned, let their time run out, or aborted.
    pub by: Vec<&'static str>,
    /// After a resignation or a timeout: the seats that lost (those seats and their partners).
    pub losers: Vec<&'static str>,
    /// After a resignation or a timeout: every other seat. For a game played out, see `result` and `ranking`.
    pub winners: Vec<&'static str>,
    /// The seats that left a game which went on without them (`on_leave: bot`): they rank last, whatever their bots
    /// scored.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abandoned: Vec<&'static str>,
    /// Every seat from first place to last, seats that share a place together: from the title's result, with the
    /// abandoned seats last; winners then losers after a resignation or a timeout; one shared place for a draw by
    /// agreement. Empty for a game aborted or expired.
    pub ranking: Vec<Vec<&'static str>>,
}

impl LoadedGame {
    /// How the game ended, once it is over.
    pub fn ending(&self) -> Option<GameEnding> {
        let session = &self.session;
        let table = session.table();
        let names = |seats: &[Seat]| seats.iter().map(|&seat| self.seat_name(seat)).collect::<Vec<_>>();
        let abandoned: Vec<Seat> = (0..self.seats.len())
            .filter(|&seat| table.seats[seat].abandoned.is_some())
            .collect();
        let (reason, by, losers) = match &table.ending {
            Some(ending) => (ending.reason, ending.by.clone(), ending.losers.clone()),
            None if session.is_finished() => (EndReason::PlayedOut, Vec::new(), Vec::new()),
            None => return None,
        };
        let winners: Vec<Seat> = (0..self.seats.len())
            .filter(|seat| !losers.is_empty() && !losers.contains(seat))
            .collect();
        let mut places: Vec<Vec<Seat>> = match reason {
            EndReason::PlayedOut => session
                .rewards()
                .map(|rewards| by_reward(&rewards, &abandoned))
                .unwrap_or_default(),
            EndReason::Resigned | EndReason::TimedOut => vec![winners.clone(), losers.clone()],
            EndReason::DrawAgreed => vec![table.remaining().collect()],
            EndReason::Aborted | EndReason::Expired => Vec::new(),
        };
        if !places.is_empty() {
            places.push(abandoned.clone());
        }
        places.retain(|place| !place.is_empty());
        Some(GameEnding {
            reason,
            by: names(&by),
            losers: names(&losers),
            winners: names(&winners),
            abandoned: names(&abandoned),
            ranking: places.iter().map(|place| names(place)).collect(),
        })
    }
}

/// The seats not in `left`, best reward first, equal rewards sharing a place.
fn by_reward(rewards: &[f64], left: &[Seat]) -> Vec<Vec<Seat>> {
    let mut seats: Vec<Seat> = (0..rewards.len()).filter(|seat| !left.contains(seat)).collect();
    seats.sort_by(|a, b| rewards[*b].total_cmp(&rewards[*a]).then(a.cmp(b)));
    let mut places: Vec<Vec<Seat>> = Vec::new();
    for seat in seats {
        match places.last_mut() {
            Some(place) if rewards[place[0]] == rewards[seat] => place.push(seat),
            _ => places.push(vec![seat]),
        }
    }
    places
}

#[cfg(test)]
mod tests {
    use super::by_reward;

    #[test]
    fn places_follow_the_rewards_with_ties_shared_and_leavers_left_out() {
        assert_eq!(by_reward(&[0.5, 1.0, 0.0, 0.5], &[]), vec![vec![1], vec![0, 3], vec![2]]);
        assert_eq!(by_reward(&[0.5, 1.0, 0.0, 0.5], &[1]), vec![vec![0, 3], vec![2]]);
    }
}
