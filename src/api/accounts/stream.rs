//! `GET /v1/accounts/me/stream`: the account's notifications, live, as Server-Sent Events or NDJSON, resumable from
//! its inbox in the store.

use std::collections::VecDeque;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, Route, web};
use serde::Deserialize;

use super::KEY_NEEDED;
use crate::api::client::stream_client;
use crate::api::endpoint::{Endpoint, Problems, common};
use crate::api::error::{ApiError, ErrorCode as Code};
use crate::api::request::{account, bearer, lang};
use crate::api::stream::{KeepAlive, RECONNECT, StreamTicket};
use crate::engine::Lang;
use crate::service::{GameService, Notification};
use crate::store::{InboxEntry, InboxId, InboxPage};
use crate::watch::InboxSubscription;

/// Inbox entries read at once.
const READ_BATCH: usize = 100;
const NDJSON: &str = "application/x-ndjson";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AccountStreamQuery {
    /// Start after this notification id (as `Last-Event-ID` does; the header wins). Default: only new ones.
    pub after: Option<String>,
    /// Label each `your_turn`'s legal actions in one of the service's languages (`Lang`: `en`, `fr`, `de`). Default:
    /// the one of them `Accept-Language` prefers, else no labels.
    pub lang: Option<Lang>,
    /// A single-use ticket from `POST /v1/accounts/me/stream-tickets`: opens the stream as the ticket's account, for
    /// clients that cannot send `Authorization` (a browser's EventSource). Not together with `Authorization`.
    pub ticket: Option<String>,
}

/// How the stream is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    EventStream,
    Ndjson,
}

impl Format {
    fn of(request: &HttpRequest) -> Self {
        let accepts = request
            .headers()
            .get(header::ACCEPT)
            .and_then(|value| value.to_str().ok());
        if accepts.is_some_and(|accepts| accepts.contains(NDJSON)) {
            Format::Ndjson
        } else {
            Format::EventStream
        }
    }

    /// One notification, `data` as it is delivered (`Notifier::delivered`).
    fn message(self, entry: &InboxEntry, data: &str) -> Bytes {
        match self {
            Format::Ndjson => Bytes::from(format!("{data}\n")),
            Format::EventStream => {
                let kind = entry.kind().unwrap_or("notification");
                Bytes::from(format!("id: {}\nevent: {kind}\ndata: {data}\n\n", entry.id))
            }
        }
    }

    fn keep_alive(self) -> Bytes {
        match self {
            Format::Ndjson => Bytes::from_static(b"\n"),
            Format::EventStream => Bytes::from_static(b": keep-alive\n\n"),
        }
    }

    fn reconnect(self) -> Bytes {
        match self {
            Format::Ndjson => Bytes::from_static(b"{\"type\":\"reconnect\",\"reason\":\"shutting_down\"}\n"),
            Format::EventStream => Bytes::from_static(RECONNECT),
        }
    }
}

struct Cursor {
    service: web::Data<GameService>,
    account: String,
    /// The last entry sent (none yet: from the inbox's start).
    after: Option<InboxId>,
    subscription: InboxSubscription,
    format: Format,
    lang: Option<Lang>,
    pending: VecDeque<Bytes>,
    keep_alive: KeepAlive,
    done: bool,
}

impl Cursor {
    /// Queues what the inbox holds after the last entry sent.
    async fn catch_up(&mut self) -> Result<(), ApiError> {
        loop {
            let entries = self
                .service
                .notifier
                .read_inbox(
                    &self.account,
                    InboxPage {
                        after: self.after,
                        limit: READ_BATCH,
                    },
                )
                .await?;
            let full = entries.len() == READ_BATCH;
            let delivered = self.service.notifier.delivered(&entries, self.lang).await?;
            for (entry, (_, message)) in entries.iter().zip(delivered) {
                if let Some(message) = message {
                    self.pending.push_back(self.format.message(entry, &message));
                }
                self.after = Some(entry.id);
            }
            if !full {
                return Ok(());
            }
        }
    }

    async fn next_chunk(&mut self) -> Option<Bytes> {
        loop {
            if let Some(chunk) = self.pending.pop_front() {
                self.keep_alive.sent();
                return Some(chunk);
            }
            if self.done {
                return None;
            }
            if *self.subscription.draining.borrow() {
                self.pending.push_back(self.format.reconnect());
                self.done = true;
                continue;
            }
            tokio::select! {
                changed = self.subscription.pushed.changed() => match changed {
                    Err(_) => self.done = true,
                    // A store that did not answer is tried again at the next announcement or sweep.
                    Ok(()) => drop(self.catch_up().await),
                },
                // Timed from the last chunk sent: announcements that bring nothing new do not put it off.
                () = self.keep_alive.due() => self.pending.push_back(self.format.keep_alive()),
                _ = self.subscription.draining.changed() => {}
            }
        }
    }
}

fn resume_after(request: &HttpRequest, query: &AccountStreamQuery) -> Result<Option<InboxId>, ApiError> {
    let header = request.headers().get("Last-Event-ID");
    let text = match header {
        Some(value) => Some(value.to_str().unwrap_or_default().trim().to_owned()),
        None => query.after.clone(),
    };
    text.map(|text| {
        text.parse::<InboxId>().map_err(|()| {
            ApiError::new(
                Code::InvalidLastEventId,
                "Last-Event-ID must be a notification id from this stream, like 1764230000000-0",
            )
        })
    })
    .transpose()
}

