//! Random self-play over the typed contract: the driver behind the self-play tests and the speed figures.

use rand::Rng;
use rand::seq::IndexedRandom;

use super::{Game, GameSeed, SETUP_STREAM, Seat};

/// Totals of a self-play run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SelfPlayStats {
    pub games: u64,
    pub actions: u64,
}

/// What a random game did wrong, with enough context to replay it.
#[derive(Debug, thiserror::Error)]
#[error("seed {seed}, action {action_index}: {problem}")]
pub struct SelfPlayFailure {
    pub seed: u64,
    pub action_index: u64,
    pub problem: String,
}

/// How thoroughly each step is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// Contract checks (every seat to act has actions, every listed action is accepted) plus `invariant`.
    Full,
    /// Only play; for speed figures.
    None,
}

/// Plays one game from random legal actions until it ends or `max_actions` is reached (an error: games end).
/// `invariant` runs after every state change with the state and may reject it.
pub fn play_random_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: u64,
    checks: Checks,
    invariant: &mut dyn FnMut(&G::State) -> Result<(), String>,
) -> Result<u64, SelfPlayFailure> {
    play_weighted_game::<G>(players, options, seed, max_actions, checks, &|_| 1, invariant)
}

/// As `play_random_game`, but each legal action is drawn with probability proportional to `weight` (a policy that
/// steers games into parts of the rules uniform play rarely reaches). All-zero weights fall back to uniform.
pub fn play_weighted_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: u64,
    checks: Checks,
    weight: &dyn Fn(&G::Action) -> u32,
    invariant: &mut dyn FnMut(&G::State) -> Result<(), String>,
) -> Result<u64, SelfPlayFailure> {
    let fail = |action_index: u64, problem: String| SelfPlayFailure {
        seed,
        action_index,
        problem,
    };
    let game_seed = GameSeed::from_u64(seed);
    let mut chooser = GameSeed::from_u64(seed ^ 0x5eed_cafe).rng(0);
    let mut state = G::new_state(players, options).map_err(|e| fail(0, e.to_string()))?;
    for event in G::setup(&state, &mut game_seed.rng(SETUP_STREAM)) {
        G::evolve(&mut state, &event);
    }
    let mut position: u64 = 0;
    for action_index in 0..max_actions {
        if checks == Checks::Full {
            invariant(&state).map_err(|problem| fail(action_index, problem))?;
        }
        if G::outcome(&state).is_some() {
            return Ok(action_index);
        }
        let to_act = G::to_act(&state);
        let Some(&seat) = to_act.choose(&mut chooser) else {
            return Err(fail(action_index, "nobody is to act in an unfinished game".into()));
        };
        let actions = G::legal_actions(&state, seat);
        if checks == Checks::Full {
            check_contract::<G>(&state, &to_act, &actions, seat, game_seed, position)
                .map_err(|problem| fail(action_index, problem))?;
        }
        let weighted = actions.choose_weighted(&mut chooser, |action| weight(action)).ok();
        let Some(action) = weighted.or_else(|| actions.choose(&mut chooser)) else {
            return Err(fail(
                action_index,
                format!("seat {seat} must act but has no legal action"),
            ));
        };
        let events = G::decide(&state, seat, action, &mut game_seed.rng(position))
            .map_err(|e| fail(action_index, format!("listed action {} rejected: {e}", json(action))))?;
        position += events.len() as u64;
        for event in &events {
            G::evolve(&mut state, event);
        }
        // Consume chooser output so that different games diverge early.
        let _: u8 = chooser.random();
    }
    Err(fail(
        max_actions,
        format!("game not finished after {max_actions} actions"),
    ))
}

fn check_contract<G: Game>(
    state: &G::State,
    to_act: &[Seat],
    actions: &[G::Action],
    seat: Seat,
    seed: GameSeed,
    position: u64,
) -> Result<(), String> {
    for &other in to_act {
        if G::legal_actions(state, other).is_empty() {
            return Err(format!("seat {other} must act but has no legal action"));
        }
    }
    for action in actions {
        if let Err(e) = G::decide(state, seat, action, &mut seed.rng(position)) {
            return Err(format!("listed action {} rejected: {e}", json(action)));
        }
    }
    Ok(())
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unserializable: {e}>"))
}

/// Plays `games` random games with seeds `first_seed..`, failing on the first broken one.
pub fn play_many<G: Game>(
    players: usize,
    options: &G::Options,
    first_seed: u64,
    games: u64,
    max_actions: u64,
    checks: Checks,
    invariant: &mut dyn FnMut(&G::State) -> Result<(), String>,
) -> Result<SelfPlayStats, SelfPlayFailure> {
    let mut stats = SelfPlayStats::default();
    for seed in first_seed..first_seed + games {
        stats.actions += play_random_game::<G>(players, options, seed, max_actions, checks, invariant)?;
        stats.games += 1;
    }
    Ok(stats)
}
