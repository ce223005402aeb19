//! Defence, stabbing and the outcome (spec 4.6 F to H, 7.6; phases `defence` and `stabbing`): the non-participants
//! may defend the emperor, the conspirators stab, and the emperor dies or survives.

use super::super::data::DATA;
use super::super::state::{Seats, State};
use super::super::types::{Action, Event, FavourAt, Kind, Phase, Role, SeatId};
use super::conspiracy::{conspiracy, leader};
use super::favours::chosen_place;
use super::{Next, Work, err, hand_empty, held, sid};
use crate::engine::{RuleError, Seat};

/// The non-participants in `ordo_after(leader)` order (D24).
fn defenders(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_after(leader(s))
        .into_iter()
        .filter(|&o| !c.is_conspirator(o))
        .collect()
}

/// The conspirators in `ordo_from(leader)` order.
fn stabbers(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_from(leader(s))
        .into_iter()
        .filter(|&o| c.is_conspirator(o))
        .collect()
}

pub(super) fn defence(w: &mut Work, k: usize) -> Next {
    let list = defenders(&w.s);
    for &seat in list.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::DefencePassed {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Defence { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Stab(0)
}

pub(super) fn stabbing(w: &mut Work, k: usize) -> Next {
    let list = stabbers(&w.s);
    for &seat in list.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::StabDone {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Stabbing { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Outcome
}

/// Effective life L (7.6, D25), without the defence.
pub fn base_life(s: &State) -> i32 {
    (DATA.augustus[s.emperor].life + s.life_modifier).max(1)
}

pub(super) fn outcome(w: &mut Work) -> Next {
    let s = &w.s;
    let c = conspiracy(s);
    let life = base_life(s) + c.defence_count as i32;
    let stabs: u32 = c.stab_count.iter().sum();
    let returned: Vec<Kind> = c.table.iter().map(|p| p.kind).collect();
    let emperor = DATA.augustus[s.emperor].id.clone();
    let final_conspiracy = c.final_conspiracy;
    if stabs as i32 >= life {
        let returned_favours = s.favours_at(FavourAt::Emperor).into_iter().map(sid).collect();
        let stabbers: Vec<SeatId> = stabbers(s)
            .into_iter()
            .filter(|&o| c.stab_count[o] >= 1)
            .map(sid)
            .collect();
        let (new_emperor, vacated, new_candidate) = match (final_conspiracy, c.chosen_candidate) {
            (false, Some(pos)) => (
                s.candidates[pos.index()].map(|a| DATA.augustus[a].id.clone()),
                Some(pos),
                s.augustus_deck.first().map(|&a| DATA.augustus[a].id.clone()),
            ),
            _ => (None, None, None),
        };
        w.emit(Event::EmperorDied {
            emperor,
            life,
            stabs,
            returned_favours,
            new_emperor,
            vacated,
            new_candidate,
            leader: sid(leader(s)),
            stabbers,
            returned,
        });
    } else {
        let returned_favours = if final_conspiracy {
            vec![]
        } else {
            s.favours_at(chosen_place(s))
                .into_iter()
                .filter(|_| chosen_place(s) != FavourAt::Supply)
                .map(sid)
                .collect()
        };
        w.emit(Event::EmperorSurvived {
            emperor,
            life,
            stabs,
            returned_favours,
            returned,
        });
    }
    Next::AfterConspiracy
}

pub(super) fn defence_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut v: Vec<Action> = held(&s.players[seat], Kind::pugio_symbol)
        .map(|kind| Action::Defend { kind })
        .collect();
    v.push(Action::DefendPass);
    v
}

pub(super) fn stabbing_actions(s: &State, seat: Seat) -> Vec<Action> {
    let mut v: Vec<Action> = held(&s.players[seat], Kind::pugio_symbol)
        .map(|kind| Action::Stab { kind })
        .collect();
    v.push(Action::StabDone);
    v
}

/// `defend` (when `defending`) or `stab`: one Pugio-symbol card played face up.
pub(super) fn play_card(s: &State, w: &mut Work, seat: Seat, kind: Kind, defending: bool) -> Result<Next, RuleError> {
    let p = &s.players[seat];
    if !kind.pugio_symbol() {
        return Err(err(
            "wrong_kind",
            "Only a card with a Pugio symbol (pug, pug_dual, con_dual) can be used.",
        ));
    }
    if !p.has(kind) {
        return Err(err("card_not_in_hand", format!("You hold no {} card.", kind.name())));
    }
    w.emit(Event::CardPlayed {
        seat: sid(seat),
        kind,
        role: if defending { Role::Defence } else { Role::Stab },
    });
    Ok(if defending {
        let k = defenders(s).iter().position(|&o| o == seat).unwrap_or(0);
        Next::Defence(k + 1)
    } else if hand_empty(&w.s, seat) {
        w.emit(Event::StabDone {
            seat: sid(seat),
            automatic: true,
        });
        let k = stabbers(s).iter().position(|&o| o == seat).unwrap_or(0);
        Next::Stab(k + 1)
    } else {
        Next::Stop
    })
}

pub(super) fn defend_pass(s: &State, w: &mut Work, seat: Seat) -> Next {
    w.emit(Event::DefencePassed {
        seat: sid(seat),
        automatic: false,
    });
    let k = defenders(s).iter().position(|&o| o == seat).unwrap_or(0);
    Next::Defence(k + 1)
}

pub(super) fn stab_done(s: &State, w: &mut Work, seat: Seat) -> Next {
    w.emit(Event::StabDone {
        seat: sid(seat),
        automatic: false,
    });
    let k = stabbers(s).iter().position(|&o| o == seat).unwrap_or(0);
    Next::Stab(k + 1)
}
