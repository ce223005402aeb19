//! The phase of the game, with the one seat that must act, and the effect cursor of a pending effect decision.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::SeatId;
use crate::engine::Seat;

/// Which effect step is waiting for a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = CaligulaEffectCursor)]
pub struct EffectCursor {
    /// Index into the effect-instance queue of the card being resolved.
    pub instance: usize,
    /// Index of the printed effect step.
    pub step: usize,
    /// For a two-effect step: the chosen alternative (0 = first, 1 = second) once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternative: Option<u8>,
    /// For multi-decision steps (ANY n, DIS n): decisions still to make.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<u32>,
}

impl EffectCursor {
    /// The next printed step of the same effect instance, nothing chosen yet.
    pub fn next_step(self) -> EffectCursor {
        EffectCursor {
            instance: self.instance,
            step: self.step + 1,
            alternative: None,
            remaining: None,
        }
    }
}

/// The phase, with the seat that must act (exactly one seat acts at any time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[schema(as = CaligulaPhase)]
pub enum Phase {
    /// Before the setup events.
    Setup,
    Placement {
        seat: SeatId,
    },
    EffectDecision {
        seat: SeatId,
        cursor: EffectCursor,
    },
    Complot {
        seat: SeatId,
    },
    ComplotPayment {
        seat: SeatId,
        /// Cards still to pay.
        owed: u32,
    },
    FavourCandidate {
        seat: SeatId,
    },
    FavourLeader {
        seat: SeatId,
    },
    FavourConspirator {
        seat: SeatId,
    },
    Defence {
        seat: SeatId,
    },
    Stabbing {
        seat: SeatId,
    },
    GameOver,
}

impl Phase {
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Phase::Setup | Phase::GameOver => None,
            Phase::Placement { seat }
            | Phase::EffectDecision { seat, .. }
            | Phase::Complot { seat }
            | Phase::ComplotPayment { seat, .. }
            | Phase::FavourCandidate { seat }
            | Phase::FavourLeader { seat }
            | Phase::FavourConspirator { seat }
            | Phase::Defence { seat }
            | Phase::Stabbing { seat } => Some(seat.idx()),
        }
    }
}
