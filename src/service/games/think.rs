//! A bot's move in a game: searches wait for one of the instance's slots and think on a blocking thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Games;
use crate::engine::bot::Bot;
use crate::engine::{BotMove, Played, Seat};
use crate::service::{LoadedGame, ServiceError};
use crate::telemetry;

/// One less than the cores, and at least one: searches then leave a core to serve moves.
pub(super) fn default_search_slots() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
}

/// The search slots of an instance: a semaphore, and how many wait for it.
pub(super) struct SearchSlots {
    slots: Arc<tokio::sync::Semaphore>,
    size: usize,
    waiting: AtomicUsize,
}

impl SearchSlots {
    pub(super) fn new(size: usize) -> Self {
        Self {
            slots: Arc::new(tokio::sync::Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
        }
    }

    /// A slot, once one is free; first come, first served.
    async fn take(&self) -> tokio::sync::OwnedSemaphorePermit {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .expect("the slots are never closed");
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        metrics::gauge!(telemetry::SEARCHES_WAITING).set(self.waiting.load(Ordering::Relaxed) as f64);
        slot
    }

    /// Searches thinking now, and waiting for a slot.
    pub(super) fn load(&self) -> (usize, usize) {
        (self.size - self.slots.available_permits(), self.waiting.load(Ordering::Relaxed))
    }
}

impl Games {
    /// `bot`'s move for `seat`. A search thinks for up to its budget, off the async workers, once it has one of the
    /// instance's search slots: bots beyond them wait their turn rather than take the cores from people's moves.
    pub(super) async fn think(
        &self,
        game: &LoadedGame,
        seat: Seat,
        bot: Bot,
        now: u64,
    ) -> Result<Played, ServiceError> {
        let (session, seed) = (game.session.clone(), game.seed()?);
        let _slot = match bot {
            Bot::Search { .. } => Some(self.searches.take().await),
            Bot::Random {} => None,
        };
        let started = Instant::now();
        let deadline = started + Duration::from_millis(bot.budget_ms().into());
        let played = tokio::task::spawn_blocking(move || {
            let bot_move = BotMove {
                seat,
                bot,
                seed,
                now_ms: now,
            };
            session.play_bot(bot_move, &mut || Instant::now() >= deadline)
        })
        .await
        .map_err(|error| ServiceError::BotFailed(error.to_string()))?;
        metrics::histogram!(telemetry::BOT_THINKING, "bot" => bot.kind()).record(started.elapsed().as_secs_f64());
        played.map_err(ServiceError::from)
    }
}
