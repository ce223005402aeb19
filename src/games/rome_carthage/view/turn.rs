//! The turn in progress as everyone sees it: placement, the active seat's turn, a draw offer, the sieges.

use serde::Serialize;
use utoipa::ToSchema;

use crate::games::rome_carthage::ids::{SeatId, TeamId, seat_id};
use crate::games::rome_carthage::state::{Phase, State};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePlacementView)]
pub struct PlacementView {
    pub seat: SeatId,
    pub round: u8,
    pub rounds: u8,
    pub quota: u8,
    pub placed: u8,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageTurnView)]
pub struct TurnView {
    pub seat: SeatId,
    pub budget: u8,
    pub moves_used: u8,
    pub forced_march_paid: bool,
    pub draw_offered: bool,
    pub progress: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageDrawOfferView)]
pub struct DrawOfferView {
    pub offered_by: SeatId,
    pub accepted: Vec<SeatId>,
    pub responder: Option<SeatId>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSiegeView)]
pub struct SiegeView {
    pub team: TeamId,
    /// Event sequence number at which it began.
    pub established: u64,
    pub witnesses: Vec<SeatId>,
}

pub(super) fn placement(state: &State) -> Option<PlacementView> {
    (state.phase == Phase::Placement).then(|| PlacementView {
        seat: seat_id(state.placement.seat),
        round: state.placement.round,
        rounds: state.placement_rounds(),
        quota: state.placement.quota,
        placed: state.placement.placed,
    })
}

pub(super) fn turn(state: &State) -> Option<TurnView> {
    matches!(state.phase, Phase::Main | Phase::DrawOffer | Phase::Combat).then(|| TurnView {
        seat: seat_id(state.active),
        budget: state.budget(),
        moves_used: state.turn.moves_used,
        forced_march_paid: state.turn.forced_march_paid,
        draw_offered: state.turn.draw_offered,
        progress: state.turn.progress,
    })
}

pub(super) fn draw_offer(state: &State) -> Option<DrawOfferView> {
    state.offer.as_ref().map(|offer| DrawOfferView {
        offered_by: seat_id(offer.by),
        accepted: offer.responders[..offer.accepted.min(offer.responders.len())]
            .iter()
            .map(|&seat| seat_id(seat))
            .collect(),
        responder: offer.responders.get(offer.accepted).map(|&seat| seat_id(seat)),
    })
}

pub(super) fn sieges(state: &State) -> Vec<SiegeView> {
    state
        .sieges
        .iter()
        .map(|siege| SiegeView {
            team: TeamId::of(siege.team),
            established: siege.established,
            witnesses: (0..state.players as u8)
                .filter(|&seat| siege.witnesses & (1 << seat) != 0)
                .map(seat_id)
                .collect(),
        })
        .collect()
}
