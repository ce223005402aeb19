//! Phase `special_choice` (setup 10): a two-seat team's chooser takes one special card; his partner gets the other.

use super::decision::{Cx, err};
use super::placement::first_placement;
use crate::engine::{RuleCode, RuleError};
use crate::games::rome_carthage::action::Action;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::{SpecialKind, TeamId, seat_id};
use crate::games::rome_carthage::state::{Phase, State};

/// `choose_special`.
pub(super) fn choose(state: &State, cx: &mut Cx, me: u8, card: SpecialKind) -> Result<(), RuleError> {
    if state.phase != Phase::SpecialChoice {
        return Err(err(RuleCode::WrongPhase, "special cards are chosen before placement"));
    }
    if !state.choosers.iter().any(|&(_, chooser)| chooser == me) {
        return Err(err(RuleCode::NotYourTurn, "you do not choose a special card now"));
    }
    let partner = state.partner(me).unwrap_or(me);
    let (betrayal, sedition) = match card {
        SpecialKind::Betrayal => (me, partner),
        SpecialKind::Sedition => (partner, me),
    };
    cx.emit(Event::SpecialsDealt {
        team: TeamId::of(state.team_of_seat(me)),
        betrayal: seat_id(betrayal),
        sedition: seat_id(sedition),
        chooser: Some(seat_id(me)),
    });
    if cx.state.choosers.is_empty() {
        first_placement(cx);
    }
    Ok(())
}

/// The legal actions of a chooser.
pub(super) fn list(out: &mut Vec<Action>) {
    for card in [SpecialKind::Betrayal, SpecialKind::Sedition] {
        out.push(Action::ChooseSpecial { card });
    }
}
