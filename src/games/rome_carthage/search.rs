//! The search bots' determinization: a state `seat` cannot tell from the real one.
//!
//! What a seat knows of a card (spec 9): its own hand and face-down table cards by id; the discard, `removed`,
//! revealed table cards and, with `partners_see_hands`, its partner's cards by rank (ranks, never ids, D37); of every
//! other seat's hand and face-down table cards, the ranks the public log tells (`State::known_ranks`). The rest, and
//! every card id it does not know, is redrawn. Only ranks matter to the rules once the hands are dealt, so the ids
//! are redrawn too: a permutation of hidden ids then gives the same result.

use rand::seq::SliceRandom;

use super::RomeCarthage;
use super::action::Action;
use super::card::{Card, Rank};
use super::piece::Piece;
use super::rules;
use super::state::Phase;
use super::state::State;
use crate::engine::search::weighted_choice;
use crate::engine::{GameRng, SearchHints, Seat};

/// A card slot of the state.
#[derive(Clone, Copy)]
enum Slot {
    Hand(usize, usize),
    Talon(usize, usize),
    Discard(usize),
    Removed(usize),
    Base(usize, usize),
    Extra(usize, usize),
}

/// What the determinizing seat knows of the card in a slot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Id,
    Rank,
    /// Face down for it: a card of this seat (with `known_ranks`), or a talon card.
    Hidden(Option<usize>),
}

fn card(state: &mut State, slot: Slot) -> &mut Card {
    match slot {
        Slot::Hand(seat, index) => &mut state.hands[seat][index],
        Slot::Talon(talon, index) => &mut state.talons[talon][index],
        Slot::Discard(index) => &mut state.discard[index],
        Slot::Removed(index) => &mut state.removed[index],
        Slot::Base(side, index) => &mut state.combat.as_mut().expect("a combat").base[side][index],
        Slot::Extra(side, index) => &mut state.combat.as_mut().expect("a combat").extra[side][index],
    }
}

/// Every card slot in a fixed order (hands by seat, combat table, talons, discard, removed) with what `me` knows.
fn slots(state: &State, me: usize) -> Vec<(Slot, Known)> {
    // The seats whose cards `me` sees: itself by id, a partner sharing its hand by rank.
    let sees = |owner: usize| {
        if owner == me {
            Known::Id
        } else if state.share_with(owner as u8) == Some(me as u8) {
            Known::Rank
        } else {
            Known::Hidden(Some(owner))
        }
    };
    let mut slots = Vec::with_capacity(52);
    for (seat, hand) in state.hands.iter().enumerate() {
        slots.extend((0..hand.len()).map(|index| (Slot::Hand(seat, index), sees(seat))));
    }
    if let Some(combat) = &state.combat {
        for side in 0..2 {
            let face_down = sees(combat.seats[side] as usize);
            // A card shown to everyone is known by rank (by id to its owner).
            let shown = |shown: bool| {
                if shown && face_down != Known::Id {
                    Known::Rank
                } else {
                    face_down
                }
            };
            let revealed = combat.revealed_extra(side).len();
            slots.extend((0..combat.base[side].len()).map(|index| (Slot::Base(side, index), shown(combat.revealed))));
            slots
                .extend((0..combat.extra[side].len()).map(|index| (Slot::Extra(side, index), shown(index < revealed))));
        }
    }
    for (talon, cards) in state.talons.iter().enumerate() {
        slots.extend((0..cards.len()).map(|index| (Slot::Talon(talon, index), Known::Hidden(None))));
    }
    slots.extend((0..state.discard.len()).map(|index| (Slot::Discard(index), Known::Rank)));
    slots.extend((0..state.removed.len()).map(|index| (Slot::Removed(index), Known::Rank)));
    slots
}

/// Takes the first card of `rank` from the pool.
fn take(pool: &mut Vec<Card>, rank: Rank) -> Option<Card> {
    let index = pool.iter().position(|card| card.rank() == rank)?;
    Some(pool.remove(index))
}

impl SearchHints for RomeCarthage {
    /// A state `seat` cannot tell from `state` (see the module doc). The cards it does not know by id are pooled in id
    /// order and shuffled; slots whose rank it knows take the first card of that rank, each other seat's face-down cards
    /// first take its `known_ranks` and are filled from the rest, and the talons take what remains.
    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut world = state.clone();
        let slots = slots(state, seat);
        let mut pool: Vec<Card> = slots
            .iter()
            .filter(|(_, known)| *known != Known::Id)
            .map(|&(slot, _)| *card(&mut world, slot))
            .collect();
        pool.sort_unstable();
        pool.shuffle(rng);
        for &(slot, known) in &slots {
            if known == Known::Rank {
                let rank = card(&mut world, slot).rank();
                *card(&mut world, slot) = take(&mut pool, rank).expect("the pool holds every rank-known card");
            }
        }
        // Each other seat's face-down cards: all their known ranks first, then unknown cards, shuffled among its slots.
        let sizes: Vec<usize> = (0..state.players)
            .map(|owner| {
                slots
                    .iter()
                    .filter(|(_, known)| *known == Known::Hidden(Some(owner)))
                    .count()
            })
            .collect();
        let mut dealt: Vec<Vec<Card>> = sizes
            .iter()
            .zip(&state.known_ranks)
            .map(|(&size, known)| {
                let ranks = Rank::ALL
                    .iter()
                    .flat_map(|&rank| std::iter::repeat_n(rank, known[rank.index() as usize] as usize));
                ranks.filter_map(|rank| take(&mut pool, rank)).take(size).collect()
            })
            .collect();
        for (cards, size) in dealt.iter_mut().zip(sizes) {
            cards.extend(pool.drain(..size - cards.len()));
            cards.shuffle(rng);
        }
        for &(slot, known) in &slots {
            if let Known::Hidden(owner) = known {
                let next = match owner {
                    Some(owner) => dealt[owner].pop(),
                    None => pool.pop(),
                };
                *card(&mut world, slot) = next.expect("as many cards as hidden slots");
            }
        }
        world
    }

    fn playout_action(state: &State, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        if state.phase == Phase::Main {
            rules::main_phase_playout_action(state, seat, rng)
        } else {
            weighted_choice::<Self>(state, rules::legal_actions(state, seat), rng)
        }
    }

    /// Random games run long (about 1,700 actions from the start of a 2-player game): armies moving at random rarely
    /// meet, and most such games end in the no-progress draw, which tells a search nothing.
    const PLAYOUT_ACTIONS: u32 = 100;

    /// Each seat scores its team's share of the pieces still on the board: eliminations lead to both victories
    /// (annihilation, and capitals nobody is left to defend).
    fn estimate(state: &State) -> Option<Vec<f64>> {
        let mut on_board = [0u32; 2];
        for piece in (0..Piece::COUNT).map(Piece) {
            if state.on_board(piece) {
                *on_board.get_mut(usize::from(state.team_of_piece(piece)))? += 1;
            }
        }
        let total = f64::from(on_board[0] + on_board[1]);
        if total == 0.0 {
            return None;
        }
        (0..state.players)
            .map(|seat| {
                let team = usize::from(state.team_of_seat(u8::try_from(seat).ok()?));
                Some(f64::from(*on_board.get(team)?) / total)
            })
            .collect()
    }

    /// Search bots never offer or accept a draw: random playouts agree to one so often that every position would
    /// look like a draw to the search, and a bot plays to win.
    fn search_weight(_: &State, action: &Action) -> u32 {
        match action {
            Action::OfferDraw {} | Action::AcceptDraw {} => 0,
            _ => 1,
        }
    }
}
