//! Caligula (Post Scriptum 2009), 2 to 5 players: SPQR token placement on ten Civitas cards, resolution in
//! Sequentia order, conspiracies against the emperor, and the fall of the empire. The rules as implemented, and the
//! decisions beyond the spec they come from, are in this folder's README.md.

mod action;
mod conspiracy;
mod data;
mod effect_code;
mod event;
mod evolve;
mod ids;
mod options;
mod outcome;
mod phase;
mod rules;
mod search;
mod state;
mod undo;
mod view;
pub(crate) mod words;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use data::DATA;
pub use event::Event;
pub use ids::{CardType, Extra, Kind, SeatId, Suit};
pub use options::Options;
pub use outcome::Outcome;
pub use phase::Phase;
pub use state::State;
pub use view::View;

use crate::engine::search::rank_rewards;
use crate::engine::{GameRng, RuleError, Rules, Seat, SetupError, TitleInfo};

/// The Caligula rules engine.
pub struct Caligula;

impl Rules for Caligula {
    const RULES_VERSION: u32 = 2;

    // The types, evolve, legal_actions, decided_by and is_undo_barrier, from the modules named alike.
    crate::rules_by_layout!();

    fn info() -> TitleInfo {
        TitleInfo {
            id: "caligula",
            name: "Caligula",
            min_players: DATA.min_players,
            max_players: DATA.max_players,
            seats: SeatId::ALL.iter().map(|seat| seat.name()).collect(),
            options: vec![],
        }
    }

    fn new_state(players: usize, _options: &Options) -> Result<State, SetupError> {
        Self::check_players(players)?;
        Ok(State::new(players))
    }

    fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
        rules::setup(state, rng)
    }

    fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        state.acting().into_iter().collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.result.clone()
    }

    fn rewards(state: &State) -> Option<Vec<f64>> {
        let result = state.result.as_ref()?;
        let ranking: Vec<Seat> = result.ranking.iter().map(|seat| seat.idx()).collect();
        Some(rank_rewards(ranking.len(), &ranking, result.winners.len()))
    }
}
