//! Games: loading one (`load`), playing a move (`play`), appending a decided step (`commit`), settling what came due
//! (`settle`), a bot's thinking (`think`). `loaded` is the rebuilt game every part passes around.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;

use super::followers::Followers;
use super::{Notifier, ServiceError, TestPauses};
use crate::engine::{Registry, SetupError, Title};
use crate::store::{Creation, EventStore, GameMeta, Head};

mod archive;
mod commit;
mod decisions;
mod load;
mod loaded;
mod meters;
mod play;
mod settle;
mod think;

pub(in crate::service) use archive::listing_page;
pub use decisions::RulesCodec;
pub(super) use load::replay;
pub use loaded::LoadedGame;
pub use play::{Move, MoveRequest, PlayOutcome};
pub(super) use settle::{SWEEP_LEASE, due_ms};

/// How often (in events) a game's state is stored with an append: a cold rebuild replays fewer events than this.
pub const SNAPSHOT_EVERY: u64 = 64;
/// Rebuilt games kept in memory.
const CACHE_CAPACITY: usize = 4096;

/// The games of the store, rebuilt by their titles' engines and cached, and every change to them.
pub struct Games {
    registry: Registry,
    store: Arc<dyn EventStore>,
    cache: Mutex<LruCache<String, LoadedGame>>,
    /// What follows an append: listings, notifications, ratings, bots.
    followers: Followers,
    /// Tests' hooks: waits at steps between which a test kills the instance.
    pauses: TestPauses,
    /// Search bots thinking at once on this instance; the others wait for a slot (`LUDUS_MAX_SEARCHES`).
    searches: think::SearchSlots,
    meters: meters::Meters,
}

impl Games {
    pub(super) fn new(
        registry: Registry,
        store: Arc<dyn EventStore>,
        followers: Followers,
        pauses: TestPauses,
        search_slots: usize,
    ) -> Self {
        Self {
            meters: meters::Meters::new(&registry),
            registry,
            store,
            cache: Mutex::new(LruCache::new(NonZeroUsize::new(CACHE_CAPACITY).expect("non-zero"))),
            followers,
            pauses,
            searches: think::SearchSlots::new(match search_slots {
                0 => think::default_search_slots(),
                slots => slots,
            }),
        }
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Search bots thinking now on this instance, and those waiting for a slot.
    pub fn searches(&self) -> (usize, usize) {
        self.searches.load()
    }

    /// The title of this id, if it is played by this many players.
    pub(in crate::service) fn title_for(&self, id: &str, players: usize) -> Result<Arc<dyn Title>, ServiceError> {
        let title = self
            .registry
            .get(id)
            .ok_or_else(|| ServiceError::UnknownTitle(id.to_owned()))?;
        let info = title.info();
        if !(info.min_players..=info.max_players).contains(&players) {
            return Err(SetupError::PlayerCount {
                min: info.min_players,
                max: info.max_players,
                requested: players,
            }
            .into());
        }
        Ok(title.clone())
    }

    /// Stores a new game, noting first when it is due (so that a crash right after cannot lose its deadline), and
    /// lists it in the lobby when a seat is open.
    pub(in crate::service) async fn store_new_game(
        &self,
        meta: GameMeta,
        title: Arc<dyn Title>,
        seats: Arc<[&'static str]>,
        events: &[String],
    ) -> Result<LoadedGame, ServiceError> {
        let session = replay(&title, &meta, events)?;
        let game = LoadedGame {
            head: Head::of_log(&meta.id, events),
            meta: Arc::new(meta),
            title_id: title.info().id,
            title,
            seats,
            session: session.into(),
        };
        let outbox = Notifier::outbox_of(None, &game, events);
        let created_at = game.meta.created_at_ms;
        let due = due_ms(&*game.session, created_at)
            .into_iter()
            .chain((!outbox.is_empty()).then(|| created_at + SWEEP_LEASE.as_millis() as u64))
            .min();
        if let Some(due) = due {
            self.store.schedule(&game.meta.id, due).await?;
        }
        self.store
            .create_with(Creation {
                meta: &game.meta,
                events,
                outbox: &outbox,
            })
            .await?;
        self.followers.after_create(&game, !outbox.is_empty()).await;
        self.remember(&game);
        Ok(game)
    }
}
