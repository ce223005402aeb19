//! Favours (spec 4.6 E, 7.5; phases `favour_candidate`, `favour_leader`, `favour_conspirator`), normal conspiracies
//! only: the leader picks the candidate and places his Favor token, then each other conspirator may place his.

use super::super::data::DATA;
use super::super::state::{Seats, State};
use super::super::types::{Action, ConspiratorTarget, Event, FavourAt, LeaderTarget, Phase, Pos};
use super::conspiracy::{conspiracy, leader};
use super::{Next, Work, err, sid};
use crate::engine::{RuleError, Seat};

pub(super) fn favour_candidate(w: &mut Work) -> Next {
    let occupied: Vec<Pos> = [Pos::A, Pos::B]
        .into_iter()
        .filter(|p| w.s.candidates[p.index()].is_some())
        .collect();
    match occupied.as_slice() {
        [only] => {
            let position = *only;
            let candidate = w.s.candidates[position.index()].map_or(String::new(), |c| DATA.augustus[c].id.clone());
            w.emit(Event::CandidateChosen {
                position,
                candidate,
                automatic: true,
            });
            Next::FavourLeader
        }
        [] => Next::Defence(0),
        _ => {
            let seat = sid(leader(&w.s));
            w.await_phase(Phase::FavourCandidate { seat });
            Next::Stop
        }
    }
}

pub(super) fn chosen_place(s: &State) -> FavourAt {
    conspiracy(s)
        .chosen_candidate
        .map_or(FavourAt::Supply, FavourAt::candidate)
}

/// 7.5: the leader's legal targets.
fn leader_targets(s: &State) -> Vec<LeaderTarget> {
    let l = leader(s);
    let at = s.players[l].favour;
    let cand = chosen_place(s);
    let mut v = vec![];
    if cand != FavourAt::Supply && (at == cand || s.has_free_slot(cand)) {
        v.push(LeaderTarget::Candidate);
    }
    if at == FavourAt::Emperor || s.has_free_slot(FavourAt::Emperor) {
        v.push(LeaderTarget::Emperor);
    }
    v
}

/// 7.5: a conspirator's legal targets (`stay` always).
fn conspirator_targets(s: &State, seat: Seat) -> Vec<ConspiratorTarget> {
    let at = s.players[seat].favour;
    let cand = chosen_place(s);
    let mut v = vec![ConspiratorTarget::Stay];
    if cand != FavourAt::Supply && at != cand && s.has_free_slot(cand) {
        v.push(ConspiratorTarget::Candidate);
    }
    if at != FavourAt::Emperor && s.has_free_slot(FavourAt::Emperor) {
        v.push(ConspiratorTarget::Emperor);
    }
    v
}

pub(super) fn favour_leader(w: &mut Work) -> Next {
    let targets = leader_targets(&w.s);
    match targets.as_slice() {
        [] => {
            let l = leader(&w.s);
            let at = w.s.players[l].favour;
            w.emit(Event::FavourMoved {
                seat: sid(l),
                from: at,
                to: at,
                automatic: true,
            });
            Next::FavourConspirators(0)
        }
        [only] => {
            let l = leader(&w.s);
            place_leader_favour(w, l, *only, true);
            Next::FavourConspirators(0)
        }
        _ => {
            let seat = sid(leader(&w.s));
            w.await_phase(Phase::FavourLeader { seat });
            Next::Stop
        }
    }
}

fn place_leader_favour(w: &mut Work, l: Seat, target: LeaderTarget, automatic: bool) {
    let from = w.s.players[l].favour;
    let to = match target {
        LeaderTarget::Candidate => chosen_place(&w.s),
        LeaderTarget::Emperor => FavourAt::Emperor,
    };
    w.emit(Event::FavourMoved {
        seat: sid(l),
        from,
        to,
        automatic,
    });
}

fn place_conspirator_favour(w: &mut Work, seat: Seat, target: ConspiratorTarget, automatic: bool) {
    let from = w.s.players[seat].favour;
    let to = match target {
        ConspiratorTarget::Stay => from,
        ConspiratorTarget::Candidate => chosen_place(&w.s),
        ConspiratorTarget::Emperor => FavourAt::Emperor,
    };
    w.emit(Event::FavourMoved {
        seat: sid(seat),
        from,
        to,
        automatic,
    });
}

/// The other conspirators in `ordo_after(leader)` order.
fn other_conspirators(s: &State) -> Seats {
    let c = conspiracy(s);
    s.ordo_after(leader(s))
        .into_iter()
        .filter(|&o| c.is_conspirator(o))
        .collect()
}

pub(super) fn favour_conspirators(w: &mut Work, k: usize) -> Next {
    let list = other_conspirators(&w.s);
    for &seat in list.iter().skip(k) {
        if conspirator_targets(&w.s, seat).len() == 1 {
            place_conspirator_favour(w, seat, ConspiratorTarget::Stay, true);
        } else {
            w.await_phase(Phase::FavourConspirator { seat: sid(seat) });
            return Next::Stop;
        }
    }
    Next::Defence(0)
}

pub(super) fn candidate_actions(s: &State) -> Vec<Action> {
    [Pos::A, Pos::B]
        .into_iter()
        .filter(|p| s.candidates[p.index()].is_some())
        .map(|candidate| Action::ChooseCandidate { candidate })
        .collect()
}

pub(super) fn leader_actions(s: &State) -> Vec<Action> {
    leader_targets(s)
        .into_iter()
        .map(|target| Action::LeaderFavour { target })
        .collect()
}

pub(super) fn conspirator_actions(s: &State, seat: Seat) -> Vec<Action> {
    conspirator_targets(s, seat)
        .into_iter()
        .map(|target| Action::ConspiratorFavour { target })
        .collect()
}

pub(super) fn choose_candidate(s: &State, w: &mut Work, candidate: Pos) -> Result<Next, RuleError> {
    let Some(card) = s.candidates[candidate.index()] else {
        return Err(err("no_candidate", "That candidate position is empty."));
    };
    w.emit(Event::CandidateChosen {
        position: candidate,
        candidate: DATA.augustus[card].id.clone(),
        automatic: false,
    });
    Ok(Next::FavourLeader)
}

/// `leader_favour`: the leader places his Favor token.
pub(super) fn leader_favour(s: &State, w: &mut Work, seat: Seat, target: LeaderTarget) -> Result<Next, RuleError> {
    if !leader_targets(s).contains(&target) {
        return Err(err("no_free_slot", "That card has no free Favor slot."));
    }
    place_leader_favour(w, seat, target, false);
    Ok(Next::FavourConspirators(0))
}

/// `conspirator_favour`: another conspirator places his Favor token, or keeps it where it is.
pub(super) fn conspirator_favour(
    s: &State,
    w: &mut Work,
    seat: Seat,
    target: ConspiratorTarget,
) -> Result<Next, RuleError> {
    if !conspirator_targets(s, seat).contains(&target) {
        return Err(err(
            "invalid_target",
            "Your Favor token cannot go there (no free slot, or it is already there).",
        ));
    }
    place_conspirator_favour(w, seat, target, false);
    let k = other_conspirators(s).iter().position(|&o| o == seat).unwrap_or(0);
    Ok(Next::FavourConspirators(k + 1))
}
