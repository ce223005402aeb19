//! The determinizer: it keeps what the seat sees, is blind to what it does not, and gives playable states.

use super::super::Caligula;
use super::super::ids::Kind;
use super::super::phase::Phase;
use super::super::state::{State, vi};
use super::selfplay::full_invariant;
use crate::engine::selfplay::{Checks, play_random_game};
use crate::engine::{SearchHints, Seat};
use crate::games::determinizer_checks::{assert_blind, assert_keeps_views, assert_plays_to_the_end, json, rng};

/// Every state of two random games per player count, with that count.
fn states() -> Vec<(usize, State)> {
    let mut states = Vec::new();
    for players in 2..=5 {
        for seed in 0..2 {
            let mut keep = |s: &State| {
                states.push((players, s.clone()));
                Ok(())
            };
            let seed = 12_000 + 10 * players as u64 + seed;
            play_random_game::<Caligula>(players, &Default::default(), seed, 20_000, Checks::Full, &mut keep)
                .expect("random games end");
        }
    }
    states
}

#[test]
fn determinizing_keeps_what_the_seat_sees() {
    for players in 2..=5 {
        let states: Vec<State> = states()
            .into_iter()
            .filter(|(n, _)| *n == players)
            .map(|(_, s)| s)
            .collect();
        assert_keeps_views::<Caligula>(&states, players, full_invariant);
    }
}

/// The values of a seat's placed tokens, in slot order.
fn placed(s: &State, seat: Seat) -> Vec<i8> {
    let cards = s.suits.iter().flat_map(|row| row.pos.iter().flatten());
    cards
        .flat_map(|card| card.tokens.iter().filter(|t| t.owner == seat).map(|t| t.value))
        .collect()
}

/// `s` with what `me` cannot see moved around: the next seat's placed token swapped with a value of its supply and
/// one of its cards swapped with another kind of the same deck, a card swapped between the two seats after `me`,
/// and every deck reversed.
fn permuted(s: &State, me: Seat) -> State {
    let mut p = s.clone();
    let (a, b) = ((me + 1) % s.n, (me + 2) % s.n);
    let supply = p.players[a].supply_values();
    let token = p
        .suits
        .iter_mut()
        .flat_map(|row| row.pos.iter_mut().flatten())
        .flat_map(|card| card.tokens.iter_mut())
        .find(|t| t.owner == a && s.players[a].owned[vi(t.value)]);
    if let (Some(token), Some(&value)) = (token, supply.first()) {
        let supply = &mut p.players[a].supply;
        supply[vi(value)] = false;
        supply[vi(token.value)] = true;
        token.value = value;
    }
    let held = Kind::ALL.into_iter().find(|&k| p.players[a].has(k));
    if let Some(kind) = held
        && let Some(other) = p.deck_mut(kind.deck()).iter_mut().find(|other| **other != kind)
    {
        let other = std::mem::replace(other, kind);
        p.players[a].hand[kind.index()] -= 1;
        p.players[a].hand[other.index()] += 1;
    }
    let (given, taken) = (
        Kind::ALL.into_iter().find(|&k| p.players[a].has(k)),
        Kind::ALL.into_iter().find(|&k| p.players[b].has(k)),
    );
    if let (true, Some(given), Some(taken)) = (b != me, given, taken) {
        p.players[a].hand[given.index()] -= 1;
        p.players[b].hand[given.index()] += 1;
        p.players[b].hand[taken.index()] -= 1;
        p.players[a].hand[taken.index()] += 1;
    }
    p.coniura.reverse();
    p.pugio.reverse();
    for row in &mut p.suits {
        row.deck.reverse();
    }
    p.augustus_deck.reverse();
    p
}

#[test]
fn determinizing_is_blind_to_a_consistent_permutation_of_hidden_state() {
    let mut moved = 0;
    for (i, (players, s)) in states().iter().enumerate() {
        for me in 0..*players {
            let p = permuted(s, me);
            moved += usize::from(json(&p) != json(s));
            assert_blind::<Caligula>(s, &p, me, i as u64);
        }
    }
    assert!(moved > 1_000, "only {moved} states were permuted");
}

#[test]
fn determinized_states_play_to_the_end() {
    let mut payments = 0;
    for (i, (players, s)) in states().iter().enumerate() {
        // Every payment for a bid: the payer's redrawn hand must still hold the Coniura symbols it owes.
        let payment = matches!(s.phase, Phase::ComplotPayment { .. });
        if i % 25 != 0 && !payment {
            continue;
        }
        payments += usize::from(payment);
        for me in 0..*players {
            let world = Caligula::determinize(s, me, &mut rng(i as u64));
            assert_plays_to_the_end::<Caligula>(world, *players, i as u64);
        }
    }
    assert!(payments > 10, "only {payments} payments");
}

#[test]
fn determinizing_changes_the_hidden_part() {
    let (mut hands, mut tokens, mut decks) = (0, 0, 0);
    for (i, (players, s)) in states().iter().enumerate() {
        for me in 0..*players {
            let world = Caligula::determinize(s, me, &mut rng(i as u64));
            let others = (0..*players).filter(|&seat| seat != me);
            hands += usize::from(others.clone().any(|o| world.players[o].hand != s.players[o].hand));
            tokens += usize::from(others.clone().any(|o| placed(&world, o) != placed(s, o)));
            decks += usize::from(world.coniura != s.coniura);
        }
    }
    assert!(
        hands > 100 && tokens > 100 && decks > 100,
        "redrawn: {hands} times others' hands, {tokens} times their placed values, {decks} Coniura decks"
    );
}
