//! The combat being fought: its start, the cards committed and shown, spies, extras and its resolution.

use super::cards::{move_from_hand, put, take_rank};
use super::{pieces, seat_of};
use crate::games::rome_carthage::card::{Cards, Rank};
use crate::games::rome_carthage::event::Disposal;
use crate::games::rome_carthage::ids::Side;
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::{Combat, SpyStage, State};

/// A pending combat starts: it is no longer pending.
pub(super) fn start(state: &mut State, city: u8, pieces: [Piece; 2], seats: [u8; 2], need: [u8; 2]) {
    if let Some(index) = state.pending_at(city) {
        state.pending.remove(index);
    }
    state.combat = Some(Combat {
        city,
        pieces,
        seats,
        need,
        base: [Cards::new(), Cards::new()],
        committed: [false; 2],
        revealed: false,
        spy: SpyStage::Unchecked,
        extra: [Cards::new(), Cards::new()],
        extra_pending: [false; 2],
        tie: false,
    });
}

/// A base committed; its ranks are known to the engine (absent only from redacted copies).
pub(super) fn commit_base(state: &mut State, seat: u8, side: Side, ranks: Option<&[Rank]>) {
    let cards = ranks.map(|ranks| move_from_hand(state, seat, ranks));
    if let Some(combat) = state.combat.as_mut() {
        combat.base[side.index()].extend(cards.into_iter().flatten());
        combat.committed[side.index()] = true;
    }
}

/// Both sides' face-down table cards are shown (attacker's ranks, defender's ranks).
pub(super) fn show_table(state: &mut State, ranks: [&[Rank]; 2]) {
    let Some(seats) = state.combat.as_ref().map(|combat| combat.seats) else {
        return;
    };
    for (side, ranks) in ranks.into_iter().enumerate() {
        for &rank in ranks {
            state.shown(seats[side], rank);
        }
    }
}

/// C3: both bases face up; the spies among them are offered (or the double-spy restart is due).
pub(super) fn reveal_bases(state: &mut State, ranks: [&[Rank]; 2], spy_eligible: &[Side]) {
    show_table(state, ranks);
    if let Some(combat) = state.combat.as_mut() {
        combat.revealed = true;
        combat.spy = match spy_eligible {
            [] => SpyStage::Done,
            [one] => SpyStage::Offered(one.index() as u8),
            _ => SpyStage::Double,
        };
    }
}

/// Disposes of table cards of the current combat.
fn dispose_table(state: &mut State, disposals: &[Disposal]) {
    for disposal in disposals {
        let owner = seat_of(disposal.seat);
        let Some(combat) = state.combat.as_mut() else {
            return;
        };
        let Some(side) = combat.seats.iter().position(|&seat| seat == owner) else {
            continue;
        };
        let card = take_rank(&mut combat.base[side], disposal.rank).or_else(|| {
            let card = take_rank(&mut combat.extra[side], disposal.rank);
            if card.is_some() {
                combat.extra_pending[side] = false;
            }
            card
        });
        if let Some(card) = card {
            put(state, owner, card, disposal.to);
        }
    }
}

/// C4: both bases were spies; they are disposed of and the combat restarts at C1.
pub(super) fn restart_double_spy(state: &mut State, disposals: &[Disposal], need: [u8; 2]) {
    dispose_table(state, disposals);
    if let Some(combat) = state.combat.as_mut() {
        combat.base = [Cards::new(), Cards::new()];
        combat.committed = [false; 2];
        combat.revealed = false;
        combat.spy = SpyStage::Unchecked;
        combat.need = need;
    }
}

/// The spy's base is disposed of; he chooses a new one.
pub(super) fn declare_spy(state: &mut State, disposals: &[Disposal]) {
    dispose_table(state, disposals);
    if let Some(combat) = state.combat.as_mut()
        && let SpyStage::Offered(side) = combat.spy
    {
        combat.base[side as usize].clear();
        combat.spy = SpyStage::Declared(side);
    }
}

/// The declared spy's new base, shown at once.
pub(super) fn choose_spy_base(state: &mut State, seat: u8, ranks: &[Rank]) {
    for &rank in ranks {
        state.shown(seat, rank);
    }
    let cards = move_from_hand(state, seat, ranks);
    if let Some(combat) = state.combat.as_mut()
        && let SpyStage::Declared(side) = combat.spy
    {
        combat.base[side as usize] = cards;
        combat.spy = SpyStage::Done;
    }
}

/// A tie-break card committed face down.
pub(super) fn add_extra(state: &mut State, seat: u8, side: Side, rank: Option<Rank>) {
    let cards = rank.map_or_else(Cards::new, |rank| move_from_hand(state, seat, &[rank]));
    if let Some(combat) = state.combat.as_mut() {
        combat.extra[side.index()].extend(cards);
        combat.extra_pending[side.index()] = true;
    }
}

/// C7: the loser's piece is eliminated, the winning attacker holds the city, the table cards are disposed of.
pub(super) fn resolve(
    state: &mut State,
    city: u8,
    attacker: Piece,
    winner: Side,
    eliminated: Piece,
    disposals: &[Disposal],
) {
    pieces::eliminate(state, eliminated);
    if winner == Side::Attacker
        && let Some(slot) = state.holder.get_mut(city as usize)
    {
        *slot = attacker.0;
    }
    dispose_table(state, disposals);
    // Anything left on the table (never, for engine-made events) is discarded rather than lost.
    if let Some(combat) = state.combat.take() {
        for side in 0..2 {
            state.discard.extend(combat.base[side].iter().copied());
            state.discard.extend(combat.extra[side].iter().copied());
        }
    }
    state.turn.progress = true;
}
