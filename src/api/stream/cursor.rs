//! One open stream: where it is in the log, what it has yet to send, and its place in the game's feed. It takes its
//! messages from the feed, and renders from a replay of its own only what the feed no longer keeps (a stream that
//! starts in the past, or fell behind); that replay is dropped once done.

use std::collections::VecDeque;

use actix_web::web::{self, Bytes};
use futures_util::StreamExt;
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;

use super::RECONNECT;
use super::feed::Membership;
use super::keep_alive::KeepAlive;
use super::message::{Rendered, render};
use crate::api::error::ApiError;
use crate::service::{GameService, LoadedGame, ServiceError};
use crate::store::{Head, History};
use crate::watch::{RoomEvent, Subscription, Tail};

pub(super) struct Cursor {
    service: web::Data<GameService>,
    membership: Membership,
    /// The log position of the last message queued.
    head: Head,
    subscription: Subscription,
    /// Whether the viewer may read the game's chat: only then are its messages sent.
    reads_chat: bool,
    pending: VecDeque<Bytes>,
    keep_alive: KeepAlive,
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
            keep_alive: KeepAlive::new(),
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
    /// the log must still hold `seen`. `rewound`: the client held a history the log no longer has, and `version` is
    /// the last one both share: a `rewritten` message says so first.
    pub(super) async fn replay(
        &mut self,
        game: &LoadedGame,
        version: u64,
        seen: Head,
        rewound: bool,
    ) -> Result<(), ServiceError> {
        let (mut session, mut head, events) = self.service.games.replay_from(game, version, seen).await?;
        if rewound {
            self.pending.push_back(rewritten_message(head));
        }
        let audience = self.membership.audience();
        for event in &events {
            session.apply(std::slice::from_ref(event))?;
            head = head.then(event);
            let message = render(session.as_ref(), &game.seats, head, event, audience);
            self.queue([message]);
        }
        Ok(())
    }

    /// Queues what came after our position up to `tail`, the watcher's latest read: the feed is brought there, and
    /// its messages taken; what it no longer keeps is replayed.
    async fn catch_up(&mut self, tail: &Tail) -> Result<(), ServiceError> {
        self.membership.feed().advance(tail, &self.service).await?;
        let audience = self.membership.audience();
        if let Ok(messages) = self.membership.feed().after(audience, self.head) {
            self.queue(messages);
            return Ok(());
        }
        let game = self.membership.feed().game();
        self.replay(&game, self.head.version, self.head, false).await?;
        // The replay read the log to its end, so the feed keeps what follows (or has yet to get there).
        let messages = self
            .membership
            .feed()
            .after(audience, self.head)
            .map_err(|_| ServiceError::LogChanged)?;
        self.queue(messages);
        Ok(())
    }

    /// Queues whatever the watcher already knows beyond our position.
    pub(super) async fn catch_up_now(&mut self) -> Result<(), ServiceError> {
        // The subscription's tail yields the current one first, at once.
        match self.subscription.tail.next().await {
            Some(tail) => self.catch_up(&tail).await,
            None => Err(ServiceError::LogChanged),
        }
    }

    /// Queues a chat or presence message (no SSE `id`: they are not log positions, and `Last-Event-ID` must stay
    /// the log version). A stream that fell behind skips what it missed: its client pages the chat.
    fn hear(&mut self, heard: Option<Result<RoomEvent, BroadcastStreamRecvError>>) -> Result<(), ServiceError> {
        let (kind, data) = match heard {
            Some(Ok(RoomEvent::Chat(data))) if self.reads_chat => ("chat", data),
            Some(Ok(RoomEvent::Presence(data))) => ("presence", data),
            Some(Ok(RoomEvent::Chat(_)) | Err(BroadcastStreamRecvError::Lagged(_))) => return Ok(()),
            // The game is no longer followed on this instance: the client reconnects.
            None => return Err(ServiceError::LogChanged),
        };
        self.pending
            .push_back(Bytes::from(format!("event: {kind}\ndata: {data}\n\n")));
        Ok(())
    }

    /// The problem a stream ends with: when the log no longer holds what it sent, with the last version it shares.
    async fn ending(&self, error: ServiceError) -> ApiError {
        let changed = matches!(error, ServiceError::LogChanged);
        let problem = ApiError::from(error);
        if !changed {
            return problem;
        }
        let id = &self.membership.feed().game().meta.id;
        match self.service.games.log_history(id, self.head.tag()).await {
            Ok(History::Rewritten { common }) => problem.with_common_version(common),
            Ok(History::Holds) | Err(_) => problem,
        }
    }

