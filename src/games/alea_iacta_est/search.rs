//! The search bots' determinization: a state `seat` cannot tell from the real one.
//!
//! Dice, buildings, displays and kept favour tokens are public (spec 9). Hidden from a seat: the favour tokens and
//! Senate cards whose place it does not know (`State::favour_known`, `State::senate_known`: others' face-down tokens
//! and Senate hands, the draw and discard piles, the deck, an offer it was not shown), and the order of the tile
//! piles. Those are redrawn; the rest is kept, including the places it knows of hidden items (its own tokens back in
//! the discard pile, the cards it put under the deck or saw go to another seat).

use super::AleaIactaEst;
use crate::engine::SearchHints;
use rand::seq::SliceRandom;

use super::state::State;
use crate::engine::{GameRng, Seat};

/// Shuffles items in a way that does not depend on their order before.
fn canonical_shuffle<T: Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort_unstable();
    items.shuffle(rng);
}

/// Redraws the items of `zones` whose place `seat` does not know (`known[index(item)]` lacks its bit): they are
/// pooled in canonical order, shuffled, and dealt back into the same slots in zone order. Who-knows-what belongs to
/// the slot (which event put an item there is public), so it moves with it.
fn redraw<T: Copy + Ord>(
    zones: Vec<&mut [T]>,
    known: &mut [u8],
    index: impl Fn(T) -> usize,
    seat: Seat,
    rng: &mut GameRng,
) {
    let before = known.to_vec();
    let hidden = |item: T| before[index(item)] & 1 << seat == 0;
    let mut pool: Vec<T> = zones
        .iter()
        .flat_map(|zone| zone.iter().copied())
        .filter(|&item| hidden(item))
        .collect();
    canonical_shuffle(&mut pool, rng);
    let mut pool = pool.into_iter();
    for slot in zones.into_iter().flat_map(|zone| zone.iter_mut()) {
        if hidden(*slot) {
            let item = pool.next().expect("as many pooled items as hidden slots");
            known[index(item)] = before[index(*slot)];
            *slot = item;
        }
    }
}

impl SearchHints for AleaIactaEst {
    /// A state `seat` cannot tell from `state` (see the module doc).
    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut world = state.clone();
        let State {
            seats,
            favour_pile,
            favour_discard,
            favour_known,
            senate_deck,
            senate_known,
            eval,
            province_pile,
            inhabitant_pile,
            ..
        } = &mut world;
        let tokens = seats.iter_mut().map(|seat| seat.favour_hidden.as_mut_slice());
        let tokens = tokens
            .chain([favour_pile.as_mut_slice(), favour_discard.as_mut_slice()])
            .collect();
        redraw(tokens, favour_known, |token| token.0 as usize, seat, rng);
        let cards = seats.iter_mut().map(|seat| seat.senate_cards.as_mut_slice());
        let cards = cards
            .chain([eval.senate_offer.as_mut_slice(), senate_deck.as_mut_slice()])
            .collect();
        redraw(cards, senate_known, |card| card.0 as usize, seat, rng);
        canonical_shuffle(province_pile, rng);
        canonical_shuffle(inhabitant_pile, rng);
        world
    }
}
