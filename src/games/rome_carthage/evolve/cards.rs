//! Cards taken from a pile by rank, and cards disposed of (7.5).

use crate::games::rome_carthage::card::{Card, Cards, Rank};
use crate::games::rome_carthage::event::{Destination, Disposal};
use crate::games::rome_carthage::state::State;

/// Takes the smallest-id card of `rank` out of `cards`.
pub(super) fn take_rank(cards: &mut Cards, rank: Rank) -> Option<Card> {
    let (index, _) = cards
        .iter()
        .enumerate()
        .filter(|(_, card)| card.rank() == rank)
        .min_by_key(|(_, card)| **card)?;
    Some(cards.remove(index))
}

/// Puts a card disposed of where it goes (7.5); a removed king counts towards `kings_removed`.
pub(super) fn put(state: &mut State, owner: u8, card: Card, to: Destination) {
    match to {
        Destination::Hand => {
            if let Some(hand) = state.hands.get_mut(owner as usize) {
                hand.push(card);
            }
            // A zero goes back face up: everyone knows it is in the hand again.
            if let Some(known) = state.known_ranks.get_mut(owner as usize) {
                known[card.rank().index() as usize] += 1;
            }
        }
        Destination::Discard => state.discard.push(card),
        Destination::Removed => {
            if card.rank() == Rank::K {
                state.kings_removed = state.kings_removed.saturating_add(1);
            }
            state.removed.push(card);
        }
    }
}

/// A forced march paid from the hand, card by card, in front of everyone.
pub(super) fn pay_from_hand(state: &mut State, owner: u8, disposals: &[Disposal]) {
    for disposal in disposals {
        state.shown(owner, disposal.rank);
        let hand = state.hands.get_mut(owner as usize);
        if let Some(card) = hand.and_then(|hand| take_rank(hand, disposal.rank)) {
            put(state, owner, card, disposal.to);
        }
    }
}

pub(super) fn move_from_hand(state: &mut State, owner: u8, ranks: &[Rank]) -> Cards {
    let mut cards = Cards::new();
    if let Some(hand) = state.hands.get_mut(owner as usize) {
        for &rank in ranks {
            if let Some(card) = take_rank(hand, rank) {
                cards.push(card);
            }
        }
    }
    cards
}
