//! Webhooks: where an account's events are POSTed, how they are signed, one delivery attempt, and when to try again.
//!
//! - [`Target`]: a URL checked against SSRF, whose host is resolved once per attempt and connected to only at the
//!   addresses that passed the check (no second lookup that DNS rebinding could answer differently);
//! - [`verify`]: `Ludus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe does, keyed
//!   with a [`new_secret`];
//! - [`Deliverer`]: one signed POST, 5 s at most, no redirects followed, the answer's body thrown away, on a
//!   connection kept alive per checked address, host and scheme;
//! - [`next_delay`] / [`DISABLE_AFTER`]: exponential backoff with jitter, 20 attempts spanning about 24 h.
//!
//! Which instance delivers which event, and what is recorded, is the accounts' business; this module holds no state
//! but the deliverer's idle connections.

mod deliver;
mod retry;
mod signature;
mod target;

pub use deliver::{Attempt, Deliverer};
pub use retry::{DISABLE_AFTER, FIRST_RETRY, next_delay};
pub use signature::{SIGNATURE_HEADER, new_secret, verify};
pub use target::{MAX_HOST_CHARS, MAX_LABEL_CHARS, MAX_URL_CHARS, Target, WebhookError};
