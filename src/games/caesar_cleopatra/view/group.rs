//! The groups as one viewer sees them: each side's face-up values, and a count of the face-down cards (D25, D29).

use serde::Serialize;
use utoipa::ToSchema;

use super::super::data::data;
use super::super::ids::{Card, Group, Phase};
use super::super::state::State;
use super::super::value::InfluenceValue;

/// One seat's cards at one group. Face-down cards of others are only a count, with no order (D25).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcSideView)]
pub struct SideView {
    /// Face-up values, sorted 1..5 then P.
    pub face_up: Vec<InfluenceValue>,
    pub face_down_count: u32,
    /// The owner's own face-down values, sorted (owner only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face_down: Option<Vec<InfluenceValue>>,
}

/// One patrician group.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = CcGroupView)]
pub struct GroupView {
    pub group: Group,
    /// False once every patrician of the group has been won.
    pub open: bool,
    pub patricians_left: u32,
    /// The patricians not yet won, the next one to be awarded first.
    pub patricians: Vec<Card>,
    /// Cards at the group, both sides, as far as this viewer can see them placed.
    pub total: u32,
    pub cleopatra: SideView,
    pub caesar: SideView,
}

pub(super) fn sorted(mut values: Vec<InfluenceValue>) -> Vec<InfluenceValue> {
    values.sort();
    values
}

/// Every group, in canonical order.
pub(super) fn group_views(state: &State, viewer: Option<usize>) -> Vec<GroupView> {
    Group::ALL
        .into_iter()
        .map(|group| {
            let cleopatra = side_view(state, viewer, 0, group);
            let caesar = side_view(state, viewer, 1, group);
            let stack = &state.stacks[group.index()];
            GroupView {
                group,
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
        .collect()
}

/// Whether `viewer` may not see where `seat`'s cards at `group` are yet (D29).
fn hidden_side(state: &State, viewer: Option<usize>, seat: usize, group: Group) -> bool {
    if viewer == Some(seat) {
        return false;
    }
    let setup = matches!(state.phase, Phase::Setup | Phase::SetupArrange | Phase::SetupPlace);
    let castling = state.castling_groups.is_some_and(|groups| groups.contains(&group))
        && state.pending.as_ref().is_some_and(|pending| pending.seat == seat);
    setup || castling
}

fn side_view(state: &State, viewer: Option<usize>, seat: usize, group: Group) -> SideView {
    let data = data();
    if hidden_side(state, viewer, seat, group) {
        return SideView {
            face_up: Vec::new(),
            face_down_count: 0,
            face_down: None,
        };
    }
    let slots = &state.seats[seat].sides[group.index()];
    let values = |up: bool| {
        sorted(
            slots
                .iter()
                .filter(|slot| slot.up == up)
                .filter_map(|slot| data.value(slot.card))
                .collect(),
        )
    };
    SideView {
        face_up: values(true),
        face_down_count: slots.iter().filter(|slot| !slot.up).count() as u32,
        face_down: (viewer == Some(seat)).then(|| values(false)),
    }
}
