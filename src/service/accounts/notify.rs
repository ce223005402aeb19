//! What an append tells the accounts at the table: derived from the game before and after it (and the table events
//! it wrote), written to the game's outbox by the append itself, then delivered to each account's inbox once.

use std::sync::{Arc, OnceLock, Weak};

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::ToSchema;

use super::WebhookSettings;
use crate::engine::Lang;
use crate::engine::bot::Bot;
use crate::engine::table::TableEvent;
use crate::ids::GameId;
use crate::service::{GameEnding, Games, LoadedGame, ServiceError};
use crate::store::{EventStore, InboxEntry, InboxId, InboxPage};
use crate::watch::Watcher;
use crate::webhook::Deliverer;

/// A notification to an account, as its stream and its webhook carry it (with the entry's `id`).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Notification {
    /// Every seat of a game where the account sits is taken: the game is on.
    GameStarted {
        game: String,
        title: String,
        /// The account's seats.
        seats: Vec<&'static str>,
    },
    /// One of the account's seats is to act (sent after every change while it is). Streams and webhooks deliver only
    /// the newest of a game's seat: one whose game moved past its `version` meanwhile is left out.
    YourTurn {
        game: String,
        title: String,
        seat: &'static str,
        /// The game's version these legal actions hold at: a bot skips a turn older than its own last move's answer
        /// (docs/accounts.md).
        version: u64,
        /// When the seat must have acted (milliseconds since the Unix epoch), in a game with a clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        deadline_ms: Option<u64>,
        /// The seat's legal actions at `version` (with a `label` each when the account stream was opened in a
        /// language), as `GET /v1/games/{game}/actions` lists them: play one of them, no other request needed. Added
        /// when the notification is delivered, from the game as it stands then.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Vec<crate::engine::unions::AnyAction>>)]
        legal_actions: Option<Box<RawValue>>,
    },
    /// A game where the account sits is over.
    GameFinished {
        game: String,
        title: String,
        version: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        ending: Option<GameEnding>,
        /// The title's result, when its rules ended the game.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<Object>)]
        result: Option<Box<RawValue>>,
    },
    /// Someone took a seat of a game where the account sits.
    SeatJoined {
        game: String,
        title: String,
        seat: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        account: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        bot: Option<Bot>,
    },
    /// A seat is reserved for the account: join it (`POST /v1/games/{game}/seats/{seat}/join` with the account key)
    /// or decline it (`POST .../seats/{seat}/decline`).
    Invited {
        game: String,
        title: String,
        seat: &'static str,
        /// The inviting account.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// The account invited to a seat of a game where the account sits declined it.
    InvitationDeclined {
        game: String,
        title: String,
        seat: String,
        by: String,
    },
    /// A rematch of a finished game of the account's was created: the account's seat in it is bound already.
    RematchOffered {
        game: String,
        title: String,
        rematch: String,
    },
    /// The account's webhook failed too many times in a row and is disabled: set it again to resume deliveries.
    WebhookDisabled { url: String, failures: u32 },
    /// Quick play (`POST /v1/matchmaking`) found the account a table: its game, where the account holds `seat`.
    Matched {
        game: String,
        title: String,
        seat: &'static str,
        rated: bool,
    },
    /// The account's quick-play wait at `table` is over without a game: it seeks no more (it may seek again).
    SeekExpired { table: String, title: String },
}

/// Delivers what appends tell the accounts: each game's outbox into the accounts' inboxes, and from there to their
/// webhooks (`webhook`).
pub struct Notifier {
    pub(super) store: Arc<dyn EventStore>,
    pub(super) webhooks: WebhookSettings,
    pub(super) deliverer: Deliverer,
    /// Wakes this instance's webhook deliveries when it noted some due.
    pub(super) wake: tokio::sync::Notify,
    /// The games, to tell a `your_turn` with its legal actions: built after the notifier (their steps notify), and
    /// weak, as they hold it.
    games: OnceLock<Weak<Games>>,
    /// This instance's streams, told of its own pushes at once.
    watcher: Arc<Watcher>,
}

