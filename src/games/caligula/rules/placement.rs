//! PLACEMENT (spec 4.3, phase `placement`): the seats place SPQR tokens face down in Ordo order until the supplies or
//! the free slots run out.

use tinyvec::ArrayVec;

use super::super::action::Action;
use super::super::data::DATA;
use super::super::event::Event;
use super::super::ids::Suit;
use super::super::phase::Phase;
use super::super::state::{State, iv, vi};
use super::{Next, Work, err, seat_id};
use crate::engine::{RuleCode, RuleError, Seat};

fn any_free_slot(state: &State) -> bool {
    state.suits.iter().any(|row| {
        row.pos
            .iter()
            .flatten()
            .any(|face_up| face_up.tokens.len() < state.usable_slots(face_up.card))
    })
}

pub(super) fn placement(work: &mut Work, last: Option<Seat>) -> Next {
    let state = &work.state;
    if state.players.iter().all(|player| player.supply_count() == 0) || !any_free_slot(state) {
        let round = state.round;
        work.emit(Event::PlacementEnded { round });
        return Next::StartSequentia(0);
    }
    let order = state.ordo_order();
    let start = match last {
        None => 0,
        Some(last) => order.iter().position(|&seat| seat == last).map_or(0, |at| at + 1),
    };
    let seat = (0..state.n)
        .map(|step| order[(start + step) % state.n])
        .find(|&seat| state.players[seat].supply_count() > 0)
        .unwrap_or(order[0]);
    work.await_phase(Phase::Placement { seat: seat_id(seat) });
    Next::Stop
}

pub(super) fn actions(state: &State, seat: Seat) -> Vec<Action> {
    let player = &state.players[seat];
    // The cards with a free slot (suit index, position), found once for every value.
    let free: ArrayVec<[(usize, u8); 10]> = (0..Suit::ALL.len())
        .flat_map(|suit| [(suit, 1), (suit, 2)])
        .filter(|&(suit, position)| {
            state
                .face_up(Suit::ALL[suit], position as usize - 1)
                .is_some_and(|face_up| face_up.tokens.len() < state.usable_slots(face_up.card))
        })
        .collect();
    let values = (0..8).filter(|&index| player.supply[index]).map(iv);
    let mut actions = Vec::with_capacity(player.supply_count() * free.len());
    for value in values {
        actions.extend(free.iter().map(|&(suit, position)| Action::PlaceToken {
            value,
            suit: Suit::ALL[suit],
            position,
        }));
    }
    actions
}

pub(super) fn place_token(
    state: &State,
    work: &mut Work,
    seat: Seat,
    value: i8,
    suit: Suit,
    position: u8,
) -> Result<Next, RuleError> {
    let player = &state.players[seat];
    if !(-1..=6).contains(&value) || !player.supply[vi(value)] {
        return Err(err(RuleCode::NotInSupply, format!("You have no token {value} in your supply.")));
    }
    if !(1..=2).contains(&position) {
        return Err(err(RuleCode::BadPosition, "The position must be 1 or 2."));
    }
    let Some(face_up) = state.face_up(suit, position as usize - 1) else {
        return Err(err(RuleCode::NoCard, "There is no face-up card at that position."));
    };
    if face_up.tokens.len() >= state.usable_slots(face_up.card) {
        return Err(err(RuleCode::NoFreeSlot, "That card has no free slot."));
    }
    work.emit(Event::TokenPlaced {
        seat: seat_id(seat),
        card: DATA.civitas[face_up.card].id.clone(),
        suit,
        position,
        slot: face_up.tokens.len() + 1,
        value: Some(value),
    });
    Ok(Next::Placement(Some(seat)))
}
