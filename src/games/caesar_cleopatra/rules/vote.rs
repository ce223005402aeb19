//! Votes (spec 7.2): the comparison shared by regular and extraordinary votes, with the reveals and discards it
//! needs, and step V, the vote card that ends every active turn (spec 6).

use rand::seq::SliceRandom;

use super::super::data::{VoteCardKind, data};
use super::super::event::{Event, Origin, RevealCause, VoteKind, VoteOutcome};
use super::super::face::Face;
use super::super::ids::{Card, Group};
use super::super::outcome::{EndReason, SeatNumbers};
use super::super::state::{State, opponent};
use super::super::value::InfluenceValue;
use super::game_over::game_over;
use super::{Ctx, seat_of};

/// Step V: reveal vote cards until one is not void (6, V1 to V5).
pub(super) fn vote_card_step(ctx: &mut Ctx) {
    let limit = data().vote_cards.len() + 1;
    for _ in 0..limit {
        let Some(&card) = ctx.state.vote_deck.first() else {
            return;
        };
        ctx.emit(Event::VoteCardDrawn { card });
        match data().vote_kind(card) {
            Some(VoteCardKind::Group(group)) if !ctx.state.open(group) => {
                ctx.emit(Event::VoteCardRemoved { card });
                continue;
            }
            Some(VoteCardKind::Group(group)) => {
                reveal_group(ctx, group);
                resolve_vote(ctx, group, VoteKind::Regular);
                ctx.emit(Event::VoteCardDiscarded { card });
                if !ctx.state.any_open() {
                    game_over(ctx, EndReason::AllPatriciansAwarded);
                }
            }
            Some(VoteCardKind::OrgyReshuffle) => {
                let mut order = ctx.state.vote_deck;
                order.extend(ctx.state.vote_discard.iter().copied());
                order.extend(ctx.state.vote_current);
                order.shuffle(ctx.rng);
                ctx.emit(Event::VoteDeckReshuffled {
                    size: order.len() as u32,
                    order: Some(order.to_vec()),
                });
            }
            Some(VoteCardKind::Orgy) | None => ctx.emit(Event::VoteCardDiscarded { card }),
        }
        return;
    }
}

pub(super) fn reveal_group(ctx: &mut Ctx, group: Group) {
    for seat in 0..2 {
        reveal_seat(ctx, group, seat, RevealCause::Vote);
    }
}

/// Compares and applies a vote at `group` whose cards are all face up (7.2 steps 2 to 8).
pub(super) fn resolve_vote(ctx: &mut Ctx, group: Group, kind: VoteKind) {
    let sums = [0, 1].map(|seat| {
        numbered_cards(&ctx.state, seat, group)
            .iter()
            .map(|&(_, value)| value.points())
            .sum::<u32>()
    });
    let philosophers = [0, 1].map(|seat| philosophers_at(&ctx.state, seat, group).len() as u32);
    // Equal sums postpone the vote. Otherwise the higher sum wins, unless the Philosophers differ in number (7.3).
    let high_low = (sums[0] != sums[1]).then(|| {
        let high = if sums[0] > sums[1] { 0 } else { 1 };
        (high, opponent(high))
    });
    let winner = high_low.map(|(high, low)| if philosophers[0] != philosophers[1] { low } else { high });
    ctx.emit(Event::VoteResolved {
        group,
        kind,
        sums: SeatNumbers::from_array(sums),
        philosophers: SeatNumbers::from_array(philosophers),
        outcome: if winner.is_some() {
            VoteOutcome::Won
        } else {
            VoteOutcome::Postponed
        },
        winner: winner.map(seat_of),
    });
    let (Some((high, low)), Some(winner)) = (high_low, winner) else {
        return;
    };
    if let Some(&patrician) = ctx.state.stacks[group.index()].iter().min() {
        ctx.emit(Event::PatricianWon {
            seat: seat_of(winner),
            group,
            patrician,
        });
    }
    discard_after_vote(ctx, group, high, low);
    if ctx.state.stacks[group.index()].is_empty() {
        discard_group(ctx, group);
        ctx.emit(Event::GroupClosed { group });
    }
}

/// (card, value) of the numbered cards of a side.
fn numbered_cards(state: &State, seat: usize, group: Group) -> Vec<(Card, InfluenceValue)> {
    let data = data();
    state.seats[seat].sides[group.index()]
        .iter()
        .filter_map(|slot| data.value(slot.card).map(|value| (slot.card, value)))
        .filter(|(_, value)| !value.is_philosopher())
        .collect()
}

/// The Philosophers of a side, by id.
fn philosophers_at(state: &State, seat: usize, group: Group) -> Vec<Card> {
    let data = data();
    let mut philosophers: Vec<Card> = state.seats[seat].sides[group.index()]
        .iter()
        .filter(|slot| data.value(slot.card) == Some(InfluenceValue::P))
        .map(|slot| slot.card)
        .collect();
    philosophers.sort();
    philosophers
}

/// After a decided vote, high discards one card of its highest value, low one of its lowest (smallest id among
/// equals), then every Philosopher at the group goes (7.2).
fn discard_after_vote(ctx: &mut Ctx, group: Group, high: usize, low: usize) {
    if let Some((card, _)) = numbered_cards(&ctx.state, high, group)
        .into_iter()
        .min_by_key(|&(card, value)| (std::cmp::Reverse(value), card))
    {
        discard_board(ctx, high, group, card);
    }
    if let Some((card, _)) = numbered_cards(&ctx.state, low, group)
        .into_iter()
        .min_by_key(|&(card, value)| (value, card))
    {
        discard_board(ctx, low, group, card);
    }
    for seat in 0..2 {
        for card in philosophers_at(&ctx.state, seat, group) {
            discard_board(ctx, seat, group, card);
        }
    }
}

/// Turns one seat's face-down cards at `group` face up.
pub(super) fn reveal_seat(ctx: &mut Ctx, group: Group, seat: usize, cause: RevealCause) {
    let data = data();
    let mut values: Vec<InfluenceValue> = ctx.state.seats[seat].sides[group.index()]
        .iter()
        .filter(|slot| !slot.up)
        .filter_map(|slot| data.value(slot.card))
        .collect();
    if values.is_empty() {
        return;
    }
    values.sort();
    ctx.emit(Event::CardsRevealed {
        group,
        seat: seat_of(seat),
        values,
        cause,
    });
}

/// Every card at `group`, both sides, goes to its owner's discard.
pub(super) fn discard_group(ctx: &mut Ctx, group: Group) {
    for seat in 0..2 {
        let mut cards: Vec<Card> = ctx.state.seats[seat].sides[group.index()]
            .iter()
            .map(|slot| slot.card)
            .collect();
        cards.sort();
        for card in cards {
            discard_board(ctx, seat, group, card);
        }
    }
}

fn discard_board(ctx: &mut Ctx, seat: usize, group: Group, card: Card) {
    if let Some(value) = data().value(card) {
        ctx.emit(Event::CardDiscarded {
            seat: seat_of(seat),
            origin: Origin::Board,
            card: Face::Influence(value),
            group: Some(group),
            id: Some(card),
        });
    }
}
