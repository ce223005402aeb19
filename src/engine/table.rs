//! The table around every title's game: who sits where, and how a game ends besides being played out (resignation,
//! abort, timeout, expiry of an unfilled game), its turn clock and its rematch.
//!
//! Table events share the game's log with the title's own events, so that a log still replays to the same game. The
//! service decides them (a title's rules never see them) and they fold into a `Table` the same way for every title.
//! A log without table events (every seat taken at creation, no clock) is an ordinary game.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Seat;
use super::bot::Bot;
use super::clocks::{ClockSettings, SeatClock};

/// The `type` of every table event: a title's events and actions never use these (a test checks it).
pub const TABLE_EVENT_TYPES: [&str; 19] = [
    "table_opened",
    "seat_joined",
    "first_move",
    "resigned",
    "aborted",
    "timed_out",
    "expired",
    "deadline_set",
    "rematch_created",
    "invitation_declined",
    "seat_abandoned",
    "handed_to_bot",
    "seat_taken_back",
    "draw_offer_made",
    "draw_offer_accepted",
    "draw_offer_declined",
    "draw_agreed",
    "clocks_run",
    "undone",
];

/// The `type` of the actions every title accepts besides its own.
pub const TABLE_ACTION_TYPES: [&str; 8] = [
    "resign",
    "abort",
    "hand_to_bot",
    "take_back_seat",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "undo",
];

/// Whether a listed action is one of the table's (by its `type`): a client that picks among the listed actions at
/// random skips these, or it would offer draws and hand its seat to bots (in Rome et Carthage the draw offer is
/// the rules' own, and is skipped too).
pub fn is_table_action(action: &serde_json::Value) -> bool {
    action
        .get("type")
        .and_then(serde_json::Value::as_str)
        .is_some_and(|kind| TABLE_ACTION_TYPES.contains(&kind))
}

/// The table's draw actions, which a title with a draw of its own in its rules (`Game::RULES_DRAW`) reads instead.
pub const DRAW_ACTION_TYPES: [&str; 3] = ["offer_draw", "accept_draw", "decline_draw"];

/// A seat as the game was opened: taken by the creator, or open to whoever joins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OpenedSeat {
    #[schema(example = "caesar")]
    pub seat: String,
    /// True while the seat waits for someone to join it.
    pub open: bool,
    /// The display name of whoever sits there, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The built-in opponent that plays this seat, if one does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<Bot>,
    /// The account the seat is bound to (the creator's seats, when the creator came with an account key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
    /// The account an open seat is reserved for: only it may join, or decline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invited: Option<String>,
}

/// What happens to a game when an invited account declines its seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnDecline {
    /// The seat opens to anyone.
    #[default]
    Open,
    /// The game ends without a result.
    Abort,
}

/// What happens when a seat resigns or lets its time run out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OnLeave {
    /// The game ends: the seat's side loses.
    End,
    /// A built-in `search` bot takes the seat over and the game goes on; the seat ranks last.
    Bot,
}

impl OnLeave {
    /// `bot` with 3 or more seats (one absent person does not end an hour for the others), `end` with 2.
    pub fn default_for(players: usize) -> Self {
        if players >= 3 { OnLeave::Bot } else { OnLeave::End }
    }
}

/// Why a seat left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LeaveReason {
    Resigned,
    TimedOut,
}

/// Who may read and write a game's chat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatPolicy {
    /// The seats only (with their token or account key).
    #[default]
    Players,
    /// Anyone: spectators too, their messages marked as a spectator's.
    All,
    /// No chat.
    Off,
}

impl ChatPolicy {
    /// Whether a seat (`seated`) or a spectator may read and write the chat.
    pub fn admits(self, seated: bool) -> bool {
        match self {
            ChatPolicy::Players => seated,
            ChatPolicy::All => true,
            ChatPolicy::Off => false,
        }
    }
}