/// What a delivery reads of a stored `your_turn` (its game, seat and version) or `game_finished` (its game, whose
/// turns it ends: no seat).
#[derive(Deserialize)]
struct Turn {
    game: String,
    seat: Option<String>,
    version: u64,
}

impl Turn {
    fn of(entry: &InboxEntry) -> Option<Self> {
        matches!(entry.kind(), Some("your_turn" | "game_finished"))
            .then(|| serde_json::from_str(&entry.event).ok())
            .flatten()
    }

    /// Whether `later`, a notification after this turn, makes it moot: a newer turn of the same seat, or the game's
    /// end.
    fn superseded_by(&self, later: &Turn) -> bool {
        later.game == self.game && (later.seat.is_none() || later.seat == self.seat)
    }
}

impl Notifier {
    pub(in crate::service) fn new(
        store: Arc<dyn EventStore>,
        webhooks: WebhookSettings,
        watcher: Arc<Watcher>,
    ) -> Self {
        Self {
            store,
            deliverer: Deliverer::new(webhooks.allow_private),
            webhooks,
            wake: tokio::sync::Notify::new(),
            games: OnceLock::new(),
            watcher,
        }
    }

    /// The games whose `your_turn`s this notifier delivers with their legal actions.
    pub(in crate::service) fn tell_turns_of(&self, games: &Arc<Games>) {
        // Set once, where the service is wired.
        let _ = self.games.set(Arc::downgrade(games));
    }

    /// `entries`, a page of an inbox, as streams and webhooks deliver them (`InboxEntry::message`), in order: each
    /// `your_turn` with the seat's legal actions at its version, told in `lang` when one is asked. A `your_turn`
    /// whose game moved past its version is left out (`None`): a newer one of the seat, or the game's end, follows in
    /// the inbox, or the seat no longer acts; so is one that a later entry of the page supersedes already (without
    /// reading its game).
    pub async fn delivered(
        &self,
        entries: &[InboxEntry],
        lang: Option<Lang>,
    ) -> Result<Vec<(InboxId, Option<String>)>, ServiceError> {
        let turns: Vec<Option<Turn>> = entries.iter().map(Turn::of).collect();
        let mut out = Vec::with_capacity(entries.len());
        for (at, entry) in entries.iter().enumerate() {
            let message = match &turns[at] {
                Some(turn @ Turn { seat: Some(seat), .. }) => {
                    match turns[at + 1..].iter().flatten().any(|later| turn.superseded_by(later)) {
                        true => None,
                        false => self.with_legal_actions(entry, turn, seat, lang).await?,
                    }
                }
                _ => Some(entry.message()),
            };
            out.push((entry.id, message));
        }
        Ok(out)
    }

    /// A `your_turn`'s message with the seat's legal actions, if its game is still at its version.
    async fn with_legal_actions(
        &self,
        entry: &InboxEntry,
        turn: &Turn,
        seat: &str,
        lang: Option<Lang>,
    ) -> Result<Option<String>, ServiceError> {
        let Some(games) = self.games.get().and_then(Weak::upgrade) else {
            return Ok(Some(entry.message()));
        };
        let Ok(id) = GameId::parse(&turn.game) else {
            return Ok(None);
        };
        let game = match games.load(&id).await {
            Ok(game) => game,
            Err(ServiceError::GameNotFound) => return Ok(None),
            Err(error) => return Err(error),
        };
        if game.version() != turn.version {
            return Ok(None);
        }
        let seat = game.seat_index(seat)?;
        let actions = game.session.actions_json(seat, lang);
        let message = entry.message();
        // A JSON object: the actions go in as its last field.
        let fields = message.strip_suffix('}').unwrap_or(&message);
        Ok(Some(format!("{fields},\"legal_actions\":{}}}", actions.get())))
    }

    /// A page of the account's notifications, oldest first.
    pub async fn read_inbox(&self, account: &str, page: InboxPage) -> Result<Vec<InboxEntry>, ServiceError> {
        Ok(self.store.accounts().read_inbox(account, page).await?)
    }

