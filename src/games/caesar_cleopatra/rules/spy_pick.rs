//! Phase `spy_pick` (spec 7.5, Spy): the spying seat sees the opponent's hand and picks the card it discards.

use super::super::action::Action;
use super::super::data::data;
use super::super::event::{DrawReason, Event, Origin};
use super::super::face::Face;
use super::super::state::{State, opponent};
use super::manipulation_end::finish_manipulation;
use super::{Ctx, Refusal, no, seat_of};
use crate::engine::RuleCode;

/// The Spy's effect: `seat` sees the opponent's hand.
pub(super) fn start(ctx: &mut Ctx, seat: usize) {
    let data = data();
    let opponent = opponent(seat);
    let mut hand: Vec<Face> = ctx.state.seats[opponent]
        .hand
        .iter()
        .filter_map(|&card| data.face(card))
        .collect();
    hand.sort();
    ctx.emit(Event::HandSpied {
        seat: seat_of(seat),
        hand: Some(hand),
    });
}

pub(super) fn check<X: Refusal>(state: &State, seat: usize, card: Face) -> Result<(), X> {
    if state.hand_card(opponent(seat), card).is_none() {
        return no(RuleCode::CardNotInHand, || format!("Your opponent holds no {card} card."));
    }
    Ok(())
}

pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    out.extend(
        State::distinct_faces(&state.seats[opponent(seat)].hand)
            .into_iter()
            .map(|card| Action::SpyPick { card }),
    );
}

pub(super) fn pick(ctx: &mut Ctx, seat: usize, card: Face) {
    let opponent = opponent(seat);
    if let Some(id) = ctx.state.hand_card(opponent, card) {
        ctx.emit(Event::CardDiscarded {
            seat: seat_of(opponent),
            origin: Origin::Hand,
            card,
            group: None,
            id: Some(id),
        });
        ctx.emit(Event::DrawOwed {
            seat: seat_of(opponent),
            count: 1,
            reason: DrawReason::Spy,
        });
    }
    finish_manipulation(ctx);
}
