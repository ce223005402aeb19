//! Favours (spec 4.6 E, 7.5; phases `favour_candidate`, `favour_leader`, `favour_conspirator`), normal conspiracies
//! only: the leader picks the candidate and places his Favor token, then each other conspirator may place his.

use super::super::action::{Action, ConspiratorTarget, LeaderTarget};
use super::super::data::DATA;
use super::super::event::Event;
use super::super::ids::{FavourAt, Pos};
use super::super::phase::Phase;
use super::super::state::{Seats, State};
use super::conspiracy::{conspiracy, leader, taking_part};
use super::{Next, Work, err, index_after, seat_id};
use crate::engine::{RuleCode, RuleError, Seat};

/// The candidate positions with a card.
fn occupied_candidates(state: &State) -> impl Iterator<Item = Pos> + '_ {
    Pos::ALL
        .into_iter()
        .filter(|position| state.candidates[position.index()].is_some())
}

pub(super) fn favour_candidate(work: &mut Work) -> Next {
    let occupied: Vec<Pos> = occupied_candidates(&work.state).collect();
    match occupied.as_slice() {
        [only] => {
            let position = *only;
            let candidate =
                work.state.candidates[position.index()].map_or(String::new(), |card| DATA.augustus[card].id.clone());
            work.emit(Event::CandidateChosen {
                position,
                candidate,
                automatic: true,
            });
            Next::FavourLeader
        }
        [] => Next::Defence(0),
        _ => {
            let seat = seat_id(leader(&work.state));
            work.await_phase(Phase::FavourCandidate { seat });
            Next::Stop
        }
    }
}

pub(super) fn chosen_place(state: &State) -> FavourAt {
    conspiracy(state)
        .chosen_candidate
        .map_or(FavourAt::Supply, FavourAt::candidate)
}

/// 7.5: the leader's legal targets.
fn leader_targets(state: &State) -> Vec<LeaderTarget> {
    let at = state.players[leader(state)].favour;
    let candidate = chosen_place(state);
    let mut targets = vec![];
    if candidate != FavourAt::Supply && (at == candidate || state.has_free_slot(candidate)) {
        targets.push(LeaderTarget::Candidate);
    }
    if at == FavourAt::Emperor || state.has_free_slot(FavourAt::Emperor) {
        targets.push(LeaderTarget::Emperor);
    }
    targets
}

/// 7.5: a conspirator's legal targets (`stay` always).
fn conspirator_targets(state: &State, seat: Seat) -> Vec<ConspiratorTarget> {
    let at = state.players[seat].favour;
    let candidate = chosen_place(state);
    let mut targets = vec![ConspiratorTarget::Stay];
    if candidate != FavourAt::Supply && at != candidate && state.has_free_slot(candidate) {
        targets.push(ConspiratorTarget::Candidate);
    }
    if at != FavourAt::Emperor && state.has_free_slot(FavourAt::Emperor) {
        targets.push(ConspiratorTarget::Emperor);
    }
    targets
}

pub(super) fn favour_leader(work: &mut Work) -> Next {
    let leader = leader(&work.state);
    match leader_targets(&work.state).as_slice() {
        [] => {
            let at = work.state.players[leader].favour;
            move_favour(work, leader, at, true);
            Next::FavourConspirators(0)
        }
        [only] => {
            let to = leader_place(&work.state, *only);
            move_favour(work, leader, to, true);
            Next::FavourConspirators(0)
        }
        _ => {
            work.await_phase(Phase::FavourLeader { seat: seat_id(leader) });
            Next::Stop
        }
    }
}

fn leader_place(state: &State, target: LeaderTarget) -> FavourAt {
    match target {
        LeaderTarget::Candidate => chosen_place(state),
        LeaderTarget::Emperor => FavourAt::Emperor,
    }
}

fn conspirator_place(state: &State, seat: Seat, target: ConspiratorTarget) -> FavourAt {
    match target {
        ConspiratorTarget::Stay => state.players[seat].favour,
        ConspiratorTarget::Candidate => chosen_place(state),
        ConspiratorTarget::Emperor => FavourAt::Emperor,
    }
}

/// `seat`'s Favor token goes `to` (where it is already, when it stays).
fn move_favour(work: &mut Work, seat: Seat, to: FavourAt, automatic: bool) {
    let from = work.state.players[seat].favour;
    work.emit(Event::FavourMoved {
        seat: seat_id(seat),
        from,
        to,
        automatic,
    });
}

/// The other conspirators in `ordo_after(leader)` order.
fn other_conspirators(state: &State) -> Seats {
    taking_part(state, state.ordo_after(leader(state)), true)
}

/// Each other conspirator from the one at `from` places his Favor token; one that can only stay does so by itself.
pub(super) fn favour_conspirators(work: &mut Work, from: usize) -> Next {
    for seat in other_conspirators(&work.state).into_iter().skip(from) {
        if conspirator_targets(&work.state, seat).len() == 1 {
            let stay = work.state.players[seat].favour;
            move_favour(work, seat, stay, true);
        } else {
            work.await_phase(Phase::FavourConspirator { seat: seat_id(seat) });
            return Next::Stop;
        }
    }
    Next::Defence(0)
}

pub(super) fn candidate_actions(state: &State) -> Vec<Action> {
    occupied_candidates(state)
        .map(|candidate| Action::ChooseCandidate { candidate })
        .collect()
}

pub(super) fn leader_actions(state: &State) -> Vec<Action> {
    leader_targets(state)
        .into_iter()
        .map(|target| Action::LeaderFavour { target })
        .collect()
}

pub(super) fn conspirator_actions(state: &State, seat: Seat) -> Vec<Action> {
    conspirator_targets(state, seat)
        .into_iter()
        .map(|target| Action::ConspiratorFavour { target })
        .collect()
}

pub(super) fn choose_candidate(state: &State, work: &mut Work, candidate: Pos) -> Result<Next, RuleError> {
    let Some(card) = state.candidates[candidate.index()] else {
        return Err(err(RuleCode::NoCandidate, "That candidate position is empty."));
    };
    work.emit(Event::CandidateChosen {
        position: candidate,
        candidate: DATA.augustus[card].id.clone(),
        automatic: false,
    });
    Ok(Next::FavourLeader)
}

/// `leader_favour`: the leader places his Favor token.
pub(super) fn leader_favour(
    state: &State,
    work: &mut Work,
    seat: Seat,
    target: LeaderTarget,
) -> Result<Next, RuleError> {
    if !leader_targets(state).contains(&target) {
        return Err(err(RuleCode::NoFreeSlot, "That card has no free Favor slot."));
    }
    move_favour(work, seat, leader_place(state, target), false);
    Ok(Next::FavourConspirators(0))
}

/// `conspirator_favour`: another conspirator places his Favor token, or keeps it where it is.
pub(super) fn conspirator_favour(
    state: &State,
    work: &mut Work,
    seat: Seat,
    target: ConspiratorTarget,
) -> Result<Next, RuleError> {
    if !conspirator_targets(state, seat).contains(&target) {
        return Err(err(
            RuleCode::InvalidTarget,
            "Your Favor token cannot go there (no free slot, or it is already there).",
        ));
    }
    move_favour(work, seat, conspirator_place(state, seat, target), false);
    Ok(Next::FavourConspirators(index_after(&other_conspirators(state), seat)))
}
