//! The seats as a viewer sees them (hands by id to their owner, by rank to a partner allowed to see them, else
//! counted), and the special cards.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Looker, sorted_ranks};
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::ids::{SeatId, SpecialId, StateId, TeamId, seat_id};
use crate::games::rome_carthage::state::State;

/// A card in the viewer's own hand.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageHandCard)]
pub struct HandCard {
    pub id: Card,
    pub rank: Rank,
    pub value: u32,
}

/// A special card and its holder.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSpecialView)]
pub struct SpecialView {
    pub card: SpecialId,
    pub holder: Option<SeatId>,
    pub used: bool,
}

/// One seat, as the viewer sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageSeatView)]
pub struct SeatView {
    pub seat: SeatId,
    pub states: Vec<StateId>,
    pub team: Option<TeamId>,
    pub solo: bool,
    pub in_game: bool,
    pub hand_count: u32,
    /// The viewer's own hand (ids and ranks), sorted by rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<HandCard>>,
    /// The partner's hand as ranks, when the game allows partners to see hands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_ranks: Option<Vec<Rank>>,
    /// Card limit k(seat) in combat now (2.8).
    pub card_limit: u8,
}

/// Every seat; `assigned`: the states have their owners.
pub(super) fn seats(looker: Looker, assigned: bool) -> Vec<SeatView> {
    let state = looker.state;
    (0..state.players as u8)
        .map(|seat| {
            let hand = &state.hands[seat as usize];
            SeatView {
                seat: seat_id(seat),
                states: state.states_of(seat).map(StateId::of).collect(),
                team: assigned.then(|| TeamId::of(state.team_of_seat(seat))),
                solo: state.solo == Some(seat),
                in_game: state.in_game(seat),
                hand_count: hand.len() as u32,
                hand: looker.is(seat).then(|| own_hand(hand)),
                hand_ranks: (!looker.is(seat) && looker.sees_cards_of(seat)).then(|| sorted_ranks(hand)),
                card_limit: if assigned { state.card_limit(seat) } else { 2 },
            }
        })
        .collect()
}

/// The viewer's own hand, by rank then id.
fn own_hand(hand: &[Card]) -> Vec<HandCard> {
    let mut cards: Vec<Card> = hand.to_vec();
    cards.sort_by_key(|card| (card.rank(), *card));
    cards
        .iter()
        .map(|&card| HandCard {
            id: card,
            rank: card.rank(),
            value: card.value(),
        })
        .collect()
}

pub(super) fn specials(state: &State) -> Vec<SpecialView> {
    SpecialId::ALL
        .iter()
        .map(|&card| {
            let holder = state.special_holder[card.index()];
            SpecialView {
                card,
                holder: (usize::from(holder) < state.players).then(|| seat_id(holder)),
                used: state.special_used[card.index()],
            }
        })
        .collect()
}
