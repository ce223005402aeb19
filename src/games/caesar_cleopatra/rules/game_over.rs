//! The end of the game and its scoring (spec 8).

use super::super::data::data;
use super::super::state::State;
use super::super::types::{
    CaesarCleopatraEvent as E, CaesarCleopatraOutcome, CcBreakdown, CcBreakdowns, CcCard, CcEndReason, CcGroup,
    CcMissionCards, CcMissionGroups, CcSeatNumbers,
};
use super::{Ctx, seat_of};

/// Scores the state, reveals both missions (D24) and ends the game.
pub(super) fn game_over(c: &mut Ctx, reason: CcEndReason) {
    let result = score(&c.s, reason);
    let d = data();
    let fallback = d.missions.first().copied().unwrap_or(CcCard(0));
    let missions = CcMissionCards {
        cleopatra: c.s.seats[0].mission.unwrap_or(fallback),
        caesar: c.s.seats[1].mission.unwrap_or(fallback),
    };
    c.emit(E::GameOver { result, missions });
}

/// Scores the current state (spec 8).
pub fn score(s: &State, reason: CcEndReason) -> CaesarCleopatraOutcome {
    let d = data();
    let won = |seat: usize, g: CcGroup| -> u32 {
        s.seats[seat]
            .won
            .iter()
            .filter(|&&card| d.patrician_group(card) == Some(g))
            .count() as u32
    };
    let mission_group = |seat: usize| -> (CcGroup, u32) {
        s.seats[seat]
            .mission
            .and_then(|m| d.mission(m))
            .unwrap_or((CcGroup::Senators, u32::MAX))
    };
    let breakdown = [0, 1].map(|seat| {
        let mut b = CcBreakdown::default();
        for g in CcGroup::ALL {
            let mine = won(seat, g);
            let all = won(0, g) + won(1, g);
            b.patricians += mine;
            if all as usize == d.group_size[g.index()] && 2 * mine as usize > d.group_size[g.index()] {
                b.majority += 1;
            }
            if mine >= 1 && mine == all {
                b.totality += 1;
            }
        }
        let (g, min_won) = mission_group(seat);
        if won(seat, g) >= min_won {
            b.mission = d.mission_points;
        }
        b
    });
    let scores = breakdown.map(|b| b.patricians + b.majority + b.totality + b.mission);
    let patricians = breakdown.map(|b| b.patricians);
    let winner = match (scores[0].cmp(&scores[1]), patricians[0].cmp(&patricians[1])) {
        (std::cmp::Ordering::Greater, _) => Some(0),
        (std::cmp::Ordering::Less, _) => Some(1),
        (_, std::cmp::Ordering::Greater) => Some(0),
        (_, std::cmp::Ordering::Less) => Some(1),
        _ => None,
    };
    CaesarCleopatraOutcome {
        end_reason: reason,
        scores: CcSeatNumbers::from_array(scores),
        patricians: CcSeatNumbers::from_array(patricians),
        breakdown: CcBreakdowns {
            cleopatra: breakdown[0],
            caesar: breakdown[1],
        },
        missions: CcMissionGroups {
            cleopatra: mission_group(0).0,
            caesar: mission_group(1).0,
        },
        winners: winner.map(seat_of).into_iter().collect(),
        draw: winner.is_none(),
    }
}
