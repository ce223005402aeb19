//! One open stream: where it is in the log, what it has yet to send, and its place in the game's feed. It takes its
//! messages from the feed, and renders from a replay of its own only what the feed no longer keeps (a stream that
//! starts in the past, or fell behind); that replay is dropped once done.

use std::collections::VecDeque;

use actix_web::web::{self, Bytes};
use tokio::sync::broadcast::error::RecvError;

use super::feed::Membership;
use super::message::{Rendered, render};
use super::{KEEP_ALIVE, RECONNECT};
use crate::api::error::ApiError;
use crate::service::{GameService, LoadedGame, ServiceError};
use crate::store::Head;
use crate::watch::{RoomEvent, Subscription};

pub(super) struct Cursor {
    service: web::Data<GameService>,
    membership: Membership,
    /// The log position of the last message queued.
    head: Head,
    subscription: Subscription,
    /// Whether the viewer may read the game's chat: only then are its messages sent.
    reads_chat: bool,
    pending: VecDeque<Bytes>,
    /// The game's last message is queued: the stream ends once everything is sent.
    over: bool,
    done: bool,
}

impl Cursor {
    /// A stream at `head` of the log, which sends `retry` first.
    pub(super) fn new(
        service: web::Data<GameService>,
        membership: Membership,
        head: Head,
        subscription: Subscription,
        reads_chat: bool,
    ) -> Self {
        Self {
            service,
            membership,
            head,
            subscription,
            reads_chat,
            pending: VecDeque::from([Bytes::from_static(b"retry: 2000\n\n")]),
            over: false,
            done: false,
        }
    }

    fn queue(&mut self, messages: impl IntoIterator<Item = Rendered>) {
        for message in messages {
            self.head = message.head;
            self.over |= message.last;
            self.pending.push_back(message.bytes);
        }
    }

    /// Queues the log's messages from `version` on, rendered from a replay of `game`'s log of our own (dropped after);
    /// the log must still hold `seen`.
    pub(super) async fn replay(&mut self, game: &LoadedGame, version: u64, seen: Head) -> Result<(), ServiceError> {
        let (mut session, mut head, events) = self.service.replay_from(game, version, seen).await?;
        let audience = self.membership.audience();
        for event in &events {
            session.apply(std::slice::from_ref(event))?;
            head = head.then(event);
            let message = render(session.as_ref(), &game.seats, head, event, audience);
            self.queue([message]);
        }
        Ok(())
    }

    /// Queues what came after our position: the feed is brought up to the watcher's latest read, and its messages
    /// taken; what it no longer keeps is replayed.
    pub(super) async fn catch_up(&mut self) -> Result<(), ServiceError> {
        let tail = self.subscription.tail.borrow_and_update().clone();
        self.membership.feed().advance(&tail, &self.service).await?;
        let audience = self.membership.audience();
        if let Ok(messages) = self.membership.feed().after(audience, self.head) {
            self.queue(messages);
            return Ok(());
        }
        let game = self.membership.feed().game();
        self.replay(&game, self.head.version, self.head).await?;
        // The replay read the log to its end, so the feed keeps what follows (or has yet to get there).
        let messages = self
            .membership
            .feed()
            .after(audience, self.head)
            .map_err(|_| ServiceError::LogChanged)?;
        self.queue(messages);
        Ok(())
    }

    /// Queues a chat or presence message (no SSE `id`: they are not log positions, and `Last-Event-ID` must stay
    /// the log version). A stream that fell behind skips what it missed: its client pages the chat.
    fn hear(&mut self, heard: Result<RoomEvent, RecvError>) -> Result<(), ServiceError> {
        let (kind, data) = match heard {
            Ok(RoomEvent::Chat(data)) if self.reads_chat => ("chat", data),
            Ok(RoomEvent::Presence(data)) => ("presence", data),
            Ok(RoomEvent::Chat(_)) | Err(RecvError::Lagged(_)) => return Ok(()),
            // The game is no longer followed on this instance: the client reconnects.
            Err(RecvError::Closed) => return Err(ServiceError::LogChanged),
        };
        self.pending
            .push_back(Bytes::from(format!("event: {kind}\ndata: {data}\n\n")));
        Ok(())
    }

    pub(super) async fn next_chunk(&mut self) -> Option<Bytes> {
        loop {
            if let Some(chunk) = self.pending.pop_front() {
                return Some(chunk);
            }
            if self.done || self.over {
                return None;
            }
            if *self.subscription.draining.borrow() {
                self.pending.push_back(Bytes::from_static(RECONNECT));
                self.done = true;
                continue;
            }
            let result = tokio::select! {
                changed = tokio::time::timeout(KEEP_ALIVE, self.subscription.tail.changed()) => match changed {
                    Err(_) => {
                        self.pending.push_back(Bytes::from_static(b": keep-alive\n\n"));
                        Ok(())
                    }
                    Ok(Err(_)) => Err(ServiceError::LogChanged),
                    // Boxed: an idle stream then holds no room for a catch-up's state (reads, a replay).
                    Ok(Ok(())) => Box::pin(self.catch_up()).await,
                },
                // The next turn of the loop sends the last message.
                _ = self.subscription.draining.changed() => Ok(()),
                heard = self.subscription.room.recv() => self.hear(heard),
            };
            if let Err(error) = result {
                // The client reconnects with Last-Event-ID: then it gets what the log holds, or 404.
                let problem = ApiError::from(error).problem();
                let data = serde_json::to_string(&problem).expect("problems serialize");
                self.pending
                    .push_back(Bytes::from(format!("event: error\ndata: {data}\n\n")));
                self.done = true;
            }
        }
    }
}
