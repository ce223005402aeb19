//! The table's vocabulary in a game's log: its events, the actions every title accepts besides its own, and the
//! `type`s of both (which no title may use).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ChatPolicy, LeaveReason, OnDecline, OnLeave, OpenedSeat};
use crate::engine::bot::Bot;
use crate::engine::clocks::ClockSettings;

/// The `type` of every table event: a title's events and actions never use these (a test checks it).
pub const TABLE_EVENT_TYPES: [&str; 21] = [
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
    "seats_erased",
    "seat_bound",
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
    /// The account that held these seats was deleted: they show as a deleted player's from then on, and the names
    /// and account of earlier events are no longer shown for them (nor the invitations of `invitations`, nor the
    /// creator's account, with `creator`).
    SeatsErased {
        seats: Vec<String>,
        /// The seats the deleted account was invited to: their invitations no longer name it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        invitations: Vec<String>,
        /// The deleted account had created the game.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        creator: bool,
    },
    /// The seat a token holds was bound to an account (a guest who signed up or in keeps the game): the account acts
    /// for it from then on.
    SeatBound {
        seat: String,
        /// Hidden once the account is deleted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
}

/// What a table's erased seats hide of the events written before their erasure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Erasures {
    /// The ids of the erased seats.
    pub seats: Vec<String>,
    /// The ids of the seats whose invitation named an erased account.
    pub invitations: Vec<String>,
    /// The game's creator was erased.
    pub creator: bool,
}

impl Erasures {
    fn hides(&self, seat: &str) -> bool {
        self.seats.iter().any(|erased| erased == seat)
    }

    fn hides_invitation(&self, seat: &str) -> bool {
        self.hides(seat) || self.invitations.iter().any(|erased| erased == seat)
    }
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

    /// The event as anyone may see it: tokens, even hashed or sealed, never leave the store, and `erased`'s seats
    /// show no name nor account.
    pub fn public(&self, erased: &Erasures) -> Self {
        match self {
            TableEvent::SeatJoined {
                seat,
                name,
                bot,
                account,
                ..
            } => {
                let hidden = erased.hides(seat);
                TableEvent::SeatJoined {
                    seat: seat.clone(),
                    name: name.clone().filter(|_| !hidden),
                    token_hash: None,
                    bot: *bot,
                    account: account.clone().filter(|_| !hidden),
                }
            }
            TableEvent::TableOpened { .. } if erased != &Erasures::default() => {
                let mut shown = self.clone();
                if let TableEvent::TableOpened { seats, created_by, .. } = &mut shown {
                    for opened in seats {
                        if erased.hides(&opened.seat) {
                            (opened.name, opened.account) = (None, None);
                        }
                        if erased.hides_invitation(&opened.seat) {
                            opened.invited = None;
                        }
                    }
                    if erased.creator {
                        *created_by = None;
                    }
                }
                shown
            }
            TableEvent::SeatBound { seat, account } => TableEvent::SeatBound {
                seat: seat.clone(),
                account: account.clone().filter(|_| !erased.hides(seat)),
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
    /// Every table action, in the order of `TABLE_ACTION_TYPES`.
    pub const ALL: [TableAction; 8] = [
        TableAction::Resign,
        TableAction::Abort,
        TableAction::HandToBot,
        TableAction::TakeBackSeat,
        TableAction::OfferDraw,
        TableAction::AcceptDraw,
        TableAction::DeclineDraw,
        TableAction::Undo,
    ];

    /// Its `type`.
    pub fn kind(self) -> &'static str {
        TABLE_ACTION_TYPES[Self::ALL
            .iter()
            .position(|action| *action == self)
            .expect("every action is in ALL")]
    }

    /// Whether a seat's legal actions list it when it is open to the seat; the others (resigning, aborting, handing
    /// the seat to a bot) are never listed: a player sends them when they choose.
    pub fn is_listed(self) -> bool {
        !matches!(self, TableAction::Resign | TableAction::Abort | TableAction::HandToBot)
    }

    /// The table's actions of a title's games: all of them, but the draw's when the title's rules have a draw of
    /// their own (`rules_draw`: its actions of the same `type` are then the title's).
    pub fn of_title(rules_draw: bool) -> impl Iterator<Item = TableAction> {
        Self::ALL
            .into_iter()
            .filter(move |action| !(rules_draw && DRAW_ACTION_TYPES.contains(&action.kind())))
    }

    /// The table action `action` is, or `None` when it is not one (then it is the title's to read).
    pub fn parse(action: &serde_json::Value) -> Option<Result<Self, serde_json::Error>> {
        let kind = action.get("type")?.as_str()?;
        if !TABLE_ACTION_TYPES.contains(&kind) {
            return None;
        }
        // serde does not refuse unknown fields next to a unit variant's tag: the action has `type` alone.
        if let Some(extra) = action.as_object()?.keys().find(|key| *key != "type") {
            return Some(Err(serde::de::Error::custom(format!("unknown field `{extra}`, a {kind} has none"))));
        }
        Some(TableAction::deserialize(action))
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
    fn every_table_action_is_named_by_its_type() {
        assert_eq!(TableAction::ALL.len(), TABLE_ACTION_TYPES.len());
        for action in TableAction::ALL {
            let json = serde_json::to_value(action).expect("actions serialize");
            assert_eq!(json, serde_json::json!({"type": action.kind()}));
            let listed = TableAction::of_title(true).any(|other| other == action);
            assert_eq!(listed, !DRAW_ACTION_TYPES.contains(&action.kind()), "{action:?}");
        }
        assert_eq!(TableAction::of_title(false).count(), TABLE_ACTION_TYPES.len());
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
            assert!(!actions.is_empty() && !events.is_empty(), "{} has tagged unions", title.info().id);
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
        assert!(!joined.public(&Erasures::default()).encode().contains("token"));
        let rematch = TableEvent::RematchCreated {
            game: "g".into(),
            sealed_tokens: vec!["cd".into()],
        };
        assert!(!rematch.public(&Erasures::default()).encode().contains("sealed"));
    }

    #[test]
    fn an_erased_seat_s_name_and_account_are_no_longer_shown() {
        let joined = |seat: &str| TableEvent::SeatJoined {
            seat: seat.into(),
            name: Some("Livia".into()),
            token_hash: None,
            bot: None,
            account: Some("acc_1".into()),
        };
        let erased = Erasures {
            seats: vec!["caesar".into()],
            invitations: Vec::new(),
            creator: true,
        };
        let shown = joined("caesar").public(&erased).encode();
        assert!(!shown.contains("Livia") && !shown.contains("acc_1"), "{shown}");
        assert_eq!(joined("cleopatra").public(&erased), joined("cleopatra"));
        let opened = TableEvent::TableOpened {
            seats: ["caesar", "cleopatra"]
                .map(|seat| OpenedSeat {
                    seat: seat.into(),
                    open: false,
                    name: Some(format!("{seat} player")),
                    bot: None,
                    account: Some(format!("acc_{seat}")),
                    invited: None,
                })
                .to_vec(),
            turn_seconds: None,
            expires_at_ms: None,
            on_decline: None,
            created_by: Some("acc_caesar".into()),
            on_leave: None,
            clock: None,
            chat: None,
            rated: false,
        };
        let shown = opened.public(&erased).encode();
        assert!(!shown.contains("caesar player") && !shown.contains("acc_caesar"), "{shown}");
        assert!(shown.contains("cleopatra player") && shown.contains("acc_cleopatra"), "{shown}");
    }
}
