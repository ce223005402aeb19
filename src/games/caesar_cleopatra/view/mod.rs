//! What one viewer may see: the view of the state, built here from its parts (`group`, `seat`, `manipulation`), and
//! each event as redacted for it (`redact`) (spec 9, D25, D29).

mod group;
mod manipulation;
mod redact;
mod seat;

use super::CaesarCleopatra;
use super::event::Event;
use crate::engine::Views;

use serde::Serialize;
use utoipa::ToSchema;

use super::face::Face;
use super::ids::{Card, Group, Phase, Placement, SeatId};
use super::outcome::Outcome;
use super::rules::to_act;
use super::state::State;
use crate::engine::Viewer;
use group::{GroupView, group_views};
use manipulation::{CastlingView, PendingManipulation, castling_view, pending_manipulation, spied_hand};
use seat::{SeatViews, seat_views};

/// One owed draw.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcOwedDraw)]
pub struct OwedDraw {
    pub seat: SeatId,
    pub count: u32,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CaesarCleopatraView)]
pub struct View {
    /// The seat this view is for; null for a spectator.
    pub viewer: Option<SeatId>,
    pub phase: Phase,
    pub turn: u32,
    pub active: SeatId,
    pub to_act: Vec<SeatId>,
    pub placement: Placement,
    pub manip_used: bool,
    /// Cards discarded so far in the current passive turn.
    pub passive_discards: u32,
    pub owed_draws: Vec<OwedDraw>,
    pub solo_survivor: Option<SeatId>,
    /// The group of the extraordinary vote in progress.
    pub vote_context: Option<Group>,
    pub pending_manipulation: Option<PendingManipulation>,
    pub castling: Option<CastlingView>,
    /// The opponent's hand, for the spying seat during `spy_pick`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spied_hand: Option<Vec<Face>>,
    pub groups: Vec<GroupView>,
    pub seats: SeatViews,
    pub vote_deck: u32,
    pub vote_discard: Vec<Card>,
    pub vote_removed: Vec<Card>,
    pub result: Option<Outcome>,
}

impl Views for CaesarCleopatra {
    type View = View;

    /// The state as `viewer` may see it.
    fn view(state: &State, viewer: Viewer) -> View {
        let viewer = match viewer {
            Viewer::Seat(seat) if seat < 2 => Some(seat),
            _ => None,
        };
        View {
            viewer: viewer.map(SeatId::from_index),
            phase: state.phase,
            turn: state.turn,
            active: SeatId::from_index(state.active),
            to_act: to_act(state).into_iter().map(SeatId::from_index).collect(),
            placement: state.placement,
            manip_used: state.manip_used,
            passive_discards: state.counter,
            owed_draws: state
                .owed
                .iter()
                .map(|&(seat, count)| OwedDraw {
                    seat: SeatId::from_index(seat),
                    count,
                })
                .collect(),
            solo_survivor: state.solo.map(SeatId::from_index),
            vote_context: state.vote_context(),
            pending_manipulation: pending_manipulation(state),
            castling: castling_view(state, viewer),
            spied_hand: spied_hand(state, viewer),
            groups: group_views(state, viewer),
            seats: seat_views(state, viewer),
            vote_deck: state.vote_deck.len() as u32,
            vote_discard: state.vote_discard.to_vec(),
            vote_removed: state.vote_removed.to_vec(),
            result: state.result.clone(),
        }
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        redact::redact(event, viewer)
    }

    fn redact_finished(event: &Event) -> Event {
        redact::redact_finished(event)
    }
}
