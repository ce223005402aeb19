//! Setup (spec section 3): teams, states, hands, talon, starting card, turn order, match talons, special cards.

use rand::Rng;
use rand::seq::SliceRandom;

use super::placement::first_placement;
use super::{Cx, sid};
use crate::engine::GameRng;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::state::State;
use crate::games::rome_carthage::types::{Card, Rank, RomeCarthageEvent as E, StateId, StateOwner, TeamId};

/// The match split (7.9 as issue 16 amends it): two packets "égaux en force et en nombre". Their sizes differ by at
/// most one and their values as little as the cards allow. Among the best splits, the cards are dealt in the given
/// order (the recorded shuffle, or the discard pile): each goes to P while a best split is still reachable, else to Q.
pub fn split_packets(cards: &[Card]) -> (Vec<Card>, Vec<Card>) {
    let n = cards.len();
    let values: Vec<usize> = cards.iter().map(|c| c.value() as usize).collect();
    let total: usize = values.iter().sum();
    // reach[i][k][v]: some k of the cards from position i on are worth v in all.
    let mut reach = vec![vec![vec![false; total + 1]; n + 1]; n + 1];
    reach[n][0][0] = true;
    for i in (0..n).rev() {
        for k in 0..=n - i {
            for v in 0..=total {
                reach[i][k][v] = reach[i + 1][k][v] || (k > 0 && v >= values[i] && reach[i + 1][k - 1][v - values[i]]);
            }
        }
    }
    let gap = |v: usize| total.abs_diff(2 * v);
    let candidates: Vec<(usize, usize)> = (n / 2..=n.div_ceil(2))
        .flat_map(|k| (0..=total).map(move |v| (k, v)))
        .filter(|&(k, v)| reach[0][k][v])
        .collect();
    let best = candidates.iter().map(|&(_, v)| gap(v)).min().unwrap_or(0);
    let targets: Vec<(usize, usize)> = candidates.into_iter().filter(|&(_, v)| gap(v) == best).collect();
    let (mut p, mut q) = (Vec::new(), Vec::new());
    let (mut k, mut v) = (0, 0);
    for (i, &card) in cards.iter().enumerate() {
        let value = values[i];
        let fits = targets
            .iter()
            .any(|&(tk, tv)| tk > k && tv >= v + value && reach[i + 1][tk - k - 1][tv - v - value]);
        if fits {
            p.push(card);
            k += 1;
            v += value;
        } else {
            q.push(card);
        }
    }
    (p, q)
}

