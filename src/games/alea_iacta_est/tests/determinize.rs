//! The search bots' determinizer: it keeps what the seat sees and knows, reads nothing else, and gives
//! states the rules play to the end.

use super::super::*;
use super::selfplay::check_invariants;
use crate::engine::SearchHints;
use crate::engine::selfplay::{Checks, play_random_game};
use crate::games::determinizer_checks::{assert_plays_to_the_end, json, rng, view};

/// States at rest of random games, every `every`-th, for 2 to 5 players.
fn sampled_states(games: u64, every: usize) -> Vec<State> {
    let mut states = Vec::new();
    for n in 2..=5 {
        for game in 0..games {
            let mut reached = Vec::new();
            let options = Options::default();
            play_random_game::<AleaIactaEst>(n, &options, 90 + 10 * n as u64 + game, 100_000, Checks::Full, &mut |s| {
                reached.push(s.clone());
                Ok(())
            })
            .expect("random games end");
            states.extend(reached.into_iter().step_by(every));
        }
    }
    states
}

/// Where the hidden items whose place `seat` knows are: (zone, index, item) for others' face-down tokens and Senate
/// hands, the favour piles, the offer and the deck.
fn known_places(state: &State, seat: usize) -> Vec<(String, usize, String)> {
    let mut places = Vec::new();
    let mut add = |zone: String, items: Vec<(usize, &'static str)>| {
        places.extend(items.into_iter().map(|(i, id)| (zone.clone(), i, id.to_owned())));
    };
    let favours = |zone: &[FavourId]| -> Vec<(usize, &'static str)> {
        let known = |t: &FavourId| state.favour_known[t.0 as usize] & 1 << seat != 0;
        zone.iter()
            .enumerate()
            .filter(|(_, t)| known(t))
            .map(|(i, t)| (i, t.id()))
            .collect()
    };
    let cards = |zone: &[CardId]| -> Vec<(usize, &'static str)> {
        let known = |c: &CardId| state.senate_known[c.0 as usize] & 1 << seat != 0;
        zone.iter()
            .enumerate()
            .filter(|(_, c)| known(c))
            .map(|(i, c)| (i, c.id()))
            .collect()
    };
    for (o, st) in state.seats.iter().enumerate().filter(|&(o, _)| o != seat) {
        add(format!("favour_hidden {o}"), favours(&st.favour_hidden));
        add(format!("senate_cards {o}"), cards(&st.senate_cards));
    }
    add("favour_pile".into(), favours(&state.favour_pile));
    add("favour_discard".into(), favours(&state.favour_discard));
    add("senate_offer".into(), cards(&state.eval.senate_offer));
    add("senate_deck".into(), cards(&state.senate_deck));
    places
}

#[test]
fn determinizing_keeps_what_the_seat_sees() {
    let states = sampled_states(3, 3);
    let mut beyond_view = 0;
    for (i, state) in states.iter().enumerate() {
        for seat in 0..state.players {
            let world = AleaIactaEst::determinize(state, seat, &mut rng(i as u64));
            assert_eq!(view::<AleaIactaEst>(&world, seat), view::<AleaIactaEst>(state, seat), "state {i}, seat {seat}");
            // What the log showed it: its tokens back in the discard pile, cards it put under the deck or saw given.
            let places = known_places(state, seat);
            assert_eq!(known_places(&world, seat), places, "state {i}, seat {seat}");
            beyond_view += usize::from(places.iter().any(|(zone, ..)| zone != "senate_offer"));
            check_invariants(&world).unwrap_or_else(|e| panic!("state {i}, seat {seat}: {e}"));
        }
    }
    assert!(states.len() > 500, "only {} states", states.len());
    assert!(beyond_view > 500, "only {beyond_view} determinizations knew places their view does not show");
}

