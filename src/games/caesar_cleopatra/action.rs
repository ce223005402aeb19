//! The actions of spec 5, exactly as they travel in JSON.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::face::Face;
use super::ids::{Group, ManipulationKind};
use super::pile::Pile;
use super::value::InfluenceValue;

/// One action. Cards are named by value (`1`..`5`, `"P"`) or manipulation kind; among identical cards the server
/// uses the one with the smallest id (D2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
// Parameterless actions are empty struct variants so that `deny_unknown_fields` applies to them too.
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = CaesarCleopatraAction, example = json!({"type": "place_face_down", "card": 3, "group": "senators"}))]
pub enum Action {
    /// `setup_arrange`: put a manipulation card of this kind below the ones stacked so far in pile 2.
    #[schema(example = json!({"type": "stack_manipulation", "card": "veto"}))]
    StackManipulation { card: ManipulationKind },
    /// `setup_place`: put the copy-1 card of this value (1..5) face down at a group.
    #[schema(example = json!({"type": "place_initial", "card": 5, "group": "quaestors"}))]
    PlaceInitial { card: InfluenceValue, group: Group },
    /// `turn_start`: take an active turn.
    ChooseActive {},
    /// `turn_start`: take a passive turn.
    ChoosePassive {},
    /// `passive`: discard one hand card.
    #[schema(example = json!({"type": "passive_discard", "card": "spy"}))]
    PassiveDiscard { card: Face },
    /// `passive`: stop discarding and draw as many cards.
    EndDiscard {},
    /// `main`: place one influence card face down (the whole placement).
    #[schema(example = json!({"type": "place_face_down", "card": 3, "group": "senators"}))]
    PlaceFaceDown { card: InfluenceValue, group: Group },
    /// `main`: place one of two face-up influence cards.
    #[schema(example = json!({"type": "place_face_up", "card": "P", "group": "censors"}))]
    PlaceFaceUp { card: InfluenceValue, group: Group },
    /// `main` or `vote_window`: play a manipulation card. Parameters by kind: assassination `group` + `target`;
    /// spy none; castling `groups` (two groups, either order); scout `group`; wrath `group`. Veto is never played
    /// this way.
    #[schema(example = json!({"type": "play_manipulation", "card": "assassination", "group": "aediles", "target": 4}))]
    PlayManipulation {
        card: ManipulationKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<Group>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<InfluenceValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        groups: Option<Vec<Group>>,
    },
    /// `main`: end the main phase (placement must be complete).
    EndMain {},
    /// `reaction`: let the opponent's manipulation take effect.
    AllowManipulation {},
    /// `reaction`: cancel it with a Veto.
    VetoManipulation {},
    /// `spy_pick`: the opponent discards one card of this face.
    #[schema(example = json!({"type": "spy_pick", "card": 5}))]
    SpyPick { card: Face },
    /// `castling`: put one pool card of this value face down at one of the two groups.
    #[schema(example = json!({"type": "castle_place", "card": 2, "group": "praetors"}))]
    CastlePlace { card: InfluenceValue, group: Group },
    /// `draw`: draw the top card of pile 1 or 2.
    #[schema(example = json!({"type": "draw", "pile": 1}))]
    Draw { pile: Pile },
    /// `vote_window`: go on to the comparison.
    ContinueVote {},
}
