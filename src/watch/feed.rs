//! The reader task: it follows the store's append notifications, sweeps every watched game now and then in case one
//! was lost, and reads each game as its one reader at a time, extending the tail its streams receive.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use futures_util::StreamExt;

use super::{RESUBSCRIBE_AFTER, SWEEP_CONCURRENCY, Tail, Watched, Watcher, lock};
use crate::store::{ReadAfter, StoreError};

impl Watcher {
    /// Starts the reader task if it is not running (first stream, or its runtime ended).
    pub(super) fn ensure_running(&self) {
        let mut task = lock(&self.task);
        if task.as_ref().is_some_and(|handle| !handle.is_finished()) {
            return;
        }
        let me = self.me.clone();
        *task = Some(tokio::spawn(async move {
            loop {
                let Some(watcher) = me.upgrade() else { return };
                let appends = watcher.store.appends().await;
                // Whatever happened while not subscribed is read now.
                watcher.sweep().await;
                match appends {
                    Ok(mut appends) => {
                        let every = Duration::from_millis(watcher.sweep_every_ms.load(Ordering::Relaxed));
                        drop(watcher);
                        let mut sweep = tokio::time::interval(every);
                        sweep.tick().await;
                        loop {
                            tokio::select! {
                                next = appends.next() => match next {
                                    Some(id) => match me.upgrade() {
                                        Some(watcher) => watcher.refresh(id),
                                        None => return,
                                    },
                                    None => break,
                                },
                                _ = sweep.tick() => match me.upgrade() {
                                    Some(watcher) => {
                                        watcher.sweep().await;
                                        watcher.renew_places().await;
                                    }
                                    None => return,
                                },
                            }
                        }
                        tracing::warn!("the store's append notifications stopped; subscribing again");
                    }
                    Err(error) => {
                        tracing::warn!(%error, "cannot subscribe to the store's append notifications");
                        drop(watcher);
                    }
                }
                tokio::time::sleep(RESUBSCRIBE_AFTER).await;
            }
        }));
    }

    /// Reads every watched game again, except those being read now (they are read once more after).
    async fn sweep(&self) {
        let games: Vec<(String, Arc<Watched>)> = lock(&self.games)
            .iter()
            .map(|(id, watched)| (id.clone(), watched.clone()))
            .collect();
        futures_util::stream::iter(games)
            .for_each_concurrent(SWEEP_CONCURRENCY, |(id, watched)| async move {
                if watched.want_read() {
                    self.read_while_wanted(&id, &watched).await;
                }
            })
            .await;
    }

    /// Reads game `id` in the background if it is watched; notifications that arrive meanwhile cause one more read.
    pub(super) fn refresh(&self, id: String) {
        let Some(watched) = lock(&self.games).get(&id).cloned() else {
            return;
        };
        if !watched.want_read() {
            return;
        }
        let me = self.me.clone();
        tokio::spawn(async move {
            if let Some(watcher) = me.upgrade() {
                watcher.read_while_wanted(&id, &watched).await;
            } else {
                watched.reading.store(false, Ordering::SeqCst);
            }
        });
    }

    /// Reads the game while reads are wanted, as the one reader of it (`want_read` made us so), then lets go.
    async fn read_while_wanted(&self, id: &str, watched: &Watched) {
        while watched.again.swap(false, Ordering::SeqCst) {
            self.read(id, watched).await;
        }
        watched.reading.store(false, Ordering::SeqCst);
        // A notification that came between the last read and the flag's reset is not lost.
        if watched.again.load(Ordering::SeqCst) {
            self.refresh(id.to_owned());
        }
    }

    /// Brings one watched game's tail up to date with the store. Only the game's one reader calls it; the tail is
    /// replaced only if it still ends where the read started (a new stream may have reset a lost game meanwhile).
    async fn read(&self, id: &str, watched: &Watched) {
        let Some(head) = watched.tail.borrow().head() else {
            return;
        };
        let events = match self.store.read_after(id, head).await {
            Ok(ReadAfter::Extends { events, .. }) if events.is_empty() => return,
            Ok(ReadAfter::Extends { events, .. }) => Some(events),
            Ok(ReadAfter::Diverged) | Err(StoreError::NotFound) => None,
            // Unreachable store: the streams wait; the next sweep tries again.
            Err(_) => return,
        };
        let replaced = watched.tail.send_if_modified(|tail| {
            if tail.head() != Some(head) {
                return false;
            }
            *tail = match (&*tail, events) {
                (Tail::Log { recent, .. }, Some(events)) => Tail::extended(recent, head, events),
                _ => Tail::Lost,
            };
            true
        });
        if !replaced {
            watched.again.store(true, Ordering::SeqCst);
        }
    }
}

impl Watched {
    /// Asks for a read of the game; true when the caller is to make it (no read was under way).
    fn want_read(&self) -> bool {
        self.again.store(true, Ordering::SeqCst);
        !self.reading.swap(true, Ordering::SeqCst)
    }
}
