//! Effect resolution (spec 4.5, phase `effect_decision`; 7.2): the effect-instance queue of the resolving card, step
//! by step; a step is applied by itself when the rules leave no choice (`effect_options`), otherwise its seat decides
//! with `effect_choice`.

use super::super::action::Action;
use super::super::data::DATA;
use super::super::effect_code::Step;
use super::super::phase::{EffectCursor, Phase};
use super::super::state::State;
use super::effect_apply::{alternative_of, apply_op, either_event, step_event};
use super::effect_options::{Plan, effect_options, pending_step, plan_either, plan_op};
use super::{Next, Work, err, hand_empty, seat_id, wrong_phase};
use crate::engine::{RuleCode, RuleError, Seat};

/// Processes the effect-instance queue from `cursor` until a decision is needed or the card is done.
pub(super) fn effects(work: &mut Work, mut cursor: EffectCursor) -> Next {
    loop {
        let Some(resolution) = work.state.resolution.as_ref() else {
            return Next::FinishCard;
        };
        let Some(&seat) = resolution.queue.get(cursor.instance) else {
            return Next::FinishCard;
        };
        let (card, mode) = (resolution.card, resolution.mode);
        let Some(step) = DATA.civitas[card].effect.get(cursor.step) else {
            cursor = EffectCursor {
                instance: cursor.instance + 1,
                ..Default::default()
            };
            continue;
        };
        let op = match (step, cursor.alternative) {
            (Step::Single(op), _) => *op,
            (Step::Either { either }, Some(alternative)) => either[(alternative as usize).min(1)],
            (Step::Either { either }, None) => match plan_either(&work.state, seat, mode, *either) {
                Plan::Nothing => {
                    work.emit(either_event(seat, card, "none", true));
                    cursor = cursor.next_step();
                    continue;
                }
                Plan::Auto(option) => {
                    work.emit(either_event(seat, card, option, true));
                    cursor.alternative = alternative_of(option);
                    continue;
                }
                Plan::Ask => return ask(work, seat, cursor),
            },
        };
        // A multi-decision step whose hand emptied ends.
        if cursor.remaining.is_some() && op.hand_dependent() && hand_empty(&work.state, seat) {
            cursor = cursor.next_step();
            continue;
        }
        match plan_op(&work.state, seat, mode, op) {
            Plan::Nothing => {
                work.emit(step_event(seat, card, op.name(), "none", true));
                cursor = cursor.next_step();
            }
            Plan::Auto(option) => cursor = apply_op(work, seat, card, op, option, true, cursor),
            Plan::Ask => return ask(work, seat, cursor),
        }
    }
}

fn ask(work: &mut Work, seat: Seat, cursor: EffectCursor) -> Next {
    work.await_phase(Phase::EffectDecision {
        seat: seat_id(seat),
        cursor,
    });
    Next::Stop
}

pub(super) fn actions(state: &State, cursor: &EffectCursor) -> Vec<Action> {
    effect_options(state, cursor)
        .into_iter()
        .map(|option| Action::EffectChoice {
            option: option.to_string(),
        })
        .collect()
}

/// `effect_choice`: the seat's answer to the pending step at `cursor`.
pub(super) fn choose(state: &State, work: &mut Work, cursor: EffectCursor, option: &str) -> Result<Next, RuleError> {
    if !effect_options(state, &cursor).contains(&option) {
        return Err(err(RuleCode::InvalidOption, format!("'{option}' is not one of your options for this effect.")));
    }
    let Some(pending) = pending_step(state, &cursor) else {
        return Err(wrong_phase(state, "effect_choice"));
    };
    let next = match pending.step.op(cursor.alternative) {
        Some(op) => apply_op(work, pending.seat, pending.card, op, option, false, cursor),
        // The alternative of a two-effect step is chosen, or the step skipped.
        None => {
            work.emit(either_event(pending.seat, pending.card, option, false));
            match alternative_of(option) {
                Some(alternative) => EffectCursor {
                    alternative: Some(alternative),
                    ..cursor
                },
                None => cursor.next_step(),
            }
        }
    };
    Ok(Next::Effects(next))
}
