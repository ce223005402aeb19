//! Random self-play over the typed contract: the driver behind the self-play tests and the speed figures.

use rand::Rng;
use rand::distr::{Distribution, Uniform};
use rand::seq::IndexedRandom;

use super::bot::{self, Bot, bot_rng};
use super::{Game, GameRng, GameSeed, SETUP_STREAM, Seat};

/// Actions after which a self-played game counts as stuck.
pub const SELF_PLAY_LIMIT: u64 = 1_000_000;

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
    play_game::<G>(players, options, seed, max_actions, checks, None, invariant)
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
    play_game::<G>(players, options, seed, max_actions, checks, Some(weight), invariant)
}

/// The weight of an action in weighted play.
type Weight<'a, G> = dyn Fn(&<G as super::Rules>::Action) -> u32 + 'a;

/// The driver of both: `weight` `None` draws uniformly, as weights of 1 would, without building their table.
fn play_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: u64,
    checks: Checks,
    weight: Option<&Weight<'_, G>>,
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
        let chosen = match weight {
            Some(weight) => actions
                .choose_weighted(&mut chooser, |action| weight(action))
                .ok()
                .or_else(|| actions.choose(&mut chooser)),
            None => uniform_choice(&actions, &mut chooser),
        };
        let Some(action) = chosen else {
            return Err(fail(action_index, format!("seat {seat} must act but has no legal action")));
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
    Err(fail(max_actions, format!("game not finished after {max_actions} actions")))
}

/// The draw `choose_weighted` makes with every weight 1 (a uniform index below the total weight: the cumulative
/// weights are the indices themselves), so that both drivers play the same games from the same seed.
fn uniform_choice<'a, T>(items: &'a [T], rng: &mut GameRng) -> Option<&'a T> {
    let total = u32::try_from(items.len()).ok()?;
    let index = Uniform::new(0, total).ok()?.sample(rng);
    items.get(index as usize)
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

/// A game played by bots alone (`play_bot_game`).
#[derive(Clone, Debug, PartialEq)]
pub struct BotGame {
    /// Each seat's reward at the end (`Game::rewards`).
    pub rewards: Vec<f64>,
    /// Moves each seat's bot chose.
    pub moves: Vec<u64>,
}

/// Plays a game of `players` seats, seat `s` played by `bots[s]`, from game seed `seed`, each bot drawing from
/// `bot_rng` at the log position as in the service. With `check_blindness`, every search move is also searched again
/// from a determinization of the real state (its hidden parts redrawn, as a consistent permutation would) with the
/// same bot generator; a different choice means the search read hidden state, and fails the game.
pub fn play_bot_game<G: Game>(
    players: usize,
    seed: u64,
    bots: &[Bot],
    check_blindness: bool,
) -> Result<BotGame, SelfPlayFailure> {
    let fail = |action_index: u64, problem: String| SelfPlayFailure {
        seed,
        action_index,
        problem,
    };
    let game_seed = GameSeed::from_u64(seed);
    let mut state = G::new_state(players, &G::Options::default()).map_err(|e| fail(0, e.to_string()))?;
    for event in G::setup(&state, &mut game_seed.rng(SETUP_STREAM)) {
        G::evolve(&mut state, &event);
    }
    let mut moves = vec![0; players];
    let mut position: u64 = 0;
    for action_index in 0..SELF_PLAY_LIMIT {
        if let Some(rewards) = G::rewards(&state) {
            return Ok(BotGame { rewards, moves });
        }
        let Some(&seat) = G::to_act(&state).first() else {
            return Err(fail(action_index, "nobody is to act in an unfinished game".into()));
        };
        let bot = bots[seat];
        let choose =
            |state: &G::State| bot::choose::<G>(bot, state, seat, &mut bot_rng(game_seed, position), &mut || false);
        let Some(action) = choose(&state) else {
            return Err(fail(action_index, format!("seat {seat} must act but has no legal action")));
        };
        if check_blindness && matches!(bot, Bot::Search { .. }) {
            let permuted = G::determinize(&state, seat, &mut GameSeed::from_u64(seed ^ position).rng(1));
            if choose(&permuted).as_ref() != Some(&action) {
                return Err(fail(
                    action_index,
                    format!("seat {seat}'s search chose differently once the hidden state was redrawn"),
                ));
            }
        }
        let events = G::decide(&state, seat, &action, &mut game_seed.rng(position))
            .map_err(|e| fail(action_index, format!("bot action {} rejected: {e}", json(&action))))?;
        position += events.len() as u64;
        for event in &events {
            G::evolve(&mut state, event);
        }
        moves[seat] += 1;
    }
    Err(fail(SELF_PLAY_LIMIT, "game not finished".into()))
}

#[cfg(test)]
mod tests {
    use rand::Rng;
    use serde_json::{Value, json};
    use sha2::{Digest, Sha256};

    use super::*;
    use crate::engine::Viewer;
    use crate::games::{alea_iacta_est, caesar_cleopatra, caligula, rome_carthage};

