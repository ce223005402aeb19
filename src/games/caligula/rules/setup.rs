//! SETUP (spec 3, steps 4 to 9): the decks are shuffled, the Civitas, Augustus and Ordo cards dealt and the Sequentia
//! row laid out, each a chance event; then the first placement is awaited.

use rand::seq::SliceRandom;

use super::super::data::DATA;
use super::super::event::{Event, SeatOrdo};
use super::super::ids::{Deck, Kind, Suit};
use super::super::state::State;
use super::{Next, Work, drive, seat_id};
use crate::engine::GameRng;

pub fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
    let mut work = Work::new(state, rng);
    shuffle_coniura_and_pugio(&mut work);
    deal_civitas(&mut work);
    deal_augustus(&mut work);
    lay_out_sequentia(&mut work);
    deal_ordo(&mut work);
    drive(&mut work, Next::Placement(None));
    work.events
}

/// Steps 4-5: the Coniura deck is the kinds left after the starting hands; the Pugio deck.
fn shuffle_coniura_and_pugio(work: &mut Work) {
    let seat_count = work.state.n as u32;
    let mut coniura = Vec::new();
    let mut pugio = Vec::new();
    for kind in Kind::ALL {
        let left = DATA.kind_counts[kind.index()].saturating_sub(DATA.starting_hand[kind.index()] * seat_count);
        let deck = match kind.deck() {
            Deck::Coniura => &mut coniura,
            Deck::Pugio => &mut pugio,
        };
        deck.extend(std::iter::repeat_n(kind, left as usize));
    }
    coniura.shuffle(work.rng);
    pugio.shuffle(work.rng);
    work.emit(Event::DecksShuffled {
        coniura_size: coniura.len(),
        coniura: Some(coniura),
        pugio_size: pugio.len(),
        pugio: Some(pugio),
    });
}

/// Step 6: each suit is shuffled and its first two cards turned face up.
fn deal_civitas(work: &mut Work) {
    for suit in Suit::ALL {
        let mut cards = DATA.suit_cards(suit);
        cards.shuffle(work.rng);
        let ids: Vec<String> = cards.iter().map(|&card| DATA.civitas[card].id.clone()).collect();
        work.emit(Event::CivitasDealt {
            suit,
            position_1: ids[0].clone(),
            position_2: ids[1].clone(),
            deck_size: ids.len() - 2,
            deck: Some(ids[2..].to_vec()),
        });
    }
}

/// Step 7: the Augustus deck of the player count, shuffled; its first two cards are the candidates.
fn deal_augustus(work: &mut Work) {
    let seat_count = work.state.n;
    let emperor = DATA.starting_emperor();
    let mut removed = Vec::new();
    let mut deck = Vec::new();
    for (index, card) in DATA.augustus.iter().enumerate() {
        if index == emperor {
            continue;
        }
        if card.in_deck_for_players.contains(&seat_count) {
            deck.push(index);
        } else {
            removed.push(card.id.clone());
        }
    }
    deck.shuffle(work.rng);
    let ids: Vec<String> = deck.iter().map(|&card| DATA.augustus[card].id.clone()).collect();
    let mut contents = ids[2..].to_vec();
    contents.sort();
    work.emit(Event::AugustusDealt {
        emperor: DATA.augustus[emperor].id.clone(),
        removed,
        candidate_a: ids[0].clone(),
        candidate_b: ids[1].clone(),
        deck_contents: contents,
        deck: Some(ids[2..].to_vec()),
    });
}

/// Step 8: the Sequentia row.
fn lay_out_sequentia(work: &mut Work) {
    let mut row: Vec<usize> = (0..DATA.sequentia.len()).collect();
    row.shuffle(work.rng);
    work.emit(Event::SequentiaRow {
        row: row.iter().map(|&card| DATA.sequentia[card].id.clone()).collect(),
    });
}

/// Step 9: one Ordo card per seat.
fn deal_ordo(work: &mut Work) {
    let seat_count = work.state.n;
    let mut ordo: Vec<u8> = (1..=seat_count as u8).collect();
    ordo.shuffle(work.rng);
    work.emit(Event::OrdoDealt {
        ordo: (0..seat_count)
            .map(|seat| SeatOrdo {
                seat: seat_id(seat),
                ordo: ordo[seat],
            })
            .collect(),
    });
}