    /// The id of the newest notification the account's inbox keeps, if any.
    pub async fn newest_inbox_entry(&self, account: &str) -> Result<Option<InboxId>, ServiceError> {
        Ok(self.store.accounts().newest_inbox_entry(account).await?)
    }

    /// Once a delivery was noted due on this instance.
    pub(in crate::service) async fn woken(&self) {
        self.wake.notified().await;
    }

    /// What the step that led from `before` (none for a new game) to `after` tells the accounts at the table, as
    /// (account, notification) pairs for the game's outbox: written by the step's own atomic append, so that a crash
    /// after it loses none.
    pub(in crate::service) fn outbox_of(
        before: Option<&LoadedGame>,
        after: &LoadedGame,
        events: &[String],
    ) -> Vec<(String, String)> {
        let table = after.session.table();
        if !table
            .seats
            .iter()
            .any(|seat| seat.account.is_some() || seat.invited.is_some())
        {
            return Vec::new();
        }
        notifications(before, after, events)
            .into_iter()
            .map(|(account, notification)| {
                let text = serde_json::to_string(&notification).expect("notifications serialize");
                (account, text)
            })
            .collect()
    }

    /// Delivers what waits in game `id`'s outbox to the accounts' inboxes and wakes their webhooks, each
    /// notification once: an inbox remembers the outbox entries it took, so that a delivery retried after a crash
    /// (by the sweep that the step noted due) adds nothing twice. What cannot be delivered now waits for that sweep.
    /// Returns how many were waiting.
    pub(in crate::service) async fn deliver_outbox(&self, id: &str) -> usize {
        let entries = match self.store.outbox(id).await {
            Ok(entries) => entries,
            Err(error) => {
                tracing::warn!(game = %id, %error, "notifications left in the outbox for the sweep");
                return 0;
            }
        };
        let waiting = entries.len();
        let mut delivered = Vec::with_capacity(entries.len());
        for entry in entries {
            let source = format!("{id}:{}", entry.id);
            let push = self
                .store
                .accounts()
                .push_inbox_once(&entry.account, &source, &entry.notification);
            match self.watcher.push_announced(&entry.account, push).await {
                Ok(pushed) => {
                    if pushed.is_some() {
                        self.webhook_due(&entry.account).await;
                    }
                    delivered.push(entry.id);
                }
                Err(error) => {
                    tracing::warn!(game = %id, account = %entry.account, %error, "a notification waits for the sweep");
                    break;
                }
            }
        }
        if let Err(error) = self.store.outbox_delivered(id, &delivered).await {
            // Delivered already: the inboxes' memory of their sources keeps a second delivery from adding them.
            tracing::warn!(game = %id, %error, "delivered notifications left in the outbox");
        }
        waiting
    }

    /// Pushes a notification that no game's step gives (quick play's) to the account's inbox and wakes its webhook.
    /// Best effort: a store error loses it.
    pub(in crate::service) async fn tell(&self, account: &str, notification: &Notification) {
        let event = serde_json::to_string(notification).expect("notifications serialize");
        let push = async { self.store.accounts().push_inbox(account, &event).await.map(Some) };
        match self.watcher.push_announced(account, push).await {
            Ok(_) => self.webhook_due(account).await,
            Err(error) => tracing::warn!(%account, %error, "a notification was not stored"),
        }
    }
}

