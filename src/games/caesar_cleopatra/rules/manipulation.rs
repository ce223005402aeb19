//! The manipulation sub-flow (spec 4.5, effects 7.5), from `main` or `vote_window`: `play_manipulation`, the
//! reaction (`reaction`), the effect (with the steps of `spy_pick` and `castling`), then its end
//! (`manipulation_end`: the discard and the window draw).

use super::super::action::Action;
use super::super::data::data;
use super::super::event::{Event, Origin, RevealCause};
use super::super::face::Face;
use super::super::ids::{Group, ManipulationKind};
use super::super::state::{ManipulationParams, Pending, State, opponent};
use super::super::value::InfluenceValue;
use super::manipulation_end::finish_manipulation;
use super::vote::{discard_group, reveal_seat};
use super::{Ctx, Refusal, Refused, castling, no, seat_of, spy_pick};
use crate::engine::RuleCode;

pub(super) fn check_play<X: Refusal>(
    state: &State,
    seat: usize,
    card: ManipulationKind,
    group: Option<Group>,
    target: Option<InfluenceValue>,
    groups: Option<&[Group]>,
) -> Result<(), X> {
    if state.manip_used {
        return no(RuleCode::ManipulationAlreadyUsed, || "You have already played a manipulation card this turn.");
    }
    if card == ManipulationKind::Veto {
        return no(RuleCode::VetoOnlyReaction, || "A Veto can only be played as a reaction.");
    }
    if state.hand_card(seat, Face::Manipulation(card)).is_none() {
        return no(RuleCode::CardNotInHand, || format!("You hold no {} card.", card.id()));
    }
    manipulation_params(state, seat, card, group, target, groups)?;
    Ok(())
}

/// Checks a manipulation's parameters and target (7.5, D5, D6, D11): first which parameters its kind takes, then
/// what they name.
fn manipulation_params<X: Refusal>(
    state: &State,
    seat: usize,
    kind: ManipulationKind,
    group: Option<Group>,
    target: Option<InfluenceValue>,
    groups: Option<&[Group]>,
) -> Result<ManipulationParams, X> {
    let takes_only = |what: &str| no(RuleCode::InvalidParameters, || format!("A {} card takes {what}.", kind.id()));
    let params = |group, target, groups| ManipulationParams { group, target, groups };
    match (kind, group, target, groups) {
        (ManipulationKind::Assassination, Some(group), Some(value), None) => {
            check_assassination(state, seat, group, value).map(|()| params(Some(group), Some(value), None))
        }
        (ManipulationKind::Assassination, ..) => takes_only("`group` and `target` only"),
        (ManipulationKind::Spy, None, None, None) => check_spy(state, seat).map(|()| params(None, None, None)),
        (ManipulationKind::Spy, ..) => takes_only("no parameters"),
        (ManipulationKind::Castling, None, None, Some(&[first, second])) => {
            // Either order is accepted; the canonical one is kept.
            let groups = [first.min(second), first.max(second)];
            check_castling(state, seat, first, second).map(|()| params(None, None, Some(groups)))
        }
        (ManipulationKind::Castling, ..) => takes_only("`groups` (two groups) only"),
        (ManipulationKind::Scout | ManipulationKind::Wrath, Some(group), None, None) => {
            check_one_group(state, seat, kind, group).map(|()| params(Some(group), None, None))
        }
        (ManipulationKind::Scout | ManipulationKind::Wrath, ..) => takes_only("`group` only"),
        (ManipulationKind::Veto, ..) => no(RuleCode::VetoOnlyReaction, || "A Veto can only be played as a reaction."),
    }
}

/// A group whose patricians have all been won cannot be named by a manipulation.
fn check_open<X: Refusal>(state: &State, group: Group) -> Result<(), X> {
    if !state.open(group) {
        return no(RuleCode::InvalidTarget, || {
            format!("The {} have all been won; the group cannot be targeted.", group.id())
        });
    }
    Ok(())
}

/// An Assassination names a face-up value of the opponent's at an open group.
fn check_assassination<X: Refusal>(state: &State, seat: usize, group: Group, value: InfluenceValue) -> Result<(), X> {
    check_open(state, group)?;
    if state.side_card(opponent(seat), group, value, true).is_none() {
        return no(RuleCode::InvalidTarget, || format!("Your opponent has no face-up {value} at the {}.", group.id()));
    }
    Ok(())
}

/// A Spy needs a card in the opponent's hand.
fn check_spy<X: Refusal>(state: &State, seat: usize) -> Result<(), X> {
    if state.seats[opponent(seat)].hand.is_empty() {
        return no(RuleCode::InvalidTarget, || "Your opponent's hand is empty.");
    }
    Ok(())
}

/// A Castling names two different open groups, neither the one being voted, with cards of the seat at them.
fn check_castling<X: Refusal>(state: &State, seat: usize, first: Group, second: Group) -> Result<(), X> {
    if first == second {
        return no(RuleCode::InvalidTarget, || "Castling needs two different groups.");
    }
    for group in [first, second] {
        check_open(state, group)?;
        if state.vote_context() == Some(group) {
            return no(RuleCode::InvalidTarget, || {
                format!("During its vote, the {} cannot be named by a Castling.", group.id())
            });
        }
    }
    if state.own(seat, first) + state.own(seat, second) == 0 {
        return no(RuleCode::InvalidTarget, || "You have no cards at these two groups.");
    }
    Ok(())
}

