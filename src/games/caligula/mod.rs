//! Caligula (Post Scriptum 2009), 2 to 5 players: SPQR token placement on ten Civitas cards, resolution in
//! Sequentia order, conspiracies against the emperor, and the fall of the empire. Spec: `shared/rules/caligula.md`;
//! decisions beyond the spec are listed in this folder's README.md.

mod data;
mod determinize;
mod evolve;
mod rules;
mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use data::{CardType, DATA, Extra, Suit};
pub use state::State as CaligulaState;
pub use types::{
    Action as CaligulaAction, CaligulaOptions, CaligulaOutcome, CaligulaView, Event as CaligulaEvent, Kind,
    Phase as CaligulaPhase, SeatId as CaligulaSeat,
};

use crate::engine::search::rank_rewards;
use crate::engine::{Game, GameRng, RuleError, Seat, SetupError, TitleInfo, Viewer};

/// The Caligula rules engine.
pub struct Caligula;

impl Game for Caligula {
    const RULES_VERSION: u32 = 1;
    type Options = CaligulaOptions;
    type State = CaligulaState;
    type Action = CaligulaAction;
    type Event = CaligulaEvent;
    type View = CaligulaView;
    type Outcome = CaligulaOutcome;

    fn info() -> TitleInfo {
        TitleInfo {
            id: "caligula",
            name: "Caligula",
            min_players: DATA.min_players,
            max_players: DATA.max_players,
            seats: CaligulaSeat::ALL.iter().map(|s| s.name()).collect(),
            options: vec![],
        }
    }

    fn new_state(players: usize, _options: &CaligulaOptions) -> Result<CaligulaState, SetupError> {
        if !(DATA.min_players..=DATA.max_players).contains(&players) {
            return Err(SetupError::PlayerCount {
                min: DATA.min_players,
                max: DATA.max_players,
                requested: players,
            });
        }
        Ok(rules::new_state(players))
    }

    fn setup(state: &CaligulaState, rng: &mut GameRng) -> Vec<CaligulaEvent> {
        rules::setup(state, rng)
    }

    fn evolve(state: &mut CaligulaState, event: &CaligulaEvent) {
        evolve::evolve(state, event)
    }

    fn decide(
        state: &CaligulaState,
        seat: Seat,
        action: &CaligulaAction,
        rng: &mut GameRng,
    ) -> Result<Vec<CaligulaEvent>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn legal_actions(state: &CaligulaState, seat: Seat) -> Vec<CaligulaAction> {
        rules::legal_actions(state, seat)
    }

    fn to_act(state: &CaligulaState) -> Vec<Seat> {
        state.phase.seat().into_iter().collect()
    }

    fn outcome(state: &CaligulaState) -> Option<CaligulaOutcome> {
        state.result.clone()
    }

    fn rewards(state: &CaligulaState) -> Option<Vec<f64>> {
        let result = state.result.as_ref()?;
        let ranking: Vec<Seat> = result.ranking.iter().map(|seat| seat.idx()).collect();
        Some(rank_rewards(ranking.len(), &ranking, result.winners.len()))
    }

    fn determinize(state: &CaligulaState, seat: Seat, rng: &mut GameRng) -> CaligulaState {
        determinize::determinize(state, seat, rng)
    }

    fn view(state: &CaligulaState, viewer: Viewer) -> CaligulaView {
        view::view(state, viewer)
    }

    fn redact(event: &CaligulaEvent, viewer: Viewer) -> Option<CaligulaEvent> {
        view::redact(event, viewer)
    }

    fn redact_finished(event: &CaligulaEvent) -> CaligulaEvent {
        view::redact_finished(event)
    }

    /// The card tables (Civitas, Sequentia, Augustus, slot profiles; substitute data marked as such).
    fn map() -> Option<&'static serde_json::Value> {
        Some(&data::MAP)
    }
}