    const GAMES: u64 = 10;

    /// Feeds `value`'s JSON and a separator into the hash.
    fn feed<T: serde::Serialize>(hash: &mut Sha256, value: &T) {
        hash.update(json(value).as_bytes());
        hash.update(b"\n");
    }

    /// Hashes, for seeded random games of `G` with each of `options` (JSON) and every player count, everything the
    /// contract exposes at each step: who is to act, the legal actions in order, the events, the views now and then
    /// and the outcome; plus the action counts of the speed driver itself for the same seeds.
    fn digest<G: Game>(options: &[Value]) -> String {
        let mut hash = Sha256::new();
        let info = G::info();
        for options in options {
            let options: G::Options = serde_json::from_value(options.clone()).expect("test options parse");
            for players in info.min_players..=info.max_players {
                for seed in 0..GAMES {
                    let played = play_random_game::<G>(players, &options, seed, 100_000, Checks::None, &mut |_| Ok(()));
                    feed(&mut hash, &played.map_err(|e| e.to_string()));
                    digest_game::<G>(&mut hash, players, &options, seed);
                }
            }
        }
        hex::encode(hash.finalize())
    }

    fn digest_game<G: Game>(hash: &mut Sha256, players: usize, options: &G::Options, seed: u64) {
        let mut state = match G::new_state(players, options) {
            Ok(state) => state,
            Err(e) => return feed(hash, &e.to_string()),
        };
        let game_seed = GameSeed::from_u64(seed);
        let mut chooser = GameSeed::from_u64(!seed).rng(0);
        let mut position = 0;
        let mut events = G::setup(&state, &mut game_seed.rng(SETUP_STREAM));
        for step in 0.. {
            for event in &events {
                feed(hash, event);
                G::evolve(&mut state, event);
            }
            if step % 16 == 0 || G::outcome(&state).is_some() {
                let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
                for viewer in viewers {
                    feed(hash, &G::view(&state, viewer));
                }
            }
            if let Some(outcome) = G::outcome(&state) {
                return feed(hash, &outcome);
            }
            let to_act = G::to_act(&state);
            feed(hash, &to_act);
            let seat = to_act[chooser.random_range(0..to_act.len())];
            let actions = G::legal_actions(&state, seat);
            feed(hash, &actions);
            let action = &actions[chooser.random_range(0..actions.len())];
            events =
                G::decide(&state, seat, action, &mut game_seed.rng(position)).expect("listed actions are accepted");
            position += events.len() as u64;
        }
    }

    /// A search bot plays a whole game of every title against random seats, and each of its moves comes out the
    /// same when searched from a state whose hidden parts were redrawn: it never reads what its seat cannot see.
    #[test]
    fn search_bots_finish_games_of_every_title_blind_to_the_hidden_state() {
        fn check<G: Game>(players: usize) {
            let search = Bot::Search {
                iterations: Some(6),
                budget_ms: None,
            };
            let mut bots = vec![Bot::Random {}; players];
            bots[1] = search;
            let played =
                play_bot_game::<G>(players, 11, &bots, true).unwrap_or_else(|e| panic!("{}: {e}", G::info().id));
            assert_eq!(played.rewards.len(), players);
            assert!(played.moves[1] > 0, "{}: the search seat moved", G::info().id);
        }
        check::<caesar_cleopatra::CaesarCleopatra>(2);
        check::<alea_iacta_est::AleaIactaEst>(3);
        check::<caligula::Caligula>(3);
        check::<rome_carthage::RomeCarthage>(4);
    }

    /// Pins the rules and the order of legal actions of every title, so that speed work cannot change behaviour.
    /// The constants were recorded on the code before the speed work; a deliberate rules change records new ones
    /// (Caligula's at its rules version 2: ties on the highest token of a collective card; César et Cléopâtre's with
    /// undo: `end_discard` records its owed draws even when it owes none).
    #[test]
    fn random_play_event_digest_is_stable() {
        let digests = [
            digest::<caesar_cleopatra::CaesarCleopatra>(&[json!({}), json!({"manipulation_pile": "shuffled"})]),
            digest::<alea_iacta_est::AleaIactaEst>(&[json!({}), json!({"first_player": "brutus"})]),
            digest::<caligula::Caligula>(&[json!({})]),
            digest::<rome_carthage::RomeCarthage>(&[
                json!({}),
                json!({"partners_see_hands": true, "match_talons": true, "no_progress_rounds": 3}),
            ]),
        ];
        assert_eq!(
            digests,
            [
                "8daf16efe38bd39c4a9858d5207b94e58e7c6fea9ab97d000d444c8e56749c34",
                "b4e8536dc33aeb11bacc86b075ddcb8f50e67df7391e2080d2bb1cbed31d7949",
                "ab054dffe73646fad8771b3e82da5efec4fb9514bba572086e1f55b095ff4dce",
                "fffe6b0a988129190060891fc288dbcf82c28da014d08b28ce48abc029a46fd5",
            ]
        );
    }
}
