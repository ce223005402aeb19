//! The determinizer of search bots (issue 12): a state `me` cannot tell from the real one.
//!
//! What a seat knows is its view plus its log (`view::redact`): every public zone and zone size, all its own cards
//! by id, and the opponent's cards by face where it saw them (discards, face-up cards, the card on the table, a spied
//! hand), never by id (D25). Everything else is redrawn from sorted pools, in a fixed order of zones.

use rand::seq::SliceRandom;

use super::data::data;
use super::state::{SeatState, Slot, State, opp};
use super::types::{CcCard, CcFace, CcGroup, CcManipulationPile, CcPhase};
use crate::engine::GameRng;

/// A state `me` cannot tell from `s`, its hidden parts redrawn with `rng`.
pub fn determinize(s: &State, me: usize, rng: &mut GameRng) -> State {
    let mut out = s.clone();
    let op = opp(me);
    // "Ces deux piles ne doivent désormais plus être regardées ni montrées" (seed 000 §1.2): even the owner does not
    // know its pile 1 order, nor its pile 2 order when shuffled (arranged, the view shows it, D3).
    redraw(&mut out.seats[me].pile1, rng);
    if s.options.manipulation_pile == CcManipulationPile::Shuffled {
        redraw(&mut out.seats[me].pile2, rng);
    }
    redraw(&mut out.vote_deck, rng);
    redraw_missions(&mut out, op, rng);
    let setup = matches!(s.phase, CcPhase::Setup | CcPhase::SetupArrange | CcPhase::SetupPlace);
    if setup {
        redraw_initial_placement(&mut out.seats[op], rng);
    }
    undo_castling(&mut out, op);
    let spied = s.phase == CcPhase::SpyPick && s.active == me;
    redraw_opponent(&mut out, op, setup, spied, rng);
    out
}

/// Sorts (so that the previous order is forgotten), then shuffles.
fn redraw<T: Ord>(items: &mut [T], rng: &mut GameRng) {
    items.sort();
    items.shuffle(rng);
}

/// The opponent's mission is one of the six but its own; the four boxed ones are never shown (seed 000 §1.3). Both
/// dealt missions are shown at the end (D24).
fn redraw_missions(s: &mut State, op: usize, rng: &mut GameRng) {
    let hidden = s.seats[op].mission.filter(|_| s.phase != CcPhase::GameOver);
    let mut pool: Vec<CcCard> = hidden.into_iter().chain(s.mission_deck.iter().copied()).collect();
    redraw(&mut pool, rng);
    if hidden.is_some() {
        s.seats[op].mission = Some(pool.remove(0));
    }
    s.mission_deck = pool.into_iter().collect();
}

/// At setup the opponent's initial cards are its five copy-1 cards, "5 cartes cachées (avec les valeurs numérotées
/// de 1 à 5) ... à raison d'une carte par groupe" (seed 000 §2); how many it placed is public, not which nor where.
fn redraw_initial_placement(st: &mut SeatState, rng: &mut GameRng) {
    let placed: usize = st.sides.iter().map(|side| side.len()).sum();
    let mut cards: Vec<CcCard> = st.aside_place.iter().copied().collect();
    for side in &mut st.sides {
        cards.extend(side.drain(..).map(|slot| slot.card));
    }
    redraw(&mut cards, rng);
    let mut groups = CcGroup::ALL;
    groups.shuffle(rng);
    for (g, card) in groups.into_iter().zip(cards.drain(..placed)) {
        st.sides[g.index()].push(Slot { card, up: false });
    }
    cards.sort();
    st.aside_place = cards.into_iter().collect();
}

/// While the opponent puts a Castling pool back, where each card went is hidden (D29): the cards return to its pool,
/// as the opponent still has to place them all.
fn undo_castling(s: &mut State, op: usize) {
    let (Some(pending), Some(groups)) = (&s.pending, s.castling_groups) else {
        return;
    };
    if pending.seat != op {
        return;
    }
    let st = &mut s.seats[op];
    for g in groups {
        let side = std::mem::take(&mut st.sides[g.index()]);
        st.pool.extend(side.into_iter().map(|slot| slot.card));
    }
    st.pool.sort();
}

/// Redraws the faces the seat has not seen from one pool per kind (influence, manipulation: hand counts per kind are
/// public), then gives the opponent's ids out again by face in slot order, since none of them is known.
fn redraw_opponent(s: &mut State, op: usize, setup: bool, spied: bool, rng: &mut GameRng) {
    let d = data();
    let pending = s.pending.as_mut().filter(|p| p.seat == op).map(|p| &mut p.card);
    let st = &mut s.seats[op];
    // (unseen, card) for every card of the opponent. Setup cards come first so that they keep their copy ids.
    let mut slots: Vec<(bool, &mut CcCard)> = Vec::new();
    slots.extend(st.aside_place.iter_mut().map(|card| (false, card)));
    for side in &mut st.sides {
        slots.extend(side.iter_mut().map(|slot| (!slot.up && !setup, &mut slot.card)));
    }
    slots.extend(st.aside_hand.iter_mut().map(|card| (false, card)));
    slots.extend(st.discard.iter_mut().map(|card| (false, card)));
    slots.extend(pending.map(|card| (false, card)));
    slots.extend(st.hand.iter_mut().map(|card| (!spied, card)));
    for zone in [&mut st.pile1, &mut st.pile2, &mut st.unstacked, &mut st.pool] {
        slots.extend(zone.iter_mut().map(|card| (true, card)));
    }
    let mut faces: Vec<Option<CcFace>> = slots.iter().map(|(_, card)| d.face(**card)).collect();
    for manipulation in [false, true] {
        let unseen: Vec<usize> = (0..slots.len())
            .filter(|&i| slots[i].0 && matches!(faces[i], Some(CcFace::Manipulation(_))) == manipulation)
            .collect();
        let mut pool: Vec<Option<CcFace>> = unseen.iter().map(|&i| faces[i]).collect();
        redraw(&mut pool, rng);
        for (&i, face) in unseen.iter().zip(pool) {
            faces[i] = face;
        }
    }
    let mut ids: Vec<CcCard> = slots.iter().map(|(_, card)| **card).collect();
    ids.sort();
    for ((_, card), face) in slots.iter_mut().zip(faces) {
        if let Some(i) = ids.iter().position(|&id| d.face(id) == face) {
            **card = ids.remove(i);
        }
    }
    st.pool.sort();
}
