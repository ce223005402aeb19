//! Phase `castling` (spec 7.5, Castling): the seat's cards at the two named groups form a pool, which it puts back
//! face down one card at a time.

use super::super::action::Action;
use super::super::card::OwnedCard;
use super::super::data::data;
use super::super::event::{Event, GroupCount};
use super::super::face::Face;
use super::super::ids::{Card, Group};
use super::super::state::{Pending, State};
use super::super::value::InfluenceValue;
use super::manipulation_end::finish_manipulation;
use super::{Ctx, Refusal, no, owned, seat_of};
use crate::engine::RuleCode;

/// The Castling's effect: the pool is formed.
pub(super) fn start(ctx: &mut Ctx, pending: &Pending) {
    let Some(groups) = pending.params.groups else {
        finish_manipulation(ctx);
        return;
    };
    let zones = &ctx.state.seats[pending.seat];
    let mut pool: Vec<Card> = groups
        .iter()
        .flat_map(|group| zones.sides[group.index()].iter().map(|slot| slot.card))
        .collect();
    pool.sort();
    ctx.emit(Event::CastlingPoolFormed {
        seat: seat_of(pending.seat),
        groups: groups.to_vec(),
        taken: group_counts(&ctx.state, pending.seat, groups),
        pool: Some(pool.into_iter().map(OwnedCard::of).collect()),
    });
}

/// The seat's cards at each of the two groups.
fn group_counts(state: &State, seat: usize, groups: [Group; 2]) -> Vec<GroupCount> {
    groups
        .map(|group| GroupCount {
            group,
            count: state.own(seat, group) as u32,
        })
        .to_vec()
}

pub(super) fn check<X: Refusal>(state: &State, seat: usize, card: InfluenceValue, group: Group) -> Result<(), X> {
    let limits = data().limits;
    if State::find_face(&state.seats[seat].pool, Face::Influence(card)).is_none() {
        return no(RuleCode::CardNotInPool, || format!("Your castling pool holds no {card} card."));
    }
    if !state.castling_groups.is_some_and(|groups| groups.contains(&group)) {
        return no(RuleCode::InvalidTarget, || "Castling cards go back only to the two groups it named.");
    }
    if state.own(seat, group) >= limits.side_per_group || state.total(group) >= limits.group_total {
        return no(RuleCode::NoSpot, || format!("There is no room for your card at the {}.", group.id()));
    }
    Ok(())
}

pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    if let Some(groups) = state.castling_groups {
        for face in State::distinct_faces(&state.seats[seat].pool) {
            if let Face::Influence(card) = face {
                for group in groups {
                    out.push(Action::CastlePlace { card, group });
                }
            }
        }
    }
}

pub(super) fn place(ctx: &mut Ctx, seat: usize, card: InfluenceValue, group: Group) {
    let me = seat_of(seat);
    if let Some(id) = State::find_face(&ctx.state.seats[seat].pool, Face::Influence(card)) {
        ctx.emit(Event::CastlingCardPlaced {
            seat: me,
            left: (ctx.state.seats[seat].pool.len() as u32).saturating_sub(1),
            card: owned(id),
            group: Some(group),
        });
    }
    if ctx.state.seats[seat].pool.is_empty() {
        let face_down = ctx
            .state
            .castling_groups
            .map(|groups| group_counts(&ctx.state, seat, groups))
            .unwrap_or_default();
        ctx.emit(Event::CastlingDone { seat: me, face_down });
        finish_manipulation(ctx);
    }
}
