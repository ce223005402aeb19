//! The board as everyone sees it: every piece and where it is, and the held cities.

use serde::Serialize;
use utoipa::ToSchema;

use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::ids::{SeatId, StateId, seat_id};
use crate::games::rome_carthage::piece::{Kind, Piece};
use crate::games::rome_carthage::state::{GONE, State, UNPLACED};

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RomeCarthagePieceStatus)]
pub enum PieceStatus {
    Unplaced,
    OnBoard,
    Eliminated,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePieceView)]
pub struct PieceView {
    pub piece: Piece,
    pub state: StateId,
    pub kind: Kind,
    pub owner: Option<SeatId>,
    pub status: PieceStatus,
    pub city: Option<CityId>,
    /// Attacker or defender of a pending or current combat.
    pub engaged: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCityView)]
pub struct CityView {
    pub city: CityId,
    pub state: StateId,
    /// The holder (the defender while a combat is pending there).
    pub holder: Option<Piece>,
    /// A capital held by an enemy of its state's owner.
    pub occupied: bool,
}

/// Every piece, in canonical order; `assigned`: the states have their owners.
pub(super) fn pieces(state: &State, assigned: bool) -> Vec<PieceView> {
    (0..Piece::COUNT)
        .map(Piece)
        .map(|piece| PieceView {
            piece,
            state: StateId::of(piece.state()),
            kind: piece.kind(),
            owner: assigned.then(|| seat_id(state.owner_of(piece))),
            status: match state.pos[piece.0 as usize] {
                UNPLACED => PieceStatus::Unplaced,
                GONE => PieceStatus::Eliminated,
                _ => PieceStatus::OnBoard,
            },
            city: state.city_of(piece).map(CityId),
            engaged: state.engaged(piece),
        })
        .collect()
}

/// The held cities, in map order.
pub(super) fn cities(state: &State, assigned: bool) -> Vec<CityView> {
    (0..state.holder.len() as u8)
        .filter_map(|city| {
            let holder = state.holder_of(city)?;
            let info = &board().cities[city as usize];
            Some(CityView {
                city: CityId(city),
                state: StateId::of(info.state),
                holder: Some(holder),
                occupied: info.capital && assigned && state.capital_occupied(info.state),
            })
        })
        .collect()
}
