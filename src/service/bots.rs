//! The built-in bots' moves: the instance that makes a bot the one to act plays it at once, in its background work;
//! the game's note in the store brings it to a sweep if that instance dies first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{GameId, Games, LoadedGame, now_ms};

/// The games whose bot this instance made the one to act, for its background work to play at once.
#[derive(Default)]
pub struct BotQueue {
    due: Mutex<Vec<GameId>>,
    wake: tokio::sync::Notify,
    /// The games whose bots a task of this instance plays now, each marked when woken again meanwhile.
    playing: Mutex<HashMap<GameId, bool>>,
}

impl BotQueue {
    /// Hands the game to this instance's background work when a bot is to act in it.
    pub(super) fn wake_bot(&self, game: &LoadedGame) {
        if game.session.bot_to_act().is_some() {
            self.due
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push(game.meta.id.clone());
            self.wake.notify_one();
        }
    }

    /// Once a game was handed over.
    pub(super) async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Plays the bots this instance woke, each game in a task of its own, one task a game at a time: the task's own
    /// moves wake the game again (each commit does), and a second task would search the same position beside it.
    /// A game woken while its task runs is settled once more when it ends.
    pub(super) fn play_woken(self: &Arc<Self>, games: &Arc<Games>) {
        let due = std::mem::take(&mut *self.due.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        for id in due {
            {
                let mut playing = self.playing.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if let Some(woken_again) = playing.get_mut(&id) {
                    *woken_again = true;
                    continue;
                }
                playing.insert(id.clone(), false);
            }
            let (queue, games) = (self.clone(), games.clone());
            tokio::spawn(async move {
                loop {
                    let now = now_ms();
                    match games.settle_due(&id, now).await {
                        // Out of time with a bot still to act: go on at once.
                        Ok(Some(due)) if due <= now => continue,
                        Ok(_) => {}
                        // The game's note in the store brings it back to a sweep.
                        Err(error) => tracing::warn!(game = %id, %error, "bot move not played"),
                    }
                    let mut playing = queue.playing.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
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
