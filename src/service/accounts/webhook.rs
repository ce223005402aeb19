//! Webhooks: an account's notifications POSTed, signed, to its URL, at least once and in order. Each account with
//! something to deliver is noted due in the store; every instance claims due accounts (so that one delivers each)
//! and delivers their inbox after the last entry the webhook took, retrying with growing waits, and disables the
//! webhook after DISABLE_AFTER failures in a row (then the account's stream says so).

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use super::{Notification, Notifier};
use crate::clock::now_ms;
use crate::config::values::{duration, switch};
use crate::service::ServiceError;
use crate::store::{InboxId, InboxPage, Lease, StoredWebhook};
use crate::telemetry;
use crate::webhook::{DISABLE_AFTER, FIRST_RETRY, Target, new_secret, next_delay};

/// How long a claim on an account's deliveries lasts: longer than a batch takes at the attempt timeout.
const CLAIM_LEASE: Duration = Duration::from_secs(60);
/// When to look again at an account another claimer is delivering to.
const BUSY_RETRY: Duration = Duration::from_millis(200);
/// Entries delivered per claim: then the account goes back to the queue, behind the others.
const BATCH: usize = 8;
/// Accounts claimed at once by one instance.
const CLAIMS: usize = 32;
/// Recent attempts kept per account.
pub const DELIVERIES_KEPT: usize = 50;

/// How webhooks are delivered; settings, declared for clap (see `crate::config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::Args)]
pub struct WebhookSettings {
    /// Lets webhooks reach private, loopback, link-local and metadata addresses, and plain `http://` URLs (for
    /// tests and private networks; on or off)
    #[arg(long = "webhook-allow-private", env = "LUDUS_WEBHOOK_ALLOW_PRIVATE", default_value = "off",
          value_parser = switch, action = clap::ArgAction::Set, value_name = "on|off")]
    pub allow_private: bool,
    /// The wait before the second attempt of a webhook delivery that failed; each later one doubles it, up to 3600
    /// times this (the default spreads the 20 attempts over about a day)
    #[arg(long = "webhook-first-retry", env = "LUDUS_WEBHOOK_FIRST_RETRY", default_value = "3s",
          value_parser = duration, value_name = "DURATION")]
    pub first_retry: Duration,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        Self {
            allow_private: false,
            first_retry: FIRST_RETRY,
        }
    }
}

/// What follows a batch of deliveries.
enum Next {
    CaughtUp,
    /// The batch was full: more is waiting.
    More,
    /// A delivery failed: try again then.
    RetryAt(u64),
}

/// A webhook as its account sees it (the secret is shown once, when set).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WebhookState {
    pub url: String,
    /// Failed attempts in a row since the last delivery.
    pub failures: u32,
    /// True once DISABLE_AFTER attempts failed in a row: set the webhook again to resume.
    pub disabled: bool,
}

/// One attempt, as the account's list of recent deliveries shows it.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct Delivery {
    /// The notification's id (also sent as `Ludus-Event-Id`).
    pub event: String,
    pub at_ms: u64,
    /// The receiver's status, when it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub duration_ms: u64,
    pub delivered: bool,
}

impl Notifier {
    /// Sets the account's webhook; answers the new signing secret, shown once. Deliveries start with the next
    /// notification.
    pub async fn set_webhook(&self, account: &str, url: &str) -> Result<(WebhookState, String), ServiceError> {
        let target = Target::parse(url, self.webhooks.allow_private)
            .map_err(|error| ServiceError::InvalidWebhook(error.to_string()))?;
        let secret = new_secret();
        let accounts = self.store.accounts();
        let cursor = accounts.newest_inbox_entry(account).await?;
        let webhook = StoredWebhook {
            url: target.as_str().to_owned(),
            secret: secret.clone(),
            cursor,
            failures: 0,
            disabled: false,
        };
        accounts.set_webhook(account, Some(&webhook)).await?;
        Ok((state_of(&webhook), secret))
    }

    pub async fn webhook(&self, account: &str) -> Result<WebhookState, ServiceError> {
        let stored = self.store.accounts().webhook(account).await?;
        stored.as_ref().map(state_of).ok_or(ServiceError::NoWebhook)
    }

    pub async fn remove_webhook(&self, account: &str) -> Result<(), ServiceError> {
        self.store.accounts().set_webhook(account, None).await?;
        Ok(())
    }

    pub async fn webhook_deliveries(&self, account: &str) -> Result<Vec<Delivery>, ServiceError> {
        let recorded = self.store.accounts().deliveries(account).await?;
        Ok(recorded
            .iter()
            .filter_map(|delivery| serde_json::from_str(delivery).ok())
            .collect())
    }

    /// Notes that `account` has something to deliver, if it has a live webhook, and wakes this instance's
    /// deliveries.
    pub(super) async fn webhook_due(&self, account: &str) {
        let accounts = self.store.accounts();
        match accounts.webhook(account).await {
            // A failing webhook waits for its retry: a new notification must not hasten it.
            Ok(Some(webhook)) if !webhook.disabled && webhook.failures == 0 => {
                if let Err(error) = accounts.schedule_webhook(account, now_ms()).await {
                    tracing::warn!(%account, %error, "a webhook delivery was not noted; the next one brings it");
                }
                self.wake.notify_one();
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%account, %error, "a webhook delivery was not noted"),
        }
    }

