//! The undo trail: the states one seat's latest decisions started from, derived from the log alone (a replay, a
//! snapshot restored and a live session agree on it). A decision of another seat starts a new trail; an event that
//! reveals hidden information or draws a chance outcome empties it (the title says which, `Game::is_undo_barrier`).

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Seat;

/// How many decisions in a row a seat may undo: the oldest checkpoint goes beyond it. Snapshots hold the trail, so
/// this bounds their size too.
const UNDO_LIMIT: usize = 16;

/// The states before `seat`'s latest decisions, oldest first. Shared, so that the copy of a session every move makes
/// copies none of them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct UndoTrail<S> {
    seat: Option<Seat>,
    checkpoints: VecDeque<Arc<S>>,
}

impl<S> Default for UndoTrail<S> {
    fn default() -> Self {
        Self {
            seat: None,
            checkpoints: VecDeque::new(),
        }
    }
}

impl<S: Clone> UndoTrail<S> {
    /// `seat` decides from `before`: a checkpoint for it, on a new trail when the last decision was another seat's.
    pub(super) fn decided(&mut self, seat: Seat, before: S) {
        if self.seat != Some(seat) {
            self.clear();
            self.seat = Some(seat);
        }
        if self.checkpoints.len() == UNDO_LIMIT {
            self.checkpoints.pop_front();
        }
        self.checkpoints.push_back(Arc::new(before));
    }

    pub(super) fn clear(&mut self) {
        self.seat = None;
        self.checkpoints.clear();
    }

    /// The seat that may undo now, if any.
    pub(super) fn seat(&self) -> Option<Seat> {
        self.seat.filter(|_| !self.checkpoints.is_empty())
    }

    /// The state before the latest decision, taken off the trail.
    pub(super) fn pop(&mut self) -> Option<S> {
        self.checkpoints.pop_back().map(Arc::unwrap_or_clone)
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;

    use crate::engine::{Game, GameSeed, SETUP_STREAM, Seat, Viewer};
    use crate::games::{alea_iacta_est, caesar_cleopatra, caligula, rome_carthage};

    const GAMES: u64 = 4;
    /// Worlds a viewer cannot tell from the real one, drawn at each decision.
    const WORLDS: u64 = 2;

    fn json<T: serde::Serialize>(value: &T) -> String {
        serde_json::to_string(value).expect("events serialize")
    }

    /// The index of the first of `events` that differs from `others`, if any.
    fn first_difference<E: serde::Serialize>(events: &[E], others: &[E]) -> Option<usize> {
        (0..events.len()).find(|&index| others.get(index).map(json) != Some(json(&events[index])))
    }

    /// The index of the first of `events` after which `viewer` sees the game otherwise than after `others`, each
    /// folded into its own state: the first event that shows the viewer something the other world does not.
    fn first_seen_difference<G: Game>(
        (mut state, events): (G::State, &[G::Event]),
        (mut other, others): (G::State, &[G::Event]),
        viewer: Seat,
    ) -> Option<usize> {
        let seen = |state: &G::State| json(&G::view(state, Viewer::Seat(viewer)));
        (0..events.len()).find(|&index| {
            G::evolve(&mut state, &events[index]);
            if let Some(event) = others.get(index) {
                G::evolve(&mut other, event);
            }
            seen(&state) != seen(&other)
        })
    }

    /// Random games of `G` with every player count, each decision checked:
    /// - the first event of its batch records it, as the deciding seat's, and no other event records a decision
    ///   (none of the setup's either);
    /// - a barrier comes no later than the first event that differs when the action is decided with other randomness:
    ///   a chance outcome is never undone;
    /// - a barrier comes no later than the first event after which a seat's view differs when the action is decided in
    ///   a world that seat cannot tell from the real one (its hidden parts redrawn, `Game::determinize`): what shows a
    ///   seat something it could not know is never undone. (What the actor shows others of its own cards, as its
    ///   action names them, no world tells: each title's declarations say it.) `simplified` names the events another
    ///   seat's world may show otherwise only because the title's determinizer simplifies it.
    fn check_declarations<G: Game>(simplified: impl Fn(&G::Event) -> bool) {
        let info = G::info();
        for players in info.min_players..=info.max_players {
            for seed in 0..GAMES {
                let context = format!("{} with {players} players, seed {seed}", info.id);
                let game_seed = GameSeed::from_u64(seed);
                let mut chooser = GameSeed::from_u64(!seed).rng(0);
                let mut state = G::new_state(players, &G::Options::default()).expect("a valid player count");
                for event in G::setup(&state, &mut game_seed.rng(SETUP_STREAM)) {
                    assert_eq!(G::decided_by(&state, &event), None, "{context}: {} decided", json(&event));
                    G::evolve(&mut state, &event);
                }
                let mut position = 0;
                while G::outcome(&state).is_none() {
                    let seat = *G::to_act(&state).choose(&mut chooser).expect("someone acts");
                    let actions = G::legal_actions(&state, seat);
                    let action = actions.choose(&mut chooser).expect("a seat to act has actions");
                    let decide =
                        |state: &G::State, seed: GameSeed| G::decide(state, seat, action, &mut seed.rng(position));
                    let events = decide(&state, game_seed).expect("listed");
                    let context = format!("{context}, {} by seat {seat}", json(action));
                    let mut must_be_barriers: Vec<usize> = Vec::new();
                    let otherwise = decide(&state, GameSeed::from_u64(seed + 1_000)).expect("listed");
                    must_be_barriers.extend(first_difference(&events, &otherwise));
                    for (viewer, world) in (0..players).flat_map(|viewer| (0..WORLDS).map(move |world| (viewer, world)))
                    {
                        let world = G::determinize(&state, viewer, &mut GameSeed::from_u64(position).rng(world));
                        // The action may not fit another seat's world, where the actor's hidden cards were redrawn.
                        let Ok(seen) = decide(&world, game_seed) else {
                            assert_ne!(viewer, seat, "{context}: the seat's own action fits a world it sees");
                            continue;
                        };
                        let difference = first_seen_difference::<G>((state.clone(), &events), (world, &seen), viewer);
                        must_be_barriers
                            .extend(difference.filter(|&index| viewer == seat || !simplified(&events[index])));
                    }
                    let mut deciders: Vec<(usize, Seat)> = Vec::new();
                    let mut barrier_since_decision = false;
                    for (index, event) in events.iter().enumerate() {
                        deciders.extend(G::decided_by(&state, event).map(|decider| (index, decider)));
                        barrier_since_decision |= G::is_undo_barrier(&state, event);
                        // Shown at this event, maybe drawn or turned up at an earlier one (that a view shows later).
                        if must_be_barriers.contains(&index) {
                            assert!(barrier_since_decision, "{context}: no barrier up to {}", json(event));
                        }
                        G::evolve(&mut state, event);
                    }
                    assert_eq!(deciders, [(0, seat)], "{context}: {}", json(&events));
                    position += events.len() as u64;
                }
            }
        }
    }

    #[test]
    fn every_decision_is_recorded_by_one_event_and_what_it_draws_or_shows_is_a_barrier() {
        // While a seat puts its Castling pool back, the other seat's worlds return the cards it put back to its pool
        // (README decision 12, D29), so they end the Castling later.
        check_declarations::<caesar_cleopatra::CaesarCleopatra>(|event| {
            matches!(event, caesar_cleopatra::Event::CastlingDone { .. })
        });
        check_declarations::<alea_iacta_est::AleaIactaEst>(|_| false);
        check_declarations::<caligula::Caligula>(|_| false);
        check_declarations::<rome_carthage::RomeCarthage>(|_| false);
    }
}
