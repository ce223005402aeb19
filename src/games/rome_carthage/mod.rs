//! Rome et Carthage (Jean-René Vernes, Miro 1954) for 2, 3 and 4 players, on its map.
//!
//! Spec: `rules/rome-carthage.md`; decisions beyond it are listed in this folder's README.md.

mod action;
mod card;
mod city;
pub mod data;
mod determinize;
mod event;
mod evolve;
mod ids;
mod options;
mod outcome;
mod piece;
mod rules;
mod state;
mod undo;
mod view;
pub(crate) mod words;

#[cfg(test)]
mod tests;

pub use action::{Action as RomeCarthageAction, Step};
pub use event::Event as RomeCarthageEvent;
pub use options::Options as RomeCarthageOptions;
pub use outcome::Outcome as RomeCarthageOutcome;
pub use view::View as RomeCarthageView;

use crate::engine::{Game, GameRng, Lang, OptionInfo, RuleError, Seat, SetupError, TitleInfo, Viewer};

/// The title.
pub struct RomeCarthage;

/// The full game state, hidden information included.
pub type RomeCarthageState = state::State;

impl Game for RomeCarthage {
    const RULES_VERSION: u32 = 2;
    const RULES_DRAW: bool = true;
    type Options = RomeCarthageOptions;
    type State = state::State;
    type Action = RomeCarthageAction;
    type Event = RomeCarthageEvent;
    type View = RomeCarthageView;
    type Outcome = RomeCarthageOutcome;

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

    fn new_state(players: usize, options: &RomeCarthageOptions) -> Result<state::State, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::PlayerCount {
                min: 2,
                max: 4,
                requested: players,
            });
        }
        if options.no_progress_rounds == 0 {
            return Err(SetupError::InvalidOptions(
                "no_progress_rounds must be at least 1".into(),
            ));
        }
        Ok(state::State::new(players, options.clone()))
    }

    fn setup(state: &state::State, rng: &mut GameRng) -> Vec<RomeCarthageEvent> {
        rules::setup(state, rng)
    }

    fn evolve(state: &mut state::State, event: &RomeCarthageEvent) {
        evolve::evolve(state, event)
    }

    fn decide(
        state: &state::State,
        seat: Seat,
        action: &RomeCarthageAction,
        rng: &mut GameRng,
    ) -> Result<Vec<RomeCarthageEvent>, RuleError> {
        rules::decide(state, seat, action, rng)
    }

    fn legal_actions(state: &state::State, seat: Seat) -> Vec<RomeCarthageAction> {
        rules::legal_actions(state, seat)
    }

    fn playout_action(state: &state::State, seat: Seat, rng: &mut GameRng) -> Option<RomeCarthageAction> {
        if state.phase == state::Phase::Main {
            rules::main_phase_playout_action(state, seat, rng)
        } else {
            crate::engine::search::weighted_choice::<Self>(state, rules::legal_actions(state, seat), rng)
        }
    }

    fn decided_by(state: &state::State, event: &RomeCarthageEvent) -> Option<Seat> {
        undo::decided_by(state, event)
    }

    fn is_undo_barrier(state: &state::State, event: &RomeCarthageEvent) -> bool {
        undo::is_barrier(state, event)
    }

    fn to_act(state: &state::State) -> Vec<Seat> {
        rules::to_act(state).to_vec()
    }

    fn outcome(state: &state::State) -> Option<RomeCarthageOutcome> {
        state.result.clone()
    }

    fn rewards(state: &state::State) -> Option<Vec<f64>> {
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

    /// Random games run long (about 1,700 actions from the start of a 2-player game): armies moving at random rarely
    /// meet, and most such games end in the no-progress draw, which tells a search nothing.
    const PLAYOUT_ACTIONS: u32 = 100;

    /// Each seat scores its team's share of the pieces still on the board: eliminations lead to both victories
    /// (annihilation, and capitals nobody is left to defend).
    fn estimate(state: &state::State) -> Option<Vec<f64>> {
        let mut on_board = [0u32; 2];
        for piece in (0..piece::Piece::COUNT).map(piece::Piece) {
            if state.on_board(piece) {
                *on_board.get_mut(usize::from(state.team_of_piece(piece)))? += 1;
            }
        }
        let total = f64::from(on_board[0] + on_board[1]);
        if total == 0.0 {
            return None;
        }
        (0..state.players)
            .map(|seat| {
                let team = usize::from(state.team_of_seat(u8::try_from(seat).ok()?));
                Some(f64::from(*on_board.get(team)?) / total)
            })
            .collect()
    }

    fn determinize(state: &state::State, seat: Seat, rng: &mut GameRng) -> state::State {
        determinize::determinize(state, seat, rng)
    }

    /// Search bots never offer or accept a draw: random playouts agree to one so often that every position would
    /// look like a draw to the search, and a bot plays to win.
    fn search_weight(_: &state::State, action: &RomeCarthageAction) -> u32 {
        match action {
            RomeCarthageAction::OfferDraw {} | RomeCarthageAction::AcceptDraw {} => 0,
            _ => 1,
        }
    }

    fn view(state: &state::State, viewer: Viewer) -> RomeCarthageView {
        view::view(state, viewer, &rules::to_act(state))
    }

    fn redact(event: &RomeCarthageEvent, viewer: Viewer) -> Option<RomeCarthageEvent> {
        view::redact(event, viewer)
    }

    fn redact_finished(event: &RomeCarthageEvent) -> RomeCarthageEvent {
        view::redact_finished(event)
    }

    fn describe(event: &RomeCarthageEvent, lang: Lang) -> String {
        words::describe(event, lang)
    }

    fn label(action: &RomeCarthageAction, lang: Lang) -> String {
        words::label(action, lang)
    }

    /// Partners win or lose together (a lost member's team still plays, as in the rules; a resigning or timed-out
    /// member concedes for the team).
    fn side(state: &state::State, seat: Seat) -> Vec<Seat> {
        let mut side = vec![seat];
        side.extend(state.partner(seat as u8).map(Seat::from));
        side
    }

    fn map() -> Option<&'static serde_json::Value> {
        Some(&data::MAP_VALUE)
    }
}