/// What the service writes into a game's log for every title alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableEvent {
    /// First event of a game created with open seats, display names or a turn clock.
    TableOpened {
        seats: Vec<OpenedSeat>,
        /// Seconds each decision may take; absent without a clock.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_seconds: Option<u64>,
        /// When the game expires if a seat is still open (milliseconds since the Unix epoch).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        expires_at_ms: Option<u64>,
        /// What an invited account's refusal does; absent without invitations.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on_decline: Option<OnDecline>,
        /// The account that created the game, when it came with an account key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        created_by: Option<String>,
        /// What a seat that leaves does to the game; absent: `bot` with 3 or more seats, `end` with 2.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on_leave: Option<OnLeave>,
        /// A clock per seat (Fischer or a time bank); absent without one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockSettings>,
        /// Who may use the game's chat; absent for the default, `players`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chat: Option<ChatPolicy>,
        /// The game changes its accounts' ratings once it is over; absent when it does not.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rated: bool,
    },
    /// Someone took an open seat. The hash of its token is kept in the store and never shown.
    SeatJoined {
        seat: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(ignore)]
        token_hash: Option<String>,
        /// The built-in opponent that took the seat, when one did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot: Option<Bot>,
        /// The account that took the seat, when it came with an account key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
    /// A seat made its first move (recorded once per seat: a game may be aborted until every seat has moved).
    FirstMove {
        seat: String,
    },
    /// A seat resigned: its side loses.
    Resigned {
        seat: String,
    },
    /// A seat aborted the game before every seat had moved: it ends without a result.
    Aborted {
        seat: String,
    },
    /// These seats let their deadline pass: their sides lose.
    TimedOut {
        seats: Vec<String>,
    },
    /// A seat was still open when the game expired: it ends without a result.
    Expired,
    /// The seats to act must act before this time (milliseconds since the Unix epoch).
    DeadlineSet {
        deadline_ms: u64,
    },
    /// A rematch of this finished game was created. Each player's token opens their seat in it; logs written before
    /// hold a new token per seat, sealed (`sealed_tokens`, never shown).
    RematchCreated {
        game: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schema(ignore)]
        sealed_tokens: Vec<String>,
    },
    /// The account invited to this seat declined it: the seat opens to anyone, or the game ends (as the creator
    /// chose).
    InvitationDeclined {
        seat: String,
    },
    /// The seat resigned or let its time run out in a game that goes on without it: a built-in `search` bot plays it
    /// to the end, and it ranks last.
    SeatAbandoned {
        seat: String,
        reason: LeaveReason,
    },
    /// The seat's player handed it to a built-in `search` bot for a while.
    HandedToBot {
        seat: String,
    },
    /// The seat's player took it back from the bot.
    SeatTakenBack {
        seat: String,
    },
    /// The seat offers a draw to every other remaining seat.
    DrawOfferMade {
        seat: String,
    },
    DrawOfferAccepted {
        seat: String,
    },
    /// The seat declined the draw offered: the offer is over.
    DrawOfferDeclined {
        seat: String,
    },
    /// Every remaining seat accepted the draw: the game ends, shared by them all.
    DrawAgreed,
    /// The seats' clocks were read at `at_ms`: the running ones charged, `moved`'s decision over (its increment, or
    /// its unused turn time back into its bank), and the clocks of the seats to act run from then on.
    ClocksRun {
        at_ms: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moved: Option<String>,
    },
    /// The seat took back its latest decision: the game is as it was before it (the events it undid stay in the log,
    /// and a replay skips them).
    Undone {
        seat: String,
    },
}

