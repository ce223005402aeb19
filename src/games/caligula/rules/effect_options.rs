//! What an effect step offers its seat (spec 7.3, 7.4): the apply options of each code, whether the engine applies a
//! step by itself or asks the seat, and the option names of the pending decision, exactly as `effect_choice` accepts
//! them.

use tinyvec::ArrayVec;

use super::super::data::DATA;
use super::super::effect_code::{Op, Step};
use super::super::ids::{FavourAt, Kind, Mode, Pos};
use super::super::phase::EffectCursor;
use super::super::state::{State, vi};
use super::{hand_empty, seat_id};
use crate::engine::Seat;

/// Option names of an effect step: at most 4 apply options (kinds, seats other than the actor) and `skip`.
pub(super) type OptionNames = ArrayVec<[&'static str; 5]>;

/// `apply` when `possible`, else nothing.
fn apply_if(possible: bool) -> OptionNames {
    let mut names = OptionNames::new();
    if possible {
        names.push("apply");
    }
    names
}

/// The apply options of one op for one seat (7.4); empty = no effect.
fn apply_options(state: &State, seat: Seat, op: Op) -> OptionNames {
    let player = &state.players[seat];
    match op {
        Op::VpGain { .. } | Op::GainSpqr5 { .. } | Op::GainSpqr6 { .. } => apply_if(true),
        Op::VpLose { .. } => apply_if(player.vp >= 1),
        Op::DrawConiura { .. } => apply_if(!state.coniura.is_empty()),
        Op::DrawPugio { .. } => apply_if(!state.pugio.is_empty()),
        Op::DrawAny { .. } => {
            let mut names = OptionNames::new();
            if !state.coniura.is_empty() {
                names.push("coniura");
            }
            if !state.pugio.is_empty() {
                names.push("pugio");
            }
            names
        }
        Op::DiscardAny { .. } | Op::DiscardConiura { .. } | Op::DiscardPugio { .. } => Kind::ALL
            .into_iter()
            .filter(|&kind| player.has(kind))
            .filter(|&kind| match op {
                Op::DiscardConiura { .. } => kind.coniura_symbol(),
                Op::DiscardPugio { .. } => kind.pugio_symbol(),
                _ => true,
            })
            .map(Kind::name)
            .collect(),
        Op::LoseSpqr56 { .. } => apply_if(player.owned[vi(5)] || player.owned[vi(6)] || player.vp >= 1),
        Op::TakePip => apply_if(state.pip != Some(seat)),
        Op::TakeOrdo1 => apply_if(player.ordo != 1),
        Op::ReplaceCandidate => Pos::ALL
            .into_iter()
            .filter(|position| state.candidates[position.index()].is_some())
            .map(|position| FavourAt::candidate(position).name())
            .collect(),
        Op::MoveFavour => FavourAt::ALL
            .into_iter()
            .filter(|&place| place != player.favour)
            .filter(|&place| place == FavourAt::Supply || state.has_free_slot(place))
            .map(FavourAt::name)
            .collect(),
        Op::StealCard => (0..state.n)
            .filter(|&other| other != seat && state.players[other].hand_count() > 0)
            .map(|other| seat_id(other).name())
            .collect(),
        Op::EmperorLife { .. } => ["plus", "minus"].into_iter().collect(),
        Op::FavourBonus { .. } => apply_if(player.favour == FavourAt::Emperor),
    }
}

/// D17: would applying `op` change one of the seat's own attributes?
fn affects(state: &State, seat: Seat, op: Op) -> bool {
    match op {
        Op::EmperorLife { .. } => false,
        Op::ReplaceCandidate => {
            let at = state.players[seat].favour;
            (at == FavourAt::A && state.candidates[0].is_some()) || (at == FavourAt::B && state.candidates[1].is_some())
        }
        Op::VpGain { n: 0 } | Op::FavourBonus { n: 0 } => false,
        _ => !apply_options(state, seat, op).is_empty(),
    }
}

/// What the engine does with an effect step: nothing, apply one option by itself, or ask the seat.
pub(super) enum Plan {
    Nothing,
    Auto(&'static str),
    Ask,
}

/// 7.3 for a single op (in the step's mode).
pub(super) fn plan_op(state: &State, seat: Seat, mode: Mode, op: Op) -> Plan {
    if op.hand_dependent() {
        return if hand_empty(state, seat) {
            Plan::Nothing
        } else {
            Plan::Ask
        };
    }
    let options = apply_options(state, seat, op);
    match (mode, options.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Optional, _) => Plan::Ask,
        (Mode::Mandatory, 1) => Plan::Auto(options[0]),
        (Mode::Mandatory, _) => Plan::Ask,
    }
}

/// The alternatives of a two-effect step that can be chosen.
fn either_choices(state: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> ArrayVec<[u8; 2]> {
    (0..2u8)
        .filter(|&alternative| {
            let op = either[alternative as usize];
            match mode {
                Mode::Mandatory => affects(state, seat, op),
                Mode::Optional => !apply_options(state, seat, op).is_empty(),
            }
        })
        .collect()
}

/// 7.3 for a two-effect step whose alternative is not chosen yet.
pub(super) fn plan_either(state: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> Plan {
    let hand_dependent = either.iter().any(|op| op.hand_dependent());
    if hand_dependent && !hand_empty(state, seat) {
        return Plan::Ask;
    }
    let choices = either_choices(state, seat, mode, either);
    match (mode, choices.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Mandatory, 1) => Plan::Auto(alternative_name(choices[0])),
        _ => Plan::Ask,
    }
}

fn alternative_name(alternative: u8) -> &'static str {
    if alternative == 0 { "first" } else { "second" }
}

/// The effect step pending at a cursor: its seat, the resolving card and its mode.
pub(super) struct PendingStep {
    pub seat: Seat,
    pub mode: Mode,
    pub card: usize,
    pub step: &'static Step,
}

pub(super) fn pending_step(state: &State, cursor: &EffectCursor) -> Option<PendingStep> {
    let resolution = state.resolution.as_ref()?;
    let seat = *resolution.queue.get(cursor.instance)?;
    let step = DATA.civitas[resolution.card].effect.get(cursor.step)?;
    Some(PendingStep {
        seat,
        mode: resolution.mode,
        card: resolution.card,
        step,
    })
}

/// The options of the pending effect decision, exactly as `effect_choice` accepts them.
pub(super) fn effect_options(state: &State, cursor: &EffectCursor) -> OptionNames {
    let Some(pending) = pending_step(state, cursor) else {
        return OptionNames::new();
    };
    let mut names = match (pending.step, cursor.alternative) {
        (Step::Either { either }, None) => either_choices(state, pending.seat, pending.mode, *either)
            .into_iter()
            .map(alternative_name)
            .collect(),
        (step, alternative) => step
            .op(alternative)
            .map_or_else(OptionNames::new, |op| apply_options(state, pending.seat, op)),
    };
    match pending.mode {
        Mode::Optional => names.push("skip"),
        Mode::Mandatory => {
            if names.is_empty() {
                names.push("none");
            }
        }
    }
    names
}
