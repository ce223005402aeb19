//! A game's chat: short messages from its seats (and its spectators, where the game's `chat` option says `all`),
//! stored beside the game's log, never in it, and sent to its live streams on every instance.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{LoadedGame, ServiceError, now_ms};
use crate::engine::Viewer;
use crate::engine::table::ChatPolicy;
use crate::store::{ChatPage, EventStore};
use crate::watch::Watcher;

/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// One message of a game's chat.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ChatMessage {
    /// Its place in the game's chat (`<ms>-<n>`, increasing): pass it as `after` or `before` to page.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    #[schema(required = true, example = "1700000000000-0")]
    pub id: String,
    /// When it was sent (milliseconds since the Unix epoch).
    pub sent_ms: u64,
    /// The seat that wrote it; absent for a spectator's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "cleopatra")]
    pub seat: Option<String>,
    /// True for a spectator's message (in a game whose chat is open to `all`).
    pub spectator: bool,
    /// The seat's display name when it was sent, if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "Livia")]
    pub name: Option<String>,
    /// As written: show it as text, never as markup.
    #[schema(min_length = 1, max_length = 500, example = "Well played!")]
    pub text: String,
}

/// A game's chat room: messages stored with the game, published to its live streams.
pub struct Chat {
    store: Arc<dyn EventStore>,
    watcher: Arc<Watcher>,
}

impl Chat {
    pub(super) fn new(store: Arc<dyn EventStore>, watcher: Arc<Watcher>) -> Self {
        Self { store, watcher }
    }

    /// Writes `text` in the game's chat as `viewer`, and sends it to the game's streams on every instance.
    pub async fn post_chat(
        &self,
        game: &LoadedGame,
        viewer: Viewer,
        text: String,
    ) -> Result<ChatMessage, ServiceError> {
        game.check_chat_access(viewer)?;
        if text.is_empty() || text.chars().count() > MAX_CHAT_CHARS || text.chars().any(char::is_control) {
            return Err(ServiceError::InvalidChatText);
        }
        let (seat, name) = match viewer {
            Viewer::Seat(seat) => {
                (Some(game.seat_name(seat).to_owned()), game.session.table().seats[seat].name.clone())
            }
            Viewer::Spectator => (None, None),
        };
        let mut message = ChatMessage {
            id: String::new(),
            sent_ms: now_ms(),
            spectator: seat.is_none(),
            seat,
            name,
            text,
        };
        let stored = serde_json::to_string(&message).expect("chat messages serialize");
        message.id = self.store.rooms().push_chat(&game.meta.id, &stored).await?.to_string();
        let sent = serde_json::to_string(&message).expect("chat messages serialize");
        if let Err(error) = self.watcher.publish_chat(&game.meta.id, &sent).await {
            tracing::warn!(%error, game = %game.meta.id, "chat message kept but not sent to live streams");
        }
        Ok(message)
    }

    /// A page of the game's chat as `viewer` may read it, oldest first.
    pub async fn read_chat(
        &self,
        game: &LoadedGame,
        viewer: Viewer,
        page: ChatPage,
        limit: usize,
    ) -> Result<Vec<ChatMessage>, ServiceError> {
        game.check_chat_access(viewer)?;
        let entries = self.store.rooms().read_chat(&game.meta.id, page, limit).await?;
        let table = game.session.table();
        let erased = |seat: &str| game.seat_index(seat).is_ok_and(|seat| table.seats[seat].erased);
        entries
            .into_iter()
            .map(|entry| {
                let mut message: ChatMessage = serde_json::from_str(&entry.message)
                    .map_err(|error| ServiceError::Corrupt(format!("chat message {}: {error}", entry.id)))?;
                message.id = entry.id.to_string();
                // A deleted player's words stay with the game, no longer under its name.
                if message.seat.as_deref().is_some_and(erased) {
                    message.name = None;
                }
                Ok(message)
            })
            .collect()
    }
}

impl LoadedGame {
    /// Refuses a viewer the game's chat policy keeps out.
    pub fn check_chat_access(&self, viewer: Viewer) -> Result<(), ServiceError> {
        let policy = self.session.table().chat;
        if policy.admits(matches!(viewer, Viewer::Seat(_))) {
            Ok(())
        } else if policy == ChatPolicy::Off {
            Err(ServiceError::ChatOff)
        } else {
            Err(ServiceError::ChatForPlayers)
        }
    }
}