/// The accounts bound at `game`'s table, each once, with their seats.
pub(super) fn accounts_of_game(game: &LoadedGame) -> Vec<(String, Vec<&'static str>)> {
    let mut accounts: Vec<(String, Vec<&'static str>)> = Vec::new();
    for (seat, taken) in game.session.table().seats.iter().enumerate() {
        let Some(account) = &taken.account else { continue };
        match accounts.iter_mut().find(|(known, _)| known == account) {
            Some((_, seats)) => seats.push(game.seat_name(seat)),
            None => accounts.push((account.clone(), vec![game.seat_name(seat)])),
        }
    }
    accounts
}

fn notifications(before: Option<&LoadedGame>, after: &LoadedGame, events: &[String]) -> Vec<(String, Notification)> {
    let told = Told {
        game: after.meta.id.to_string(),
        title: after.meta.title.clone(),
        accounts: accounts_of_game(after),
    };
    let mut out = Vec::new();
    if before.is_none() {
        told.invitations(after, &mut out);
    }
    for event in events.iter().filter_map(|event| TableEvent::parse(event)) {
        told.table_event(before, after, event, &mut out);
    }
    told.progress(before, after, &mut out);
    out
}

/// What every notification of one append shares: its game, and the accounts seated there.
struct Told {
    game: String,
    title: String,
    accounts: Vec<(String, Vec<&'static str>)>,
}

impl Told {
    /// The same notification to every account seated (but `except`).
    fn to_all(
        &self,
        except: Option<&String>,
        out: &mut Vec<(String, Notification)>,
        notification: impl Fn(String, String) -> Notification,
    ) {
        for (account, _) in self.accounts.iter().filter(|(account, _)| Some(account) != except) {
            out.push((account.clone(), notification(self.game.clone(), self.title.clone())));
        }
    }

    /// A new game's invitations, to the accounts invited.
    fn invitations(&self, after: &LoadedGame, out: &mut Vec<(String, Notification)>) {
        let table = after.session.table();
        for (seat, taken) in table.seats.iter().enumerate() {
            if let Some(invited) = &taken.invited {
                let (by, seat) = (table.created_by.clone(), after.seat_name(seat));
                let (game, title) = (self.game.clone(), self.title.clone());
                out.push((invited.clone(), Notification::Invited { game, title, seat, by }));
            }
        }
    }

    /// What a table event tells the others at the table.
    fn table_event(
        &self,
        before: Option<&LoadedGame>,
        after: &LoadedGame,
        event: TableEvent,
        out: &mut Vec<(String, Notification)>,
    ) {
        match event {
            TableEvent::SeatJoined {
                seat,
                name,
                bot,
                account,
                ..
            } => self.to_all(account.as_ref(), out, |game, title| Notification::SeatJoined {
                game,
                title,
                seat: seat.clone(),
                account: account.clone(),
                name: name.clone(),
                bot,
            }),
            TableEvent::InvitationDeclined { seat } => {
                let by = before
                    .and_then(|before| {
                        let index = after.seat_index(&seat).ok()?;
                        before.session.table().seats[index].invited.clone()
                    })
                    .unwrap_or_default();
                self.to_all(None, out, |game, title| Notification::InvitationDeclined {
                    game,
                    title,
                    seat: seat.clone(),
                    by: by.clone(),
                });
            }
            TableEvent::RematchCreated { game: rematch, .. } => {
                self.to_all(None, out, |game, title| Notification::RematchOffered {
                    game,
                    title,
                    rematch: rematch.clone(),
                })
            }
            _ => {}
        }
    }

    /// The game's start and end, to every account at the table, and the turn, to the seats to act.
    fn progress(&self, before: Option<&LoadedGame>, after: &LoadedGame, out: &mut Vec<(String, Notification)>) {
        let started = |game: &LoadedGame| !game.session.table().is_open();
        if after.session.is_finished() {
            if !before.is_some_and(|before| before.session.is_finished()) {
                self.to_all(None, out, |game, title| Notification::GameFinished {
                    game,
                    title,
                    version: after.version(),
                    ending: after.ending(),
                    result: after.session.outcome(),
                });
            }
            return;
        }
        if started(after) && !before.is_some_and(started) {
            for (account, seats) in &self.accounts {
                let (game, title) = (self.game.clone(), self.title.clone());
                out.push((
                    account.clone(),
                    Notification::GameStarted {
                        game,
                        title,
                        seats: seats.clone(),
                    },
                ));
            }
        }
        let table = after.session.table();
        for seat in after.session.to_act() {
            if let Some(account) = &table.seats[seat].account {
                let notification = Notification::YourTurn {
                    game: self.game.clone(),
                    title: self.title.clone(),
                    seat: after.seat_name(seat),
                    version: after.version(),
                    deadline_ms: table.deadline_ms,
                    legal_actions: None,
                };
                out.push((account.clone(), notification));
            }
        }
    }
}