impl TableEvent {
    /// The table event a stored event is, or `None` for a title's event. Cheap for a title's events: only the
    /// `type` (serialized first) is looked at.
    pub fn parse(text: &str) -> Option<Self> {
        let rest = text.strip_prefix(r#"{"type":""#)?;
        let kind = &rest[..rest.find('"')?];
        if !TABLE_EVENT_TYPES.contains(&kind) {
            return None;
        }
        serde_json::from_str(text).ok()
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("table events serialize")
    }

    /// Whether a seat may still undo its decisions after this event: a first move, a new deadline and the clocks'
    /// reading change nothing of the game, and an undo goes on undoing; everything else (who plays a seat, a draw
    /// offered or answered by a seat, how the game ended, ...) ends what may be undone.
    pub fn keeps_undo_trail(&self) -> bool {
        matches!(
            self,
            TableEvent::FirstMove { .. }
                | TableEvent::DeadlineSet { .. }
                | TableEvent::ClocksRun { .. }
                | TableEvent::Undone { .. }
        )
    }

    /// The event as anyone may see it: tokens, even hashed or sealed, never leave the store.
    pub fn public(&self) -> Self {
        match self {
            TableEvent::SeatJoined {
                seat,
                name,
                bot,
                account,
                ..
            } => TableEvent::SeatJoined {
                seat: seat.clone(),
                name: name.clone(),
                token_hash: None,
                bot: *bot,
                account: account.clone(),
            },
            TableEvent::RematchCreated { game, .. } => TableEvent::RematchCreated {
                game: game.clone(),
                sealed_tokens: Vec::new(),
            },
            other => other.clone(),
        }
    }
}

/// An action every title accepts besides its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TableAction {
    /// Concede: the game ends and the seat's side loses. Allowed at any time while the game is on.
    Resign,
    /// End the game without a result; allowed only until every seat has made its first move.
    Abort,
    /// Let a built-in `search` bot play the seat until `take_back_seat`.
    HandToBot,
    /// Play the seat again after `hand_to_bot`.
    TakeBackSeat,
    /// Offer a draw to every other remaining seat (on the seat's turn; not in titles with a draw in their rules).
    OfferDraw,
    /// Accept the draw offered: once every remaining seat accepted, the game ends in a draw.
    AcceptDraw,
    /// Decline the draw offered: the offer is over.
    DeclineDraw,
    /// Take back the seat's latest decision; listed among its legal actions exactly when allowed: while no other
    /// seat has decided since, and nothing since revealed hidden information or drew a chance outcome.
    Undo,
}

impl TableAction {
    /// The table action `action` is, or `None` when it is not one (then it is the title's to read).
    pub fn parse(action: &serde_json::Value) -> Option<Result<Self, serde_json::Error>> {
        let kind = action.get("type")?.as_str()?;
        if !TABLE_ACTION_TYPES.contains(&kind) {
            return None;
        }
        // serde does not refuse unknown fields next to a unit variant's tag: the action has `type` alone.
        if let Some(extra) = action.as_object()?.keys().find(|key| *key != "type") {
            return Some(Err(serde::de::Error::custom(format!(
                "unknown field `{extra}`, a {kind} has none"
            ))));
        }
        Some(TableAction::deserialize(action))
    }
}

/// Who takes an open seat.
pub enum Taker {
    /// Someone whose token hashes to `token_hash`, with the account they came with.
    Person {
        name: Option<String>,
        token_hash: String,
        account: Option<String>,
    },
    Bot(Bot),
}

/// One seat at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSeat {
    pub open: bool,
    pub name: Option<String>,
    /// Set for a seat taken by joining: its token's hash.
    pub token_hash: Option<String>,
    pub moved: bool,
    /// The built-in opponent that plays this seat, if one does.
    pub bot: Option<Bot>,
    /// The account the seat is bound to.
    pub account: Option<String>,
    /// The account an open seat is reserved for.
    pub invited: Option<String>,
    /// Set once the seat left a game that goes on: a bot plays it and it ranks last.
    pub abandoned: Option<LeaveReason>,
    /// True while its player handed the seat to a bot.
    pub handed: bool,
}

impl TableSeat {
    /// True while a person plays the seat (no bot, whether from the start, by hand-over or after leaving).
    pub fn played_by_person(&self) -> bool {
        self.bot.is_none()
    }
}

/// A draw offered and not yet answered by everyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub by: Seat,
    pub accepted: Vec<Seat>,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Played to the end of the title's rules: `result` tells the rest.
    PlayedOut,
    Resigned,
    TimedOut,
    Aborted,
    Expired,
    /// Every remaining seat agreed to a draw.
    DrawAgreed,
}

