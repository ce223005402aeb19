//! César et Cléopâtre (Kosmos 1997), two players: the rules engine.
//!
//! The specification is `caesar-cleopatra.md` (shared rules folder); decisions beyond it are listed in this
//! folder's `README.md`. Layout, from the bottom layer up:
//! - the wire vocabulary: `ids` (seats, groups, manipulation kinds, phases, the `Card` index), `value`, `face` and
//!   `pile` (not strings on the wire, so with serde written by hand), `options`;
//! - `data`: the component tables from `caesar-cleopatra-data.json`; `card`: a card's string id and its owner's view;
//! - `action`, `event` and `outcome`: the rest of the wire contract;
//! - `state`: all zones and the derived quantities of spec 2.6;
//! - `rules`: setup, validation, legal actions and the automatic flow, one file per phase; `evolve`: applying events, family by family;
//! - `view`: views and event redaction (`impl Views`); `search`: the search bots' sampling (`impl SearchHints`); `undo`: the decisions and barriers
//!   of undo; `words`: events and actions told in words.

mod action;
mod card;
mod data;
mod event;
mod evolve;
mod face;
mod ids;
mod options;
mod outcome;
mod pile;
mod rules;
mod search;
mod state;
mod undo;
mod value;
mod view;
pub(crate) mod words;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use event::Event;
pub use options::{ManipulationPile, Options};
pub use outcome::Outcome;
pub use state::State;
pub use view::View;

use crate::engine::search::rank_rewards;
use crate::engine::{GameRng, OptionInfo, RuleError, Rules, Seat, SetupError, TitleInfo};

/// The title.
pub struct CaesarCleopatra;

impl Rules for CaesarCleopatra {
    const RULES_VERSION: u32 = 1;

    // The types, evolve, legal_actions, decided_by and is_undo_barrier, from the modules named alike.
    crate::rules_by_layout!();

    fn info() -> TitleInfo {
        TitleInfo {
            id: "caesar-cleopatra",
            name: "César et Cléopâtre",
            min_players: 2,
            max_players: 2,
            seats: ids::SeatId::ALL.map(ids::SeatId::id).to_vec(),
            options: vec![OptionInfo {
                name: "manipulation_pile",
                description: "How each seat's pile 2 (manipulation cards) is formed: `arranged` (each seat \
                              stacks it in the order it chooses) or `shuffled` (beginners).",
                values: vec!["arranged", "shuffled"],
                default: "arranged",
            }],
        }
    }

    fn new_state(players: usize, options: &Self::Options) -> Result<State, SetupError> {
        Self::check_players(players)?;
        Ok(State::initial(options))
    }

    fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
        let mut ctx = rules::Ctx::new(state.clone(), rng);
        rules::setup(&mut ctx);
        ctx.events
    }

    fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        rules::to_act(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.result.clone()
    }

    fn rewards(state: &State) -> Option<Vec<f64>> {
        let result = state.result.as_ref()?;
        Some(match result.winners.first() {
            Some(winner) => rank_rewards(2, &[winner.index(), 1 - winner.index()], 1),
            None => rank_rewards(2, &[0, 1], 2),
        })
    }
}
