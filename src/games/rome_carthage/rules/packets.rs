//! Match talons (7.9 as issue 16 amends it): the talon at setup, and the discard at each refill, split into two
//! packets equal in strength and number, one per team.

use rand::Rng;
use rand::seq::SliceRandom;

use super::decision::Cx;
use crate::games::rome_carthage::card::Card;
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::TeamId;

/// The match split: two packets "égaux en force et en nombre". Their sizes differ by at most one and their values
/// as little as the cards allow. Among the best splits, the cards are dealt in the given order (the recorded
/// shuffle, or the discard pile): each goes to P while a best split is still reachable, else to Q.
pub fn split_packets(cards: &[Card]) -> (Vec<Card>, Vec<Card>) {
    let count = cards.len();
    let values: Vec<usize> = cards.iter().map(|card| card.value() as usize).collect();
    let total: usize = values.iter().sum();
    // reach[from][size][value]: some `size` of the cards from position `from` on are worth `value` in all.
    let mut reach = vec![vec![vec![false; total + 1]; count + 1]; count + 1];
    reach[count][0][0] = true;
    for from in (0..count).rev() {
        for size in 0..=count - from {
            for value in 0..=total {
                reach[from][size][value] = reach[from + 1][size][value]
                    || (size > 0 && value >= values[from] && reach[from + 1][size - 1][value - values[from]]);
            }
        }
    }
    let gap = |value: usize| total.abs_diff(2 * value);
    let candidates: Vec<(usize, usize)> = (count / 2..=count.div_ceil(2))
        .flat_map(|size| (0..=total).map(move |value| (size, value)))
        .filter(|&(size, value)| reach[0][size][value])
        .collect();
    let best = candidates.iter().map(|&(_, value)| gap(value)).min().unwrap_or(0);
    let targets: Vec<(usize, usize)> = candidates
        .into_iter()
        .filter(|&(_, value)| gap(value) == best)
        .collect();
    let (mut packet_p, mut packet_q) = (Vec::new(), Vec::new());
    // The size and value of P so far.
    let (mut size, mut value) = (0, 0);
    for (position, &card) in cards.iter().enumerate() {
        let card_value = values[position];
        let fits = targets.iter().any(|&(target_size, target_value)| {
            target_size > size
                && target_value >= value + card_value
                && reach[position + 1][target_size - size - 1][target_value - value - card_value]
        });
        if fits {
            packet_p.push(card);
            size += 1;
            value += card_value;
        } else {
            packet_q.push(card);
        }
    }
    (packet_p, packet_q)
}

/// When the packets are dealt.
pub(super) enum Deal {
    /// Setup 8: the talon, into two team talons (`talons_split`).
    Setup,
    /// A team talon ran out: the discard, added to both team talons (`talons_refilled`).
    Refill,
}

/// Splits the cards of `deal` into packets, gives P to a team by a coin, adds each packet to its team's talon and
/// shuffles both talons.
pub(super) fn deal_packets(cx: &mut Cx, deal: Deal) {
    let state = &cx.state;
    let (cards, mut talons) = match deal {
        Deal::Setup => (state.talons[0].to_vec(), [Vec::new(), Vec::new()]),
        Deal::Refill => (
            state.discard.to_vec(),
            [0, 1].map(|team| state.talons.get(team).map(|talon| talon.to_vec()).unwrap_or_default()),
        ),
    };
    let (packet_p, packet_q) = split_packets(&cards);
    let p_to_team_a = cx.rng.random_bool(0.5);
    let packets = if p_to_team_a {
        [packet_p, packet_q]
    } else {
        [packet_q, packet_p]
    };
    for (talon, packet) in talons.iter_mut().zip(packets) {
        talon.extend(packet);
        talon.shuffle(cx.rng);
    }
    let packet_p = if p_to_team_a { TeamId::TeamA } else { TeamId::TeamB };
    let [team_a, team_b] = talons;
    let (team_a_count, team_b_count) = (team_a.len() as u32, team_b.len() as u32);
    let (team_a_order, team_b_order) = (Some(team_a), Some(team_b));
    cx.emit(match deal {
        Deal::Setup => Event::TalonsSplit {
            packet_p,
            team_a_count,
            team_b_count,
            team_a_order,
            team_b_order,
        },
        Deal::Refill => Event::TalonsRefilled {
            packet_p,
            team_a_count,
            team_b_count,
            team_a_order,
            team_b_order,
        },
    });
}
