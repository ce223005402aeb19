//! The archive on PostgreSQL: a pool of connections, the versioned migrations (applied before the first use, so that
//! ludus starts and serves while the database is down), and the records' reads and writes in standard SQL.

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio::sync::OnceCell;
use tokio_postgres::NoTls;

use std::sync::Arc;

use super::record::{ArchivedGame, LogCodec, ReadBack};
use crate::ids::GameId;
use crate::store::{StoreError, StoreResult};

/// The migrations, in order: each applied once, in its own transaction, recorded in `ludus_migrations`.
const MIGRATIONS: [(i32, &str); 4] = [
    (1, include_str!("migrations/0001_games.sql")),
    (2, include_str!("migrations/0002_listings.sql")),
    (3, include_str!("migrations/0003_chat_version.sql")),
    (4, include_str!("migrations/0004_record_inline.sql")),
];
/// Connections one instance holds at most.
const POOL_SIZE: usize = 8;

/// An archived game's row, not decoded.
pub struct Record {
    pub title: String,
    pub bytes: Vec<u8>,
}

/// The archive's database.
pub struct Postgres {
    pool: Pool,
    migrated: OnceCell<()>,
    /// The rules engines, which tell the logs by their decisions.
    codec: Arc<dyn LogCodec>,
}

impl Postgres {
    /// The archive at `url` (`postgres://user@host:port/database`), its logs told by `codec`; nothing is sent before
    /// the first use.
    pub fn open(url: &str, codec: Arc<dyn LogCodec>) -> Result<Self, String> {
        let config: tokio_postgres::Config = url.parse().map_err(|error| format!("{error}"))?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(std::time::Duration::from_secs(5)))
            .create_timeout(Some(std::time::Duration::from_secs(5)))
            .build()
            .map_err(|error| format!("{error}"))?;
        Ok(Self {
            pool,
            migrated: OnceCell::new(),
            codec,
        })
    }

    /// A connection, once the migrations are applied.
    async fn client(&self) -> StoreResult<deadpool_postgres::Object> {
        let mut client = self.pool.get().await.map_err(unavailable)?;
        self.migrated.get_or_try_init(|| migrate(&mut client)).await?;
        Ok(client)
    }

    /// Keeps `game`, unless the archive holds as long a log of it already (a retried archival writes nothing), and
    /// lists it in `listings` (by its creation time), in one transaction.
    pub async fn put(&self, game: &ArchivedGame, listings: &[String]) -> StoreResult<()> {
        let record = game.encode(Some(self.codec.as_ref()))?;
        let id: &str = &game.meta.id;
        let created_at_ms = game.meta.created_at_ms as i64;
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(unavailable)?;
        let version = ArchivedVersion::of(game);
        transaction
            .execute(
                "INSERT INTO ludus_games (id, title, version, chat_last, record) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, chat_last = EXCLUDED.chat_last, \
                 record = EXCLUDED.record \
                 WHERE (ludus_games.version, ludus_games.chat_last) < (EXCLUDED.version, EXCLUDED.chat_last)",
                &[
                    &id,
                    &game.meta.title,
                    &(version.log as i64),
                    &version.chat_last,
                    &record,
                ],
            )
            .await
            .map_err(unavailable)?;
        for listing in listings {
            transaction
                .execute(
                    "INSERT INTO ludus_listings (listing, created_at_ms, game) VALUES ($1, $2, $3) \
                     ON CONFLICT DO NOTHING",
                    &[listing, &created_at_ms, &id],
                )
                .await
                .map_err(unavailable)?;
        }
        transaction.commit().await.map_err(unavailable)
    }

    /// Up to `limit` games of `listing` created at `max_score` or before, newest first (ties: the greater id
    /// first), with their creation times: the order of `EventStore::index_page`.
    pub async fn listing_page(&self, listing: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT game, created_at_ms FROM ludus_listings WHERE listing = $1 AND created_at_ms <= $2 \
                 ORDER BY created_at_ms DESC, game DESC LIMIT $3",
                &[&listing, &(max_score.min(i64::MAX as u64) as i64), &(limit as i64)],
            )
            .await
            .map_err(unavailable)?;
        Ok(rows
            .iter()
            .map(|row| (row.get(0), row.get::<_, i64>(1) as u64))
            .collect())
    }

    /// Forgets every game of `listing`.
    pub async fn unlist(&self, listing: &str) -> StoreResult<()> {
        let client = self.client().await?;
        client
            .execute("DELETE FROM ludus_listings WHERE listing = $1", &[&listing])
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    /// The archived game `id`, if the archive holds it.
    pub async fn get(&self, id: &GameId) -> StoreResult<Option<ReadBack>> {
        let record = self.record(id).await?;
        record.map(|record| self.read(id, &record)).transpose()
    }

    /// The record of archived game `id`, not decoded, if the archive holds it.
    pub async fn record(&self, id: &GameId) -> StoreResult<Option<Record>> {
        let key: &str = id;
        let client = self.client().await?;
        // Prepared once per connection: a read is then one round trip.
        let statement = (client
            .prepare_cached("SELECT title, record FROM ludus_games WHERE id = $1")
            .await)
            .map_err(unavailable)?;
        let row = client.query_opt(&statement, &[&key]).await.map_err(unavailable)?;
        Ok(row.map(|row| Record {
            title: row.get(0),
            bytes: row.get(1),
        }))
    }

    /// Archived game `id` from its `record`, its log replayed by the rules engines where it is told by decisions.
    pub fn read(&self, id: &GameId, record: &Record) -> StoreResult<ReadBack> {
        ArchivedGame::decode(id, &record.title, &record.bytes, Some(self.codec.as_ref()))
    }

    /// How far archived game `id` goes, if the archive holds it: whether a copy read before is still its record.
    pub(super) async fn version(&self, id: &GameId) -> StoreResult<Option<ArchivedVersion>> {
        let key: &str = id;
        let client = self.client().await?;
        let statement = (client
            .prepare_cached("SELECT version, chat_last FROM ludus_games WHERE id = $1")
            .await)
            .map_err(unavailable)?;
        let row = client.query_opt(&statement, &[&key]).await.map_err(unavailable)?;
        Ok(row.map(|row| ArchivedVersion {
            log: row.get::<_, i64>(0) as u64,
            chat_last: row.get(1),
        }))
    }

    /// Rewrites every record that `decisions` would write otherwise: in format 2 where this build's rules replay
    /// the log (`true`), in format 1 (`false`). Each row is rewritten only if it still holds the log it was read
    /// with (an archival of a longer log meanwhile wins). Records this build cannot read are counted and left as
    /// they are.
    pub async fn recode(&self, decisions: bool) -> StoreResult<Recoded> {
        const BATCH: i64 = 200;
        let codec = decisions.then_some(self.codec.as_ref());
        let client = self.client().await?;
        let (mut after, mut recoded) = (String::new(), Recoded::default());
        loop {
            let rows = client
                .query(
                    "SELECT id, title, version, record FROM ludus_games WHERE id > $1 ORDER BY id LIMIT $2",
                    &[&after, &BATCH],
                )
                .await
                .map_err(unavailable)?;
            let Some(last) = rows.last() else {
                return Ok(recoded);
            };
            after = last.get(0);
            for row in &rows {
                let (id, record): (&str, &[u8]) = (row.get(0), row.get(3));
                let game = GameId::parse(id)
                    .map_err(|_| corrupt_id(id))
                    .and_then(|id| ArchivedGame::decode(&id, row.get(1), record, Some(self.codec.as_ref())));
                let game = match game {
                    Ok(read) => read.game,
                    Err(error) => {
                        tracing::warn!(game = id, %error, "an archived game this build cannot read is left as it is");
                        recoded.unreadable += 1;
                        continue;
                    }
                };
                let rewritten = game.encode(codec)?;
                if rewritten == record {
                    recoded.unchanged += 1;
                    continue;
                }
                let version: i64 = row.get(2);
                client
                    .execute(
                        "UPDATE ludus_games SET record = $3 WHERE id = $1 AND version = $2",
                        &[&id, &version, &rewritten],
                    )
                    .await
                    .map_err(unavailable)?;
                recoded.rewritten += 1;
            }
        }
    }

    /// The archive's games and the bytes its tables take on disk (rows, indexes and TOAST; the listings included).
    pub async fn size(&self) -> StoreResult<(u64, u64)> {
        let client = self.client().await?;
        let row = client
            .query_one(
                "SELECT count(*), pg_total_relation_size('ludus_games') + pg_total_relation_size('ludus_listings') \
                 FROM ludus_games",
                &[],
            )
            .await
            .map_err(unavailable)?;
        Ok((row.get::<_, i64>(0) as u64, row.get::<_, i64>(1) as u64))
    }
}

