//! The conspiracy's eligibility, opening and auction (spec 4.6 A to D; phases `complot` and `complot_payment`): the
//! seats bid Coniura-symbol cards until nobody raises; the leader and those who matched are the conspirators.

use super::super::state::State;
use super::super::types::{Action, Conspiracy, Event, Kind, Phase, Role};
use super::{Next, Work, err, hand_empty, held, sid};
use crate::engine::{RuleError, Seat};

pub(super) fn conspiracy(s: &State) -> &Conspiracy {
    s.conspiracy
        .as_ref()
        .expect("a conspiracy is in progress in this phase")
}

pub(super) fn leader(s: &State) -> Seat {
    conspiracy(s).leader.map_or(0, |l| l.idx())
}

pub(super) fn opportunity(w: &mut Work, final_conspiracy: bool) -> Next {
    let s = &w.s;
    let nobody_has_cards = s.players.iter().all(|p| p.hand_count() == 0);
    let no_candidate = s.candidates.iter().all(|c| c.is_none());
    if nobody_has_cards || (!final_conspiracy && (s.conspiracy_blocked || no_candidate)) {
        return Next::AfterConspiracy;
    }
    w.emit(Event::ConspiracyOpened { final_conspiracy });
    Next::Opening(0)
}

pub(super) fn opening(w: &mut Work, k: usize) -> Next {
    let order = w.s.ordo_order();
    for &seat in order.iter().skip(k) {
        if hand_empty(&w.s, seat) {
            w.emit(Event::ConspiracyDeclined {
                seat: sid(seat),
                automatic: true,
            });
        } else {
            w.await_phase(Phase::Complot { seat: sid(seat) });
            return Next::Stop;
        }
    }
    w.emit(Event::ConspiracyAbandoned {});
    Next::AfterConspiracy
}

/// The next speaker after an auction action by `x` (4.6 C).
fn next_speaker(s: &State, x: Seat) -> Option<Seat> {
    let c = conspiracy(s);
    s.ordo_after(x)
        .into_iter()
        .find(|&o| c.leader.map(|l| l.idx()) != Some(o) && !c.passed[o] && c.committed[o] < c.high)
}

pub(super) fn auction(w: &mut Work, mut x: Seat) -> Next {
    loop {
        let Some(y) = next_speaker(&w.s, x) else {
            return Next::EndAuction;
        };
        if hand_empty(&w.s, y) {
            w.emit(Event::ConspiracyPassed {
                seat: sid(y),
                automatic: true,
            });
            x = y;
            continue;
        }
        w.await_phase(Phase::Complot { seat: sid(y) });
        return Next::Stop;
    }
}

pub(super) fn end_auction(w: &mut Work) -> Next {
    let s = &w.s;
    let c = conspiracy(s);
    let l = leader(s);
    let mut conspirators = vec![sid(l)];
    let mut non_participants = vec![];
    for o in s.ordo_after(l) {
        if !c.passed[o] && c.committed[o] == c.high {
            conspirators.push(sid(o));
        } else {
            non_participants.push(sid(o));
        }
    }
    let returned = c.table.iter().map(|p| p.kind).collect();
    let final_conspiracy = c.final_conspiracy;
    let high = c.high;
    w.emit(Event::ConspiracyFormed {
        leader: sid(l),
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

pub(super) fn complot_actions(s: &State, seat: Seat) -> Vec<Action> {
    let p = &s.players[seat];
    let c = conspiracy(s);
    let mut v = vec![Action::ComplotPass];
    let have = c.committed[seat] + p.coniura_symbols();
    if c.leader.is_some() && have >= c.high {
        v.push(Action::ComplotAccept);
    }
    for total in c.high + 1..=have {
        v.push(Action::ComplotRaise { total });
    }
    v
}

pub(super) fn payment_actions(s: &State, seat: Seat) -> Vec<Action> {
    held(&s.players[seat], Kind::coniura_symbol)
        .map(|kind| Action::PayConiura { kind })
        .collect()
}

/// `complot_pass`: declines the opening, or leaves the auction for good once there is a leader.
pub(super) fn pass(s: &State, w: &mut Work, seat: Seat) -> Next {
    let c = conspiracy(s);
    if c.leader.is_none() {
        w.emit(Event::ConspiracyDeclined {
            seat: sid(seat),
            automatic: false,
        });
        let k = s.ordo_order().iter().position(|&o| o == seat).unwrap_or(0);
        Next::Opening(k + 1)
    } else {
        w.emit(Event::ConspiracyPassed {
            seat: sid(seat),
            automatic: false,
        });
        Next::Auction(seat)
    }
}

pub(super) fn accept(s: &State, w: &mut Work, seat: Seat) -> Result<Next, RuleError> {
    let p = &s.players[seat];
    let c = conspiracy(s);
    if c.leader.is_none() {
        return Err(err(
            "no_leader",
            "There is no bid to accept yet: open with complot_raise or pass.",
        ));
    }
    let owed = c.high.saturating_sub(c.committed[seat]);
    if p.coniura_symbols() < owed {
        return Err(err(
            "not_enough_cards",
            format!("Accepting costs {owed} Coniura-symbol cards; you hold fewer."),
        ));
    }
    w.emit(Event::ConspiracyAccepted { seat: sid(seat), owed });
    w.await_phase(Phase::ComplotPayment { seat: sid(seat), owed });
    Ok(Next::Stop)
}

pub(super) fn raise(s: &State, w: &mut Work, seat: Seat, total: u32) -> Result<Next, RuleError> {
    let p = &s.players[seat];
    let c = conspiracy(s);
    if total <= c.high {
        return Err(err(
            "raise_too_low",
            format!("A raise must be above the high bid of {}.", c.high),
        ));
    }
    let owed = total - c.committed[seat];
    if p.coniura_symbols() < owed {
        return Err(err(
            "not_enough_cards",
            format!("Raising to {total} costs {owed} Coniura-symbol cards; you hold fewer."),
        ));
    }
    w.emit(Event::ConspiracyRaised {
        seat: sid(seat),
        total,
        owed,
    });
    w.await_phase(Phase::ComplotPayment { seat: sid(seat), owed });
    Ok(Next::Stop)
}

/// `pay_coniura`: one of the `owed` cards of a bid.
pub(super) fn pay(s: &State, w: &mut Work, seat: Seat, kind: Kind, owed: u32) -> Result<Next, RuleError> {
    let p = &s.players[seat];
    if !kind.coniura_symbol() {
        return Err(err(
            "wrong_kind",
            "Only a card with a Coniura symbol (con, con_dual, pug_dual) can pay.",
        ));
    }
    if !p.has(kind) {
        return Err(err("card_not_in_hand", format!("You hold no {} card.", kind.name())));
    }
    w.emit(Event::CardPlayed {
        seat: sid(seat),
        kind,
        role: Role::Bid,
    });
    if owed > 1 {
        w.await_phase(Phase::ComplotPayment {
            seat: sid(seat),
            owed: owed - 1,
        });
        Ok(Next::Stop)
    } else {
        Ok(Next::Auction(seat))
    }
}
