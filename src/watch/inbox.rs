//! Live account streams: one subscription per instance to the store's announcements of inbox growth, whatever the
//! number of open account streams; each stream of an announced account then reads its inbox after what it sent.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use tokio::sync::watch;

use std::time::Duration;

use super::{RESUBSCRIBE_AFTER, StreamClient, StreamRefused, Watcher, lock};

/// How often every account stream reads its inbox anyway, in case an announcement was lost: rarely, since each read
/// is one store call per open stream (announcements are lost only when the subscription breaks, and subscribing
/// again makes every stream read at once).
const INBOX_SWEEP_EVERY: Duration = Duration::from_secs(30);

/// The inboxes watched on this instance: each one's counter of announcements.
#[derive(Default)]
pub(super) struct Inboxes {
    watched: Mutex<HashMap<String, watch::Sender<u64>>>,
    task: Mutex<Option<tokio::task::JoinHandle<()>>>,
}

impl Inboxes {
    /// Tells the streams of `account` (every account: `None`) to read their inbox.
    fn announce(&self, account: Option<&str>) {
        let watched = lock(&self.watched);
        let bump = |sender: &watch::Sender<u64>| sender.send_modify(|count| *count = count.wrapping_add(1));
        match account {
            Some(account) => watched.get(account).into_iter().for_each(bump),
            None => watched.values().for_each(bump),
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
            .or_insert_with(|| watch::channel(0).0)
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
                watcher.inboxes.announce(None);
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
                            watcher.inboxes.announce(account.as_deref());
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
                .is_some_and(|sender| sender.receiver_count() == 0)
            {
                watched.remove(&self.account);
            }
        }
        self.watcher.release_admission(self.admission.take());
    }
}
