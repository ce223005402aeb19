//! Applying one effect code for one seat (spec 7.4): the `effect_step` event with its visible change, the events that
//! follow it (drawn, discarded and stolen cards), and where the effect cursor goes on.

use rand::Rng;

use super::super::data::DATA;
use super::super::effect_code::Op;
use super::super::event::{CandidateReplaced, Event};
use super::super::ids::{Deck, FavourAt, Kind, Pos, SeatId};
use super::super::phase::EffectCursor;
use super::super::state::{State, vi};
use super::{Work, draw, seat_id};
use crate::engine::Seat;

/// The one visible change an applied code records in its `effect_step` event.
enum Change {
    Vp(i32),
    SpqrGained(i8),
    SpqrLost(i8),
    OrdoSwappedWith(SeatId),
    FavourTo(FavourAt),
    CandidateReplaced(CandidateReplaced),
    Life(i32),
    PipTaken,
}

/// The `effect_step` event of one step, without a change yet.
pub(super) fn step_event(seat: Seat, card: usize, op: &str, option: &str, automatic: bool) -> Event {
    Event::EffectStep {
        seat: seat_id(seat),
        card: DATA.civitas[card].id.clone(),
        op: op.to_string(),
        option: option.to_string(),
        automatic,
        alternative: None,
        vp_change: None,
        spqr_gained: None,
        spqr_lost: None,
        ordo_swapped_with: None,
        favour_to: None,
        candidate_replaced: None,
        life_change: None,
        pip_taken: None,
    }
}

/// The chosen alternative of a two-effect step: 0 for `first`, 1 for `second`, none for `none` or `skip`.
pub(super) fn alternative_of(option: &str) -> Option<u8> {
    match option {
        "first" => Some(0),
        "second" => Some(1),
        _ => None,
    }
}

/// The `effect_step` event of a two-effect step's choice, with the chosen alternative.
pub(super) fn either_event(seat: Seat, card: usize, option: &str, automatic: bool) -> Event {
    let mut event = step_event(seat, card, "either", option, automatic);
    if let (Event::EffectStep { alternative, .. }, Some(chosen)) = (&mut event, alternative_of(option)) {
        *alternative = Some(chosen);
    }
    event
}

fn record(event: &mut Event, change: Change) {
    match (event, change) {
        (Event::EffectStep { vp_change, .. }, Change::Vp(delta)) => *vp_change = Some(delta),
        (Event::EffectStep { spqr_gained, .. }, Change::SpqrGained(value)) => *spqr_gained = Some(value),
        (Event::EffectStep { spqr_lost, .. }, Change::SpqrLost(value)) => *spqr_lost = Some(value),
        (Event::EffectStep { ordo_swapped_with, .. }, Change::OrdoSwappedWith(other)) => {
            *ordo_swapped_with = Some(other);
        }
        (Event::EffectStep { favour_to, .. }, Change::FavourTo(place)) => *favour_to = Some(place),
        (Event::EffectStep { candidate_replaced, .. }, Change::CandidateReplaced(replaced)) => {
            *candidate_replaced = Some(replaced);
        }
        (Event::EffectStep { life_change, .. }, Change::Life(delta)) => *life_change = Some(delta),
        (Event::EffectStep { pip_taken, .. }, Change::PipTaken) => *pip_taken = Some(true),
        _ => {}
    }
}

