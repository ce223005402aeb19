//! The end of the game and its scoring (spec 8).

use super::super::data::data;
use super::super::event::{Event, MissionCards};
use super::super::ids::{Card, Group};
use super::super::outcome::{Breakdown, Breakdowns, EndReason, MissionGroups, Outcome, SeatNumbers};
use super::super::state::State;
use super::{Ctx, seat_of};

/// Scores the state, reveals both missions (D24) and ends the game.
pub(super) fn game_over(ctx: &mut Ctx, reason: EndReason) {
    let result = score(&ctx.state, reason);
    let data = data();
    let fallback = data.missions.first().copied().unwrap_or(Card(0));
    let missions = MissionCards {
        cleopatra: ctx.state.seats[0].mission.unwrap_or(fallback),
        caesar: ctx.state.seats[1].mission.unwrap_or(fallback),
    };
    ctx.emit(Event::GameOver { result, missions });
}

/// Scores the current state (spec 8).
pub fn score(state: &State, reason: EndReason) -> Outcome {
    let data = data();
    let won = |seat: usize, group: Group| -> u32 {
        state.seats[seat]
            .won
            .iter()
            .filter(|&&card| data.patrician_group(card) == Some(group))
            .count() as u32
    };
    let mission_group = |seat: usize| -> (Group, u32) {
        state.seats[seat]
            .mission
            .and_then(|mission| data.mission(mission))
            .unwrap_or((Group::Senators, u32::MAX))
    };
    let breakdown = [0, 1].map(|seat| {
        let mut breakdown = Breakdown::default();
        for group in Group::ALL {
            let mine = won(seat, group);
            let all = won(0, group) + won(1, group);
            breakdown.patricians += mine;
            if all as usize == data.group_size[group.index()] && 2 * mine as usize > data.group_size[group.index()] {
                breakdown.majority += 1;
            }
            if mine >= 1 && mine == all {
                breakdown.totality += 1;
            }
        }
        let (group, min_won) = mission_group(seat);
        if won(seat, group) >= min_won {
            breakdown.mission = data.mission_points;
        }
        breakdown
    });
    let scores = breakdown.map(|seat_breakdown| {
        seat_breakdown.patricians + seat_breakdown.majority + seat_breakdown.totality + seat_breakdown.mission
    });
    let patricians = breakdown.map(|seat_breakdown| seat_breakdown.patricians);
    let winner = match (scores[0].cmp(&scores[1]), patricians[0].cmp(&patricians[1])) {
        (std::cmp::Ordering::Greater, _) => Some(0),
        (std::cmp::Ordering::Less, _) => Some(1),
        (_, std::cmp::Ordering::Greater) => Some(0),
        (_, std::cmp::Ordering::Less) => Some(1),
        _ => None,
    };
    Outcome {
        end_reason: reason,
        scores: SeatNumbers::from_array(scores),
        patricians: SeatNumbers::from_array(patricians),
        breakdown: Breakdowns {
            cleopatra: breakdown[0],
            caesar: breakdown[1],
        },
        missions: MissionGroups {
            cleopatra: mission_group(0).0,
            caesar: mission_group(1).0,
        },
        winners: winner.map(seat_of).into_iter().collect(),
        draw: winner.is_none(),
    }
}
