//! Effect resolution (spec 4.5, phase `effect_decision`; 7.2 to 7.4): the effect-instance queue of the resolving
//! card, step by step; a step is applied by itself when the rules leave no choice, otherwise its seat decides.

use rand::Rng;
use tinyvec::ArrayVec;

use super::super::data::{DATA, Op, Step};
use super::super::state::{State, vi};
use super::super::types::{
    Action, CandidateReplaced, Deck, EffectCursor, Event, FavourAt, Kind, Mode, Phase, Pos, SeatId,
};
use super::{Next, Work, draw, err, hand_empty, sid, wrong_phase};
use crate::engine::{RuleError, Seat};

/// Option names of an effect step: at most 4 apply options (kinds, seats other than the actor) and `skip`.
type Options = ArrayVec<[&'static str; 5]>;

/// The apply options of one op for one seat (7.4); empty = no effect.
fn apply_options(s: &State, seat: Seat, op: Op) -> Options {
    let p = &s.players[seat];
    let strs = |v: &[&'static str]| v.iter().copied().collect::<Options>();
    match op {
        Op::VpGain { .. } | Op::GainSpqr5 { .. } | Op::GainSpqr6 { .. } => strs(&["apply"]),
        Op::VpLose { .. } => {
            if p.vp >= 1 {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
        Op::DrawConiura { .. } => {
            if s.coniura.is_empty() {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::DrawPugio { .. } => {
            if s.pugio.is_empty() {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::DrawAny { .. } => {
            let mut v = Options::new();
            if !s.coniura.is_empty() {
                v.push("coniura");
            }
            if !s.pugio.is_empty() {
                v.push("pugio");
            }
            v
        }
        Op::DiscardAny { .. } | Op::DiscardConiura { .. } | Op::DiscardPugio { .. } => Kind::ALL
            .into_iter()
            .filter(|&k| p.has(k))
            .filter(|&k| match op {
                Op::DiscardConiura { .. } => k.coniura_symbol(),
                Op::DiscardPugio { .. } => k.pugio_symbol(),
                _ => true,
            })
            .map(Kind::name)
            .collect(),
        Op::LoseSpqr56 { .. } => {
            if p.owned[vi(5)] || p.owned[vi(6)] || p.vp >= 1 {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
        Op::TakePip => {
            if s.pip == Some(seat) {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::TakeOrdo1 => {
            if p.ordo == 1 {
                Options::new()
            } else {
                strs(&["apply"])
            }
        }
        Op::ReplaceCandidate => [Pos::A, Pos::B]
            .into_iter()
            .filter(|p| s.candidates[p.index()].is_some())
            .map(|p| FavourAt::candidate(p).name())
            .collect(),
        Op::MoveFavour => [FavourAt::Supply, FavourAt::Emperor, FavourAt::A, FavourAt::B]
            .into_iter()
            .filter(|&place| place != p.favour)
            .filter(|&place| place == FavourAt::Supply || s.has_free_slot(place))
            .map(FavourAt::name)
            .collect(),
        Op::StealCard => (0..s.n)
            .filter(|&o| o != seat && s.players[o].hand_count() > 0)
            .map(|o| sid(o).name())
            .collect(),
        Op::EmperorLife { .. } => strs(&["plus", "minus"]),
        Op::FavourBonus { .. } => {
            if p.favour == FavourAt::Emperor {
                strs(&["apply"])
            } else {
                Options::new()
            }
        }
    }
}

/// D17: would applying `op` change one of the seat's own attributes?
fn affects(s: &State, seat: Seat, op: Op) -> bool {
    match op {
        Op::EmperorLife { .. } => false,
        Op::ReplaceCandidate => {
            let f = s.players[seat].favour;
            (f == FavourAt::A && s.candidates[0].is_some()) || (f == FavourAt::B && s.candidates[1].is_some())
        }
        Op::VpGain { n } | Op::FavourBonus { n } if n == 0 => false,
        _ => !apply_options(s, seat, op).is_empty(),
    }
}

/// What the engine does with an effect step: nothing, apply one option by itself, or ask the seat.
enum Plan {
    Nothing,
    Auto(&'static str),
    Ask,
}

/// 7.3 for a single op (in the step's mode).
fn plan_op(s: &State, seat: Seat, mode: Mode, op: Op) -> Plan {
    if op.hand_dependent() {
        return if hand_empty(s, seat) { Plan::Nothing } else { Plan::Ask };
    }
    let opts = apply_options(s, seat, op);
    match (mode, opts.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Optional, _) => Plan::Ask,
        (Mode::Mandatory, 1) => Plan::Auto(opts[0]),
        (Mode::Mandatory, _) => Plan::Ask,
    }
}

/// The alternatives of a two-effect step that can be chosen.
fn either_choices(s: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> ArrayVec<[u8; 2]> {
    (0..2u8)
        .filter(|&a| {
            let op = either[a as usize];
            match mode {
                Mode::Mandatory => affects(s, seat, op),
                Mode::Optional => !apply_options(s, seat, op).is_empty(),
            }
        })
        .collect()
}

fn plan_either(s: &State, seat: Seat, mode: Mode, either: [Op; 2]) -> Plan {
    let hand_dependent = either.iter().any(|op| op.hand_dependent());
    if hand_dependent && !hand_empty(s, seat) {
        return Plan::Ask;
    }
    let choices = either_choices(s, seat, mode, either);
    match (mode, choices.len()) {
        (_, 0) => Plan::Nothing,
        (Mode::Mandatory, 1) => Plan::Auto(alt_name(choices[0])),
        _ => Plan::Ask,
    }
}

fn alt_name(a: u8) -> &'static str {
    if a == 0 { "first" } else { "second" }
}

/// The op currently pending at `cursor`, and the step it belongs to.
fn current_step(s: &State, cursor: &EffectCursor) -> Option<(Seat, Mode, usize, Step)> {
    let res = s.resolution.as_ref()?;
    let seat = *res.queue.get(cursor.instance)?;
    let step = DATA.civitas[res.card].effect.get(cursor.step)?.clone();
    Some((seat, res.mode, res.card, step))
}

/// The options of the pending effect decision, exactly as `effect_choice` accepts them.
fn effect_options(s: &State, cursor: &EffectCursor) -> Options {
    let Some((seat, mode, _, step)) = current_step(s, cursor) else {
        return Options::new();
    };
    let mut opts = match (&step, cursor.alternative) {
        (Step::Either { either }, None) => either_choices(s, seat, mode, *either)
            .into_iter()
            .map(alt_name)
            .collect(),
        (Step::Either { either }, Some(a)) => apply_options(s, seat, either[(a as usize).min(1)]),
        (Step::Single(op), _) => apply_options(s, seat, *op),
    };
    match mode {
        Mode::Optional => opts.push("skip"),
        Mode::Mandatory => {
            if opts.is_empty() {
                opts.push("none");
            }
        }
    }
    opts
}

fn next_step(c: EffectCursor) -> EffectCursor {
    EffectCursor {
        instance: c.instance,
        step: c.step + 1,
        alternative: None,
        remaining: None,
    }
}

fn step_event(seat: Seat, card: usize, op: &str, option: &str, automatic: bool) -> Event {
    Event::EffectStep {
        seat: sid(seat),
        card: DATA.civitas[card].id.clone(),
        op: op.to_string(),
        option: option.to_string(),
        automatic,
        alternative: None,
        vp_change: None,
        spqr_gained: None,
        spqr_lost: None,
        ordo_swapped_with: None,
        favour_to: None,
        candidate_replaced: None,
        life_change: None,
        pip_taken: None,
    }
}

/// Processes the effect-instance queue from `cursor` until a decision is needed or the card is done.
pub(super) fn effects(w: &mut Work, mut cursor: EffectCursor) -> Next {
    loop {
        let Some(res) = w.s.resolution.as_ref() else {
            return Next::FinishCard;
        };
        if cursor.instance >= res.queue.len() {
            return Next::FinishCard;
        }
        let seat = res.queue[cursor.instance];
        let card = res.card;
        let mode = res.mode;
        let steps = &DATA.civitas[card].effect;
        if cursor.step >= steps.len() {
            cursor = EffectCursor {
                instance: cursor.instance + 1,
                ..Default::default()
            };
            continue;
        }
        let op = match (&steps[cursor.step], cursor.alternative) {
            (Step::Single(op), _) => *op,
            (Step::Either { either }, Some(a)) => either[(a as usize).min(1)],
            (Step::Either { either }, None) => match plan_either(&w.s, seat, mode, *either) {
                Plan::Nothing => {
                    w.emit(step_event(seat, card, "either", "none", true));
                    cursor = next_step(cursor);
                    continue;
                }
                Plan::Auto(option) => {
                    let a = u8::from(option == "second");
                    let mut e = step_event(seat, card, "either", option, true);
                    if let Event::EffectStep { alternative, .. } = &mut e {
                        *alternative = Some(a);
                    }
                    w.emit(e);
                    cursor.alternative = Some(a);
                    continue;
                }
                Plan::Ask => {
                    w.await_phase(Phase::EffectDecision {
                        seat: sid(seat),
                        cursor,
                    });
                    return Next::Stop;
                }
            },
        };
        // A multi-decision step whose hand emptied ends.
        if cursor.remaining.is_some() && op.hand_dependent() && hand_empty(&w.s, seat) {
            cursor = next_step(cursor);
            continue;
        }
        match plan_op(&w.s, seat, mode, op) {
            Plan::Nothing => {
                w.emit(step_event(seat, card, op.name(), "none", true));
                cursor = next_step(cursor);
            }
            Plan::Auto(option) => {
                cursor = apply_op(w, seat, card, op, option, true, cursor);
            }
            Plan::Ask => {
                w.await_phase(Phase::EffectDecision {
                    seat: sid(seat),
                    cursor,
                });
                return Next::Stop;
            }
        }
    }
}

/// Applies `option` of `op` for `seat`; returns the cursor to go on with.
fn apply_op(
    w: &mut Work,
    seat: Seat,
    card: usize,
    op: Op,
    option: &str,
    automatic: bool,
    cursor: EffectCursor,
) -> EffectCursor {
    let mut e = step_event(seat, card, op.name(), option, automatic);
    if option == "skip" || option == "none" {
        w.emit(e);
        return next_step(cursor);
    }
    let Event::EffectStep {
        vp_change,
        spqr_gained,
        spqr_lost,
        ordo_swapped_with,
        favour_to,
        candidate_replaced,
        life_change,
        pip_taken,
        ..
    } = &mut e
    else {
        return next_step(cursor);
    };
    let p = &w.s.players[seat];
    let mut follow: Option<Event> = None;
    let mut done = true;
    let mut remaining = cursor.remaining;
    match op {
        Op::VpGain { n } | Op::FavourBonus { n } => *vp_change = Some(n as i32),
        Op::VpLose { n } => *vp_change = Some(-(n.min(p.vp) as i32)),
        Op::DrawConiura { n } | Op::DrawPugio { n } => {
            let deck = if matches!(op, Op::DrawConiura { .. }) {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            w.emit(e);
            draw(w, seat, deck, n);
            return next_step(cursor);
        }
        Op::DrawAny { n } => {
            let deck = if option == "coniura" {
                Deck::Coniura
            } else {
                Deck::Pugio
            };
            w.emit(e);
            draw(w, seat, deck, 1);
            let left = remaining.unwrap_or(n).saturating_sub(1);
            return if left == 0 {
                next_step(cursor)
            } else {
                EffectCursor {
                    remaining: Some(left),
                    ..cursor
                }
            };
        }
        Op::DiscardAny { n } | Op::DiscardConiura { n } | Op::DiscardPugio { n } => {
            if let Some(kind) = Kind::parse(option) {
                follow = Some(Event::CardDiscarded {
                    seat: sid(seat),
                    kind,
                    deck: kind.deck(),
                });
                let left = remaining.unwrap_or(n).saturating_sub(1);
                remaining = Some(left);
                done = left == 0;
            }
        }
        Op::GainSpqr5 { v } | Op::GainSpqr6 { v } => {
            let value = if matches!(op, Op::GainSpqr5 { .. }) { 5 } else { 6 };
            if p.owned[vi(value)] {
                *vp_change = Some(v as i32);
            } else {
                *spqr_gained = Some(value);
            }
        }
        Op::LoseSpqr56 { v } => {
            if p.owned[vi(6)] {
                *spqr_lost = Some(6);
            } else if p.owned[vi(5)] {
                *spqr_lost = Some(5);
            } else {
                *vp_change = Some(-(v.min(p.vp) as i32));
            }
        }
        Op::TakePip => *pip_taken = Some(true),
        Op::TakeOrdo1 => *ordo_swapped_with = w.s.holder_of_ordo(1).map(sid),
        Op::ReplaceCandidate => {
            let position = if option == "b" { Pos::B } else { Pos::A };
            if let Some(old) = w.s.candidates[position.index()] {
                let new = w.s.augustus_deck.first().copied().unwrap_or(old);
                *candidate_replaced = Some(CandidateReplaced {
                    position,
                    old: DATA.augustus[old].id.clone(),
                    new: DATA.augustus[new].id.clone(),
                    returned_favours: w
                        .s
                        .favours_at(FavourAt::candidate(position))
                        .into_iter()
                        .map(sid)
                        .collect(),
                });
            }
        }
        Op::MoveFavour => {
            *favour_to = [FavourAt::Supply, FavourAt::Emperor, FavourAt::A, FavourAt::B]
                .into_iter()
                .find(|f| f.name() == option)
        }
        Op::StealCard => {
            if let Some(victim) = SeatId::ALL.iter().take(w.s.n).find(|v| v.name() == option).copied() {
                let hand = w.s.players[victim.idx()].hand;
                let total: u32 = hand.iter().sum();
                if total > 0 {
                    let mut r = w.rng.random_range(0..total);
                    let mut kind = Kind::Con;
                    for k in Kind::ALL {
                        if r < hand[k.index()] {
                            kind = k;
                            break;
                        }
                        r -= hand[k.index()];
                    }
                    follow = Some(Event::CardStolen {
                        thief: sid(seat),
                        victim,
                        kind: Some(kind),
                    });
                }
            }
        }
        Op::EmperorLife { n } => *life_change = Some(if option == "minus" { -(n as i32) } else { n as i32 }),
    }
    w.emit(e);
    if let Some(f) = follow {
        w.emit(f);
    }
    if done {
        next_step(cursor)
    } else {
        EffectCursor { remaining, ..cursor }
    }
}

pub(super) fn actions(s: &State, cursor: &EffectCursor) -> Vec<Action> {
    effect_options(s, cursor)
        .into_iter()
        .map(|option| Action::EffectChoice {
            option: option.to_string(),
        })
        .collect()
}

/// `effect_choice`: the seat's answer to the pending step at `cursor`.
pub(super) fn choose(s: &State, w: &mut Work, cursor: EffectCursor, option: &str) -> Result<Next, RuleError> {
    if !effect_options(s, &cursor).contains(&option) {
        return Err(err(
            "invalid_option",
            format!("'{option}' is not one of your options for this effect."),
        ));
    }
    let Some((seat, _, card, step)) = current_step(s, &cursor) else {
        return Err(wrong_phase(s, "effect_choice"));
    };
    Ok(match (&step, cursor.alternative) {
        (Step::Either { .. }, None) => {
            if option == "first" || option == "second" {
                let a = u8::from(option == "second");
                let mut e = step_event(seat, card, "either", option, false);
                if let Event::EffectStep { alternative, .. } = &mut e {
                    *alternative = Some(a);
                }
                w.emit(e);
                Next::Effects(EffectCursor {
                    alternative: Some(a),
                    ..cursor
                })
            } else {
                w.emit(step_event(seat, card, "either", option, false));
                Next::Effects(next_step(cursor))
            }
        }
        (Step::Either { either }, Some(a)) => Next::Effects(apply_op(
            w,
            seat,
            card,
            either[(a as usize).min(1)],
            option,
            false,
            cursor,
        )),
        (Step::Single(op), _) => Next::Effects(apply_op(w, seat, card, *op, option, false, cursor)),
    })
}
