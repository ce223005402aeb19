//! Rome et Carthage (Jean-René Vernes, Miro 1954) for 2, 3 and 4 players, on its map.
//!
//! Spec: `rules/rome-carthage.md`; decisions beyond it are listed in this folder's README.md.

mod action;
mod card;
mod city;
pub mod data;
mod event;
mod evolve;
mod ids;
mod options;
mod outcome;
mod piece;
mod rules;
mod search;
mod state;
mod undo;
mod view;
pub(crate) mod words;

#[cfg(test)]
mod tests;

pub use action::{Action, Step};
pub use event::Event;
pub use options::Options;
pub use outcome::Outcome;
pub use state::State;
pub use view::View;

use crate::engine::{GameRng, OptionInfo, RuleError, Rules, Seat, SetupError, TitleInfo};

/// The title.
pub struct RomeCarthage;

impl Rules for RomeCarthage {
    const RULES_VERSION: u32 = 2;
    const RULES_DRAW: bool = true;

    // The types, evolve, legal_actions, decided_by and is_undo_barrier, from the modules named alike.
    crate::rules_by_layout!();

    fn info() -> TitleInfo {
        TitleInfo {
            id: "rome-carthage",
            name: "Rome et Carthage",
            min_players: 2,
            max_players: 4,
            seats: vec!["primus", "secundus", "tertius", "quartus"],
            options: vec![
                OptionInfo {
                    name: "partners_see_hands",
                    description: "Partners may see each other's cards (as ranks).",
                    values: vec!["false", "true"],
                    default: "false",
                },
                OptionInfo {
                    name: "match_talons",
                    description: "A separate talon per team, split into two packets equal in strength.",
                    values: vec!["false", "true"],
                    default: "false",
                },
                OptionInfo {
                    name: "no_progress_rounds",
                    description: "Automatic draw after this many rounds without an elimination (integer, at least 1).",
                    values: vec![],
                    default: "60",
                },
            ],
        }
    }

    fn new_state(players: usize, options: &Options) -> Result<State, SetupError> {
        Self::check_players(players)?;
        if options.no_progress_rounds == 0 {
            return Err(SetupError::InvalidOptions("no_progress_rounds must be at least 1".into()));
        }
        Ok(State::new(players, options.clone()))
    }

    fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
        rules::setup(state, rng)
    }

    fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        rules::to_act(state).to_vec()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.result.clone()
    }

    fn rewards(state: &State) -> Option<Vec<f64>> {
        let result = state.result.as_ref()?;
        let won = |seat: Seat| result.winners.iter().any(|winner| winner.index() == seat);
        Some(
            (0..state.players)
                .map(|seat| {
                    if result.draw {
                        0.5
                    } else if won(seat) {
                        1.0
                    } else {
                        0.0
                    }
                })
                .collect(),
        )
    }

    /// Partners win or lose together (a lost member's team still plays, as in the rules; a resigning or timed-out
    /// member concedes for the team).
    fn side(state: &State, seat: Seat) -> Vec<Seat> {
        let mut side = vec![seat];
        side.extend(state.partner(seat as u8).map(Seat::from));
        side
    }
}
