//! What a game costs in Redis: plays random games of every title through the service on a real Redis, with an
//! `Idempotency-Key` on every move, and reports `MEMORY USAGE` per event, per finished game and per idempotency
//! record.
//!
//! `LUDUS_REDIS_URL=redis://127.0.0.1:6379 cargo run --release --example storage -- 20` (20 games per title and
//! player count). `scripts/measure-reliability` starts a Redis and runs this.

use std::sync::Arc;

use ludus::engine::Registry;
use ludus::engine::table::TableAction;
use ludus::service::{Caller, GameService, IdempotencyKey, MoveRequest, NewGame};
use ludus::store::{RedisStore, RedisTls, Retention};
use rand::{Rng, SeedableRng};

fn memory_usage(connection: &mut redis::Connection, key: &str) -> u64 {
    redis::cmd("MEMORY")
        .arg("USAGE")
        .arg(key)
        .arg("SAMPLES")
        .arg(0)
        .query::<Option<u64>>(connection)
        .expect("MEMORY USAGE")
        .unwrap_or(0)
}

fn keys_of(connection: &mut redis::Connection, game: &str) -> Vec<String> {
    redis::cmd("KEYS")
        .arg(format!("ludus:{{{game}}}:*"))
        .query(connection)
        .expect("KEYS")
}

#[tokio::main]
async fn main() {
    let url = std::env::var("LUDUS_REDIS_URL").expect("LUDUS_REDIS_URL names the Redis to measure on");
    let games_per_case: u64 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(20);
    let store =
        Arc::new(RedisStore::open(&url, false, &RedisTls::default(), Retention::default()).expect("a Redis URL"));
    let service = GameService::new(Registry::with_all_titles(), store);
    let mut connection = redis::Client::open(url.as_str())
        .and_then(|client| client.get_connection())
        .expect("Redis answers");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    println!(
        "| title | players | events/game | bytes/event (log) | bytes/finished game (log + meta) | bytes/idempotency record |"
    );
    println!("|---|---|---|---|---|---|");
    let titles: Vec<_> = service.titles().cloned().collect();
    for info in titles {
        for players in info.min_players..=info.max_players {
            let (mut events, mut log_bytes, mut game_bytes, mut records, mut record_bytes) = (0, 0, 0, 0, 0);
            for seed in 0..games_per_case {
                let created = service
                    .tables
                    .create(NewGame::closed(info.id, players, Some(seed), None))
                    .await
                    .expect("a game");
                let id = created.game.meta.id.clone();
                let tokens: Vec<String> = created.tokens.into_iter().map(|(_, token)| token).collect();
                let mut moves = 0u64;
                loop {
                    let snapshot = service.games.load(&id).await.expect("the game loads");
                    let Some(&seat) = snapshot.session.to_act().first() else {
                        break;
                    };
                    // The title's actions: a random player skips the table's (undo).
                    let actions: Vec<_> = (snapshot.session.legal_actions(seat).into_iter())
                        .filter(|action| TableAction::parse(action).is_none())
                        .collect();
                    let action = &actions[rng.random_range(0..actions.len())];
                    moves += 1;
                    let key = IdempotencyKey::parse(&format!("move-{moves}")).expect("a valid key");
                    let request = MoveRequest {
                        action,
                        known: None,
                        expected_version: None,
                        idempotency_key: Some(&key),
                    };
                    service
                        .games
                        .play(&id, &Caller::Token(tokens[seat].clone()), &request)
                        .await
                        .expect("a legal move");
                }
                let version = service.games.load(&id).await.expect("the game loads").version();
                events += version;
                for key in keys_of(&mut connection, &id) {
                    let bytes = memory_usage(&mut connection, &key);
                    if key.ends_with(":events") {
                        log_bytes += bytes;
                        game_bytes += bytes;
                    } else if key.contains(":idem:") {
                        records += 1;
                        record_bytes += bytes;
                    } else {
                        // The rest of the game: its meta, and its forks and outbox when it has them.
                        game_bytes += bytes;
                    }
                }
            }
            println!(
                "| {} | {players} | {} | {} | {} | {} |",
                info.id,
                events / games_per_case,
                log_bytes / events.max(1),
                game_bytes / games_per_case,
                record_bytes / records.max(1),
            );
        }
    }
}
