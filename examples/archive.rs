//! What the archive costs and gives, in one run: plays random games of every title and player count through the
//! service on a real Redis with a real PostgreSQL archive, then archives them all, and prints for every title and
//! player count the record's bytes per game and how many were told by their decisions, the table's bytes per game
//! (its `pg_total_relation_size` growth: records, index and PostgreSQL's row overhead, in 8 KiB pages: run enough
//! games for a fair average), and the p99 of a first read of an archived game against that of as many games of the
//! same case still in Redis (each read on a fresh service, so that neither comes from a cache; an archived read and a
//! hot one in turns, so that the machine's noise falls on both); then the archival throughput, the whole table's
//! bytes per game, the p99s over all cases, and the p99 of reading an archived game again (the store keeps it
//! decoded).
//!
//! `LUDUS_REDIS_URL=redis://127.0.0.1:6379 LUDUS_ARCHIVE_URL=postgres://ludus@127.0.0.1:5432/postgres
//! cargo run --release --example archive -- 20` (20 games per title and player count); `scripts/measure-archive`
//! starts both servers and runs it.
//!
//! `-- --sizes 1000` measures the table alone, over enough games for whole pages not to matter: 1,000 games per
//! title (spread evenly over its player counts), played on the memory store (faster than Redis, and the record does
//! not depend on the live store), each title archived in turn, the table's growth per title.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ludus::clock::now_ms;
use ludus::engine::Registry;
use ludus::engine::table::TableAction;
use ludus::ids::GameId;
use ludus::service::{Caller, GameService, MoveRequest, NewGame, RulesCodec};
use ludus::store::{ArchivedGame, EventStore, MemoryStore, Postgres, RedisStore, RedisTls, Retention, TieredStore};
use rand::{Rng, SeedableRng};

fn store(live: Arc<dyn EventStore>, archive: &str, codec: Arc<RulesCodec>) -> Arc<dyn EventStore> {
    let archive = Postgres::open(archive, codec).expect("a PostgreSQL URL");
    Arc::new(TieredStore::new(live, archive, Duration::from_millis(1)))
}

/// The bytes of game `id`'s archive record, and whether its log is told by its decisions (format 2).
async fn record(tiers: &Arc<dyn EventStore>, codec: &RulesCodec, id: &GameId) -> (usize, bool) {
    let loaded = tiers.load(id).await.expect("the game");
    let game = ArchivedGame {
        meta: loaded.meta,
        events: loaded.events,
        head: loaded.head,
        chat: Vec::new(),
    };
    let bytes = game.encode(Some(codec)).expect("a record");
    (bytes.len(), bytes[0] >= 2)
}

/// A random game of `title` for `players`, played to its end: its id.
async fn random_game(service: &GameService, title: &'static str, players: usize, seed: u64) -> GameId {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let created = service
        .tables
        .create(NewGame::closed(title, players, Some(seed), None))
        .await
        .expect("a game");
    let id = created.game.meta.id.clone();
    let tokens: Vec<String> = created.tokens.into_iter().map(|(_, token)| token).collect();
    loop {
        let game = service.games.load(&id).await.expect("the game loads");
        let Some(&seat) = game.session.to_act().first() else {
            return id;
        };
        let actions: Vec<_> = (game.session.legal_actions(seat).into_iter())
            .filter(|action| TableAction::parse(action).is_none())
            .collect();
        let action = &actions[rng.random_range(0..actions.len())];
        let request = MoveRequest {
            action,
            known: None,
            expected_version: None,
            idempotency_key: None,
        };
        service
            .games
            .play(&id, &Caller::Token(tokens[seat].clone()), &request)
            .await
            .expect("a legal move");
    }
}

/// How long the first read of game `id` takes on a fresh service (nothing cached in it) over the stores' open
/// connections.
async fn first_read(tiers: &Arc<dyn EventStore>, id: &GameId) -> Duration {
    let fresh = GameService::new(Registry::with_all_titles(), tiers.clone());
    let started = Instant::now();
    fresh.games.load(id).await.expect("the game reads");
    started.elapsed()
}

/// The first reads of `archived` and `hot` games, taken in turns (one of each, and again) so that the machine's
/// noise falls on both alike: (archived reads, hot reads).
async fn paired_first_reads(
    tiers: &Arc<dyn EventStore>,
    archived: &[GameId],
    hot: &[GameId],
) -> (Vec<Duration>, Vec<Duration>) {
    let (mut cold_reads, mut hot_reads) = (Vec::new(), Vec::new());
    for (archived, hot) in archived.iter().zip(hot) {
        cold_reads.push(first_read(tiers, archived).await);
        hot_reads.push(first_read(tiers, hot).await);
    }
    (cold_reads, hot_reads)
}

