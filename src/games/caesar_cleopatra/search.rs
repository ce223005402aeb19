//! The determinizer of search bots: a state `me` cannot tell from the real one.
//!
//! What a seat knows is its view plus its log (`view::redact`): every public zone and zone size, all its own cards
//! by id, and the opponent's cards by face where it saw them (discards, face-up cards, the card on the table, a spied
//! hand), never by id (D25). Everything else is redrawn from sorted pools, in a fixed order of zones.

use super::CaesarCleopatra;
use crate::engine::SearchHints;
use rand::seq::SliceRandom;

use super::data::data;
use super::face::Face;
use super::ids::{Card, Group, Phase};
use super::options::ManipulationPile;
use super::state::{SeatState, Slot, State, opponent};
use crate::engine::GameRng;

impl SearchHints for CaesarCleopatra {
    /// A state `me` cannot tell from `state`, its hidden parts redrawn with `rng`.
    fn determinize(state: &State, me: usize, rng: &mut GameRng) -> State {
        let mut out = state.clone();
        let opponent = opponent(me);
        // "Ces deux piles ne doivent désormais plus être regardées ni montrées" (seed 000 §1.2): even the owner does not
        // know its pile 1 order, nor its pile 2 order when shuffled (arranged, the view shows it, D3).
        redraw(&mut out.seats[me].pile1, rng);
        if state.options.manipulation_pile == ManipulationPile::Shuffled {
            redraw(&mut out.seats[me].pile2, rng);
        }
        redraw(&mut out.vote_deck, rng);
        redraw_missions(&mut out, opponent, rng);
        let setup = matches!(state.phase, Phase::Setup | Phase::SetupArrange | Phase::SetupPlace);
        if setup {
            redraw_initial_placement(&mut out.seats[opponent], rng);
        }
        undo_castling(&mut out, opponent);
        let spied = state.phase == Phase::SpyPick && state.active == me;
        redraw_opponent(&mut out, opponent, setup, spied, rng);
        out
    }
}
/// Sorts (so that the previous order is forgotten), then shuffles.
fn redraw<T: Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort();
    items.shuffle(rng);
}

/// The opponent's mission is one of the six but its own; the four boxed ones are never shown (seed 000 §1.3). Both
/// dealt missions are shown at the end (D24).
fn redraw_missions(state: &mut State, opponent: usize, rng: &mut GameRng) {
    let hidden = state.seats[opponent].mission.filter(|_| state.phase != Phase::GameOver);
    let mut pool: Vec<Card> = hidden.into_iter().chain(state.mission_deck.iter().copied()).collect();
    redraw(&mut pool, rng);
    if hidden.is_some() {
        state.seats[opponent].mission = Some(pool.remove(0));
    }
    state.mission_deck = pool.into_iter().collect();
}

/// At setup the opponent's initial cards are its five copy-1 cards, "5 cartes cachées (avec les valeurs numérotées
/// de 1 à 5) ... à raison d'une carte par groupe" (seed 000 §2); how many it placed is public, not which nor where.
fn redraw_initial_placement(zones: &mut SeatState, rng: &mut GameRng) {
    let placed: usize = zones.sides.iter().map(|side| side.len()).sum();
    let mut cards: Vec<Card> = zones.aside_place.iter().copied().collect();
    for side in &mut zones.sides {
        cards.extend(side.drain(..).map(|slot| slot.card));
    }
    redraw(&mut cards, rng);
    let mut groups = Group::ALL;
    groups.shuffle(rng);
    for (group, card) in groups.into_iter().zip(cards.drain(..placed)) {
        zones.sides[group.index()].push(Slot { card, up: false });
    }
    cards.sort();
    zones.aside_place = cards.into_iter().collect();
}

/// While the opponent puts a Castling pool back, where each card went is hidden (D29): the cards return to its pool,
/// as the opponent still has to place them all.
fn undo_castling(state: &mut State, opponent: usize) {
    let (Some(pending), Some(groups)) = (&state.pending, state.castling_groups) else {
        return;
    };
    if pending.seat != opponent {
        return;
    }
    let zones = &mut state.seats[opponent];
    for group in groups {
        let side = std::mem::take(&mut zones.sides[group.index()]);
        zones.pool.extend(side.into_iter().map(|slot| slot.card));
    }
    zones.pool.sort();
}

/// Redraws the faces the seat has not seen from one pool per kind (influence, manipulation: hand counts per kind are
/// public), then gives the opponent's ids out again by face in slot order, since none of them is known.
fn redraw_opponent(state: &mut State, opponent: usize, setup: bool, spied: bool, rng: &mut GameRng) {
    let data = data();
    let pending = state
        .pending
        .as_mut()
        .filter(|pending| pending.seat == opponent)
        .map(|pending| &mut pending.card);
    let zones = &mut state.seats[opponent];
    // (unseen, card) for every card of the opponent. Setup cards come first so that they keep their copy ids.
    let mut slots: Vec<(bool, &mut Card)> = Vec::new();
    slots.extend(zones.aside_place.iter_mut().map(|card| (false, card)));
    for side in &mut zones.sides {
        slots.extend(side.iter_mut().map(|slot| (!slot.up && !setup, &mut slot.card)));
    }
    slots.extend(zones.aside_hand.iter_mut().map(|card| (false, card)));
    slots.extend(zones.discard.iter_mut().map(|card| (false, card)));
    slots.extend(pending.map(|card| (false, card)));
    slots.extend(zones.hand.iter_mut().map(|card| (!spied, card)));
    for zone in [
        &mut zones.pile1,
        &mut zones.pile2,
        &mut zones.unstacked,
        &mut zones.pool,
    ] {
        slots.extend(zone.iter_mut().map(|card| (true, card)));
    }
    let mut faces: Vec<Option<Face>> = slots.iter().map(|(_, card)| data.face(**card)).collect();
    for manipulation in [false, true] {
        let unseen: Vec<usize> = (0..slots.len())
            .filter(|&index| slots[index].0 && matches!(faces[index], Some(Face::Manipulation(_))) == manipulation)
            .collect();
        let mut pool: Vec<Option<Face>> = unseen.iter().map(|&index| faces[index]).collect();
        redraw(&mut pool, rng);
        for (&index, face) in unseen.iter().zip(pool) {
            faces[index] = face;
        }
    }
    let mut ids: Vec<Card> = slots.iter().map(|(_, card)| **card).collect();
    ids.sort();
    for ((_, card), face) in slots.iter_mut().zip(faces) {
        if let Some(index) = ids.iter().position(|&id| data.face(id) == face) {
            **card = ids.remove(index);
        }
    }
    zones.pool.sort();
}
