//! Live account streams: one subscription per instance to the store's announcements of inbox growth, whatever the
//! number of open account streams; each stream of an announced account then reads its inbox after what it sent.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use tokio::sync::watch;

use std::time::Duration;

use crate::store::StoreResult;

use super::{RESUBSCRIBE_AFTER, StreamClient, StreamRefused, Watcher, lock};

/// How often every account stream reads its inbox anyway, in case an announcement was lost: rarely, since each read
/// is one store call per open stream (announcements are lost only when the subscription breaks, and subscribing
/// again makes every stream read at once).
const INBOX_SWEEP_EVERY: Duration = Duration::from_secs(30);

/// The inboxes watched on this instance.
#[derive(Default)]
pub(super) struct Inboxes {
    watched: Mutex<HashMap<String, WatchedInbox>>,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
}

struct WatchedInbox {
    /// A counter of announcements: the account's streams read their inbox at each change.
    pushed: watch::Sender<u64>,
    /// Pushes of this instance that it announced to the streams itself (`Watcher::push_announced`) and whose
    /// announcement by the store is still to come: that one is skipped, as the streams read the inbox already.
    echoes: u32,
}

impl Inboxes {
    /// Tells the streams of `account` (every account: `None`) to read their inbox.
    fn announce(&self, account: Option<&str>) {
        let watched = lock(&self.watched);
        let bump = |inbox: &WatchedInbox| inbox.pushed.send_modify(|count| *count = count.wrapping_add(1));
        match account {
            Some(account) => watched.get(account).into_iter().for_each(bump),
            None => watched.values().for_each(bump),
        }
    }

    /// The store announced a push to `account`'s inbox: its streams read it, unless this instance told them already.
    fn announced_by_store(&self, account: &str) {
        if let Some(inbox) = lock(&self.watched).get_mut(account)
            && inbox.echoes > 0
        {
            inbox.echoes -= 1;
            return;
        }
        self.announce(Some(account));
    }

    /// Every stream reads its inbox, and no announcement of the store is awaited any more (one could have been lost:
    /// skipping a later one in its place would delay that one's stream until the next sweep).
    fn announce_all(&self) {
        lock(&self.watched).values_mut().for_each(|inbox| inbox.echoes = 0);
        self.announce(None);
    }

    /// Whether `account` has streams here: its store announcement of the push about to be made is then awaited.
    fn await_echo(&self, account: &str) -> bool {
        lock(&self.watched)
            .get_mut(account)
            .map(|inbox| inbox.echoes += 1)
            .is_some()
    }

    fn awaits_no_echo(&self, account: &str) {
        if let Some(inbox) = lock(&self.watched).get_mut(account) {
            inbox.echoes = inbox.echoes.saturating_sub(1);
        }
    }
}

/// An open account stream's place: it learns when its inbox may have grown, and frees its place when dropped.
pub struct InboxSubscription {
    /// Changes whenever the account's inbox may hold something new.
    pub pushed: watch::Receiver<u64>,
    /// Turns true when the instance drains: the stream must tell its client to reconnect, and end.
    pub draining: watch::Receiver<bool>,
    account: String,
    admission: Option<super::Admission>,
    watcher: Arc<Watcher>,
}

impl Watcher {
    /// Opens a stream of `account`'s inbox for `client`, under the same caps as game streams.
    pub async fn subscribe_inbox(
        &self,
        account: &str,
        client: StreamClient,
    ) -> Result<InboxSubscription, StreamRefused> {
        let admission = self.admit(client).await?;
        self.ensure_inboxes_watched();
        let pushed = lock(&self.inboxes.watched)
            .entry(account.to_owned())
            .or_insert_with(|| WatchedInbox {
                pushed: watch::channel(0).0,
                echoes: 0,
            })
            .pushed
            .subscribe();
        Ok(InboxSubscription {
            pushed,
            draining: self.draining.subscribe(),
            account: account.to_owned(),
            admission: Some(admission),
            watcher: self
                .me
                .upgrade()
                .expect("the watcher outlives its subscriptions' creation"),
        })
    }

    /// Makes `push`, a push to `account`'s inbox by this instance, and tells the account's streams here at once, rather
    /// than when the store's announcement of it comes back (which is then skipped): one hop fewer between a move and
    /// the stream of the account it makes the one to act.
    pub async fn push_announced<T>(
        &self,
        account: &str,
        push: impl Future<Output = StoreResult<Option<T>>>,
    ) -> StoreResult<Option<T>> {
        // Awaited before the push, so that an announcement coming back sooner is skipped all the same.
        let awaited = self.inboxes.await_echo(account);
        let pushed = push.await;
        if awaited {
            if !matches!(pushed, Ok(Some(_))) {
                // Nothing pushed, or not known: no announcement comes back (and reading costs little).
                self.inboxes.awaits_no_echo(account);
            }
            if !matches!(pushed, Ok(None)) {
                self.inboxes.announce(Some(account));
            }
        }
        pushed
    }