/// How a game ended other than by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEnding {
    pub reason: EndReason,
    /// The seats that resigned, timed out or aborted.
    pub by: Vec<Seat>,
    /// Their sides (they and their partners): the losers.
    pub losers: Vec<Seat>,
}

/// Version of what a snapshot holds besides the title's state (the `Table`, and since 6 the undo trail, since 7 with
/// the clocks each of its decisions found): a snapshot of another version is not used.
pub const TABLE_FORMAT: u32 = 7;

/// Everything the table events of a log tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub seats: Vec<TableSeat>,
    /// Whether the game was opened with open seats: then the lobby lists it.
    pub listed: bool,
    pub turn_seconds: Option<u64>,
    pub expires_at_ms: Option<u64>,
    pub deadline_ms: Option<u64>,
    pub ending: Option<TableEnding>,
    /// The rematch's game id, and the seats' sealed tokens for it in a log written before each player's token
    /// opened its seat there (empty since).
    pub rematch: Option<(String, Vec<String>)>,
    pub on_decline: OnDecline,
    pub created_by: Option<String>,
    pub on_leave: OnLeave,
    pub clock: Option<ClockSettings>,
    /// Each seat's time, with a clock.
    pub clocks: Vec<SeatClock>,
    /// The seats whose clocks run, and since when.
    pub running: Vec<Seat>,
    pub running_since_ms: Option<u64>,
    pub draw_offer: Option<DrawOffer>,
    /// The seat whose draw offer was declined: it may offer again only after a move of the title.
    pub draw_declined_to: Option<Seat>,
    pub chat: ChatPolicy,
    /// The game changes its accounts' ratings once it is over.
    #[serde(default)]
    pub rated: bool,
}

/// The clocks as a decision found them: an undo of the decision puts them back, so that the time spent since keeps
/// running for the seats whose clocks ran then, and what the decision earned (an increment, turn time back into a
/// bank, a new turn deadline) is taken back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReading {
    deadline_ms: Option<u64>,
    clocks: Vec<SeatClock>,
    running: Vec<Seat>,
    running_since_ms: Option<u64>,
}

/// What folding a table event needs to know of the title's game.
pub struct Seating<'a> {
    /// A seat's index from its id.
    pub index: &'a dyn Fn(&str) -> Option<Seat>,
    /// A seat and its partners.
    pub side: &'a dyn Fn(Seat) -> Vec<Seat>,
    /// The seats the title has to act now.
    pub to_act: &'a dyn Fn() -> Vec<Seat>,
}

impl Table {
    /// The table of a game whose seats were all taken at creation, with no clock: what a log without table events
    /// stands for.
    pub fn closed(players: usize) -> Self {
        Self {
            seats: vec![TableSeat::default(); players],
            listed: false,
            turn_seconds: None,
            expires_at_ms: None,
            deadline_ms: None,
            ending: None,
            rematch: None,
            on_decline: OnDecline::Open,
            created_by: None,
            on_leave: OnLeave::default_for(players),
            clock: None,
            clocks: Vec::new(),
            running: Vec::new(),
            running_since_ms: None,
            draw_offer: None,
            draw_declined_to: None,
            chat: ChatPolicy::Players,
            rated: false,
        }
    }

    /// True while a seat waits for someone: the title's game has not started.
    pub fn is_open(&self) -> bool {
        self.seats.iter().any(|seat| seat.open)
    }

    /// True once every seat made its first move: the game can no longer be aborted.
    pub fn all_moved(&self) -> bool {
        self.seats.iter().all(|seat| seat.moved)
    }