/// The account's notifications, live: `game_started`, `your_turn`, `game_finished`, `seat_joined`, `invited`,
/// `invitation_declined`, `rematch_offered`, `webhook_disabled`, `matched`, `seek_expired` (each a `Notification`,
/// with its `id`). A `your_turn` carries the seat's `legal_actions` at its `version` (labelled with `?lang=` or
/// `Accept-Language`); one whose game moved past its version before it was sent is left out, so a stream catching up
/// gets only the newest of each game's seat. As Server-Sent Events (each
/// message's SSE `id` and event name are the notification's), or as NDJSON, one notification per line, with
/// `Accept: application/x-ndjson` (an empty line every 15 s of silence). Reconnecting with `Last-Event-ID` (or
/// `?after=`) resumes after that notification from the account's inbox in the store, on any instance; without it
/// only new notifications come: connect first, then list `GET /v1/accounts/me/games?to_act=true`. The inbox keeps
/// the latest 1000. On shutdown the stream ends with a `reconnect` message. The account authenticates with its key
/// (`Authorization: Bearer`), or, where headers cannot be sent (EventSource), with `?ticket=` from
/// `POST /v1/accounts/me/stream-tickets`.
#[utoipa::path(get, path = "/v1/accounts/me/stream", tag = "accounts", security(("account_key" = [])),
    params(
        ("Last-Event-ID" = Option<String>, Header, description = "Resume after this notification id"),
        AccountStreamQuery,
    ),
    responses(
        (status = 200, description = "An endless stream of `Notification`s",
            content((Notification = "text/event-stream"), (Notification = "application/x-ndjson"))),
    ))]
pub async fn account_stream(
    service: web::Data<GameService>,
    query: web::Query<AccountStreamQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = match (query.ticket.as_deref(), bearer(&request)?) {
        (Some(_), Some(_)) => {
            let detail = "send either ?ticket= or an Authorization header, not both";
            return Err(ApiError::new(Code::ConflictingCredentials, detail));
        }
        (Some(ticket), None) => service.accounts.redeem_stream_ticket(ticket).await?,
        (None, _) => account(&service, &request).await?,
    };
    let resume = resume_after(&request, &query)?;
    let format = Format::of(&request);
    let lang = lang(&request)?;
    let subscription = service
        .watcher()
        .subscribe_inbox(&account.id, stream_client(&request))
        .await
        .map_err(ApiError::from)?;
    let after = match resume {
        Some(after) => Some(after),
        // Only what comes from now on: the newest entry so far is where reading starts.
        None => service.notifier.newest_inbox_entry(&account.id).await?,
    };
    let mut cursor = Cursor {
        service: service.clone(),
        account: account.id,
        after,
        subscription,
        format,
        lang,
        pending: VecDeque::new(),
        keep_alive: KeepAlive::new(),
        done: false,
    };
    if format == Format::EventStream {
        cursor.pending.push_back(Bytes::from_static(b"retry: 2000\n\n"));
    }
    cursor.catch_up().await?;
    let body = futures_util::stream::unfold(cursor, |mut cursor| async move {
        let chunk = cursor.next_chunk().await?;
        Some((Ok::<_, actix_web::Error>(chunk), cursor))
    });
    let content_type = match format {
        Format::Ndjson => NDJSON,
        Format::EventStream => "text/event-stream",
    };
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Cache-Control", "no-cache"))
        .insert_header(("X-Accel-Buffering", "no"))
        .insert_header(("Content-Encoding", "identity"))
        .streaming(body))
}

impl Endpoint for __path_account_stream {
    const PROBLEMS: &'static [Problems] = &[
        Problems::new(
            "Bad Last-Event-ID or query, or both a ticket and a key (`conflicting_credentials`)",
            &[
                Code::InvalidLastEventId,
                Code::InvalidQuery,
                Code::ConflictingCredentials,
            ],
        ),
        Problems::new(
            "No account key, one unknown or revoked, or a ticket that is unknown, expired or used (`invalid_ticket`)",
            &[Code::AccountKeyRequired, Code::InvalidAccountKey, Code::InvalidTicket],
        ),
        common::TOO_MANY_STREAMS,
        common::STREAM_UNAVAILABLE,
    ];

    fn route() -> Route {
        web::get().to(account_stream)
    }
}

/// A ticket that opens one stream of the account's notifications, for a browser's EventSource, which cannot send
/// `Authorization` (on this origin or another one that `LUDUS_CORS_ORIGINS` allows): the long-lived account key then
/// never appears in a URL, nor in the logs that record URLs. The ticket is random, works once, and expires after 60 s;
/// a reconnecting EventSource needs a new one, and `?after=` with the last notification id it saw.
#[utoipa::path(post, path = "/v1/accounts/me/stream-tickets", tag = "accounts", security(("account_key" = [])),
    responses(
        (status = 201, description = "A fresh ticket", body = StreamTicket),
    ))]
pub async fn issue_stream_ticket(
    service: web::Data<GameService>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let account = account(&service, &request).await?;
    Ok(StreamTicket::created(service.accounts.issue_stream_ticket(&account).await?))
}

impl Endpoint for __path_issue_stream_ticket {
    const PROBLEMS: &'static [Problems] = &[KEY_NEEDED, common::STORE_UNAVAILABLE];

    fn route() -> Route {
        web::post().to(issue_stream_ticket)
    }
}
