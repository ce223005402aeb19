//! How a table was set up: its seats as the game was opened, and what a refusal, a leaving seat and the chat do.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::bot::Bot;

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
