//! Why a store operation failed.

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no game with this id")]
    NotFound,
    #[error("a game with this id already exists")]
    AlreadyExists,
    /// The log does not extend the expected head: it holds `actual` events, fewer than the head's (`diverged` false),
    /// or as many or more with other content at the head's position (`diverged` true).
    #[error("the game is at version {actual}, not the expected one")]
    Conflict { actual: u64, diverged: bool },
    #[error("the store is unavailable: {0}")]
    Unavailable(String),
    /// The write is on the primary, but fewer replicas than asked acknowledged it in time: it may be lost in a
    /// failover, so it is not acknowledged (a retry under the same idempotency key is safe).
    #[error("the write reached {acknowledged} of the {wanted} replicas asked for in time")]
    NotReplicated { acknowledged: u64, wanted: u32 },
    #[error("the stored data is corrupt: {0}")]
    Corrupt(String),
}

/// What a store operation gives: its value, or why it failed.
pub type StoreResult<T> = Result<T, StoreError>;
