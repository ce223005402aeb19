//! Undo at the table (README decision 16): a pick of the evaluation may be taken back until another seat picks; a
//! placement never (the next seat rolls at once), nor a Templum placement's favour draw.

use serde_json::Value;

use super::super::*;
use super::builder::*;
use crate::engine::testing::{assert_not_undoable, assert_undoable, session_at};

fn value(action: &Action) -> Value {
    serde_json::to_value(action).expect("actions serialize")
}

#[test]
fn a_province_taken_is_undone() {
    let mut st = game(3);
    group(&mut st, ANTONIUS, 4, 3);
    group(&mut st, ANTONIUS, 5, 2);
    group(&mut st, BRUTUS, 4, 2);
    evaluation(&mut st, Step::EvalCastrum);
    advance(&mut st, &mut Script::none());
    assert_eq!((st.step, AleaIactaEst::to_act(&st)), (Step::CastrumPick, vec![ANTONIUS]));
    let first = st.province_display[0];
    let session = session_at::<AleaIactaEst>(st, 3);
    // Antonius's first group picks; his second picks next.
    assert_undoable(session.as_ref(), 3, ANTONIUS, &[value(&Action::TakeProvince { province: first })]);
}

#[test]
fn a_placement_is_never_undone() {
    let mut st = game(4);
    turn(&mut st, ANTONIUS, &[2, 3, 4]);
    balance(&mut st);
    let session = session_at::<AleaIactaEst>(st, 4);
    // Favour tokens are drawn.
    assert_not_undoable(session.as_ref(), 4, ANTONIUS, &value(&place(B::Templum, &[2])));
    // The next seat rolls.
    assert_not_undoable(session.as_ref(), 4, ANTONIUS, &value(&place(B::Castrum, &[3])));
}