fn p99(reads: &[Duration]) -> Duration {
    let mut reads = reads.to_vec();
    reads.sort();
    reads[(reads.len() * 99 / 100).min(reads.len() - 1)]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Archives every game due: sweeps until one moves none.
async fn archive_all(service: &GameService) -> usize {
    let mut moved = 0;
    loop {
        match service.games.archive_due(now_ms() + 1_000).await.expect("archival") {
            0 => return moved,
            some => moved += some,
        }
    }
}

/// The archive's size in bytes.
async fn table_bytes(tiers: &Arc<dyn EventStore>) -> u64 {
    let archive = tiers.tiers().expect("an archive");
    archive.archive_size().await.expect("the archive's size").1
}

/// `--sizes`: the table's bytes per game for each title, over `per_title` games of it.
async fn sizes(archive: &str, per_title: u64) {
    let codec = Arc::new(RulesCodec::new(Registry::with_all_titles()));
    let tiers = store(Arc::new(MemoryStore::new(Retention::default())), archive, codec);
    let service = GameService::new(Registry::with_all_titles(), tiers.clone());
    archive_all(&service).await;
    println!("| title | games | player counts | table bytes/game |");
    println!("|---|---|---|---|");
    let titles: Vec<_> = service.titles().cloned().collect();
    for info in titles {
        let counts: Vec<usize> = (info.min_players..=info.max_players).collect();
        let before = table_bytes(&tiers).await;
        for seed in 0..per_title {
            let players = counts[seed as usize % counts.len()];
            random_game(&service, info.id, players, seed).await;
        }
        let archived = archive_all(&service).await;
        let bytes = table_bytes(&tiers).await.saturating_sub(before);
        let range = format!("{} to {}", counts[0], counts[counts.len() - 1]);
        println!("| {} | {archived} | {range} | {} |", info.id, bytes / archived.max(1) as u64);
    }
}

#[tokio::main]
async fn main() {
    let archive = std::env::var("LUDUS_ARCHIVE_URL").expect("LUDUS_ARCHIVE_URL names the PostgreSQL to archive to");
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, per_title] = args.as_slice()
        && flag == "--sizes"
    {
        return sizes(&archive, per_title.parse().expect("games per title")).await;
    }
    let redis = std::env::var("LUDUS_REDIS_URL").expect("LUDUS_REDIS_URL names the Redis to measure on");
    let per_case: u64 = args.first().and_then(|n| n.parse().ok()).unwrap_or(20);
    let codec = Arc::new(RulesCodec::new(Registry::with_all_titles()));
    let live = RedisStore::open(&redis, false, &RedisTls::default(), Retention::default()).expect("a Redis URL");
    let tiers = store(Arc::new(live), &archive, codec.clone());
    let service = GameService::new(Registry::with_all_titles(), tiers.clone());
    // The table exists (migrations) before its first measure.
    archive_all(&service).await;

    println!(
        "| title | players | events/game | record bytes/game | told by decisions | table bytes/game | first read p99, archived ÷ hot |"
    );
    println!("|---|---|---|---|---|---|---|");
    let (mut archived, mut archiving, mut all_cold, mut all_hot, mut all_again) =
        (0, Duration::ZERO, Vec::new(), Vec::new(), Vec::new());
    let titles: Vec<_> = service.titles().cloned().collect();
    for info in titles {
        for players in info.min_players..=info.max_players {
            let (mut ids, mut events, mut record_bytes, mut by_decisions) = (Vec::new(), 0, 0, 0);
            for seed in 0..per_case {
                let id = random_game(&service, info.id, players, seed).await;
                events += service.games.load(&id).await.expect("the game").version();
                let (bytes, decisions) = record(&tiers, &codec, &id).await;
                record_bytes += bytes as u64;
                by_decisions += u64::from(decisions);
                ids.push(id);
            }
            let before = table_bytes(&tiers).await;
            let started = Instant::now();
            archived += archive_all(&service).await;
            archiving += started.elapsed();
            let bytes = table_bytes(&tiers).await.saturating_sub(before);
            // As many games of the same case, still in Redis, to read beside them.
            let mut hot = Vec::new();
            for seed in per_case..2 * per_case {
                hot.push(random_game(&service, info.id, players, seed).await);
            }
            let (cold_reads, hot_reads) = paired_first_reads(&tiers, &ids, &hot).await;
            // Read again on a fresh service: the store's decoded copy, checked against the archive's version.
            let (again_reads, _) = paired_first_reads(&tiers, &ids, &hot).await;
            println!(
                "| {} | {players} | {} | {} | {by_decisions}/{per_case} | {} | {:.2} ms ÷ {:.2} ms = {:.1} |",
                info.id,
                events / per_case,
                record_bytes / per_case,
                bytes / per_case,
                ms(p99(&cold_reads)),
                ms(p99(&hot_reads)),
                p99(&cold_reads).as_secs_f64() / p99(&hot_reads).as_secs_f64()
            );
            all_cold.extend(cold_reads);
            all_hot.extend(hot_reads);
            all_again.extend(again_reads);
            // The hot games go too, uncounted, so that the next case's table growth is its own.
            archive_all(&service).await;
        }
    }
    let (games, table_bytes) = tiers
        .tiers()
        .expect("an archive")
        .archive_size()
        .await
        .expect("the archive's size");
    println!("the whole table: {games} games, {} bytes a game", table_bytes / games.max(1));
    println!();
    println!(
        "archival: {archived} games in {:.2} s, {:.0} games/s",
        archiving.as_secs_f64(),
        archived as f64 / archiving.as_secs_f64()
    );
    let (cold, hot, again) = (p99(&all_cold), p99(&all_hot), p99(&all_again));
    println!(
        "first read, p99 over all {} reads of each: archived {:.2} ms, hot {:.2} ms, ratio {:.2}",
        all_cold.len(),
        ms(cold),
        ms(hot),
        cold.as_secs_f64() / hot.as_secs_f64()
    );
    println!(
        "an archived game read again (a replay's next step), p99: {:.2} ms, ratio to hot {:.2}",
        ms(again),
        again.as_secs_f64() / hot.as_secs_f64()
    );
}
