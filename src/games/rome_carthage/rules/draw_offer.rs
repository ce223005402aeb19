//! Draw offers (4.5, 7.8): `offer_draw` in `main`, then phase `draw_offer`, where every other seat still in the game
//! answers in turn order.

use super::game_over::game_over;
use super::main::require_main;
use super::{Cx, err, sid};
use crate::engine::RuleError;
use crate::games::rome_carthage::state::{Phase, State};
use crate::games::rome_carthage::types::{EndReason, RomeCarthageAction as A, RomeCarthageEvent as E};

/// `offer_draw` (in `main`).
pub(super) fn offer(state: &State, cx: &mut Cx, me: u8) -> Result<(), RuleError> {
    require_main(state, me)?;
    if state.turn.draw_offered {
        return Err(err("draw_already_offered", "a draw may be offered once per turn"));
    }
    let len = state.order.len();
    let pos = state.order.iter().position(|&s| s == me).unwrap_or(0);
    let responders = (1..len)
        .map(|k| state.order[(pos + k) % len])
        .filter(|&s| state.in_game(s))
        .map(sid)
        .collect();
    cx.emit(E::DrawOffered {
        seat: sid(me),
        responders,
    });
    Ok(())
}

/// `accept_draw` (`accept`) or `decline_draw`.
pub(super) fn answer(state: &State, cx: &mut Cx, me: u8, accept: bool) -> Result<(), RuleError> {
    let Some(offer) = state.offer.as_ref().filter(|_| state.phase == Phase::DrawOffer) else {
        return Err(err("wrong_phase", "no draw offer is waiting for an answer"));
    };
    if offer.responders.get(offer.accepted) != Some(&me) {
        return Err(err("not_your_turn", "another seat answers the draw offer now"));
    }
    if !accept {
        cx.emit(E::DrawDeclined { seat: sid(me) });
    } else {
        cx.emit(E::DrawAccepted { seat: sid(me) });
        if offer.accepted + 1 >= offer.responders.len() {
            game_over(cx, EndReason::DrawAgreed, None);
        }
    }
    Ok(())
}

/// The responder's legal actions.
pub(super) fn list(out: &mut Vec<A>) {
    out.push(A::AcceptDraw {});
    out.push(A::DeclineDraw {});
}
