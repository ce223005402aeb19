//! PLACEMENT (spec 4.3, phase `placement`): the seats place SPQR tokens face down in Ordo order until the supplies or
//! the free slots run out.

use tinyvec::ArrayVec;

use super::super::data::{DATA, Suit};
use super::super::state::{State, iv, vi};
use super::super::types::{Action, Event, Phase};
use super::{Next, Work, err, sid};
use crate::engine::{RuleError, Seat};

fn any_free_slot(s: &State) -> bool {
    s.suits.iter().any(|row| {
        row.pos
            .iter()
            .flatten()
            .any(|f| f.tokens.len() < s.usable_slots(f.card))
    })
}

pub(super) fn placement(w: &mut Work, last: Option<Seat>) -> Next {
    let s = &w.s;
    if s.players.iter().all(|p| p.supply_count() == 0) || !any_free_slot(s) {
        let round = s.round;
        w.emit(Event::PlacementEnded { round });
        return Next::StartSequentia(0);
    }
    let order = s.ordo_order();
    let start = match last {
        None => 0,
        Some(x) => order.iter().position(|&o| o == x).map_or(0, |k| k + 1),
    };
    let seat = (0..s.n)
        .map(|i| order[(start + i) % s.n])
        .find(|&o| s.players[o].supply_count() > 0)
        .unwrap_or(order[0]);
    w.await_phase(Phase::Placement { seat: sid(seat) });
    Next::Stop
}

pub(super) fn actions(s: &State, seat: Seat) -> Vec<Action> {
    let p = &s.players[seat];
    // The cards with a free slot (suit index, position), found once for every value.
    let free: ArrayVec<[(usize, u8); 10]> = (0..Suit::ALL.len())
        .flat_map(|suit| [(suit, 1), (suit, 2)])
        .filter(|&(suit, position)| {
            s.face_up(Suit::ALL[suit], position as usize - 1)
                .is_some_and(|f| f.tokens.len() < s.usable_slots(f.card))
        })
        .collect();
    let values = (0..8).filter(|&i| p.supply[i]).map(iv);
    let mut v = Vec::with_capacity(p.supply_count() * free.len());
    for value in values {
        v.extend(free.iter().map(|&(suit, position)| Action::PlaceToken {
            value,
            suit: Suit::ALL[suit],
            position,
        }));
    }
    v
}

pub(super) fn place_token(
    s: &State,
    w: &mut Work,
    seat: Seat,
    value: i8,
    suit: Suit,
    position: u8,
) -> Result<Next, RuleError> {
    let p = &s.players[seat];
    if !(-1..=6).contains(&value) || !p.supply[vi(value)] {
        return Err(err(
            "not_in_supply",
            format!("You have no token {value} in your supply."),
        ));
    }
    if !(1..=2).contains(&position) {
        return Err(err("bad_position", "The position must be 1 or 2."));
    }
    let Some(f) = s.face_up(suit, position as usize - 1) else {
        return Err(err("no_card", "There is no face-up card at that position."));
    };
    if f.tokens.len() >= s.usable_slots(f.card) {
        return Err(err("no_free_slot", "That card has no free slot."));
    }
    w.emit(Event::TokenPlaced {
        seat: sid(seat),
        card: DATA.civitas[f.card].id.clone(),
        suit,
        position,
        slot: f.tokens.len() + 1,
        value: Some(value),
    });
    Ok(Next::Placement(Some(seat)))
}
