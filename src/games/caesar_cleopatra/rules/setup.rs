//! Setup (spec 3): the chance events, then the phases `setup_arrange` (pile 2 stacked by its owner, option
//! `arranged`) and `setup_place` (the five initial cards).

use rand::seq::SliceRandom;

use super::super::state::State;
use super::super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcFace, CcGroup, CcGroupSeatCounts, CcManipulationKind as K,
    CcManipulationPile, CcSeat, CcValue,
};
use super::{Ctx, Refusal, no, owned, seat_of};

/// The setup chance events (spec 3, steps 2, 4, 5 and, in shuffled mode, 6).
pub fn setup(c: &mut Ctx) {
    let mut deck = c.s.vote_deck;
    deck.shuffle(c.rng);
    c.emit(E::VoteDeckShuffled {
        size: deck.len() as u32,
        order: Some(deck.to_vec()),
    });
    for seat in 0..2 {
        let mut pile = c.s.seats[seat].pile1;
        pile.shuffle(c.rng);
        c.emit(E::Pile1Shuffled {
            seat: seat_of(seat),
            size: pile.len() as u32,
            order: Some(pile.to_vec()),
        });
    }
    match c.s.options.manipulation_pile {
        CcManipulationPile::Shuffled => {
            for seat in 0..2 {
                let mut pile = c.s.seats[seat].unstacked;
                pile.shuffle(c.rng);
                c.emit(E::Pile2Shuffled {
                    seat: seat_of(seat),
                    size: pile.len() as u32,
                    order: Some(pile.to_vec()),
                });
            }
            deal_missions(c);
        }
        CcManipulationPile::Arranged => c.emit(E::ArrangeStarted),
    }
}

fn deal_missions(c: &mut Ctx) {
    let mut order = c.s.mission_deck;
    order.shuffle(c.rng);
    c.emit(E::MissionsShuffled {
        size: order.len() as u32,
        order: Some(order.to_vec()),
    });
    for (seat, &mission) in order.iter().take(2).enumerate() {
        c.emit(E::MissionDealt {
            seat: seat_of(seat),
            mission: Some(mission),
        });
    }
    c.emit(E::PlacementStarted);
}

// ---------------------------------------------------------------------------------------------------------------
// setup_arrange

pub(super) fn check_stack<X: Refusal>(s: &State, seat: usize, card: K) -> Result<(), X> {
    if State::find_face(&s.seats[seat].unstacked, CcFace::Manipulation(card)).is_none() {
        return no("card_not_available", || {
            format!("You have no unstacked {} card left.", card.id())
        });
    }
    Ok(())
}

pub(super) fn arrange_candidates(out: &mut Vec<A>) {
    out.extend(K::ALL.map(|card| A::StackManipulation { card }));
}

pub(super) fn stack(c: &mut Ctx, seat: usize, card: K) {
    let Some(id) = State::find_face(&c.s.seats[seat].unstacked, CcFace::Manipulation(card)) else {
        return;
    };
    c.emit(E::ManipulationStacked {
        seat: seat_of(seat),
        stacked: c.s.stacked(seat) as u32 + 1,
        card: owned(id),
    });
    if c.s.seats.iter().all(|st| st.unstacked.is_empty()) {
        deal_missions(c);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// setup_place

pub(super) fn check_place_initial<X: Refusal>(s: &State, seat: usize, card: CcValue, group: CcGroup) -> Result<(), X> {
    if card.is_philosopher() {
        return no("invalid_card", || "Initial cards are the values 1 to 5.");
    }
    if State::find_face(&s.seats[seat].aside_place, CcFace::Influence(card)).is_none() {
        return no("value_already_placed", || {
            format!("You have already placed your {card}.")
        });
    }
    if s.own(seat, group) > 0 {
        return no("group_already_used", || {
            format!("You already have an initial card at the {}.", group.id())
        });
    }
    if !s.spot(seat, group) {
        return no("no_spot", || format!("There is no room at the {}.", group.id()));
    }
    Ok(())
}

pub(super) fn place_candidates(out: &mut Vec<A>) {
    for card in CcValue::ALL {
        for group in CcGroup::ALL {
            out.push(A::PlaceInitial { card, group });
        }
    }
}

pub(super) fn place_initial(c: &mut Ctx, seat: usize, card: CcValue, group: CcGroup) {
    let Some(id) = State::find_face(&c.s.seats[seat].aside_place, CcFace::Influence(card)) else {
        return;
    };
    c.emit(E::InitialCardPlaced {
        seat: seat_of(seat),
        placed: c.s.placed(seat) as u32 + 1,
        card: owned(id),
        group: Some(group),
    });
    if c.s.seats.iter().all(|st| st.aside_place.is_empty()) {
        let face_down = CcGroup::ALL
            .map(|g| CcGroupSeatCounts {
                group: g,
                cleopatra: c.s.own(0, g) as u32,
                caesar: c.s.own(1, g) as u32,
            })
            .to_vec();
        c.emit(E::InitialPlacementDone { face_down });
        c.emit(E::TurnStarted {
            turn: 1,
            seat: CcSeat::Cleopatra,
        });
    }
}
