//! The combats as a viewer sees them: the pending ones, and the one being fought with what each side has shown.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Looker, sorted_ranks};
use crate::games::rome_carthage::card::Rank;
use crate::games::rome_carthage::city::CityId;
use crate::games::rome_carthage::ids::{SeatId, seat_id};
use crate::games::rome_carthage::piece::Piece;
use crate::games::rome_carthage::state::{Combat, SpyStage, State, spy_eligible};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthagePendingCombat)]
pub struct PendingView {
    pub city: CityId,
    pub attacker: Piece,
    pub defender: Piece,
    pub attacker_seat: SeatId,
    pub defender_seat: SeatId,
}

/// One side of the combat being fought.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombatSide)]
pub struct CombatSideView {
    pub seat: SeatId,
    pub piece: Piece,
    pub need: u8,
    pub committed: bool,
    pub base_count: u32,
    /// The base ranks: once revealed, or for the owner (and a partner allowed to see them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<Vec<Rank>>,
    /// Revealed tie-break cards.
    pub extra: Vec<Rank>,
    /// A tie-break card is committed face down.
    pub extra_pending: bool,
    /// The face-down tie-break card, for its owner (and a partner allowed to see it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_pending_rank: Option<Rank>,
    pub spy_eligible: bool,
    /// Must act now in this combat.
    pub to_act: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = RomeCarthageCombat)]
pub struct CombatView {
    pub city: CityId,
    pub attacker: CombatSideView,
    pub defender: CombatSideView,
    pub revealed: bool,
    /// The seat in `spy_decision` / `spy_commit`.
    pub spy: Option<SeatId>,
    pub tie_break: bool,
    /// Totals from the revealed cards (attacker, defender), once the bases are revealed.
    pub totals: Option<[u32; 2]>,
}

pub(super) fn pending_combats(state: &State) -> Vec<PendingView> {
    state
        .pending
        .iter()
        .map(|pending| PendingView {
            city: CityId(pending.city),
            attacker: pending.attacker,
            defender: pending.defender,
            attacker_seat: seat_id(state.owner_of(pending.attacker)),
            defender_seat: seat_id(state.owner_of(pending.defender)),
        })
        .collect()
}

/// The combat being fought; `to_act`: the seats to act.
pub(super) fn combat(looker: Looker, to_act: &[usize]) -> Option<CombatView> {
    let combat = looker.state.combat.as_ref()?;
    let spy_side = match combat.spy {
        SpyStage::Offered(side) | SpyStage::Declared(side) => Some(side as usize),
        _ => None,
    };
    Some(CombatView {
        city: CityId(combat.city),
        attacker: side_view(looker, combat, 0, to_act),
        defender: side_view(looker, combat, 1, to_act),
        revealed: combat.revealed,
        spy: spy_side.map(|side| seat_id(combat.seats[side])),
        tie_break: combat.tie,
        totals: combat.revealed.then(|| combat.totals()),
    })
}

/// One side (0 attacker, 1 defender): face-down cards as ranks only to those who may see them.
fn side_view(looker: Looker, combat: &Combat, side: usize, to_act: &[usize]) -> CombatSideView {
    let owner = combat.seats[side];
    let pending = combat.extra_pending[side];
    CombatSideView {
        seat: seat_id(owner),
        piece: combat.pieces[side],
        need: combat.need[side],
        committed: combat.committed[side],
        base_count: combat.base[side].len() as u32,
        base: (combat.revealed || looker.sees_cards_of(owner)).then(|| sorted_ranks(&combat.base[side])),
        extra: combat.revealed_extra(side).iter().map(|card| card.rank()).collect(),
        extra_pending: pending,
        extra_pending_rank: if pending && looker.sees_cards_of(owner) {
            combat.extra[side].last().map(|card| card.rank())
        } else {
            None
        },
        spy_eligible: combat.revealed && combat.spy != SpyStage::Done && spy_eligible(&combat.base[side]),
        to_act: to_act.contains(&(owner as usize)),
    }
}
