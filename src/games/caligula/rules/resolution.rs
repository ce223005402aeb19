//! RESOLUTION (spec 4.4): the Sequentia row position by position; each suit's card in position 1 resolves (7.1), its
//! effects are decided (`effect_decision`), it leaves and the suit refills (6.2); then the Sequentia extra (6.3) and
//! the conspiracy opportunity.

use super::super::data::{CivitasCard, DATA};
use super::super::event::{Concerned, Event, RevealedToken, SeatOrdo, SeatTotal};
use super::super::ids::{CardType, Deck, Extra, Mode, SeatId};
use super::super::phase::EffectCursor;
use super::super::state::{FaceUp, State, vi};
use super::{Next, Work, draw, seat_id};

pub(super) fn start_sequentia(work: &mut Work, index: usize) -> Next {
    let card = DATA.sequentia[work.state.sequentia_row[index]].id.clone();
    work.emit(Event::SequentiaStarted { index, card });
    Next::Suit(0)
}

/// Resolves the card in position 1 of the suit at `suit_index` of the current Sequentia card (7.1).
pub(super) fn resolve_suit(work: &mut Work, suit_index: usize) -> Next {
    let sequentia = &DATA.sequentia[work.state.sequentia_row[work.state.seq_index]];
    let Some(&suit) = sequentia.suits.get(suit_index) else {
        return Next::Extra;
    };
    let Some(face_up) = work.state.face_up(suit, 0).cloned() else {
        return Next::Suit(suit_index + 1);
    };
    let card = &DATA.civitas[face_up.card];
    let totals = seat_totals(&face_up);
    let concerned = concerned_seats(&work.state, card, &face_up, &totals);
    let tokens = revealed_tokens(&work.state, &face_up);
    let mode = if card.card_type == CardType::Negative {
        Mode::Mandatory
    } else {
        Mode::Optional
    };
    work.emit(Event::TokensRevealed {
        card: card.id.clone(),
        suit,
        suit_index,
        card_type: card.card_type,
        value: card.value,
        mode,
        tokens,
        totals,
        concerned,
    });
    Next::Effects(EffectCursor::default())
}

/// Each seat's total on the card, in the order of its first token.
fn seat_totals(face_up: &FaceUp) -> Vec<SeatTotal> {
    let mut totals: Vec<SeatTotal> = Vec::new();
    for (index, token) in face_up.tokens.iter().enumerate() {
        match totals.iter_mut().find(|total| total.seat.idx() == token.owner) {
            Some(total) => {
                total.total += token.value as i32;
                total.tokens += 1;
            }
            None => totals.push(SeatTotal {
                seat: seat_id(token.owner),
                total: token.value as i32,
                first_slot: index + 1,
                tokens: 1,
            }),
        }
    }
    totals
}

/// The seats the card concerns, in processing order, with their effect instances (7.1).
fn concerned_seats(state: &State, card: &CivitasCard, face_up: &FaceUp, totals: &[SeatTotal]) -> Vec<Concerned> {
    let mut ranked = totals.to_vec();
    ranked.sort_by(|one, other| other.total.cmp(&one.total).then(one.first_slot.cmp(&other.first_slot)));
    let value = card.value;
    match card.card_type {
        CardType::Predilection => ranked
            .first()
            .filter(|best| best.total >= value)
            .map(|best| Concerned {
                seat: best.seat,
                instances: best.tokens,
            })
            .into_iter()
            .collect(),
        CardType::Collective => {
            // Served from the highest single token, not by the summed total; among seats whose highest tokens are
            // equal, the one that placed that token first (seed: « en commençant par celui qui a le jeton ayant la
            // valeur la plus élevée ou, en cas d'égalité, par celui ayant placé son jeton en premier »: « son jeton »
            // is the highest token just named, as the prédilection rule compares tokens).
            let highest_token = |seat: SeatId| {
                face_up
                    .tokens
                    .iter()
                    .enumerate()
                    .filter(|(_, token)| token.owner == seat.idx())
                    .map(|(slot, token)| (std::cmp::Reverse(token.value), slot))
                    .min()
            };
            let mut served: Vec<&SeatTotal> = ranked.iter().filter(|total| total.total >= value).collect();
            served.sort_by_key(|total| highest_token(total.seat));
            served
                .into_iter()
                .map(|total| Concerned {
                    seat: total.seat,
                    instances: total.tokens,
                })
                .collect()
        }
        CardType::Negative => state
            .ordo_order()
            .into_iter()
            .filter(|&seat| {
                totals
                    .iter()
                    .find(|total| total.seat.idx() == seat)
                    .is_none_or(|total| total.total < value)
            })
            .map(|seat| Concerned {
                seat: seat_id(seat),
                instances: 1,
            })
            .collect(),
    }
}

/// The card's tokens face up; a value its owner no longer owns (LOSE56) is set aside instead of returning.
fn revealed_tokens(state: &State, face_up: &FaceUp) -> Vec<RevealedToken> {
    face_up
        .tokens
        .iter()
        .enumerate()
        .map(|(index, token)| RevealedToken {
            slot: index + 1,
            owner: seat_id(token.owner),
            value: token.value,
            returned: state.players[token.owner].owned[vi(token.value)],
        })
        .collect()
}

pub(super) fn finish_card(work: &mut Work) -> Next {
    let Some(resolution) = work.state.resolution.clone() else {
        return Next::Suit(work.state.suit_index + 1);
    };
    let row = &work.state.suits[resolution.suit.index()];
    let id = |card: usize| DATA.civitas[card].id.clone();
    let position_1 = row.pos[1].as_ref().map(|face_up| id(face_up.card));
    let position_2 = row.deck.first().map(|&card| id(card));
    work.emit(Event::CivitasShifted {
        suit: resolution.suit,
        removed: id(resolution.card),
        position_1,
        position_2,
    });
    Next::Suit(work.state.suit_index + 1)
}

pub(super) fn extra(work: &mut Work) -> Next {
    let sequentia = &DATA.sequentia[work.state.sequentia_row[work.state.seq_index]];
    match sequentia.extra {
        None => {}
        Some(Extra::AllDrawConiura) => {
            work.emit(Event::SequentiaExtra {
                extra: Extra::AllDrawConiura,
                ordo: None,
            });
            for seat in work.state.ordo_order() {
                draw(work, seat, Deck::Coniura, 1);
            }
        }
        Some(Extra::PassOrdoLeft) => {
            let seat_count = work.state.n;
            let ordo = (0..seat_count)
                .map(|seat| SeatOrdo {
                    seat: seat_id((seat + 1) % seat_count),
                    ordo: work.state.players[seat].ordo,
                })
                .collect();
            work.emit(Event::SequentiaExtra {
                extra: Extra::PassOrdoLeft,
                ordo: Some(ordo),
            });
        }
    }
    Next::Opportunity(false)
}

/// After the conspiracy opportunity: the next Sequentia card, or the round end after the last one (or the end after
/// the final conspiracy).
pub(super) fn after_conspiracy(work: &mut Work) -> Next {
    if work.state.fallen {
        Next::End
    } else if work.state.seq_index + 1 < work.state.sequentia_row.len() {
        Next::StartSequentia(work.state.seq_index + 1)
    } else {
        Next::RoundEnd
    }
}