    /// Starts the task that follows the store's inbox announcements, if it is not running. Every INBOX_SWEEP_EVERY, and
    /// after subscribing again, every stream reads its inbox, in case an announcement was lost.
    fn ensure_inboxes_watched(&self) {
        let mut task = lock(&self.inboxes.task);
        if task.as_ref().is_some_and(|handle| !handle.is_finished()) {
            return;
        }
        let me = self.me.clone();
        *task = Some(tokio::spawn(async move {
            loop {
                let Some(watcher) = me.upgrade() else { return };
                let pushes = watcher.store.accounts().inbox_pushes().await;
                watcher.inboxes.announce_all();
                drop(watcher);
                match pushes {
                    Ok(mut pushes) => {
                        let mut sweep = tokio::time::interval(INBOX_SWEEP_EVERY);
                        sweep.tick().await;
                        // `Some(None)` on a sweep: every stream looks; `None` once the announcements stop.
                        while let Some(account) = tokio::select! {
                            next = pushes.next() => next.map(Some),
                            _ = sweep.tick() => Some(None),
                        } {
                            let Some(watcher) = me.upgrade() else { return };
                            match account {
                                Some(account) => watcher.inboxes.announced_by_store(&account),
                                None => watcher.inboxes.announce_all(),
                            }
                        }
                        tracing::warn!("the store's inbox announcements stopped; subscribing again");
                    }
                    Err(error) => tracing::warn!(%error, "cannot subscribe to the store's inbox announcements"),
                }
                tokio::time::sleep(RESUBSCRIBE_AFTER).await;
            }
        }));
    }
}

impl Drop for InboxSubscription {
    fn drop(&mut self) {
        let (replacement, _) = watch::channel(0);
        drop(std::mem::replace(&mut self.pushed, replacement.subscribe()));
        {
            let mut watched = lock(&self.watcher.inboxes.watched);
            if watched
                .get(&self.account)
                .is_some_and(|inbox| inbox.pushed.receiver_count() == 0)
            {
                watched.remove(&self.account);
            }
        }
        self.watcher.release_admission(self.admission.take());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{EventStore, InboxId, MemoryStore};
    use crate::watch::StreamLimits;

    const CLIENT: StreamClient = StreamClient {
        address: None,
        own_connection: false,
    };

    /// Waits for the next announcement to `subscription`'s streams: the counter after it.
    async fn next(subscription: &mut InboxSubscription) -> u64 {
        tokio::time::timeout(Duration::from_secs(5), subscription.pushed.changed())
            .await
            .expect("announced in time")
            .expect("the watcher lives");
        *subscription.pushed.borrow_and_update()
    }

    #[tokio::test]
    async fn a_push_of_this_instance_tells_its_streams_at_once_and_the_store_s_announcement_of_it_is_skipped() {
        let store = Arc::new(MemoryStore::default());
        let watcher = Watcher::new(store.clone(), StreamLimits::default());
        let mut ours = watcher.subscribe_inbox("a", CLIENT).await.unwrap();
        let mut marker = watcher.subscribe_inbox("b", CLIENT).await.unwrap();
        // Once the watcher follows the store's announcements, every stream reads.
        let start = next(&mut ours).await;
        next(&mut marker).await;
        let push = async { store.accounts().push_inbox("a", "{}").await.map(Some) };
        assert!(watcher.push_announced("a", push).await.unwrap().is_some());
        assert!(ours.pushed.has_changed().unwrap(), "told before the store's announcement comes back");
        assert_eq!(*ours.pushed.borrow_and_update(), start + 1);
        // Announcements come in order: once the marker's is in, the one of the push to "a" was handled.
        store.accounts().push_inbox("b", "{}").await.unwrap();
        next(&mut marker).await;
        assert!(!ours.pushed.has_changed().unwrap(), "the store's announcement of our own push is skipped");
        // Another instance's push (one this watcher did not make) is announced by the store alone.
        store.accounts().push_inbox("a", "{}").await.unwrap();
        assert_eq!(next(&mut ours).await, start + 2);
    }

    #[tokio::test]
    async fn a_push_that_adds_nothing_awaits_no_announcement() {
        let store = Arc::new(MemoryStore::default());
        let watcher = Watcher::new(store.clone(), StreamLimits::default());
        let mut ours = watcher.subscribe_inbox("a", CLIENT).await.unwrap();
        let start = next(&mut ours).await;
        let told_already = async { Ok(None::<InboxId>) };
        assert_eq!(watcher.push_announced("a", told_already).await.unwrap(), None);
        assert!(!ours.pushed.has_changed().unwrap(), "nothing new to read");
        // So the next announcement of the store, another instance's push, is not taken for its echo.
        store.accounts().push_inbox("a", "{}").await.unwrap();
        assert_eq!(next(&mut ours).await, start + 1);
    }
}
