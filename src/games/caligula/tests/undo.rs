//! Undo at the table (README decision 17): a token placed face down or a bid may be taken back until another seat
//! acts; a card drawn or shown may not.

use serde_json::{Value, json};

use super::super::Caligula;
use super::super::action::Action;
use super::super::ids::Kind;
use super::builder::*;
use crate::engine::Rules;
use crate::engine::testing::{assert_cannot_undo, assert_not_undoable, assert_undoable, session_at};

fn value(action: &Action) -> Value {
    serde_json::to_value(action).expect("actions serialize")
}

#[test]
fn a_token_placed_is_undone_until_the_next_seat_places() {
    let s = game(4);
    let place = value(&Caligula::legal_actions(&s, CH)[0]);
    let placed = assert_undoable(session_at::<Caligula>(s, 4).as_ref(), 4, CH, &[place]);
    assert_eq!(placed.to_act(), [SA]);
    let next = placed.legal_actions(SA)[0].clone();
    let answered = assert_undoable(placed.as_ref(), 4, SA, &[next]);
    assert_cannot_undo(answered.as_ref(), CH);
}

#[test]
fn a_bid_is_undone_but_not_the_card_that_pays_it() {
    let session = session_at::<Caligula>(three_player_auction([2, 0, 0, 0]), 3);
    let raised = assert_undoable(session.as_ref(), 3, CH, &[json!({"type": "complot_raise", "total": 1})]);
    let pay = value(&Action::PayConiura { kind: Kind::Con });
    assert_not_undoable(raised.as_ref(), 3, CH, &pay);
}

#[test]
fn cards_drawn_are_not_undone() {
    let mut s = game(4);
    // Two Pugio cards for the total of 4 the card asks, in the optional mode of seq_2: the seat applies or skips.
    put_with_tokens(&mut s, "leg_06", &[(CA, 4)]);
    s.sequentia_row = seq(&["seq_2"]);
    let (s, _) = resolve(&s, 0);
    assert_eq!(options(&s, CA), ["apply", "skip"]);
    assert_not_undoable(session_at::<Caligula>(s, 4).as_ref(), 4, CA, &value(&choice("apply")));
}
