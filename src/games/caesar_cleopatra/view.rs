//! What one viewer may see of the state (spec 9, D25, D29).

use serde::Serialize;
use utoipa::ToSchema;

use super::data::data;
use super::events::CcOwnedCard;
use super::rules::to_act;
use super::state::{State, opp};
use super::types::{
    CaesarCleopatraOutcome, CcCard, CcFace, CcGroup, CcManipulationKind, CcManipulationPile, CcPhase, CcPlacement,
    CcSeat, CcValue,
};
use crate::engine::Viewer;

/// One seat's cards at one group. Face-down cards of others are only a count, with no order (D25).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSideView {
    /// Face-up values, sorted 1..5 then P.
    pub face_up: Vec<CcValue>,
    pub face_down_count: u32,
    /// The owner's own face-down values, sorted (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face_down: Option<Vec<CcValue>>,
}

/// One patrician group.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcGroupView {
    pub group: CcGroup,
    /// False once every patrician of the group has been won.
    pub open: bool,
    pub patricians_left: u32,
    /// The patricians not yet won, the next one to be awarded first.
    pub patricians: Vec<CcCard>,
    /// Cards at the group, both sides, as far as this viewer can see them placed.
    pub total: u32,
    pub cleopatra: CcSideView,
    pub caesar: CcSideView,
}

/// A hand: counts for everyone (D16), the cards for their owner.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcHandView {
    pub influence: u32,
    pub manipulation: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CcOwnedCard>>,
}

/// A public card face, with its id for the owner only.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcCardView {
    pub card: CcFace,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<CcCard>,
}

/// Everything about one seat.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSeatView {
    pub seat: CcSeat,
    pub hand: CcHandView,
    pub pile1: u32,
    pub pile2: u32,
    /// The remaining pile 2, top first (owner only, option `arranged`, D3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pile2_order: Option<Vec<CcOwnedCard>>,
    /// Face up, oldest first (D15).
    pub discard: Vec<CcCardView>,
    pub won: Vec<CcCard>,
    /// The secret mission: the owner's own; both at game over (D24).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission: Option<CcCard>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mission_group: Option<CcGroup>,
    /// Setup progress: manipulation cards stacked, initial cards placed (counts, D29).
    pub stacked: u32,
    pub placed: u32,
    /// Setup: manipulation cards not yet stacked (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unstacked: Option<Vec<CcOwnedCard>>,
    /// Setup: initial values not yet placed (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_place: Option<Vec<CcValue>>,
    /// No influence card in hand and an empty pile 1 (D18).
    pub exhausted: bool,
}

/// Both seats.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcSeatViews {
    pub cleopatra: CcSeatView,
    pub caesar: CcSeatView,
}

/// One owed draw.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcOwedDraw {
    pub seat: CcSeat,
    pub count: u32,
}

/// The manipulation card on the table, while it is being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcPendingManipulation {
    pub seat: CcSeat,
    pub card: CcManipulationKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<CcGroup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<CcValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<CcGroup>>,
}

/// A Castling being resolved.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CcCastlingView {
    pub seat: CcSeat,
    pub groups: Vec<CcGroup>,
    /// For others, cards already put back still count here until the pool is empty (D29).
    pub pool_count: u32,
    /// Owner only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<Vec<CcOwnedCard>>,
}

/// The game as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CaesarCleopatraView {
    /// The seat this view is for; null for a spectator.
    pub viewer: Option<CcSeat>,
    pub phase: CcPhase,
    pub turn: u32,
    pub active: CcSeat,
    pub to_act: Vec<CcSeat>,
    pub placement: CcPlacement,
    pub manip_used: bool,
    /// Cards discarded so far in the current passive turn.
    pub passive_discards: u32,
    pub owed_draws: Vec<CcOwedDraw>,
    pub solo_survivor: Option<CcSeat>,
    /// The group of the extraordinary vote in progress.
    pub vote_context: Option<CcGroup>,
    pub pending_manipulation: Option<CcPendingManipulation>,
    pub castling: Option<CcCastlingView>,
    /// The opponent's hand, for the spying seat during `spy_pick`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spied_hand: Option<Vec<CcFace>>,
    pub groups: Vec<CcGroupView>,
    pub seats: CcSeatViews,
    pub vote_deck: u32,
    pub vote_discard: Vec<CcCard>,
    pub vote_removed: Vec<CcCard>,
    pub result: Option<CaesarCleopatraOutcome>,
}

fn sorted(mut values: Vec<CcValue>) -> Vec<CcValue> {
    values.sort();
    values
}

/// Whether `viewer` may not see where `seat`'s cards at `g` are yet (D29).
fn hidden_side(s: &State, viewer: Option<usize>, seat: usize, g: CcGroup) -> bool {
    if viewer == Some(seat) {
        return false;
    }
    let setup = matches!(s.phase, CcPhase::Setup | CcPhase::SetupArrange | CcPhase::SetupPlace);
    let castling =
        s.castling_groups.is_some_and(|gs| gs.contains(&g)) && s.pending.as_ref().is_some_and(|p| p.seat == seat);
    setup || castling
}

