//! César et Cléopâtre (Kosmos 1997), two players: the rules engine.
//!
//! The specification is `caesar-cleopatra.md` (shared rules folder); decisions beyond it are listed in this
//! folder's `README.md`. Layout:
//! - `types`: the wire contract (options, actions, events, views, outcome);
//! - `state`: all zones and the derived quantities of spec 2.6;
//! - `data`: the component tables from `caesar-cleopatra-data.json`;
//! - `rules`: setup, validation, legal actions and the automatic flow, one file per phase;
//! - `evolve`: applying events; `view`: views and event redaction; `determinize`: the search bots' sampling.

mod data;
mod determinize;
mod evolve;
mod rules;
mod state;
mod types;
mod view;

#[cfg(test)]
mod tests;

pub use state::State;
pub use types::{
    CaesarCleopatraAction, CaesarCleopatraEvent, CaesarCleopatraOptions, CaesarCleopatraOutcome, CaesarCleopatraView,
    CcBreakdown, CcBreakdowns, CcCard, CcDrawReason, CcEndReason, CcFace, CcGroup, CcGroupCount, CcGroupSeatCounts,
    CcManipulationKind, CcManipulationPile, CcMissionCards, CcMissionGroups, CcMode, CcOrigin, CcOwnedCard, CcPhase,
    CcPile, CcPlacement, CcRevealCause, CcSeat, CcSeatNumbers, CcValue, CcVoteKind, CcVoteOutcome,
};

use crate::engine::search::rank_rewards;
use crate::engine::{Game, GameRng, OptionInfo, RuleError, Seat, SetupError, TitleInfo, Viewer};

/// The title.
pub struct CaesarCleopatra;

impl Game for CaesarCleopatra {
    const RULES_VERSION: u32 = 1;
    type Options = CaesarCleopatraOptions;
    type State = State;
    type Action = CaesarCleopatraAction;
    type Event = CaesarCleopatraEvent;
    type View = CaesarCleopatraView;
    type Outcome = CaesarCleopatraOutcome;

    fn info() -> TitleInfo {
        TitleInfo {
            id: "caesar-cleopatra",
            name: "César et Cléopâtre",
            min_players: 2,
            max_players: 2,
            seats: CcSeat::ALL.map(CcSeat::id).to_vec(),
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
        if players != 2 {
            return Err(SetupError::PlayerCount {
                min: 2,
                max: 2,
                requested: players,
            });
        }
        Ok(State::initial(options))
    }

    fn setup(state: &State, rng: &mut GameRng) -> Vec<CaesarCleopatraEvent> {
        let mut ctx = rules::Ctx::new(state.clone(), rng);
        rules::setup(&mut ctx);
        ctx.events
    }

    fn evolve(state: &mut State, event: &CaesarCleopatraEvent) {
        evolve::evolve(state, event);
    }

    fn decide(
        state: &State,
        seat: Seat,
        action: &CaesarCleopatraAction,
        rng: &mut GameRng,
    ) -> Result<Vec<CaesarCleopatraEvent>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<CaesarCleopatraAction> {
        rules::legal_actions(state, seat)
    }

    fn to_act(state: &State) -> Vec<Seat> {
        rules::to_act(state)
    }

    fn outcome(state: &State) -> Option<CaesarCleopatraOutcome> {
        state.result.clone()
    }

    fn rewards(state: &State) -> Option<Vec<f64>> {
        let result = state.result.as_ref()?;
        Some(match result.winners.first() {
            Some(winner) => rank_rewards(2, &[winner.index(), 1 - winner.index()], 1),
            None => rank_rewards(2, &[0, 1], 2),
        })
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        determinize::determinize(state, seat, rng)
    }

    fn view(state: &State, viewer: Viewer) -> CaesarCleopatraView {
        view::view(state, viewer)
    }

    fn redact(event: &CaesarCleopatraEvent, viewer: Viewer) -> Option<CaesarCleopatraEvent> {
        view::redact(event, viewer)
    }

    fn redact_finished(event: &CaesarCleopatraEvent) -> CaesarCleopatraEvent {
        view::redact_finished(event)
    }
}
