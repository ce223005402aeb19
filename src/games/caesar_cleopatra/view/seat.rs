//! Each seat as one viewer sees it: counts for everyone, its own cards for the owner only (D16, D3, D24).

use serde::Serialize;
use utoipa::ToSchema;

use super::super::card::OwnedCard;
use super::super::data::data;
use super::super::face::Face;
use super::super::ids::{Card, Group, Phase, SeatId};
use super::super::options::ManipulationPile;
use super::super::state::State;
use super::super::value::InfluenceValue;
use super::group::sorted;

/// A hand: counts for everyone (D16), the cards for their owner.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcHandView)]
pub struct HandView {
    pub influence: u32,
    pub manipulation: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<OwnedCard>>,
}

/// A public card face, with its id for the owner only.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcCardView)]
pub struct CardView {
    pub card: Face,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Card>,
}

/// Everything about one seat.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub hand: HandView,
    pub pile1: u32,
    pub pile2: u32,
    /// The remaining pile 2, top first (owner only, option `arranged`, D3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pile2_order: Option<Vec<OwnedCard>>,
    /// Face up, oldest first (D15).
    pub discard: Vec<CardView>,
    pub won: Vec<Card>,
    /// The secret mission: the owner's own; both at game over (D24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission: Option<Card>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission_group: Option<Group>,
    /// Setup progress: manipulation cards stacked, initial cards placed (counts, D29).
    pub stacked: u32,
    pub placed: u32,
    /// Setup: manipulation cards not yet stacked (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unstacked: Option<Vec<OwnedCard>>,
    /// Setup: initial values not yet placed (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_place: Option<Vec<InfluenceValue>>,
    /// No influence card in hand and an empty pile 1 (D18).
    pub exhausted: bool,
}

/// Both seats.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcSeatViews)]
pub struct SeatViews {
    pub cleopatra: SeatView,
    pub caesar: SeatView,
}

pub(super) fn owned(cards: &[Card]) -> Vec<OwnedCard> {
    cards.iter().map(|&card| OwnedCard::of(card)).collect()
}

pub(super) fn seat_views(state: &State, viewer: Option<usize>) -> SeatViews {
    SeatViews {
        cleopatra: seat_view(state, viewer, 0),
        caesar: seat_view(state, viewer, 1),
    }
}

fn seat_view(state: &State, viewer: Option<usize>, seat: usize) -> SeatView {
    let data = data();
    let zones = &state.seats[seat];
    let mine = viewer == Some(seat);
    let over = state.phase == Phase::GameOver;
    let mut hand_cards = zones.hand;
    hand_cards.sort();
    let mission = zones.mission.filter(|_| mine || over);
    let mut unstacked = zones.unstacked;
    unstacked.sort();
    SeatView {
        seat: SeatId::from_index(seat),
        hand: HandView {
            influence: state.infl(seat) as u32,
            manipulation: state.manip(seat) as u32,
            cards: mine.then(|| owned(&hand_cards)),
        },
        pile1: zones.pile1.len() as u32,
        pile2: zones.pile2.len() as u32,
        pile2_order: (mine && state.options.manipulation_pile == ManipulationPile::Arranged)
            .then(|| owned(&zones.pile2)),
        discard: zones
            .discard
            .iter()
            .filter_map(|&card| {
                data.face(card).map(|face| CardView {
                    card: face,
                    id: mine.then_some(card),
                })
            })
            .collect(),
        won: zones.won.to_vec(),
        mission,
        mission_group: mission
            .and_then(|mission| data.mission(mission))
            .map(|(group, _)| group),
        stacked: state.stacked(seat) as u32,
        placed: state.placed(seat) as u32,
        unstacked: (mine && !zones.unstacked.is_empty()).then(|| owned(&unstacked)),
        to_place: (mine && !zones.aside_place.is_empty())
            .then(|| sorted(zones.aside_place.iter().filter_map(|&card| data.value(card)).collect())),
        exhausted: state.exhausted(seat),
    }
}