/// Applies `option` of `op` for `seat`; returns the cursor to go on with.
pub(super) fn apply_op(
    work: &mut Work,
    seat: Seat,
    card: usize,
    op: Op,
    option: &str,
    automatic: bool,
    cursor: EffectCursor,
) -> EffectCursor {
    let mut event = step_event(seat, card, op.name(), option, automatic);
    if option == "skip" || option == "none" {
        work.emit(event);
        return cursor.next_step();
    }
    match op {
        Op::DrawConiura { n: count } | Op::DrawPugio { n: count } => {
            let deck = if matches!(op, Op::DrawConiura { .. }) {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            work.emit(event);
            draw(work, seat, deck, count);
            cursor.next_step()
        }
        Op::DrawAny { n: count } => {
            let deck = if option == "coniura" {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            work.emit(event);
            draw(work, seat, deck, 1);
            after_one_of(cursor, count)
        }
        Op::DiscardAny { n: count } | Op::DiscardConiura { n: count } | Op::DiscardPugio { n: count } => {
            work.emit(event);
            let Some(kind) = Kind::parse(option) else {
                return cursor.next_step();
            };
            work.emit(Event::CardDiscarded {
                seat: seat_id(seat),
                kind,
                deck: kind.deck(),
            });
            after_one_of(cursor, count)
        }
        Op::StealCard => {
            let stolen = stolen_card(work, seat, option);
            work.emit(event);
            if let Some(stolen) = stolen {
                work.emit(stolen);
            }
            cursor.next_step()
        }
        _ => {
            if let Some(change) = change_of(&work.state, seat, op, option) {
                record(&mut event, change);
            }
            work.emit(event);
            cursor.next_step()
        }
    }
}

/// After one decision of a multi-decision step (ANY n, DIS n): the next step once the last one is made.
fn after_one_of(cursor: EffectCursor, count: u32) -> EffectCursor {
    let left = cursor.remaining.unwrap_or(count).saturating_sub(1);
    if left == 0 {
        cursor.next_step()
    } else {
        EffectCursor {
            remaining: Some(left),
            ..cursor
        }
    }
}

/// The change of a code that changes the seat's attributes or the emperor's life; `None` for the codes that move
/// cards (applied with their own events) and for a change that cannot happen.
fn change_of(state: &State, seat: Seat, op: Op, option: &str) -> Option<Change> {
    let player = &state.players[seat];
    match op {
        Op::VpGain { n: points } | Op::FavourBonus { n: points } => Some(Change::Vp(points as i32)),
        Op::VpLose { n: points } => Some(Change::Vp(-(points.min(player.vp) as i32))),
        Op::GainSpqr5 { v: points } | Op::GainSpqr6 { v: points } => {
            let value = if matches!(op, Op::GainSpqr5 { .. }) { 5 } else { 6 };
            // A value already owned is worth its VP instead.
            Some(if player.owned[vi(value)] {
                Change::Vp(points as i32)
            } else {
                Change::SpqrGained(value)
            })
        }
        Op::LoseSpqr56 { v: points } => Some(if player.owned[vi(6)] {
            Change::SpqrLost(6)
        } else if player.owned[vi(5)] {
            Change::SpqrLost(5)
        } else {
            Change::Vp(-(points.min(player.vp) as i32))
        }),
        Op::TakePip => Some(Change::PipTaken),
        Op::TakeOrdo1 => state
            .holder_of_ordo(1)
            .map(|holder| Change::OrdoSwappedWith(seat_id(holder))),
        Op::ReplaceCandidate => candidate_replacement(state, option).map(Change::CandidateReplaced),
        Op::MoveFavour => FavourAt::ALL
            .into_iter()
            .find(|place| place.name() == option)
            .map(Change::FavourTo),
        Op::EmperorLife { n: points } => Some(Change::Life(if option == "minus" {
            -(points as i32)
        } else {
            points as i32
        })),
        Op::DrawConiura { .. }
        | Op::DrawPugio { .. }
        | Op::DrawAny { .. }
        | Op::DiscardAny { .. }
        | Op::DiscardConiura { .. }
        | Op::DiscardPugio { .. }
        | Op::StealCard => None,
    }
}

/// CAND: the candidate at `option` (`a` or `b`) goes under the Augustus deck and its top card replaces it (the same
/// card when the deck is empty, decision 8); the Favor tokens on it return.
fn candidate_replacement(state: &State, option: &str) -> Option<CandidateReplaced> {
    let position = if option == "b" { Pos::B } else { Pos::A };
    let old = state.candidates[position.index()]?;
    let new = state.augustus_deck.first().copied().unwrap_or(old);
    Some(CandidateReplaced {
        position,
        old: DATA.augustus[old].id.clone(),
        new: DATA.augustus[new].id.clone(),
        returned_favours: state
            .favours_at(FavourAt::candidate(position))
            .into_iter()
            .map(seat_id)
            .collect(),
    })
}

/// STEAL: a card drawn at random from the hand of the seat named by `option`.
fn stolen_card(work: &mut Work, thief: Seat, option: &str) -> Option<Event> {
    let victim = *SeatId::ALL
        .iter()
        .take(work.state.n)
        .find(|victim| victim.name() == option)?;
    let hand = work.state.players[victim.idx()].hand;
    let total: u32 = hand.iter().sum();
    if total == 0 {
        return None;
    }
    let mut drawn = work.rng.random_range(0..total);
    let mut kind = Kind::Con;
    for candidate in Kind::ALL {
        if drawn < hand[candidate.index()] {
            kind = candidate;
            break;
        }
        drawn -= hand[candidate.index()];
    }
    Some(Event::CardStolen {
        thief: seat_id(thief),
        victim,
        kind: Some(kind),
    })
}