    pub(super) async fn next_chunk(&mut self) -> Option<Bytes> {
        loop {
            if let Some(chunk) = self.pending.pop_front() {
                self.keep_alive.sent();
                return Some(chunk);
            }
            if self.done || self.over {
                return None;
            }
            let result = tokio::select! {
                tail = self.subscription.tail.next() => match tail {
                    // Boxed: an idle stream then holds no room for a catch-up's state (reads, a replay).
                    Some(tail) => Box::pin(self.catch_up(&tail)).await,
                    None => Err(ServiceError::LogChanged),
                },
                draining = self.subscription.draining.next() => {
                    if draining != Some(false) {
                        self.pending.push_back(Bytes::from_static(RECONNECT));
                        self.done = true;
                    }
                    Ok(())
                }
                heard = self.subscription.room.next() => self.hear(heard),
                () = self.keep_alive.due() => {
                    self.pending.push_back(Bytes::from_static(b": keep-alive\n\n"));
                    Ok(())
                }
            };
            if let Err(error) = result {
                // The client reconnects with Last-Event-ID: then it gets what the log holds, or 404.
                let problem = self.ending(error).await.problem();
                let data = serde_json::to_string(&problem).expect("problems serialize");
                self.pending
                    .push_back(Bytes::from(format!("event: error\ndata: {data}\n\n")));
                self.done = true;
            }
        }
    }
}

/// The first message of a stream resumed from a position the log no longer holds: its `id` is the last position both
/// histories share, where the messages that follow start.
fn rewritten_message(common: Head) -> Bytes {
    let detail = format!(
        "the game's history was rewritten after version {}: drop what you hold after it; the log's messages after it \
         follow",
        common.version
    );
    let data = serde_json::json!({"common_version": common.version, "detail": detail});
    Bytes::from(format!("id: {}\nevent: rewritten\ndata: {data}\n\n", common.tag()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use tokio::time::Instant;

    use super::*;
    use crate::api::stream::message::Audience;
    use crate::api::stream::{Feeds, KEEP_ALIVE};
    use crate::engine::{Registry, Viewer};
    use crate::service::NewGame;
    use crate::store::MemoryStore;
    use crate::watch::StreamClient;

    /// A spectator's stream of a new game, at its current position.
    async fn spectators_stream() -> Cursor {
        let service = GameService::new(Registry::with_all_titles(), Arc::new(MemoryStore::default()));
        let game = service
            .tables
            .create(NewGame::closed("caesar-cleopatra", 2, Some(7), None))
            .await
            .expect("a new game")
            .game;
        let client = StreamClient {
            address: None,
            own_connection: false,
        };
        let subscription = service
            .watcher()
            .subscribe(&game.meta.id, game.head, client, None)
            .await
            .expect("admitted");
        let audience = Audience {
            viewer: Viewer::Spectator,
            lang: None,
        };
        let membership = Arc::new(Feeds::default()).join(&game, audience);
        let mut cursor = Cursor::new(web::Data::new(service), membership, game.head, subscription, false);
        cursor.catch_up_now().await.expect("caught up");
        cursor
    }

    #[tokio::test(start_paused = true)]
    async fn a_keep_alive_goes_out_after_a_quiet_period_counted_from_the_last_chunk_sent() {
        let mut cursor = spectators_stream().await;
        let opened = Instant::now();
        assert_eq!(cursor.next_chunk().await.as_deref(), Some(&b"retry: 2000\n\n"[..]));
        let keep_alive = Some(&b": keep-alive\n\n"[..]);
        assert_eq!(cursor.next_chunk().await.as_deref(), keep_alive);
        assert_eq!(opened.elapsed(), KEEP_ALIVE, "after a quiet period");
        tokio::time::advance(Duration::from_secs(10)).await;
        cursor.pending.push_back(Bytes::from_static(b"data: news\n\n"));
        assert_eq!(cursor.next_chunk().await.as_deref(), Some(&b"data: news\n\n"[..]));
        assert_eq!(cursor.next_chunk().await.as_deref(), keep_alive);
        assert_eq!(
            opened.elapsed(),
            KEEP_ALIVE + Duration::from_secs(10) + KEEP_ALIVE,
            "a quiet period from the last chunk sent, not from the last keep-alive"
        );
    }
}
