//! The determinizer of search bots: a state `me` cannot tell from the real one.
//!
//! What a seat knows is its view plus its log (`view::redact`, spec 9): the public tables and every count, its own
//! hand and supply, and so the values of its own placed tokens (its supply loses each value it places; the owner
//! "may remember what he placed", spec 9). Everything else is redrawn from sorted pools, in a fixed order.

use super::Caligula;
use crate::engine::SearchHints;
use rand::seq::SliceRandom;

use super::ids::{Deck, Kind};
use super::phase::Phase;
use super::state::{State, iv, vi};
use crate::engine::{GameRng, Seat};

impl SearchHints for Caligula {
    /// A state `me` cannot tell from `state`, its hidden parts redrawn with `rng`.
    fn determinize(state: &State, me: Seat, rng: &mut GameRng) -> State {
        let mut out = state.clone();
        // Deck orders are never shown (spec 9), the Augustus deck only as a set.
        for row in &mut out.suits {
            redraw(&mut row.deck, rng);
        }
        redraw(&mut out.augustus_deck, rng);
        let others: Vec<Seat> = (0..state.n).filter(|&seat| seat != me).collect();
        redraw_cards(&mut out, &others, rng);
        keep_payment_possible(&mut out, me);
        for &seat in &others {
            redraw_tokens(&mut out, seat, rng);
        }
        out
    }
}
/// Sorts (so that the previous order is forgotten), then shuffles.
fn redraw<T: Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort();
    items.shuffle(rng);
}

/// The other seats' hands are counts to `me` (kinds are private, D8): each deck keeps its size, drawn from its own
/// kinds among the unseen cards, and the unseen cards left are dealt to those hands.
fn redraw_cards(state: &mut State, others: &[Seat], rng: &mut GameRng) {
    let mut left = Vec::new();
    for deck in Deck::ALL {
        let mut pool: Vec<Kind> = state.deck(deck).to_vec();
        for &seat in others {
            for kind in Kind::ALL.into_iter().filter(|kind| kind.deck() == deck) {
                let held = state.players[seat].hand[kind.index()] as usize;
                pool.extend(std::iter::repeat_n(kind, held));
            }
        }
        redraw(&mut pool, rng);
        left.extend(pool.split_off(state.deck(deck).len()));
        *state.deck_mut(deck) = pool.into_iter().collect();
    }
    redraw(&mut left, rng);
    let mut left = left.into_iter();
    for &seat in others {
        let mut hand = [0; 4];
        for kind in left.by_ref().take(state.players[seat].hand_count() as usize) {
            hand[kind.index()] += 1;
        }
        state.players[seat].hand = hand;
    }
}

/// A seat paying for its bid showed that it holds `owed` cards with a Coniura symbol (it could accept or raise, spec
/// 4.6): while its redrawn hand has fewer, one of its Pugio-only cards is swapped with a symbol card from another
/// hidden hand or, failing that, with a `pug_dual` of the Pugio deck (the real state proves one of them exists).
fn keep_payment_possible(state: &mut State, me: Seat) {
    let Phase::ComplotPayment { seat, owed } = state.phase else {
        return;
    };
    let payer = seat.idx();
    let pug = Kind::Pug.index();
    while payer != me && state.players[payer].coniura_symbols() < owed {
        let held = (0..state.n)
            .filter(|&other| other != me && other != payer)
            .find_map(|other| {
                let kind = Kind::ALL
                    .into_iter()
                    .find(|&kind| kind.coniura_symbol() && state.players[other].has(kind))?;
                Some((other, kind))
            });
        let kind = if let Some((other, kind)) = held {
            state.players[other].hand[kind.index()] -= 1;
            state.players[other].hand[pug] += 1;
            kind
        } else if let Some(card) = state.pugio.iter_mut().find(|card| **card == Kind::PugDual) {
            *card = Kind::Pug;
            Kind::PugDual
        } else {
            return;
        };
        state.players[payer].hand[pug] -= 1;
        state.players[payer].hand[kind.index()] += 1;
    }
}

/// Which of a seat's values are on cards is hidden from everyone (D10), its supply from the others (D11): they are
/// dealt again, keeping both counts. A value it no longer owns stays on a card (it lost it there, D18: public).
fn redraw_tokens(state: &mut State, seat: Seat, rng: &mut GameRng) {
    let player = &state.players[seat];
    let mut tokens: Vec<&mut i8> = state
        .suits
        .iter_mut()
        .flat_map(|row| row.pos.iter_mut().flatten())
        .flat_map(|card| card.tokens.iter_mut().filter(|token| token.owner == seat))
        .map(|token| &mut token.value)
        .collect();
    let values = tokens.iter().map(|value| **value).chain(player.supply_values());
    let (mut placed, mut free): (Vec<i8>, Vec<i8>) = values.partition(|&value| !player.owned[vi(value)]);
    redraw(&mut free, rng);
    let supply = free.split_off(tokens.len() - placed.len());
    placed.extend(free);
    redraw(&mut placed, rng);
    for (token, value) in tokens.iter_mut().zip(placed) {
        **token = value;
    }
    state.players[seat].supply = std::array::from_fn(|index| supply.contains(&iv(index)));
}
