//! What every title's `SearchHints::determinize` must do, checked by each title's tests on states of its own.

use rand::Rng;
use serde_json::Value;

use crate::engine::{Game, GameRng, GameSeed, Seat, Viewer};

/// Random playouts end far sooner in every title.
const MAX_ACTIONS: u32 = 20_000;

/// The generator of determinization number `n`: the same `n` gives the same draws.
pub fn rng(n: u64) -> GameRng {
    GameSeed::from_u64(n).rng(0)
}

pub fn view<G: Game>(state: &G::State, seat: Seat) -> Value {
    serde_json::to_value(G::view(state, Viewer::Seat(seat))).expect("views serialize")
}

pub fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("states serialize")
}

/// For every state and seat, the determinization keeps the title's invariants and the seat's view.
pub fn assert_keeps_views<G: Game>(
    states: &[G::State],
    players: usize,
    invariant: impl Fn(&G::State) -> Result<(), String>,
) {
    for (i, state) in states.iter().enumerate() {
        for seat in 0..players {
            let world = G::determinize(state, seat, &mut rng(i as u64));
            if let Err(problem) = invariant(&world) {
                panic!("state {i}, seat {seat}: {problem}");
            }
            assert_eq!(view::<G>(&world, seat), view::<G>(state, seat), "state {i}, seat {seat}");
        }
    }
}

/// `permuted` shows `seat` the same view as `original`, and both give the same determinization for the same draws.
pub fn assert_blind<G: Game>(original: &G::State, permuted: &G::State, seat: Seat, n: u64) {
    assert_eq!(view::<G>(permuted, seat), view::<G>(original, seat), "the permutation shows");
    let from_original = json(&G::determinize(original, seat, &mut rng(n)));
    let from_permuted = json(&G::determinize(permuted, seat, &mut rng(n)));
    assert_eq!(from_original, from_permuted, "seat {seat} tells the permuted state apart");
}

/// Random play from `state` ends, with a reward for each of the `players` seats.
pub fn assert_plays_to_the_end<G: Game>(mut state: G::State, players: usize, n: u64) {
    let mut rng = rng(n);
    for _ in 0..MAX_ACTIONS {
        if let Some(rewards) = G::rewards(&state) {
            assert_eq!(rewards.len(), players);
            return;
        }
        let movers = G::to_act(&state);
        assert!(!movers.is_empty(), "nobody is to act in an unfinished game");
        let mover = movers[rng.random_range(0..movers.len())];
        let actions = G::legal_actions(&state, mover);
        assert!(!actions.is_empty(), "seat {mover} must act but has no legal action");
        let action = &actions[rng.random_range(0..actions.len())];
        let events = G::decide(&state, mover, action, &mut rng)
            .unwrap_or_else(|refusal| panic!("a listed action is refused: {refusal}"));
        for event in &events {
            G::evolve(&mut state, event);
        }
    }
    panic!("random play from a determinization did not end in {MAX_ACTIONS} actions");
}