    /// The seats still in the game: those that did not leave it.
    pub fn remaining(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.abandoned.is_none())
            .map(|(index, _)| index)
    }

    /// When `seat` loses its time to act, if it is to act (`to_act`) and runs against a clock: the turn's deadline,
    /// or with a clock per seat, when its own runs out. Seats a bot plays never run out of time.
    pub fn deadline_of(&self, seat: Seat, to_act: &[Seat]) -> Option<u64> {
        if !to_act.contains(&seat) || !self.seats.get(seat).is_some_and(TableSeat::played_by_person) {
            return None;
        }
        match self.clock {
            None => self.deadline_ms,
            Some(clock) => {
                let since = self.running_since_ms?;
                self.running
                    .contains(&seat)
                    .then(|| since.saturating_add(clock.available_ms(self.clocks[seat])))
            }
        }
    }

    /// The seats among `to_act` whose time ran out at `now_ms`.
    pub fn out_of_time(&self, to_act: &[Seat], now_ms: u64) -> Vec<Seat> {
        to_act
            .iter()
            .copied()
            .filter(|&seat| {
                self.deadline_of(seat, to_act)
                    .is_some_and(|deadline| deadline <= now_ms)
            })
            .collect()
    }

    /// The clocks now, for an undo to put back.
    pub fn clock_reading(&self) -> ClockReading {
        ClockReading {
            deadline_ms: self.deadline_ms,
            clocks: self.clocks.clone(),
            running: self.running.clone(),
            running_since_ms: self.running_since_ms,
        }
    }

    /// Puts the clocks back as `reading` found them (an undo): they run on from then, the time since included.
    pub fn restore_clocks(&mut self, reading: ClockReading) {
        self.deadline_ms = reading.deadline_ms;
        self.clocks = reading.clocks;
        self.running = reading.running;
        self.running_since_ms = reading.running_since_ms;
    }

    /// A title's event was folded in: a pending draw offer lapses (a move answers it), and a seat whose offer was
    /// declined may offer again.
    pub fn title_moved(&mut self) {
        self.draw_offer = None;
        self.draw_declined_to = None;
    }

    /// Folds one table event in.
    pub fn evolve(&mut self, event: &TableEvent, seating: &Seating<'_>) {
        let seat_of = |id: &str| (seating.index)(id);
        match event {
            TableEvent::TableOpened {
                seats,
                turn_seconds,
                expires_at_ms,
                on_decline,
                created_by,
                on_leave,
                clock,
                chat,
                rated,
            } => {
                for opened in seats {
                    if let Some(seat) = seat_of(&opened.seat).and_then(|index| self.seats.get_mut(index)) {
                        seat.open = opened.open;
                        seat.name = opened.name.clone();
                        seat.bot = opened.bot;
                        seat.account = opened.account.clone();
                        seat.invited = opened.invited.clone();
                    }
                }
                self.listed = self.is_open();
                self.turn_seconds = *turn_seconds;
                self.expires_at_ms = *expires_at_ms;
                self.on_decline = on_decline.unwrap_or_default();
                self.created_by = created_by.clone();
                self.on_leave = on_leave.unwrap_or(OnLeave::default_for(self.seats.len()));
                self.clock = *clock;
                self.clocks = clock.map_or_else(Vec::new, |clock| vec![clock.start(); self.seats.len()]);
                self.chat = chat.unwrap_or_default();
                self.rated = *rated;
            }
            TableEvent::SeatJoined {
                seat,
                name,
                token_hash,
                bot,
                account,
            } => {
                if let Some(seat) = seat_of(seat).and_then(|index| self.seats.get_mut(index)) {
                    seat.open = false;
                    seat.name = name.clone();
                    seat.token_hash = token_hash.clone();
                    seat.bot = *bot;
                    seat.account = account.clone();
                    seat.invited = None;
                }
            }
            TableEvent::FirstMove { seat } => {
                if let Some(seat) = seat_of(seat).and_then(|index| self.seats.get_mut(index)) {
                    seat.moved = true;
                }
            }
            TableEvent::Resigned { seat } => {
                self.end(EndReason::Resigned, seat_of(seat).into_iter().collect(), seating)
            }
            TableEvent::Aborted { seat } => {
                self.end_without_result(EndReason::Aborted, seat_of(seat).into_iter().collect())
            }
            TableEvent::TimedOut { seats } => self.end(
                EndReason::TimedOut,
                seats.iter().filter_map(|seat| seat_of(seat)).collect(),
                seating,
            ),
            TableEvent::Expired => self.end_without_result(EndReason::Expired, Vec::new()),
            TableEvent::DeadlineSet { deadline_ms } => self.deadline_ms = Some(*deadline_ms),
            TableEvent::RematchCreated { game, sealed_tokens } => {
                self.rematch = Some((game.clone(), sealed_tokens.clone()));
            }
            TableEvent::InvitationDeclined { seat } => {
                let index = seat_of(seat);
                if let Some(declined) = index.and_then(|index| self.seats.get_mut(index)) {
                    declined.invited = None;
                }
                if self.on_decline == OnDecline::Abort {
                    self.end_without_result(EndReason::Aborted, index.into_iter().collect());
                }
            }
            TableEvent::SeatAbandoned { seat, reason } => {
                if let Some(left) = seat_of(seat).and_then(|index| self.seats.get_mut(index)) {
                    left.bot = Some(Bot::SEARCH);
                    left.abandoned = Some(*reason);
                    left.handed = false;
                }
                // The seats left are no longer party to an offer made to them.
                self.draw_offer = None;
            }
            TableEvent::HandedToBot { seat } => {
                if let Some(handed) = seat_of(seat).and_then(|index| self.seats.get_mut(index)) {
                    handed.bot = Some(Bot::SEARCH);
                    handed.handed = true;
                }
            }
            TableEvent::SeatTakenBack { seat } => {
                if let Some(taken) = seat_of(seat).and_then(|index| self.seats.get_mut(index)) {
                    taken.bot = None;
                    taken.handed = false;
                }
            }
            TableEvent::DrawOfferMade { seat } => {
                self.draw_offer = seat_of(seat).map(|by| DrawOffer {
                    by,
                    accepted: Vec::new(),
                });
            }
            TableEvent::DrawOfferAccepted { seat } => {
                if let (Some(offer), Some(seat)) = (self.draw_offer.as_mut(), seat_of(seat)) {
                    offer.accepted.push(seat);
                }
            }
            TableEvent::DrawOfferDeclined { .. } => {
                self.draw_declined_to = self.draw_offer.take().map(|offer| offer.by);
            }
            TableEvent::DrawAgreed => {
                self.draw_offer = None;
                self.end_without_result(EndReason::DrawAgreed, Vec::new());
            }
            // The title's state and the clocks go back (`Session`, from its undo trail); the rest stays as it is.
            TableEvent::Undone { .. } => {}
            TableEvent::ClocksRun { at_ms, moved } => {
                self.run_clocks(*at_ms, moved.as_deref().and_then(seat_of), seating)
            }
        }
        if let TableEvent::SeatAbandoned { .. } | TableEvent::HandedToBot { .. } | TableEvent::SeatTakenBack { .. } =
            event
        {
            self.refresh_clock_deadline();
        }
        if self.ending.is_some() {
            self.running.clear();
            self.running_since_ms = None;
        }
    }

    /// Ends the game by `by`'s leaving: their sides lose.
    fn end(&mut self, reason: EndReason, by: Vec<Seat>, seating: &Seating<'_>) {
        let mut losers: Vec<Seat> = by.iter().flat_map(|&seat| (seating.side)(seat)).collect();
        losers.sort_unstable();
        losers.dedup();
        self.ending = Some(TableEnding { reason, by, losers });
        self.deadline_ms = None;
    }

    fn end_without_result(&mut self, reason: EndReason, by: Vec<Seat>) {
        self.ending = Some(TableEnding {
            reason,
            by,
            losers: Vec::new(),
        });
        self.deadline_ms = None;
    }

    /// Charges the running clocks up to `at_ms`, ends `moved`'s decision, and runs the clocks of the seats to act.
    fn run_clocks(&mut self, at_ms: u64, moved: Option<Seat>, seating: &Seating<'_>) {
        let Some(clock) = self.clock else { return };
        if let Some(since) = self.running_since_ms {
            for &seat in &self.running {
                clock.charge(&mut self.clocks[seat], at_ms.saturating_sub(since));
            }
        }
        if let Some(moved) = moved.and_then(|seat| self.clocks.get_mut(seat)) {
            clock.complete(moved);
        }
        self.running = (seating.to_act)();
        self.running_since_ms = (!self.running.is_empty()).then_some(at_ms);
        self.refresh_clock_deadline();
    }

    /// With a clock per seat: the game's next deadline is the first of the running seats' played by a person.
    fn refresh_clock_deadline(&mut self) {
        if self.clock.is_some() {
            self.deadline_ms = self
                .running
                .iter()
                .filter_map(|&seat| self.deadline_of(seat, &self.running))
                .min();
        }
    }

    /// Each seat's time left at `now_ms`, and whether its clock runs (with a clock per seat).
    pub fn seat_times(&self, now_ms: u64) -> Option<Vec<(u64, bool)>> {
        let clock = self.clock?;
        let elapsed = self.running_since_ms.map_or(0, |since| now_ms.saturating_sub(since));
        Some(
            self.clocks
                .iter()
                .enumerate()
                .map(|(seat, &time)| {
                    let running = self.running.contains(&seat);
                    let mut time = time;
                    if running {
                        clock.charge(&mut time, elapsed);
                    }
                    (clock.available_ms(time), running)
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_events_are_told_from_title_events_by_their_type() {
        let joined = TableEvent::SeatJoined {
            seat: "caesar".into(),
            name: Some("Ann".into()),
            token_hash: Some("ab".into()),
            bot: None,
            account: None,
        };
        assert_eq!(TableEvent::parse(&joined.encode()), Some(joined));
        assert_eq!(TableEvent::parse(r#"{"type":"card_played","card":3}"#), None);
        assert_eq!(TableEvent::parse(r#"{"seat":"caesar","type":"resigned"}"#), None);
    }

    #[test]
    fn no_title_uses_the_table_s_action_or_event_types() {
        let registry = crate::engine::Registry::with_all_titles();
        for title in registry.titles() {
            let mut schemas = Vec::new();
            title.schemas(&mut schemas);
            let names = title.schema_names();
            let tags_of = |union: &str| -> Vec<String> {
                let (_, schema) = schemas
                    .iter()
                    .find(|(name, _)| name == union)
                    .expect("the title's union");
                let schema = serde_json::to_value(schema).expect("schemas serialize");
                schema["oneOf"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|variant| variant["properties"]["type"]["enum"][0].as_str().map(str::to_owned))
                    .collect()
            };
            let (actions, events) = (tags_of(&names.action), tags_of(&names.event));
            assert!(
                !actions.is_empty() && !events.is_empty(),
                "{} has tagged unions",
                title.info().id
            );
            for tag in actions.iter().chain(&events) {
                if title.rules_draw() && DRAW_ACTION_TYPES.contains(&tag.as_str()) && actions.contains(tag) {
                    continue;
                }
                assert!(
                    !TABLE_EVENT_TYPES.contains(&tag.as_str()) && !TABLE_ACTION_TYPES.contains(&tag.as_str()),
                    "{} uses the table's type {tag}",
                    title.info().id
                );
            }
        }
    }

    #[test]
    fn public_table_events_carry_no_token_material() {
        let joined = TableEvent::SeatJoined {
            seat: "caesar".into(),
            name: None,
            token_hash: Some("ab".into()),
            bot: None,
            account: None,
        };
        assert!(!joined.public().encode().contains("token"));
        let rematch = TableEvent::RematchCreated {
            game: "g".into(),
            sealed_tokens: vec!["cd".into()],
        };
        assert!(!rematch.public().encode().contains("sealed"));
    }

    #[test]
    fn a_resignation_makes_the_seat_and_its_partners_lose() {
        let mut table = Table::closed(4);
        let index = |seat: &str| seat.parse().ok();
        let teams = |seat: Seat| if seat.is_multiple_of(2) { vec![0, 2] } else { vec![1, 3] };
        let seating = Seating {
            index: &index,
            side: &teams,
            to_act: &Vec::new,
        };
        table.evolve(&TableEvent::Resigned { seat: "2".into() }, &seating);
        let ending = table.ending.expect("ended");
        assert_eq!(
            (ending.reason, ending.by, ending.losers),
            (EndReason::Resigned, vec![2], vec![0, 2])
        );
    }
}
