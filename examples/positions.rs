//! What a move costs deep into a game, and right after a restart, compared with early moves of the same run.
//!
//! `LUDUS_REDIS_URL=redis://127.0.0.1:6379 cargo run --release --example positions -- [GAMES] [DEPTH]`
//! (without `LUDUS_REDIS_URL`, the in-memory store). Plays GAMES (default 12) games of Rome et Carthage with two
//! players and a no-progress limit of 1,000 rounds, so that random games run past 3,000 events (no title's games
//! reach that with its default options), through the service, timing each move (`GameService::play`: decide,
//! conditional append, answer) by its log position. Then, for each game still going at DEPTH events (default
//! 3,000), a new service with an empty cache (what a restarted instance has) times its first move there (cold: the
//! latest snapshot and the events after it, restored and replayed) and its next moves (warm). Prints medians and
//! their ratios. `scripts/bench` runs it on the same Redis as its throughput figures.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ludus::engine::Registry;
use ludus::engine::table::TableAction;
use ludus::service::{Caller, GameId, GameService, NewGame};
use ludus::store::{EventStore, MemoryStore, RedisStore, RedisTls, Retention};
use rand::{Rng, SeedableRng};

#[path = "shared/moves.rs"]
mod moves;
use moves::random_move;

const TITLE: &str = "rome-carthage";
const PLAYERS: usize = 2;
/// Long enough for random games to pass 3,000 events (the default, 60 rounds, ends most of them near 1,700).
const NO_PROGRESS_ROUNDS: u32 = 1000;
/// Moves timed "early": those made before this position.
const EARLY: u64 = 32;
const WARM_MOVES_AFTER_COLD: usize = 5;

struct Game {
    id: GameId,
    tokens: Vec<String>,
}

/// `player` plays one random legal move chosen on what `chooser` reads; its duration and the position it was made
/// at, or `None` when the game is over. Only the move is timed.
async fn timed_move(
    chooser: &GameService,
    player: &GameService,
    game: &Game,
    rng: &mut impl Rng,
) -> Option<(u64, Duration)> {
    let snapshot = chooser.games.load(&game.id).await.expect("the game loads");
    let &seat = snapshot.session.to_act().first()?;
    // No draw offers: random seats accept them often enough to end most games in a few dozen moves. No table actions
    // (undo) either: a random player could undo forever.
    let actions: Vec<_> = (snapshot.session.legal_actions(seat).into_iter())
        .filter(|action| action["type"] != "offer_draw" && TableAction::parse(action).is_none())
        .collect();
    let request = random_move(&actions, rng);
    let started = Instant::now();
    player
        .games
        .play(&game.id, &Caller::Token(game.tokens[seat].clone()), &request)
        .await
        .expect("a legal move is accepted");
    Some((snapshot.version(), started.elapsed()))
}

fn median(mut durations: Vec<Duration>) -> Duration {
    durations.sort();
    durations.get(durations.len() / 2).copied().unwrap_or_default()
}

fn micros(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e6
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(12);
    let depth: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(3000);
    let options = serde_json::json!({ "no_progress_rounds": NO_PROGRESS_ROUNDS });
    let store: Arc<dyn EventStore> = match std::env::var("LUDUS_REDIS_URL") {
        Ok(url) => Arc::new(RedisStore::open(&url, false, &RedisTls::default(), Retention::default()).expect("a URL")),
        Err(_) => Arc::new(MemoryStore::default()),
    };
    let registry = Registry::with_all_titles();
    let service = GameService::new(registry.clone(), store.clone());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let (mut early, mut deep, mut deepest) = (Vec::new(), Vec::new(), 0);
    let mut waiting = Vec::new();
    for seed in 0..games {
        let created = service
            .tables
            .create(NewGame::closed(TITLE, PLAYERS, Some(seed), Some(&options)))
            .await
            .expect("a game");
        let game = Game {
            id: created.game.meta.id.clone(),
            tokens: created.tokens.into_iter().map(|(_, token)| token).collect(),
        };
        while let Some((position, took)) = timed_move(&service, &service, &game, &mut rng).await {
            deepest = deepest.max(position);
            if position < EARLY {
                early.push(took);
            } else if position >= depth {
                deep.push(took);
                if position >= depth + 8 {
                    // Left here for the cold start below.
                    waiting.push(game);
                    break;
                }
            }
        }
    }
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    for game in &waiting {
        let restarted = GameService::new(registry.clone(), store.clone());
        // The move is chosen by another service, so that the restarted one's first contact with the game is the move.
        let chooser = GameService::new(registry.clone(), store.clone());
        if let Some((_, took)) = timed_move(&chooser, &restarted, game, &mut rng).await {
            cold.push(took);
        }
        for _ in 0..WARM_MOVES_AFTER_COLD {
            if let Some((_, took)) = timed_move(&restarted, &restarted, game, &mut rng).await {
                warm.push(took);
            }
        }
    }
    let store_name = format!("{:?}", store.kind());
    let (early, deep, cold, warm) = (median(early), median(deep), median(cold), median(warm));
    println!("{TITLE} with {PLAYERS} players, {games} games, {store_name} store; deepest position {deepest}");
    println!(
        "move at positions < {EARLY}: {:.0} us; at positions >= {depth}: {:.0} us; ratio {:.2}",
        micros(early),
        micros(deep),
        micros(deep) / micros(early)
    );
    println!(
        "first move after a restart at >= {depth} events ({} games): {:.0} us; warm moves there: {:.0} us; ratio {:.2}",
        waiting.len(),
        micros(cold),
        micros(warm),
        micros(cold) / micros(warm)
    );
}