/// Rotates by one the items of `zones` whose place `seat` does not know, the knowledge staying with the slots.
fn rotate_hidden<T: Copy>(zones: Vec<&mut [T]>, known: &mut [u8], index: impl Fn(T) -> usize, seat: usize) {
    let before = known.to_vec();
    let mut slots: Vec<&mut T> = zones
        .into_iter()
        .flat_map(|zone| zone.iter_mut())
        .filter(|item| before[index(**item)] & 1 << seat == 0)
        .collect();
    let items: Vec<T> = slots.iter().map(|item| **item).collect();
    for (i, slot) in slots.iter_mut().enumerate() {
        let item = items[(i + 1) % items.len()];
        known[index(item)] = before[index(**slot)];
        **slot = item;
    }
}

/// `state` with what `seat` cannot see permuted: the favour tokens and Senate cards whose place it does not know
/// rotated through others' face-down tokens and hands, the offer, the piles and the deck; the tile piles reversed.
fn permuted(state: &State, seat: usize) -> State {
    let mut s = state.clone();
    let tokens = s.seats.iter_mut().map(|st| st.favour_hidden.as_mut_slice());
    let tokens = tokens
        .chain([s.favour_pile.as_mut_slice(), s.favour_discard.as_mut_slice()])
        .collect();
    rotate_hidden(tokens, &mut s.favour_known, |t| t.0 as usize, seat);
    let cards = s.seats.iter_mut().map(|st| st.senate_cards.as_mut_slice());
    let cards = cards
        .chain([s.eval.senate_offer.as_mut_slice(), s.senate_deck.as_mut_slice()])
        .collect();
    rotate_hidden(cards, &mut s.senate_known, |c| c.0 as usize, seat);
    s.province_pile.reverse();
    s.inhabitant_pile.reverse();
    s
}

#[test]
fn determinizing_is_blind_to_a_consistent_permutation_of_hidden_state() {
    let (mut changed, mut checked) = (0, 0);
    for (i, state) in sampled_states(2, 5).iter().enumerate() {
        for seat in 0..state.players {
            let other = permuted(state, seat);
            check_invariants(&other).unwrap_or_else(|e| panic!("state {i}: the permutation is inconsistent: {e}"));
            assert_eq!(
                view::<AleaIactaEst>(&other, seat),
                view::<AleaIactaEst>(state, seat),
                "state {i}: the seat would notice"
            );
            let changes_hidden_items = other.senate_deck != state.senate_deck || other.favour_pile != state.favour_pile;
            changed += usize::from(changes_hidden_items);
            checked += 1;
            let seed = 70 + i as u64;
            assert_eq!(
                json(&AleaIactaEst::determinize(state, seat, &mut rng(seed))),
                json(&AleaIactaEst::determinize(&other, seat, &mut rng(seed))),
                "state {i}, seat {seat}"
            );
        }
    }
    assert!(changed * 10 > checked * 9, "only {changed} of {checked} permutations moved cards or tokens");
}

#[test]
fn determinizing_redraws_the_hidden_items() {
    let states = sampled_states(1, 5);
    let mut differs = [0; 3];
    for (i, state) in states.iter().enumerate() {
        let seat = i % state.players;
        let world = AleaIactaEst::determinize(state, seat, &mut rng(i as u64));
        let others = (0..state.players).filter(|&o| o != seat);
        let hands = others
            .clone()
            .any(|o| world.seats[o].senate_cards != state.seats[o].senate_cards);
        let tokens = others
            .into_iter()
            .any(|o| world.seats[o].favour_hidden != state.seats[o].favour_hidden);
        differs[0] += usize::from(hands || world.senate_deck != state.senate_deck);
        differs[1] += usize::from(tokens || world.favour_pile != state.favour_pile);
        differs[2] += usize::from(world.province_pile != state.province_pile);
    }
    assert!(differs.iter().all(|&d| d * 3 > states.len()), "redrawn {differs:?} of {} states", states.len());
}

#[test]
fn determinized_states_play_to_the_end() {
    for (i, state) in sampled_states(1, 7).iter().enumerate() {
        let seat = i % state.players;
        let world = AleaIactaEst::determinize(state, seat, &mut rng(i as u64));
        assert_plays_to_the_end::<AleaIactaEst>(world, state.players, i as u64);
    }
}
