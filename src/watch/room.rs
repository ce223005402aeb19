//! Room messages: what a game's streams get besides its log, from any instance sharing the store. One subscription
//! per instance to the store's room messages, whatever the number of streams: a chat message goes to the streams of
//! its game on this instance (each stream shows it only to a viewer who may read the chat), a presence announcement
//! makes this instance look again at who is connected. The same task notes the seats that stream here as seen again
//! every third of the presence TTL, and tells the streams who came or went.

use std::sync::Arc;

use futures_util::StreamExt;

use super::{RESUBSCRIBE_AFTER, Watcher, lock};
use crate::store::{RoomMessage, StoreError};

/// How many room messages a stream may fall behind before it skips some (a client pages the chat for what it missed).
pub(super) const ROOM_BUFFER: usize = 64;
/// How long a new stream waits for this instance to follow room messages (only while it is subscribing).
const READY_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

const CHAT: &str = "chat";
const PRESENCE: &str = "presence";

/// A message for a game's streams besides its log: the SSE `data` of a `chat` or a `presence` message.
#[derive(Clone, Debug)]
pub enum RoomEvent {
    Chat(Arc<str>),
    Presence(Arc<str>),
}

impl Watcher {
    /// Sends a chat message (its JSON) to the streams of game `id` on every instance. Best effort: the message is
    /// stored already, and a stream that missed it pages the chat.
    pub async fn publish_chat(&self, id: &str, message: &str) -> Result<(), StoreError> {
        self.publish(id, format!("{CHAT} {message}")).await
    }

    /// Tells every instance that a seat of game `id` came (naming this one, which knows it already).
    pub(super) async fn announce_presence(&self, id: &str) {
        if let Err(error) = self.publish(id, format!("{PRESENCE} {}", self.instance)).await {
            tracing::warn!(%error, game = id, "a seat's coming not announced: other instances see it within the TTL");
        }
    }

    async fn publish(&self, id: &str, text: String) -> Result<(), StoreError> {
        let message = RoomMessage {
            game: id.to_owned(),
            text,
        };
        self.store.rooms().publish_room(&message).await
    }

    fn on_room_message(&self, message: RoomMessage) {
        let (kind, data) = message.text.split_once(' ').unwrap_or((&message.text, ""));
        match kind {
            CHAT => {
                if let Some(watched) = lock(&self.games).get(&message.game) {
                    // No stream listening is not an error.
                    let _ = watched.room.send(RoomEvent::Chat(data.into()));
                }
            }
            PRESENCE => self.presence_changed(&message.game, data == self.instance),
            other => tracing::debug!(kind = other, "room message of an unknown kind ignored"),
        }
    }

    /// Waits until this instance follows room messages (at most READY_WITHIN), so that a stream opening as the
    /// subscription is made misses none of its game's messages.
    pub(super) async fn rooms_ready(&self) {
        let mut live = self.rooms_live.subscribe();
        let _ = tokio::time::timeout(READY_WITHIN, live.wait_for(|live| *live)).await;
    }

    /// Starts the task that follows the store's room messages and keeps presence current, if it is not running.
    pub(super) fn ensure_rooms_watched(&self) {
        let mut task = lock(&self.rooms_task);
        if task.as_ref().is_some_and(|handle| !handle.is_finished()) {
            return;
        }
        let me = self.me.clone();
        *task = Some(tokio::spawn(async move {
            loop {
                let Some(watcher) = me.upgrade() else { return };
                let messages = watcher.store.rooms().room_messages().await;
                watcher.rooms_live.send_replace(messages.is_ok());
                let renewal = watcher.presence.renewal();
                // What was announced while not subscribed is looked at now.
                watcher.follow_every_presence().await;
                drop(watcher);
                match messages {
                    Ok(mut messages) => {
                        let mut tick = tokio::time::interval(renewal);
                        tick.tick().await;
                        loop {
                            tokio::select! {
                                next = messages.next() => match (next, me.upgrade()) {
                                    (Some(message), Some(watcher)) => watcher.on_room_message(message),
                                    (None, _) => break,
                                    (_, None) => return,
                                },
                                _ = tick.tick() => match me.upgrade() {
                                    Some(watcher) => watcher.follow_every_presence().await,
                                    None => return,
                                },
                            }
                        }
                        if let Some(watcher) = me.upgrade() {
                            watcher.rooms_live.send_replace(false);
                        }
                        tracing::warn!("the store's room messages stopped; subscribing again");
                    }
                    Err(error) => tracing::warn!(%error, "cannot subscribe to the store's room messages"),
                }
                tokio::time::sleep(RESUBSCRIBE_AFTER).await;
            }
        }));
    }
}
