//! Writing a decided step: every change of a game (a move, a join, a timeout, a bot's move, a rematch) is appended
//! the same way, onto the exact head it was decided at.

use super::{Games, LoadedGame, SNAPSHOT_EVERY, SWEEP_LEASE, due_ms};
use crate::service::{Notifier, TestPauses};
use crate::store::{Append, Appended, HeadTag, Idempotency, SnapshotData, StoreError};
use crate::telemetry;

impl Games {
    /// Appends `events`, which take `before` to `after`, onto `before`'s head, and only if the log still holds
    /// `known` (a position the client presented). When `after` is due (a deadline, a bot to act) the store notes it
    /// first: a crash in between leaves an early note, never a lost deadline. Every SNAPSHOT_EVERY events the state
    /// goes with the append. Once appended, the lobby and this instance's bots follow, and `after` is cached.
    pub(in crate::service) async fn commit(
        &self,
        before: &LoadedGame,
        after: &LoadedGame,
        events: &[String],
        idempotency: Option<Idempotency<'_>>,
        known: Option<HeadTag>,
        now: u64,
    ) -> Result<Appended, StoreError> {
        if let Some(due) = due_ms(&*after.session, now) {
            self.store.schedule(&before.meta.id, due).await?;
        }
        let rates = after.session.table().rated && after.session.is_finished() && !before.session.is_finished();
        let outbox = Notifier::outbox_of(Some(before), after, events);
        if rates || !outbox.is_empty() {
            // Should this instance die before the ratings are applied or the notifications delivered, a sweep does it.
            self.store
                .schedule(&before.meta.id, now + SWEEP_LEASE.as_millis() as u64)
                .await?;
        }
        let snapshot = snapshot_of(before, after);
        let append = Append {
            idempotency,
            finishes: after.session.is_finished(),
            snapshot: snapshot.as_ref().map(|(format, data)| SnapshotData { format, data }),
            known,
            outbox: &outbox,
            ..Append::new(before.head, events)
        };
        let appended = self.store.append(&before.meta.id, append).await?;
        if let Appended::Ok { .. } = appended {
            if snapshot.is_some() {
                metrics::counter!(telemetry::SNAPSHOTS_WRITTEN).increment(1);
            }
            self.followers.after_append(before, after, !outbox.is_empty()).await;
            self.remember(after);
            if rates {
                TestPauses::wait(self.pauses.before_rating).await;
                if let Err(error) = self.followers.rate(after).await {
                    tracing::warn!(game = %after.meta.id, %error, "ratings not applied; a sweep applies them");
                }
            }
        }
        Ok(appended)
    }
}

/// The state to store with the append that leads from `before` to `after`, with its format: every SNAPSHOT_EVERY
/// events, so that a rebuild never replays more than that many events.
fn snapshot_of(before: &LoadedGame, after: &LoadedGame) -> Option<(String, String)> {
    (after.head.version / SNAPSHOT_EVERY > before.head.version / SNAPSHOT_EVERY)
        .then(|| (before.title.snapshot_format(), after.session.snapshot()))
}
