//! The built-in bots' moves: the instance that makes a bot the one to act plays it at once, in its background work;
//! the game's note in the store brings it to a sweep if that instance dies first.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{GameService, LoadedGame, ServiceError, now_ms};
use crate::engine::bot::Bot;
use crate::engine::{Played, Seat};
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
        (
            self.size - self.slots.available_permits(),
            self.waiting.load(Ordering::Relaxed),
        )
    }
}

impl GameService {
    /// Hands the game to this instance's background work when a bot is to act in it.
    pub(super) fn wake_bot(&self, game: &LoadedGame) {
        if game.session.bot_to_act().is_some() {
            self.wake_bot_of(game.meta.id.clone());
        }
    }

    fn wake_bot_of(&self, id: String) {
        self.bots_due
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(id);
        self.bots_wake.notify_one();
    }

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
            session.play_bot(seat, bot, seed, now, &mut || Instant::now() >= deadline)
        })
        .await
        .map_err(|error| ServiceError::BotFailed(error.to_string()))?;
        metrics::histogram!(telemetry::BOT_THINKING, "bot" => bot.kind()).record(started.elapsed().as_secs_f64());
        played.map_err(ServiceError::from)
    }

    /// This instance's background work, until the process ends: a sweep every `sweep_every` (`None`: never, leaving
    /// it to other instances), and at once the bots' moves of the games it made a bot's turn (each game in a task of
    /// its own, so that a slow bot holds up no other).
    pub async fn run_background(self: Arc<Self>, sweep_every: Option<Duration>) {
        let mut ticks = sweep_every.map(|every| {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks
        });
        loop {
            let tick = async {
                match ticks.as_mut() {
                    Some(ticks) => ticks.tick().await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = tick => {
                    if let Err(error) = self.sweep(now_ms()).await {
                        tracing::warn!(%error, "sweep failed; trying again at the next tick");
                    }
                    if let Err(error) = self.fill_due_tables(now_ms()).await {
                        tracing::warn!(%error, "quick-play tables due not opened; trying again at the next tick");
                    }
                    if let Err(error) = self.expire_seeks(now_ms()).await {
                        tracing::warn!(%error, "quick-play seeks due to end not ended; trying again at the next tick");
                    }
                }
                () = self.bots_wake.notified() => self.play_woken_bots(),
                () = self.webhooks_wake.notified() => {}
            }
            // Deliveries due now (woken) or come due (a tick): claims keep instances from delivering twice.
            if let Err(error) = self.deliver_webhooks().await {
                tracing::warn!(%error, "webhook deliveries not claimed; trying again at the next tick");
            }
        }
    }

    /// Plays the bots this instance woke, each game in a task of its own, one task a game at a time: the task's own
    /// moves wake the game again (each commit does), and a second task would search the same position beside it.
    /// A game woken while its task runs is settled once more when it ends.
    fn play_woken_bots(self: &Arc<Self>) {
        let due = std::mem::take(&mut *self.bots_due.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        for id in due {
            {
                let mut playing = self
                    .bots_playing
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                if let Some(woken_again) = playing.get_mut(&id) {
                    *woken_again = true;
                    continue;
                }
                playing.insert(id.clone(), false);
            }
            let service = self.clone();
            tokio::spawn(async move {
                loop {
                    let now = now_ms();
                    match service.settle_due(&id, now).await {
                        // Out of time with a bot still to act: go on at once.
                        Ok(Some(due)) if due <= now => continue,
                        Ok(_) => {}
                        // The game's note in the store brings it back to a sweep.
                        Err(error) => tracing::warn!(game = %id, %error, "bot move not played"),
                    }
                    let mut playing = service
                        .bots_playing
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    match playing.get_mut(&id) {
                        Some(woken_again) if *woken_again => *woken_again = false,
                        _ => {
                            playing.remove(&id);
                            return;
                        }
                    }
                }
            });
        }
    }
}
