//! Setup (spec 3): the chance events, then the phases `setup_arrange` (pile 2 stacked by its owner, option
//! `arranged`) and `setup_place` (the five initial cards).

use rand::seq::SliceRandom;

use super::super::action::Action;
use super::super::event::{Event, GroupSeatCounts};
use super::super::face::Face;
use super::super::ids::{Group, ManipulationKind, SeatId};
use super::super::options::ManipulationPile;
use super::super::pile::Pile;
use super::super::state::State;
use super::super::value::InfluenceValue;
use super::{Ctx, Refusal, no, owned, seat_of};
use crate::engine::RuleCode;

/// The setup chance events (spec 3, steps 2, 4, 5 and, in shuffled mode, 6).
pub fn setup(ctx: &mut Ctx) {
    let mut deck = ctx.state.vote_deck;
    deck.shuffle(ctx.rng);
    ctx.emit(Event::VoteDeckShuffled {
        size: deck.len() as u32,
        order: Some(deck.to_vec()),
    });
    shuffle_piles(ctx, Pile::One);
    match ctx.state.options.manipulation_pile {
        ManipulationPile::Shuffled => {
            shuffle_piles(ctx, Pile::Two);
            deal_missions(ctx);
        }
        ManipulationPile::Arranged => ctx.emit(Event::ArrangeStarted),
    }
}

/// Shuffles each seat's pile 1, or forms its pile 2 by shuffling its manipulation cards (option `shuffled`).
fn shuffle_piles(ctx: &mut Ctx, pile: Pile) {
    for seat in 0..2 {
        let zones = &ctx.state.seats[seat];
        let mut cards = match pile {
            Pile::One => zones.pile1,
            Pile::Two => zones.unstacked,
        };
        cards.shuffle(ctx.rng);
        let (seat, size, order) = (seat_of(seat), cards.len() as u32, Some(cards.to_vec()));
        ctx.emit(match pile {
            Pile::One => Event::Pile1Shuffled { seat, size, order },
            Pile::Two => Event::Pile2Shuffled { seat, size, order },
        });
    }
}

fn deal_missions(ctx: &mut Ctx) {
    let mut order = ctx.state.mission_deck;
    order.shuffle(ctx.rng);
    ctx.emit(Event::MissionsShuffled {
        size: order.len() as u32,
        order: Some(order.to_vec()),
    });
    for (seat, &mission) in order.iter().take(2).enumerate() {
        ctx.emit(Event::MissionDealt {
            seat: seat_of(seat),
            mission: Some(mission),
        });
    }
    ctx.emit(Event::PlacementStarted);
}

// ---------------------------------------------------------------------------------------------------------------
// setup_arrange

pub(super) fn check_stack<X: Refusal>(state: &State, seat: usize, card: ManipulationKind) -> Result<(), X> {
    if State::find_face(&state.seats[seat].unstacked, Face::Manipulation(card)).is_none() {
        return no(RuleCode::CardNotAvailable, || format!("You have no unstacked {} card left.", card.id()));
    }
    Ok(())
}

pub(super) fn arrange_candidates(out: &mut Vec<Action>) {
    out.extend(ManipulationKind::ALL.map(|card| Action::StackManipulation { card }));
}

pub(super) fn stack(ctx: &mut Ctx, seat: usize, card: ManipulationKind) {
    let Some(id) = State::find_face(&ctx.state.seats[seat].unstacked, Face::Manipulation(card)) else {
        return;
    };
    ctx.emit(Event::ManipulationStacked {
        seat: seat_of(seat),
        stacked: ctx.state.stacked(seat) as u32 + 1,
        card: owned(id),
    });
    if ctx.state.seats.iter().all(|zones| zones.unstacked.is_empty()) {
        deal_missions(ctx);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// setup_place

pub(super) fn check_place_initial<X: Refusal>(
    state: &State,
    seat: usize,
    card: InfluenceValue,
    group: Group,
) -> Result<(), X> {
    if card.is_philosopher() {
        return no(RuleCode::InvalidCard, || "Initial cards are the values 1 to 5.");
    }
    if State::find_face(&state.seats[seat].aside_place, Face::Influence(card)).is_none() {
        return no(RuleCode::ValueAlreadyPlaced, || format!("You have already placed your {card}."));
    }
    if state.own(seat, group) > 0 {
        return no(RuleCode::GroupAlreadyUsed, || format!("You already have an initial card at the {}.", group.id()));
    }
    if !state.spot(seat, group) {
        return no(RuleCode::NoSpot, || format!("There is no room at the {}.", group.id()));
    }
    Ok(())
}

pub(super) fn place_candidates(out: &mut Vec<Action>) {
    for card in InfluenceValue::ALL {
        for group in Group::ALL {
            out.push(Action::PlaceInitial { card, group });
        }
    }
}

pub(super) fn place_initial(ctx: &mut Ctx, seat: usize, card: InfluenceValue, group: Group) {
    let Some(id) = State::find_face(&ctx.state.seats[seat].aside_place, Face::Influence(card)) else {
        return;
    };
    ctx.emit(Event::InitialCardPlaced {
        seat: seat_of(seat),
        placed: ctx.state.placed(seat) as u32 + 1,
        card: owned(id),
        group: Some(group),
    });
    if ctx.state.seats.iter().all(|zones| zones.aside_place.is_empty()) {
        let face_down = Group::ALL
            .map(|group| GroupSeatCounts {
                group,
                cleopatra: ctx.state.own(0, group) as u32,
                caesar: ctx.state.own(1, group) as u32,
            })
            .to_vec();
        ctx.emit(Event::InitialPlacementDone { face_down });
        ctx.emit(Event::TurnStarted {
            turn: 1,
            seat: SeatId::Cleopatra,
        });
    }
}
