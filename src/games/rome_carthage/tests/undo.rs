//! Undo at the table (README decision 16): moves, the end of the moves and a base committed face down may be taken
//! back until another seat acts or something is shown; the next seat's draw, revealed bases or a forced march's
//! payment may not.

use serde_json::json;

use super::super::RomeCarthage;
use super::builder::*;
use crate::engine::testing::{assert_cannot_undo, assert_not_undoable, assert_undoable, session_at};

#[test]
fn an_attack_and_its_base_are_undone_until_the_bases_are_revealed() {
    let s = Builder::skirmish()
        .hand(PRIMUS, &["2", "j", "9", "5"])
        .hand(SECUNDUS, &["1", "1", "4", "3", "6"])
        .build();
    let actions = [
        json!({"type": "move", "piece": "rome_mercenary_1", "path": ["capoue"]}),
        json!({"type": "end_moves"}),
        json!({"type": "commit", "cards": ["5", "9"]}),
    ];
    let committed = assert_undoable(session_at::<RomeCarthage>(s, 4).as_ref(), 4, PRIMUS, &actions);
    assert_not_undoable(committed.as_ref(), 4, SECUNDUS, &json!({"type": "commit", "cards": ["3", "4"]}));
}

#[test]
fn the_next_seat_s_draw_and_a_forced_march_are_not_undone() {
    let s = Builder::f4().with_reserves().hand(PRIMUS, &["2", "3", "9"]).build();
    let session = session_at::<RomeCarthage>(s, 4);
    // Secundus's turn starts with its draw.
    assert_not_undoable(session.as_ref(), 4, PRIMUS, &json!({"type": "end_moves"}));
    // The payment shows the cards.
    assert_not_undoable(session.as_ref(), 4, PRIMUS, &json!({"type": "pay_forced_march", "cards": ["3"]}));
    assert_cannot_undo(session.as_ref(), PRIMUS);
}
