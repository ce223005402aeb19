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

/// The `type` of every table event: a title's events and actions never use these (a test checks it).
pub const TABLE_EVENT_TYPES: [&str; 11] = [
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
    "undone",
];

/// The rule code of a move sent after its seat's deadline.
pub const DEADLINE_PASSED: &str = "deadline_passed";

/// The `type` of the actions every title accepts besides its own.
pub const TABLE_ACTION_TYPES: [&str; 3] = ["resign", "abort", "undo"];

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
    FirstMove { seat: String },
    /// A seat resigned: its side loses.
    Resigned { seat: String },
    /// A seat aborted the game before every seat had moved: it ends without a result.
    Aborted { seat: String },
    /// These seats let their deadline pass: their sides lose.
    TimedOut { seats: Vec<String> },
    /// A seat was still open when the game expired: it ends without a result.
    Expired,
    /// The seats to act must act before this time (milliseconds since the Unix epoch).
    DeadlineSet { deadline_ms: u64 },
    /// A rematch of this finished game was created. Each seat's token for it is kept sealed in the store and shown
    /// only to that seat, in its view of this game.
    RematchCreated {
        game: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schema(ignore)]
        sealed_tokens: Vec<String>,
    },
    /// The account invited to this seat declined it: the seat opens to anyone, or the game ends (as the creator
    /// chose).
    InvitationDeclined { seat: String },
    /// The seat took back its latest decision: the game is as it was before it (the events it undid stay in the log,
    /// and a replay skips them).
    Undone { seat: String },
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

    /// Whether a seat may still undo its decisions after this event: a first move and a new deadline change
    /// nothing of the game, and an undo goes on undoing; everything else (who plays a seat, how the game ended, ...)
    /// ends what may be undone.
    pub fn keeps_undo_trail(&self) -> bool {
        matches!(
            self,
            TableEvent::FirstMove { .. } | TableEvent::DeadlineSet { .. } | TableEvent::Undone { .. }
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

/// Version of what a snapshot holds besides the title's state (the `Table`, and since 4 the undo trail): a snapshot
/// of another version is not used.
pub const TABLE_FORMAT: u32 = 4;

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
    /// The rematch's game id and the seats' sealed tokens for it.
    pub rematch: Option<(String, Vec<String>)>,
    pub on_decline: OnDecline,
    pub created_by: Option<String>,
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

    /// Folds one table event in. `seat_index` reads a seat id; `side` gives a seat and its partners.
    pub fn evolve(
        &mut self,
        event: &TableEvent,
        seat_index: &dyn Fn(&str) -> Option<Seat>,
        side: &dyn Fn(Seat) -> Vec<Seat>,
    ) {
        let mut end = |reason: EndReason, by: Vec<Seat>| {
            let mut losers: Vec<Seat> = by.iter().flat_map(|&seat| side(seat)).collect();
            losers.sort_unstable();
            losers.dedup();
            self.ending = Some(TableEnding { reason, by, losers });
            self.deadline_ms = None;
        };
        match event {
            TableEvent::TableOpened {
                seats,
                turn_seconds,
                expires_at_ms,
                on_decline,
                created_by,
            } => {
                for opened in seats {
                    if let Some(seat) = seat_index(&opened.seat).and_then(|index| self.seats.get_mut(index)) {
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
            }
            TableEvent::SeatJoined {
                seat,
                name,
                token_hash,
                bot,
                account,
            } => {
                if let Some(seat) = seat_index(seat).and_then(|index| self.seats.get_mut(index)) {
                    seat.open = false;
                    seat.name = name.clone();
                    seat.token_hash = token_hash.clone();
                    seat.bot = *bot;
                    seat.account = account.clone();
                    seat.invited = None;
                }
            }
            TableEvent::FirstMove { seat } => {
                if let Some(seat) = seat_index(seat).and_then(|index| self.seats.get_mut(index)) {
                    seat.moved = true;
                }
            }
            TableEvent::Resigned { seat } => end(EndReason::Resigned, seat_index(seat).into_iter().collect()),
            TableEvent::Aborted { seat } => {
                self.ending = Some(TableEnding {
                    reason: EndReason::Aborted,
                    by: seat_index(seat).into_iter().collect(),
                    losers: Vec::new(),
                });
                self.deadline_ms = None;
            }
            TableEvent::TimedOut { seats } => end(
                EndReason::TimedOut,
                seats.iter().filter_map(|seat| seat_index(seat)).collect(),
            ),
            TableEvent::Expired => {
                self.ending = Some(TableEnding {
                    reason: EndReason::Expired,
                    by: Vec::new(),
                    losers: Vec::new(),
                });
            }
            TableEvent::DeadlineSet { deadline_ms } => self.deadline_ms = Some(*deadline_ms),
            // The title's state goes back (`Session`); the table stays as it is.
            TableEvent::Undone { .. } => {}
            TableEvent::RematchCreated { game, sealed_tokens } => {
                self.rematch = Some((game.clone(), sealed_tokens.clone()));
            }
            TableEvent::InvitationDeclined { seat } => {
                let index = seat_index(seat);
                if let Some(declined) = index.and_then(|index| self.seats.get_mut(index)) {
                    declined.invited = None;
                }
                if self.on_decline == OnDecline::Abort {
                    self.ending = Some(TableEnding {
                        reason: EndReason::Aborted,
                        by: index.into_iter().collect(),
                        losers: Vec::new(),
                    });
                    self.deadline_ms = None;
                }
            }
        }
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
        table.evolve(&TableEvent::Resigned { seat: "2".into() }, &index, &teams);
        let ending = table.ending.expect("ended");
        assert_eq!(
            (ending.reason, ending.by, ending.losers),
            (EndReason::Resigned, vec![2], vec![0, 2])
        );
    }
}
