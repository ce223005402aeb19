//! What a viewer sees (spec section 9): the per-viewer view, built here from the parts in this folder, and `redact`,
//! which hides the private parts of events (card ids and ranks of hidden cards, talon orders) from the viewers who
//! may not know them.

mod board;
mod combat;
mod redact;
mod seat;
mod turn;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use board::{CityView, PieceView};
use combat::{CombatView, PendingView};
use seat::{SeatView, SpecialView};
use turn::{DrawOfferView, PlacementView, SiegeView, TurnView};

use super::RomeCarthage;
use super::card::{Card, Rank};
use super::data::MAP_VALUE;
use super::event::Event;
use super::ids::{SeatId, seat_id};
use super::options::Options;
use super::outcome::{Outcome, Teams};
use super::rules::game_over::teams;
use super::rules::to_act;
use super::state::{Phase, SpyStage, State};
use crate::engine::{Viewer, Views};

/// The phase of the game (spec 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePhase)]
pub enum PhaseName {
    Setup,
    SpecialChoice,
    Placement,
    Main,
    DrawOffer,
    CombatChoice,
    CombatCommit,
    SpyDecision,
    SpyCommit,
    TieBreak,
    /// Transient between automatic steps (never seen at rest).
    Resolving,
    GameOver,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageView)]
pub struct View {
    pub viewer: Option<SeatId>,
    pub players: usize,
    pub options: Options,
    pub phase: PhaseName,
    pub to_act: Vec<SeatId>,
    pub round: u32,
    pub turn_order: Vec<SeatId>,
    pub starter: Option<SeatId>,
    /// The public starting card (setup 6).
    pub starting_card: Option<Card>,
    pub seats: Vec<SeatView>,
    pub teams: Option<Teams>,
    pub specials: Vec<SpecialView>,
    pub pieces: Vec<PieceView>,
    /// Held cities only.
    pub cities: Vec<CityView>,
    /// Talon sizes: one entry, or team_a and team_b with `match_talons`.
    pub talon_counts: Vec<u32>,
    /// Face up, bottom first, as ranks.
    pub discard: Vec<Rank>,
    /// Out of the game, as ranks.
    pub removed: Vec<Rank>,
    pub kings_removed: u8,
    pub sieges: Vec<SiegeView>,
    pub quiet_turns: u32,
    /// `quiet_turns` at which the no-progress draw applies (T = rounds × seats in the game).
    pub quiet_limit: u32,
    pub turn: Option<TurnView>,
    pub pending_combats: Vec<PendingView>,
    pub combat: Option<CombatView>,
    pub placement: Option<PlacementView>,
    /// Choosers still to pick in `special_choice`.
    pub special_choosers: Vec<SeatId>,
    pub draw_offer: Option<DrawOfferView>,
    pub result: Option<Outcome>,
}

/// The name of the phase at rest, combat steps told apart.
fn phase_name(state: &State) -> PhaseName {
    match state.phase {
        Phase::Setup => PhaseName::Setup,
        Phase::SpecialChoice => PhaseName::SpecialChoice,
        Phase::Placement => PhaseName::Placement,
        Phase::Main => PhaseName::Main,
        Phase::DrawOffer => PhaseName::DrawOffer,
        Phase::GameOver => PhaseName::GameOver,
        Phase::Combat => match &state.combat {
            None if state.pending.len() >= 2 => PhaseName::CombatChoice,
            None => PhaseName::Resolving,
            Some(combat) if combat.committed.contains(&false) => PhaseName::CombatCommit,
            Some(combat) => match combat.spy {
                SpyStage::Offered(_) => PhaseName::SpyDecision,
                SpyStage::Declared(_) => PhaseName::SpyCommit,
                SpyStage::Done if combat.tie => PhaseName::TieBreak,
                _ => PhaseName::Resolving,
            },
        },
    }
}

/// The seat looking, as the state numbers seats (`None`: a spectator or a stranger).
#[derive(Clone, Copy)]
struct Looker<'a> {
    state: &'a State,
    seat: Option<u8>,
}

impl Looker<'_> {
    fn is(self, seat: u8) -> bool {
        self.seat == Some(seat)
    }

    /// The viewer may see `owner`'s cards as ranks: his own, and his partner's with `partners_see_hands`.
    fn sees_cards_of(self, owner: u8) -> bool {
        self.is(owner) || self.seat.is_some_and(|seat| self.state.share_with(owner) == Some(seat))
    }
}

fn sorted_ranks(cards: &[Card]) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = cards.iter().map(|card| card.rank()).collect();
    ranks.sort();
    ranks
}

impl Views for RomeCarthage {
    type View = View;

    fn view(state: &State, viewer: Viewer) -> View {
        view(state, viewer, &to_act(state))
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        redact::redact(event, viewer)
    }

    fn redact_finished(event: &Event) -> Event {
        redact::redact_finished(event)
    }

    fn map() -> Option<&'static serde_json::Value> {
        Some(&MAP_VALUE)
    }
}

/// The game as `viewer` may see it; `to_act`: the seats to act (`rules::to_act`).
pub fn view(state: &State, viewer: Viewer, to_act: &[usize]) -> View {
    let looker = Looker {
        state,
        seat: match viewer {
            Viewer::Seat(seat) if seat < state.players => Some(seat as u8),
            _ => None,
        },
    };
    // Teams and card limits exist once the states are assigned.
    let assigned = state.owner.iter().all(|&owner| (owner as usize) < state.players);
    View {
        viewer: looker.seat.map(seat_id),
        players: state.players,
        options: state.options.clone(),
        phase: phase_name(state),
        to_act: to_act.iter().map(|&seat| SeatId::of(seat)).collect(),
        round: state.round,
        turn_order: state.order.iter().map(|&seat| seat_id(seat)).collect(),
        starter: state.starter.map(seat_id),
        starting_card: state.starting_card,
        seats: seat::seats(looker, assigned),
        teams: assigned.then(|| teams(state)),
        specials: seat::specials(state),
        pieces: board::pieces(state, assigned),
        cities: board::cities(state, assigned),
        talon_counts: state.talons.iter().map(|talon| talon.len() as u32).collect(),
        discard: state.discard.iter().map(|card| card.rank()).collect(),
        removed: state.removed.iter().map(|card| card.rank()).collect(),
        kings_removed: state.kings_removed,
        sieges: turn::sieges(state),
        quiet_turns: state.quiet_turns,
        quiet_limit: state
            .options
            .no_progress_rounds
            .saturating_mul(state.seats_in_game() as u32),
        turn: turn::turn(state),
        pending_combats: combat::pending_combats(state),
        combat: combat::combat(looker, to_act),
        placement: turn::placement(state),
        special_choosers: state.choosers.iter().map(|&(_, seat)| seat_id(seat)).collect(),
        draw_offer: turn::draw_offer(state),
        result: state.result.clone(),
    }
}
