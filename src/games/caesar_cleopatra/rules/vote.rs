//! Votes (spec 7.2): the comparison shared by regular and extraordinary votes, with the reveals and discards it
//! needs, and step V, the vote card that ends every active turn (spec 6).

use rand::seq::SliceRandom;

use super::super::data::{VoteKind, data};
use super::super::state::{State, opp};
use super::super::types::{
    CaesarCleopatraEvent as E, CcCard, CcEndReason, CcFace, CcGroup, CcOrigin, CcRevealCause, CcSeatNumbers, CcValue,
    CcVoteKind, CcVoteOutcome,
};
use super::game_over::game_over;
use super::{Ctx, seat_of};

/// Step V: reveal vote cards until one is not void (6, V1 to V5).
pub(super) fn vote_card_step(c: &mut Ctx) {
    let limit = data().vote_cards.len() + 1;
    for _ in 0..limit {
        let Some(&card) = c.s.vote_deck.first() else {
            return;
        };
        c.emit(E::VoteCardDrawn { card });
        match data().vote_kind(card) {
            Some(VoteKind::Group(g)) if !c.s.open(g) => {
                c.emit(E::VoteCardRemoved { card });
                continue;
            }
            Some(VoteKind::Group(g)) => {
                reveal_group(c, g);
                resolve_vote(c, g, CcVoteKind::Regular);
                c.emit(E::VoteCardDiscarded { card });
                if !c.s.any_open() {
                    game_over(c, CcEndReason::AllPatriciansAwarded);
                }
            }
            Some(VoteKind::OrgyReshuffle) => {
                let mut order = c.s.vote_deck;
                order.extend(c.s.vote_discard.iter().copied());
                order.extend(c.s.vote_current);
                order.shuffle(c.rng);
                c.emit(E::VoteDeckReshuffled {
                    size: order.len() as u32,
                    order: Some(order.to_vec()),
                });
            }
            Some(VoteKind::Orgy) | None => c.emit(E::VoteCardDiscarded { card }),
        }
        return;
    }
}

pub(super) fn reveal_group(c: &mut Ctx, g: CcGroup) {
    for seat in 0..2 {
        reveal_seat(c, g, seat, CcRevealCause::Vote);
    }
}

/// Compares and applies a vote at `g` whose cards are all face up (7.2 steps 2 to 8).
pub(super) fn resolve_vote(c: &mut Ctx, g: CcGroup, kind: CcVoteKind) {
    let d = data();
    let sums = [0, 1].map(|seat| {
        c.s.seats[seat].sides[g.index()]
            .iter()
            .filter_map(|slot| d.value(slot.card))
            .map(CcValue::points)
            .sum::<u32>()
    });
    let phils = [0, 1].map(|seat| {
        c.s.seats[seat].sides[g.index()]
            .iter()
            .filter(|slot| d.value(slot.card) == Some(CcValue::P))
            .count() as u32
    });
    if sums[0] == sums[1] {
        c.emit(E::VoteResolved {
            group: g,
            kind,
            sums: CcSeatNumbers::from_array(sums),
            philosophers: CcSeatNumbers::from_array(phils),
            outcome: CcVoteOutcome::Postponed,
            winner: None,
        });
        return;
    }
    let high = if sums[0] > sums[1] { 0 } else { 1 };
    let low = opp(high);
    let winner = if phils[0] != phils[1] { low } else { high };
    c.emit(E::VoteResolved {
        group: g,
        kind,
        sums: CcSeatNumbers::from_array(sums),
        philosophers: CcSeatNumbers::from_array(phils),
        outcome: CcVoteOutcome::Won,
        winner: Some(seat_of(winner)),
    });
    if let Some(&patrician) = c.s.stacks[g.index()].iter().min() {
        c.emit(E::PatricianWon {
            seat: seat_of(winner),
            group: g,
            patrician,
        });
    }
    // (card, value) of the numbered cards of a side.
    let numbered = |s: &State, seat: usize| -> Vec<(CcCard, CcValue)> {
        s.seats[seat].sides[g.index()]
            .iter()
            .filter_map(|slot| d.value(slot.card).map(|v| (slot.card, v)))
            .filter(|(_, v)| !v.is_philosopher())
            .collect()
    };
    // High discards one card of its highest value, low one of its lowest (smallest id among equals).
    if let Some((card, _)) = numbered(&c.s, high)
        .into_iter()
        .min_by_key(|&(card, v)| (std::cmp::Reverse(v), card))
    {
        discard_board(c, high, g, card);
    }
    if let Some((card, _)) = numbered(&c.s, low).into_iter().min_by_key(|&(card, v)| (v, card)) {
        discard_board(c, low, g, card);
    }
    for seat in 0..2 {
        let mut phil: Vec<CcCard> = c.s.seats[seat].sides[g.index()]
            .iter()
            .filter(|slot| d.value(slot.card) == Some(CcValue::P))
            .map(|slot| slot.card)
            .collect();
        phil.sort();
        for card in phil {
            discard_board(c, seat, g, card);
        }
    }
    if c.s.stacks[g.index()].is_empty() {
        discard_group(c, g);
        c.emit(E::GroupClosed { group: g });
    }
}

/// Turns one seat's face-down cards at `g` face up.
pub(super) fn reveal_seat(c: &mut Ctx, g: CcGroup, seat: usize, cause: CcRevealCause) {
    let d = data();
    let mut values: Vec<CcValue> = c.s.seats[seat].sides[g.index()]
        .iter()
        .filter(|slot| !slot.up)
        .filter_map(|slot| d.value(slot.card))
        .collect();
    if values.is_empty() {
        return;
    }
    values.sort();
    c.emit(E::CardsRevealed {
        group: g,
        seat: seat_of(seat),
        values,
        cause,
    });
}

/// Every card at `g`, both sides, goes to its owner's discard.
pub(super) fn discard_group(c: &mut Ctx, g: CcGroup) {
    for seat in 0..2 {
        let mut cards: Vec<CcCard> = c.s.seats[seat].sides[g.index()].iter().map(|slot| slot.card).collect();
        cards.sort();
        for card in cards {
            discard_board(c, seat, g, card);
        }
    }
}

fn discard_board(c: &mut Ctx, seat: usize, g: CcGroup, card: CcCard) {
    if let Some(v) = data().value(card) {
        c.emit(E::CardDiscarded {
            seat: seat_of(seat),
            origin: CcOrigin::Board,
            card: CcFace::Influence(v),
            group: Some(g),
            id: Some(card),
        });
    }
}
