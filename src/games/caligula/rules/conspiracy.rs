//! The conspiracy's eligibility, opening and auction (spec 4.6 A to D; phases `complot` and `complot_payment`): the
//! seats bid Coniura-symbol cards until nobody raises; the leader and those who matched are the conspirators.

use super::super::action::Action;
use super::super::conspiracy::Conspiracy;
use super::super::event::Event;
use super::super::ids::{Kind, Role};
use super::super::phase::Phase;
use super::super::state::{Seats, State};
use super::{Next, Work, ask_first_with_cards, err, hand_empty, held, index_after, play_face_up, seat_id};
use crate::engine::{RuleCode, RuleError, Seat};

pub(super) fn conspiracy(state: &State) -> &Conspiracy {
    state
        .conspiracy
        .as_ref()
        .expect("a conspiracy is in progress in this phase")
}

pub(super) fn leader(state: &State) -> Seat {
    conspiracy(state).leader.map_or(0, |leader| leader.idx())
}

/// The seats of `seats` that are conspirators (`conspirators`) or that are not (the non-participants), in that order.
pub(super) fn taking_part(state: &State, seats: Seats, conspirators: bool) -> Seats {
    let conspiracy = conspiracy(state);
    seats
        .into_iter()
        .filter(|&seat| conspiracy.is_conspirator(seat) == conspirators)
        .collect()
}

pub(super) fn opportunity(work: &mut Work, final_conspiracy: bool) -> Next {
    let state = &work.state;
    let nobody_has_cards = state.players.iter().all(|player| player.hand_count() == 0);
    let no_candidate = state.candidates.iter().all(|candidate| candidate.is_none());
    if nobody_has_cards || (!final_conspiracy && (state.conspiracy_blocked || no_candidate)) {
        return Next::AfterConspiracy;
    }
    work.emit(Event::ConspiracyOpened { final_conspiracy });
    Next::Opening(0)
}

/// The opening is offered in Ordo order from the seat at `from`; nobody opening abandons the conspiracy.
pub(super) fn opening(work: &mut Work, from: usize) -> Next {
    let order = work.state.ordo_order();
    let declined = |seat| Event::ConspiracyDeclined { seat, automatic: true };
    if ask_first_with_cards(work, order.into_iter().skip(from), declined, |seat| Phase::Complot { seat }) {
        return Next::Stop;
    }
    work.emit(Event::ConspiracyAbandoned {});
    Next::AfterConspiracy
}

/// The next speaker after an auction action by `last` (4.6 C).
fn next_speaker(state: &State, last: Seat) -> Option<Seat> {
    let conspiracy = conspiracy(state);
    state.ordo_after(last).into_iter().find(|&seat| {
        conspiracy.leader.map(|leader| leader.idx()) != Some(seat)
            && !conspiracy.passed[seat]
            && conspiracy.committed[seat] < conspiracy.high
    })
}

pub(super) fn auction(work: &mut Work, mut last: Seat) -> Next {
    loop {
        let Some(speaker) = next_speaker(&work.state, last) else {
            return Next::EndAuction;
        };
        if hand_empty(&work.state, speaker) {
            work.emit(Event::ConspiracyPassed {
                seat: seat_id(speaker),
                automatic: true,
            });
            last = speaker;
            continue;
        }
        work.await_phase(Phase::Complot { seat: seat_id(speaker) });
        return Next::Stop;
    }
}

pub(super) fn end_auction(work: &mut Work) -> Next {
    let state = &work.state;
    let conspiracy = conspiracy(state);
    let leader = leader(state);
    let mut conspirators = vec![seat_id(leader)];
    let mut non_participants = vec![];
    for seat in state.ordo_after(leader) {
        if !conspiracy.passed[seat] && conspiracy.committed[seat] == conspiracy.high {
            conspirators.push(seat_id(seat));
        } else {
            non_participants.push(seat_id(seat));
        }
    }
    let returned = conspiracy.table.iter().map(|played| played.kind).collect();
    let final_conspiracy = conspiracy.final_conspiracy;
    let high = conspiracy.high;
    work.emit(Event::ConspiracyFormed {
        leader: seat_id(leader),
        high,
        conspirators,
        non_participants,
        returned,
    });
    if final_conspiracy {
        Next::Defence(0)
    } else {
        Next::FavourCandidate
    }
}

