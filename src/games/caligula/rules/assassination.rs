//! Defence, stabbing and the outcome (spec 4.6 F to H, 7.6; phases `defence` and `stabbing`): the non-participants
//! may defend the emperor, the conspirators stab, and the emperor dies or survives.

use super::super::action::Action;
use super::super::data::DATA;
use super::super::event::Event;
use super::super::ids::{FavourAt, Kind, Role};
use super::super::phase::Phase;
use super::super::state::{Seats, State};
use super::conspiracy::{conspiracy, leader, taking_part};
use super::favours::chosen_place;
use super::{Next, Work, ask_first_with_cards, hand_empty, held, index_after, play_face_up, seat_id};
use crate::engine::{RuleError, Seat};

/// The non-participants in `ordo_after(leader)` order (D24).
fn defenders(state: &State) -> Seats {
    taking_part(state, state.ordo_after(leader(state)), false)
}

/// The conspirators in `ordo_from(leader)` order.
fn stabbers(state: &State) -> Seats {
    taking_part(state, state.ordo_from(leader(state)), true)
}

/// The defence is offered to each non-participant from the one at `from`.
pub(super) fn defence(work: &mut Work, from: usize) -> Next {
    let defenders = defenders(&work.state).into_iter().skip(from);
    let passed = |seat| Event::DefencePassed { seat, automatic: true };
    if ask_first_with_cards(work, defenders, passed, |seat| Phase::Defence { seat }) {
        Next::Stop
    } else {
        Next::Stab(0)
    }
}

/// Each conspirator from the one at `from` stabs until he is done.
pub(super) fn stabbing(work: &mut Work, from: usize) -> Next {
    let stabbers = stabbers(&work.state).into_iter().skip(from);
    let done = |seat| Event::StabDone { seat, automatic: true };
    if ask_first_with_cards(work, stabbers, done, |seat| Phase::Stabbing { seat }) {
        Next::Stop
    } else {
        Next::Outcome
    }
}

/// Effective life L (7.6, D25), without the defence.
pub fn base_life(state: &State) -> i32 {
    (DATA.augustus[state.emperor].life + state.life_modifier).max(1)
}

/// The emperor dies when the stabs reach his life with the defence (7.6), or survives.
pub(super) fn outcome(work: &mut Work) -> Next {
    let state = &work.state;
    let conspiracy = conspiracy(state);
    let life = base_life(state) + conspiracy.defence_count as i32;
    let stabs: u32 = conspiracy.stab_count.iter().sum();
    let returned: Vec<Kind> = conspiracy.table.iter().map(|played| played.kind).collect();
    let emperor = DATA.augustus[state.emperor].id.clone();
    let event = if stabs as i32 >= life {
        let (new_emperor, vacated, new_candidate) = match (conspiracy.final_conspiracy, conspiracy.chosen_candidate) {
            (false, Some(position)) => (
                state.candidates[position.index()].map(|card| DATA.augustus[card].id.clone()),
                Some(position),
                state.augustus_deck.first().map(|&card| DATA.augustus[card].id.clone()),
            ),
            _ => (None, None, None),
        };
        Event::EmperorDied {
            emperor,
            life,
            stabs,
            returned_favours: state.favours_at(FavourAt::Emperor).into_iter().map(seat_id).collect(),
            new_emperor,
            vacated,
            new_candidate,
            leader: seat_id(leader(state)),
            stabbers: stabbers(state)
                .into_iter()
                .filter(|&seat| conspiracy.stab_count[seat] >= 1)
                .map(seat_id)
                .collect(),
            returned,
        }
    } else {
        // The failed conspirators' Favor tokens on the chosen candidate return (none in the final conspiracy).
        let returned_favours = if conspiracy.final_conspiracy {
            vec![]
        } else {
            state
                .favours_at(chosen_place(state))
                .into_iter()
                .filter(|_| chosen_place(state) != FavourAt::Supply)
                .map(seat_id)
                .collect()
        };
        Event::EmperorSurvived {
            emperor,
            life,
            stabs,
            returned_favours,
            returned,
        }
    };
    work.emit(event);
    Next::AfterConspiracy
}

pub(super) fn defence_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut actions: Vec<Action> = held(&state.players[seat], Kind::pugio_symbol)
        .map(|kind| Action::Defend { kind })
        .collect();
    actions.push(Action::DefendPass);
    actions
}

pub(super) fn stabbing_actions(state: &State, seat: Seat) -> Vec<Action> {
    let mut actions: Vec<Action> = held(&state.players[seat], Kind::pugio_symbol)
        .map(|kind| Action::Stab { kind })
        .collect();
    actions.push(Action::StabDone);
    actions
}

/// `defend`: one Pugio-symbol card played face up for the emperor.
pub(super) fn defend(state: &State, work: &mut Work, seat: Seat, kind: Kind) -> Result<Next, RuleError> {
    play_face_up(state, work, seat, kind, Role::Defence)?;
    Ok(Next::Defence(index_after(&defenders(state), seat)))
}

/// `stab`: one Pugio-symbol card played face up against the emperor; the seat keeps the turn while it has cards.
pub(super) fn stab(state: &State, work: &mut Work, seat: Seat, kind: Kind) -> Result<Next, RuleError> {
    play_face_up(state, work, seat, kind, Role::Stab)?;
    if !hand_empty(&work.state, seat) {
        return Ok(Next::Stop);
    }
    work.emit(Event::StabDone {
        seat: seat_id(seat),
        automatic: true,
    });
    Ok(Next::Stab(index_after(&stabbers(state), seat)))
}

pub(super) fn defend_pass(state: &State, work: &mut Work, seat: Seat) -> Next {
    work.emit(Event::DefencePassed {
        seat: seat_id(seat),
        automatic: false,
    });
    Next::Defence(index_after(&defenders(state), seat))
}

pub(super) fn stab_done(state: &State, work: &mut Work, seat: Seat) -> Next {
    work.emit(Event::StabDone {
        seat: seat_id(seat),
        automatic: false,
    });
    Next::Stab(index_after(&stabbers(state), seat))
}
