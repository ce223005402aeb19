//! A player's decision: the actions of Caligula (schema `CaligulaAction`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Kind, Pos, Suit};

/// A player's decision. Every decision of the conspiracy is its own action with an explicit acting seat (the seat
/// submitting it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = CaligulaAction, example = json!({"type": "place_token", "value": 3, "suit": "nobiles", "position": 2}))]
pub enum Action {
    /// Place one SPQR token from the supply, face down, in the leftmost free usable slot of a face-up Civitas card.
    PlaceToken {
        /// A value from the actor's supply (-1 to 6).
        #[schema(example = 3)]
        value: i8,
        suit: Suit,
        /// 1 or 2.
        #[schema(example = 2)]
        position: u8,
    },
    /// Answer the pending effect step: `apply`, `skip`, `first`, `second`, `none`, a kind (`con`, ...), a deck
    /// (`coniura`, `pugio`), a candidate position (`a`, `b`), a Favor place (`supply`, `emperor`, `a`, `b`), a seat
    /// id (STEAL) or `plus` / `minus` (LIFE).
    EffectChoice {
        #[schema(example = "apply")]
        option: String,
    },
    /// Decline the opening (still eligible later), or leave the auction for good once a leader exists.
    ComplotPass,
    /// Match the high bid H: owes H minus the cards already committed.
    ComplotAccept,
    /// Become the leader with a new high bid `total` (> H); owes `total` minus the cards already committed.
    ComplotRaise {
        #[schema(example = 2)]
        total: u32,
    },
    /// Pay one owed card with a Coniura symbol (`con`, `con_dual`, `pug_dual`).
    PayConiura { kind: Kind },
    /// The leader picks the candidate (`a` or `b`).
    ChooseCandidate { candidate: Pos },
    /// The leader places his Favor token.
    LeaderFavour { target: LeaderTarget },
    /// Another conspirator places his Favor token, or keeps it where it is.
    ConspiratorFavour { target: ConspiratorTarget },
    /// A non-participant defends the emperor with one Pugio-symbol card (`pug`, `pug_dual`, `con_dual`).
    Defend { kind: Kind },
    /// A non-participant does not defend.
    DefendPass,
    /// A conspirator stabs with one Pugio-symbol card (`pug`, `pug_dual`, `con_dual`).
    Stab { kind: Kind },
    /// A conspirator stops stabbing.
    StabDone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaLeaderTarget)]
pub enum LeaderTarget {
    Candidate,
    Emperor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CaligulaConspiratorTarget)]
pub enum ConspiratorTarget {
    Stay,
    Candidate,
    Emperor,
}