pub(super) fn complot_actions(state: &State, seat: Seat) -> Vec<Action> {
    let conspiracy = conspiracy(state);
    let mut actions = vec![Action::ComplotPass];
    let reachable = conspiracy.committed[seat] + state.players[seat].coniura_symbols();
    if conspiracy.leader.is_some() && reachable >= conspiracy.high {
        actions.push(Action::ComplotAccept);
    }
    for total in conspiracy.high + 1..=reachable {
        actions.push(Action::ComplotRaise { total });
    }
    actions
}

pub(super) fn payment_actions(state: &State, seat: Seat) -> Vec<Action> {
    held(&state.players[seat], Kind::coniura_symbol)
        .map(|kind| Action::PayConiura { kind })
        .collect()
}

/// `complot_pass`: declines the opening, or leaves the auction for good once there is a leader.
pub(super) fn pass(state: &State, work: &mut Work, seat: Seat) -> Next {
    if conspiracy(state).leader.is_none() {
        work.emit(Event::ConspiracyDeclined {
            seat: seat_id(seat),
            automatic: false,
        });
        Next::Opening(index_after(&state.ordo_order(), seat))
    } else {
        work.emit(Event::ConspiracyPassed {
            seat: seat_id(seat),
            automatic: false,
        });
        Next::Auction(seat)
    }
}

pub(super) fn accept(state: &State, work: &mut Work, seat: Seat) -> Result<Next, RuleError> {
    let conspiracy = conspiracy(state);
    if conspiracy.leader.is_none() {
        return Err(err(RuleCode::NoLeader, "There is no bid to accept yet: open with complot_raise or pass."));
    }
    let owed = conspiracy.high.saturating_sub(conspiracy.committed[seat]);
    let accepted = Event::ConspiracyAccepted {
        seat: seat_id(seat),
        owed,
    };
    commit(state, work, seat, owed, "Accepting", accepted)
}

pub(super) fn raise(state: &State, work: &mut Work, seat: Seat, total: u32) -> Result<Next, RuleError> {
    let conspiracy = conspiracy(state);
    if total <= conspiracy.high {
        return Err(err(RuleCode::RaiseTooLow, format!("A raise must be above the high bid of {}.", conspiracy.high)));
    }
    let owed = total - conspiracy.committed[seat];
    let raised = Event::ConspiracyRaised {
        seat: seat_id(seat),
        total,
        owed,
    };
    commit(state, work, seat, owed, &format!("Raising to {total}"), raised)
}

/// A bid (`bid`, announced by `event`) that costs `owed` cards: refused when the seat holds fewer Coniura symbols,
/// else announced and then paid card by card.
fn commit(state: &State, work: &mut Work, seat: Seat, owed: u32, bid: &str, event: Event) -> Result<Next, RuleError> {
    if state.players[seat].coniura_symbols() < owed {
        return Err(err(RuleCode::NotEnoughCards, format!("{bid} costs {owed} Coniura-symbol cards; you hold fewer.")));
    }
    work.emit(event);
    work.await_phase(Phase::ComplotPayment {
        seat: seat_id(seat),
        owed,
    });
    Ok(Next::Stop)
}

/// `pay_coniura`: one of the `owed` cards of a bid.
pub(super) fn pay(state: &State, work: &mut Work, seat: Seat, kind: Kind, owed: u32) -> Result<Next, RuleError> {
    play_face_up(state, work, seat, kind, Role::Bid)?;
    if owed > 1 {
        work.await_phase(Phase::ComplotPayment {
            seat: seat_id(seat),
            owed: owed - 1,
        });
        Ok(Next::Stop)
    } else {
        Ok(Next::Auction(seat))
    }
}
