//! Where `evolve` moves cards and tokens: the Civitas rows, the decks, the hands, the table of a conspiracy, the
//! candidates and the Favor tokens. Each move is total: what does not fit the state is left as it is.

use tinyvec::ArrayVec;

use super::super::conspiracy::PlayedCard;
use super::super::data::DATA;
use super::super::event::{CandidateReplaced, Concerned};
use super::super::ids::{FavourAt, Kind, Mode, Role, SeatId, Suit};
use super::super::state::{FaceUp, INSTANCES, Placed, Resolution, State, vi};

pub(super) fn civitas(id: &str) -> Option<usize> {
    DATA.civitas_index(id)
}

pub(super) fn augustus(id: &str) -> Option<usize> {
    DATA.augustus_index(id)
}

/// A Civitas card turned face up, without tokens.
pub(super) fn face_up(id: &str) -> Option<FaceUp> {
    civitas(id).map(|card| FaceUp {
        card,
        tokens: ArrayVec::new(),
    })
}

/// Takes a deck's top card (its first).
pub(super) fn draw<A: tinyvec::Array>(deck: &mut ArrayVec<A>) -> Option<A::Item> {
    (!deck.is_empty()).then(|| deck.remove(0))
}

pub(super) fn give_card(state: &mut State, seat: SeatId, kind: Kind) {
    if let Some(player) = state.players.get_mut(seat.idx()) {
        player.hand[kind.index()] += 1;
    }
}

pub(super) fn take_card(state: &mut State, seat: SeatId, kind: Kind) {
    if let Some(player) = state.players.get_mut(seat.idx()) {
        let held = &mut player.hand[kind.index()];
        *held = held.saturating_sub(1);
    }
}

/// Returns every Favor token at `place` to its owner's supply.
pub(super) fn return_favours(state: &mut State, place: FavourAt) {
    for player in state.players.iter_mut() {
        if player.favour == place {
            player.favour = FavourAt::Supply;
        }
    }
}

/// The token leaves the supply for the first free slot of the card (a value out of range is ignored).
pub(super) fn place_token(state: &mut State, seat: SeatId, suit: Suit, position: u8, value: i8) {
    if !(-1..=6).contains(&value) {
        return;
    }
    if let Some(player) = state.players.get_mut(seat.idx()) {
        player.supply[vi(value)] = false;
    }
    let position = (position as usize).clamp(1, 2) - 1;
    if let Some(card) = state.suits[suit.index()].pos[position].as_mut() {
        card.tokens.push(Placed {
            owner: seat.idx(),
            value,
        });
    }
}

/// The card in position 1 starts resolving: its tokens go back to the supplies they still belong to, and the
/// concerned seats make its effect-instance queue.
pub(super) fn reveal_tokens(state: &mut State, suit: Suit, suit_index: usize, mode: Mode, concerned: &[Concerned]) {
    state.suit_index = suit_index;
    let Some(face_up) = state.suits[suit.index()].pos[0].as_mut() else {
        return;
    };
    let card = face_up.card;
    for token in std::mem::take(&mut face_up.tokens) {
        if let Some(player) = state.players.get_mut(token.owner)
            && player.owned[vi(token.value)]
        {
            player.supply[vi(token.value)] = true;
        }
    }
    let queue = concerned
        .iter()
        .flat_map(|entry| std::iter::repeat_n(entry.seat.idx(), entry.instances))
        .take(INSTANCES)
        .collect();
    state.resolution = Some(Resolution {
        card,
        suit,
        mode,
        queue,
    });
}

/// CAND: the Favor tokens on the candidate return, the candidate goes under the Augustus deck and its top card
/// takes the position.
pub(super) fn replace_candidate(state: &mut State, replaced: &CandidateReplaced) {
    let index = replaced.position.index();
    return_favours(state, FavourAt::candidate(replaced.position));
    if let Some(old) = state.candidates[index] {
        state.augustus_deck.push(old);
    }
    state.candidates[index] = draw(&mut state.augustus_deck);
}

/// The resolved card leaves the game; position 2 moves to 1 and the suit deck's top card is turned up.
pub(super) fn shift_civitas(state: &mut State, suit: Suit) {
    let row = &mut state.suits[suit.index()];
    if let Some(old) = row.pos[0].take() {
        state.civitas_out.push(old.card);
    }
    row.pos[0] = row.pos[1].take();
    row.pos[1] = draw(&mut row.deck).map(|card| FaceUp {
        card,
        tokens: ArrayVec::new(),
    });
    state.resolution = None;
}

/// A card leaves the hand face up onto the table and counts as a bid, a defence or a stab.
pub(super) fn play_card(state: &mut State, seat: SeatId, kind: Kind, role: Role) {
    take_card(state, seat, kind);
    let Some(conspiracy) = state.conspiracy.as_mut() else {
        return;
    };
    let card = PlayedCard { seat, kind, role };
    conspiracy.table.push(card);
    conspiracy.played.push(card);
    match role {
        Role::Bid => {
            if let Some(committed) = conspiracy.committed.get_mut(seat.idx()) {
                *committed += 1;
            }
        }
        Role::Defence => conspiracy.defence_count += 1,
        Role::Stab => {
            if let Some(stabs) = conspiracy.stab_count.get_mut(seat.idx()) {
                *stabs += 1;
            }
        }
    }
}

/// Cards face up in front of the seats go under their own decks, in play order (6.4).
pub(super) fn return_table(state: &mut State) {
    if let Some(conspiracy) = state.conspiracy.as_mut() {
        let table = std::mem::take(&mut conspiracy.table);
        for card in table {
            state.deck_mut(card.kind.deck()).push(card.kind);
        }
    }
}
