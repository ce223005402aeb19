//! Undo at the table (README decision 13): a mode, a face-down placement, the end of a main phase or of a passive
//! turn without discards may be taken back; a draw or a card shown from the hand may not.

use serde_json::json;

use super::super::CaesarCleopatra;
use super::super::ids::{Phase, Placement};
use super::builder::*;
use crate::engine::GameSession;
use crate::engine::testing::{assert_cannot_undo, assert_not_undoable, assert_undoable, session_at};

/// Cleopatra at the start of her turn, five influence cards in each hand.
fn turn_start() -> Box<dyn GameSession> {
    let mut b = Builder::new();
    b.hand(CLEO, &five_influence())
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::TurnStart, Placement::None);
    session_at::<CaesarCleopatra>(b.build(), 2)
}

#[test]
fn a_face_down_placement_is_undone() {
    let actions = [
        json!({"type": "choose_active"}),
        json!({"type": "place_face_down", "card": 3, "group": "senators"}),
    ];
    let placed = assert_undoable(turn_start().as_ref(), 2, CLEO, &actions);
    // Caesar has decided nothing since the setup.
    assert!(!placed.legal_actions(CAESAR).contains(&json!({"type": "undo"})));
}

#[test]
fn a_passive_turn_without_discards_is_undone_until_the_opponent_acts() {
    let actions = [json!({"type": "choose_passive"}), json!({"type": "end_discard"})];
    let passed = assert_undoable(turn_start().as_ref(), 2, CLEO, &actions);
    assert_eq!(passed.to_act(), [CAESAR]);
    let answered = assert_undoable(passed.as_ref(), 2, CAESAR, &[json!({"type": "choose_active"})]);
    assert_cannot_undo(answered.as_ref(), CLEO);
}

#[test]
fn a_card_drawn_or_shown_is_not_undone() {
    let mut b = Builder::new();
    b.hand(CLEO, &[inf(1), inf(2), inf(3), inf(4)])
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::Main, Placement::Done);
    // Ending the main phase only owes the refill, which she draws from the pile she chooses.
    let owing =
        assert_undoable(session_at::<CaesarCleopatra>(b.build(), 2).as_ref(), 2, CLEO, &[json!({"type": "end_main"})]);
    assert_not_undoable(owing.as_ref(), 2, CLEO, &json!({"type": "draw", "pile": 1}));
    // A card placed face up shows a hand card.
    let active = assert_undoable(turn_start().as_ref(), 2, CLEO, &[json!({"type": "choose_active"})]);
    let face_up = json!({"type": "place_face_up", "card": 4, "group": "senators"});
    assert_not_undoable(active.as_ref(), 2, CLEO, &face_up);
}