pub fn setup(state: &State, rng: &mut GameRng) -> Vec<E> {
    let mut cx = Cx::new(state, rng);
    let b = board();
    let players = cx.s.players;
    // 2. Team draw.
    let mut suits = [0u8, 1, 2, 3];
    suits.shuffle(cx.rng);
    let mut first: Vec<u8> = suits[..2].iter().map(|&x| b.state_of_suit(x)).collect();
    let mut second: Vec<u8> = suits[2..].iter().map(|&x| b.state_of_suit(x)).collect();
    first.sort();
    second.sort();
    let (team_a, team_b) = if first.contains(&0) {
        (first, second)
    } else {
        (second, first)
    };
    cx.emit(E::TeamsDrawn {
        team_a: team_a.iter().map(|&s| StateId::of(s)).collect(),
        team_b: team_b.iter().map(|&s| StateId::of(s)).collect(),
    });
    // 3. States to seats.
    let mut owner = [0u8; 4];
    let mut solo = None;
    match players {
        4 => {
            suits.shuffle(cx.rng);
            for (seat, &suit) in suits.iter().enumerate() {
                owner[b.state_of_suit(suit) as usize] = seat as u8;
            }
        }
        2 => {
            let primus_a = cx.rng.random_bool(0.5);
            for &s in &team_a {
                owner[s as usize] = if primus_a { 0 } else { 1 };
            }
            for &s in &team_b {
                owner[s as usize] = if primus_a { 1 } else { 0 };
            }
        }
        _ => {
            let solo_seat = cx.rng.random_range(0..3u8);
            let solo_team_a = cx.rng.random_bool(0.5);
            let (mine, mut theirs) = if solo_team_a {
                (team_a.clone(), team_b.clone())
            } else {
                (team_b.clone(), team_a.clone())
            };
            theirs.shuffle(cx.rng);
            for &s in &mine {
                owner[s as usize] = solo_seat;
            }
            let others: Vec<u8> = (0..3u8).filter(|&s| s != solo_seat).collect();
            for (i, &s) in theirs.iter().enumerate() {
                owner[s as usize] = others[i];
            }
            solo = Some(sid(solo_seat));
        }
    }
    cx.emit(E::StatesAssigned {
        owners: (0..4u8)
            .map(|s| StateOwner {
                state: StateId::of(s),
                seat: sid(owner[s as usize]),
            })
            .collect(),
        solo,
    });
    // 4. Hands.
    let mut dealt = [false; 52];
    for seat in 0..players as u8 {
        let states: Vec<u8> = cx.s.states_of(seat).collect();
        let mut hand = Vec::new();
        if states.len() == 2 {
            let primary = b.suit_of_state[states[0] as usize];
            for r in 0..10 {
                hand.push(Card::new(primary, Rank::of(r)));
            }
            for &st in &states {
                let suit = b.suit_of_state[st as usize];
                hand.push(Card::new(suit, Rank::J));
                hand.push(Card::new(suit, Rank::K));
                dealt[Card::new(suit, Rank::Q).0 as usize] = true;
            }
        } else if let Some(&st) = states.first() {
            let suit = b.suit_of_state[st as usize];
            for rank in [
                Rank::R2,
                Rank::R4,
                Rank::R6,
                Rank::R8,
                Rank::R10,
                Rank::J,
                Rank::Q,
                Rank::K,
            ] {
                hand.push(Card::new(suit, rank));
            }
        }
        hand.sort();
        for c in &hand {
            dealt[c.0 as usize] = true;
        }
        let shared_with = cx.s.share_with(seat).map(sid);
        cx.emit(E::HandDealt {
            seat: sid(seat),
            count: hand.len() as u32,
            cards: Some(hand),
            ranks: None,
            shared_with,
        });
    }
    for seat in 0..players as u8 {
        if cx.s.is_two_state(seat) {
            cx.emit(E::QueensRemoved {
                seat: sid(seat),
                ranks: vec![Rank::Q, Rank::Q],
            });
        }
    }
    // 5. Talon.
    let mut talon: Vec<Card> = (0..52u8).filter(|&c| !dealt[c as usize]).map(Card).collect();
    talon.shuffle(cx.rng);
    cx.emit(E::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon.clone()),
    });
    // 6. Starting card.
    let eligible_suits: Vec<u8> = if players == 3 {
        (0..3u8)
            .filter(|&s| Some(sid(s)) != solo)
            .flat_map(|s| {
                cx.s.states_of(s)
                    .map(|st| b.suit_of_state[st as usize])
                    .collect::<Vec<_>>()
            })
            .collect()
    } else {
        vec![0, 1, 2, 3]
    };
    let mut eligible: Vec<Card> = talon
        .iter()
        .copied()
        .filter(|c| eligible_suits.contains(&c.suit()))
        .collect();
    eligible.sort();
    let card = eligible[cx.rng.random_range(0..eligible.len())];
    let starter = owner[b.state_of_suit(card.suit()) as usize];
    cx.emit(E::StartingCard {
        card,
        starter: sid(starter),
    });
    talon.shuffle(cx.rng);
    cx.emit(E::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon.clone()),
    });
    // 7. Turn order.
    let order: Vec<u8> = match players {
        4 => {
            let start = b
                .clockwise
                .iter()
                .position(|&s| owner[s as usize] == starter)
                .unwrap_or(0);
            (0..4).map(|k| owner[b.clockwise[(start + k) % 4] as usize]).collect()
        }
        3 => {
            let solo = solo.map(|s| s.index() as u8).unwrap_or(0);
            let other = (0..3u8).find(|&s| s != solo && s != starter).unwrap_or(0);
            vec![starter, solo, other]
        }
        _ => vec![starter, 1 - starter],
    };
    cx.emit(E::TurnOrderFixed {
        order: order.iter().map(|&s| sid(s)).collect(),
    });
    // 8. Match talons.
    if cx.s.options.match_talons {
        let (p, q) = split_packets(&talon);
        let p_to_a = cx.rng.random_bool(0.5);
        let (mut a, mut bb) = if p_to_a { (p, q) } else { (q, p) };
        a.shuffle(cx.rng);
        bb.shuffle(cx.rng);
        cx.emit(E::TalonsSplit {
            packet_p: if p_to_a { TeamId::TeamA } else { TeamId::TeamB },
            team_a_count: a.len() as u32,
            team_b_count: bb.len() as u32,
            team_a_order: Some(a),
            team_b_order: Some(bb),
        });
    }
    // 10. Special cards.
    let mut choosers = Vec::new();
    for team in 0..2u8 {
        let seats = cx.s.seats_of_team(team);
        match seats.as_slice() {
            [only] => cx.emit(E::SpecialsDealt {
                team: TeamId::of(team),
                betrayal: sid(*only),
                sedition: sid(*only),
                chooser: None,
            }),
            [first, ..] => choosers.push(sid(*first)),
            [] => {}
        }
    }
    if choosers.is_empty() {
        first_placement(&mut cx);
    } else {
        cx.emit(E::SpecialChoiceOpened { choosers });
    }
    cx.events
}
