//! Alea Iacta Est (2 to 5 players): dice placement on the Templum, Senatus, Castrum, Forum Romanum and Latrina,
//! evaluation of the buildings each round, and final scoring with the optimal housing of inhabitants.
//! Specification: `alea-iacta-est.md`; decisions beyond it are in this folder's README.md.

mod action;
mod building;
pub mod data;
mod dice;
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

use crate::engine::search::rank_rewards;
use crate::engine::{GameRng, OptionInfo, RuleError, Rules, Seat, SetupError, TitleInfo};

pub use action::Action;
pub use building::{Building, EvaluatedBuilding};
pub use data::DATA;
pub use dice::{Dice, FACES, Hand, MAX_ACTION_DICE};
pub use event::{Event, FavourToken, ForumDie, GroupView, SeatCount, Straight, TemplumResult};
pub use evolve::evolve;
pub use ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
pub use options::Options;
pub use outcome::{CardScore, Housing, Outcome, SeatScore};
pub use phase::Phase;
pub use rules::{Chance, RngChance, decide_with, run_automatic, setup_with, templum_results};
pub use rules::{scoring, sub_multisets};
pub use state::{Combo, ForumSlot, Group, SeatState, State};
pub use view::{ComboView, EvaluationView, SeatView, SenateCardView, View};

/// The title.
pub struct AleaIactaEst;

impl Rules for AleaIactaEst {
    const RULES_VERSION: u32 = 2;

    // The types, evolve, legal_actions, decided_by and is_undo_barrier, from the modules named alike.
    crate::rules_by_layout!();

    fn info() -> TitleInfo {
        let seats: Vec<&'static str> = DATA.seats.iter().map(String::as_str).collect();
        TitleInfo {
            id: "alea-iacta-est",
            name: "Alea Iacta Est",
            min_players: DATA.min_players(),
            max_players: DATA.max_players(),
            options: vec![OptionInfo {
                name: "first_player",
                description: "The seat holding the first-player marker in round 1 (the rules' youngest player). \
                              It must be one of the game's seats.",
                values: seats.clone(),
                default: seats[0],
            }],
            seats,
        }
    }

    fn new_state(players: usize, options: &Options) -> Result<State, SetupError> {
        Self::check_players(players)?;
        let Some(params) = DATA.player_count(players) else {
            // Only a data file with a gap in its player counts gets here.
            return Err(SetupError::InvalidOptions(format!("no data for {players} players")));
        };
        let first = options.first_player.map_or(0, SeatId::seat);
        if first >= players {
            return Err(SetupError::OptionsConflict(format!(
                "first_player {} is not a seat of a {players}-player game",
                SeatId::of(first).id()
            )));
        }
        Ok(State::new(params, first))
    }

    fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
        setup_with(state, &mut RngChance(rng))
    }

    fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        decide_with(state, seat, action, &mut RngChance(rng))
    }

    fn to_act(state: &State) -> Vec<Seat> {
        state.to_act().into_iter().collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.result.as_deref().cloned()
    }

    fn rewards(state: &State) -> Option<Vec<f64>> {
        let result = state.result.as_deref()?;
        let ranking: Vec<Seat> = result.ranking.iter().map(|seat| seat.seat()).collect();
        Some(rank_rewards(ranking.len(), &ranking, result.winners.len()))
    }
}
