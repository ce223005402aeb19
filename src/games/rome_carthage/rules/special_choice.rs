//! Phase `special_choice` (setup 10): a two-seat team's chooser takes one special card; his partner gets the other.

use super::placement::first_placement;
use super::{Cx, err, sid};
use crate::engine::RuleError;
use crate::games::rome_carthage::state::{Phase, State};
use crate::games::rome_carthage::types::{RomeCarthageAction as A, RomeCarthageEvent as E, SpecialKind, TeamId};

/// `choose_special`.
pub(super) fn choose(state: &State, cx: &mut Cx, me: u8, card: SpecialKind) -> Result<(), RuleError> {
    if state.phase != Phase::SpecialChoice {
        return Err(err("wrong_phase", "special cards are chosen before placement"));
    }
    if !state.choosers.iter().any(|&(_, c)| c == me) {
        return Err(err("not_your_turn", "you do not choose a special card now"));
    }
    let partner = state.partner(me).unwrap_or(me);
    let (betrayal, sedition) = match card {
        SpecialKind::Betrayal => (me, partner),
        SpecialKind::Sedition => (partner, me),
    };
    cx.emit(E::SpecialsDealt {
        team: TeamId::of(state.team_of_seat(me)),
        betrayal: sid(betrayal),
        sedition: sid(sedition),
        chooser: Some(sid(me)),
    });
    if cx.s.choosers.is_empty() {
        first_placement(cx);
    }
    Ok(())
}

/// The legal actions of a chooser.
pub(super) fn list(out: &mut Vec<A>) {
    out.push(A::ChooseSpecial {
        card: SpecialKind::Betrayal,
    });
    out.push(A::ChooseSpecial {
        card: SpecialKind::Sedition,
    });
}
