//! The manipulation being resolved as one viewer sees it: the card on the table, a Castling's pool (D29) and the hand
//! seen by a Spy.

use serde::Serialize;
use utoipa::ToSchema;

use super::super::card::OwnedCard;
use super::super::data::data;
use super::super::face::Face;
use super::super::ids::{Group, ManipulationKind, Phase, SeatId};
use super::super::state::{State, opponent};
use super::super::value::InfluenceValue;
use super::seat::owned;

/// The manipulation card on the table, while it is being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcPendingManipulation)]
pub struct PendingManipulation {
    pub seat: SeatId,
    pub card: ManipulationKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<Group>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<InfluenceValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Group>>,
}

/// A Castling being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcCastlingView)]
pub struct CastlingView {
    pub seat: SeatId,
    pub groups: Vec<Group>,
    /// For others, cards already put back still count here until the pool is empty (D29).
    pub pool_count: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Vec<OwnedCard>>,
}

pub(super) fn pending_manipulation(state: &State) -> Option<PendingManipulation> {
    state.pending.as_ref().map(|pending| PendingManipulation {
        seat: SeatId::from_index(pending.seat),
        card: pending.kind,
        group: pending.params.group,
        target: pending.params.target,
        groups: pending.params.groups.map(|groups| groups.to_vec()),
    })
}

pub(super) fn castling_view(state: &State, viewer: Option<usize>) -> Option<CastlingView> {
    let (Some(pending), Some(groups)) = (&state.pending, state.castling_groups) else {
        return None;
    };
    let mine = viewer == Some(pending.seat);
    let pool = &state.seats[pending.seat].pool;
    Some(CastlingView {
        seat: SeatId::from_index(pending.seat),
        groups: groups.to_vec(),
        pool_count: if mine {
            pool.len() as u32
        } else {
            (pool.len() + state.castle_placed()) as u32
        },
        pool: mine.then(|| owned(pool)),
    })
}

/// The opponent's hand as faces, for the spying seat while `spy_pick` lasts.
pub(super) fn spied_hand(state: &State, viewer: Option<usize>) -> Option<Vec<Face>> {
    (state.phase == Phase::SpyPick && viewer == Some(state.active)).then(|| {
        let data = data();
        let mut faces: Vec<Face> = state.seats[opponent(state.active)]
            .hand
            .iter()
            .filter_map(|&card| data.face(card))
            .collect();
        faces.sort();
        faces
    })
}
