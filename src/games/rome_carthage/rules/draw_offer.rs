//! Draw offers (4.5, 7.8): `offer_draw` in `main`, then phase `draw_offer`, where every other seat still in the game
//! answers in turn order.

use super::decision::{Cx, err, require_main};
use super::game_over::game_over;
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Action;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::seat_id;
use crate::games::rome_carthage::outcome::EndReason;
use crate::games::rome_carthage::state::{Phase, State};

/// `offer_draw` (in `main`).
pub(super) fn offer(state: &State, cx: &mut Cx, me: u8) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.turn.draw_offered {
        return Err(err(RuleCode::DrawAlreadyOffered, "a draw may be offered once per turn"));
    }
    let order = &state.order;
    let position = order.iter().position(|&seat| seat == me).unwrap_or(0);
    let responders = (1..order.len())
        .map(|offset| order[(position + offset) % order.len()])
        .filter(|&seat| state.in_game(seat))
        .map(seat_id)
        .collect();
    cx.emit(Event::DrawOffered {
        seat: seat_id(me),
        responders,
    });
    Ok(())
}

/// `accept_draw` (`accept`) or `decline_draw`.
pub(super) fn answer(state: &State, cx: &mut Cx, me: u8, accept: bool) -> Result<(), RuleError> {
    let Some(offer) = state.offer.as_ref().filter(|_| state.phase == Phase::DrawOffer) else {
        return Err(err(RuleCode::WrongPhase, "no draw offer is waiting for an answer"));
    };
    if offer.responders.get(offer.accepted) != Some(&me) {
        return Err(err(RuleCode::NotYourTurn, "another seat answers the draw offer now"));
    }
    if !accept {
        cx.emit(Event::DrawDeclined { seat: seat_id(me) });
    } else {
        cx.emit(Event::DrawAccepted { seat: seat_id(me) });
        if offer.accepted + 1 >= offer.responders.len() {
            game_over(cx, EndReason::DrawAgreed, None);
        }
    }
    Ok(())
}

/// The responder's legal actions.
pub(super) fn list(out: &mut Vec<Action>) {
    out.push(Action::AcceptDraw {});
    out.push(Action::DeclineDraw {});
}