fn side_view(s: &State, viewer: Option<usize>, seat: usize, g: CcGroup) -> CcSideView {
    let d = data();
    if hidden_side(s, viewer, seat, g) {
        return CcSideView {
            face_up: Vec::new(),
            face_down_count: 0,
            face_down: None,
        };
    }
    let slots = &s.seats[seat].sides[g.index()];
    let values = |up: bool| {
        sorted(
            slots
                .iter()
                .filter(|slot| slot.up == up)
                .filter_map(|slot| d.value(slot.card))
                .collect(),
        )
    };
    CcSideView {
        face_up: values(true),
        face_down_count: slots.iter().filter(|slot| !slot.up).count() as u32,
        face_down: (viewer == Some(seat)).then(|| values(false)),
    }
}

fn seat_view(s: &State, viewer: Option<usize>, seat: usize) -> CcSeatView {
    let d = data();
    let st = &s.seats[seat];
    let mine = viewer == Some(seat);
    let over = s.phase == CcPhase::GameOver;
    let owned = |cards: &[CcCard]| -> Vec<CcOwnedCard> { cards.iter().map(|&c| CcOwnedCard::of(c)).collect() };
    let mut hand_cards = st.hand;
    hand_cards.sort();
    let mission = st.mission.filter(|_| mine || over);
    let mut unstacked = st.unstacked;
    unstacked.sort();
    CcSeatView {
        seat: CcSeat::from_index(seat),
        hand: CcHandView {
            influence: s.infl(seat) as u32,
            manipulation: s.manip(seat) as u32,
            cards: mine.then(|| owned(&hand_cards)),
        },
        pile1: st.pile1.len() as u32,
        pile2: st.pile2.len() as u32,
        pile2_order: (mine && s.options.manipulation_pile == CcManipulationPile::Arranged).then(|| owned(&st.pile2)),
        discard: st
            .discard
            .iter()
            .filter_map(|&c| {
                d.face(c).map(|card| CcCardView {
                    card,
                    id: mine.then_some(c),
                })
            })
            .collect(),
        won: st.won.to_vec(),
        mission,
        mission_group: mission.and_then(|m| d.mission(m)).map(|(g, _)| g),
        stacked: s.stacked(seat) as u32,
        placed: s.placed(seat) as u32,
        unstacked: (mine && !st.unstacked.is_empty()).then(|| owned(&unstacked)),
        to_place: (mine && !st.aside_place.is_empty())
            .then(|| sorted(st.aside_place.iter().filter_map(|&c| d.value(c)).collect())),
        exhausted: s.exhausted(seat),
    }
}

/// The state as `viewer` may see it.
pub fn view(s: &State, viewer: Viewer) -> CaesarCleopatraView {
    let d = data();
    let viewer_seat = match viewer {
        Viewer::Seat(seat) if seat < 2 => Some(seat),
        _ => None,
    };
    let groups = CcGroup::ALL
        .into_iter()
        .map(|g| {
            let cleopatra = side_view(s, viewer_seat, 0, g);
            let caesar = side_view(s, viewer_seat, 1, g);
            let stack = &s.stacks[g.index()];
            CcGroupView {
                group: g,
                open: !stack.is_empty(),
                patricians_left: stack.len() as u32,
                patricians: stack.to_vec(),
                total: [&cleopatra, &caesar]
                    .iter()
                    .map(|side| side.face_up.len() as u32 + side.face_down_count)
                    .sum(),
                cleopatra,
                caesar,
            }
        })
        .collect();
    let pending_manipulation = s.pending.as_ref().map(|p| CcPendingManipulation {
        seat: CcSeat::from_index(p.seat),
        card: p.kind,
        group: p.params.group,
        target: p.params.target,
        groups: p.params.groups.map(|gs| gs.to_vec()),
    });
    let castling = match (&s.pending, s.castling_groups) {
        (Some(p), Some(groups)) => {
            let mine = viewer_seat == Some(p.seat);
            let pool = &s.seats[p.seat].pool;
            Some(CcCastlingView {
                seat: CcSeat::from_index(p.seat),
                groups: groups.to_vec(),
                pool_count: if mine {
                    pool.len() as u32
                } else {
                    (pool.len() + s.castle_placed()) as u32
                },
                pool: mine.then(|| pool.iter().map(|&c| CcOwnedCard::of(c)).collect()),
            })
        }
        _ => None,
    };
    let spied_hand = (s.phase == CcPhase::SpyPick && viewer_seat == Some(s.active)).then(|| {
        let mut faces: Vec<CcFace> = s.seats[opp(s.active)].hand.iter().filter_map(|&c| d.face(c)).collect();
        faces.sort();
        faces
    });
    CaesarCleopatraView {
        viewer: viewer_seat.map(CcSeat::from_index),
        phase: s.phase,
        turn: s.turn,
        active: CcSeat::from_index(s.active),
        to_act: to_act(s).into_iter().map(CcSeat::from_index).collect(),
        placement: s.placement,
        manip_used: s.manip_used,
        passive_discards: s.counter,
        owed_draws: s
            .owed
            .iter()
            .map(|&(seat, count)| CcOwedDraw {
                seat: CcSeat::from_index(seat),
                count,
            })
            .collect(),
        solo_survivor: s.solo.map(CcSeat::from_index),
        vote_context: s.vote_context(),
        pending_manipulation,
        castling,
        spied_hand,
        groups,
        seats: CcSeatViews {
            cleopatra: seat_view(s, viewer_seat, 0),
            caesar: seat_view(s, viewer_seat, 1),
        },
        vote_deck: s.vote_deck.len() as u32,
        vote_discard: s.vote_discard.to_vec(),
        vote_removed: s.vote_removed.to_vec(),
        result: s.result.clone(),
    }
}