    /// Claims the accounts whose deliveries are due and delivers each in a task of its own. Returns how many.
    pub async fn deliver_webhooks(self: &Arc<Self>) -> Result<usize, ServiceError> {
        self.deliverer.close_idle();
        let now = now_ms();
        let lease = CLAIM_LEASE.as_millis() as u64;
        let claimed = self.store.accounts().claim_webhooks(now, lease, CLAIMS).await?;
        for account in &claimed {
            let service = self.clone();
            let account = account.clone();
            tokio::spawn(async move { service.deliver_claimed(&account, now + lease).await });
        }
        if claimed.len() == CLAIMS {
            // More may be due: claim again at once rather than at the next tick.
            self.wake.notify_one();
        }
        Ok(claimed.len())
    }

    /// Delivers what is due to a claimed account's webhook, then notes when it is next due.
    async fn deliver_claimed(&self, account: &str, claimed_ms: u64) {
        // A notification noted due while another claimer delivers makes the account claimable again: the account's
        // lock keeps a second delivery from starting beside the first.
        let (pool, holder) = (format!("webhook:{account}"), hex::encode(rand::random::<[u8; 8]>()));
        let lock = Lease {
            now_ms: now_ms(),
            length: CLAIM_LEASE,
        };
        let accounts = self.store.accounts();
        let noted = match self.store.hold_place(&pool, &holder, 1, lock).await {
            Ok(true) => {
                let delivered = self.deliver_batch(account).await;
                let _ = self.store.release_place(&pool, &holder).await;
                match delivered {
                    Ok(Next::CaughtUp) => accounts.settle_webhook(account, claimed_ms, None).await,
                    Ok(Next::More) => {
                        self.wake.notify_one();
                        accounts.settle_webhook(account, claimed_ms, Some(now_ms())).await
                    }
                    // Whatever was noted meanwhile: the failure's wait decides.
                    Ok(Next::RetryAt(due)) => accounts.retry_webhook_at(account, due).await,
                    Err(error) => {
                        tracing::warn!(%account, %error, "webhook deliveries failed; the claim's end brings them back");
                        return;
                    }
                }
            }
            Ok(false) => {
                let later = now_ms() + BUSY_RETRY.as_millis() as u64;
                accounts.settle_webhook(account, claimed_ms, Some(later)).await
            }
            Err(_) => return,
        };
        if let Err(error) = noted {
            tracing::warn!(%account, %error, "webhook claim not settled; its lease brings it back");
        }
    }

    /// Delivers the account's next entries in order, stopping at the first failure.
    async fn deliver_batch(&self, account: &str) -> Result<Next, ServiceError> {
        let accounts = self.store.accounts();
        let Some(mut webhook) = accounts.webhook(account).await? else {
            return Ok(Next::CaughtUp);
        };
        if webhook.disabled {
            return Ok(Next::CaughtUp);
        }
        let entries = accounts
            .read_inbox(
                account,
                InboxPage {
                    after: webhook.cursor,
                    limit: BATCH,
                },
            )
            .await?;
        let more = entries.len() == BATCH;
        let target = Target::parse(&webhook.url, self.webhooks.allow_private)
            .map_err(|error| ServiceError::InvalidWebhook(error.to_string()))?;
        for (id, message) in self.delivered(&entries, None).await? {
            let Some(body) = message else {
                // A turn the game moved past: nothing to deliver, and nothing to wait for.
                webhook.cursor = Some(id);
                accounts.advance_webhook(account, &webhook).await?;
                continue;
            };
            let attempt = self.deliver_entry(&target, &webhook.secret, id, &body).await;
            let delivered = attempt.delivered;
            let record = serde_json::to_string(&attempt).expect("deliveries serialize");
            accounts.record_delivery(account, &record, DELIVERIES_KEPT).await?;
            if delivered {
                webhook.cursor = Some(id);
                webhook.failures = 0;
                accounts.advance_webhook(account, &webhook).await?;
                continue;
            }
            webhook.failures += 1;
            webhook.disabled = webhook.failures >= DISABLE_AFTER;
            accounts.advance_webhook(account, &webhook).await?;
            if webhook.disabled {
                let notice = Notification::WebhookDisabled {
                    url: webhook.url.clone(),
                    failures: webhook.failures,
                };
                let notice = serde_json::to_string(&notice).expect("notifications serialize");
                accounts.push_inbox(account, &notice).await?;
                tracing::warn!(%account, "webhook disabled after repeated failures");
                return Ok(Next::CaughtUp);
            }
            let wait = next_delay(webhook.failures, self.webhooks.first_retry);
            return Ok(Next::RetryAt(now_ms() + wait.as_millis() as u64));
        }
        Ok(if more { Next::More } else { Next::CaughtUp })
    }

    async fn deliver_entry(&self, target: &Target, secret: &str, id: InboxId, body: &str) -> Delivery {
        let at_ms = now_ms();
        let attempt = self
            .deliverer
            .deliver(target, secret, &id.to_string(), body.as_bytes())
            .await;
        let outcome = if attempt.succeeded() { "delivered" } else { "failed" };
        metrics::counter!(telemetry::WEBHOOK_DELIVERIES, "outcome" => outcome).increment(1);
        metrics::histogram!(telemetry::WEBHOOK_DURATION).record(attempt.duration_ms as f64 / 1000.0);
        Delivery {
            event: id.to_string(),
            at_ms,
            status: attempt.status,
            delivered: attempt.succeeded(),
            error: attempt.error,
            duration_ms: attempt.duration_ms,
        }
    }
}

fn state_of(webhook: &StoredWebhook) -> WebhookState {
    WebhookState {
        url: webhook.url.clone(),
        failures: webhook.failures,
        disabled: webhook.disabled,
    }
}