/// Applies the migrations not yet recorded. Instances starting together race on the record's key: the loser's
/// transaction fails and it reads the migrations again.
async fn migrate(client: &mut deadpool_postgres::Object) -> StoreResult<()> {
    const ATTEMPTS: usize = 3;
    let mut last = None;
    for _ in 0..ATTEMPTS {
        match try_migrate(client).await {
            Ok(()) => return Ok(()),
            Err(error) => last = Some(error),
        }
    }
    Err(unavailable(last.expect("at least one attempt")))
}

async fn try_migrate(client: &mut deadpool_postgres::Object) -> Result<(), tokio_postgres::Error> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS ludus_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)",
        )
        .await?;
    let applied: Vec<i32> = client
        .query("SELECT version FROM ludus_migrations", &[])
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect();
    for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| !applied.contains(version)) {
        // The record first: a racing instance waits on its key, then fails (its transaction rolled back on drop)
        // and finds it applied.
        let transaction = client.transaction().await?;
        transaction
            .execute("INSERT INTO ludus_migrations (version, applied_at) VALUES ($1, now())", &[version])
            .await?;
        transaction.batch_execute(sql).await?;
        transaction.commit().await?;
        tracing::info!(version, "archive migration applied");
    }
    Ok(())
}

/// How far an archived game goes: its log's length and its chat's last entry (empty without chat). A record is only
/// ever replaced by one that goes further (a longer log, or the same log with more chat), whatever the order in
/// which instances archive it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ArchivedVersion {
    log: u64,
    chat_last: String,
}

impl ArchivedVersion {
    pub(super) fn of(game: &ArchivedGame) -> Self {
        Self {
            log: game.head.version,
            // Zero-padded, so that text compares as the ids do.
            chat_last: (game.chat.last())
                .map_or_else(String::new, |last| format!("{:020}-{:020}", last.id.ms, last.id.seq)),
        }
    }
}

/// What `Postgres::recode` did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Recoded {
    pub rewritten: u64,
    pub unchanged: u64,
    /// Records this build cannot read (told by other rules, or damaged).
    pub unreadable: u64,
}

fn corrupt_id(id: &str) -> StoreError {
    StoreError::Corrupt(format!("archive: a game id that is not one: {id}"))
}

fn unavailable(error: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(format!("archive: {error}"))
}
