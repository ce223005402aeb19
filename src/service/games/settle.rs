//! Deadlines and expiries that every instance sweeps: a seat that let its clock run out, a game whose open seats
//! were never taken, a bot whose instance died before it moved. Each is applied exactly once, whoever sweeps.

use std::time::{Duration, Instant};

use super::Games;
use crate::engine::GameSession;
use crate::service::{CONFLICT_RETRIES, GameId, ServiceError};
use crate::store::{Appended, StoreError};
use crate::telemetry;

/// How long a sweeping instance holds a due game before another may take it over (when the first died).
pub const SWEEP_LEASE: Duration = Duration::from_secs(5);
/// Due games one sweep claims at most.
const SWEEP_BATCH: usize = 64;

impl Games {
    /// One sweep for this instance: claims the games that are due (a deadline or an expiry passed), applies what is
    /// overdue in each, and notes when each is next due. Every instance sweeps; the claim keeps them from doing the
    /// same work twice, and the conditional append makes each timeout happen exactly once even if they do. A game
    /// claimed by an instance that died comes due again when the claim's lease ends. Returns the games looked at.
    pub async fn sweep(&self, now: u64) -> Result<usize, ServiceError> {
        let lease = SWEEP_LEASE.as_millis() as u64;
        let earliest = self.store.earliest_due().await?;
        let lag_ms = earliest.map_or(0, |due| now.saturating_sub(due));
        metrics::gauge!(telemetry::SWEEP_LAG).set(lag_ms as f64 / 1000.0);
        let claimed = self.store.claim_due(now, lease, SWEEP_BATCH).await?;
        for id in &claimed {
            let next = match self.settle_due(&GameId::known(id), now).await {
                Ok(next) => next,
                Err(ServiceError::GameNotFound) => None,
                Err(error) => {
                    // The lease brings it back: another sweep (here or elsewhere) tries again.
                    tracing::warn!(game = %id, %error, "due game not settled");
                    continue;
                }
            };
            self.store.settle(id, now + lease, next).await?;
        }
        Ok(claimed.len())
    }

    /// Does what game `id` is due for at `now`: ends it if it is overdue (its seat to act let the deadline pass, or a
    /// seat was still open at its expiry), else plays its bots' moves while a bot is to act, for at most half a
    /// sweep's lease (so that the claim still holds); returns when it is next due. Each move is a conditional append:
    /// instances racing to play the same bot's turn log it once, and a loser leaves the rest of the turn to the
    /// winner.
    pub async fn settle_due(&self, id: &GameId, now: u64) -> Result<Option<u64>, ServiceError> {
        let started = Instant::now();
        let mut races = 0;
        // Notifications an instance that died after its append left behind, and the game lists they went with.
        if self.followers.deliver_left_behind(id).await > 0
            && let Ok(game) = self.load(id).await
        {
            self.followers.index_account_games(&game).await;
        }
        loop {
            let game = self.load(id).await?;
            let overdue = game.session.overdue(now);
            let played = match (overdue.is_empty(), game.session.bot_to_act()) {
                (false, _) => game.session.record(&overdue),
                // The claim's lease would soon run out: the next sweep goes on at once.
                (true, Some(_)) if started.elapsed() > SWEEP_LEASE / 2 => return Ok(Some(now)),
                (true, Some((seat, bot))) => self.think(&game, seat, bot, now).await?,
                (true, None) => {
                    // A rated game noted due by its last append: its ratings, unless applied already.
                    self.followers.rate(&game).await?;
                    return Ok(due_ms(&*game.session, now));
                }
            };
            let after = game.followed_by(played.next, &played.events);
            match self.commit(&game, &after, &played.events, None, None, now).await {
                Ok(Appended::Ok { .. }) => {
                    match overdue.first() {
                        Some(event) => tracing::info!(game = %id, event = %event.encode(), "overdue seats applied"),
                        None => self.meters.moved(game.title_id),
                    }
                    races = 0;
                }
                Ok(Appended::Duplicate { .. } | Appended::Behind { .. } | Appended::Rewritten { .. })
                | Err(StoreError::Conflict { .. }) => {
                    if overdue.is_empty() {
                        // Another instance is playing this bot's turn: it plays the rest (and its note in the
                        // store covers its crash). Racing it move after move would only waste both.
                        let current = self.load(id).await?;
                        return Ok(due_ms(&*current.session, now));
                    }
                    races += 1;
                    if races > CONFLICT_RETRIES {
                        return Err(ServiceError::Contention);
                    }
                }
                Err(other) => return Err(other.into()),
            }
        }
    }
}

/// When a sweep must next look at a game: its deadline or expiry, or a little after `now` while a bot is to act.
/// The instance that made it the bot's turn plays the bot at once; the note covers that instance's crash.
pub(in crate::service) fn due_ms(session: &dyn GameSession, now: u64) -> Option<u64> {
    let bot = session
        .bot_to_act()
        .map(|_| now.saturating_add(SWEEP_LEASE.as_millis() as u64));
    match (session.next_due_ms(), bot) {
        (Some(due), Some(bot)) => Some(due.min(bot)),
        (due, bot) => due.or(bot),
    }
}
