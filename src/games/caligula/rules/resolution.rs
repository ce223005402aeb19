//! RESOLUTION (spec 4.4): the Sequentia row position by position; each suit's card in position 1 resolves (7.1), its
//! effects are decided (`effect_decision`), it leaves and the suit refills (6.2); then the Sequentia extra (6.3) and
//! the conspiracy opportunity.

use super::super::data::{CardType, DATA, Extra};
use super::super::state::vi;
use super::super::types::{Concerned, Deck, EffectCursor, Event, Mode, RevealedToken, SeatId, SeatOrdo, SeatTotal};
use super::{Next, Work, draw, sid};

pub(super) fn start_sequentia(w: &mut Work, i: usize) -> Next {
    let card = DATA.sequentia[w.s.sequentia_row[i]].id.clone();
    w.emit(Event::SequentiaStarted { index: i, card });
    Next::Suit(0)
}

pub(super) fn resolve_suit(w: &mut Work, k: usize) -> Next {
    let seq = &DATA.sequentia[w.s.sequentia_row[w.s.seq_index]];
    let Some(&suit) = seq.suits.get(k) else {
        return Next::Extra;
    };
    let Some(face) = w.s.face_up(suit, 0).cloned() else {
        return Next::Suit(k + 1);
    };
    let card = &DATA.civitas[face.card];
    let s = &w.s;
    // Totals (7.1).
    let mut totals: Vec<SeatTotal> = Vec::new();
    for (i, t) in face.tokens.iter().enumerate() {
        match totals.iter_mut().find(|x| x.seat.idx() == t.owner) {
            Some(x) => {
                x.total += t.value as i32;
                x.tokens += 1;
            }
            None => totals.push(SeatTotal {
                seat: sid(t.owner),
                total: t.value as i32,
                first_slot: i + 1,
                tokens: 1,
            }),
        }
    }
    let mut ranked = totals.clone();
    ranked.sort_by(|a, b| b.total.cmp(&a.total).then(a.first_slot.cmp(&b.first_slot)));
    let v = card.value;
    let concerned: Vec<Concerned> = match card.card_type {
        CardType::Predilection => ranked
            .first()
            .filter(|w| w.total >= v)
            .map(|w| Concerned {
                seat: w.seat,
                instances: w.tokens,
            })
            .into_iter()
            .collect(),
        CardType::Collective => {
            // Served from the highest single token, ties to the earliest slot (seed: « en commençant par celui qui
            // a le jeton ayant la valeur la plus élevée »), not by the summed total.
            let highest = |seat: SeatId| {
                face.tokens
                    .iter()
                    .filter(|t| t.owner == seat.idx())
                    .map(|t| t.value)
                    .max()
            };
            let mut served: Vec<&SeatTotal> = ranked.iter().filter(|x| x.total >= v).collect();
            served.sort_by_key(|x| (std::cmp::Reverse(highest(x.seat)), x.first_slot));
            served
                .into_iter()
                .map(|x| Concerned {
                    seat: x.seat,
                    instances: x.tokens,
                })
                .collect()
        }
        CardType::Negative => s
            .ordo_order()
            .into_iter()
            .filter(|&o| totals.iter().find(|x| x.seat.idx() == o).is_none_or(|x| x.total < v))
            .map(|o| Concerned {
                seat: sid(o),
                instances: 1,
            })
            .collect(),
    };
    let tokens = face
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| RevealedToken {
            slot: i + 1,
            owner: sid(t.owner),
            value: t.value,
            returned: s.players[t.owner].owned[vi(t.value)],
        })
        .collect();
    let mode = if card.card_type == CardType::Negative {
        Mode::Mandatory
    } else {
        Mode::Optional
    };
    w.emit(Event::TokensRevealed {
        card: card.id.clone(),
        suit,
        suit_index: k,
        card_type: card.card_type,
        value: v,
        mode,
        tokens,
        totals,
        concerned,
    });
    Next::Effects(EffectCursor::default())
}

pub(super) fn finish_card(w: &mut Work) -> Next {
    let Some(res) = w.s.resolution.clone() else {
        return Next::Suit(w.s.suit_index + 1);
    };
    let row = &w.s.suits[res.suit.index()];
    let id = |c: usize| DATA.civitas[c].id.clone();
    let position_1 = row.pos[1].as_ref().map(|f| id(f.card));
    let position_2 = row.deck.first().map(|&c| id(c));
    w.emit(Event::CivitasShifted {
        suit: res.suit,
        removed: id(res.card),
        position_1,
        position_2,
    });
    Next::Suit(w.s.suit_index + 1)
}

pub(super) fn extra(w: &mut Work) -> Next {
    let seq = &DATA.sequentia[w.s.sequentia_row[w.s.seq_index]];
    match seq.extra {
        None => {}
        Some(Extra::AllDrawConiura) => {
            w.emit(Event::SequentiaExtra {
                extra: Extra::AllDrawConiura,
                ordo: None,
            });
            for seat in w.s.ordo_order() {
                draw(w, seat, Deck::Coniura, 1);
            }
        }
        Some(Extra::PassOrdoLeft) => {
            let n = w.s.n;
            let ordo = (0..n)
                .map(|s| SeatOrdo {
                    seat: sid((s + 1) % n),
                    ordo: w.s.players[s].ordo,
                })
                .collect();
            w.emit(Event::SequentiaExtra {
                extra: Extra::PassOrdoLeft,
                ordo: Some(ordo),
            });
        }
    }
    Next::Opportunity(false)
}

/// After the conspiracy opportunity: the next Sequentia card, or the round end after the last one (or the end after
/// the final conspiracy).
pub(super) fn after_conspiracy(w: &mut Work) -> Next {
    if w.s.fallen {
        Next::End
    } else if w.s.seq_index + 1 < w.s.sequentia_row.len() {
        Next::StartSequentia(w.s.seq_index + 1)
    } else {
        Next::RoundEnd
    }
}