/// A Scout needs a face-down card of the opponent's at the group, a Wrath any card there.
fn check_one_group<X: Refusal>(state: &State, seat: usize, kind: ManipulationKind, group: Group) -> Result<(), X> {
    check_open(state, group)?;
    let opponent_side = &state.seats[opponent(seat)].sides[group.index()];
    if kind == ManipulationKind::Scout && !opponent_side.iter().any(|slot| !slot.up) {
        return no(RuleCode::InvalidTarget, || format!("Your opponent has no face-down card at the {}.", group.id()));
    }
    if kind == ManipulationKind::Wrath && state.total(group) == 0 {
        return no(RuleCode::InvalidTarget, || format!("There is no card at the {}.", group.id()));
    }
    Ok(())
}

/// The `play_manipulation` candidates, in `main` and in `vote_window`.
pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    let data = data();
    let opponent = opponent(seat);
    let play = |card, group, target, groups| Action::PlayManipulation {
        card,
        group,
        target,
        groups,
    };
    for face in State::distinct_faces(&state.seats[seat].hand) {
        let Face::Manipulation(kind) = face else {
            continue;
        };
        match kind {
            ManipulationKind::Assassination => {
                for group in Group::ALL {
                    let mut values: Vec<InfluenceValue> = state.seats[opponent].sides[group.index()]
                        .iter()
                        .filter(|slot| slot.up)
                        .filter_map(|slot| data.value(slot.card))
                        .collect();
                    values.sort();
                    values.dedup();
                    for value in values {
                        out.push(play(kind, Some(group), Some(value), None));
                    }
                }
            }
            ManipulationKind::Spy => out.push(play(kind, None, None, None)),
            ManipulationKind::Castling => {
                for (index, &first) in Group::ALL.iter().enumerate() {
                    for &second in &Group::ALL[index + 1..] {
                        out.push(play(kind, None, None, Some(vec![first, second])));
                    }
                }
            }
            ManipulationKind::Scout | ManipulationKind::Wrath => {
                for group in Group::ALL {
                    out.push(play(kind, Some(group), None, None));
                }
            }
            ManipulationKind::Veto => {}
        }
    }
}

pub(super) fn play(
    ctx: &mut Ctx,
    seat: usize,
    card: ManipulationKind,
    group: Option<Group>,
    target: Option<InfluenceValue>,
    groups: Option<&[Group]>,
) {
    let Ok(params) = manipulation_params::<Refused>(&ctx.state, seat, card, group, target, groups) else {
        return;
    };
    let Some(id) = ctx.state.hand_card(seat, Face::Manipulation(card)) else {
        return;
    };
    ctx.emit(Event::ManipulationPlayed {
        seat: seat_of(seat),
        card,
        group: params.group,
        target: params.target,
        groups: params.groups.map(|groups| groups.to_vec()),
        id: Some(id),
    });
    // In solo mode the opponent is the exhausted seat, which has no reaction step (D18).
    let opponent = opponent(seat);
    if ctx.state.manip(opponent) >= 1 && ctx.state.solo.is_none() {
        ctx.emit(Event::ReactionOffered {
            seat: seat_of(opponent),
        });
    } else {
        resolve_effect(ctx);
    }
}

/// Applies the effect of the manipulation on the table (spec 4.5 step 4, 7.5).
pub(super) fn resolve_effect(ctx: &mut Ctx) {
    let Some(pending) = ctx.state.pending.clone() else {
        return;
    };
    let opponent = opponent(pending.seat);
    match pending.kind {
        ManipulationKind::Assassination => {
            assassinate(ctx, &pending);
            finish_manipulation(ctx);
        }
        ManipulationKind::Scout => {
            if let Some(group) = pending.params.group {
                reveal_seat(ctx, group, opponent, RevealCause::Scout);
            }
            finish_manipulation(ctx);
        }
        ManipulationKind::Wrath => {
            if let Some(group) = pending.params.group {
                discard_group(ctx, group);
            }
            finish_manipulation(ctx);
        }
        ManipulationKind::Spy => spy_pick::start(ctx, pending.seat),
        ManipulationKind::Castling => castling::start(ctx, &pending),
        ManipulationKind::Veto => finish_manipulation(ctx),
    }
}

/// The Assassination's effect: the named face-up card of the opponent's is discarded.
fn assassinate(ctx: &mut Ctx, pending: &Pending) {
    let opponent = opponent(pending.seat);
    if let (Some(group), Some(value)) = (pending.params.group, pending.params.target)
        && let Some(id) = ctx.state.side_card(opponent, group, value, true)
    {
        ctx.emit(Event::CardDiscarded {
            seat: seat_of(opponent),
            origin: Origin::Board,
            card: Face::Influence(value),
            group: Some(group),
            id: Some(id),
        });
    }
}
