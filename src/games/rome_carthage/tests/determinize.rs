//! The search bots' determinizer: it keeps what the seat sees and knows, reads nothing else, and gives
//! states the rules play to the end.

use super::selfplay::invariant;
use crate::engine::SearchHints;
use crate::engine::selfplay::{Checks, play_weighted_game};
use crate::games::determinizer_checks::{assert_plays_to_the_end, json, rng, view};
use crate::games::rome_carthage::card::{Card, Cards, Rank};
use crate::games::rome_carthage::state::State;
use crate::games::rome_carthage::{Action, Options, RomeCarthage};

/// States at rest of random games without draw offers (so that they reach combats), every `every`-th, for 2 to 4
/// players and every combination of the card options.
fn sampled_states(games: u64, every: usize) -> Vec<State> {
    let mut states = Vec::new();
    for players in 2..=4 {
        for (i, (partners_see_hands, match_talons)) in [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
        {
            let options = Options {
                partners_see_hands,
                match_talons,
                no_progress_rounds: 8,
            };
            for game in 0..games {
                let seed = 700 + 10 * players as u64 + 100 * i as u64 + game;
                let mut reached = Vec::new();
                let weight = |action: &Action| match action {
                    Action::OfferDraw {} | Action::AcceptDraw {} => 0,
                    _ => 1,
                };
                play_weighted_game::<RomeCarthage>(players, &options, seed, 100_000, Checks::Full, &weight, &mut |s| {
                    reached.push(s.clone());
                    Ok(())
                })
                .expect("random games end");
                states.extend(reached.into_iter().step_by(every));
            }
        }
    }
    states
}

#[test]
fn determinizing_keeps_what_the_seat_sees() {
    let states = sampled_states(4, 5);
    for (n, state) in states.iter().enumerate() {
        for seat in 0..state.players {
            let world = RomeCarthage::determinize(state, seat, &mut rng(n as u64));
            assert_eq!(view::<RomeCarthage>(&world, seat), view::<RomeCarthage>(state, seat), "state {n}, seat {seat}");
            // The invariants include: every seat holds the ranks everyone knows it holds.
            assert_eq!(world.known_ranks, state.known_ranks);
            invariant(&world).unwrap_or_else(|e| panic!("state {n}, seat {seat}: {e}"));
        }
    }
    let face_down = |s: &State| {
        s.combat
            .as_ref()
            .is_some_and(|c| c.committed.contains(&true) && !c.revealed)
    };
    assert!(states.len() > 1_000, "only {} states", states.len());
    assert!(states.iter().filter(|s| face_down(s)).count() > 20, "too few states with face-down bases");
}

#[test]
fn determinizing_keeps_the_dealt_hands_until_a_card_is_drawn() {
    let ranks = |s: &State, owner: usize| {
        let mut ranks: Vec<Rank> = s.hands[owner].iter().map(|c| c.rank()).collect();
        ranks.sort();
        ranks
    };
    let undrawn = |s: &State| s.round == 0 && s.talons.iter().map(Cards::len).sum::<usize>() == 20;
    let states: Vec<State> = sampled_states(1, 1).into_iter().filter(undrawn).collect();
    assert!(states.len() > 100, "only {} states before the first draw", states.len());
    for state in &states {
        for seat in 0..state.players {
            let world = RomeCarthage::determinize(state, seat, &mut rng(3));
            for owner in 0..state.players {
                assert_eq!(ranks(&world, owner), ranks(state, owner), "seat {seat} knows the hand of {owner}");
            }
        }
    }
}

/// The cards of `owner` the public log does not pin down (its hand beyond `known_ranks`), by index in its hand.
fn unpinned_hand_cards(state: &State, owner: usize) -> Vec<usize> {
    let known = state.known_ranks[owner];
    let hand = &state.hands[owner];
    let mut face_down: Vec<Card> = hand.to_vec();
    if let Some(combat) = &state.combat {
        for side in (0..2).filter(|&side| combat.seats[side] as usize == owner) {
            if !combat.revealed {
                face_down.extend(&combat.base[side]);
            }
            if combat.extra_pending[side] {
                face_down.extend(combat.extra[side].last());
            }
        }
    }
    // A rank held more often than known: that many of its hand cards are free to be any card.
    let mut spare = [0i32; 13];
    for c in &face_down {
        spare[c.rank().index() as usize] += 1;
    }
    for (rank, &count) in known.iter().enumerate() {
        spare[rank] -= i32::from(count);
    }
    (0..hand.len())
        .filter(|&i| {
            let rank = hand[i].rank().index() as usize;
            let free = spare[rank] > 0;
            spare[rank] -= 1;
            free
        })
        .collect()
}

/// `state` with its hidden cards permuted in a way `seat` cannot notice: an unpinned hand card of each other seat
/// (not a partner sharing its hand) swapped with a talon card, a discard card swapped with a talon card of the same
/// rank (the seat sees ranks only there), and each talon reversed.
fn permuted(state: &State, seat: usize) -> State {
    let mut s = state.clone();
    let others = (0..s.players).filter(|&o| o != seat && s.share_with(o as u8) != Some(seat as u8));
    for owner in others.collect::<Vec<_>>() {
        let talon = s.talon_index(owner as u8);
        if let (Some(&i), false) = (unpinned_hand_cards(&s, owner).first(), s.talons[talon].is_empty()) {
            std::mem::swap(&mut s.hands[owner][i], &mut s.talons[talon][0]);
        }
    }
    for i in 0..s.discard.len() {
        let rank = s.discard[i].rank();
        if let Some(card) = s.talons.iter_mut().flatten().find(|c| c.rank() == rank) {
            std::mem::swap(&mut s.discard[i], card);
        }
    }
    for talon in &mut s.talons {
        talon.reverse();
    }
    s
}

#[test]
fn determinizing_is_blind_to_a_consistent_permutation_of_hidden_state() {
    let (mut changed, mut checked) = (0, 0);
    for (n, state) in sampled_states(1, 9).iter().enumerate() {
        for seat in 0..state.players {
            let other = permuted(state, seat);
            invariant(&other).unwrap_or_else(|e| panic!("state {n}: the permutation is inconsistent: {e}"));
            assert_eq!(
                view::<RomeCarthage>(&other, seat),
                view::<RomeCarthage>(state, seat),
                "state {n}: the seat would notice"
            );
            changed += usize::from(json(&other) != json(state));
            checked += 1;
            let seed = 40 + n as u64;
            assert_eq!(
                json(&RomeCarthage::determinize(state, seat, &mut rng(seed))),
                json(&RomeCarthage::determinize(&other, seat, &mut rng(seed))),
                "state {n}, seat {seat}"
            );
        }
    }
    assert!(changed * 10 > checked * 9, "only {changed} of {checked} permutations changed the state");
}

#[test]
fn determinizing_redraws_the_hidden_cards() {
    let states = sampled_states(1, 9);
    let redrawn = |state: &State, seat: usize, world: &State| {
        let others = (0..state.players).filter(|&o| o != seat);
        world.talons != state.talons || others.into_iter().any(|o| world.hands[o] != state.hands[o])
    };
    let mut differs = 0;
    for (n, state) in states.iter().enumerate() {
        let seat = n % state.players;
        differs += usize::from(redrawn(state, seat, &RomeCarthage::determinize(state, seat, &mut rng(n as u64))));
    }
    assert!(differs * 2 > states.len(), "only {differs} of {} determinizations redrew", states.len());
}

#[test]
fn determinized_states_play_to_the_end() {
    for (i, state) in sampled_states(1, 23).iter().enumerate() {
        let seat = i % state.players;
        let world = RomeCarthage::determinize(state, seat, &mut rng(i as u64));
        assert_plays_to_the_end::<RomeCarthage>(world, state.players, i as u64);
    }
}
